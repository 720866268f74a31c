import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { fieldError } from "../../../lib/errors.js";
import { preparedRead } from "../../../lib/prepared.js";
import { diagnoses, encounterNotes, encounters, medications, observations, soapNotes } from "../db/tables.js";
import { digitizedDocumentsForTimeline } from "../digitization/digitization.service.js";
import { getPatient } from "../patient/patient.service.js";
import { TimelineEntries, type PatientTimeline, type TimelineDocument, type TimelineSectionLoaders } from "./timeline.type.js";
import { asPrinted } from "../critical-values/censored-result.js";

export const DEFAULT_CONTEXT_DAYS = 365;
export const MAX_CONTEXT_DAYS = 3650;

function isoDaysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** Runs `load` on the first call only; later calls share its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= load());
}

// Each section's statement, built once (lib/prepared.ts): values `uhid` and `since` (a date, or an ISO time for notes).
const patientParam = sql.placeholder("uhid");
const sinceParam = sql.placeholder("since");
const encountersSince = preparedRead((db) =>
  db.select().from(encounters).where(and(eq(encounters.patientUhid, patientParam), gte(encounters.date, sinceParam))).orderBy(desc(encounters.date)).prepare("timeline_encounters"),
);
const diagnosesSince = preparedRead((db) =>
  db
    .select()
    .from(diagnoses)
    .where(and(eq(diagnoses.patientUhid, patientParam), or(gte(diagnoses.date, sinceParam), eq(diagnoses.status, "chronic"))))
    .orderBy(desc(diagnoses.date))
    .prepare("timeline_diagnoses"),
);
const medicationsSince = preparedRead((db) =>
  db
    .select()
    .from(medications)
    .where(and(eq(medications.patientUhid, patientParam), or(gte(medications.startDate, sinceParam), eq(medications.status, "active"))))
    .orderBy(desc(medications.startDate))
    .prepare("timeline_medications"),
);
const observationsSince = preparedRead((db) =>
  db.select().from(observations).where(and(eq(observations.patientUhid, patientParam), gte(observations.date, sinceParam))).orderBy(desc(observations.date)).prepare("timeline_observations"),
);
const soapNotesSince = preparedRead((db) =>
  db
    .select({ id: soapNotes.id, encounterId: soapNotes.encounterId, createdAt: soapNotes.createdAt })
    .from(soapNotes)
    .where(and(eq(soapNotes.patientUhid, patientParam), gte(soapNotes.createdAt, sinceParam)))
    .prepare("timeline_soap_notes"),
);
const encounterNotesSince = preparedRead((db) =>
  db
    .select({ id: encounterNotes.id, encounterId: encounterNotes.encounterId, createdAt: encounterNotes.recordedAt })
    .from(encounterNotes)
    .where(and(eq(encounterNotes.patientUhid, patientParam), gte(encounterNotes.recordedAt, sinceParam)))
    .prepare("timeline_encounter_notes"),
);

/**
 * The patient's history inside the window: encounters and observations dated in it, diagnoses dated
 * in it plus every chronic one, and medications started in it plus every active one (a long-standing
 * chronic condition or medication is context no matter when it was first recorded). Newest first.
 *
 * Each section is queried when it is first read, so an operation pays only for the sections it
 * selects. `patientKnown` skips the 404 check when the caller already holds the patient (the
 * `Patient.timeline` field).
 */
export async function buildTimeline(db: Db, uhid: string, days = DEFAULT_CONTEXT_DAYS, patientKnown = false): Promise<PatientTimeline> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_CONTEXT_DAYS) {
    throw fieldError("days", `must be a whole number of days from 1 to ${MAX_CONTEXT_DAYS}`);
  }
  if (!patientKnown) await getPatient(db, uhid);
  const since = isoDaysAgo(days);
  const sinceTime = new Date(`${since}T00:00:00Z`);
  const encounterRows = once(() => encountersSince(db, { uhid, since }));
  const load: TimelineSectionLoaders = {
    encounters: once(async () =>
      (await encounterRows()).map((e) => ({ id: e.id, date: e.date, type: e.type, chiefComplaint: e.chiefComplaint, facility: e.facility })),
    ),
    diagnoses: once(async () => {
      const rows = await diagnosesSince(db, { uhid, since });
      return rows.map((d) => ({ code: d.code, display: d.display, date: d.date, status: d.status }));
    }),
    medications: once(async () => {
      const rows = await medicationsSince(db, { uhid, since });
      return rows.map((m) => ({ name: m.name, dose: m.dose, frequency: m.frequency, status: m.status, rxnormCode: m.rxnormCode }));
    }),
    observations: once(async () => {
      const rows = await observationsSince(db, { uhid, since });
      // A censored result reads as printed: "> 33.3 mmol/L".
      return rows.map((o) => ({ type: o.display, value: [asPrinted(o.value, o.comparator), o.unit].filter(Boolean).join(" "), date: o.date, code: o.code }));
    }),
    documents: once(() => loadDocuments(db, uhid, sinceTime, encounterRows)),
  };
  return { uhid, contextWindow: String(days), timeline: new TimelineEntries(load) };
}

/** SOAP notes, encounter notes and digitized documents written in the window, newest first. */
async function loadDocuments(
  db: Db,
  uhid: string,
  sinceTime: Date,
  encounterRows: () => Promise<{ id: string; date: string }[]>,
): Promise<TimelineDocument[]> {
  const [enc, soap, notes, digitized] = await Promise.all([
    encounterRows(),
    // A time goes as drizzle would send it inline (a placeholder's value is not encoded by its column).
    soapNotesSince(db, { uhid, since: sinceTime.toISOString() }),
    encounterNotesSince(db, { uhid, since: sinceTime.toISOString() }),
    digitizedDocumentsForTimeline(db, uhid, sinceTime),
  ]);
  const encounterDate = new Map(enc.map((e) => [e.id, e.date]));
  return [
    ...soap.map((d) => ({ ...d, type: "soap_note", title: "SOAP note" })),
    ...notes.map((d) => ({ ...d, type: "encounter_note", title: "Encounter note" })),
    ...digitized.map((d) => ({ id: d.id, createdAt: d.createdAt, encounterId: d.encounterId, type: "digitized_document", title: `Digitized ${d.documentClass.replace(/_/g, " ")}${d.filename ? ` (${d.filename})` : ""}` })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((d) => {
      const encounterOn = d.encounterId ? encounterDate.get(d.encounterId) : undefined;
      return { id: d.id, type: d.type, date: d.createdAt.toISOString().slice(0, 10), title: encounterOn ? `${d.title} (encounter of ${encounterOn})` : d.title, encounterId: d.encounterId };
    });
}
