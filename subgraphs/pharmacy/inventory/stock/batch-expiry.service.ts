/**
 * Correcting a batch's recorded expiry (a date mistyped at receipt). The batch keeps its units and lot;
 * only its expiry changes, under the stock item's row lock (the ledger's one lock target), so a sale or
 * dispense of the batch runs wholly before or wholly after it: sellable units and alerts follow the new
 * date from the commit on. Each correction is an append-only record (who, when, before, after, why),
 * not a stock movement: no units move and the ledger refuses a movement of 0.
 * docs/decisions/pharmacy.md, "Inventory ledger", "Correcting a batch's expiry (2026-11-28)".
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { addCalendarYears, isCalendarDate } from "../../../../lib/calendar.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { idempotencyKeys, inventoryItems, stockBatchExpiryCorrections, stockBatches } from "../../db/tables.js";
import { normalLot } from "../holds.js";
import { isExpired, kampalaToday, lockItems, type BatchRow } from "../ledger.js";
import { expiryTooFarAhead, MAX_SHELF_LIFE_YEARS } from "../../procurement/grn/grn.lines.js";
import { scopedPharmacy } from "./inventory.service.js";
import type { CorrectBatchExpiryInput, StockBatchExpiryCorrection } from "./batch-expiry.type.js";

type CorrectionRow = typeof stockBatchExpiryCorrections.$inferSelect;

const MAX_REASON = 500;

function toCorrection({ inventoryItemId, ...row }: CorrectionRow, batch: BatchRow | null, today = kampalaToday()): StockBatchExpiryCorrection {
  return {
    ...row,
    inventoryItem: inventoryItemId,
    batch: batch ? { id: batch.id, lotNumber: batch.lotNumber, expiryDate: batch.expiryDate, quantity: batch.quantity, receivedAt: batch.receivedAt, expired: isExpired(batch, today) } : null,
  };
}

/** 400s before anything is read: the date (a calendar date within MAX_SHELF_LIFE_YEARS of today either way) and the reason. */
function checkCorrection(input: CorrectBatchExpiryInput, today: string): void {
  const errors = new FieldErrorCollector();
  const earliest = addCalendarYears(today, -MAX_SHELF_LIFE_YEARS);
  const tooFarAhead = isCalendarDate(input.expiryDate) ? expiryTooFarAhead(input.expiryDate, today) : null;
  if (!isCalendarDate(input.expiryDate)) errors.add("expiryDate", "must be a date, YYYY-MM-DD");
  else if (tooFarAhead) errors.add("expiryDate", tooFarAhead);
  else if (input.expiryDate < earliest) errors.add("expiryDate", `is more than ${MAX_SHELF_LIFE_YEARS} years ago (earliest ${earliest}): check the date printed on the pack`);
  const reason = input.reason.trim();
  if (!reason) errors.add("reason", "must not be blank: say why the recorded expiry was wrong");
  else if (reason.length > MAX_REASON) errors.add("reason", `must be at most ${MAX_REASON} characters`);
  errors.throwIfAny("This expiry cannot be recorded");
}

/**
 * Corrects batch `batchId` of inventory item `itemId` to `input.expiryDate`, recording who, when, the
 * expiry before and after and why. Staff: their pharmacy's stock only (another pharmacy's item is 404,
 * as reads are); admins any. Under the item's row lock: the same expiry again is 400; another batch of the
 * item with the same lot and the new expiry is 409 (one lot, one batch per expiry; its units are moved by
 * hand, see the decision). Honours Idempotency-Key.
 */
export async function correctBatchExpiry(db: Db, principal: Principal, itemId: string, batchId: string, input: CorrectBatchExpiryInput, idempotencyKey?: string): Promise<StockBatchExpiryCorrection> {
  if (!isUuid(itemId)) throw notFound("Inventory item", itemId);
  if (!isUuid(batchId)) throw notFound("Stock batch", batchId);
  checkCorrection(input, kampalaToday());
  const request = { itemId, batchId, expiryDate: input.expiryDate, reason: input.reason };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "correctStockBatchExpiry", request }, async (tx) => {
    const [item] = await tx.select({ id: inventoryItems.id, pharmacyId: inventoryItems.pharmacyId }).from(inventoryItems).where(eq(inventoryItems.id, itemId));
    if (!item || (principal.pharmacyId && item.pharmacyId !== principal.pharmacyId)) throw notFound("Inventory item", itemId);
    // The ledger's lock: sales, dispenses and receipts of this item wait for the correction, or it for them.
    const state = (await lockItems(tx, [item.id])).get(item.id)!;
    const batch = state.batches.find((b) => b.id === batchId);
    if (!batch) throw notFound("Stock batch", batchId);
    if (batch.expiryDate === input.expiryDate) throw fieldError("expiryDate", `is already the batch's recorded expiry`);
    const twin = state.batches.find((b) => b.id !== batch.id && normalLot(b.lotNumber) === normalLot(batch.lotNumber) && b.expiryDate === input.expiryDate);
    if (twin) {
      throw conflict(
        `Batch ${twin.id} of this item already holds lot ${batch.lotNumber ?? "(none)"} with expiry ${input.expiryDate} (${twin.quantity} units): ` +
          `a lot has one batch per expiry. Move this batch's ${batch.quantity} units into it with two adjustments (POST /api/v1/pharmacy/inventory/movements/: ` +
          `-${batch.quantity} with batch_id ${batch.id}, +${batch.quantity} with batch_id ${twin.id}) instead of correcting this one`,
      );
    }
    const [after] = await tx.update(stockBatches).set({ expiryDate: input.expiryDate }).where(eq(stockBatches.id, batch.id)).returning();
    const [row] = await tx
      .insert(stockBatchExpiryCorrections)
      .values({
        batchId: batch.id,
        inventoryItemId: item.id,
        pharmacyId: item.pharmacyId,
        lotNumber: batch.lotNumber,
        previousExpiryDate: batch.expiryDate,
        expiryDate: input.expiryDate,
        reason: input.reason.trim(),
        correctedBy: principal.sub,
        correctedAt: sql`clock_timestamp()`,
      })
      .returning();
    return toCorrection(row, after);
  });
}

export interface ExpiryCorrectionFilters {
  pharmacyId?: string | null;
  inventoryItem?: string | null;
  batchId?: string | null;
}

/** Corrections, newest first: staff their pharmacy's, auditors and admins any (or one pharmacy's). */
export async function listBatchExpiryCorrections(db: Db, principal: Principal, args: Partial<PageArgs> & ExpiryCorrectionFilters): Promise<Page<StockBatchExpiryCorrection>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(stockBatchExpiryCorrections.pharmacyId, pharmacyId));
  if (args.inventoryItem) {
    if (!isUuid(args.inventoryItem)) throw fieldError("inventoryItem", "must be an inventory item id (UUID)");
    filters.push(eq(stockBatchExpiryCorrections.inventoryItemId, args.inventoryItem));
  }
  if (args.batchId) {
    if (!isUuid(args.batchId)) throw fieldError("batchId", "must be a batch id (UUID)");
    filters.push(eq(stockBatchExpiryCorrections.batchId, args.batchId));
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(stockBatchExpiryCorrections).where(where).orderBy(desc(stockBatchExpiryCorrections.correctedAt), desc(stockBatchExpiryCorrections.id)).limit(w.limit).offset(w.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(stockBatchExpiryCorrections).where(where),
  ]);
  return toPage(rows.map((r) => toCorrection(r, null)), Number(total), w);
}
