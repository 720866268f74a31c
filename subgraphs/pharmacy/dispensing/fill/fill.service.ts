import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, fieldError, forbidden, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { dispenses, prescriptionFillClosures, prescriptionRefills, prescriptions } from "../../db/tables.js";
import { itemsOfPrescriptions, withItems } from "../prescription/prescription.service.js";
import type { Prescription } from "../prescription/prescription.type.js";
import { fillStatusOf, itemsOfFill, markFill, openFillOf, quantityOwed } from "./fill.js";
import type { ClosePrescriptionFillInput, FillClosure, FillClosureItem, PrescriptionFill } from "./fill.type.js";

type ClosureRow = typeof prescriptionFillClosures.$inferSelect;

function toClosure(row: ClosureRow): FillClosure {
  return { reason: row.reason, closedBy: row.closedBy, pharmacyId: row.pharmacyId, closedAt: row.closedAt, notGiven: row.notGiven as FillClosureItem[] };
}

/**
 * Every fill of each prescription, oldest first (`Prescription.fills` over a list, lib/request-loader.ts):
 * fill 0, then each refill, with its parts and its closure; three statements whatever the number of
 * prescriptions.
 */
export async function fillsOfPrescriptions(db: Db, list: readonly Prescription[]): Promise<PrescriptionFill[][]> {
  const ids = [...new Set(list.map((p) => p.id))];
  if (!ids.length) return [];
  const [refills, closures, parts] = await Promise.all([
    db.select().from(prescriptionRefills).where(inArray(prescriptionRefills.prescriptionId, ids)).orderBy(asc(prescriptionRefills.number)),
    db.select().from(prescriptionFillClosures).where(inArray(prescriptionFillClosures.prescriptionId, ids)),
    db
      .select({ prescriptionId: dispenses.prescriptionId, fillNumber: dispenses.fillNumber, parts: count() })
      .from(dispenses)
      .where(inArray(dispenses.prescriptionId, ids))
      .groupBy(dispenses.prescriptionId, dispenses.fillNumber),
  ]);
  const key = (prescriptionId: string, fillNumber: number) => `${prescriptionId}|${fillNumber}`;
  const closureOf = new Map(closures.map((c) => [key(c.prescriptionId, c.fillNumber), toClosure(c)]));
  const partsOf = new Map(parts.map((r) => [key(r.prescriptionId, r.fillNumber), Number(r.parts)]));
  const fill = (prescriptionId: string, number: number, refillId: string | null, status: string, waitingSince: Date): PrescriptionFill => ({
    number,
    refillId,
    status: fillStatusOf(status),
    parts: partsOf.get(key(prescriptionId, number)) ?? 0,
    waitingSince,
    closure: closureOf.get(key(prescriptionId, number)) ?? null,
  });
  return list.map((p) => [
    fill(p.id, 0, null, p.status, p.issuedAt),
    ...refills.filter((r) => r.prescriptionId === p.id).map((r) => fill(p.id, r.number, r.id, r.status, r.requestedAt)),
  ]);
}

/**
 * A pharmacist closes the open fill short when the rest will not be given (no stock anywhere, the
 * patient declined or moved on): under the prescription's lock, the fill must be partially dispensed
 * (409 when nothing was given yet, when it is complete, or when `fillNumber` names another fill), and
 * the caller's pharmacy must have dispensed a part of it (403; admins may close any). The closure
 * records who, when, why and the units that stop being owed; the fill is then `dispensed`, so a
 * refill may be requested.
 */
export async function closePrescriptionFill(ctx: SubgraphContext, id: string, input: ClosePrescriptionFillInput): Promise<Prescription> {
  const reason = input.reason.trim();
  if (!reason) throw fieldError("reason", "must say why the rest will not be given");
  if (!isUuid(id)) throw notFound("Prescription", id);
  const { principal } = ctx;
  const closed = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [p] = await tx.select().from(prescriptions).where(eq(prescriptions.id, id)).for("update");
    if (!p) throw notFound("Prescription", id);
    const fill = await openFillOf(tx, p);
    if (input.fillNumber != null && input.fillNumber !== fill.fillNumber) throw conflict(`Fill ${fill.fillNumber} is this prescription's open fill, not fill ${input.fillNumber}`);
    if (fill.status === "pending") throw conflict(`Nothing has been dispensed on fill ${fill.fillNumber} yet: there is nothing to close short`);
    if (principal.pharmacyId) {
      const [part] = await tx
        .select({ id: dispenses.id })
        .from(dispenses)
        .where(and(eq(dispenses.prescriptionId, p.id), eq(dispenses.fillNumber, fill.fillNumber), eq(dispenses.pharmacyId, principal.pharmacyId)))
        .limit(1);
      if (!part) throw forbidden("Only a pharmacy that dispensed part of this fill may close it short");
    }
    const items = itemsOfFill((await itemsOfPrescriptions(tx, [p.id])).get(p.id)!, fill.fillNumber);
    const notGiven: FillClosureItem[] = items
      .map((i) => ({ medicationCode: i.medicationCode, medicationName: i.medicationName, quantity: quantityOwed(i, fill.fillNumber) }))
      .filter((i) => i.quantity > 0);
    await tx.insert(prescriptionFillClosures).values({ prescriptionId: p.id, fillNumber: fill.fillNumber, refillId: fill.refillId, pharmacyId: principal.pharmacyId ?? null, reason, closedBy: principal.sub, notGiven });
    await markFill(tx, p.id, fill, "dispensed");
    const [row] = await tx.select().from(prescriptions).where(eq(prescriptions.id, p.id));
    return { row, fillNumber: fill.fillNumber, notGiven };
  });
  ctx.logger.info({ prescriptionId: id, fillNumber: closed.fillNumber, by: principal.sub, notGiven: closed.notGiven.map((i) => `${i.medicationCode}×${i.quantity}`) }, "dispensing: fill closed short");
  return (await withItems(ctx.db, [closed.row]))[0];
}
