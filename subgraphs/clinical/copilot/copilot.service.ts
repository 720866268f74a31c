import { and, eq, sql } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, FieldErrorCollector, notFound } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { copilotSessions, encounters } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { assessChartedResult } from "../critical-values/censored-result.js";
import { conversionFactor } from "../critical-values/critical-values.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import { loadPatientRecord, type PatientRecord } from "../patient/patient-record.js";
import { buildPatientContext, type CopilotAlert, type PatientContext } from "./copilot-context.engine.js";
import { analyzeSymptoms, COPILOT_ENGINE_VERSION, pregnantFromRecord, type SymptomPatient } from "./symptom-analysis.engine.js";
import type { AnalyzeSymptomsInput, CopilotSession, CopilotStartInput, SymptomAnalysisResult } from "./copilot.type.js";

/**
 * Critical alerts for the patient's lab results charted today (lab-limits.json, as critical values
 * assess them), as copilot alerts of severity major. A stored value that is not a number, or whose
 * unit the limits do not accept, is skipped: it was checked when it was charted.
 */
export function criticalResultsToday(k: Knowledge, record: PatientRecord, today = isoDateDaysAgo(0)): CopilotAlert[] {
  const alerts: CopilotAlert[] = [];
  for (const o of record.obs) {
    const test = k.labTests.get(o.code);
    const value = Number(o.value);
    if (o.date !== today || !test || !Number.isFinite(value) || conversionFactor(test, o.unit) === undefined) continue;
    const { assessment: a, shown } = assessChartedResult(test, value, o, record.patient);
    if (!a.isCritical) continue;
    const adult = record.age < 18 ? " (adult limits: the patient is a child)" : "";
    alerts.push({
      type: "critical_result",
      severity: "major",
      message: `Critical result today: ${test.name} ${shown}${o.unit ? ` ${o.unit}` : ""} (critical ${a.criticalLimits})${adult}. ${test.significance[a.deviation === "severely_low" ? "low" : "high"]}`,
      source: `knowledge/lab-limits.json critical limits (${test.source.critical_limits ?? "lab-limits"})`,
    });
  }
  return alerts;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SEVERITIES = ["mild", "moderate", "severe"] as const;

interface StoredContext {
  patientContext: PatientContext;
  alerts: CopilotAlert[];
  patient: SymptomPatient;
}

/** Starts a copilot session: builds the patient context and alerts, stores the session, audits. */
export async function startCopilotSession(db: Db, principal: Principal, input: CopilotStartInput, requestId?: string): Promise<CopilotSession> {
  if (!UUID.test(input.encounterId)) new FieldErrorCollector().add("encounterId", "must be a UUID").throwIfAny("Invalid copilot start request");
  const [k, record] = await Promise.all([getKnowledge(db), loadPatientRecord(db, input.patientUhid)]);
  const [known] = await db.select({ patientUhid: encounters.patientUhid }).from(encounters).where(eq(encounters.id, input.encounterId));
  if (known && known.patientUhid !== input.patientUhid) {
    new FieldErrorCollector().add("encounterId", `belongs to another patient than ${input.patientUhid}`).throwIfAny("Invalid copilot start request");
  }
  const built = buildPatientContext(k, record);
  const context = built.context;
  // Today's critical results lead the alerts: a critical potassium charted this morning matters more
  // than any reminder (the result was alerted when charted; the copilot must not bury it).
  const alerts = [...criticalResultsToday(k, record), ...built.alerts];
  const stored: StoredContext = { patientContext: context, alerts, patient: { age: record.age, sex: record.patient.sex, diagnosisCodes: [...new Set(record.dx.map((d) => d.code))], pregnant: pregnantFromRecord(k, record.patient.sex, record.dx, isoDateDaysAgo(0)) } };
  const rulesetVersion = `${COPILOT_ENGINE_VERSION}; drugs@${k.versions.drugs}; drug-interactions@${k.versions["drug-interactions"]}; drug-conditions@${k.versions["drug-conditions"]}; drug-allergies@${k.versions["drug-allergies"]}; reminders@${k.versions.reminders}; lab-limits@${k.versions["lab-limits"]}`;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [session] = await tx
      .insert(copilotSessions)
      .values({ encounterId: input.encounterId, patientUhid: input.patientUhid, providerId: input.providerId, startedBy: principal.sub, context: stored })
      .returning({ id: copilotSessions.id });
    const output = { sessionId: session.id, patientContext: context, alerts, encounterId: input.encounterId, patientUhid: input.patientUhid, providerId: input.providerId, requiresReview: true };
    const audit = await appendAudit(tx, { actor: principal, operation: "copilot_start", patientUhid: input.patientUhid, input, output, rulesetVersion, requestId });
    return { ...output, auditId: audit.id, rulesetVersion };
  });
}

/**
 * Analyses one session keeps. A session is one encounter, whose symptoms may be analysed again as they
 * change; every analysis is appended to the session's row, so without a bound one credential (60 a
 * minute) could grow a row without end and make every append rewrite it.
 */
export const MAX_ANALYSES_PER_SESSION = 50;

/** Ranks a differential for the session's patient, stores the analysis on the session, audits. */
export async function analyzeSessionSymptoms(db: Db, principal: Principal, input: AnalyzeSymptomsInput, requestId?: string): Promise<SymptomAnalysisResult> {
  const errors = new FieldErrorCollector();
  input.symptoms.forEach((s, i) => {
    if (!s.trim() || s.length > 200) errors.add(`symptoms.${i}`, "must be 1-200 characters");
  });
  if (input.severity && !(SEVERITIES as readonly string[]).includes(input.severity.toLowerCase())) errors.add("severity", `must be one of ${SEVERITIES.join(", ")}`);
  errors.throwIfAny("Invalid symptom analysis request");
  const [session] = UUID.test(input.sessionId) ? await db.select().from(copilotSessions).where(eq(copilotSessions.id, input.sessionId)) : [];
  if (!session) throw notFound("Copilot session", input.sessionId);
  const k = await getKnowledge(db);
  const stored = session.context as StoredContext;
  const analysis = analyzeSymptoms(k, input, stored.patient);
  const rulesetVersion = `${COPILOT_ENGINE_VERSION}; symptoms@${k.versions.symptoms}`;
  const output = { ...analysis, sessionId: session.id, requiresReview: true };
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const audit = await appendAudit(tx, { actor: principal, operation: "copilot_analyze_symptoms", patientUhid: session.patientUhid, input, output, rulesetVersion, requestId });
    const entry = { at: new Date().toISOString(), auditId: audit.id, input, differential: analysis.differentialDiagnosis, urgency: analysis.urgency };
    const stored = await tx
      .update(copilotSessions)
      .set({ analyses: sql`${copilotSessions.analyses} || ${JSON.stringify([entry])}::jsonb` })
      .where(and(eq(copilotSessions.id, session.id), sql`jsonb_array_length(${copilotSessions.analyses}) < ${MAX_ANALYSES_PER_SESSION}`))
      .returning({ id: copilotSessions.id });
    // Checked in the update itself (under the row lock), so concurrent analyses cannot pass the bound; the audit record rolls back with it.
    if (!stored.length) throw conflict(`Copilot session ${session.id} already holds ${MAX_ANALYSES_PER_SESSION} symptom analyses: start a new session for this encounter`);
    return { ...output, auditId: audit.id, rulesetVersion };
  });
}
