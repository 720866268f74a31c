import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { getKnowledge, type Knowledge } from "../knowledge/knowledge.js";
import { loadPatientRecord, type PatientRecord } from "../patient/patient-record.js";
import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { charlsonIndex, charlsonOneYearMortality, cholesterolToMgDl, cvCategory, framinghamBmi, framinghamLipid, laceIndex, pooledCohort, RISK_ENGINE_VERSION, smokerFromStatus } from "./risk-scores.engine.js";
import type { RiskScore, RiskScoresResult } from "./risk-scores.type.js";

export const RISK_TYPES = ["cardiovascular", "readmission", "mortality"] as const;
const DAY = 86_400_000;

/** Latest numeric value of any of the LOINC codes (the record is newest first), with its unit and date. */
function latest(r: PatientRecord, ...loincs: (string | undefined)[]): { value: number; unit: string | null; date: string } | undefined {
  const o = r.obs.find((x) => loincs.includes(x.code) && Number.isFinite(Number.parseFloat(x.value)));
  return o && { value: Number.parseFloat(o.value), unit: o.unit, date: o.date };
}

/** Only called on results whose unit cholesterolToMgDl accepts (see cardiovascular). */
function cholesterolMgDl(o: { value: number; unit: string | null }): number {
  return cholesterolToMgDl(o.value, o.unit)!;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function cardiovascular(k: Knowledge, r: PatientRecord): RiskScore {
  const f = k.riskModels.framingham_2008;
  const base = { model: "Framingham 2008 general CVD (10-year)", source: f.source, points: null };
  const sex: "male" | "female" | null = r.patient.sex === "male" ? "male" : r.patient.sex === "female" ? "female" : null;
  const missing: string[] = [];
  if (!sex) missing.push("sex (male or female)");
  // A cholesterol result without a usable unit is named as missing, never assumed to be mg/dL.
  const withUnit = (o: ReturnType<typeof latest>, what: string) => {
    if (o && cholesterolToMgDl(o.value, o.unit) === undefined) {
      missing.push(`${what} with a unit of mg/dL or mmol/L (latest result ${o.value} has unit "${o.unit ?? "none"}")`);
      return undefined;
    }
    return o;
  };
  // A lipid in mmol/L may carry the Moles/volume LOINC term (14647-2, 14646-4): the same measurement.
  const tc = withUnit(latest(r, f.observations.total_cholesterol, f.observations_molar?.total_cholesterol), "total cholesterol");
  const hdl = withUnit(latest(r, f.observations.hdl, f.observations_molar?.hdl), "HDL cholesterol");
  const sbp = latest(r, f.observations.systolic_bp);
  const bmi = latest(r, f.observations.bmi);
  if (!sbp) missing.push(`systolic blood pressure (LOINC ${f.observations.systolic_bp})`);
  if (!(tc && hdl) && !bmi) missing.push(`total and HDL cholesterol (LOINC ${f.observations.total_cholesterol}, ${f.observations.hdl}) or BMI (LOINC ${f.observations.bmi})`);
  const [minAge, maxAge] = f.valid_age;
  if (r.age < minAge || r.age > maxAge) {
    const pce = k.riskModels.pooled_cohort_2013;
    // Older than Framingham's range: the Pooled Cohort Equations cover 40-79 (lipid model only).
    if (sex && r.age > maxAge && r.age >= pce.valid_age[0] && r.age <= pce.valid_age[1]) return pooledCohortScore(k, r, sex, { tc, hdl, sbp }, missing);
    const [pMin, pMax] = pce.valid_age;
    return {
      ...base,
      score: null,
      category: "unknown",
      factors: [`Age ${r.age} is outside the equation's validated range (${minAge}-${maxAge}) and the Pooled Cohort Equations' (${pMin}-${pMax}): no published 10-year equation covers this age`],
      // No measurement would make the score possible at this age: asking for one would mislead.
      missingInputs: [],
      inputs: [{ name: "age", value: String(r.age) }],
    };
  }
  if (!sex || !sbp || (!(tc && hdl) && !bmi)) return { ...base, score: null, category: "unknown", factors: [], missingInputs: missing, inputs: [] };

  const diabetes = r.dx.find((d) => f.diabetes_icd10_prefixes.some((p) => d.code.toUpperCase().startsWith(p)));
  const warnings: string[] = [];
  const activeMeds = r.meds.filter((m) => m.status === "active");
  const treatedBy = activeMeds.find((m) => identifyDrug(k, { code: m.rxnormCode, name: m.name }, warnings)?.drug.classes.includes("antihypertensive"));
  // An active medication the knowledge base cannot identify may be an antihypertensive: say so, don't assume "untreated".
  const unidentifiedMeds = treatedBy ? [] : activeMeds.filter((m) => !identifyDrug(k, { code: m.rxnormCode, name: m.name }, []));
  const smoking = r.obs.find((o) => o.code === f.observations.smoking_status);
  const smoker = smoking ? smokerFromStatus(smoking.value) : null;
  const x = { sex, age: r.age, sbp: sbp.value, treatedBp: Boolean(treatedBy), smoker: smoker ?? false, diabetes: Boolean(diabetes) };
  const useLipids = Boolean(tc && hdl);
  const compute = (s: boolean) =>
    useLipids
      ? framinghamLipid(f.lipid[sex], { ...x, smoker: s, totalCholesterol: cholesterolMgDl(tc!), hdl: cholesterolMgDl(hdl!) })
      : framinghamBmi(f.bmi[sex], { ...x, smoker: s, bmi: bmi!.value });
  const score = compute(x.smoker);
  const factors = [
    `Age ${r.age} (${sex})`,
    `Systolic BP ${sbp.value} mmHg (${sbp.date})${treatedBy ? `, treated (${treatedBy.name})` : ", untreated"}`,
    useLipids ? `Total cholesterol ${formatMg(tc!)} mg/dL, HDL ${formatMg(hdl!)} mg/dL` : `BMI ${bmi!.value} (no lipid panel: BMI model)`,
    diabetes ? `Diabetes (${diabetes.code})` : "No diabetes diagnosis on record",
  ];
  const inputs = [
    { name: "age", value: String(r.age) },
    { name: "sex", value: sex },
    { name: "systolic_bp", value: String(sbp.value) },
    { name: "bp_treated", value: String(Boolean(treatedBy)) },
    ...(useLipids ? [{ name: "total_cholesterol_mg_dl", value: formatMg(tc!) }, { name: "hdl_mg_dl", value: formatMg(hdl!) }] : [{ name: "bmi", value: String(bmi!.value) }]),
    { name: "diabetes", value: String(Boolean(diabetes)) },
    { name: "smoker", value: smoker === null ? "unknown (assumed no)" : String(smoker) },
  ];
  if (unidentifiedMeds.length) {
    const names = unidentifiedMeds.map((m) => m.name).join(", ");
    missing.push(`whether ${names} ${unidentifiedMeds.length > 1 ? "lower" : "lowers"} blood pressure (not in the drug knowledge base; treated blood pressure assumed no)`);
    const ifTreated = useLipids
      ? framinghamLipid(f.lipid[sex], { ...x, treatedBp: true, totalCholesterol: cholesterolMgDl(tc!), hdl: cholesterolMgDl(hdl!) })
      : framinghamBmi(f.bmi[sex], { ...x, treatedBp: true, bmi: bmi!.value });
    factors.push(`Blood-pressure treatment unknown (${names} not identified): estimate assumes untreated; if treated the risk would be ${pct(ifTreated)} (${cvCategory(k.riskModels, ifTreated)})`);
  }
  if (smoker === null) {
    missing.push(`smoking status (LOINC ${f.observations.smoking_status})${smoking ? `: "${smoking.value}" does not say` : ""}`);
    const ifSmoker = compute(true);
    factors.push(`Smoking status not recorded: estimate assumes a non-smoker; a smoker's risk would be ${pct(ifSmoker)} (${cvCategory(k.riskModels, ifSmoker)})`);
  } else if (smoker) factors.push("Current smoker");
  return { ...base, score: round(score), category: cvCategory(k.riskModels, score), factors, missingInputs: missing, inputs };
}

/** Blood-pressure treatment, diabetes and smoking as the record states them (shared by both equations). */
function cvRiskFactors(k: Knowledge, r: PatientRecord) {
  const f = k.riskModels.framingham_2008;
  const diabetes = r.dx.find((d) => f.diabetes_icd10_prefixes.some((p) => d.code.toUpperCase().startsWith(p)));
  const activeMeds = r.meds.filter((m) => m.status === "active");
  const treatedBy = activeMeds.find((m) => identifyDrug(k, { code: m.rxnormCode, name: m.name }, [])?.drug.classes.includes("antihypertensive"));
  const unidentifiedMeds = treatedBy ? [] : activeMeds.filter((m) => !identifyDrug(k, { code: m.rxnormCode, name: m.name }, []));
  const smoking = r.obs.find((o) => o.code === f.observations.smoking_status);
  const smoker = smoking ? smokerFromStatus(smoking.value) : null;
  return { diabetes, treatedBy, unidentifiedMeds, smoking, smoker };
}

type Measured = ReturnType<typeof latest>;

/** Patients aged 75-79 (above Framingham 2008): the Pooled Cohort Equations, labelled as an extrapolation. */
function pooledCohortScore(k: Knowledge, r: PatientRecord, sex: "male" | "female", m: { tc: Measured; hdl: Measured; sbp: Measured }, missing: string[]): RiskScore {
  const p = k.riskModels.pooled_cohort_2013;
  const f = k.riskModels.framingham_2008;
  const base = { model: "Pooled Cohort Equations 2013 (10-year hard ASCVD)", source: p.source, points: null };
  // The equations have no BMI form: they need the lipid panel.
  const lipidsMissing = !(m.tc && m.hdl);
  const needs = missing.filter((x) => !x.includes("or BMI"));
  if (lipidsMissing) needs.push(`total and HDL cholesterol (LOINC ${f.observations.total_cholesterol}, ${f.observations.hdl})`);
  if (lipidsMissing || !m.sbp) return { ...base, score: null, category: "unknown", factors: [`Age ${r.age}: above Framingham 2008 (${f.valid_age.join("-")}); the Pooled Cohort Equations need a lipid panel`], missingInputs: needs, inputs: [] };
  const { diabetes, treatedBy, unidentifiedMeds, smoking, smoker } = cvRiskFactors(k, r);
  const c = p.coefficients[p.equation_set][sex];
  const x = { sex, age: r.age, sbp: m.sbp.value, treatedBp: Boolean(treatedBy), smoker: smoker ?? false, diabetes: Boolean(diabetes), totalCholesterol: cholesterolMgDl(m.tc!), hdl: cholesterolMgDl(m.hdl!) };
  const score = pooledCohort(c, x);
  const category = (risk: number) => (risk >= p.categories.high_at ? "high" : risk >= p.categories.moderate_at ? "moderate" : "low");
  const factors = [
    `Age ${r.age} (${sex}): above Framingham 2008's range (${f.valid_age.join("-")}), so the Pooled Cohort Equations (${p.valid_age.join("-")}, ${p.equation_set.replace("_", " ")} equations): ${p.equation_set_note}`,
    `Systolic BP ${m.sbp.value} mmHg (${m.sbp.date})${treatedBy ? `, treated (${treatedBy.name})` : ", untreated"}`,
    `Total cholesterol ${formatMg(m.tc!)} mg/dL, HDL ${formatMg(m.hdl!)} mg/dL`,
    diabetes ? `Diabetes (${diabetes.code})` : "No diabetes diagnosis on record",
  ];
  if (unidentifiedMeds.length) needs.push(`whether ${unidentifiedMeds.map((u) => u.name).join(", ")} lowers blood pressure (not in the drug knowledge base; treated blood pressure assumed no)`);
  if (smoker === null) {
    needs.push(`smoking status (LOINC ${f.observations.smoking_status})${smoking ? `: "${smoking.value}" does not say` : ""}`);
    const ifSmoker = pooledCohort(c, { ...x, smoker: true });
    factors.push(`Smoking status not recorded: estimate assumes a non-smoker; a smoker's risk would be ${pct(ifSmoker)} (${category(ifSmoker)})`);
  } else if (smoker) factors.push("Current smoker");
  const inputs = [
    { name: "age", value: String(r.age) },
    { name: "sex", value: sex },
    { name: "systolic_bp", value: String(m.sbp.value) },
    { name: "bp_treated", value: String(Boolean(treatedBy)) },
    { name: "total_cholesterol_mg_dl", value: formatMg(m.tc!) },
    { name: "hdl_mg_dl", value: formatMg(m.hdl!) },
    { name: "diabetes", value: String(Boolean(diabetes)) },
    { name: "smoker", value: smoker === null ? "unknown (assumed no)" : String(smoker) },
    { name: "equation_set", value: p.equation_set },
  ];
  return { ...base, score: round(score), category: category(score), factors, missingInputs: needs, inputs };
}

const formatMg = (o: { value: number; unit: string | null }) => String(Math.round(cholesterolMgDl(o) * 10) / 10);
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Charlson 1987 was derived in adult medical inpatients: a child's index is not interpreted. */
const CHARLSON_MIN_AGE = 18;

function mortality(k: Knowledge, r: PatientRecord): RiskScore {
  const base = { model: "Charlson comorbidity index → one-year mortality band", source: `${k.riskModels.charlson.source}; ICD-10 mapping: ${k.riskModels.charlson.mapping_source}` };
  const codes = [...new Set(r.dx.map((d) => d.code))];
  if (r.age < CHARLSON_MIN_AGE) {
    return { ...base, score: null, category: "unknown", points: null, factors: [`Age ${r.age}: the Charlson index and its one-year mortality bands were derived in adults (medical inpatients, Charlson 1987) and are not validated in children`], missingInputs: [], inputs: [{ name: "age", value: String(r.age) }] };
  }
  if (!codes.length) {
    // No diagnosis on record is not "no comorbidity": the burden is unknown, as LACE without a discharge.
    return { ...base, score: null, category: "unknown", points: null, factors: ["No diagnoses on record: the comorbidity burden is unknown, not zero"], missingInputs: ["recorded diagnoses (ICD-10), including chronic conditions"], inputs: [{ name: "icd10_codes", value: "none" }] };
  }
  const c = charlsonIndex(k.riskModels, r.dx.map((d) => d.code), r.age);
  const m = charlsonOneYearMortality(k.riskModels, c.score);
  return {
    ...base,
    score: m.mortality,
    category: m.category,
    points: c.score,
    factors: [
      ...c.conditions.map((x) => `${x.name} (${x.codes.join(", ")}): ${x.weight}`),
      `Charlson index ${c.score} (age-adjusted ${c.ageAdjusted}, age ${r.age}: +${c.agePoints})`,
    ],
    missingInputs: [],
    inputs: [{ name: "icd10_codes", value: codes.join(", ") }],
  };
}

function readmission(k: Knowledge, r: PatientRecord): RiskScore {
  const base = { model: "LACE index (30-day death or unplanned readmission)", source: k.riskModels.lace.source };
  const index = r.enc.find((e) => e.type === "inpatient" && e.dischargeDate);
  if (!index) {
    return { ...base, score: null, category: "unknown", points: null, factors: ["No inpatient admission with a discharge date on record: LACE applies after a discharge"], missingInputs: ["inpatient admission with discharge date"], inputs: [] };
  }
  const admitted = Date.parse(`${index.date}T00:00:00Z`);
  const los = Math.round((Date.parse(`${index.dischargeDate}T00:00:00Z`) - admitted) / DAY);
  // Emergent admission: an emergency encounter on the day of admission (our record has no admission source).
  const acute = r.enc.some((e) => e.type === "emergency" && e.date === index.date);
  const edVisits = r.enc.filter((e) => e.type === "emergency" && e.date !== index.date && Date.parse(`${e.date}T00:00:00Z`) >= admitted - 183 * DAY && Date.parse(`${e.date}T00:00:00Z`) < admitted).length;
  const charlson = charlsonIndex(k.riskModels, r.dx.map((d) => d.code), r.age).score;
  const lace = laceIndex(k.riskModels, { lengthOfStayDays: los, acuteAdmission: acute, charlson, edVisitsSixMonths: edVisits });
  return {
    ...base,
    score: round(lace.points / k.riskModels.lace.max_points),
    category: lace.category,
    points: lace.points,
    factors: [
      `L: length of stay ${los} day(s) (admitted ${index.date}): ${lace.parts.l}`,
      `A: ${acute ? "emergent admission (emergency visit on the admission day)" : "no emergency visit on the admission day"}: ${lace.parts.a}`,
      r.dx.length ? `C: Charlson index ${charlson}: ${lace.parts.c}` : `C: no diagnoses recorded, counted 0 (comorbidity unknown, not absent: the score may understate the risk): ${lace.parts.c}`,
      `E: ${edVisits} emergency visit(s) in the 6 months before admission: ${lace.parts.e}`,
      `LACE ${lace.points}/19`,
    ],
    // No recorded diagnosis is an unknown comorbidity, not none: C counts 0, so the score is a lower bound.
    missingInputs: r.dx.length ? [] : ["recorded diagnoses (comorbidity, the C of LACE)"],
    inputs: [
      { name: "length_of_stay_days", value: String(los) },
      { name: "acute_admission", value: String(acute) },
      { name: "charlson", value: String(charlson) },
      { name: "ed_visits_6_months", value: String(edVisits) },
    ],
  };
}

/**
 * The recommendation for the model that scored and the patient's own risk factors: the Pooled Cohort
 * Equations' outcome and thresholds (hard ASCVD; moderate from 7.5%, 2019 ACC/AHA primary prevention),
 * Framingham's otherwise (general CVD; 10-20%, ≥ 20%); smoking cessation only for a recorded smoker.
 */
function cardiovascularRecommendation(cv: RiskScore): string {
  const pce = cv.model.startsWith("Pooled Cohort");
  const outcome = pce ? "10-year hard ASCVD risk" : "10-year CVD risk";
  const band = cv.category === "high" ? "≥ 20%" : pce ? "7.5-20%" : "10-20%";
  const smoker = cv.inputs.find((i) => i.name === "smoker")?.value === "true";
  const actions =
    cv.category === "high"
      ? ["intensive management of blood pressure and lipids (consider a statin)", ...(smoker ? ["smoking cessation"] : [])]
      : ["lifestyle advice and risk-factor control", ...(smoker ? ["smoking cessation"] : []), "consider a statin"];
  return `${outcome} ${band} (${cv.model}): ${actions.join(", ")}, per local guideline`;
}

export function recommendationsFor(scores: Record<string, RiskScore | undefined>): string[] {
  const out: string[] = [];
  const cv = scores.cardiovascular;
  if (cv && (cv.category === "high" || cv.category === "moderate")) out.push(cardiovascularRecommendation(cv));
  const re = scores.readmission30day;
  if (re?.category === "high") out.push("High readmission risk (LACE ≥ 10): follow-up within 7 days of discharge, medication reconciliation and a discharge summary to primary care");
  const mo = scores.mortality1year;
  if (mo && (mo.category === "high" || mo.category === "very_high")) out.push("High comorbidity burden: review comorbidity management, polypharmacy and goals of care");
  for (const s of Object.values(scores)) {
    if (s?.missingInputs.length) out.push(`Record ${s.missingInputs.join("; ")} to complete the ${s.model} estimate`);
  }
  out.push("Scores are advisory and need clinical review");
  return out;
}

/** The requested scores from a loaded record, without auditing (the SOAP note's assessment reuses it). */
export function scoreRecord(k: Knowledge, r: PatientRecord, types: readonly string[] = RISK_TYPES): Record<string, RiskScore | undefined> {
  const riskScores: Record<string, RiskScore | undefined> = {};
  if (types.includes("cardiovascular")) riskScores.cardiovascular = cardiovascular(k, r);
  if (types.includes("readmission")) riskScores.readmission30day = readmission(k, r);
  if (types.includes("mortality")) riskScores.mortality1year = mortality(k, r);
  return riskScores;
}

/** Computes the requested risk scores from the stored record and audits the call. */
export async function calculateRiskScores(db: Db, principal: Principal, uhid: string, riskTypes: string[] | null | undefined, requestId?: string): Promise<RiskScoresResult> {
  const types = riskTypes?.length ? riskTypes : [...RISK_TYPES];
  const errors = new FieldErrorCollector();
  types.forEach((t, i) => {
    if (!(RISK_TYPES as readonly string[]).includes(t)) errors.add(`riskTypes.${i}`, `must be one of ${RISK_TYPES.join(", ")}`);
  });
  errors.throwIfAny("Invalid risk scores request");
  const [k, r] = await Promise.all([getKnowledge(db), loadPatientRecord(db, uhid)]);
  const riskScores = scoreRecord(k, r, types);
  const recommendations = recommendationsFor(riskScores);
  const rulesetVersion = `${RISK_ENGINE_VERSION}; risk-models@${k.versions["risk-models"]}; drugs@${k.versions.drugs}`;
  const output = { patientUhid: uhid, riskScores, recommendations, requiresReview: true };
  const audit = await db.transaction((tx) =>
    appendAudit(tx as unknown as Db, { actor: principal, operation: "risk_scores", patientUhid: uhid, input: { patientUhid: uhid, riskTypes: types }, output, rulesetVersion, requestId }),
  );
  return { ...output, auditId: audit.id, rulesetVersion };
}
