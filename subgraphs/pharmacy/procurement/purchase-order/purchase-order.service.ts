import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { Decimal } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { idempotencyKeys, purchaseOrderItems, purchaseOrders, suppliers } from "../../db/tables.js";
import { findSupplier, kampalaDate, likeTerm, nextDocumentNumber, pharmacyForRead, pharmacyForWrite } from "../procurement-common.js";
import { checkPurchaseOrderLines } from "./purchase-order.lines.js";
import type { CreatePurchaseOrderInput, PurchaseOrder } from "./purchase-order.type.js";

/** Longest supplier id or code a request may name, and longest notes. */
const MAX_SUPPLIER_REF = 64;
const MAX_NOTES = 2000;

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
type ItemRow = typeof purchaseOrderItems.$inferSelect;

export function toPurchaseOrder(row: PurchaseOrderRow, supplierName: string, items: ItemRow[]): PurchaseOrder {
  return {
    ...row,
    supplierName,
    items: items.map((i) => ({ id: i.id, medicationCode: i.medicationCode, quantity: i.quantity, unitPrice: i.unitPrice, lineTotal: i.lineTotal, quantityReceived: i.quantityReceived })),
  };
}

async function itemsOf(db: Db, orderIds: string[]): Promise<Map<string, ItemRow[]>> {
  const byOrder = new Map<string, ItemRow[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return byOrder;
  const rows = await db.select().from(purchaseOrderItems).where(inArray(purchaseOrderItems.purchaseOrderId, orderIds)).orderBy(asc(purchaseOrderItems.medicationCode), asc(purchaseOrderItems.id));
  for (const r of rows) byOrder.get(r.purchaseOrderId)!.push(r);
  return byOrder;
}

/** The purchase order with its supplier's name and lines. */
export async function loadPurchaseOrder(db: Db, row: PurchaseOrderRow): Promise<PurchaseOrder> {
  const [s] = await db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, row.supplierId));
  return toPurchaseOrder(row, s.name, (await itemsOf(db, [row.id])).get(row.id)!);
}

/** A purchase order of another pharmacy is "not found" to staff: ids do not leak across pharmacies. */
export async function getPurchaseOrderRow(db: Db, principal: Principal, id: string, o: { forUpdate?: boolean } = {}): Promise<PurchaseOrderRow> {
  if (!isUuid(id)) throw notFound("Purchase order", id);
  const q = db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [row] = o.forUpdate ? await q.for("update") : await q;
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Purchase order", id);
  return row;
}

export async function getPurchaseOrder(db: Db, principal: Principal, id: string): Promise<PurchaseOrder> {
  return loadPurchaseOrder(db, await getPurchaseOrderRow(db, principal, id));
}

export interface PurchaseOrderFilters {
  status?: string | null;
  supplier?: string | null;
  pharmacyId?: string | null;
  /** Created at or after. */
  dateFrom?: Date | null;
  /** Created before (exclusive). */
  dateTo?: Date | null;
  /** Orders with a line of this medication. */
  medicationCode?: string | null;
  /** Part of the PO number. */
  search?: string | null;
}

/** Purchase orders, newest first; staff see their pharmacy's. */
export async function listPurchaseOrders(db: Db, principal: Principal, args: Partial<PageArgs> & PurchaseOrderFilters): Promise<Page<PurchaseOrder>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(purchaseOrders.pharmacyId, pharmacyId));
  if (args.supplier) {
    if (!isUuid(args.supplier)) throw fieldError("supplier", "must be a supplier id (UUID)");
    filters.push(eq(purchaseOrders.supplierId, args.supplier));
  }
  if (args.status) filters.push(eq(purchaseOrders.status, args.status));
  if (args.dateFrom) filters.push(gte(purchaseOrders.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(purchaseOrders.createdAt, args.dateTo));
  if (args.search) filters.push(ilike(purchaseOrders.poNumber, likeTerm(args.search)));
  if (args.medicationCode) {
    filters.push(
      exists(
        db
          .select({ id: purchaseOrderItems.id })
          .from(purchaseOrderItems)
          .where(and(eq(purchaseOrderItems.purchaseOrderId, purchaseOrders.id), eq(purchaseOrderItems.medicationCode, args.medicationCode.trim()))),
      ),
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ po: purchaseOrders, supplierName: suppliers.name })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(where)
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.poNumber))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ total: count() }).from(purchaseOrders).where(where),
  ]);
  const items = await itemsOf(db, rows.map((r) => r.po.id));
  return toPage(rows.map((r) => toPurchaseOrder(r.po, r.supplierName, items.get(r.po.id)!)), total, w);
}

/**
 * Spec, "Purchase order create request": an active supplier, 1 to 200 lines (`checkPurchaseOrderLines`:
 * each medication once, a whole quantity > 0, a positive price with at most two decimals), delivery
 * today or later; every problem is reported at once and nothing is created.
 * Totals are exact; the number is gap-free per pharmacy and day. Honours Idempotency-Key.
 */
