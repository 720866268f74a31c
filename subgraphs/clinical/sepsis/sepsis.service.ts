import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector } from "../../../lib/errors.js";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { appendAudit } from "../audit/audit.service.js";
import type { CriticalAlertOutcome } from "../critical-values/critical-alert.js";
import { storeOnceThenAlert, type MarkStored, type Stored } from "../critical-values/store-once.js";
import { observations } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import type { SepsisKnowledge } from "../knowledge/knowledge.types.js";
import { ageOn } from "../patient/patient-record.js";
import { getPatient } from "../patient/patient.service.js";
import { assessSepsis, SEPSIS_ENGINE_VERSION } from "./sepsis.engine.js";
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
function validate(k: SepsisKnowledge, input: SepsisRiskInput): void {
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

/** qSOFA and SIRS are adult criteria (sepsis.json applies_to): a child is refused with what to use instead. */
function refuseChild(k: SepsisKnowledge, birthDate: string): void {
  const age = ageOn(birthDate);
  if (age >= k.applies_to.min_age_years) return;
  const years = age === 1 ? "1 year" : `${age} years`;
  const advice = k.applies_to.paediatric_advice.join(". ");
  throw badRequest(`The patient is a child (${years}): the adult sepsis screen does not apply`, {
    patientUhid: [`is ${years} old: qSOFA and SIRS are validated from ${k.applies_to.min_age_years} years only. ${advice}`],
  });
}

/**
 * Screens for sepsis (qSOFA, SIRS, lactate), stores the screen on the timeline with its audit
 * record, and on a high result alerts the care team through the critical-alert trigger. With an
 * `Idempotency-Key`, a repeat returns the first answer and stores nothing.
 */
export async function assessSepsisRisk(ctx: SubgraphContext, input: SepsisRiskInput): Promise<SepsisRiskResult> {
  const request = { ...input, vitals: { ...input.vitals }, labs: input.labs ? { ...input.labs } : input.labs };
  return storeOnceThenAlert<StoredScreen>(ctx, "assessSepsisRisk", request, (markStored) => screenAndStore(ctx, input, markStored));
}

async function screenAndStore(ctx: SubgraphContext, input: SepsisRiskInput, markStored: MarkStored<StoredScreen>): Promise<Stored<StoredScreen>> {
  const k = await getKnowledge(ctx.db);
  validate(k.sepsis, input);
  const patient = await getPatient(ctx.db, input.patientUhid);
  refuseChild(k.sepsis, patient.birthDate);
  const v = input.vitals;
  const a = assessSepsis(k.sepsis, {
    heart_rate: v.heartRate,
    respiratory_rate: v.respiratoryRate,
    systolic_bp: v.systolicBp,
    temperature: v.temperature,
    gcs: v.gcs,
    wbc: input.labs?.wbc,
    lactate: input.labs?.lactate,
  }, k.news2);
  const rulesetVersion = `${SEPSIS_ENGINE_VERSION}; sepsis@${k.versions.sepsis}; news2@${k.versions.news2}`;
  const measured = [`HR ${v.heartRate}`, `RR ${v.respiratoryRate}`, `SBP ${v.systolicBp}`, `T ${v.temperature} °C`, `GCS ${v.gcs}`];
  if (input.labs?.wbc != null) measured.push(`WBC ${input.labs.wbc}`);
  if (input.labs?.lactate != null) measured.push(`lactate ${input.labs.lactate} mmol/L`);
  const summary = `${a.sepsisRisk}: qSOFA ${a.qsofaScore}/3, SIRS ${a.sirsCriteriaMet}/4 (${measured.join(", ")})`;
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
    requiresReview: true,
  };
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(observations)
      .values({ patientUhid: patient.uhid, code: SEPSIS_SCREEN_CODE, display: "Sepsis screen (qSOFA/SIRS)", value: summary, unit: null, date: isoDateDaysAgo(0) })
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
              test_name: "Sepsis screen (qSOFA/SIRS): high risk",
              value: `qSOFA ${a.qsofaScore}/3, SIRS ${a.sirsCriteriaMet}/4${input.labs?.lactate != null ? `, lactate ${input.labs.lactate} mmol/L` : ""}${a.extremeVitals.length ? `, ${a.extremeVitals.join(", ")}` : ""}`,
              unit: "score",
              reference_range: "qSOFA < 2, lactate < 2 mmol/L and NEWS2 of the vitals < 7",
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
