import { describe, expect, it } from "vitest";
import { identifyLabResult } from "../critical-values/critical-values.engine.js";
import { trimesterOf } from "../critical-values/pregnancy-reference.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { interpretLabResult } from "./lab-interpretation.engine.js";

// Classes from blind set 8 (session 20, round 3); wordings and values appear in no fixture.
const k = knowledgeFromFiles();
const DATE = "2026-12-02";
const days = (years: number) => Math.floor(years * 365.25);

/** Identified as the service identifies a result, then interpreted; the errors when refused. */
function read(code: string, display: string | null, value: number, unit: string, sex: string | null, ageYears = 40) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  if (!r.test || Object.keys(errors).length) return { errors };
  const out = interpretLabResult(r.test, value, r.unit, sex, [], undefined, DATE, days(ageYears));
  return { loinc: r.test.loinc, flag: out.flag, range: out.assessment.normalRange, errors };
}

describe("HbA1c: NGSP % and IFCC mmol/mol are two tests, a bare name is decided by the unit (ADA 2024, WHO 2011)", () => {
  it("reads a percentage as 4548-4 and mmol/mol as 59261-8 from the same name", () => {
    expect(read("", "Glycosylated Hb", 7.3, "%", "male")).toMatchObject({ loinc: "4548-4", flag: "H" });
    expect(read("", "Glycosylated Hb", 57, "mmol/mol", "male")).toMatchObject({ loinc: "59261-8", flag: "H" });
    expect(read("LAB-GHB", "A1c", 5.1, "%", "female")).toMatchObject({ loinc: "4548-4", flag: "N" });
    expect(read("LAB-GHB", "A1c", 31, "mmol/mol", "female")).toMatchObject({ loinc: "59261-8", flag: "N" });
  });

  it("flags prediabetes (5.7-6.4%, 39-47 mmol/mol) above the interval, and never critical", () => {
    expect(read("4548-4", null, 5.8, "%", "female")).toMatchObject({ flag: "H" });
    expect(read("59261-8", null, 41, "mmol/mol", "male")).toMatchObject({ flag: "H" });
  });

  it("refuses a unit neither test has, and a name of the other unit's test under a code", () => {
    expect(read("", "Glycosylated Hb", 6.8, "mg/dL", "male").errors).toHaveProperty("observation.unit");
    expect(read("4548-4", "IFCC HbA1c", 50, "mmol/mol", "male").errors).toBeTruthy();
  });
});

describe("lipids, kidney and vitamins added with sourced decision limits", () => {
  it("flags a low HDL in either unit and never a high one (no upper limit)", () => {
    expect(read("", "High density lipoprotein cholesterol", 0.9, "mmol/L", "female")).toMatchObject({ loinc: "2085-9", flag: "L" });
    const high = read("", "HDL-C", 92, "mg/dL", "male");
    expect(high).toMatchObject({ flag: "N" });
    expect(high.range).toBe("≥ 40 mg/dL");
  });

  it("reads an albumin/creatinine ratio in mg/g or mg/mmol against KDIGO A1 (< 30 mg/g)", () => {
    expect(read("", "Albumin-to-creatinine ratio", 85, "mg/g", "female")).toMatchObject({ loinc: "9318-7", flag: "H" });
    expect(read("", "Urine ACR (early morning)", 2.1, "mg/mmol", "male")).toMatchObject({ loinc: "9318-7", flag: "N" });
    expect(read("", "Urine ACR", 9.5, "mg/mmol", "male")).toMatchObject({ flag: "H" });
  });

  it("flags an eGFR below 60 (KDIGO G3a-G5) low and a high one never", () => {
    expect(read("", "Estimated glomerular filtration rate", 52, "mL/min/1.73 m²", "male", 70)).toMatchObject({ loinc: "98979-8", flag: "L" });
    expect(read("", "eGFR (CKD-EPI)", 128, "mL/min/1.73m2", "female", 22)).toMatchObject({ flag: "N" });
  });

  it("reads urate against the patient's sex (Tietz: men 3.5-7.2, women 2.6-6.0 mg/dL)", () => {
    expect(read("", "Serum urate", 6.4, "mg/dL", "female")).toMatchObject({ loinc: "3084-1", flag: "H" });
    expect(read("", "Serum urate", 6.4, "mg/dL", "male")).toMatchObject({ flag: "N" });
    expect(read("", "Uric acid level", 470, "µmol/L", "male")).toMatchObject({ flag: "H" });
  });

  it("flags B12 below 200 ng/L (148 pmol/L) and serum folate below 4 ng/mL (10 nmol/L)", () => {
    expect(read("", "Vit B12", 120, "pmol/L", "female")).toMatchObject({ loinc: "2132-9", flag: "L" });
    expect(read("", "Vit B12", 610, "ng/L", "female")).toMatchObject({ flag: "N" });
    expect(read("", "Folic acid", 7.5, "nmol/L", "male")).toMatchObject({ loinc: "2284-8", flag: "L" });
  });

  it("does not read a red-cell folate as serum folate", () => {
    expect(read("", "RBC folate", 300, "ng/mL", "female").loinc).toBeUndefined();
  });
});

