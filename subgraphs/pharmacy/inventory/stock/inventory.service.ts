import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { idempotencyKeys, inventoryItems, pharmacies, products, stockMovements } from "../../db/tables.js";
import { lockStock, recordStockMovement, type StockKey } from "./stock.service.js";
import type { CreateInventoryItemInput, CreateStockMovementInput, InventoryItem, StockMovement } from "./stock.type.js";

type MovementRow = typeof stockMovements.$inferSelect;

export function toMovement({ inventoryItemId, createdBy: _c, ...row }: MovementRow): StockMovement {
  return { ...row, inventoryItem: inventoryItemId };
}

function scopedPharmacy(principal: Principal, requested?: string | null): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  return principal.pharmacyId;
}

export async function listInventoryItems(db: Db, principal: Principal, args: Partial<PageArgs> & { pharmacyId?: string | null }): Promise<Page<InventoryItem>> {
  const w = pageWindow(args);
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  const where = pharmacyId ? eq(inventoryItems.pharmacyId, pharmacyId) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(inventoryItems).where(where).orderBy(asc(inventoryItems.name), asc(inventoryItems.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(inventoryItems).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function createInventoryItem(db: Db, principal: Principal, input: CreateInventoryItemInput): Promise<InventoryItem> {
  const pharmacyId = scopedPharmacy(principal, input.pharmacyId);
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  assertPharmacyAccess(principal, pharmacyId);
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  const [row] = await db
    .insert(inventoryItems)
    .values({ pharmacyId, name: input.name, medicationCode: input.medicationCode ?? null, quantity: input.quantity, reorderLevel: input.reorderLevel })
    .returning();
  return row;
}

/** Which stock a movement request names, and the pharmacy it belongs to. */
async function resolveStock(db: Db, principal: Principal, input: CreateStockMovementInput): Promise<{ key: StockKey; pharmacyId: string }> {
  const forms = [input.inventoryItem, input.medicationCode, input.productId].filter((v) => v !== undefined && v !== null);
  if (forms.length !== 1) throw badRequest("Name exactly one of inventory_item, medication_code (with pharmacy_id) or product_id", { inventoryItem: ["name exactly one stock to move"] });
  if (input.inventoryItem || input.medicationCode) {
    let where: SQL | undefined;
    if (input.inventoryItem) {
      if (!isUuid(input.inventoryItem)) throw fieldError("inventoryItem", "no such inventory item");
      where = eq(inventoryItems.id, input.inventoryItem);
    } else {
      const pharmacyId = scopedPharmacy(principal, input.pharmacyId);
      if (!pharmacyId) throw fieldError("pharmacyId", "is required with medication_code");
      where = and(eq(inventoryItems.pharmacyId, pharmacyId), eq(inventoryItems.medicationCode, input.medicationCode!));
    }
    const [item] = await db.select().from(inventoryItems).where(where).orderBy(asc(inventoryItems.id)).limit(1);
    if (!item || (principal.pharmacyId && item.pharmacyId !== principal.pharmacyId)) {
      throw fieldError(input.inventoryItem ? "inventoryItem" : "medicationCode", "no such inventory item in this pharmacy");
    }
    return { key: { kind: "item", id: item.id }, pharmacyId: item.pharmacyId };
  }
  if (!isUuid(input.productId!)) throw fieldError("productId", "no such product");
  const [p] = await db.select().from(products).where(eq(products.id, input.productId!));
  if (!p || (principal.pharmacyId && p.pharmacyId !== principal.pharmacyId)) throw fieldError("productId", "no such product in this pharmacy");
  return { key: p.inventoryItemId ? { kind: "item", id: p.inventoryItemId } : { kind: "product", id: p.id }, pharmacyId: p.pharmacyId };
}

/**
 * Records a stock movement under a row lock on the stock; the sign must fit the type and stock never
 * goes negative (409). Honours Idempotency-Key.
 */
export async function createStockMovement(db: Db, principal: Principal, input: CreateStockMovementInput, idempotencyKey?: string): Promise<StockMovement> {
  const q = input.quantity;
  const signOk = { receipt: q > 0, return: q > 0, sale: q < 0, adjustment: q !== 0 }[input.movementType as "receipt"];
  if (!Number.isInteger(q) || !signOk) throw fieldError("quantity", `does not fit a ${input.movementType} (receipt and return > 0, sale < 0, adjustment ≠ 0)`);
  // A sale's own movements (reference transaction) are written and, when its payment fails, undone by
  // the completion; a hand-made sale or adjustment under the same reference would be undone with them.
  if ((input.movementType === "sale" || input.movementType === "adjustment") && input.referenceType === "transaction") {
    throw fieldError("referenceType", "sales transactions move their own stock when completed; use another reference (e.g. dispense)");
  }
  const { key, pharmacyId } = await resolveStock(db, principal, input);
  assertPharmacyAccess(principal, pharmacyId);
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createStockMovement", request: input }, async (tx) => {
    const locked = await lockStock(tx, [key]);
    try {
      const row = await recordStockMovement(tx, locked, {
        key,
        pharmacyId,
        quantity: q,
        movementType: input.movementType as "receipt",
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        notes: input.notes,
        createdBy: principal.sub,
      });
      return toMovement(row);
    } catch (err) {
      if (err instanceof RangeError) throw conflict(`Not enough stock: the movement would leave ${err.message.replace(/^.* would become /, "")} units`);
      throw err;
    }
  });
}

export interface StockMovementFilters {
  pharmacyId?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  productId?: string | null;
  inventoryItem?: string | null;
  movementType?: string | null;
  /** Recorded at or after. */
  dateFrom?: Date | null;
  /** Recorded before (exclusive). */
  dateTo?: Date | null;
}

export async function listStockMovements(
  db: Db,
  principal: Principal,
  args: Partial<PageArgs> & StockMovementFilters,
): Promise<Page<StockMovement>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(stockMovements.pharmacyId, pharmacyId));
  if (args.referenceType) filters.push(eq(stockMovements.referenceType, args.referenceType));
  if (args.referenceId) filters.push(eq(stockMovements.referenceId, args.referenceId));
  if (args.productId && !isUuid(args.productId)) throw fieldError("productId", "must be a product id (UUID)");
  if (args.inventoryItem && !isUuid(args.inventoryItem)) throw fieldError("inventoryItem", "must be an inventory item id (UUID)");
  if (args.productId) filters.push(eq(stockMovements.productId, args.productId));
  if (args.inventoryItem) filters.push(eq(stockMovements.inventoryItemId, args.inventoryItem));
  if (args.movementType) filters.push(eq(stockMovements.movementType, args.movementType));
  if (args.dateFrom) filters.push(gte(stockMovements.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(stockMovements.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(stockMovements).where(where).orderBy(desc(stockMovements.createdAt), desc(stockMovements.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return toPage(rows.map(toMovement), total, w);
}
