import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { goodsReceivedItems, goodsReceivedNotes, idempotencyKeys, pharmacies, purchaseOrderItems, purchaseOrders } from "../../db/tables.js";
import { normalLot } from "../../inventory/holds.js";
import { applyStockChanges, lockItems, medicationItem, type Locked } from "../../inventory/ledger.js";
import { addDays, kampalaDate, medicationCodeProblem, nextDocumentNumber, pharmacyForRead } from "../procurement-common.js";
import { getPurchaseOrderRow } from "../purchase-order/purchase-order.service.js";
import type { CreateGoodsReceivedNoteInput, GoodsReceivedNote } from "./grn.type.js";

type NoteRow = typeof goodsReceivedNotes.$inferSelect;
type ItemRow = typeof goodsReceivedItems.$inferSelect;

/** Stock arriving with fewer days than this before expiry is accepted and flagged `short_expiry`. */
export const SHORT_EXPIRY_DAYS = 90;
/**
 * An expiry date further ahead than this is a typing error (9999-12-31, a year keyed as 2205), not a
 * shelf life: manufacturers' labelled shelf lives, set from ICH Q1A stability studies, are rarely
 * above 5 years; 10 leaves room for the rare long-lived product.
 */
export const MAX_SHELF_LIFE_YEARS = 10;
const MAX_LINES = 200;

function toNote(row: NoteRow, order: { poNumber: string; status: string }, items: ItemRow[]): GoodsReceivedNote {
  return {
    ...row,
    poNumber: order.poNumber,
    purchaseOrderStatus: order.status,
    items: items.map(({ grnId: _g, purchaseOrderItemId: _p, ...i }) => i),
  };
}

