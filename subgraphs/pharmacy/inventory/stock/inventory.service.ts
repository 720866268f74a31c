import { and, asc, count, eq, exists, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError, FieldErrorCollector } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { onceInTransaction } from "../../../../lib/idempotency.js";
import { MAX_QUANTITY } from "../../../../lib/money.js";
import { decodeCursor, newestFirstList, type KeysetPage } from "../../../../lib/page-query.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { idempotencyKeys, inventoryItems, pharmacies, products, stockBatches, stockMovementBatches, stockMovements } from "../../db/tables.js";
import {
  addDays,
  applyStockChanges,
  batchSharesOf,
  HeldStock,
  InsufficientStock,
  isExpired,
  kampalaToday,
  signFits,
  UnknownStock,
  type BatchRow,
  type LedgerChange,
  type LedgerMovementType,
  type MovementBatchShare,
  type MovementRow,
  type StockRef,
} from "../ledger.js";
import { holdsOfBatches, normalLot, type StockHold } from "../holds.js";
import { medicationByCode } from "../medications/catalog.js";
import { acknowledgeBookedMovement, bookedKindOf, type BookedKind } from "./booked-movement.js";
import { checkControlledMovement, checkManualMovement, claimRegisterEntry, CONTROLLED_REGISTER_REFERENCE } from "./manual-movement.js";
import type { CreateInventoryItemInput, CreateStockMovementInput, InventoryItem, StockAlert, StockMovement } from "./stock.type.js";

type ItemRow = typeof inventoryItems.$inferSelect;

export function toMovement({ inventoryItemId, createdBy: _c, ...row }: MovementRow, batches: MovementBatchShare[]): StockMovement {
  const one = batches.length === 1 ? batches[0] : null;
  return { ...row, inventoryItem: inventoryItemId, batches, batchId: one?.batchId ?? null, lotNumber: one?.lotNumber ?? null, expiryDate: one?.expiryDate ?? null };
}

/** `%` and `_` in a user's search text are literal characters, not LIKE wildcards. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function scopedPharmacy(principal: Principal, requested?: string | null): string | undefined {
  if (requested) {
    if (!isUuid(requested)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
    if (principal.pharmacyId) assertPharmacyAccess(principal, requested);
    return requested;
  }
  return principal.pharmacyId;
}

/** Batches by item, first expiry first (no expiry last), holding units. */
async function batchesOf(db: Db, itemIds: string[]): Promise<Map<string, BatchRow[]>> {
  const out = new Map<string, BatchRow[]>(itemIds.map((id) => [id, []]));
  if (!itemIds.length) return out;
  const rows = await db
    .select()
    .from(stockBatches)
    .where(and(inArray(stockBatches.inventoryItemId, itemIds), gt(stockBatches.quantity, 0)))
    .orderBy(sql`${stockBatches.expiryDate} asc nulls last`, asc(stockBatches.receivedAt), asc(stockBatches.id));
  for (const b of rows) out.get(b.inventoryItemId)!.push(b);
  return out;
}

/** Holds (recalls, cold-chain reviews) on the batches of these items, by batch id. */
async function holdsOfItems(db: Db, items: ItemRow[], batches: Map<string, BatchRow[]>): Promise<Map<string, StockHold[]>> {
  return holdsOfBatches(db, items.flatMap((i) => (batches.get(i.id) ?? []).map((b) => ({ id: b.id, pharmacyId: b.pharmacyId, lotNumber: b.lotNumber, medicationCode: i.medicationCode }))));
}

function toItem(row: ItemRow, batches: BatchRow[], today: string, held: Map<string, StockHold[]> = new Map()): InventoryItem {
  const { createdAt: _c, ...rest } = row;
  return {
    ...rest,
    sellableQuantity: batches.filter((b) => !isExpired(b, today) && !held.has(b.id)).reduce((n, b) => n + b.quantity, 0),
    batches: batches.map((b) => ({ id: b.id, lotNumber: b.lotNumber, expiryDate: b.expiryDate, quantity: b.quantity, receivedAt: b.receivedAt, expired: isExpired(b, today) })),
  };
}

export interface StockFilters {
  pharmacyId?: string | null;
  medicationCode?: string | null;
  /** The product's stock: its own stock item or the item it is linked to. */
  productId?: string | null;
  /** Part of the item's name or its medication code. */
  search?: string | null;
  /** Only items at or below their reorder level. */
  lowStock?: boolean | null;
}

