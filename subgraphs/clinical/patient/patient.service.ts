import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Db } from "../../../lib/db.js";
import { badRequest, conflict, notFound } from "../../../lib/errors.js";
import { decodeCursor, keysetList, type KeysetPage } from "../../../lib/page-query.js";
import { pageWindow, type PageArgs } from "../../../lib/pagination.js";
import { normalizePhone, type PhoneRegion } from "../../../lib/phone.js";
import { preparedRead } from "../../../lib/prepared.js";
import { patients } from "../db/tables.js";
import type { RegisterPatientInput } from "./patient.type.js";

export type PatientRow = typeof patients.$inferSelect;

/** The `source` of the patient list: this service's own registry. */
export const PATIENT_LIST_SOURCE = "local_registry";

/**
 * The registry in UHID order. Search (`ilike '%term%'` on UHID and names) is served by the trigram
 * indexes of migration 0008; a page by number skips rows on the primary key alone (index-only), from a
 * bookmark when deep, then reads only the page's rows; `after` walks by UHID without skipping at all.
 */
export async function listPatients(
  db: Db,
  args: Partial<PageArgs> & { search?: string | null; after?: string | null; total?: boolean },
): Promise<KeysetPage<PatientRow> & { source: string }> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  // Each word of the search matches the UHID or a name ("Nakato Ssekandi", "ssekandi nakato"): a full
  // name typed as written found nobody when the whole text was matched against each column alone.
  // Punctuation around a word is dropped ("Ochieng'," → Ochieng); inside one it stays (Ng'ang'a).
  for (const word of searchWords(args.search)) {
    const term = `%${word.replace(/[%_\\]/g, "\\$&")}%`;
    filters.push(or(ilike(patients.uhid, term), ilike(patients.givenName, term), ilike(patients.familyName, term))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const after = args.after ? decodeCursor(args.after) : null;
  const page = await keysetList(db, w, { table: patients, columns: [patients.uhid], where, after, total: args.total });
  return { ...page, source: PATIENT_LIST_SOURCE };
}

/** The words of a patient search, without the punctuation around them; at most 5 (a name, not a note). */
export function searchWords(search: string | null | undefined): string[] {
  const text = (search ?? "").trim();
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean)
    .slice(0, 5);
  // Punctuation alone ("%", "-") is searched as written, not dropped into "every patient".
  return words.length || !text ? words : [text];
}

const patientByUhid = preparedRead((db) => db.select().from(patients).where(eq(patients.uhid, sql.placeholder("uhid"))).prepare("patient_by_uhid"));

export async function findPatient(db: Db, uhid: string): Promise<PatientRow | undefined> {
  const [row] = await patientByUhid(db, { uhid });
  return row;
}

export async function getPatient(db: Db, uhid: string): Promise<PatientRow> {
  const row = await findPatient(db, uhid);
  if (!row) throw notFound("Patient", uhid);
  return row;
}

/** UHIDs we mint look like UG-2026-004217 (country, year, six digits). */
function mintUhid(): string {
  return `UG-${new Date().getUTCFullYear()}-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/**
 * Registers a patient. The phone is stored in E.164 (lib/phone.ts): it is where notifications reach a
 * patient without preferences, so a number the SMS gateway would refuse is a 400 here.
 */
export async function registerPatient(db: Db, input: RegisterPatientInput, phoneRegion: PhoneRegion): Promise<PatientRow> {
  const birth = new Date(`${input.birthDate}T00:00:00Z`);
  if (Number.isNaN(birth.getTime()) || birth.toISOString().slice(0, 10) !== input.birthDate) {
    throw badRequest("Invalid birth date", { birthDate: ["is not a calendar date"] });
  }
  if (birth > new Date()) throw badRequest("Invalid birth date", { birthDate: ["is in the future"] });
  const phone = input.phone?.trim() ? normalizePhone(input.phone, phoneRegion) : null;
  if (input.phone?.trim() && !phone) throw badRequest("Invalid phone number", { phone: ["must be a phone number, e.g. +256700000001 or 0700 000 001"] });
  const uhid = input.uhid ?? mintUhid();
  const [row] = await db
    .insert(patients)
    .values({ ...input, phone, uhid, source: PATIENT_LIST_SOURCE })
    .onConflictDoNothing({ target: patients.uhid })
    .returning();
  if (!row) throw conflict(`A patient with UHID ${uhid} already exists`);
  return row;
}