async function notesWithDetails(db: Db, rows: NoteRow[]): Promise<GoodsReceivedNote[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, orders] = await Promise.all([
    db.select().from(goodsReceivedItems).where(inArray(goodsReceivedItems.grnId, ids)).orderBy(asc(goodsReceivedItems.medicationCode), asc(goodsReceivedItems.lotNumber)),
    db.select({ id: purchaseOrders.id, poNumber: purchaseOrders.poNumber, status: purchaseOrders.status }).from(purchaseOrders).where(inArray(purchaseOrders.id, [...new Set(rows.map((r) => r.purchaseOrderId))])),
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  return rows.map((r) => toNote(r, orderById.get(r.purchaseOrderId)!, items.filter((i) => i.grnId === r.id)));
}

export async function getGoodsReceivedNote(db: Db, principal: Principal, id: string): Promise<GoodsReceivedNote> {
  if (!isUuid(id)) throw notFound("Goods received note", id);
  const [row] = await db.select().from(goodsReceivedNotes).where(eq(goodsReceivedNotes.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Goods received note", id);
  return (await notesWithDetails(db, [row]))[0];
}

export interface GoodsReceivedNoteFilters {
  purchaseOrder?: string | null;
  supplier?: string | null;
  pharmacyId?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
}

/** Goods received notes, newest first; staff see their pharmacy's. */
export async function listGoodsReceivedNotes(db: Db, principal: Principal, args: Partial<PageArgs> & GoodsReceivedNoteFilters): Promise<Page<GoodsReceivedNote>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(goodsReceivedNotes.pharmacyId, pharmacyId));
  if (args.purchaseOrder) {
    if (!isUuid(args.purchaseOrder)) throw fieldError("purchaseOrder", "must be a purchase order id (UUID)");
    filters.push(eq(goodsReceivedNotes.purchaseOrderId, args.purchaseOrder));
  }
  if (args.supplier) {
    if (!isUuid(args.supplier)) throw fieldError("supplier", "must be a supplier id (UUID)");
    filters.push(eq(goodsReceivedNotes.supplierId, args.supplier));
  }
  if (args.dateFrom) filters.push(gte(goodsReceivedNotes.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(goodsReceivedNotes.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(goodsReceivedNotes).where(where).orderBy(desc(goodsReceivedNotes.createdAt), desc(goodsReceivedNotes.grnNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(goodsReceivedNotes).where(where),
  ]);
  return toPage(await notesWithDetails(db, rows), total, w);
}

/** Checks what can be checked without the order: quantities, lots, expiry, codes. */
function checkLines(input: CreateGoodsReceivedNoteInput, today: string): void {
  const errors = new FieldErrorCollector();
  const latestExpiry = addYears(today, MAX_SHELF_LIFE_YEARS);
  if (input.items.length === 0) errors.add("items", "must contain at least one item");
  if (input.items.length > MAX_LINES) errors.add("items", `must contain at most ${MAX_LINES} items`);
  const lots = new Map<string, number>();
  input.items.forEach((it, i) => {
    const at = `items.${i}`;
    const problem = medicationCodeProblem(it.medicationCode.trim());
    if (problem) errors.add(`${at}.medicationCode`, problem);
    if (!Number.isInteger(it.quantityReceived) || it.quantityReceived < 1) errors.add(`${at}.quantityReceived`, "must be an integer greater than zero");
    const lot = it.lotNumber.trim();
    if (!lot) errors.add(`${at}.lotNumber`, "is required for medicines");
    const key = `${it.medicationCode.trim()}|${normalLot(lot)}`;
    if (lot && lots.has(key)) errors.add(`${at}.lotNumber`, `repeats line ${lots.get(key)}; give each lot of a medication one line`);
    else lots.set(key, i);
    if (it.expiryDate <= today) errors.add(`${at}.expiryDate`, `the lot has expired or expires on arrival (today is ${today}); refuse it or return it to the supplier`);
    else if (it.expiryDate > latestExpiry) errors.add(`${at}.expiryDate`, `is more than ${MAX_SHELF_LIFE_YEARS} years ahead (latest ${latestExpiry}): check the date printed on the pack`);
  });
  errors.throwIfAny("Invalid goods received note");
}

/**
 * A manufacturer's lot has one expiry date: a line whose lot (compared without regard to case or
 * surrounding spaces) the stock already holds under another expiry is a misread pack or a wrong
 * record, never a second batch of the lot (400 on the line's expiry_date, naming the expiry on record).
 * Reads the batches under the items' row locks, so a concurrent delivery of the lot is seen.
 */
function checkLotExpiries(input: CreateGoodsReceivedNoteInput, itemIds: string[], locked: Map<string, Locked>): void {
  const errors = new FieldErrorCollector();
  input.items.forEach((it, i) => {
    const lot = normalLot(it.lotNumber);
    const other = locked.get(itemIds[i])?.batches.find((b) => normalLot(b.lotNumber) === lot && b.expiryDate !== it.expiryDate);
    if (!other) return;
    const onRecord = other.expiryDate ? `with expiry ${other.expiryDate}` : "without an expiry date";
    errors.add(`items.${i}.expiryDate`, `lot ${other.lotNumber} of this medicine is on record ${onRecord} (batch ${other.id}); a lot has one expiry: check the packs and correct the line, or refuse the goods`);
  });
  errors.throwIfAny("Invalid goods received note");
}

/**
 * Books a delivery against a submitted or partially received purchase order, in one database
 * transaction under a row lock on the order: the note and its lines, one receipt movement per lot
 * through the stock ledger (reference purchase_order/<order id>; a lot already in stock must carry the
 * expiry on record, `checkLotExpiries`), the order's received quantities and its status. Receiving more than ordered, over all notes of the order, is refused (400) and writes
 * nothing; two deliveries racing on one order queue on the lock, so together they cannot exceed it.
 * Honours Idempotency-Key.
 */
export async function createGoodsReceivedNote(db: Db, principal: Principal, input: CreateGoodsReceivedNoteInput, idempotencyKey?: string): Promise<GoodsReceivedNote> {
  const today = kampalaDate();
  const request = { ...input, items: input.items.map((i) => ({ ...i })) };
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createGoodsReceivedNote", request };
  const replay = await completedResult<GoodsReceivedNote>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  if (!isUuid(input.purchaseOrder)) throw notFound("Purchase order", input.purchaseOrder);
  checkLines(input, today);
  const deliveryNote = input.deliveryNote?.trim() || null;

  const booked = onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const order = await getPurchaseOrderRow(tx, principal, input.purchaseOrder, { forUpdate: true });
    if (order.status !== "submitted" && order.status !== "partially_received") {
      throw conflict(`Goods can be received only against a submitted or partially received purchase order; this one is ${order.status.replace("_", " ")}`);
    }
    if (deliveryNote) {
      // Deliveries of one supplier's note on two orders queue here, so the second sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`grn-delivery-note:${order.pharmacyId}:${order.supplierId}:${deliveryNoteKey(deliveryNote)}`}))`);
      await assertDeliveryNoteNew(tx, order.pharmacyId, order.supplierId, deliveryNote);
    }
    const lines = await tx.select().from(purchaseOrderItems).where(eq(purchaseOrderItems.purchaseOrderId, order.id));
    const lineByCode = new Map(lines.map((l) => [l.medicationCode, l]));
    const receiving = new Map<string, number>();
    const errors = new FieldErrorCollector();
    input.items.forEach((it, i) => {
      const code = it.medicationCode.trim();
      const line = lineByCode.get(code);
      if (!line) return void errors.add(`items.${i}.medicationCode`, `is not on purchase order ${order.poNumber}`);
      const total = (receiving.get(code) ?? 0) + it.quantityReceived;
      receiving.set(code, total);
      const outstanding = line.quantity - line.quantityReceived;
      if (total > outstanding) errors.add(`items.${i}.quantityReceived`, `exceeds what is outstanding on the order (${outstanding} of ${line.quantity} ordered)`);
    });
    errors.throwIfAny("Invalid goods received note");
    // The stock items are locked before the lots are compared with what they hold, then handed to the ledger.
    const itemIds: string[] = [];
    for (const it of input.items) itemIds.push((await medicationItem(tx, order.pharmacyId, it.medicationCode.trim(), true))!);
    const locked = await lockItems(tx, itemIds);
    checkLotExpiries(input, itemIds, locked);

    const [pharmacy] = await tx.select().from(pharmacies).where(eq(pharmacies.id, order.pharmacyId));
    const grnNumber = await nextDocumentNumber(tx, "grn", pharmacy);
    const [note] = await tx
      .insert(goodsReceivedNotes)
      .values({ grnNumber, purchaseOrderId: order.id, pharmacyId: order.pharmacyId, supplierId: order.supplierId, deliveryNote, notes: input.notes ?? null, receivedBy: principal.sub })
      .returning();
    const movements = await applyStockChanges(
      tx,
      input.items.map((it) => ({
        pharmacyId: order.pharmacyId,
        stock: { medicationCode: it.medicationCode.trim() },
        quantity: it.quantityReceived,
        movementType: "receipt" as const,
        batch: { lotNumber: it.lotNumber.trim(), expiryDate: it.expiryDate },
        referenceType: "purchase_order",
        referenceId: order.id,
        notes: `${grnNumber} (${order.poNumber}), lot ${it.lotNumber.trim()}`,
        createdBy: principal.sub,
      })),
      locked,
    );
    const shortBefore = addDays(today, SHORT_EXPIRY_DAYS);
    const items = await tx
      .insert(goodsReceivedItems)
      .values(
        input.items.map((it, i) => ({
          grnId: note.id,
          purchaseOrderItemId: lineByCode.get(it.medicationCode.trim())!.id,
          medicationCode: it.medicationCode.trim(),
          quantityReceived: it.quantityReceived,
          lotNumber: it.lotNumber.trim(),
          expiryDate: it.expiryDate,
          shortExpiry: it.expiryDate < shortBefore,
          conditionNotes: it.conditionNotes ?? null,
          stockMovementId: movements[i]?.id ?? null,
        })),
      )
      .returning();
    for (const [code, qty] of receiving) {
      const line = lineByCode.get(code)!;
      line.quantityReceived += qty;
      await tx.update(purchaseOrderItems).set({ quantityReceived: line.quantityReceived }).where(eq(purchaseOrderItems.id, line.id));
    }
    const complete = lines.every((l) => l.quantityReceived >= l.quantity);
    const now = new Date();
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status: complete ? "received" : "partially_received", updatedAt: now, ...(complete ? { receivedAt: now } : {}) })
      .where(eq(purchaseOrders.id, order.id))
      .returning();
    items.sort((a, b) => (a.medicationCode + a.lotNumber < b.medicationCode + b.lotNumber ? -1 : 1));
    return toNote(note, updated, items);
  });
  try {
    return await booked;
  } catch (err) {
    // The unique index is the last word (goods_received_notes_delivery_note_uq): name the earlier note.
    if (deliveryNote && isUniqueViolation(err)) {
      const [order] = await db.select({ pharmacyId: purchaseOrders.pharmacyId, supplierId: purchaseOrders.supplierId }).from(purchaseOrders).where(eq(purchaseOrders.id, input.purchaseOrder));
      if (order) await assertDeliveryNoteNew(db, order.pharmacyId, order.supplierId, deliveryNote);
    }
    throw err;
  }
}

