import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { interpretLabResult } from "./lab-interpretation.engine.js";
import { identifyQualitativeTest, interpretQualitative, readResultText, type ReadText } from "./lab-interpretation.qualitative.js";

// Classes from blind set 7 (session 20); wordings and values appear in no fixture.
const flag = (code: string, display: string | null, text: string, sex: string | null = "female") => {
  const test = identifyQualitativeTest(code, display);
  if (!test) return "no test";
  const read = readResultText(text);
  if (read.kind === "unread") return "unread";
  const r = interpretQualitative(test, read as Exclude<ReadText, { kind: "unread" }>, sex);
  return "error" in r ? "error" : r.flag;
};

describe("reagent-strip grades (KDIGO 2012 for protein; Strasinger for the other pads)", () => {
  it("takes trace protein as normal and 1+ or more as abnormal, in numbers or plus signs", () => {
    expect(flag("", "Albumin, urine reagent pad", "TRACE")).toBe("N");
    expect(flag("U-ALB", "Urine albumin by strip", "+")).toBe("A");
    expect(flag("", "Proteinuria (Combur strip)", "4+")).toBe("A");
  });
  it("takes any trace or plus of glucose, ketones, blood or leucocytes as abnormal", () => {
    expect(flag("", "Leukocyte esterase pad", "trace")).toBe("A");
    expect(flag("KET", null, "++++")).toBe("A");
    expect(flag("", "Urine sugar", "NIL")).toBe("N");
    expect(flag("", "Erythrocytes (strip)", "-ve")).toBe("N");
  });
  it("does not read '+++' as '++' or '+'", () => {
    expect(readResultText("+++")).toEqual({ kind: "grade", text: "3+", rank: 3 });
    expect(readResultText("++ ")).toEqual({ kind: "grade", text: "2+", rank: 2 });
  });
});

describe("presence results of serology and rapid tests", () => {
  it("reads reactive/positive/detected as abnormal and their negatives as normal", () => {
    expect(flag("", "HIV-1/2 antibody (Uni-Gold)", "Non reactive")).toBe("N");
    expect(flag("", "HIV-1/2 antibody (Uni-Gold)", "R")).toBe("A");
    expect(flag("HEPB", "Hep B sAg cassette", "POS")).toBe("A");
    expect(flag("", "TPHA", "Reactive")).toBe("A");
    expect(flag("", "Malaria Ag (HRP2) cassette", "Pan and Pf +ve")).toBe("A");
  });
  it("reads a negated finding ('none detected', 'no parasites seen') as negative, not as 'seen'", () => {
    expect(flag("", "Thick film for malaria", "No parasites seen in 100 fields")).toBe("N");
    expect(flag("", "Plasmodium antigen", "none detected")).toBe("N");
    expect(flag("", "Hep B sAg cassette", "not positive")).toBe("N");
    expect(flag("", "HIV-1/2 antibody (Uni-Gold)", "NOT REACTIVE")).toBe("N");
  });
  it("refuses a text stating both a negative and a positive grade, or none", () => {
    expect(flag("", "HBsAg", "negative / positive")).toBe("unread");
    expect(flag("", "HBsAg", "see comment")).toBe("unread");
  });
  it("names no qualitative test for a numeric analyte", () => {
    expect(identifyQualitativeTest("", "Serum potassium")).toBeUndefined();
  });
});

describe("titres against a sourced cut-off", () => {
  it("Widal: 1:160 or more significant (endemic-area cut-off), below it background", () => {
    expect(flag("", "Widal TH", "1:320")).toBe("A");
    expect(flag("", "Widal TH", "1 / 80")).toBe("N");
  });
  it("RPR and VDRL: reactive at any dilution", () => {
    expect(flag("", "RPR quantitative", "1:2")).toBe("A");
    expect(flag("", "VDRL (CSF)", "1:1")).toBe("A");
  });
  it("a titre is refused for a test read only as present or absent", () => {
    expect(flag("", "HIV antibody", "1:64")).toBe("error");
  });
});

describe("pregnancy tests", () => {
  it("answers a woman's positive test without an abnormality flag, a man's as abnormal, a negative as normal", () => {
    expect(flag("", "Serum beta-hCG qualitative", "Detected", "female")).toBe("POS");
    expect(flag("", "Serum beta-hCG qualitative", "Detected", null)).toBe("POS");
    expect(flag("", "Serum beta-hCG qualitative", "Detected", "male")).toBe("A");
    expect(flag("", "Pregnancy (urine cassette)", "neg")).toBe("N");
  });
});

describe("ferritin, CRP, TSH and free T4 reference intervals (WHO 2020; Tietz; Roche method sheets; Surks 2007)", () => {
  const k = knowledgeFromFiles();
  const days = (y: number) => Math.floor(y * 365.25);
  const f = (loinc: string, v: number, unit: string, sex: string | null, age = 45) => interpretLabResult(k.labTests.get(loinc)!, v, unit, sex, [], undefined, "2026-10-01", days(age)).flag;
  it("ferritin: < 15 low; above 150 (women) or 200 (men) high", () => {
    expect(f("2276-4", 12, "ng/mL", "male")).toBe("L");
    expect(f("2276-4", 170, "ug/L", "female")).toBe("H");
    expect(f("2276-4", 170, "ug/L", "male")).toBe("N");
  });
  it("CRP: above 5 mg/L high, in mg/L or mg/dL", () => {
    expect(f("1988-5", 11, "mg/L", "female")).toBe("H");
    expect(f("1988-5", 0.7, "mg/dL", "male")).toBe("H");
    expect(f("1988-5", 1.2, "mg/L", "male")).toBe("N");
  });
  it("TSH: 0.27-4.2 in adults, upper limit 7.49 from 80 years", () => {
    expect(f("3016-3", 0.1, "uIU/mL", "female")).toBe("L");
    expect(f("3016-3", 6.5, "mIU/L", "female", 50)).toBe("H");
    expect(f("3016-3", 6.5, "mIU/L", "female", 86)).toBe("N");
  });
  it("free T4: 12-22 pmol/L (0.93-1.7 ng/dL)", () => {
    expect(f("3024-7", 1.9, "ng/dL", "male")).toBe("H");
    expect(f("3024-7", 10.5, "pmol/L", "female")).toBe("L");
    expect(f("3024-7", 16, "pmol/L", "female")).toBe("N");
  });
});
