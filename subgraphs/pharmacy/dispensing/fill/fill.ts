/**
 * A fill is one dispensing of a prescription: fill 0 the prescription itself, fill n its refill n. It
 * may be given in several parts (a stock shortage is common): each item of the prescription counts
 * what the current fill has given of it (`quantityDispensed`), and what is still owed follows from the
 * open fill. Fill 0's state is the prescription's `status`; refill n's is its row's, and the
 * prescription names it (`openRefillNumber`) while it is open.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { conflict } from "../../../../lib/errors.js";
import { dispenseItems, dispenses, prescriptionItems, prescriptionRefills, prescriptions } from "../../db/tables.js";
import type { PrescriptionItemRow, PrescriptionRow } from "../prescription/prescription.service.js";

/** Fill 0 (the prescription's status) while it is still being dispensed. */
export const OPEN_PRESCRIPTION_STATUSES = ["pending", "partially_dispensed"];
/** A refill's statuses while it is being dispensed: one at a time per prescription. */
export const OPEN_REFILL_STATUSES = ["requested", "partially_dispensed"];

/** A fill's state, the same words for fill 0 and refills (a requested refill is `pending`). */
export type FillStatus = "pending" | "partially_dispensed" | "dispensed" | "cancelled";
export const fillStatusOf = (stored: string): FillStatus => (stored === "requested" ? "pending" : (stored as FillStatus));

/** Whether fill n gives this item: fill 0 gives every item, refill n those allowing at least n refills (a chronic medicine refilled, a 5-day antibiotic not). */
export const isInFill = (item: { refillsAllowed: number }, fillNumber: number): boolean => fillNumber === 0 || item.refillsAllowed >= fillNumber;

/** The items one fill gives, in the prescriber's order. */
export function itemsOfFill<T extends { refillsAllowed: number }>(items: T[], fillNumber: number): T[] {
  return items.filter((i) => isInFill(i, fillNumber));
}

/** The fill being dispensed now: 0 while the prescription is pending or partially dispensed, n while refill n is open, null when none is. */
export function openFillNumber(p: Pick<PrescriptionRow, "status" | "openRefillNumber">): number | null {
  if (OPEN_PRESCRIPTION_STATUSES.includes(p.status)) return 0;
  return p.status === "dispensed" ? p.openRefillNumber : null;
}

type OwedItem = Pick<PrescriptionItemRow, "quantity" | "quantityDispensed" | "refillsAllowed">;

/** Units of an item still to give: what the open fill prescribes less what its parts gave; nothing when no fill is open (complete, or closed short) or the fill leaves the item out. */
export function quantityOwed(item: OwedItem, openFill: number | null): number {
  if (openFill === null || !isInFill(item, openFill)) return 0;
  return Math.max(0, item.quantity - item.quantityDispensed);
}

/** An item as the prescription and the queue show it: what it prescribes, what its fill gave and still owes. */
export function itemOnFill(i: PrescriptionItemRow, fillNumber: number | null) {
  return {
    position: i.position,
    medicationCode: i.medicationCode,
    medicationName: i.medicationName,
    dose: i.dose,
    frequency: i.frequency,
    quantity: i.quantity,
    quantityDispensed: i.quantityDispensed,
    quantityOwed: quantityOwed(i, fillNumber),
  };
}

export interface OpenFill {
  fillNumber: number;
  refillId: string | null;
  /** pending: nothing given yet; partially_dispensed: some parts given, something still owed. */
  status: "pending" | "partially_dispensed";
}

/** The fill a dispense or a close acts on now (409 when the prescription is cancelled or no fill is open). */
export async function openFillOf(db: Db, p: PrescriptionRow): Promise<OpenFill> {
  if (p.status === "cancelled") throw conflict("This prescription is cancelled");
  const number = openFillNumber(p);
  if (number === null) throw conflict("This prescription's fill is complete (or was closed short): nothing is owed; request a refill if it allows one");
  if (number === 0) return { fillNumber: 0, refillId: null, status: p.status === "pending" ? "pending" : "partially_dispensed" };
  const [refill] = await db
    .select({ id: prescriptionRefills.id, status: prescriptionRefills.status })
    .from(prescriptionRefills)
    .where(and(eq(prescriptionRefills.prescriptionId, p.id), eq(prescriptionRefills.number, number)));
  return { fillNumber: number, refillId: refill.id, status: refill.status === "requested" ? "pending" : "partially_dispensed" };
}

/** The number of a fill's next dispense: 1, then 2 for the part a shortage left owed, … (under the prescription's lock). */
export async function nextPart(tx: Db, prescriptionId: string, fillNumber: number): Promise<number> {
  const [{ parts }] = await tx.select({ parts: count() }).from(dispenses).where(and(eq(dispenses.prescriptionId, prescriptionId), eq(dispenses.fillNumber, fillNumber)));
  return Number(parts) + 1;
}

/** Units of each medicine dispensed on a prescription over all its fills and parts (a controlled medicine's per-prescription limit). */
export async function unitsDispensedOnPrescription(db: Db, prescriptionId: string, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: dispenseItems.medicationCode, units: sql<number>`sum(${dispenseItems.quantity})::int` })
    .from(dispenseItems)
    .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
    .where(and(eq(dispenses.prescriptionId, prescriptionId), inArray(dispenseItems.medicationCode, codes)))
    .groupBy(dispenseItems.medicationCode);
  return new Map(rows.map((r) => [r.code, Number(r.units)]));
}

/**
 * Writes where a fill stands: fill 0 on the prescription (with the pharmacy of a part just given),
 * refill n on its row (with its latest dispense; once done, the prescription has no open refill).
 */
export async function markFill(tx: Db, prescriptionId: string, fill: OpenFill, status: "partially_dispensed" | "dispensed", part?: { dispenseId: string; pharmacyId: string }): Promise<void> {
  if (fill.fillNumber === 0) {
    await tx
      .update(prescriptions)
      .set({ status, ...(part ? { dispensedBy: part.pharmacyId } : {}) })
      .where(eq(prescriptions.id, prescriptionId));
    return;
  }
  const done = status === "dispensed";
  await tx
    .update(prescriptionRefills)
    .set({ status, ...(part ? { dispenseId: part.dispenseId } : {}), ...(done ? { dispensedAt: new Date() } : {}) })
    .where(eq(prescriptionRefills.id, fill.refillId!));
  if (done) await tx.update(prescriptions).set({ openRefillNumber: null }).where(eq(prescriptions.id, prescriptionId));
}

/**
 * A part just given (under the prescription's lock, `fillItems` as read under it): each item counts the
 * units it gave, and the fill is `dispensed` once nothing is owed, else `partially_dispensed`.
 */
export async function recordFillPart(
  tx: Db,
  prescriptionId: string,
  fill: OpenFill,
  fillItems: PrescriptionItemRow[],
  given: { code: string; quantity: number }[],
  part: { dispenseId: string; pharmacyId: string },
): Promise<void> {
  for (const g of given) {
    await tx
      .update(prescriptionItems)
      .set({ quantityDispensed: sql`${prescriptionItems.quantityDispensed} + ${g.quantity}` })
      .where(and(eq(prescriptionItems.prescriptionId, prescriptionId), eq(prescriptionItems.medicationCode, g.code)));
  }
  const stillOwed = fillItems.some((i) => quantityOwed(i, fill.fillNumber) > (given.find((g) => g.code === i.medicationCode)?.quantity ?? 0));
  await markFill(tx, prescriptionId, fill, stillOwed ? "partially_dispensed" : "dispensed", part);
}
