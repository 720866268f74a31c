import type { FraminghamCoefficients, PooledCohortCoefficients, RiskModels } from "../knowledge/knowledge.types.js";

export const RISK_ENGINE_VERSION = "risk-score-engine@1.1.0";

export interface FraminghamInputs {
  sex: "male" | "female";
  age: number;
  totalCholesterol: number;
  hdl: number;
  sbp: number;
  treatedBp: boolean;
  smoker: boolean;
  diabetes: boolean;
}

/**
 * D'Agostino 2008 general CVD (lipid model): risk = 1 − S₀^exp(Σβx − mean), with natural logs of
 * age, total cholesterol, HDL and SBP (treated or untreated coefficient).
 */
export function framinghamLipid(c: FraminghamCoefficients, x: FraminghamInputs): number {
  const sum =
    c.ln_age * Math.log(x.age) +
    c.ln_total_cholesterol! * Math.log(x.totalCholesterol) +
    c.ln_hdl! * Math.log(x.hdl) +
    (x.treatedBp ? c.ln_sbp_treated : c.ln_sbp_untreated) * Math.log(x.sbp) +
    (x.smoker ? c.smoker : 0) +
    (x.diabetes ? c.diabetes : 0);
  return 1 - Math.pow(c.s0, Math.exp(sum - c.mean));
}

/** The same paper's BMI (non-laboratory) model. */
export function framinghamBmi(c: FraminghamCoefficients, x: Omit<FraminghamInputs, "totalCholesterol" | "hdl"> & { bmi: number }): number {
  const sum =
    c.ln_age * Math.log(x.age) +
    c.ln_bmi! * Math.log(x.bmi) +
    (x.treatedBp ? c.ln_sbp_treated : c.ln_sbp_untreated) * Math.log(x.sbp) +
    (x.smoker ? c.smoker : 0) +
    (x.diabetes ? c.diabetes : 0);
  return 1 - Math.pow(c.s0, Math.exp(sum - c.mean));
}

/**
 * Pooled Cohort Equations (Goff 2013): risk = 1 − S₀^exp(Σβx − mean), with ln age, ln age², ln total
 * cholesterol, ln HDL, ln SBP (treated or untreated) and their products with ln age, smoking and diabetes.
 */
export function pooledCohort(c: PooledCohortCoefficients, x: FraminghamInputs): number {
  const lnAge = Math.log(x.age);
  const lnTc = Math.log(x.totalCholesterol);
  const lnHdl = Math.log(x.hdl);
  const lnSbp = Math.log(x.sbp);
  const sum =
    c.ln_age * lnAge +
    c.ln_age_squared * lnAge * lnAge +
    c.ln_total_cholesterol * lnTc +
    c.ln_age_x_ln_total_cholesterol * lnAge * lnTc +
    c.ln_hdl * lnHdl +
    c.ln_age_x_ln_hdl * lnAge * lnHdl +
    (x.treatedBp ? c.ln_sbp_treated * lnSbp + c.ln_age_x_ln_sbp_treated * lnAge * lnSbp : c.ln_sbp_untreated * lnSbp + c.ln_age_x_ln_sbp_untreated * lnAge * lnSbp) +
    (x.smoker ? c.smoker + c.ln_age_x_smoker * lnAge : 0) +
    (x.diabetes ? c.diabetes : 0);
  return 1 - Math.pow(c.s0, Math.exp(sum - c.mean));
}

/**
 * Smoking status from the text of a LOINC 72166-2 answer: true for a current smoker, false for a
 * never/former/non-smoker, null when the answer does not say (e.g. "Unknown if ever smoked"):
 * an unknown status must be reported as missing, not read as "non-smoker".
 */
