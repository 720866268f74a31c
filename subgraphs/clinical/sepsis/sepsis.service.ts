import { ageOnDate } from "../../../lib/calendar.js";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector } from "../../../lib/errors.js";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { appendAudit } from "../audit/audit.service.js";
import type { CriticalAlertOutcome } from "../critical-values/critical-alert.js";
import { storeOnceThenAlert, type MarkStored, type Stored } from "../critical-values/store-once.js";
import { observations } from "../db/tables.js";
import { getKnowledge, type Knowledge } from "../knowledge/knowledge.js";
import type { SepsisKnowledge } from "../knowledge/knowledge.types.js";
import { getPatient } from "../patient/patient.service.js";
import { obstetricReason } from "./sepsis.pregnancy.js";
import { screenForAge, SEPSIS_ENGINE_VERSION, type SepsisAssessment, type SepsisInputs } from "./sepsis.engine.js";
import type { SepsisRiskInput, SepsisRiskResult } from "./sepsis.type.js";

/** Local code of the stored screen: no confirmed LOINC code exists in our sources for a qSOFA/SIRS screen. */
export const SEPSIS_SCREEN_CODE = "local:sepsis-screen";

type StoredScreen = Omit<SepsisRiskResult, keyof CriticalAlertOutcome>;

const FIELDS: [string, string][] = [
  ["vitals.heartRate", "heart_rate"],
  ["vitals.respiratoryRate", "respiratory_rate"],
  ["vitals.systolicBp", "systolic_bp"],
  ["vitals.temperature", "temperature"],
  ["vitals.gcs", "gcs"],
  ["vitals.meanArterialPressure", "mean_arterial_pressure"],
  ["vitals.diastolicBp", "diastolic_bp"],
  ["labs.wbc", "wbc"],
  ["labs.lactate", "lactate"],
];

/** Physiologically possible ranges (knowledge/sepsis.json possible_range); outside them a typing or unit error (°F, kPa) or an arrest. */
export function validateSepsisRequest(k: SepsisKnowledge, input: SepsisRiskInput): void {
  const errors = new FieldErrorCollector();
  const get = (path: string) => path.split(".").reduce<unknown>((o, key) => (o as Record<string, unknown> | null | undefined)?.[key], input);
  for (const [path, id] of FIELDS) {
    const range = k.possible_range[id];
    if (typeof range !== "object") throw new Error(`knowledge/sepsis.json: no possible_range for ${id}`);
    const v = get(path);
    if (v === null || v === undefined) continue;
    if (typeof v !== "number" || !Number.isFinite(v) || v < range.low || v > range.high) {
      const arrest = typeof v === "number" && v === 0 && range.low > 0 ? "; 0 means no circulation or no breathing: start resuscitation, this screen does not apply" : "";
      errors.add(path, `must be ${range.unit} (${range.low}-${range.high})${arrest}`);
    }
  }
  addPressureOrderErrors(errors, input.vitals);
  errors.throwIfAny("Invalid sepsis risk request");
}

/** A mean above the systolic, or a diastolic at or above it, is not one reading (a swapped or mistyped value). */
function addPressureOrderErrors(errors: FieldErrorCollector, v: SepsisRiskInput["vitals"]): void {
  if (typeof v?.systolicBp !== "number") return;
  if (typeof v.meanArterialPressure === "number" && v.meanArterialPressure > v.systolicBp) errors.add("vitals.meanArterialPressure", `must not exceed the systolic pressure (${v.systolicBp} mmHg)`);
  if (typeof v.diastolicBp === "number" && v.diastolicBp >= v.systolicBp) errors.add("vitals.diastolicBp", `must be below the systolic pressure (${v.systolicBp} mmHg)`);
}

/** The screen for the patient's age on `today` (obstetric, adult or paediatric criteria); a birth date after the screen is a 400. */
async function screenPatient(db: Db, k: Knowledge, input: SepsisRiskInput, patient: { uhid: string; birthDate: string }, today: string, inputs: SepsisInputs): Promise<SepsisAssessment> {
  const age = ageOnDate(patient.birthDate, today);
  if (age.days < 0) throw badRequest("The patient's birth date is after the screen", { patientUhid: [`has birth date ${patient.birthDate}, after ${today}: correct the record`] });
  const reason = await obstetricReason(db, k, input, patient.uhid, age.years, today);
  return screenForAge(k.sepsis, age, inputs, k.news2, reason);
}

const isChildScreen = (a: SepsisAssessment) => a.ageGroup !== null;
/** Screened by the obstetric criteria: the only screen that gives a qSOFA but no risk probability. */
const isObstetricScreen = (a: SepsisAssessment) => a.qsofaScore !== null && a.riskProbability === null;

/** What the timeline and the alert call the screen. */
function screenName(a: SepsisAssessment): string {
  if (isChildScreen(a)) return "Sepsis screen (paediatric SIRS)";
  return isObstetricScreen(a) ? "Sepsis screen (obstetric)" : "Sepsis screen (qSOFA/SIRS)";
}

function screenScores(a: SepsisAssessment): string {
  const shock = a.septicShock ? ", septic shock" : "";
  if (isChildScreen(a)) return `pSIRS ${a.sirsCriteriaMet}/4 (${a.ageGroup})${a.organDysfunction.length ? `, ${a.organDysfunction.join(", ")}` : ""}`;
  if (isObstetricScreen(a)) return `signs of sepsis in pregnancy ${a.sirsCriteriaMet}/4, qSOFA ${a.qsofaScore}/3 (not validated in pregnancy)${shock}`;
  return `qSOFA ${a.qsofaScore}/3, SIRS ${a.sirsCriteriaMet}/4${shock}`;
}