describe("intervals by sex and by age", () => {
  it("reads an aminotransferase against the patient's sex (Tietz)", () => {
    expect(read("", "ALAT", 37, "U/L", "female")).toMatchObject({ flag: "H" });
    expect(read("", "ALAT", 37, "U/L", "male")).toMatchObject({ flag: "N" });
    expect(read("", "ASAT", 36, "IU/L", "female")).toMatchObject({ flag: "H" });
    expect(read("", "ASAT", 36, "IU/L", null)).toMatchObject({ flag: "N" });
  });

  it("reads PSA against the age-specific upper limit (Oesterling 1993)", () => {
    expect(read("", "Prostate-specific antigen", 2.9, "ng/mL", "male", 42)).toMatchObject({ loinc: "2857-1", flag: "H" });
    expect(read("", "Prostate-specific antigen", 2.9, "ng/mL", "male", 57)).toMatchObject({ flag: "N" });
    expect(read("", "Prostate-specific antigen", 6.1, "ug/L", "male", 77)).toMatchObject({ flag: "N" });
    expect(read("", "Prostate-specific antigen", 4.8, "ng/mL", "male", 68)).toMatchObject({ flag: "H" });
  });

  it("reads a child's phosphate and white count against children's intervals", () => {
    expect(read("", "Inorganic phosphate", 1.6, "mmol/L", "female", 9)).toMatchObject({ flag: "N" }); // 4.96 mg/dL
    expect(read("", "Inorganic phosphate", 1.6, "mmol/L", "female", 30)).toMatchObject({ flag: "H" });
    expect(read("", "White cell count", 26, "10^9/L", "male", 2 / 365.25)).toMatchObject({ flag: "N" });
    expect(read("", "White cell count", 4.8, "10^9/L", "male", 1.5)).toMatchObject({ flag: "L" });
    expect(read("", "White cell count", 16.4, "10^9/L", "male", 5)).toMatchObject({ flag: "H" });
  });
});

describe("pregnancy labels in the display (trimester or gestational age)", () => {
  it("reads the trimester from gestational weeks as antenatal records write them", () => {
    expect(trimesterOf("Hb (ANC, 9 wks)")).toBe(1);
    expect(trimesterOf("Hb (GA 22/40)")).toBe(2);
    expect(trimesterOf("Hb (36 weeks)")).toBe(3);
    expect(trimesterOf("Hb (gestation 30+4 wk)")).toBe(3);
  });

  it("does not read a baby's gestation at birth or an infant's age in weeks as a pregnancy", () => {
    expect(trimesterOf("Hb (preterm 30 weeks)")).toBeUndefined();
    expect(trimesterOf("Hb (10 weeks)")).toBeUndefined();
    expect(trimesterOf("Hb (CGA 38/40)")).toBeUndefined();
  });

  it("flags a pregnant woman's haemoglobin against the trimester's cut-off", () => {
    expect(read("", "Hb (34 weeks)", 11.3, "g/dL", "female", 27)).toMatchObject({ loinc: "718-7", flag: "N" });
    expect(read("", "Hb (GA 18/40)", 10.2, "g/dL", "female", 27)).toMatchObject({ flag: "L" });
    expect(read("", "Hb", 11.3, "g/dL", "female", 27)).toMatchObject({ flag: "L" });
  });
});
