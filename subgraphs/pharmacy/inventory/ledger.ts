/**
 * The one stock ledger of the pharmacy: every change in quantity (sale, dispense, receipt,
 * adjustment, return, destruction, compounding) goes through `applyStockChanges`, inside the caller's
 * database transaction, so the record that caused it (a dispense, a goods received note) and its
 * movements commit or roll back together.
 *
 * CONTRACT (issue 10). Dispensing, procurement and the point of sale call only this module. Its first
 * implementation moves the existing inventory items; the batch ledger (lots, expiry, FEFO) replaces
 * the internals behind the same signatures.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { inventoryItems, stockMovements } from "../db/tables.js";
import { lockStock, quantityOf, recordStockMovement, type StockKey } from "./stock/stock.service.js";

/** Which stock moves: a medication by its catalog code at the pharmacy, a product's own stock, or an inventory item. */
export type StockRef = { medicationCode: string } | { productId: string } | { inventoryItemId: string };

export const LEDGER_MOVEMENT_TYPES = ["receipt", "sale", "dispense", "adjustment", "return", "destruction", "compounding"] as const;
export type LedgerMovementType = (typeof LEDGER_MOVEMENT_TYPES)[number];

export interface LedgerChange {
  pharmacyId: string;
  stock: StockRef;
  /** Signed: negative for a reduction. */
  quantity: number;
  movementType: LedgerMovementType;
  /** A receipt's batch: lot number and expiry (YYYY-MM-DD); null when the supplier gave none. */
  batch?: { lotNumber: string | null; expiryDate: string | null };
  referenceType?: string | null;
  referenceId?: string | null;
  notes?: string | null;
  createdBy: string;
}

export type MovementRow = typeof stockMovements.$inferSelect;

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

async function keyOf(tx: Db, c: LedgerChange): Promise<StockKey | null> {
  if ("inventoryItemId" in c.stock) return { kind: "item", id: c.stock.inventoryItemId };
  if ("productId" in c.stock) return { kind: "product", id: c.stock.productId };
  const code = c.stock.medicationCode;
  const [item] = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.pharmacyId, c.pharmacyId), eq(inventoryItems.medicationCode, code)))
    .orderBy(asc(inventoryItems.id))
    .limit(1);
  if (item) return { kind: "item", id: item.id };
  if (c.quantity <= 0) return null;
  const [created] = await tx.insert(inventoryItems).values({ pharmacyId: c.pharmacyId, name: code, medicationCode: code, quantity: 0 }).returning({ id: inventoryItems.id });
  return { kind: "item", id: created.id };
}

/**
 * Applies the changes in the caller's transaction under row locks taken in one order (no deadlocks),
 * and returns the movements written, one per change (or per batch drawn). A reduction that would take
 * more than may be taken throws InsufficientStock and the caller's transaction rolls back whole.
 */
export async function applyStockChanges(tx: Db, changes: LedgerChange[]): Promise<MovementRow[]> {
  const keys: (StockKey | null)[] = [];
  for (const c of changes) keys.push(await keyOf(tx, c));
  const locked = await lockStock(tx, keys.filter((k): k is StockKey => k !== null));
  const out: MovementRow[] = [];
  for (const [i, c] of changes.entries()) {
    const key = keys[i];
    if (!key) throw new InsufficientStock(c.stock, c.pharmacyId, 0, -c.quantity);
    try {
      out.push(
        await recordStockMovement(tx, locked, {
          key,
          pharmacyId: c.pharmacyId,
          quantity: c.quantity,
          movementType: c.movementType as "receipt",
          referenceType: c.referenceType ?? undefined,
          referenceId: c.referenceId ?? undefined,
          notes: c.notes ?? undefined,
          createdBy: c.createdBy,
        }),
      );
    } catch (err) {
      if (err instanceof RangeError) throw new InsufficientStock(c.stock, c.pharmacyId, quantityOf(locked, key), -c.quantity);
      throw err;
    }
  }
  return out;
}

/** Units that may be sold or dispensed now at one pharmacy, by medication code (no locks; for queues and checks). */
export async function sellableStock(db: Db, pharmacyId: string, medicationCodes: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>(medicationCodes.map((c) => [c, 0]));
  if (!medicationCodes.length) return out;
  const rows = await db
    .select({ code: inventoryItems.medicationCode, quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.pharmacyId, pharmacyId), inArray(inventoryItems.medicationCode, medicationCodes)));
  for (const r of rows) if (r.code) out.set(r.code, (out.get(r.code) ?? 0) + r.quantity);
  return out;
}
