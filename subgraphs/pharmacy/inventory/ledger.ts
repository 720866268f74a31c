/**
 * The one stock ledger of the pharmacy: every change in quantity (sale, dispense, receipt,
 * adjustment, return, destruction, compounding) goes through `applyStockChanges`, inside the caller's
 * database transaction, so the record that caused it (a dispense, a goods received note) and its
 * movements commit or roll back together.
 *
 * CONTRACT (issue 10). Dispensing, procurement and the point of sale call only this module.
 *
 * Model. Every stock is an inventory item (a medication's stock at a pharmacy, an explicit item, or a
 * product's own stock), held in batches (lot number, expiry date, units). One movement per change, at
 * the item level (signed quantity, quantity_before/quantity_after chaining per item), with the split
 * over batches recorded in stock_movement_batches. The item row is the one lock target
 * (`SELECT … FOR UPDATE`, in id order): batches and the cached item quantity change only under it.
 *
 * Drawing rules:
 *  - sale, dispense and a compounding reduction draw unexpired batches first-expiry-first-out (a batch
 *    without expiry last); expired batches (expiry before today in Africa/Kampala) and held batches (an
 *    active recall of the lot, a cold-chain excursion under review: holds.ts) are never drawn; when only
 *    held units could meet the request, HeldStock (RecalledStock for a recall), both InsufficientStock;
 *  - adjustment, destruction and supplier_return reductions draw the named batch, else expired batches first (oldest
 *    expiry first), then held batches, then FEFO (held units leave this way);
 *  - receipts (and positive compounding) add to the batch with the same lot and expiry, or create it;
 *    returns and positive adjustments go to the named batch, else the lot+expiry batch, else the
 *    item's batch without lot and expiry.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { medicationByCode } from "./medications/catalog.js";
import { describeHolds, holdsOfBatches, normalLot, type StockHold } from "./holds.js";
import { inventoryItems, products, stockBatches, stockMovementBatches, stockMovements } from "../db/tables.js";
import { calendarDate } from "../../../lib/calendar.js";

/** Which stock moves: a medication by its catalog code at the pharmacy, a product's stock, or an inventory item. */
export type StockRef = { medicationCode: string } | { productId: string } | { inventoryItemId: string };

export const LEDGER_MOVEMENT_TYPES = ["receipt", "sale", "dispense", "adjustment", "return", "destruction", "compounding", "supplier_return"] as const;
export type LedgerMovementType = (typeof LEDGER_MOVEMENT_TYPES)[number];

/** Sign each movement type allows: receipt and return add, sale/dispense/destruction take, adjustment and compounding either way. */
export const MOVEMENT_SIGN: Record<LedgerMovementType, "positive" | "negative" | "nonzero"> = {
  receipt: "positive",
  return: "positive",
  sale: "negative",
  dispense: "negative",
  destruction: "negative",
  adjustment: "nonzero",
  compounding: "nonzero",
  /** Stock sent back to its supplier (issue 11): drawn like a destruction (the named batch). */
  supplier_return: "negative",
};

export function signFits(type: LedgerMovementType, quantity: number): boolean {
  const rule = MOVEMENT_SIGN[type];
  return Number.isInteger(quantity) && (rule === "positive" ? quantity > 0 : rule === "negative" ? quantity < 0 : quantity !== 0);
}

export interface LedgerChange {
  pharmacyId: string;
  stock: StockRef;
  /** Signed: negative for a reduction. */
  quantity: number;
  movementType: LedgerMovementType;
  /** A receipt's batch: lot number and expiry (YYYY-MM-DD); null when the supplier gave none. */
  batch?: { lotNumber: string | null; expiryDate: string | null };
  /** Draw from (or add to) this batch of the stock only. */
  batchId?: string | null;
  /** Exact split over batches (batch id → signed units), for reversals that put units back where they came from. */
  allocation?: { batchId: string; quantity: number }[];
  referenceType?: string | null;
  referenceId?: string | null;
  notes?: string | null;
  createdBy: string;
}

