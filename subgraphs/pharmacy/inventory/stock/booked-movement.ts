/**
 * The spec's workflows followed literally (docs/decisions/pharmacy.md, "Movements the service already
 * booked: acknowledged, not written twice"). Workflow 2 says "create dispense, …, record a stock
 * movement to reduce stock"; workflow 3 "create goods received note, record a receipt stock movement".
 * The dispense, the goods received note and the till's completion write their movements themselves, in
 * their own transaction and with their own checks. A hand-made movement that names one of them is
 * therefore an acknowledgement: when it agrees with what was booked (same stock, same signed quantity,
 * a movement type that says the same thing) the answer is the movement already booked and nothing is
 * written; when it disagrees the answer names what was booked (409), and a reference that booked
 * nothing in the caller's pharmacy is 400 on reference_id. Nothing is written either way, so two
 * acknowledgements at once write nothing twice, and a controlled medicine's register is untouched
 * (the dispense or GRN wrote it).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, fieldError } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { goodsReceivedItems, goodsReceivedNotes, inventoryItems, products, purchaseOrders, stockMovements } from "../../db/tables.js";
import type { MovementRow } from "../ledger.js";

/** What a workflow reference names: the record whose own movements stand for the hand-made one. */
export type BookedKind = "transaction" | "dispense" | "purchase_order" | "goods_received_note";

const normalType = (t: string) => t.trim().toLowerCase().replace(/[\s-]+/g, "_");

/** Reference types (compared without case, spaces or dashes) that name a record which books its own movements. */
const BOOKED_REFERENCES: Record<string, BookedKind> = {
  transaction: "transaction",
  sale: "transaction",
  sales_transaction: "transaction",
  dispense: "dispense",
  purchase_order: "purchase_order",
  po: "purchase_order",
  grn: "goods_received_note",
  goods_received_note: "goods_received_note",
};

/** The movement types a client may send for each booked kind, and the type the service booked. */
const WORDS: Record<BookedKind, { booked: string; accepted: string[]; what: string }> = {
  // The spec's only reduction word is "sale"; a dispense's reduction may be sent as either.
  transaction: { booked: "sale", accepted: ["sale"], what: "sales transaction" },
  dispense: { booked: "dispense", accepted: ["dispense", "sale"], what: "dispense" },
  purchase_order: { booked: "receipt", accepted: ["receipt"], what: "purchase order" },
  goods_received_note: { booked: "receipt", accepted: ["receipt"], what: "goods received note" },
};

/** Movement types only a workflow writes that a client may send to acknowledge it. */
const ACK_MOVEMENT_TYPES = new Set(["sale", "dispense"]);

/**
 * Whether a movement request acknowledges a booked movement: it names a dispense, a sales
 * transaction, a purchase order or a goods received note. A sale or dispense movement that names no
 * reference is 400 telling what to name (the service cannot tell which booked movement it means).
 */
export function bookedKindOf(input: { movementType: string; referenceType?: string | null; referenceId?: string | null }): BookedKind | null {
  const kind = input.referenceType ? BOOKED_REFERENCES[normalType(input.referenceType)] : undefined;
  if (!kind) {
    if (ACK_MOVEMENT_TYPES.has(input.movementType) && !input.referenceType) {
      throw badRequest(`A ${input.movementType} movement is written by the ${input.movementType === "sale" ? "till when the sales transaction completes" : "dispense itself"}; to acknowledge it name it`, {
        referenceType: [`send reference_type ${input.movementType === "sale" ? "transaction" : "dispense"} and reference_id: the ${input.movementType === "sale" ? "transaction" : "dispense"}'s id (its movement is answered; nothing is written twice)`],
      });
    }
    return null;
  }
  if (!input.referenceId?.trim()) throw fieldError("referenceId", `must name the ${WORDS[kind].what} whose stock movement this is`);
  return kind;
}

/** The stock a request names, as the booked movements record it. */
export interface NamedStock {
  pharmacyId: string;
  inventoryItemId?: string;
  productId?: string;
  medicationCode?: string | null;
}