/** A delivery note as the unique index compares it: trimmed, without regard to case (like lots). */
const deliveryNoteKey = (note: string) => note.trim().toUpperCase();

/**
 * A supplier's delivery note (invoice) is booked once per pharmacy: a second GRN of the same note is
 * the same goods counted twice (409 naming the earlier GRN). Enforced by a unique index on
 * (pharmacy, supplier, upper(btrim(delivery_note))).
 */
async function assertDeliveryNoteNew(db: Db, pharmacyId: string, supplierId: string, deliveryNote: string): Promise<void> {
  const [earlier] = await db
    .select({ grnNumber: goodsReceivedNotes.grnNumber, id: goodsReceivedNotes.id, createdAt: goodsReceivedNotes.createdAt })
    .from(goodsReceivedNotes)
    .where(and(eq(goodsReceivedNotes.pharmacyId, pharmacyId), eq(goodsReceivedNotes.supplierId, supplierId), sql`upper(btrim(${goodsReceivedNotes.deliveryNote})) = ${deliveryNoteKey(deliveryNote)}`));
  if (earlier) {
    throw conflict(`Delivery note ${deliveryNote} of this supplier was booked already as ${earlier.grnNumber} (${earlier.id}, ${earlier.createdAt.toISOString()}): the same goods cannot be received twice`);
  }
}

/** Postgres unique_violation (23505), from either driver, possibly wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** `date` (YYYY-MM-DD) plus whole years; 29 February lands on 28 February. */
function addYears(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y + years).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