export type MovementRow = typeof stockMovements.$inferSelect;
export type BatchRow = typeof stockBatches.$inferSelect;

/** A movement's share of one batch. */
export interface MovementBatchShare {
  batchId: string;
  lotNumber: string | null;
  expiryDate: string | null;
  quantity: number;
}

/** A movement as written, with its split over batches. */
export type LedgerMovement = MovementRow & { batches: MovementBatchShare[] };

/** A reduction asked for more units than may be taken (sellable units for a sale or dispense). Maps to 409. */
export class InsufficientStock extends Error {
  constructor(
    readonly stock: StockRef,
    readonly pharmacyId: string,
    readonly available: number,
    readonly requested: number,
  ) {
    super(`Not enough stock: ${requested} asked, ${available} available`);
  }
}

/**
 * A sale, dispense or compounding could be met only by drawing held units (a recalled lot, stock under
 * cold-chain review). Still an InsufficientStock (every 409 mapping holds); also carries a CONFLICT code
 * and the holds in `extensions`, so a caller that lets it through answers 409 naming them.
 */
export class HeldStock extends InsufficientStock {
  readonly extensions: { code: "CONFLICT"; holds: StockHold[] };
  constructor(stock: StockRef, pharmacyId: string, available: number, requested: number, readonly held: number, readonly holds: StockHold[]) {
    super(stock, pharmacyId, available, requested);
    this.message = `Not enough stock that may be drawn: ${requested} asked, ${available} available; ${describeHolds(held, holds)}`;
    this.extensions = { code: "CONFLICT", holds };
  }
}

/** HeldStock where a drug recall holds units: the message and `extensions.holds` name the recall (id and reference). */
export class RecalledStock extends HeldStock {
  get recalls(): StockHold[] {
    return this.holds.filter((h) => h.kind === "recall");
  }
}

/** A change names a stock or batch that does not exist (or belongs to another pharmacy). Maps to 400/404. */
export class UnknownStock extends Error {
  constructor(
    readonly field: "inventoryItem" | "productId" | "medicationCode" | "batchId",
    message: string,
  ) {
    super(message);
  }
}

/** Today in Kampala, YYYY-MM-DD: a batch expiring before it is expired. */
export function kampalaToday(now = new Date()): string {
  return calendarDate(now, "Africa/Kampala");
}

/** `date` plus `days` days, YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first moment after Kampala day `date` ends: midnight starting the next day (Kampala is UTC+3 all year, no daylight saving). */
export function afterKampalaDay(date: string): Date {
  return new Date(`${addDays(date, 1)}T00:00:00+03:00`);
}

export const isExpired = (b: Pick<BatchRow, "expiryDate">, today: string) => b.expiryDate !== null && b.expiryDate < today;

/** FEFO: earliest expiry first, batches without expiry last, then oldest received. */
function fefo(a: BatchRow, b: BatchRow): number {
  if (a.expiryDate !== b.expiryDate) {
    if (a.expiryDate === null) return 1;
    if (b.expiryDate === null) return -1;
    return a.expiryDate < b.expiryDate ? -1 : 1;
  }
  return a.receivedAt.getTime() - b.receivedAt.getTime() || (a.id < b.id ? -1 : 1);
}

const takesOnlySellable = (c: LedgerChange) => c.movementType === "sale" || c.movementType === "dispense" || c.movementType === "compounding";

/** The item ids of products' stock: the explicitly linked item, else the product's own stock item. */
export async function stockItemsOfProducts(db: Db, productIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ids = [...new Set(productIds)];
  if (!ids.length) return out;
  const linked = await db.select({ id: products.id, item: products.inventoryItemId }).from(products).where(inArray(products.id, ids));
  for (const p of linked) if (p.item) out.set(p.id, p.item);
  const own = ids.filter((id) => !out.has(id));
  if (own.length) {
    const rows = await db.select({ id: inventoryItems.id, productId: inventoryItems.productId }).from(inventoryItems).where(inArray(inventoryItems.productId, own));
    for (const r of rows) out.set(r.productId!, r.id);
  }
  return out;
}

