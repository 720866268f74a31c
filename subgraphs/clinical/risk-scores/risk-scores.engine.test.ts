import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { charlsonIndex, charlsonOneYearMortality, cholesterolToMgDl, cvCategory, framinghamBmi, framinghamLipid, laceIndex, pooledCohort, smokerFromStatus } from "./risk-scores.engine.js";

const m = knowledgeFromFiles().riskModels;
const fr = m.framingham_2008;

describe("Framingham 2008 general CVD (D'Agostino, Circulation 2008)", () => {
  it("reproduces the CVrisk ascvd_10y_frs documented example: man 55, TC 213, HDL 50, SBP 140 untreated → 13.53%", () => {
    const risk = framinghamLipid(fr.lipid.male, { sex: "male", age: 55, totalCholesterol: 213, hdl: 50, sbp: 140, treatedBp: false, smoker: false, diabetes: false });
    expect(risk * 100).toBeCloseTo(13.53, 1);
    expect(cvCategory(m, risk)).toBe("moderate");
  });

  it("rises with smoking, diabetes and treated blood pressure, never above 1", () => {
    const base = { sex: "female" as const, age: 60, totalCholesterol: 200, hdl: 50, sbp: 130, treatedBp: false, smoker: false, diabetes: false };
    const r0 = framinghamLipid(fr.lipid.female, base);
    expect(framinghamLipid(fr.lipid.female, { ...base, smoker: true })).toBeGreaterThan(r0);
    expect(framinghamLipid(fr.lipid.female, { ...base, diabetes: true })).toBeGreaterThan(r0);
    expect(framinghamLipid(fr.lipid.female, { ...base, treatedBp: true })).toBeGreaterThan(r0);
    expect(r0).toBeGreaterThan(0);
    expect(framinghamLipid(fr.lipid.male, { ...base, sex: "male", age: 74, sbp: 200, smoker: true, diabetes: true, treatedBp: true, totalCholesterol: 320, hdl: 25 })).toBeLessThan(1);
  });

  it.each([
    // fonnesbeck/framingham_risk README examples of the same paper's BMI model (an independent implementation).
    ["woman 35, BMI 24.3, SBP 122 untreated, smoker", "female", 35, 24.3, 122, false, true, false, 0.029352227],
    ["man 30, BMI 22.5, SBP 125 treated, smoker, diabetic", "male", 30, 22.5, 125, true, true, true, 0.0838895],
  ] as const)("BMI model: %s", (_l, sex, age, bmi, sbp, treatedBp, smoker, diabetes, expected) => {
    expect(framinghamBmi(fr.bmi[sex], { sex, age, bmi, sbp, treatedBp, smoker, diabetes })).toBeCloseTo(expected, 6);
  });

  it("computes the BMI model at its mean-profile point: risk = 1 − S₀ when Σβx equals the mean", () => {
    // Choose ln(age) so that Σβx = mean exactly (all else zero-effect): then risk = 1 − S₀.
    const c = fr.bmi.male;
    const age = Math.exp((c.mean - c.ln_bmi! * Math.log(25) - c.ln_sbp_untreated * Math.log(120)) / c.ln_age);
    expect(framinghamBmi(c, { sex: "male", age, bmi: 25, sbp: 120, treatedBp: false, smoker: false, diabetes: false })).toBeCloseTo(1 - c.s0, 10);
  });
});

describe("Charlson comorbidity index (hand-scored)", () => {
  it("scores CHF + CKD + complicated diabetes (uncomplicated code superseded) at 72 years", () => {
    const r = charlsonIndex(m, ["I50.9", "N18.3", "E11.2", "E11.9", "J18.9"], 72);
    expect(r.conditions.map((c) => c.id).sort()).toEqual(["congestive_heart_failure", "diabetes_with_cc", "renal_disease"]);
    expect(r.score).toBe(5); // 1 + 2 + 2
    expect(r.agePoints).toBe(3); // 71–80
    expect(r.ageAdjusted).toBe(8);
    expect(charlsonOneYearMortality(m, r.score)).toEqual({ mortality: 0.85, category: "very_high" });
  });

  it("counts metastatic cancer instead of cancer, severe instead of mild liver disease", () => {
    expect(charlsonIndex(m, ["C50.9", "C78.0"], 40).score).toBe(6);
    expect(charlsonIndex(m, ["K70.3", "K72.1"], 40).score).toBe(3);
    expect(charlsonIndex(m, ["I63.9", "J44.9", "I21.0"], 40).score).toBe(3); // ranges I60–I69 and J40–J47, MI
  });

  it.each([
    [50, 0],
    [51, 1],
    [60, 1],
    [61, 2],
    [70, 2],
    [71, 3],
    [80, 3],
    [81, 4],
  ])("age %i → %i age points (mimic-code bands)", (age, points) => {
    expect(charlsonIndex(m, [], age).agePoints).toBe(points);
  });

  it.each([
    [0, 0.12],
    [1, 0.26],
    [2, 0.26],
    [3, 0.52],
    [4, 0.52],
    [5, 0.85],
  ])("CCI %i → one-year mortality %f (Charlson 1987)", (score, mortality) => {
    expect(charlsonOneYearMortality(m, score).mortality).toBe(mortality);
  });
});

