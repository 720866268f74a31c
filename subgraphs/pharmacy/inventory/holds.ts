/**
 * Held stock: batches that stay on the shelf but may not be sold, dispensed or compounded. Sources:
 *  - active drug recalls (drug_recalls), matched by the batch's medication code, or by its stock item for
 *    a recall of one item (`item:<id>`: uncoded stock such as OTC products), and its lot (a recall that
 *    lists no lot holds every lot), so a recalled lot received later is held too;
 *  - stock_holds rows (a cold-chain excursion's affected batches under review), on one batch or on a
 *    medication lot at a pharmacy;
 *  - a storage unit's live cold-chain excursion, on the unit's items' batches received while it lasts
 *    (cold-chain/excursion-holds.ts), so no receipt into a fridge out of range is missed;
 *  - the holds of the ingredient batches a compounded batch was made from (its preparation's ingredient
 *    movements record the batches drawn), transitively: a recalled or held ingredient lot holds every
 *    preparation made from it.
 * The ledger asks `holdsOfBatches` when it draws; sellable counts leave held units out.
 * docs/decisions/pharmacy.md, "Held stock".
 */
import { and, eq, inArray, isNull, like, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { excursionHoldsBatch, liveUnitExcursions } from "../cold-chain/excursion-holds.js";
import { COMPOUND_PREFIX, isCompoundCode } from "../compounding/compound-codes.js";
import { compoundPreparationIngredients, compoundPreparations, drugRecalls, inventoryItems, stockBatches, stockHolds, stockMovementBatches } from "../db/tables.js";

/** Why a batch is held. `kind` is recall for a drug recall, else the hold's reason type (cold_chain_excursion, …). */
export interface StockHold {
  kind: string;
  /** The recall's or the hold reason's id. */
  id: string;
  /** Its reference as people know it (the authority's recall reference, the excursion). */
  reference: string;
}

/** What the ledger needs to know of a batch to match holds. Its stock item and receipt time are read when not given. */
export interface HoldableBatch {
  id: string;
  pharmacyId: string;
  lotNumber: string | null;
  medicationCode: string | null;
  inventoryItemId?: string;
  receivedAt?: Date;
}

type KnownBatch = Required<HoldableBatch>;

/** Lots compare without regard to case or surrounding spaces ("ab12 " is AB12). */
export const normalLot = (lot: string | null | undefined) => (lot ?? "").trim().toUpperCase();

/** A recall of one stock item (stock without a catalog code) names it by this code in place of a medication code. */
export const ITEM_RECALL_PREFIX = "item:";
export const itemRecallCode = (inventoryItemId: string) => `${ITEM_RECALL_PREFIX}${inventoryItemId}`;
/** The stock item a recall names, when it names one (else null: a catalog medication's recall). */
export const recalledItemOf = (recallCode: string) => (recallCode.startsWith(ITEM_RECALL_PREFIX) ? recallCode.slice(ITEM_RECALL_PREFIX.length) : null);

/** The stock a set of recalls may hold (their medications' and items' stock, and compounded stock, which may hold their lots): to narrow a search for recalled batches. */
export function recallableStock(recallCodes: string[]): SQL {
  const items = recallCodes.map(recalledItemOf).filter((i): i is string => !!i);
  const codes = recallCodes.filter((c) => !recalledItemOf(c));
  return or(
    codes.length ? inArray(inventoryItems.medicationCode, codes) : undefined,
    items.length ? inArray(inventoryItems.id, items) : undefined,
    like(inventoryItems.medicationCode, `${COMPOUND_PREFIX}%`),
  )!;
}

/**
 * The ingredient batches compounded batches were made from (their preparations' ingredient draws), and
 * theirs in turn: every batch to look at, and the batches each was made from.
 */
async function withIngredientBatches(db: Db, batches: HoldableBatch[]): Promise<{ all: HoldableBatch[]; madeFrom: Map<string, HoldableBatch[]> }> {
  const all = new Map(batches.map((b) => [b.id, b]));
  const madeFrom = new Map<string, HoldableBatch[]>();
  let frontier = batches.filter((b) => b.medicationCode && isCompoundCode(b.medicationCode));
  while (frontier.length) {
    const rows = await db
      .select({
        made: compoundPreparations.batchId,
        id: stockBatches.id,
        pharmacyId: stockBatches.pharmacyId,
        lotNumber: stockBatches.lotNumber,
        medicationCode: inventoryItems.medicationCode,
        inventoryItemId: stockBatches.inventoryItemId,
        receivedAt: stockBatches.receivedAt,
      })
      .from(compoundPreparations)
      .innerJoin(compoundPreparationIngredients, eq(compoundPreparationIngredients.preparationId, compoundPreparations.id))
      .innerJoin(stockMovementBatches, eq(stockMovementBatches.movementId, compoundPreparationIngredients.stockMovementId))
      .innerJoin(stockBatches, eq(stockBatches.id, stockMovementBatches.batchId))
      .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
      .where(
        and(
          inArray(compoundPreparations.pharmacyId, [...new Set(frontier.map((b) => b.pharmacyId))]),
          inArray(compoundPreparations.batchId, frontier.map((b) => b.id)),
          lt(stockMovementBatches.quantity, 0),
        ),
      );
    frontier = [];
    for (const { made, ...ingredient } of rows) {
      const list = madeFrom.get(made) ?? [];
      if (!list.some((b) => b.id === ingredient.id)) list.push(ingredient);
      madeFrom.set(made, list);
      if (all.has(ingredient.id)) continue;
      all.set(ingredient.id, ingredient);
      if (ingredient.medicationCode && isCompoundCode(ingredient.medicationCode)) frontier.push(ingredient);
    }
  }
  return { all: [...all.values()], madeFrom };
}

/** The stock item and receipt time of batches that do not carry them. */
async function known(db: Db, batches: HoldableBatch[]): Promise<KnownBatch[]> {
  const missing = batches.filter((b) => !b.inventoryItemId || !b.receivedAt).map((b) => b.id);
  const found = missing.length
    ? new Map(
        (await db.select({ id: stockBatches.id, inventoryItemId: stockBatches.inventoryItemId, receivedAt: stockBatches.receivedAt }).from(stockBatches).where(inArray(stockBatches.id, missing))).map((r) => [r.id, r]),
      )
    : new Map();
  return batches.map((b) => ({ ...b, inventoryItemId: b.inventoryItemId ?? found.get(b.id)?.inventoryItemId ?? "", receivedAt: b.receivedAt ?? found.get(b.id)?.receivedAt ?? new Date(0) }));
}

/** The batches' own holds (not their ingredients'), per batch id. */
async function ownHolds(db: Db, batches: HoldableBatch[]): Promise<Map<string, StockHold[]>> {
  const out = new Map<string, StockHold[]>();
  const add = (batchId: string, h: StockHold) => {
    const list = out.get(batchId) ?? [];
    if (!list.some((x) => x.kind === h.kind && x.id === h.id)) list.push(h);
    out.set(batchId, list);
  };
  const codes = [...new Set(batches.map((b) => b.medicationCode).filter((c): c is string => !!c))];
  const pharmacyIds = [...new Set(batches.map((b) => b.pharmacyId))];
  const [recalls, holds, excursions] = await Promise.all([
    db
      .select({ id: drugRecalls.id, code: drugRecalls.medicationCode, lots: drugRecalls.lotNumbers, authority: drugRecalls.issuingAuthority, reference: drugRecalls.authorityReference, recallClass: drugRecalls.recallClass })
      .from(drugRecalls)
      .where(and(eq(drugRecalls.status, "active"), or(codes.length ? inArray(drugRecalls.medicationCode, codes) : undefined, like(drugRecalls.medicationCode, `${ITEM_RECALL_PREFIX}%`)))),
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
    liveUnitExcursions(db, pharmacyIds),
  ]);
  // Item recalls and excursions match by stock item: read the items only when one is in force.
  const byItem = recalls.some((r) => recalledItemOf(r.code)) || excursions.length > 0;
  for (const b of byItem ? await known(db, batches) : batches) {
    for (const r of recalls) {
      const item = recalledItemOf(r.code);
      if (item ? item !== b.inventoryItemId : r.code !== b.medicationCode) continue;
      if (r.lots.length && !(b.lotNumber && r.lots.some((l) => normalLot(l) === normalLot(b.lotNumber)))) continue;
      add(b.id, { kind: "recall", id: r.id, reference: `class ${r.recallClass} recall ${r.reference} (${r.authority})` });
    }
    for (const h of holds) {
      const matches = h.batchId ? h.batchId === b.id : h.pharmacyId === b.pharmacyId && h.medicationCode === b.medicationCode && normalLot(h.lotNumber) === normalLot(b.lotNumber);
      if (matches) add(b.id, { kind: h.reasonType, id: h.reasonId, reference: h.reference });
    }
    for (const e of excursions) {
      if (e.pharmacyId === b.pharmacyId && excursionHoldsBatch(e, b as KnownBatch)) add(b.id, { kind: "cold_chain_excursion", id: e.id, reference: e.reference });
    }
  }
  return out;
}

/** Holds per batch id (batches without any are absent from the map). No locks; call inside the caller's transaction to see its writes. */
export async function holdsOfBatches(db: Db, batches: HoldableBatch[]): Promise<Map<string, StockHold[]>> {
  const out = new Map<string, StockHold[]>();
  if (!batches.length) return out;
  const { all, madeFrom } = await withIngredientBatches(db, batches);
  const own = await ownHolds(db, all);
  const resolved = new Map<string, StockHold[]>();
  // A batch's holds, then those of the batches it was made from, named through the ingredient lot.
  const holdsOf = (id: string, seen: Set<string>): StockHold[] => {
    const done = resolved.get(id);
    if (done) return done;
    const list = [...(own.get(id) ?? [])];
    for (const ingredient of madeFrom.get(id) ?? []) {
      if (seen.has(ingredient.id)) continue;
      const via = `ingredient ${ingredient.medicationCode ?? "stock"} lot ${ingredient.lotNumber ?? "(none)"}`;
      for (const h of holdsOf(ingredient.id, new Set([...seen, ingredient.id]))) {
        if (!list.some((x) => x.kind === h.kind && x.id === h.id)) list.push({ ...h, reference: `${h.reference}, through ${via}` });
      }
    }
    resolved.set(id, list);
    return list;
  };
  for (const b of batches) {
    const h = holdsOf(b.id, new Set([b.id]));
    if (h.length) out.set(b.id, h);
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
    .select({
      id: stockBatches.id,
      itemId: stockBatches.inventoryItemId,
      pharmacyId: stockBatches.pharmacyId,
      lotNumber: stockBatches.lotNumber,
      quantity: stockBatches.quantity,
      medicationCode: inventoryItems.medicationCode,
      receivedAt: stockBatches.receivedAt,
    })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(scope, sql`${stockBatches.quantity} > 0`, or(isNull(stockBatches.expiryDate), sql`${stockBatches.expiryDate} >= ${today}`)));
  const held = await holdsOfBatches(db, rows.map((r) => ({ ...r, inventoryItemId: r.itemId })));
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