/** The medication stock item of a pharmacy, created (empty) when `create` and missing. Safe under concurrency. */
export async function medicationItem(tx: Db, pharmacyId: string, code: string, create: boolean): Promise<string | null> {
  const find = async () =>
    (await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.pharmacyId, pharmacyId), eq(inventoryItems.medicationCode, code))))[0]?.id ?? null;
  const found = await find();
  if (found || !create) return found;
  // Named as the catalog names the medicine (generic name, form, strength); the code when it is not catalogued.
  const m = medicationByCode(code);
  const name = m ? `${m.genericName} ${m.strength} ${m.dosageForm}`.trim() : code;
  await tx.insert(inventoryItems).values({ pharmacyId, name, medicationCode: code, quantity: 0 }).onConflictDoNothing();
  return find();
}

async function itemOf(tx: Db, c: LedgerChange): Promise<string> {
  if ("inventoryItemId" in c.stock) return c.stock.inventoryItemId;
  if ("productId" in c.stock) {
    const id = (await stockItemsOfProducts(tx, [c.stock.productId])).get(c.stock.productId);
    if (!id) throw new UnknownStock("productId", "no such product");
    return id;
  }
  const id = await medicationItem(tx, c.pharmacyId, c.stock.medicationCode, c.quantity > 0);
  if (!id) throw new InsufficientStock(c.stock, c.pharmacyId, 0, -c.quantity);
  return id;
}

export interface Locked {
  item: typeof inventoryItems.$inferSelect;
  batches: BatchRow[];
}

/**
 * Locks the items (`FOR UPDATE`, ascending id: concurrent writers cannot deadlock) and reads their
 * batches. Call inside a database transaction.
 */
export async function lockItems(tx: Db, itemIds: string[]): Promise<Map<string, Locked>> {
  const ids = [...new Set(itemIds)].sort();
  const out = new Map<string, Locked>();
  if (!ids.length) return out;
  const items = await tx.select().from(inventoryItems).where(inArray(inventoryItems.id, ids)).orderBy(asc(inventoryItems.id)).for("update");
  for (const item of items) out.set(item.id, { item, batches: [] });
  const batches = await tx.select().from(stockBatches).where(inArray(stockBatches.inventoryItemId, ids));
  for (const b of batches) out.get(b.inventoryItemId)?.batches.push(b);
  return out;
}

/** How a change splits over the item's batches: existing batch ids, or a new batch to create. */
type Share = { batch: BatchRow; quantity: number } | { create: { lotNumber: string | null; expiryDate: string | null }; quantity: number };

