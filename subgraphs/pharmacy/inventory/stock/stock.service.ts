import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { inventoryItems, products, stockMovements } from "../../db/tables.js";

type ProductRow = typeof products.$inferSelect;

/** Where a product's stock lives: its inventory item when linked, else its own standalone quantity. */
export type StockKey = { kind: "product"; id: string } | { kind: "item"; id: string };

export function stockKeyOf(product: Pick<ProductRow, "id" | "inventoryItemId">): StockKey {
  return product.inventoryItemId ? { kind: "item", id: product.inventoryItemId } : { kind: "product", id: product.id };
}

const keyString = (k: StockKey) => `${k.kind}:${k.id}`;

/** Units on hand per stock key, read without locks (for validation and display). */
export async function stockOnHand(db: Db, keys: StockKey[]): Promise<Map<string, number>> {
  return readStock(db, keys, false);
}

/**
 * Locks the stock rows (`SELECT … FOR UPDATE`, ordered by id so concurrent sales cannot deadlock) and
 * returns their quantities. Call inside a database transaction.
 */
export async function lockStock(tx: Db, keys: StockKey[]): Promise<Map<string, number>> {
  return readStock(tx, keys, true);
}

async function readStock(db: Db, keys: StockKey[], lock: boolean): Promise<Map<string, number>> {
  const productIds = [...new Set(keys.filter((k) => k.kind === "product").map((k) => k.id))].sort();
  const itemIds = [...new Set(keys.filter((k) => k.kind === "item").map((k) => k.id))].sort();
  const out = new Map<string, number>();
  if (productIds.length) {
    const q = db.select({ id: products.id, quantity: products.stockQuantity }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id));
    for (const r of await (lock ? q.for("update") : q)) out.set(keyString({ kind: "product", id: r.id }), r.quantity);
  }
  if (itemIds.length) {
    const q = db.select({ id: inventoryItems.id, quantity: inventoryItems.quantity }).from(inventoryItems).where(inArray(inventoryItems.id, itemIds)).orderBy(asc(inventoryItems.id));
    for (const r of await (lock ? q.for("update") : q)) out.set(keyString({ kind: "item", id: r.id }), r.quantity);
  }
  return out;
}

export function quantityOf(stock: Map<string, number>, key: StockKey): number {
  return stock.get(keyString(key)) ?? 0;
}

export interface StockChange {
  key: StockKey;
  pharmacyId: string;
  /** Signed: negative for a sale. */
  quantity: number;
  movementType: "sale" | "receipt" | "adjustment" | "return";
  referenceType?: string;
  referenceId?: string;
  notes?: string;
  createdBy: string;
}

/**
 * Applies one stock change to rows already locked with `lockStock` and records the movement with the
 * quantity before and after (spec, "Stock movement"). Never lets stock go negative.
 */
export async function recordStockMovement(tx: Db, locked: Map<string, number>, c: StockChange) {
  const before = quantityOf(locked, c.key);
  const after = before + c.quantity;
  if (after < 0) throw new RangeError(`stock of ${keyString(c.key)} would become ${after}`);
  if (c.key.kind === "product") await tx.update(products).set({ stockQuantity: after }).where(eq(products.id, c.key.id));
  else await tx.update(inventoryItems).set({ quantity: after }).where(eq(inventoryItems.id, c.key.id));
  locked.set(keyString(c.key), after);
  const [movement] = await tx
    .insert(stockMovements)
    .values({
      pharmacyId: c.pharmacyId,
      productId: c.key.kind === "product" ? c.key.id : null,
      inventoryItemId: c.key.kind === "item" ? c.key.id : null,
      movementType: c.movementType,
      quantity: c.quantity,
      quantityBefore: before,
      quantityAfter: after,
      referenceType: c.referenceType ?? null,
      referenceId: c.referenceId ?? null,
      notes: c.notes ?? null,
      createdBy: c.createdBy,
    })
    .returning();
  return movement;
}

/**
 * Undoes the sale movements of one reference (a completion whose payment failed): puts the units back
 * with an `adjustment` movement per stock under the same reference, so stock is as if the sale had
 * never been attempted and the ledger still chains (every movement's quantity_before is the previous
 * one's quantity_after, even when other movements happened in between). Movements are never deleted.
 */
export async function reverseSaleMovements(tx: Db, referenceType: string, referenceId: string, createdBy = "system"): Promise<void> {
  const where = and(eq(stockMovements.referenceType, referenceType), eq(stockMovements.referenceId, referenceId), inArray(stockMovements.movementType, ["sale", "adjustment"]));
  const movements = await tx.select().from(stockMovements).where(where).orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  // Net units still out per stock (sales minus earlier reversals of the same reference).
  const net = new Map<string, { key: StockKey; pharmacyId: string; quantity: number }>();
  for (const m of movements) {
    const key: StockKey = m.inventoryItemId ? { kind: "item", id: m.inventoryItemId } : { kind: "product", id: m.productId! };
    const entry = net.get(keyString(key)) ?? { key, pharmacyId: m.pharmacyId, quantity: 0 };
    entry.quantity += m.quantity;
    net.set(keyString(key), entry);
  }
  const open = [...net.values()].filter((e) => e.quantity < 0);
  if (!open.length) return;
  const locked = await lockStock(tx, open.map((e) => e.key));
  for (const e of open) {
    await recordStockMovement(tx, locked, {
      key: e.key,
      pharmacyId: e.pharmacyId,
      quantity: -e.quantity,
      movementType: "adjustment",
      referenceType,
      referenceId,
      notes: "sale not completed (payment failed): reserved units put back",
      createdBy,
    });
  }
}
