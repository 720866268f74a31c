import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { glucoseSampleOf, sampleWithoutInterval, toleranceSampleAsGlucose } from "./glucose-sample.js";
import { checkPregnancy, identifyLabInterpretationResult, interpretLabResult, MIN_PREGNANCY_AGE_DAYS } from "./lab-interpretation.engine.js";
import { pregnancyInDisplay } from "./pregnancy-display.js";

// Classes from blind set 10 (session 22: antenatal and postnatal panels, the newborn); values and wordings appear
// in no fixture.
const k = knowledgeFromFiles();
const DATE = "2026-12-04";

function read(code: string, display: string, value: number, unit: string, opts: { sex?: string | null; ageDays?: number; weeks?: number } = {}) {
  const errors: Record<string, string> = {};
  const r = identifyLabInterpretationResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  if (!r.test || Object.keys(errors).length) return { errors };
  const sex = opts.sex === undefined ? "female" : opts.sex;
  const out = interpretLabResult(r.test, value, r.unit, sex, [], undefined, DATE, opts.ageDays ?? 29 * 365, undefined, opts.weeks === undefined ? null : { gestationalWeeks: opts.weeks }, { code, display });
  return { loinc: r.test.loinc, flag: out.flag, range: out.assessment.normalRange, note: out.pregnancyNote, notes: r.notes, errors };
}

describe("a glucose result is read by its sample (WHO 2013 in pregnancy, WHO 1999 outside)", () => {
  it("identifies a tolerance-test sample as glucose, whatever the name's order or the code", () => {
    expect(read("", "75g OGTT - 1 hour", 10.4, "mmol/L", { weeks: 29 })).toMatchObject({ loinc: "2345-7", flag: "H" });
    expect(read("", "75g OGTT - 1 hour", 9.6, "mmol/L", { weeks: 29 })).toMatchObject({ flag: "N" });
    expect(read("GTT-120", "GTT 120 min", 165, "mg/dL")).toMatchObject({ loinc: "2345-7", flag: "H" });
    expect(read("GTT-120", "GTT 120 min", 130, "mg/dL")).toMatchObject({ flag: "N" });
    expect(read("", "Two hour glucose tolerance", 155, "mg/dL", { weeks: 22 })).toMatchObject({ flag: "H" });
    expect(read("", "Two hour glucose tolerance", 150, "mg/dL", { weeks: 22 })).toMatchObject({ flag: "N" });
    expect(read("", "75g OGTT - 1 hour", 10.4, "mmol/L", { weeks: 29 }).notes?.[0]).toMatch(/1-hour sample/);
  });

  it("lowers a fasting sample's high end in pregnancy only, in either unit", () => {
    expect(read("", "Fasting plasma glucose", 5.15, "mmol/L", { weeks: 18 })).toMatchObject({ flag: "H" });
    expect(read("", "Fasting plasma glucose", 5.15, "mmol/L")).toMatchObject({ flag: "N" });
    expect(read("FBG", "Fasting blood glucose", 93, "mg/dL", { weeks: 33 })).toMatchObject({ flag: "H" });
    expect(read("FBG", "Fasting blood glucose", 90, "mg/dL", { weeks: 33 })).toMatchObject({ flag: "N" });
    expect(read("", "Fasting plasma glucose", 5.15, "mmol/L", { weeks: 18 }).note).toMatch(/WHO.*2013/);
  });

  it("leaves random and unnamed samples, and a meal test, as they were", () => {
    expect(read("RBG", "Random blood glucose", 6.4, "mmol/L", { weeks: 26 }).flag).toBe(read("RBG", "Random blood glucose", 6.4, "mmol/L").flag);
    expect(glucoseSampleOf("", "Glucose 2 h post prandial")).toBeUndefined();
    expect(toleranceSampleAsGlucose("2HPP", "Glucose, 2 hours after a meal")).toBeUndefined();
    expect(glucoseSampleOf("", "Blood sugar")).toBeUndefined();
  });

  it("has no criterion for a 1-hour sample outside pregnancy", () => {
    const glucose = k.labTests.get("2345-7")!;
    expect(sampleWithoutInterval(glucose, "ogtt_1h", false)).toMatch(/only in pregnancy/);
    expect(sampleWithoutInterval(glucose, "ogtt_1h", true)).toBeNull();
    expect(sampleWithoutInterval(glucose, "ogtt_2h", false)).toBeNull();
  });
});

