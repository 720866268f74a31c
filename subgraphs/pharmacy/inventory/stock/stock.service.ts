import { and, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../../lib/db.js";
import { inventoryItems, products } from "../../db/tables.js";
import { sellableByItem } from "../ledger.js";

/** A product's stock: the item it sells from (linked or its own), units on hand and units sellable now. */
export interface ProductStock {
  itemId: string;
  onHand: number;
  sellable: number;
}

/**
 * Stock of products, read without locks (for display and validation): on hand is the item's ledger
 * quantity, sellable leaves out expired batches. A product sells from its linked item, else from its
 * own (one at most: `inventory_items_product_uq`); a product with neither has no stock. The items and
 * their quantities come in one statement (the till's product search runs this on every keystroke).
 */
export async function productStock(db: Db, productIds: string[]): Promise<Map<string, ProductStock>> {
  const out = new Map<string, ProductStock>();
  const ids = [...new Set(productIds)];
  if (!ids.length) return out;
  const linked = alias(inventoryItems, "linked_item");
  const own = alias(inventoryItems, "own_item");
  const rows = await db
    .select({ productId: products.id, linkedId: linked.id, linkedQuantity: linked.quantity, ownId: own.id, ownQuantity: own.quantity })
    .from(products)
    .leftJoin(linked, eq(linked.id, products.inventoryItemId))
    .leftJoin(own, and(isNull(products.inventoryItemId), eq(own.productId, products.id)))
    .where(inArray(products.id, ids));
  const items = rows.flatMap((r) => {
    const itemId = r.linkedId ?? r.ownId;
    return itemId ? [{ productId: r.productId, itemId, onHand: (r.linkedId ? r.linkedQuantity : r.ownQuantity) ?? 0 }] : [];
  });
  if (!items.length) return out;
  const sellable = await sellableByItem(db, items.map((i) => i.itemId));
  for (const i of items) out.set(i.productId, { itemId: i.itemId, onHand: i.onHand, sellable: sellable.get(i.itemId) ?? 0 });
  return out;
}
