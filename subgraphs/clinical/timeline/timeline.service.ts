import { and, desc, eq, gte, or } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { fieldError } from "../../../lib/errors.js";
import { diagnoses, encounterNotes, encounters, medications, observations, soapNotes } from "../db/tables.js";
import { digitizedDocumentsForTimeline } from "../digitization/digitization.service.js";
import { getPatient } from "../patient/patient.service.js";
import { TimelineEntries, type PatientTimeline, type TimelineDocument, type TimelineSectionLoaders } from "./timeline.type.js";

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
  const encounterRows = once(() =>
    db
      .select()
      .from(encounters)
      .where(and(eq(encounters.patientUhid, uhid), gte(encounters.date, since)))
      .orderBy(desc(encounters.date)),
  );
  const load: TimelineSectionLoaders = {
    encounters: once(async () =>
      (await encounterRows()).map((e) => ({ id: e.id, date: e.date, type: e.type, chiefComplaint: e.chiefComplaint, facility: e.facility })),
    ),
    diagnoses: once(async () => {
      const rows = await db
        .select()
        .from(diagnoses)
        .where(and(eq(diagnoses.patientUhid, uhid), or(gte(diagnoses.date, since), eq(diagnoses.status, "chronic"))))
        .orderBy(desc(diagnoses.date));
      return rows.map((d) => ({ code: d.code, display: d.display, date: d.date, status: d.status }));
    }),
    medications: once(async () => {
      const rows = await db
        .select()
        .from(medications)
        .where(and(eq(medications.patientUhid, uhid), or(gte(medications.startDate, since), eq(medications.status, "active"))))
        .orderBy(desc(medications.startDate));
      return rows.map((m) => ({ name: m.name, dose: m.dose, frequency: m.frequency, status: m.status, rxnormCode: m.rxnormCode }));
    }),
    observations: once(async () => {
      const rows = await db
        .select()
        .from(observations)
        .where(and(eq(observations.patientUhid, uhid), gte(observations.date, since)))
        .orderBy(desc(observations.date));
      return rows.map((o) => ({ type: o.display, value: o.unit ? `${o.value} ${o.unit}` : o.value, date: o.date, code: o.code }));
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
    db
      .select({ id: soapNotes.id, encounterId: soapNotes.encounterId, createdAt: soapNotes.createdAt })
      .from(soapNotes)
      .where(and(eq(soapNotes.patientUhid, uhid), gte(soapNotes.createdAt, sinceTime))),
    db
      .select({ id: encounterNotes.id, encounterId: encounterNotes.encounterId, createdAt: encounterNotes.recordedAt })
      .from(encounterNotes)
      .where(and(eq(encounterNotes.patientUhid, uhid), gte(encounterNotes.recordedAt, sinceTime))),
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
