/** Shared by the cold-chain services: the caller's pharmacy scope and the monitored subjects. */
import { inArray } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { fieldError } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { coldChainTransports, coldStorageUnits } from "../db/tables.js";
import type { MonitorLimits } from "./detector.js";
import { dateTimeFormat } from "../../../lib/calendar.js";

export const SUBJECT_TYPES = ["storage_unit", "transport"] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** A storage unit or a transport, as the detector and the excursions see it. */
export interface MonitoredSubject extends MonitorLimits {
  type: SubjectType;
  id: string;
  pharmacyId: string;
  name: string;
  /**
   * A transport's journey, departure to arrival (none: still in transit). Its logger's readings outside it
   * (started at the depot before packing, left on the counter after unpacking) are stored but not judged:
   * they are not the shipment's temperature (WHO TRS 961 Annex 9; the PQS E006 logger's start delay).
   */
  judgedFrom?: Date | null;
  judgedUntil?: Date | null;
}

export const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The pharmacy a cold-chain list or write is about: staff their own (another → 403), others the one named or every one. */
export function coldChainPharmacy(principal: Principal, requested: string | null | undefined): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  return principal.pharmacyId;
}

/** Subjects by id (units and transports), for excursion and reading views. */
export async function subjectsById(db: Db, ids: string[]): Promise<Map<string, MonitoredSubject>> {
  const out = new Map<string, MonitoredSubject>();
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  const [units, transports] = await Promise.all([
    db.select().from(coldStorageUnits).where(inArray(coldStorageUnits.id, unique)),
    db.select().from(coldChainTransports).where(inArray(coldChainTransports.id, unique)),
  ]);
  for (const u of units) out.set(u.id, { type: "storage_unit", id: u.id, pharmacyId: u.pharmacyId, name: u.name, minC: u.minC, maxC: u.maxC, toleranceMinutes: u.toleranceMinutes });
  for (const t of transports) out.set(t.id, { type: "transport", id: t.id, pharmacyId: t.pharmacyId, name: `transport ${t.shipmentReference} (${t.origin} → ${t.destination})`, minC: t.minC, maxC: t.maxC, toleranceMinutes: t.toleranceMinutes, judgedFrom: t.departedAt, judgedUntil: t.arrivedAt });
  return out;
}

/** "2–8 °C". */
export const rangeText = (l: MonitorLimits) => `${l.minC}–${l.maxC} °C`;

/** Kampala wall-clock time of an instant, e.g. "1 Mar 2026, 11:05 EAT". */
export function kampalaTime(d: Date): string {
  return `${dateTimeFormat("en-GB", { timeZone: "Africa/Kampala", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(d)} EAT`;
}
