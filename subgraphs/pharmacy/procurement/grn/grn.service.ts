import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound, sqlState } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { goodsReceivedItems, goodsReceivedNotes, idempotencyKeys, pharmacies, purchaseOrderItems, purchaseOrders, suppliers } from "../../db/tables.js";
import { lockControlledBalances, recordControlledEntry } from "../../drug-safety/controlled-register.service.js";
import { applyStockChanges, lockItems, medicationItem } from "../../inventory/ledger.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { addDays, kampalaDate, nextDocumentNumber, pharmacyForRead } from "../procurement-common.js";
import { getPurchaseOrderRow } from "../purchase-order/purchase-order.service.js";
import { acceptedOf, checkLines, checkLotExpiries, SHORT_EXPIRY_DAYS } from "./grn.lines.js";
import type { CreateGoodsReceivedNoteInput, GoodsReceivedNote } from "./grn.type.js";

export { MAX_SHELF_LIFE_YEARS, SHORT_EXPIRY_DAYS } from "./grn.lines.js";

type NoteRow = typeof goodsReceivedNotes.$inferSelect;
type ItemRow = typeof goodsReceivedItems.$inferSelect;

function toNote(row: NoteRow, order: { poNumber: string; status: string }, items: ItemRow[]): GoodsReceivedNote {
  return {
    ...row,
    poNumber: order.poNumber,
    purchaseOrderStatus: order.status,
    items: items.map(({ grnId: _g, purchaseOrderItemId: _p, ...i }) => ({ ...i, acceptedQuantity: i.quantityReceived - i.rejectedQuantity })),
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

/**
 * Books a delivery against a submitted or partially received purchase order, in one database
 * transaction under a row lock on the order: the note and its lines; for the accepted units of each lot
 * (delivered − rejected) one receipt movement through the stock ledger (reference purchase_order/<order
 * id>; a lot already in stock must carry the expiry on record, `checkLotExpiries`) and, for a controlled
 * medicine, the register's `receipt` entry (reference goods_received_note/<GRN id>; lot, expiry and
 * supplier in its notes; the note's witness); the order's received quantities (accepted only) and its
 * status. Any failure rolls all of it back. Accepting more than is outstanding, over all notes of the
 * order, is refused (400) and writes nothing; two deliveries racing on one order queue on the lock, so
 * together they cannot exceed it. Honours Idempotency-Key.
 */
export async function createGoodsReceivedNote(db: Db, principal: Principal, input: CreateGoodsReceivedNoteInput, idempotencyKey?: string): Promise<GoodsReceivedNote> {
  const today = kampalaDate();
  const request = { ...input, items: input.items.map((i) => ({ ...i })) };
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createGoodsReceivedNote", request };
  const replay = await completedResult<GoodsReceivedNote>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  if (!isUuid(input.purchaseOrder)) throw notFound("Purchase order", input.purchaseOrder);
  checkLines(input, today, principal.sub);
  const deliveryNote = input.deliveryNote?.trim() || null;
  const witness = input.witness?.trim() || null;

  const booked = onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const order = await getPurchaseOrderRow(tx, principal, input.purchaseOrder, { forUpdate: true });
    if (order.status !== "submitted" && order.status !== "partially_received") {
      // A created order was never sent to the supplier: submitting is its own step (docs/decisions/pharmacy.md, "Movements the service already booked").
      const step = order.status === "created" ? `; submit it first (POST /api/v1/procurement/purchase-orders/${order.id}/submit/), then receive the delivery` : "";
      throw conflict(`Goods can be received only against a submitted or partially received purchase order; ${order.poNumber} is ${order.status.replace("_", " ")}${step}`);
    }
    if (deliveryNote) {
      // Deliveries of one supplier's note on two orders queue here, so the second sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`grn-delivery-note:${order.pharmacyId}:${order.supplierId}:${deliveryNoteKey(deliveryNote)}`}))`);
      await assertDeliveryNoteNew(tx, order.pharmacyId, order.supplierId, deliveryNote);
    }
    const lines = await tx.select().from(purchaseOrderItems).where(eq(purchaseOrderItems.purchaseOrderId, order.id));
    const lineByCode = new Map(lines.map((l) => [l.medicationCode, l]));
    const accepting = new Map<string, number>();
    const errors = new FieldErrorCollector();
    input.items.forEach((it, i) => {
      const code = it.medicationCode.trim();
      const line = lineByCode.get(code);
      if (!line) return void errors.add(`items.${i}.medicationCode`, `is not on purchase order ${order.poNumber}`);
      const total = (accepting.get(code) ?? 0) + acceptedOf(it);
      accepting.set(code, total);
      const outstanding = line.quantity - line.quantityReceived;
      if (total > outstanding) {
        errors.add(`items.${i}.quantityReceived`, `accepts more than is outstanding on the order (${outstanding} of ${line.quantity} ordered; units refused at the door go in rejected_quantity)`);
      }
    });
    errors.throwIfAny("Invalid goods received note");
    // Lock order as in dispensing: the register's balance rows of controlled medicines, then the stock items.
    const controlledCodes = input.items.filter((it) => acceptedOf(it) > 0 && medicationByCode(it.medicationCode)?.controlled).map((it) => it.medicationCode);
    await lockControlledBalances(tx, order.pharmacyId, controlledCodes);
    // The stock items are locked before the lots are compared with what they hold, then handed to the ledger.
    // A line whose every unit was refused touches no stock item.
    const itemIds: (string | null)[] = [];
    for (const it of input.items) itemIds.push(acceptedOf(it) > 0 ? (await medicationItem(tx, order.pharmacyId, it.medicationCode.trim(), true))! : null);
    const locked = await lockItems(tx, itemIds.filter((id): id is string => id !== null));
    checkLotExpiries(input, itemIds, locked);

    const [pharmacy] = await tx.select().from(pharmacies).where(eq(pharmacies.id, order.pharmacyId));
    const [supplier] = await tx.select({ code: suppliers.code, name: suppliers.name }).from(suppliers).where(eq(suppliers.id, order.supplierId));
    const grnNumber = await nextDocumentNumber(tx, "grn", pharmacy);
    const [note] = await tx
      .insert(goodsReceivedNotes)
      .values({ grnNumber, purchaseOrderId: order.id, pharmacyId: order.pharmacyId, supplierId: order.supplierId, deliveryNote, notes: input.notes ?? null, receivedBy: principal.sub, witness })
      .returning();
    const receiving = input.items.map((it, i) => ({ it, i })).filter(({ it }) => acceptedOf(it) > 0);
    const movements = await applyStockChanges(
      tx,
      receiving.map(({ it }) => ({
        pharmacyId: order.pharmacyId,
        stock: { medicationCode: it.medicationCode.trim() },
        quantity: acceptedOf(it),
        movementType: "receipt" as const,
        batch: { lotNumber: it.lotNumber.trim(), expiryDate: it.expiryDate },
        referenceType: "purchase_order",
        referenceId: order.id,
        notes: `${grnNumber} (${order.poNumber}), lot ${it.lotNumber.trim()}`,
        createdBy: principal.sub,
      })),
      locked,
    );
    const movementOf = new Map(receiving.map(({ i }, k) => [i, movements[k].id]));
    // Spec workflow 2's rule for dispensing, applied to receiving: a controlled medicine's register moves with its stock, in this transaction.
    const entryOf = new Map<number, string>();
    for (const { it, i } of receiving) {
      const code = it.medicationCode.trim();
      if (!medicationByCode(code)?.controlled) continue;
      const rejected = it.rejectedQuantity ?? 0;
      const entry = await recordControlledEntry(tx, {
        pharmacyId: order.pharmacyId,
        medicationCode: code,
        transactionType: "receipt",
        quantity: acceptedOf(it),
        recordedBy: principal.sub,
        witness,
        referenceType: "goods_received_note",
        referenceId: note.id,
        notes: `${grnNumber} (${order.poNumber}) from ${supplier.code} ${supplier.name}: lot ${it.lotNumber.trim()}, expiry ${it.expiryDate}${rejected ? `; ${rejected} more refused at the door: ${it.rejectionReason!.trim()}` : ""}`,
      });
      entryOf.set(i, entry.id);
    }
    const shortBefore = addDays(today, SHORT_EXPIRY_DAYS);
    const items = await tx
      .insert(goodsReceivedItems)
      .values(
        input.items.map((it, i) => ({
          grnId: note.id,
          purchaseOrderItemId: lineByCode.get(it.medicationCode.trim())!.id,
          medicationCode: it.medicationCode.trim(),
          quantityReceived: it.quantityReceived,
          rejectedQuantity: it.rejectedQuantity ?? 0,
          rejectionReason: it.rejectionReason?.trim() || null,
          lotNumber: it.lotNumber.trim(),
          expiryDate: it.expiryDate,
          shortExpiry: it.expiryDate < shortBefore,
          conditionNotes: it.conditionNotes ?? null,
          stockMovementId: movementOf.get(i) ?? null,
          controlledEntryId: entryOf.get(i) ?? null,
        })),
      )
      .returning();
    for (const [code, qty] of accepting) {
      if (qty === 0) continue;
      const line = lineByCode.get(code)!;
      line.quantityReceived += qty;
      await tx.update(purchaseOrderItems).set({ quantityReceived: line.quantityReceived }).where(eq(purchaseOrderItems.id, line.id));
    }
    const complete = lines.every((l) => l.quantityReceived >= l.quantity);
    const anything = lines.some((l) => l.quantityReceived > 0);
    const now = new Date();
    // A delivery refused whole leaves a submitted order submitted: nothing was received against it.
    const status = complete ? "received" : anything ? "partially_received" : order.status;
    const [updated] = await tx
      .update(purchaseOrders)
      .set({ status, updatedAt: now, ...(complete ? { receivedAt: now } : {}) })
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
const isUniqueViolation = (err: unknown): boolean => sqlState(err) === "23505";
