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
  errors.throwIfAny("Invalid sepsis risk request");
}

/** The screen for the patient's age on `today` (adult qSOFA/SIRS or paediatric SIRS); a birth date after the screen is a 400. */
function screenPatient(k: Knowledge, birthDate: string, today: string, inputs: SepsisInputs): SepsisAssessment {
  const age = ageOnDate(birthDate, today);
  if (age.days < 0) throw badRequest("The patient's birth date is after the screen", { patientUhid: [`has birth date ${birthDate}, after ${today}: correct the record`] });
  return screenForAge(k.sepsis, age, inputs, k.news2);
}

const isChildScreen = (a: SepsisAssessment) => a.ageGroup !== null;

/** What the timeline and the alert call the screen. */
const screenName = (a: SepsisAssessment) => (isChildScreen(a) ? "Sepsis screen (paediatric SIRS)" : "Sepsis screen (qSOFA/SIRS)");

function screenScores(a: SepsisAssessment): string {
  return isChildScreen(a) ? `pSIRS ${a.sirsCriteriaMet}/4 (${a.ageGroup})${a.organDysfunction.length ? `, ${a.organDysfunction.join(", ")}` : ""}` : `qSOFA ${a.qsofaScore}/3, SIRS ${a.sirsCriteriaMet}/4`;
}

/**
 * Screens for sepsis (adults: qSOFA, SIRS, lactate; children: paediatric SIRS and organ dysfunction for age), stores the screen on the timeline with its audit
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
  const a = screenPatient(k, patient.birthDate, today, {
    heart_rate: v.heartRate,
    respiratory_rate: v.respiratoryRate,
    systolic_bp: v.systolicBp,
    temperature: v.temperature,
    gcs: v.gcs,
    wbc: input.labs?.wbc,
    lactate: input.labs?.lactate,
  });
  const rulesetVersion = `${SEPSIS_ENGINE_VERSION}; sepsis@${k.versions.sepsis}${isChildScreen(a) ? "" : `; news2@${k.versions.news2}`}`;
  const measured = [`HR ${v.heartRate}`, `RR ${v.respiratoryRate}`, `SBP ${v.systolicBp}`, `T ${v.temperature} °C`, `GCS ${v.gcs}`];
  if (input.labs?.wbc != null) measured.push(`WBC ${input.labs.wbc}`);
  if (input.labs?.lactate != null) measured.push(`lactate ${input.labs.lactate} mmol/L`);
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
              reference_range: isChildScreen(a) ? "systolic BP at or above the limit for age and GCS above 11" : "qSOFA < 2, lactate < 2 mmol/L and NEWS2 of the vitals < 7",
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