/** What a screen below "high" looks like, for the alert. */
function referenceRange(a: SepsisAssessment): string {
  if (isChildScreen(a)) return "systolic BP at or above the limit for age, GCS above 11 and no vasoactive drug";
  const circulation = ", no vasopressor and MAP >= 65 mmHg";
  return isObstetricScreen(a) ? `no NICE NG51 high risk criterion in pregnancy, lactate < 2 mmol/L${circulation}` : `qSOFA < 2, lactate < 2 mmol/L and NEWS2 of the vitals < 7${circulation}`;
}

/**
 * Screens for sepsis (adults: qSOFA, SIRS, lactate; pregnancy and the 6 weeks after: obstetric criteria; children: paediatric SIRS and
 * organ dysfunction for age; then MAP, vasopressors and septic shock), stores the screen on the timeline with its audit
 * record, and on a high result alerts the care team through the critical-alert trigger. With an
 * `Idempotency-Key`, a repeat returns the first answer and stores nothing.
 */
export async function assessSepsisRisk(ctx: SubgraphContext, input: SepsisRiskInput): Promise<SepsisRiskResult> {
  const request = { ...input, vitals: { ...input.vitals }, labs: input.labs ? { ...input.labs } : input.labs };
  return storeOnceThenAlert<StoredScreen>(ctx, "assessSepsisRisk", request, (markStored) => screenAndStore(ctx, input, markStored));
}

async function screenAndStore(ctx: SubgraphContext, input: SepsisRiskInput, markStored: MarkStored<StoredScreen>): Promise<Stored<StoredScreen>> {
  const k = await getKnowledge(ctx.db);
  validateSepsisRequest(k.sepsis, input);
  const patient = await getPatient(ctx.db, input.patientUhid);
  const v = input.vitals;
  const today = isoDateDaysAgo(0);
  const a = await screenPatient(ctx.db, k, input, patient, today, {
    heart_rate: v.heartRate,
    respiratory_rate: v.respiratoryRate,
    systolic_bp: v.systolicBp,
    temperature: v.temperature,
    gcs: v.gcs,
    wbc: input.labs?.wbc,
    lactate: input.labs?.lactate,
    mean_arterial_pressure: v.meanArterialPressure,
    diastolic_bp: v.diastolicBp,
    vasopressors: input.vasopressors,
  });
  const rulesetVersion = `${SEPSIS_ENGINE_VERSION}; sepsis@${k.versions.sepsis}${isChildScreen(a) || isObstetricScreen(a) ? "" : `; news2@${k.versions.news2}`}`;
  const measured = [`HR ${v.heartRate}`, `RR ${v.respiratoryRate}`, `SBP ${v.systolicBp}`, `T ${v.temperature} °C`, `GCS ${v.gcs}`];
  if (input.labs?.wbc != null) measured.push(`WBC ${input.labs.wbc}`);
  if (input.labs?.lactate != null) measured.push(`lactate ${input.labs.lactate} mmol/L`);
  if (a.meanArterialPressure !== null) measured.push(`MAP ${a.meanArterialPressure}`);
  if (input.vasopressors != null) measured.push(input.vasopressors ? "on a vasopressor" : "no vasopressor");
  const summary = `${a.sepsisRisk}: ${screenScores(a)} (${measured.join(", ")})`;
  const output = {
    sepsisRisk: a.sepsisRisk,
    qsofaScore: a.qsofaScore,
    sirsCriteriaMet: a.sirsCriteriaMet,
    riskProbability: a.riskProbability,
    alertTriggered: a.alertTriggered,
    recommendations: a.recommendations,
    timeToIntervention: a.timeToIntervention,
    qsofaCriteria: a.qsofaCriteriaMet,
    sirsCriteria: a.sirsCriteria,
    notAssessed: a.notAssessed,
    explanation: a.explanation,
    extremeVitals: a.extremeVitals,
    criteria: a.criteria,
    ageGroup: a.ageGroup,
    organDysfunction: a.organDysfunction,
    septicShock: a.septicShock,
    septicShockCriteria: a.septicShockCriteria,
    meanArterialPressure: a.meanArterialPressure,
    requiresReview: true,
  };
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(observations)
      .values({ patientUhid: patient.uhid, code: SEPSIS_SCREEN_CODE, display: screenName(a), value: summary, unit: null, date: today })
      .returning({ id: observations.id });
    const audit = await appendAudit(tx, { actor: ctx.principal, operation: "sepsis_risk", patientUhid: patient.uhid, input, output: { ...output, observationId: row.id }, rulesetVersion, requestId: ctx.requestId });
    const stored: Stored<StoredScreen> = {
      result: { ...output, observationId: row.id, auditId: audit.id, rulesetVersion },
      alert: a.alertTriggered
        ? {
            body: {
              patient_uhid: patient.uhid,
              provider_id: input.providerId?.trim() || ctx.principal.sub,
              observation_id: row.id,
              test_name: `${screenName(a)}: high risk`,
              value: `${screenScores(a)}${input.labs?.lactate != null ? `, lactate ${input.labs.lactate} mmol/L` : ""}${a.extremeVitals.length ? `, ${a.extremeVitals.join(", ")}` : ""}`,
              unit: "score",
              reference_range: referenceRange(a),
              patient_name: `${patient.givenName} ${patient.familyName}`,
            },
            audit: { parentAuditId: audit.id, operation: "sepsis_notification", rulesetVersion },
          }
        : null,
    };
    await markStored(tx, stored);
    return stored;
  });
}
