/**
 * Held stock: batches that stay on the shelf but may not be sold, dispensed or compounded. Two sources:
 *  - active drug recalls (drug_recalls), matched by the batch's medication code and lot (a recall that
 *    lists no lot holds every lot), so a recalled lot received later is held too;
 *  - stock_holds rows (a cold-chain excursion's affected batches under review), on one batch or on a
 *    medication lot at a pharmacy.
 * The ledger asks `holdsOfBatches` when it draws; sellable counts leave held units out.
 * docs/decisions/pharmacy.md, "Held stock".
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { drugRecalls, inventoryItems, stockBatches, stockHolds } from "../db/tables.js";

/** Why a batch is held. `kind` is recall for a drug recall, else the hold's reason type (cold_chain_excursion, …). */
export interface StockHold {
  kind: string;
  /** The recall's or the hold reason's id. */
  id: string;
  /** Its reference as people know it (the authority's recall reference, the excursion). */
  reference: string;
}

/** What the ledger needs to know of a batch to match holds. */
export interface HoldableBatch {
  id: string;
  pharmacyId: string;
  lotNumber: string | null;
  medicationCode: string | null;
}

/** Lots compare without regard to case or surrounding spaces ("ab12 " is AB12). */
export const normalLot = (lot: string | null | undefined) => (lot ?? "").trim().toUpperCase();

/** Holds per batch id (batches without any are absent from the map). No locks; call inside the caller's transaction to see its writes. */
export async function holdsOfBatches(db: Db, batches: HoldableBatch[]): Promise<Map<string, StockHold[]>> {
  const out = new Map<string, StockHold[]>();
  if (!batches.length) return out;
  const add = (batchId: string, h: StockHold) => {
    const list = out.get(batchId) ?? [];
    if (!list.some((x) => x.kind === h.kind && x.id === h.id)) list.push(h);
    out.set(batchId, list);
  };
  const codes = [...new Set(batches.map((b) => b.medicationCode).filter((c): c is string => !!c))];
  const pharmacyIds = [...new Set(batches.map((b) => b.pharmacyId))];
  const [recalls, holds] = await Promise.all([
    codes.length
      ? db
          .select({ id: drugRecalls.id, code: drugRecalls.medicationCode, lots: drugRecalls.lotNumbers, authority: drugRecalls.issuingAuthority, reference: drugRecalls.authorityReference, recallClass: drugRecalls.recallClass })
          .from(drugRecalls)
          .where(and(eq(drugRecalls.status, "active"), inArray(drugRecalls.medicationCode, codes)))
      : Promise.resolve([]),
    db
      .select()
      .from(stockHolds)
      .where(
        and(
          isNull(stockHolds.releasedAt),
          or(
            inArray(stockHolds.batchId, batches.map((b) => b.id)),
            codes.length ? and(isNull(stockHolds.batchId), inArray(stockHolds.pharmacyId, pharmacyIds), inArray(stockHolds.medicationCode, codes)) : sql`false`,
          ),
        ),
      ),
  ]);
  for (const b of batches) {
    for (const r of recalls) {
      if (r.code !== b.medicationCode) continue;
      if (r.lots.length && !r.lots.some((l) => normalLot(l) === normalLot(b.lotNumber) && b.lotNumber)) continue;
      add(b.id, { kind: "recall", id: r.id, reference: `class ${r.recallClass} recall ${r.reference} (${r.authority})` });
    }
    for (const h of holds) {
      const matches = h.batchId ? h.batchId === b.id : h.pharmacyId === b.pharmacyId && h.medicationCode === b.medicationCode && normalLot(h.lotNumber) === normalLot(b.lotNumber);
      if (matches) add(b.id, { kind: h.reasonType, id: h.reasonId, reference: h.reference });
    }
  }
  return out;
}

type HeldUnits = Map<string, { units: number; holds: StockHold[] }>;

/**
 * Held units of a pharmacy's medication stock, by medication code (unexpired batches holding units),
 * with the holds: for refusals that must say why units on the shelf cannot be given.
 */
export async function heldStockByCode(db: Db, pharmacyId: string, medicationCodes: string[], today: string): Promise<HeldUnits> {
  if (!medicationCodes.length) return new Map();
  return heldUnits(db, and(eq(inventoryItems.pharmacyId, pharmacyId), inArray(inventoryItems.medicationCode, medicationCodes))!, today, (r) => r.medicationCode);
}

/** The same per stock item (a product's stock): for the till's refusals. */
export async function heldStockByItem(db: Db, itemIds: string[], today: string): Promise<HeldUnits> {
  if (!itemIds.length) return new Map();
  return heldUnits(db, inArray(stockBatches.inventoryItemId, itemIds), today, (r) => r.itemId);
}

/** Held units of the unexpired, non-empty batches `scope` selects, summed under `keyOf`, with their holds. */
async function heldUnits(db: Db, scope: SQL, today: string, keyOf: (r: { itemId: string; medicationCode: string | null }) => string | null): Promise<HeldUnits> {
  const out: HeldUnits = new Map();
  const rows = await db
    .select({ id: stockBatches.id, itemId: stockBatches.inventoryItemId, pharmacyId: stockBatches.pharmacyId, lotNumber: stockBatches.lotNumber, quantity: stockBatches.quantity, medicationCode: inventoryItems.medicationCode })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(scope, sql`${stockBatches.quantity} > 0`, or(isNull(stockBatches.expiryDate), sql`${stockBatches.expiryDate} >= ${today}`)));
  const held = await holdsOfBatches(db, rows);
  for (const r of rows) {
    const h = held.get(r.id);
    const key = keyOf(r);
    if (!h || !key) continue;
    const e = out.get(key) ?? { units: 0, holds: [] };
    e.units += r.quantity;
    for (const x of h) if (!e.holds.some((y) => y.kind === x.kind && y.id === x.id)) e.holds.push(x);
    out.set(key, e);
  }
  return out;
}

/** "12 units held: recall <id>, class I recall NDA/2026/17 (NDA)": how a refusal names the holds. */
export function describeHolds(units: number, holds: StockHold[]): string {
  return `${units} units held: ${holds.map((h) => `${h.kind === "recall" ? "recall" : h.kind.replace(/_/g, " ")} ${h.id}, ${h.reference}`).join("; ")}`;
}