async function stockWhere(db: Db, principal: Principal, args: StockFilters): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(inventoryItems.pharmacyId, pharmacyId));
  if (args.medicationCode) filters.push(eq(inventoryItems.medicationCode, args.medicationCode));
  if (args.productId) {
    if (!isUuid(args.productId)) throw fieldError("productId", "must be a product id (UUID)");
    const [p] = await db.select({ item: products.inventoryItemId }).from(products).where(eq(products.id, args.productId));
    filters.push(p?.item ? eq(inventoryItems.id, p.item) : eq(inventoryItems.productId, args.productId));
  }
  if (args.search) filters.push(or(ilike(inventoryItems.name, likeTerm(args.search)), ilike(inventoryItems.medicationCode, likeTerm(args.search)))!);
  if (args.lowStock === true) filters.push(lte(inventoryItems.quantity, inventoryItems.reorderLevel));
  if (args.lowStock === false) filters.push(gt(inventoryItems.quantity, inventoryItems.reorderLevel));
  return filters.length ? and(...filters) : undefined;
}

/** Stock list: per item the quantity on hand, sellable quantity, reorder level and batches. */
export async function listInventoryItems(db: Db, principal: Principal, args: Partial<PageArgs> & StockFilters): Promise<Page<InventoryItem>> {
  const w = pageWindow(args);
  const where = await stockWhere(db, principal, args);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(inventoryItems).where(where).orderBy(asc(inventoryItems.name), asc(inventoryItems.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(inventoryItems).where(where),
  ]);
  const batches = await batchesOf(db, rows.map((r) => r.id));
  const held = await holdsOfItems(db, rows, batches);
  const today = kampalaToday();
  return toPage(rows.map((r) => toItem(r, batches.get(r.id)!, today, held)), total, w);
}

/** Creates a stock item; an opening quantity is an `opening_balance` receipt into one batch (lot and expiry if given). */
export async function createInventoryItem(db: Db, principal: Principal, input: CreateInventoryItemInput): Promise<InventoryItem> {
  const pharmacyId = scopedPharmacy(principal, input.pharmacyId);
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  assertPharmacyAccess(principal, pharmacyId);
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
  if ((input.lotNumber || input.expiryDate) && !input.quantity) throw fieldError("quantity", "must be greater than zero with lot_number or expiry_date");
  if (input.quantity > MAX_QUANTITY) throw fieldError("quantity", `must be at most ${MAX_QUANTITY}`);
  // A controlled medicine's units enter custody only with the register (a GRN, or a receipt booking its register entry).
  const controlled = input.medicationCode ? medicationByCode(input.medicationCode) : undefined;
  if (controlled?.controlled && input.quantity > 0) {
    throw fieldError("quantity", `${controlled.genericName} is a controlled medicine (schedule ${controlled.schedule}): open its stock item at 0, then receive it on a goods received note or by a receipt that books its controlled-register entry`);
  }
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(inventoryItems)
      .values({ pharmacyId, name: input.name, medicationCode: input.medicationCode ?? null, quantity: 0, reorderLevel: input.reorderLevel })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`This pharmacy already has a stock item for medication code ${input.medicationCode}; receive stock into it instead`);
    if (input.quantity > 0) {
      await applyStockChanges(tx, [
        {
          pharmacyId,
          stock: { inventoryItemId: row.id },
          quantity: input.quantity,
          movementType: "receipt",
          batch: { lotNumber: input.lotNumber ?? null, expiryDate: input.expiryDate ?? null },
          referenceType: "opening_balance",
          referenceId: row.id,
          notes: "opening stock of a new inventory item",
          createdBy: principal.sub,
        },
      ]);
    }
    return row.id;
  });
  const [row] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
  const batches = await batchesOf(db, [id]);
  return toItem(row, batches.get(id)!, kampalaToday(), await holdsOfItems(db, [row], batches));
}