describe("LACE index (van Walraven, CMAJ 2010; hand-scored)", () => {
  it("scores LOS 5 d, emergent, Charlson 5, 2 ED visits as 4 + 3 + 5 + 2 = 14 (high)", () => {
    expect(laceIndex(m, { lengthOfStayDays: 5, acuteAdmission: true, charlson: 5, edVisitsSixMonths: 2 })).toEqual({ points: 14, parts: { l: 4, a: 3, c: 5, e: 2 }, category: "high" });
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [6, 4],
    [7, 5],
    [13, 5],
    [14, 7],
  ])("length of stay %i days → %i points", (days, points) => {
    expect(laceIndex(m, { lengthOfStayDays: days, acuteAdmission: false, charlson: 0, edVisitsSixMonths: 0 }).parts.l).toBe(points);
  });

  it("caps Charlson at 5 points from 4 and ED visits at 4 points", () => {
    expect(laceIndex(m, { lengthOfStayDays: 0, acuteAdmission: false, charlson: 3, edVisitsSixMonths: 3 }).parts).toMatchObject({ c: 3, e: 3 });
    expect(laceIndex(m, { lengthOfStayDays: 0, acuteAdmission: false, charlson: 4, edVisitsSixMonths: 9 }).parts).toMatchObject({ c: 5, e: 4 });
    expect(laceIndex(m, { lengthOfStayDays: 14, acuteAdmission: true, charlson: 9, edVisitsSixMonths: 9 }).points).toBe(19);
  });
});

describe("Framingham inputs from the stored record", () => {
  it("reads smoking status from LOINC 72166-2 answers, leaving an unknown status unknown", () => {
    for (const t of ["Current every day smoker", "Current some day smoker", "Heavy tobacco smoker", "Smoker, current status unknown"]) expect(smokerFromStatus(t), t).toBe(true);
    for (const t of ["Never smoker", "Former smoker", "Non-smoker", "ex-smoker"]) expect(smokerFromStatus(t), t).toBe(false);
    for (const t of ["Unknown if ever smoked", "Not asked", "unknown"]) expect(smokerFromStatus(t), t).toBeNull();
  });

  it("converts cholesterol to mg/dL and refuses to guess a missing or unknown unit", () => {
    expect(cholesterolToMgDl(213, "mg/dL")).toBe(213);
    expect(cholesterolToMgDl(5.2, "mmol/L")).toBeCloseTo(201.1, 1);
    expect(cholesterolToMgDl(5.2, null)).toBeUndefined();
    expect(cholesterolToMgDl(2.01, "g/L")).toBeUndefined();
  });
});

describe("Pooled Cohort Equations (Goff 2013)", () => {
  // The guideline's worked example: age 55, total cholesterol 213 mg/dL, HDL 50 mg/dL, untreated SBP 120,
  // non-smoker, no diabetes → 2.1% (white woman), 3.0% (African American woman), 5.3% (white man), 6.1% (African American man).
  const m = knowledgeFromFiles().riskModels.pooled_cohort_2013;
  const x = { age: 55, totalCholesterol: 213, hdl: 50, sbp: 120, treatedBp: false, smoker: false, diabetes: false };
  it.each([
    ["white", "female", 0.021],
    ["african_american", "female", 0.03],
    ["white", "male", 0.053],
    ["african_american", "male", 0.061],
  ] as const)("reproduces the guideline example: %s %s → %f", (set, sex, expected) => {
    // Within 0.1 point: the published group means are rounded to two decimals (white men: 5.38% with 61.18).
    expect(Math.abs(pooledCohort(m.coefficients[set][sex], { ...x, sex }) - expected)).toBeLessThan(0.001);
  });
});
