import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { badRequest, fieldError } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { inventoryItems, returnsCounters, stockBatches } from "../db/tables.js";
import { normalLot } from "../inventory/holds.js";
import { kampalaToday } from "../inventory/ledger.js";

/**
 * Next document number of the day for a pharmacy, inside the caller's transaction (a rollback gives it
 * back: no gaps): `CR-KLA-01-20261123-0001` (customer return), `SR-…` (supplier return), `DS-…` (destruction).
 */
export async function nextReturnsNumber(tx: Db, kind: "cr" | "sr" | "ds", pharmacy: { id: string; code: string }): Promise<string> {
  const day = kampalaToday().replaceAll("-", "");
  const [{ lastValue }] = await tx
    .insert(returnsCounters)
    .values({ pharmacyId: pharmacy.id, kind, day, lastValue: 1 })
    .onConflictDoUpdate({ target: [returnsCounters.pharmacyId, returnsCounters.kind, returnsCounters.day], set: { lastValue: sql`${returnsCounters.lastValue} + 1` } })
    .returning({ lastValue: returnsCounters.lastValue });
  return `${kind.toUpperCase()}-${pharmacy.code}-${day}-${String(lastValue).padStart(4, "0")}`;
}

export const asDb = (tx: unknown) => tx as Db;

/** The stock and batch a supplier return or destruction names: the item (or medication code) and the batch (id, or lot number, without regard to case or surrounding spaces). */
export async function stockAndBatch(
  db: Db,
  pharmacyId: string,
  ref: { inventoryItem?: string | null; medicationCode?: string | null; batchId?: string | null; lotNumber?: string | null },
): Promise<{ item: typeof inventoryItems.$inferSelect; batch: typeof stockBatches.$inferSelect }> {
  if (Boolean(ref.inventoryItem) === Boolean(ref.medicationCode)) throw badRequest("Name the stock", { inventoryItem: ["name exactly one of inventory_item or medication_code"] });
  if (Boolean(ref.batchId) === Boolean(ref.lotNumber?.trim())) throw badRequest("Name the batch", { batchId: ["name exactly one of batch_id or lot_number"] });
  const [item] = ref.inventoryItem
    ? isUuid(ref.inventoryItem)
      ? await db.select().from(inventoryItems).where(and(eq(inventoryItems.id, ref.inventoryItem), eq(inventoryItems.pharmacyId, pharmacyId)))
      : []
    : await db.select().from(inventoryItems).where(and(eq(inventoryItems.medicationCode, ref.medicationCode!.trim()), eq(inventoryItems.pharmacyId, pharmacyId)));
  if (!item) throw fieldError(ref.inventoryItem ? "inventoryItem" : "medicationCode", "no such stock in this pharmacy");
  const batches = await db.select().from(stockBatches).where(eq(stockBatches.inventoryItemId, item.id));
  const found = ref.batchId ? batches.filter((b) => b.id === ref.batchId) : batches.filter((b) => b.lotNumber !== null && normalLot(b.lotNumber) === normalLot(ref.lotNumber));
  if (!found.length) throw fieldError(ref.batchId ? "batchId" : "lotNumber", "no such batch of this stock");
  if (found.length > 1) throw fieldError("lotNumber", "several batches carry this lot (different expiry dates): name the batch_id");
  return { item, batch: found[0] };
}

