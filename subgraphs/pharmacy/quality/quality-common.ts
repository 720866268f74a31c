import { eq, sql } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, fieldError, forbidden } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pharmacies, qualityCounters } from "../db/tables.js";
import { kampalaToday } from "../inventory/ledger.js";

export { kampalaToday };

/** Roles that look at (and audit) every pharmacy's quality records, when not bound to one. */
const ACROSS_PHARMACIES = ["admin", "auditor"];

/**
 * A caller bound to a pharmacy acts for that pharmacy only, whatever its role (an auditor bound to one
 * pharmacy is that pharmacy's auditor: as `visibleTo` reads records); unbound admins and auditors act
 * for any. Before, a bound auditor listed another pharmacy's incidents and created audits there it could
 * then not open.
 */
function mayActFor(principal: Principal, pharmacyId: string): boolean {
  if (principal.pharmacyId) return principal.pharmacyId === pharmacyId;
  return principal.roles.some((r) => ACROSS_PHARMACIES.includes(r));
}

/**
 * The pharmacy a quality write is for: staff default to their own and may not name another (403);
 * admins and auditors (not bound to a pharmacy) must name one.
 */
export async function qualityPharmacyForWrite(db: Db, principal: Principal, requested?: string | null): Promise<typeof pharmacies.$inferSelect> {
  const pharmacyId = requested ?? principal.pharmacyId;
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  if (!isUuid(pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  if (!mayActFor(principal, pharmacyId)) throw forbidden("You may act only for your own pharmacy");
  const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!row) throw fieldError("pharmacyId", "no such pharmacy");
  return row;
}

/** The pharmacy a list is limited to: staff see their own (naming another is 403); admins and auditors all or the one they name. */
export function qualityPharmacyForRead(principal: Principal, requested?: string | null): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (!mayActFor(principal, requested)) throw forbidden("You may read only your own pharmacy's records");
    return requested;
  }
  return principal.pharmacyId;
}

/** A record of another pharmacy is "not found" to staff: ids do not leak across pharmacies. */
export function visibleTo(principal: Principal, pharmacyId: string): boolean {
  return !principal.pharmacyId || principal.pharmacyId === pharmacyId;
}

/**
 * Next document number of the day for a pharmacy, inside the caller's transaction (a rollback gives it
 * back): `QI-KLA-01-20261123-0001` (incident), `CAPA-…`, `QA-…` (audit).
 */
export async function nextQualityNumber(tx: Db, kind: "QI" | "CAPA" | "QA", pharmacy: { id: string; code: string }): Promise<string> {
  const day = kampalaToday().replaceAll("-", "");
  const [{ lastValue }] = await tx
    .insert(qualityCounters)
    .values({ pharmacyId: pharmacy.id, kind, day, lastValue: 1 })
    .onConflictDoUpdate({
      target: [qualityCounters.pharmacyId, qualityCounters.kind, qualityCounters.day],
      set: { lastValue: sql`${qualityCounters.lastValue} + 1` },
    })
    .returning({ lastValue: qualityCounters.lastValue });
  return `${kind}-${pharmacy.code}-${day}-${String(lastValue).padStart(4, "0")}`;
}

/** Text that must say something: trimmed, not empty. */
export function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** `%` and `_` in a user's search text are literal characters, not LIKE wildcards. */
export const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Runs `work` in one database transaction (typed as the plain Db the services use). */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}
