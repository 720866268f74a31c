import { and, desc, eq, inArray } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import { ageOnDate } from "../../../lib/calendar.js";
import { badRequest, FieldErrorCollector } from "../../../lib/errors.js";
import { appendAuditNow } from "../audit/audit.service.js";
import { CRITICAL_VALUE_ENGINE_VERSION } from "../critical-values/critical-values.engine.js";
import { diagnoses, encounterNotes, medications, observations } from "../db/tables.js";
import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { loadPatientRecord } from "../patient/patient-record.js";
import { getPatient } from "../patient/patient.service.js";
import { HANDOFF_ENGINE_VERSION, buildHandoffSummary } from "./handoff-summary.engine.js";
import { buildMedicationSchedule, isCalendarDate, MEDICATION_SCHEDULE_ENGINE_VERSION, todayIn } from "./medication-schedule.engine.js";
import { NEWS2_ENGINE_VERSION, news2Applicability, scoreNews2, type News2Vitals } from "./news2.engine.js";
import { consciousnessProblem, latestRecordedVitals, oldestUsableVitalDate, parseConsciousness, usableRecordedVitals, VITAL_NAMES, type RecordedVital, type VitalName } from "./record-vitals.js";
import type { HandoffSummaryInput, HandoffSummaryResult, MedicationScheduleInput, MedicationScheduleResult, NurseAssessmentInput, NurseAssessmentResult } from "./nurse-assistant.type.js";

/** Plausible ranges: outside them the value is a typing or unit error (a temperature of 101 is °F). */
const RANGES: Partial<Record<VitalName, [number, number, string]>> = {
  respirationRate: [0, 80, "breaths per minute, 0-80"],
  spo2: [40, 100, "a percentage, 40-100"],
  systolicBp: [30, 300, "mmHg, 30-300"],
  pulse: [0, 300, "beats per minute, 0-300"],
  temperature: [25, 45, "degrees Celsius, 25-45"],
};

/**
 * NEWS2 from the vitals in the request, completed from the patient's latest recorded observations
 * (LOINC codes in knowledge/news2.json) when a uhid is given. Every parameter must come from one or
 * the other: a missing one is a 400 naming it, never assumed normal. A patient under 16 is a 400 (NEWS2 is
 * an adult score); in pregnancy the score carries the warning of knowledge/news2.json `population`.
 */