function planReduction(c: LedgerChange, state: Locked, today: string, held: Map<string, StockHold[]>): Share[] {
  const want = -c.quantity;
  const isHeld = (b: BatchRow) => held.has(b.id);
  let pool: BatchRow[];
  let heldOut: BatchRow[] = [];
  if (c.batchId) {
    const b = state.batches.find((x) => x.id === c.batchId);
    if (!b) throw new UnknownStock("batchId", "no such batch of this stock");
    if (takesOnlySellable(c) && !isExpired(b, today) && isHeld(b)) heldOut = [b];
    pool = takesOnlySellable(c) && (isExpired(b, today) || isHeld(b)) ? [] : [b];
  } else if (takesOnlySellable(c)) {
    const unexpired = state.batches.filter((b) => !isExpired(b, today));
    heldOut = unexpired.filter(isHeld);
    pool = unexpired.filter((b) => !isHeld(b)).sort(fefo);
  } else {
    const expired = state.batches.filter((b) => isExpired(b, today)).sort(fefo);
    const heldUnexpired = state.batches.filter((b) => !isExpired(b, today) && isHeld(b)).sort(fefo);
    pool = [...expired, ...heldUnexpired, ...state.batches.filter((b) => !isExpired(b, today) && !isHeld(b)).sort(fefo)];
  }
  const available = pool.reduce((n, b) => n + b.quantity, 0);
  if (available < want) {
    const heldUnits = heldOut.reduce((n, b) => n + b.quantity, 0);
    // Held units would have met the request: say which holds stand in the way.
    if (heldUnits > 0 && available + heldUnits >= want) {
      const holds = [...new Map(heldOut.filter((b) => b.quantity > 0).flatMap((b) => held.get(b.id)!).map((h) => [`${h.kind}:${h.id}`, h])).values()];
      const Err = holds.some((h) => h.kind === "recall") ? RecalledStock : HeldStock;
      throw new Err(c.stock, c.pharmacyId, available, want, heldUnits, holds);
    }
    throw new InsufficientStock(c.stock, c.pharmacyId, available, want);
  }
  const shares: Share[] = [];
  let left = want;
  for (const b of pool) {
    if (left === 0) break;
    const take = Math.min(left, b.quantity);
    if (take > 0) shares.push({ batch: b, quantity: -take });
    left -= take;
  }
  return shares;
}

function planAddition(c: LedgerChange, state: Locked): Share[] {
  if (c.batchId) {
    const b = state.batches.find((x) => x.id === c.batchId);
    if (!b) throw new UnknownStock("batchId", "no such batch of this stock");
    return [{ batch: b, quantity: c.quantity }];
  }
  const lotNumber = c.batch?.lotNumber ?? null;
  const expiryDate = c.batch?.expiryDate ?? null;
  // Lots compare as holds and recalls compare them: `amx-1 ` is AMX-1 (docs/decisions/pharmacy.md, "Held stock").
  const same = state.batches.find((b) => normalLot(b.lotNumber) === normalLot(lotNumber) && b.expiryDate === expiryDate);
  return same ? [{ batch: same, quantity: c.quantity }] : [{ create: { lotNumber, expiryDate }, quantity: c.quantity }];
}

function planAllocation(c: LedgerChange, state: Locked): Share[] {
  const shares: Share[] = [];
  for (const a of c.allocation!) {
    const b = state.batches.find((x) => x.id === a.batchId);
    if (!b) throw new UnknownStock("batchId", "no such batch of this stock");
    if (b.quantity + a.quantity < 0) throw new InsufficientStock(c.stock, c.pharmacyId, b.quantity, -a.quantity);
    shares.push({ batch: b, quantity: a.quantity });
  }
  if (shares.reduce((n, s) => n + s.quantity, 0) !== c.quantity) throw new Error("allocation does not add up to the change");
  return shares;
}

/**
 * Applies the changes in the caller's transaction under row locks taken in one order (no deadlocks),
 * and returns the movements written, one per change, each with its split over batches. A reduction
 * that would take more than may be taken throws InsufficientStock (a stock or batch that does not exist,
 * or belongs to another pharmacy, UnknownStock; a quantity whose sign does not fit its type, RangeError);
 * the caller's transaction then rolls back whole, undoing any change of the same call already written.
 * `locked`: what `lockItems` answered earlier in the same transaction, when the caller locked the items
 * to check them first (a sale's reservation); used when it holds every item the changes touch, so the
 * items and batches are not read again. Otherwise the items are locked here.
 */
