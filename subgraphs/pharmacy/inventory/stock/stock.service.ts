import { inArray } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { inventoryItems } from "../../db/tables.js";
import { sellableByItem, stockItemsOfProducts } from "../ledger.js";

/** A product's stock: the item it sells from (linked or its own), units on hand and units sellable now. */
export interface ProductStock {
  itemId: string;
  onHand: number;
  sellable: number;
}

/**
 * Stock of products, read without locks (for display and validation): on hand is the item's ledger
 * quantity, sellable leaves out expired batches. A product without a stock item (none exists after the
 * migration) has none.
 */
export async function productStock(db: Db, productIds: string[]): Promise<Map<string, ProductStock>> {
  const itemOf = await stockItemsOfProducts(db, productIds);
  const itemIds = [...new Set(itemOf.values())];
  const out = new Map<string, ProductStock>();
  if (!itemIds.length) return out;
  const [rows, sellable] = await Promise.all([
    db.select({ id: inventoryItems.id, quantity: inventoryItems.quantity }).from(inventoryItems).where(inArray(inventoryItems.id, itemIds)),
    sellableByItem(db, itemIds),
  ]);
  const onHand = new Map(rows.map((r) => [r.id, r.quantity]));
  for (const [productId, itemId] of itemOf) out.set(productId, { itemId, onHand: onHand.get(itemId) ?? 0, sellable: sellable.get(itemId) ?? 0 });
  return out;
}