/** Movement ids and a readable name of the record a reference names, in this pharmacy (400 when it names none). */
async function bookedMovements(db: Db, pharmacyId: string, kind: BookedKind, ref: string): Promise<{ rows: MovementRow[]; name: string }> {
  const what = WORDS[kind].what;
  const none = () => fieldError("referenceId", `no ${what} ${ref} that booked stock in this pharmacy`);
  if (kind === "goods_received_note") {
    const [note] = await db
      .select({ id: goodsReceivedNotes.id, number: goodsReceivedNotes.grnNumber })
      .from(goodsReceivedNotes)
      .where(and(eq(goodsReceivedNotes.pharmacyId, pharmacyId), isUuid(ref) ? eq(goodsReceivedNotes.id, ref) : eq(goodsReceivedNotes.grnNumber, ref.trim())));
    if (!note) throw none();
    const lines = await db.select({ id: goodsReceivedItems.stockMovementId }).from(goodsReceivedItems).where(eq(goodsReceivedItems.grnId, note.id));
    const ids = lines.map((l) => l.id).filter((id): id is string => !!id);
    const rows = ids.length ? await db.select().from(stockMovements).where(inArray(stockMovements.id, ids)).orderBy(asc(stockMovements.createdAt), asc(stockMovements.id)) : [];
    if (!rows.length) throw none();
    return { rows, name: `${what} ${note.number}` };
  }
  let id = ref.trim();
  let name = `${what} ${id}`;
  if (kind === "purchase_order") {
    const [order] = await db
      .select({ id: purchaseOrders.id, number: purchaseOrders.poNumber })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.pharmacyId, pharmacyId), isUuid(id) ? eq(purchaseOrders.id, id) : eq(purchaseOrders.poNumber, id)));
    if (!order) throw none();
    id = order.id;
    name = `${what} ${order.number}`;
  } else if (!isUuid(id)) {
    throw none();
  }
  const rows = await db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.pharmacyId, pharmacyId), eq(stockMovements.referenceType, kind), eq(stockMovements.referenceId, id)))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  if (!rows.length) throw none();
  return { rows, name };
}

/**
 * The movement already booked that a hand-made one acknowledges (nothing is written), or 409 naming
 * what was booked when the request disagrees with it (another stock, quantity or kind).
 */
export async function acknowledgeBookedMovement(db: Db, kind: BookedKind, stock: NamedStock, input: { movementType: string; quantity: number; referenceId?: string | null }): Promise<MovementRow> {
  const words = WORDS[kind];
  const { rows, name } = await bookedMovements(db, stock.pharmacyId, kind, input.referenceId!);
  const itemIds = await itemsOf(db, stock);
  const same = rows.filter((m) => itemIds.has(m.inventoryItemId) || (!!stock.productId && m.productId === stock.productId));
  const codes = await codesOf(db, rows.map((m) => m.inventoryItemId));
  const booked = rows.map((m) => `${m.movementType} ${m.quantity > 0 ? "+" : ""}${m.quantity} of ${codes.get(m.inventoryItemId) ?? `inventory item ${m.inventoryItemId}`} (movement ${m.id})`).join("; ");
  const told = `${name} already booked its stock: ${booked}. Nothing was written`;
  if (!same.length) throw conflict(`${told}: this request names other stock`);
  if (!words.accepted.includes(input.movementType)) {
    throw conflict(`${told}: a ${input.movementType} does not acknowledge it (send movement_type ${words.accepted.join(" or ")})`);
  }
  const match = same.find((m) => m.quantity === input.quantity && m.movementType === words.booked);
  if (!match) throw conflict(`${told}: this request says ${input.quantity > 0 ? "+" : ""}${input.quantity}`);
  return match;
}

/** Every inventory item the named stock can be (an item, a medication's item in the pharmacy, a product's linked item). */
async function itemsOf(db: Db, stock: NamedStock): Promise<Set<string>> {
  const out = new Set<string>();
  if (stock.inventoryItemId) out.add(stock.inventoryItemId);
  if (stock.productId) {
    const [p] = await db.select({ item: products.inventoryItemId }).from(products).where(eq(products.id, stock.productId));
    if (p?.item) out.add(p.item);
  }
  if (stock.medicationCode) {
    const rows = await db
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.pharmacyId, stock.pharmacyId), eq(inventoryItems.medicationCode, stock.medicationCode)));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

async function codesOf(db: Db, itemIds: string[]): Promise<Map<string, string>> {
  if (!itemIds.length) return new Map();
  const rows = await db
    .select({ id: inventoryItems.id, code: inventoryItems.medicationCode, name: inventoryItems.name })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, [...new Set(itemIds)]));
  return new Map(rows.map((r) => [r.id, r.code ? `medication ${r.code}` : `${r.name}`]));
}