/** Which stock a movement request names, the pharmacy it belongs to (checked against the caller) and its medication code, if any. */
async function resolveStock(db: Db, principal: Principal, input: CreateStockMovementInput): Promise<{ stock: StockRef; pharmacyId: string; medicationCode: string | null }> {
  const forms = [input.inventoryItem, input.medicationCode, input.productId].filter((v) => v !== undefined && v !== null);
  if (forms.length !== 1) throw badRequest("Name exactly one of inventory_item, medication_code (with pharmacy_id) or product_id", { inventoryItem: ["name exactly one stock to move"] });
  if (input.inventoryItem) {
    if (!isUuid(input.inventoryItem)) throw fieldError("inventoryItem", "no such inventory item");
    const [item] = await db.select().from(inventoryItems).where(eq(inventoryItems.id, input.inventoryItem));
    if (!item || (principal.pharmacyId && item.pharmacyId !== principal.pharmacyId)) throw fieldError("inventoryItem", "no such inventory item in this pharmacy");
    if (input.pharmacyId && input.pharmacyId !== item.pharmacyId) throw fieldError("pharmacyId", "is not the inventory item's pharmacy");
    return { stock: { inventoryItemId: item.id }, pharmacyId: item.pharmacyId, medicationCode: item.medicationCode };
  }
  if (input.medicationCode) {
    const pharmacyId = scopedPharmacy(principal, input.pharmacyId);
    if (!pharmacyId) throw fieldError("pharmacyId", "is required with medication_code");
    const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
    if (!ph) throw fieldError("pharmacyId", "no such pharmacy");
    // A receipt creates the pharmacy's stock item for a code it does not hold yet; anything else needs the item.
    if (input.movementType !== "receipt") {
      const [item] = await db.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.pharmacyId, pharmacyId), eq(inventoryItems.medicationCode, input.medicationCode)));
      if (!item) throw fieldError("medicationCode", "no stock of this medication in this pharmacy");
    }
    return { stock: { medicationCode: input.medicationCode }, pharmacyId, medicationCode: input.medicationCode.trim() };
  }
  if (!isUuid(input.productId!)) throw fieldError("productId", "no such product");
  const [p] = await db.select().from(products).where(eq(products.id, input.productId!));
  if (!p || (principal.pharmacyId && p.pharmacyId !== principal.pharmacyId)) throw fieldError("productId", "no such product in this pharmacy");
  // A product's own stock has no medication code; a linked item may have one.
  const [linked] = p.inventoryItemId ? await db.select({ code: inventoryItems.medicationCode }).from(inventoryItems).where(eq(inventoryItems.id, p.inventoryItemId)) : [];
  return { stock: { productId: p.id }, pharmacyId: p.pharmacyId, medicationCode: linked?.code ?? null };
}

/**
 * Records a hand-made stock movement (a receipt or an adjustment, under a reference of one's own:
 * `manual-movement.ts`) through the ledger under the item's row lock; the sign must fit the type,
 * reductions draw batches by the ledger's rules and never below zero (409, nothing written). A
 * controlled medicine's receipt or adjustment books a controlled-register entry of its kind. Honours Idempotency-Key.
 */
export async function createStockMovement(db: Db, principal: Principal, input: CreateStockMovementInput, idempotencyKey?: string): Promise<StockMovement> {
  const q = input.quantity;
  const type = input.movementType as LedgerMovementType;
  const problems = new FieldErrorCollector();
  const booked = bookedKindOf(input);
  if (booked) return acknowledgeMovement(db, principal, input, booked, idempotencyKey);
  checkManualMovement(input, problems);
  if (problems.empty && !signFits(type, q)) problems.add("quantity", `does not fit a ${type} (receipt > 0; adjustment ≠ 0)`);
  problems.throwIfAny("This movement cannot be recorded by hand");
  if (input.batchId && (input.lotNumber || input.expiryDate)) throw fieldError("batchId", "name either batch_id or lot_number/expiry_date, not both");
  if (input.batchId && !isUuid(input.batchId)) throw fieldError("batchId", "no such batch of this stock");
  if (q < 0 && (input.lotNumber || input.expiryDate)) throw fieldError("batchId", "a reduction names its batch by batch_id");
  const { stock, pharmacyId, medicationCode } = await resolveStock(db, principal, input);
  assertPharmacyAccess(principal, pharmacyId);
  const controlled = medicationCode ? medicationByCode(medicationCode) : undefined;
  checkControlledMovement(input, controlled?.controlled ? controlled : undefined, problems);
  problems.throwIfAny("This movement of a controlled medicine needs the controlled register");
  const registerEntry = controlled?.controlled && (type === "adjustment" || type === "receipt") ? input.referenceId! : null;
  const change: LedgerChange = {
    pharmacyId,
    stock,
    quantity: q,
    movementType: type,
    batch: input.lotNumber || input.expiryDate ? { lotNumber: input.lotNumber ?? null, expiryDate: input.expiryDate ?? null } : undefined,
    batchId: input.batchId ?? null,
    referenceType: registerEntry ? CONTROLLED_REGISTER_REFERENCE : input.referenceType,
    referenceId: input.referenceId,
    notes: input.notes,
    createdBy: principal.sub,
  };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createStockMovement", request: input }, async (tx) => {
    if (registerEntry) await claimRegisterEntry(tx, { entryId: registerEntry, pharmacyId, medicationCode: medicationCode!, quantity: q, movementType: type as "receipt" | "adjustment" });
    try {
      const [m] = await applyStockChanges(tx, [change]);
      return toMovement(m, m.batches);
    } catch (err) {
      if (err instanceof HeldStock) throw conflict(err.message);
      if (err instanceof InsufficientStock) throw conflict(`Not enough stock: ${err.requested} asked, ${err.available} units available`);
      if (err instanceof UnknownStock) throw fieldError(err.field, err.message);
      throw err;
    }
  });
}

