import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { appendAudit } from "../audit/audit.service.js";
import type { CriticalAlertOutcome } from "../critical-values/critical-alert.js";
import { storeOnceThenAlert, type MarkStored, type Stored } from "../critical-values/store-once.js";
import { observations } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { assessSepsis, SEPSIS_ENGINE_VERSION } from "./sepsis.engine.js";
import type { SepsisRiskInput, SepsisRiskResult } from "./sepsis.type.js";

/** Local code of the stored screen: no confirmed LOINC code exists in our sources for a qSOFA/SIRS screen. */
export const SEPSIS_SCREEN_CODE = "local:sepsis-screen";

type StoredScreen = Omit<SepsisRiskResult, keyof CriticalAlertOutcome>;

/** Physiologically possible ranges; outside them the value is a typing or unit error (e.g. °F). */
const RANGES: [string, number, number, string][] = [
  ["vitals.heartRate", 0, 300, "beats per minute (0-300)"],
  ["vitals.respiratoryRate", 0, 100, "breaths per minute (0-100)"],
  ["vitals.systolicBp", 0, 350, "mmHg (0-350)"],
  ["vitals.temperature", 20, 45, "degrees Celsius (20-45)"],
  ["vitals.gcs", 3, 15, "a Glasgow coma score from 3 to 15"],
  ["labs.wbc", 0, 500, "×10⁹/L (0-500)"],
  ["labs.lactate", 0, 40, "mmol/L (0-40)"],
];

function validate(input: SepsisRiskInput): void {
  const errors = new FieldErrorCollector();
  const get = (path: string) => path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | null | undefined)?.[k], input);
  for (const [path, min, max, what] of RANGES) {
    const v = get(path);
    if (v === null || v === undefined) continue;
    if (typeof v !== "number" || !Number.isFinite(v) || v < min || v > max) errors.add(path, `must be ${what}`);
  }
  errors.throwIfAny("Invalid sepsis risk request");
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
  validate(input);
  const patient = await getPatient(ctx.db, input.patientUhid);
  const k = await getKnowledge(ctx.db);
  const v = input.vitals;
  const a = assessSepsis(k.sepsis, {
    heart_rate: v.heartRate,
    respiratory_rate: v.respiratoryRate,
    systolic_bp: v.systolicBp,
    temperature: v.temperature,
    gcs: v.gcs,
    wbc: input.labs?.wbc,
    lactate: input.labs?.lactate,
  });
  const rulesetVersion = `${SEPSIS_ENGINE_VERSION}; sepsis@${k.versions.sepsis}`;
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
              value: `qSOFA ${a.qsofaScore}/3, SIRS ${a.sirsCriteriaMet}/4${input.labs?.lactate != null ? `, lactate ${input.labs.lactate} mmol/L` : ""}`,
              unit: "score",
              reference_range: "qSOFA < 2 and lactate < 2 mmol/L",
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