describe("pregnancy as the display says it beyond a bracketed trimester", () => {
  it("reads a gestation after a dash", () => {
    expect(read("", "Haemoglobin - antenatal, 33 weeks", 10.8, "g/dL")).toMatchObject({ flag: "L" });
    expect(read("", "Haemoglobin - antenatal, 20 weeks", 10.8, "g/dL")).toMatchObject({ flag: "N" });
  });

  it("without a gestation, calls normal only what every trimester calls normal", () => {
    expect(read("", "Hb (antenatal)", 10.9, "g/dL")).toMatchObject({ flag: "L" });
    expect(read("", "Hb (antenatal)", 11.1, "g/dL")).toMatchObject({ flag: "N" });
    expect(read("", "Hb (antenatal)", 11.1, "g/dL").note).toMatch(/trimester not given/);
    expect(read("", "Hb", 11.1, "g/dL")).toMatchObject({ flag: "L" });
  });

  it("reads weeks after delivery, a baby's gestation, or bare /52 as no pregnancy", () => {
    expect(read("", "Haemoglobin (postnatal)", 11.6, "g/dL")).toMatchObject({ flag: "L" });
    expect(pregnancyInDisplay("Hb - PNC 10/52")).toMatchObject({ pregnant: false });
    expect(pregnancyInDisplay("Hb (neonate, 34 weeks)")).toBeUndefined();
    expect(pregnancyInDisplay("Hb - 36/52")).toBeUndefined();
    expect(pregnancyInDisplay("Hb - ante-natal 36/52")).toMatchObject({ pregnant: true, trimester: 3 });
  });
});

describe("newborn and young infant intervals by age in days", () => {
  it("haemoglobin falls to the physiological nadir (Harriet Lane)", () => {
    expect(read("", "Hb", 14.3, "g/dL", { ageDays: 1 })).toMatchObject({ flag: "L" });
    expect(read("", "Hb", 13.2, "g/dL", { ageDays: 16 })).toMatchObject({ flag: "L" });
    expect(read("", "Hb", 13.6, "g/dL", { ageDays: 16 })).toMatchObject({ flag: "N" });
    expect(read("", "Hb", 10.9, "g/dL", { ageDays: 35 })).toMatchObject({ flag: "N" });
    expect(read("", "Hb", 96, "g/L", { ageDays: 70 })).toMatchObject({ flag: "N" });
    expect(read("", "Hb", 92, "g/L", { ageDays: 70 })).toMatchObject({ flag: "L" });
  });

  it("platelets up to about 750 at 2-8 weeks (Wiedmeier 2009), not after", () => {
    expect(read("", "Platelet count", 680, "x10^9/L", { ageDays: 40 })).toMatchObject({ flag: "N" });
    expect(read("", "Platelet count", 680, "x10^9/L", { ageDays: 70 })).toMatchObject({ flag: "H" });
  });

  it("glucose after 48 hours from 60 mg/dL (PES 2015)", () => {
    expect(read("", "Blood glucose", 3.5, "mmol/L", { ageDays: 3 })).toMatchObject({ flag: "N" });
    expect(read("", "Blood glucose", 3.2, "mmol/L", { ageDays: 3 })).toMatchObject({ flag: "L" });
  });

  it("bilirubin in the first days against the newborn interval (Tietz), and SBR is its name", () => {
    expect(read("SBR", "SBR", 180, "umol/L", { ageDays: 3 })).toMatchObject({ loinc: "1975-2", flag: "N" });
    expect(read("SBR", "SBR", 220, "umol/L", { ageDays: 3 })).toMatchObject({ flag: "H" });
  });
});

describe("checkPregnancy refuses a pregnancy for a young child", () => {
  it("from the age held (half the youngest documented mother's)", () => {
    const errors: Record<string, string> = {};
    expect(checkPregnancy({ gestationalWeeks: 20 }, "female", (f, m) => (errors[f] = m), null, 200)).toBeUndefined();
    expect(errors.pregnancy).toMatch(/200 days old/);
    expect(checkPregnancy({ gestationalWeeks: 20 }, "female", () => undefined, null, MIN_PREGNANCY_AGE_DAYS)).toBe(2);
    expect(checkPregnancy({ gestationalWeeks: 20 }, "female", () => undefined, null, 14 * 365)).toBe(2);
  });
});