export function smokerFromStatus(text: string): boolean | null {
  // "Current smoker, wants to quit" smokes; "not currently smoking" / "currently non-smoker" do not.
  const negated = /\bnon-?\s?smok|(\bnot|n't|\bno\s+longer)\s+(\w+\s+)?(current|smok)/i.test(text);
  if (/\bcurrent(ly)?\b/i.test(text) && !negated) return true;
  if (/\b(never|former|ex|non|no|quit)\b/i.test(text)) return false;
  // Free-text answers: "Nonsmoker", "does not smoke", "denies tobacco", "stopped/gave up smoking".
  if (/\bnon-?\s?smok|(\bnot|n't|\bdenies|\bdenied|\bstopped|\bgave\s+up|\bgiven\s+up)\s+(\w+\s+){0,2}(smok|tobacco|cigarette)/i.test(text)) return false;
  if (/\b(unknown|not\s+(asked|known|recorded|documented)|unsure)\b/i.test(text)) return null;
  if (/\b(current|smoker|smokes|smoking|yes|every day|some days|cigarettes?)\b/i.test(text)) return true;
  return null;
}

/** Total/HDL cholesterol: 1 mmol/L = 38.67 mg/dL (molar mass 386.65 g/mol). */
export const CHOLESTEROL_MG_PER_MMOL = 38.67;

/**
 * Cholesterol in mg/dL (what the Framingham coefficients expect), or undefined when the unit is
 * neither mg/dL nor mmol/L: a missing or unknown unit is never assumed to be mg/dL.
 */
export function cholesterolToMgDl(value: number, unit: string | null | undefined): number | undefined {
  const u = (unit ?? "").toLowerCase().replace(/\s/g, "");
  return u === "mg/dl" ? value : u === "mmol/l" ? value * CHOLESTEROL_MG_PER_MMOL : undefined;
}

export function cvCategory(m: RiskModels, risk: number): "low" | "moderate" | "high" {
  const c = m.framingham_2008.categories;
  return risk >= c.high_at ? "high" : risk >= c.moderate_at ? "moderate" : "low";
}

/** ICD-10 without the dot, upper case. */
const compact = (code: string) => code.toUpperCase().replace(/\./g, "").trim();

export interface CharlsonResult {
  /** Comorbidity score without age points. */
  score: number;
  /** With the age points of the combined age-comorbidity index. */
  ageAdjusted: number;
  agePoints: number;
  /** Categories counted, with the codes that matched and their weights. */
  conditions: { id: string; name: string; weight: number; codes: string[] }[];
}

/**
 * Charlson comorbidity index from ICD-10 codes (Quan 2005 coding as in mimic-code charlson.sql):
 * each category counts once; of mild/severe liver disease, uncomplicated/complicated diabetes and
 * cancer/metastatic cancer only the heavier one counts.
 */
export function charlsonIndex(m: RiskModels, icd10Codes: string[], age: number): CharlsonResult {
  const codes = [...new Set(icd10Codes.map((c) => c.trim()))];
  const matched = new Map<string, { id: string; name: string; weight: number; codes: string[] }>();
  for (const cat of m.charlson.categories) {
    const hits = codes.filter((code) => {
      const c = compact(code);
      const p3 = c.slice(0, 3);
      return cat.prefixes3.includes(p3) || cat.prefixes4.includes(c.slice(0, 4)) || cat.ranges3.some(([lo, hi]) => p3 >= lo && p3 <= hi);
    });
    if (hits.length) matched.set(cat.id, { id: cat.id, name: cat.name, weight: cat.weight, codes: hits });
  }
  for (const [lighter, heavier] of m.charlson.hierarchy) if (matched.has(heavier)) matched.delete(lighter);
  const conditions = [...matched.values()];
  const score = conditions.reduce((s, c) => s + c.weight, 0);
  const agePoints = m.charlson.age_points.bands.find((b) => b.max_age === null || age <= b.max_age)!.points;
  return { score, ageAdjusted: score + agePoints, agePoints, conditions };
}

export function charlsonOneYearMortality(m: RiskModels, score: number): { mortality: number; category: string } {
  const band = m.charlson.one_year_mortality.bands.find((b) => b.max === null || score <= b.max)!;
  return { mortality: band.mortality, category: band.category };
}

export interface LaceInputs {
  lengthOfStayDays: number;
  acuteAdmission: boolean;
  charlson: number;
  edVisitsSixMonths: number;
}

export interface LaceResult {
  points: number;
  parts: { l: number; a: number; c: number; e: number };
  category: "low" | "moderate" | "high";
}

function banded(table: { max: number | null; points: number | "same" }[], value: number): number {
  const row = table.find((r) => r.max === null || value <= r.max)!;
  return row.points === "same" ? value : row.points;
}

/** LACE index (van Walraven, CMAJ 2010), 0–19. */
export function laceIndex(m: RiskModels, x: LaceInputs): LaceResult {
  const los = Math.max(0, Math.floor(x.lengthOfStayDays));
  const l = m.lace.length_of_stay.find((r) => r.max_days === null || los <= r.max_days)!.points;
  const a = x.acuteAdmission ? m.lace.acute_admission_points : 0;
  const c = banded(m.lace.charlson, x.charlson);
  const e = banded(m.lace.ed_visits_6_months, x.edVisitsSixMonths);
  const points = l + a + c + e;
  const cat = m.lace.categories;
  return { points, parts: { l, a, c, e }, category: points >= cat.high_at ? "high" : points >= cat.moderate_at ? "moderate" : "low" };
}