export async function assessPatient(ctx: SubgraphContext, input: NurseAssessmentInput): Promise<NurseAssessmentResult> {
  const k = await getKnowledge(ctx.db);
  const given = input.vitals ?? {};
  const errors = new FieldErrorCollector();
  if (!input.patientUhid && !input.vitals) errors.add("vitals", "give the vitals, a patientUhid whose record holds them, or both");
  for (const [name, [lo, hi, what]] of Object.entries(RANGES) as [VitalName, [number, number, string]][]) {
    const v = given[name] as number | null | undefined;
    if (v !== null && v !== undefined && !(Number.isFinite(v) && v >= lo && v <= hi)) errors.add(`vitals.${name}`, `must be ${what}`);
  }
  const consciousness = given.consciousness != null ? parseConsciousness(given.consciousness) : undefined;
  if (given.consciousness != null && !consciousness) errors.add("vitals.consciousness", consciousnessProblem(given.consciousness));
  if (given.spo2Scale != null && given.spo2Scale !== 1 && given.spo2Scale !== 2) errors.add("vitals.spo2Scale", "must be 1 or 2");
  errors.throwIfAny("Invalid assessment request");

  const sources: Record<string, string> = {};
  const vitals: Partial<Record<VitalName, unknown>> = {};
  const stale: Partial<Record<VitalName, string>> = {};
  for (const name of VITAL_NAMES) {
    const v = name === "consciousness" ? consciousness : given[name];
    if (v !== null && v !== undefined) {
      vitals[name] = v;
      sources[name] = "request";
    }
  }
  let populationNote: string | null = null;
  if (input.patientUhid) {
    const patient = await getPatient(ctx.db, input.patientUhid);
    const today = todayIn(k.administrationTimes.timezone);
    const dx = await ctx.db.select({ code: diagnoses.code, status: diagnoses.status, date: diagnoses.date }).from(diagnoses).where(eq(diagnoses.patientUhid, input.patientUhid));
    const applies = news2Applicability(k.news2.population, ageOnDate(patient.birthDate, today).years, dx, today);
    if (!applies.scored) throw badRequest("NEWS2 does not apply to this patient", { patientUhid: [applies.note!] });
    populationNote = applies.note;
    const missing = VITAL_NAMES.filter((n) => vitals[n] === undefined);
    if (missing.length) {
      const codes = Object.values(k.news2.record_codes).filter(Array.isArray).flat();
      const obs = await ctx.db
        .select({ code: observations.code, value: observations.value, unit: observations.unit, date: observations.date })
        .from(observations)
        .where(and(eq(observations.patientUhid, input.patientUhid), inArray(observations.code, codes)))
        .orderBy(desc(observations.date));
      const found = usableRecordedVitals(missing, latestRecordedVitals(k.news2, obs), oldestUsableVitalDate(k.administrationTimes.timezone));
      Object.assign(stale, found.stale);
      for (const [n, r] of Object.entries(found.usable) as [VitalName, RecordedVital][]) {
        vitals[n] = r.value;
        sources[n] = `record ${r.date}`;
      }
    }
  }
  for (const n of VITAL_NAMES) {
    if (vitals[n] !== undefined) continue;
    if (stale[n]) errors.add(`vitals.${n}`, `is required: last recorded ${stale[n]}, too old to score the patient now (NEWS2 uses current observations); measure it`);
    else errors.add(`vitals.${n}`, input.patientUhid ? "is required: not in the request nor in the patient's record" : "is required");
  }
  errors.throwIfAny("Incomplete vital signs for NEWS2");

  const result = scoreNews2(k.news2, { ...(vitals as Omit<News2Vitals, "spo2Scale">), spo2Scale: given.spo2Scale === 2 ? 2 : 1 });
  const sourceOf = (parameter: string) => sources[parameter === "air_or_oxygen" ? "supplementalOxygen" : parameter.startsWith("spo2") ? "spo2" : parameter.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];
  const rulesetVersion = `${NEWS2_ENGINE_VERSION}; news2@${k.news2.version}`;
  const output = {
    patientUhid: input.patientUhid ?? null,
    news2Score: result.total,
    clinicalRisk: result.clinicalRisk,
    singleParameterRed: result.singleParameterRed,
    parameters: result.parameters.map((p) => ({ ...p, source: sourceOf(p.parameter) })),
    monitoringFrequency: result.monitoringFrequency,
    response: result.response,
    escalation: result.escalation,
    escalate: result.escalate,
    notes: populationNote ? [populationNote, ...result.notes] : result.notes,
    source: k.news2.source,
    requiresReview: true,
  };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "nurse_assessment", patientUhid: input.patientUhid ?? null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/** The day's administration times of the patient's active medications (Africa/Kampala). */
export async function medicationSchedule(ctx: SubgraphContext, input: MedicationScheduleInput): Promise<MedicationScheduleResult> {
  const k = await getKnowledge(ctx.db);
  const times = k.administrationTimes;
  if (input.date != null && !isCalendarDate(input.date)) {
    new FieldErrorCollector().add("date", "must be a calendar date, YYYY-MM-DD").throwIfAny("Invalid medication schedule request");
  }
  await getPatient(ctx.db, input.patientUhid);
  const date = input.date ?? todayIn(times.timezone);
  const meds = await ctx.db
    .select({ name: medications.name, code: medications.rxnormCode, dose: medications.dose, frequency: medications.frequency, startDate: medications.startDate })
    .from(medications)
    .where(and(eq(medications.patientUhid, input.patientUhid), eq(medications.status, "active")))
    .orderBy(medications.name);
  // A course that starts after the day is not due yet.
  // Ingredients from the drug knowledge base, so the same medicine recorded twice is caught.
  const due = meds.filter((m) => m.startDate <= date).map(({ code, ...m }) => ({ ...m, ingredients: identifyDrug(k, { code, name: m.name }, [])?.drug.ingredients ?? null }));
  const schedule = buildMedicationSchedule(times, due, date);
  const rulesetVersion = `${MEDICATION_SCHEDULE_ENGINE_VERSION}; administration-times@${times.version}; drugs@${k.versions.drugs}`;
  const output = { patientUhid: input.patientUhid, ...schedule, source: times.source, requiresReview: true };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "nurse_medication_schedule", patientUhid: input.patientUhid, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/** SBAR handoff from the record, reusing NEWS2, the critical-values engine and the copilot context. */
export async function handoffSummary(ctx: SubgraphContext, input: HandoffSummaryInput): Promise<HandoffSummaryResult> {
  const k = await getKnowledge(ctx.db);
  const record = await loadPatientRecord(ctx.db, input.patientUhid);
  // The current encounter's notes (plans and pending items written there are handed on).
  const current = record.enc[0];
  const notes = current
    ? (await ctx.db.select({ text: encounterNotes.text, recordedAt: encounterNotes.recordedAt }).from(encounterNotes).where(and(eq(encounterNotes.encounterId, current.id), eq(encounterNotes.patientUhid, input.patientUhid))).orderBy(desc(encounterNotes.recordedAt)).limit(20)).map((n) => ({ text: n.text, recordedAt: n.recordedAt.toISOString() }))
    : [];
  const summary = buildHandoffSummary(k, record, new Date(), notes);
  const rulesetVersion = [HANDOFF_ENGINE_VERSION, NEWS2_ENGINE_VERSION, CRITICAL_VALUE_ENGINE_VERSION, `news2@${k.news2.version}`, `lab-limits@${k.versions["lab-limits"]}`, `drugs@${k.versions.drugs}`, `reminders@${k.versions.reminders}`].join("; ");
  const output = { patientUhid: input.patientUhid, ...summary, requiresReview: true };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "nurse_handoff_summary", patientUhid: input.patientUhid, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}
