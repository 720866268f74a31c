import { describe, expect, it } from "vitest";
import { identifyLabResult } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { checkPregnancy, interpretLabResult } from "./lab-interpretation.engine.js";

// Classes from blind set 9 (session 21: pregnancy by trimester, the explicit pregnancy input); values and wordings
// appear in no fixture.
const k = knowledgeFromFiles();
const DATE = "2026-12-03";

function read(code: string, display: string | null, value: number, unit: string, sex: string | null, weeks?: number) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  if (!r.test || Object.keys(errors).length) return { errors };
  const out = interpretLabResult(r.test, value, r.unit, sex, [], undefined, DATE, 30 * 365, undefined, weeks === undefined ? undefined : { gestationalWeeks: weeks });
  return { loinc: r.test.loinc, flag: out.flag, range: out.assessment.normalRange, note: out.pregnancyNote, errors };
}
const problems = (p: unknown, sex: string | null, display?: string) => {
  const errors: Record<string, string> = {};
  const trimester = checkPregnancy(p as { gestationalWeeks: number }, sex, (f, m) => (errors[f] = m), display);
  return { trimester, errors };
};

describe("the explicit pregnancy reads the trimester's interval, as a trimester in the display does", () => {
  it("gives the same flag through the field as through the display's gestational age", () => {
    expect(read("S-URIC", "Serum urate", 4.6, "mg/dL", "female", 12)).toMatchObject({ flag: "H" });
    expect(read("S-URIC", "Serum urate (GA 12/40)", 4.6, "mg/dL", "female")).toMatchObject({ flag: "H" });
    expect(read("S-URIC", "Serum urate", 4.6, "mg/dL", "female")).toMatchObject({ flag: "N" });
  });

  it("moves both ends where the source does (creatinine, ALP, fibrinogen; Abbassi-Ghanavati 2009)", () => {
    expect(read("SCR", "Serum creatinine", 0.85, "mg/dL", "female", 22)).toMatchObject({ flag: "H" });
    expect(read("SCR", "Serum creatinine", 0.85, "mg/dL", "female")).toMatchObject({ flag: "N" });
    expect(read("ALKP", "Alk phos", 175, "U/L", "female", 39)).toMatchObject({ flag: "N" });
    expect(read("ALKP", "Alk phos", 175, "U/L", "female")).toMatchObject({ flag: "H" });
    expect(read("FIBR", "Fibrinogen level", 5.4, "g/L", "female", 31)).toMatchObject({ flag: "N" });
  });

  it("reads thyroid tests against the pregnancy ranges (ATA 2017) and leaves free T4's upper end alone", () => {
    expect(read("S-TSH", "Thyrotropin", 0.13, "mIU/L", "female", 7)).toMatchObject({ flag: "N" });
    expect(read("S-TSH", "Thyrotropin", 0.13, "mIU/L", "female")).toMatchObject({ flag: "L" });
    expect(read("S-TSH", "Thyrotropin", 4.1, "mIU/L", "female", 13)).toMatchObject({ flag: "H" });
    expect(read("S-FT4", "FT4", 8.1, "pmol/L", "female", 29)).toMatchObject({ flag: "N" });
    expect(read("S-FT4", "FT4", 19, "pmol/L", "female", 37)).toMatchObject({ flag: "N" });
  });

  it("treats a patient of unrecorded sex as a woman and ignores a pregnancy given for a man", () => {
    expect(read("S-TSH", "Thyrotropin", 0.13, "mIU/L", null, 7)).toMatchObject({ flag: "N" });
    expect(read("S-TSH", "Thyrotropin", 0.13, "mIU/L", "male", 7)).toMatchObject({ flag: "L", note: null });
  });

  it("keeps critical limits and tests without a pregnancy interval unchanged", () => {
    expect(read("K+", "Potassium", 6.9, "mmol/L", "female", 30).flag).toBe(read("K+", "Potassium", 6.9, "mmol/L", "female").flag);
    expect(read("SCR", "Serum creatinine", 0.85, "mg/dL", "female", 22).note).toMatch(/22 weeks of pregnancy \(trimester 2\)/);
  });
});

describe("checkPregnancy: whole weeks 1-44, not for a man, not against the display", () => {
  it("accepts a woman or an unrecorded sex and returns the trimester (ACOG: 2nd from 14 weeks, 3rd from 28)", () => {
    expect(problems({ gestationalWeeks: 13 }, "female")).toEqual({ trimester: 1, errors: {} });
    expect(problems({ gestationalWeeks: 14 }, "unknown")).toEqual({ trimester: 2, errors: {} });
    expect(problems({ gestationalWeeks: 28 }, null)).toEqual({ trimester: 3, errors: {} });
    expect(problems({ gestationalWeeks: 44 }, "other").trimester).toBe(3);
    expect(problems(null, "male")).toEqual({ trimester: undefined, errors: {} });
  });

  it("refuses weeks outside 1-44 or not whole, a male patient, and a trimester the display contradicts", () => {
    for (const w of [0, -3, 45, 60, 17.5]) expect(Object.keys(problems({ gestationalWeeks: w }, "female").errors)).toEqual(["pregnancy.gestationalWeeks"]);
    expect(Object.keys(problems({ gestationalWeeks: 20 }, "M").errors)).toEqual(["pregnancy"]);
    expect(problems({ gestationalWeeks: 9 }, "female", "Serum urate (GA 33/40)").errors["pregnancy.gestationalWeeks"]).toMatch(/trimester 3/);
    expect(problems({ gestationalWeeks: 30 }, "female", "Serum urate (GA 33/40)").trimester).toBe(3);
  });
});