export async function createPurchaseOrder(db: Db, principal: Principal, input: CreatePurchaseOrderInput, idempotencyKey?: string): Promise<PurchaseOrder> {
  const pharmacy = await pharmacyForWrite(db, principal, input.pharmacyId);
  const request = { ...input, items: input.items.map((i) => ({ ...i, unitPrice: i.unitPrice.toFixed() })) };
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createPurchaseOrder", request };
  // A repeat returns the first order even if the supplier was deactivated since.
  const replay = await completedResult<PurchaseOrder>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;

  const errors = new FieldErrorCollector();
  const supplierRef = input.supplier.trim();
  const supplier = supplierRef && supplierRef.length <= MAX_SUPPLIER_REF ? await findSupplier(db, supplierRef) : undefined;
  if (!supplierRef) errors.add("supplier", "is required: the supplier's id or code");
  else if (supplierRef.length > MAX_SUPPLIER_REF) errors.add("supplier", `must be at most ${MAX_SUPPLIER_REF} characters`);
  else if (!supplier) errors.add("supplier", "no such supplier");
  else if (!supplier.isActive) errors.add("supplier", "is not active and takes no orders");
  if (input.notes && input.notes.length > MAX_NOTES) errors.add("notes", `must be at most ${MAX_NOTES} characters`);
  checkPurchaseOrderLines(input.items, errors);
  if (input.expectedDelivery < kampalaDate()) errors.add("expectedDelivery", `must be today (${kampalaDate()}, Kampala) or later`);
  errors.throwIfAny("Invalid purchase order");

  const lines = input.items.map((it) => ({ medicationCode: it.medicationCode.trim(), quantity: it.quantity, unitPrice: it.unitPrice.toFixed(2), lineTotal: it.unitPrice.times(it.quantity).toFixed(2) }));
  const total = lines.reduce((sum, l) => sum.plus(l.lineTotal), new Decimal(0));
  if (total.gte("1e12")) throw fieldError("items", "the order's total is too large");

  return onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const [row] = await tx
      .insert(purchaseOrders)
      .values({
        poNumber: await nextDocumentNumber(tx, "po", pharmacy),
        pharmacyId: pharmacy.id,
        supplierId: supplier!.id,
        expectedDelivery: input.expectedDelivery,
        totalAmount: total.toFixed(2),
        currency: pharmacy.currency,
        notes: input.notes ?? null,
        createdBy: principal.sub,
      })
      .returning();
    const items = await tx.insert(purchaseOrderItems).values(lines.map((l) => ({ ...l, purchaseOrderId: row.id }))).returning();
    return toPurchaseOrder(row, supplier!.name, items.sort((a, b) => (a.medicationCode < b.medicationCode ? -1 : a.medicationCode > b.medicationCode ? 1 : 0)));
  });
}

/** Which states each transition may start from; repeating a transition returns the order unchanged. */
const TRANSITIONS = {
  submit: { to: "submitted", from: ["created"], stamp: "submittedAt" },
  cancel: { to: "cancelled", from: ["created", "submitted"], stamp: "cancelledAt" },
  // Closing short cancels what was not delivered: its time is the cancellation's.
  close: { to: "closed", from: ["partially_received"], stamp: "cancelledAt" },
} as const;

/** Longest reason for closing an order short. */
const MAX_REASON = 500;

/** The line a close adds to the order's notes: when, who, why, and what will not arrive. */
function closingNote(current: PurchaseOrderRow, lines: ItemRow[], principal: Principal, reason: string, at: Date): string {
  const short = lines.filter((l) => l.quantityReceived < l.quantity).map((l) => `${l.medicationCode} × ${l.quantity - l.quantityReceived}`);
  const line = `Closed short ${at.toISOString()} by ${principal.sub}: ${reason}. Not delivered: ${short.join(", ")}.`;
  return current.notes ? `${current.notes}\n${line}` : line;
}

/**
 * Submits (created → submitted), cancels (created | submitted → cancelled) or closes short
 * (partially_received → closed, with a reason: the undelivered rest will not come, so it is no longer
 * on order) under a row lock; other moves are 409.
 */
export async function transitionPurchaseOrder(db: Db, principal: Principal, id: string, action: keyof typeof TRANSITIONS, o: { reason?: string } = {}): Promise<PurchaseOrder> {
  const t = TRANSITIONS[action];
  const reason = o.reason?.trim() ?? "";
  if (action === "close" && !reason) throw fieldError("reason", "is required: say why the rest of the order will not be delivered");
  if (reason.length > MAX_REASON) throw fieldError("reason", `must be at most ${MAX_REASON} characters`);
  await getPurchaseOrderRow(db, principal, id);
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const current = await getPurchaseOrderRow(tx, principal, id, { forUpdate: true });
    if (current.status === t.to) return current;
    if (!(t.from as readonly string[]).includes(current.status)) {
      const hint = action === "cancel" && current.status === "partially_received" ? "; close it short instead (close/, with a reason)" : "";
      throw conflict(`A ${current.status.replace("_", " ")} purchase order cannot be ${t.to}; allowed from ${t.from.join(" or ").replaceAll("_", " ")}${hint}`);
    }
    const now = new Date();
    const notes = action === "close" ? closingNote(current, (await itemsOf(tx, [id])).get(id)!, principal, reason, now) : current.notes;
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status: t.to, updatedAt: now, [t.stamp]: now, notes })
      .where(eq(purchaseOrders.id, id))
      .returning();
    return updated;
  });
  return loadPurchaseOrder(db, row);
}