export async function applyStockChanges(tx: Db, changes: LedgerChange[], alreadyLocked?: Map<string, Locked>): Promise<LedgerMovement[]> {
  for (const c of changes) {
    if (!signFits(c.movementType, c.quantity)) throw new RangeError(`a ${c.movementType} of ${c.quantity} units does not fit its sign`);
  }
  const itemIds: string[] = [];
  for (const c of changes) itemIds.push(await itemOf(tx, c));
  const locked = alreadyLocked && itemIds.every((id) => alreadyLocked.has(id)) ? alreadyLocked : await lockItems(tx, itemIds);
  const today = kampalaToday();
  // Holds matter only to draws that take sellable units; read them once, under the items' locks.
  const held = changes.some((c) => c.quantity < 0 && !c.allocation && takesOnlySellable(c))
    ? await holdsOfBatches(tx, [...locked.values()].flatMap((s) => s.batches.map((b) => ({ id: b.id, pharmacyId: b.pharmacyId, lotNumber: b.lotNumber, medicationCode: s.item.medicationCode }))))
    : new Map<string, StockHold[]>();
  const out: LedgerMovement[] = [];
  for (const [i, c] of changes.entries()) {
    const state = locked.get(itemIds[i]);
    if (!state) throw new UnknownStock("inventoryItem", "no such inventory item");
    if (state.item.pharmacyId !== c.pharmacyId) throw new UnknownStock("inventoryItem", "no such inventory item in this pharmacy");
    const shares = c.allocation ? planAllocation(c, state) : c.quantity < 0 ? planReduction(c, state, today, held) : planAddition(c, state);
    const before = state.item.quantity;
    const after = before + c.quantity;
    if (after < 0) throw new InsufficientStock(c.stock, c.pharmacyId, before, -c.quantity);
    const written: { batch: BatchRow; quantity: number }[] = [];
    for (const s of shares) {
      if ("create" in s) {
        const [b] = await tx
          .insert(stockBatches)
          .values({ inventoryItemId: state.item.id, pharmacyId: state.item.pharmacyId, lotNumber: s.create.lotNumber, expiryDate: s.create.expiryDate, quantity: s.quantity })
          .returning();
        state.batches.push(b);
        written.push({ batch: b, quantity: s.quantity });
      } else {
        const [b] = await tx.update(stockBatches).set({ quantity: s.batch.quantity + s.quantity }).where(eq(stockBatches.id, s.batch.id)).returning();
        s.batch.quantity = b.quantity;
        written.push({ batch: s.batch, quantity: s.quantity });
      }
    }
    await tx.update(inventoryItems).set({ quantity: after }).where(eq(inventoryItems.id, state.item.id));
    state.item.quantity = after;
    const [movement] = await tx
      .insert(stockMovements)
      .values({
        pharmacyId: c.pharmacyId,
        productId: state.item.productId,
        inventoryItemId: state.item.id,
        movementType: c.movementType,
        quantity: c.quantity,
        quantityBefore: before,
        quantityAfter: after,
        referenceType: c.referenceType ?? null,
        referenceId: c.referenceId ?? null,
        notes: c.notes ?? null,
        createdBy: c.createdBy,
        // The time of writing under the item's lock, not the transaction's start (now()): a writer that
        // waited for the lock records a later time, so time order is the chain's order.
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    if (written.length) await tx.insert(stockMovementBatches).values(written.map((w) => ({ movementId: movement.id, batchId: w.batch.id, quantity: w.quantity })));
    out.push({ ...movement, batches: written.map((w) => ({ batchId: w.batch.id, lotNumber: w.batch.lotNumber, expiryDate: w.batch.expiryDate, quantity: w.quantity })) });
  }
  return out;
}

/** The batch splits of movements, by movement id (in batch FEFO order). */
export async function batchSharesOf(db: Db, movementIds: string[]): Promise<Map<string, MovementBatchShare[]>> {
  const out = new Map<string, MovementBatchShare[]>(movementIds.map((id) => [id, []]));
  if (!movementIds.length) return out;
  const rows = await db
    .select({ movementId: stockMovementBatches.movementId, batchId: stockBatches.id, lotNumber: stockBatches.lotNumber, expiryDate: stockBatches.expiryDate, quantity: stockMovementBatches.quantity })
    .from(stockMovementBatches)
    .innerJoin(stockBatches, eq(stockBatches.id, stockMovementBatches.batchId))
    .where(inArray(stockMovementBatches.movementId, movementIds))
    .orderBy(asc(stockBatches.expiryDate), asc(stockBatches.receivedAt), asc(stockBatches.id));
  for (const { movementId, ...share } of rows) out.get(movementId)!.push(share);
  return out;
}

/**
 * Undoes the reductions recorded under one reference (a sale whose payment failed): puts the units
 * back into the very batches they came from, with one `adjustment` movement per stock item under the
 * same reference, so the ledger still chains. Movements are never deleted. Nets earlier reversals of
 * the same reference, so calling it twice puts nothing back twice.
 */
export async function reverseReference(tx: Db, referenceType: string, referenceId: string, createdBy: string, notes: string): Promise<LedgerMovement[]> {
  const rows = await tx
    .select({ itemId: stockMovements.inventoryItemId, pharmacyId: stockMovements.pharmacyId, batchId: stockMovementBatches.batchId, quantity: stockMovementBatches.quantity })
    .from(stockMovements)
    .innerJoin(stockMovementBatches, eq(stockMovementBatches.movementId, stockMovements.id))
    .where(and(eq(stockMovements.referenceType, referenceType), eq(stockMovements.referenceId, referenceId), inArray(stockMovements.movementType, ["sale", "dispense", "adjustment"])));
  const byItem = new Map<string, { pharmacyId: string; batches: Map<string, number> }>();
  for (const r of rows) {
    const e = byItem.get(r.itemId) ?? { pharmacyId: r.pharmacyId, batches: new Map<string, number>() };
    e.batches.set(r.batchId, (e.batches.get(r.batchId) ?? 0) + r.quantity);
    byItem.set(r.itemId, e);
  }
  const changes: LedgerChange[] = [];
  for (const [itemId, e] of [...byItem].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const allocation = [...e.batches].filter(([, q]) => q < 0).map(([batchId, q]) => ({ batchId, quantity: -q }));
    if (!allocation.length) continue;
    const quantity = allocation.reduce((n, a) => n + a.quantity, 0);
    changes.push({ pharmacyId: e.pharmacyId, stock: { inventoryItemId: itemId }, quantity, movementType: "adjustment", allocation, referenceType, referenceId, notes, createdBy });
  }
  return changes.length ? applyStockChanges(tx, changes) : [];
}

/** Units that may be sold or dispensed now (unexpired batches that no recall or other hold holds), by inventory item id. No locks. */
export async function sellableByItem(db: Db, itemIds: string[], today = kampalaToday()): Promise<Map<string, number>> {
  const ids = [...new Set(itemIds)];
  const out = new Map<string, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return out;
  const rows = await db
    .select({ id: stockBatches.id, itemId: stockBatches.inventoryItemId, pharmacyId: stockBatches.pharmacyId, lotNumber: stockBatches.lotNumber, quantity: stockBatches.quantity, medicationCode: inventoryItems.medicationCode })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(inArray(stockBatches.inventoryItemId, ids), sql`${stockBatches.quantity} > 0`, or(isNull(stockBatches.expiryDate), sql`${stockBatches.expiryDate} >= ${today}`)));
  const held = await holdsOfBatches(db, rows);
  for (const r of rows) if (!held.has(r.id)) out.set(r.itemId, (out.get(r.itemId) ?? 0) + r.quantity);
  return out;
}

/** Units that may be sold or dispensed now at one pharmacy, by medication code (unexpired batches; no locks; for queues and checks). */
export async function sellableStock(db: Db, pharmacyId: string, medicationCodes: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(medicationCodes.map((c) => [c, 0]));
  if (!medicationCodes.length) return out;
  const items = await db
    .select({ id: inventoryItems.id, code: inventoryItems.medicationCode })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.pharmacyId, pharmacyId), inArray(inventoryItems.medicationCode, medicationCodes)));
  const sellable = await sellableByItem(db, items.map((i) => i.id));
  for (const i of items) if (i.code) out.set(i.code, (out.get(i.code) ?? 0) + (sellable.get(i.id) ?? 0));
  return out;
}