/**
 * A movement naming a dispense, a sales transaction, a purchase order or a goods received note
 * (`booked-movement.ts`): answers the movement that record already booked, writing nothing (the same
 * status as a create, like an Idempotency-Key replay), or 409 naming what was booked when it disagrees.
 */
async function acknowledgeMovement(db: Db, principal: Principal, input: CreateStockMovementInput, kind: BookedKind, idempotencyKey?: string): Promise<StockMovement> {
  const type = input.movementType as LedgerMovementType;
  if (!signFits(type, input.quantity)) throw fieldError("quantity", `does not fit a ${type} (receipt > 0; sale and dispense < 0: a reduction is sent negative)`);
  const { stock, pharmacyId, medicationCode } = await resolveStock(db, principal, input);
  assertPharmacyAccess(principal, pharmacyId);
  const named = { pharmacyId, medicationCode, ...("inventoryItemId" in stock ? { inventoryItemId: stock.inventoryItemId } : {}), ...("productId" in stock ? { productId: stock.productId } : {}) };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createStockMovement", request: input }, async (tx) => {
    const m = await acknowledgeBookedMovement(tx, kind, named, input);
    return toMovement(m, (await batchSharesOf(tx, [m.id])).get(m.id) ?? []);
  });
}

export interface StockMovementFilters {
  pharmacyId?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
  productId?: string | null;
  inventoryItem?: string | null;
  movementType?: string | null;
  /** Movements that touched this batch. */
  batchId?: string | null;
  /** Movements that touched a batch of this lot. */
  lotNumber?: string | null;
  /** Recorded at or after. */
  dateFrom?: Date | null;
  /** Recorded before (exclusive). */
  dateTo?: Date | null;
}

/** Newest first (created_at, then id); paged like sales transactions (index-only skip, or `after`). */
export async function listStockMovements(
  db: Db,
  principal: Principal,
  args: Partial<PageArgs> & StockMovementFilters & { after?: string | null; total?: boolean },
): Promise<KeysetPage<StockMovement>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(stockMovements.pharmacyId, pharmacyId));
  if (args.referenceType) filters.push(eq(stockMovements.referenceType, args.referenceType));
  if (args.referenceId) filters.push(eq(stockMovements.referenceId, args.referenceId));
  if (args.productId && !isUuid(args.productId)) throw fieldError("productId", "must be a product id (UUID)");
  if (args.inventoryItem && !isUuid(args.inventoryItem)) throw fieldError("inventoryItem", "must be an inventory item id (UUID)");
  if (args.batchId && !isUuid(args.batchId)) throw fieldError("batchId", "must be a batch id (UUID)");
  if (args.productId) filters.push(eq(stockMovements.productId, args.productId));
  if (args.inventoryItem) filters.push(eq(stockMovements.inventoryItemId, args.inventoryItem));
  if (args.movementType) filters.push(eq(stockMovements.movementType, args.movementType));
  if (args.dateFrom) filters.push(gte(stockMovements.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(stockMovements.createdAt, args.dateTo));
  if (args.batchId || args.lotNumber) {
    const share = [eq(stockMovementBatches.movementId, stockMovements.id)];
    if (args.batchId) share.push(eq(stockMovementBatches.batchId, args.batchId));
    // Lots compare as everywhere else (holds.ts normalLot): without regard to case or surrounding spaces.
    if (args.lotNumber) share.push(sql`upper(trim(${stockBatches.lotNumber})) = ${normalLot(args.lotNumber)}`);
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(stockMovementBatches)
          .innerJoin(stockBatches, eq(stockBatches.id, stockMovementBatches.batchId))
          .where(and(...share)),
      ),
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const after = args.after ? decodeCursor(args.after) : null;
  if (after && !isUuid(after)) throw fieldError("after", "is not a cursor from next_cursor");
  const page = await newestFirstList(db, w, { table: stockMovements, createdAt: stockMovements.createdAt, key: stockMovements.id, where, after, total: args.total });
  const shares = await batchSharesOf(db, page.results.map((r) => r.id));
  return { ...page, results: page.results.map((r) => toMovement(r, shares.get(r.id)!)) };
}

