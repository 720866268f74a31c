import { desc, eq } from "drizzle-orm";
import { ageOnDate } from "../../../lib/calendar.js";
import type { Db } from "../../../lib/db.js";
import { allergies, diagnoses, encounters, medications, observations } from "../db/tables.js";
import { getPatient, type PatientRow } from "./patient.service.js";

/** Everything stored about one patient, newest first: the input of the risk scores and the copilot. */
export interface PatientRecord {
  patient: PatientRow;
  age: number;
  dx: (typeof diagnoses.$inferSelect)[];
  meds: (typeof medications.$inferSelect)[];
  obs: (typeof observations.$inferSelect)[];
  enc: (typeof encounters.$inferSelect)[];
  allergies: (typeof allergies.$inferSelect)[];
}

/** Age in whole years on `today` (its UTC date). */
export function ageOn(birthDate: string, today = new Date()): number {
  return ageOnDate(birthDate, today.toISOString().slice(0, 10)).years;
}

export async function loadPatientRecord(db: Db, uhid: string): Promise<PatientRecord> {
  const patient = await getPatient(db, uhid);
  const [dx, meds, obs, enc, alg] = await Promise.all([
    db.select().from(diagnoses).where(eq(diagnoses.patientUhid, uhid)).orderBy(desc(diagnoses.date)),
    db.select().from(medications).where(eq(medications.patientUhid, uhid)).orderBy(desc(medications.startDate)),
    db.select().from(observations).where(eq(observations.patientUhid, uhid)).orderBy(desc(observations.date)),
    db.select().from(encounters).where(eq(encounters.patientUhid, uhid)).orderBy(desc(encounters.date)),
    db.select().from(allergies).where(eq(allergies.patientUhid, uhid)),
  ]);
  return { patient, age: ageOn(patient.birthDate), dx, meds, obs, enc, allergies: alg };
}
