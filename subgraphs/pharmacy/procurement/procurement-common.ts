import { eq, sql } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, fieldError } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pharmacies, procurementCounters, suppliers } from "../db/tables.js";
import { kampalaToday } from "../inventory/ledger.js";
import { medicationByCode } from "../inventory/medications/catalog.js";

/**
 * A medication code must name a medicine of the pharmacy's medication catalog (RxNorm ingredient
 * RxCUI, or a `local:` code where no RxCUI is confirmed): procurement never guesses a code.
 */
export function medicationCodeProblem(code: string): string | null {
  return medicationByCode(code) ? null : "is not in the medication catalog (/api/v1/pharmacy/inventory/medications/)";
}

/** The calendar day in Kampala (UTC+3) as YYYY-MM-DD: "today" for delivery and expiry dates (the ledger's "today"). */
export const kampalaDate = kampalaToday;

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Next document number of the day for a pharmacy, inside the caller's transaction (a rollback gives it
 * back, so numbers have no gaps): `PO-KLA-01-20261123-0001`, `GRN-KLA-01-20261123-0001`.
 */
export async function nextDocumentNumber(tx: Db, kind: "po" | "grn", pharmacy: { id: string; code: string }): Promise<string> {
  const day = kampalaDate().replaceAll("-", "");
  const [{ lastValue }] = await tx
    .insert(procurementCounters)
    .values({ pharmacyId: pharmacy.id, kind, day, lastValue: 1 })
    .onConflictDoUpdate({
      target: [procurementCounters.pharmacyId, procurementCounters.kind, procurementCounters.day],
      set: { lastValue: sql`${procurementCounters.lastValue} + 1` },
    })
    .returning({ lastValue: procurementCounters.lastValue });
  return `${kind.toUpperCase()}-${pharmacy.code}-${day}-${String(lastValue).padStart(4, "0")}`;
}

/**
 * The pharmacy a procurement write is for: staff default to their own and may not name another (403);
 * callers not bound to a pharmacy (admins) must name one.
 */
export async function pharmacyForWrite(db: Db, principal: Principal, requested?: string | null): Promise<typeof pharmacies.$inferSelect> {
  const pharmacyId = requested ?? principal.pharmacyId;
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  if (!isUuid(pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, pharmacyId);
  const [row] = await db.select().from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!row) throw fieldError("pharmacyId", "no such pharmacy");
  return row;
}

/** The pharmacy a list is limited to: staff see their own (naming another is 403); others see all or the one they name. */
export function pharmacyForRead(principal: Principal, requested?: string | null): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  return principal.pharmacyId;
}

/** A supplier named by its id or by its code (as purchase orders by supplier code are written on paper). */
export async function findSupplier(db: Db, ref: string): Promise<typeof suppliers.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(suppliers)
    .where(isUuid(ref) ? eq(suppliers.id, ref) : eq(suppliers.code, ref.trim().toUpperCase()));
  return row;
}

/** `%` and `_` in a user's search text are literal characters, not LIKE wildcards. */
export const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
