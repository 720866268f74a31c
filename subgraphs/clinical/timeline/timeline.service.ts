import { and, desc, eq, gte, or } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { fieldError } from "../../../lib/errors.js";
import { diagnoses, encounters, medications, observations } from "../db/tables.js";
import { getPatient } from "../patient/patient.service.js";
import type { PatientTimeline } from "./timeline.type.js";

export const DEFAULT_CONTEXT_DAYS = 365;
export const MAX_CONTEXT_DAYS = 3650;

function isoDaysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The patient's history inside the window: encounters and observations dated in it, diagnoses dated
 * in it plus every chronic one, and medications started in it plus every active one (a long-standing
 * chronic condition or medication is context no matter when it was first recorded). Newest first.
 */
export async function buildTimeline(db: Db, uhid: string, days = DEFAULT_CONTEXT_DAYS): Promise<PatientTimeline> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_CONTEXT_DAYS) {
    throw fieldError("days", `must be a whole number of days from 1 to ${MAX_CONTEXT_DAYS}`);
  }
  await getPatient(db, uhid);
  const since = isoDaysAgo(days);
  const [enc, dx, meds, obs] = await Promise.all([
    db
      .select()
      .from(encounters)
      .where(and(eq(encounters.patientUhid, uhid), gte(encounters.date, since)))
      .orderBy(desc(encounters.date)),
    db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.patientUhid, uhid), or(gte(diagnoses.date, since), eq(diagnoses.status, "chronic"))))
      .orderBy(desc(diagnoses.date)),
    db
      .select()
      .from(medications)
      .where(and(eq(medications.patientUhid, uhid), or(gte(medications.startDate, since), eq(medications.status, "active"))))
      .orderBy(desc(medications.startDate)),
    db
      .select()
      .from(observations)
      .where(and(eq(observations.patientUhid, uhid), gte(observations.date, since)))
      .orderBy(desc(observations.date)),
  ]);
  return {
    uhid,
    contextWindow: String(days),
    timeline: {
      encounters: enc.map((e) => ({ id: e.id, date: e.date, type: e.type, chiefComplaint: e.chiefComplaint, facility: e.facility })),
      diagnoses: dx.map((d) => ({ code: d.code, display: d.display, date: d.date, status: d.status })),
      medications: meds.map((m) => ({ name: m.name, dose: m.dose, frequency: m.frequency, status: m.status, rxnormCode: m.rxnormCode })),
      observations: obs.map((o) => ({
        type: o.display,
        value: o.unit ? `${o.value} ${o.unit}` : o.value,
        date: o.date,
        code: o.code,
      })),
    },
  };
}