export interface StockAlertFilters {
  pharmacyId?: string | null;
  type?: string | null;
  medicationCode?: string | null;
  /** Expiring window in days (default 90). */
  days?: number | null;
}

const SEVERITY_ORDER: Record<string, number> = { critical: 0, warning: 1, info: 2 };

/**
 * Stock alerts of the caller's pharmacy (or the one named): low_stock, out_of_stock, expiring,
 * expired, recalled (a batch of an actively recalled lot) and held (a batch under cold-chain review),
 * most severe first. Computed from the items and batches in scope at the time of asking
 * (one pharmacy's stock is small: items and batches are read whole, then the page is cut).
 */
export async function listStockAlerts(db: Db, principal: Principal, args: Partial<PageArgs> & StockAlertFilters): Promise<Page<StockAlert>> {
  const w = pageWindow(args);
  const days = args.days ?? 90;
  if (!Number.isInteger(days) || days < 0 || days > 3650) throw fieldError("days", "must be a whole number of days from 0 to 3650");
  const filters: SQL[] = [];
  const pharmacyId = scopedPharmacy(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(inventoryItems.pharmacyId, pharmacyId));
  if (args.medicationCode) filters.push(eq(inventoryItems.medicationCode, args.medicationCode));
  const items = await db.select().from(inventoryItems).where(filters.length ? and(...filters) : undefined);
  const batches = await batchesOf(db, items.map((i) => i.id));
  const held = await holdsOfItems(db, items, batches);
  const today = kampalaToday();
  const horizon = addDays(today, days);
  const daysTo = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const alerts: StockAlert[] = [];
  for (const item of items) {
    const shelf = batches.get(item.id)!;
    const sellable = shelf.filter((b) => !isExpired(b, today) && !held.has(b.id)).reduce((n, b) => n + b.quantity, 0);
    const base = { inventoryItem: item.id, medicationCode: item.medicationCode, name: item.name, pharmacyId: item.pharmacyId, quantity: item.quantity, reorderLevel: item.reorderLevel };
    const none = { batchId: null, lotNumber: null, expiryDate: null, batchQuantity: null, daysToExpiry: null, reason: null };
    if (sellable === 0) alerts.push({ type: "out_of_stock", severity: "critical", ...base, ...none });
    if (item.quantity > 0 && item.quantity <= item.reorderLevel) alerts.push({ type: "low_stock", severity: "warning", ...base, ...none });
    for (const b of shelf) {
      const holds = held.get(b.id) ?? [];
      const batchOf = (reason: string | null) => ({ batchId: b.id, lotNumber: b.lotNumber, expiryDate: b.expiryDate, batchQuantity: b.quantity, daysToExpiry: b.expiryDate ? daysTo(b.expiryDate) : null, reason });
      // Recalled lots are critical (they must leave the shelf); other holds (cold-chain review) a warning.
      const recalls = holds.filter((h) => h.kind === "recall");
      const others = holds.filter((h) => h.kind !== "recall");
      if (recalls.length) alerts.push({ type: "recalled", severity: "critical", ...base, ...batchOf(recalls.map((h) => `recall ${h.id}: ${h.reference}`).join("; ")) });
      if (others.length) alerts.push({ type: "held", severity: "warning", ...base, ...batchOf(others.map((h) => `${h.kind.replace(/_/g, " ")} ${h.id}: ${h.reference}`).join("; ")) });
      if (!b.expiryDate) continue;
      const batch = { batchId: b.id, lotNumber: b.lotNumber, expiryDate: b.expiryDate, batchQuantity: b.quantity, daysToExpiry: daysTo(b.expiryDate), reason: null };
      if (isExpired(b, today)) alerts.push({ type: "expired", severity: "critical", ...base, ...batch });
      else if (b.expiryDate <= horizon) alerts.push({ type: "expiring", severity: batch.daysToExpiry <= 30 ? "warning" : "info", ...base, ...batch });
    }
  }
  const chosen = args.type ? alerts.filter((a) => a.type === args.type) : alerts;
  chosen.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.daysToExpiry ?? Infinity) - (b.daysToExpiry ?? Infinity) ||
      a.name.localeCompare(b.name) ||
      (a.inventoryItem < b.inventoryItem ? -1 : a.inventoryItem > b.inventoryItem ? 1 : 0) ||
      (a.batchId ?? "").localeCompare(b.batchId ?? ""),
  );
  return toPage(chosen.slice(w.offset, w.offset + w.limit), chosen.length, w);
}
