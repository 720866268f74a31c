import { and, asc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Principal } from "../../../../lib/auth.js";
import { assertPharmacyAccess, type SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { badRequest, conflict, ErrorCode, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { completedResult, onceInTransaction } from "../../../../lib/idempotency.js";
import { Decimal, fitsMoneyColumn, MAX_AMOUNT, MAX_QUANTITY, minorUnitProblem } from "../../../../lib/money.js";
import { decodeCursor, newestFirstList, type KeysetPage } from "../../../../lib/page-query.js";
import { pageWindow, type PageArgs } from "../../../../lib/pagination.js";
import { callUpstream } from "../../../../lib/upstream.js";
import { idempotencyKeys, pharmacies, products, salesTransactions, transactionCounters, transactionItems } from "../../db/tables.js";
import { redemptionFor } from "../loyalty/loyalty.service.js";
import { controlledNotOtc, controlledProducts } from "../product/product.service.js";
import { describeHolds, heldStockByItem } from "../../inventory/holds.js";
import { kampalaToday } from "../../inventory/ledger.js";
import { productStock } from "../../inventory/stock/stock.service.js";
import { priceTransaction } from "./transaction-pricing.js";
import type { CreateTransactionInput, SalesTransaction } from "./transaction.type.js";
import { calendarDate } from "../../../../lib/calendar.js";
import { phoneField, samePhoneAs, type PhoneRegion } from "../../../../lib/phone.js";

type TransactionRow = typeof salesTransactions.$inferSelect;
type ItemRow = typeof transactionItems.$inferSelect;

/** Most lines one transaction may have. */
const MAX_LINES = 100;

export function toTransaction(row: TransactionRow, items: ItemRow[]): SalesTransaction {
  const { createdBy: _c, processingStartedAt: _p, ...rest } = row;
  return {
    ...rest,
    items: items.map((i) => ({ productId: i.productId, productName: i.productName, quantity: i.quantity, unitPrice: i.unitPrice, lineTotal: i.lineTotal, taxRate: i.taxRate, taxAmount: i.taxAmount })),
  };
}

async function itemsOf(db: Db, transactionIds: string[]): Promise<Map<string, ItemRow[]>> {
  const byTransaction = new Map<string, ItemRow[]>(transactionIds.map((id) => [id, []]));
  if (!transactionIds.length) return byTransaction;
  const rows = await db.select().from(transactionItems).where(inArray(transactionItems.transactionId, transactionIds)).orderBy(asc(transactionItems.productName), asc(transactionItems.id));
  for (const r of rows) byTransaction.get(r.transactionId)!.push(r);
  return byTransaction;
}

/** A transaction of another pharmacy is "not found" to staff: ids do not leak across pharmacies. */
export async function getTransactionRow(db: Db, principal: Principal, id: string): Promise<TransactionRow> {
  if (!isUuid(id)) throw notFound("Transaction", id);
  const [row] = await db.select().from(salesTransactions).where(eq(salesTransactions.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Transaction", id);
  return row;
}

export async function getTransaction(db: Db, principal: Principal, id: string): Promise<SalesTransaction> {
  const row = await getTransactionRow(db, principal, id);
  return toTransaction(row, (await itemsOf(db, [row.id])).get(row.id)!);
}

export interface TransactionFilters {
  status?: string | null;
  cashier?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
  pharmacyId?: string | null;
  /** The customer's phone, written in any form (0772 123 456, +256772123456). */
  customerPhone?: string | null;
  /** Country of a customerPhone written without a country code (DEFAULT_PHONE_REGION). */
  phoneRegion: PhoneRegion;
  /** Part of the customer's name or of the transaction number (case-insensitive). */
  search?: string | null;
}

/** `%` and `_` in a user's search text are literal characters, not LIKE wildcards. */
const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lists the caller's pharmacy's transactions, newest first; `dateTo` is exclusive. */
/**
 * Newest first (created_at, then number). A page by number skips rows on the index of that order
 * (index-only) and reads only its own rows; `after` continues below the cursor's transaction, and
 * `search` uses the trigram indexes (migration 0012).
 */
export async function listTransactions(
  db: Db,
  principal: Principal,
  args: Partial<PageArgs> & TransactionFilters & { after?: string | null; total?: boolean },
): Promise<KeysetPage<SalesTransaction>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = principal.pharmacyId ?? args.pharmacyId;
  if (args.pharmacyId && !isUuid(args.pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  if (args.pharmacyId && principal.pharmacyId) assertPharmacyAccess(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(salesTransactions.pharmacyId, pharmacyId));
  if (args.customerPhone) filters.push(samePhoneAs(salesTransactions.customerPhone, args.customerPhone.trim(), args.phoneRegion));
  if (args.search) filters.push(or(ilike(salesTransactions.customerName, likeTerm(args.search)), ilike(salesTransactions.transactionNumber, likeTerm(args.search)))!);
  if (args.status) filters.push(eq(salesTransactions.status, args.status));
  if (args.cashier) filters.push(eq(salesTransactions.cashier, args.cashier));
  if (args.dateFrom) filters.push(gte(salesTransactions.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(salesTransactions.createdAt, args.dateTo));
  const where = filters.length ? and(...filters) : undefined;
  const after = args.after ? decodeCursor(args.after) : null;
  const page = await newestFirstList(db, w, { table: salesTransactions, createdAt: salesTransactions.createdAt, key: salesTransactions.transactionNumber, where, after, total: args.total });
  const items = await itemsOf(db, page.results.map((r) => r.id));
  return { ...page, results: page.results.map((r) => toTransaction(r, items.get(r.id)!)) };
}

/** The business day in Kampala (UTC+3), which numbers transactions: yyyymmdd. */
export function businessDay(now = new Date()): string {
  return calendarDate(now, "Africa/Kampala").replaceAll("-", "");
}

/** Next number of the day for a pharmacy, inside the caller's transaction (a rollback gives it back: no gaps). */
async function nextTransactionNumber(tx: Db, pharmacyId: string, code: string): Promise<string> {
  const day = businessDay();
  const [{ lastValue }] = await tx
    .insert(transactionCounters)
    .values({ pharmacyId, day, lastValue: 1 })
    .onConflictDoUpdate({ target: [transactionCounters.pharmacyId, transactionCounters.day], set: { lastValue: sql`${transactionCounters.lastValue} + 1` } })
    .returning({ lastValue: transactionCounters.lastValue });
  return `${code}-${day}-${String(lastValue).padStart(4, "0")}`;
}

/** Merges repeated products into one line each (a product scanned twice), keeping the first position. */
function mergeLines(items: CreateTransactionInput["items"]): { productId: string; quantity: number; index: number }[] {
  const merged = new Map<string, { productId: string; quantity: number; index: number }>();
  items.forEach((it, index) => {
    const seen = merged.get(it.productId);
    if (seen) seen.quantity += it.quantity;
    else merged.set(it.productId, { productId: it.productId, quantity: it.quantity, index });
  });
  return [...merged.values()];
}

/**
 * Spec, "Transaction create request": validates every line (product exists in this pharmacy, is active,
 * quantity > 0 and within stock), prices the basket exactly and records a `pending` transaction with a
 * human number. Nothing is charged and no stock moves until completion.
 */
export async function createTransaction(db: Db, principal: Principal, input: CreateTransactionInput, idempotencyKey: string | undefined, phoneRegion: PhoneRegion): Promise<SalesTransaction> {
  if (!isUuid(input.pharmacyId)) throw fieldError("pharmacyId", "must be a pharmacy id (UUID)");
  assertPharmacyAccess(principal, input.pharmacyId);
  const request = { ...input, items: input.items.map((i) => ({ ...i })) };
  const idempotent = { key: idempotencyKey, principal: principal.sub, operation: "createTransaction", request };
  // A repeat of a created sale returns it even if stock or points have moved since.
  const replay = await completedResult<SalesTransaction>(db, idempotencyKeys, idempotent);
  if (replay) return replay.response;
  const errors = new FieldErrorCollector();
  if (input.items.length === 0) errors.add("items", "must contain at least one item");
  if (input.items.length > MAX_LINES) errors.add("items", `must contain at most ${MAX_LINES} items`);
  input.items.forEach((it, i) => {
    if (!isUuid(it.productId)) errors.add(`items.${i}.productId`, "must be a product id (UUID)");
    if (!Number.isInteger(it.quantity) || it.quantity < 1) errors.add(`items.${i}.quantity`, "must be an integer greater than zero");
    else if (it.quantity > MAX_QUANTITY) errors.add(`items.${i}.quantity`, `must be at most ${MAX_QUANTITY}`);
  });
  const discount = input.discountAmount ?? new Decimal(0);
  if (discount.lt(0)) errors.add("discountAmount", "must not be negative");
  if (input.redeemPoints && !input.loyaltyAccountId) errors.add("redeemPoints", "needs loyalty_account_id");
  if (input.loyaltyAccountId && !isUuid(input.loyaltyAccountId)) errors.add("loyaltyAccountId", "must be a loyalty account id (UUID)");
  // Stored in E.164, like every phone: the number pays by mobile money and finds the sale again, however it was typed.
  const customerPhone = phoneField(input.customerPhone, "customerPhone", { defaultRegion: phoneRegion, errors }) ?? null;
  errors.throwIfAny("Invalid transaction");

  const [pharmacy] = await db.select().from(pharmacies).where(eq(pharmacies.id, input.pharmacyId));
  if (!pharmacy) throw fieldError("pharmacyId", "no such pharmacy");
  // The discount is money in the pharmacy's currency: no finer than its minor unit (whole shillings in UGX).
  const discountProblem = minorUnitProblem(discount, pharmacy.currency);
  if (discountProblem) errors.add("discountAmount", discountProblem);
  const lines = mergeLines(input.items);
  for (const l of lines) if (l.quantity > MAX_QUANTITY) errors.add(`items.${l.index}.quantity`, `with the same product's other lines, must be at most ${MAX_QUANTITY}`);
  const found = await db.select().from(products).where(inArray(products.id, lines.map((l) => l.productId)));
  const byId = new Map(found.map((p) => [p.id, p]));
  // Products linked to a controlled medicine's stock before such links were refused: never sold here.
  const controlled = await controlledProducts(db, found.map((p) => p.id));
  // Units asked per stock item (two products may sell from one item) against units sellable now (expired batches excluded).
  const stock = await productStock(db, found.map((p) => p.id));
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const s = stock.get(l.productId);
    if (s) wanted.set(s.itemId, (wanted.get(s.itemId) ?? 0) + l.quantity);
  }
  const short: { at: string; itemId: string; sellable: number }[] = [];
  for (const l of lines) {
    const p = byId.get(l.productId);
    const s = stock.get(l.productId);
    const at = `items.${l.index}`;
    if (!p || p.pharmacyId !== input.pharmacyId) errors.add(`${at}.productId`, "no such product in this pharmacy");
    else if (controlled.has(p.id)) errors.add(`${at}.productId`, controlledNotOtc(controlled.get(p.id)!));
    else if (!p.isActive) errors.add(`${at}.productId`, "is not active and cannot be sold");
    else if (!s || wanted.get(s.itemId)! > s.sellable) {
      errors.add(`${at}.quantity`, `exceeds the stock that may be sold (${s?.sellable ?? 0}; expired batches are never sold)`);
      if (s) short.push({ at: `${at}.quantity`, itemId: s.itemId, sellable: s.sellable });
    }
  }
  if (!errors.empty) await refuseHeldStock(db, short, wanted);
  errors.throwIfAny("Invalid transaction items");

  const redemption = input.loyaltyAccountId ? await redemptionFor(db, input.pharmacyId, input.loyaltyAccountId, input.redeemPoints ?? 0) : null;
  const totalDiscount = discount.plus(redemption?.value ?? 0);
  let priced;
  try {
    priced = priceTransaction(
      lines.map((l) => {
        const p = byId.get(l.productId)!;
        return { productId: p.id, productName: p.name, quantity: l.quantity, unitPrice: p.retailPrice, taxExempt: p.taxExempt };
      }),
      pharmacy,
      totalDiscount,
    );
  } catch (err) {
    if (err instanceof RangeError) {
      // Name what the client sent: the discount, the points redeemed (worth more than the subtotal), or both.
      const fields: Record<string, string[]> = {};
      if (discount.gt(0)) fields.discountAmount = ["must not exceed the subtotal (with any points redeemed)"];
      if (redemption?.value.gt(0)) fields.redeemPoints = [`are worth ${redemption.value.toFixed(2)}: with any discount, more than the subtotal`];
      throw badRequest(`The discount may not exceed the subtotal: ${err.message}`, fields);
    }
    throw err;
  }
  assertAmountsFit(priced, lines);

  return onceInTransaction(db, idempotencyKeys, idempotent, async (tx) => {
    const [row] = await tx
      .insert(salesTransactions)
      .values({
        transactionNumber: await nextTransactionNumber(tx, pharmacy.id, pharmacy.code),
        pharmacyId: pharmacy.id,
        cashier: input.cashier,
        createdBy: principal.sub,
        customerName: input.customerName ?? null,
        customerPhone,
        notes: input.notes ?? null,
        subtotal: priced.subtotal,
        taxAmount: priced.taxAmount,
        discountAmount: priced.discountAmount,
        totalAmount: priced.totalAmount,
        currency: pharmacy.currency,
        paymentMethod: input.paymentMethod,
        loyaltyAccountId: input.loyaltyAccountId ?? null,
        pointsRedeemed: redemption?.points ?? 0,
      })
      .returning();
    const items = await tx.insert(transactionItems).values(priced.lines.map((l) => ({ ...l, transactionId: row.id }))).returning();
    return toTransaction(row, items);
  });
}

/**
 * Every amount of a sale is stored in a `numeric(14,2)` column: a basket whose line, tax or total would
 * not fit is refused (400) before anything is written, instead of failing at insert.
 */
function assertAmountsFit(priced: ReturnType<typeof priceTransaction>, lines: { index: number }[]): void {
  const errors = new FieldErrorCollector();
  const most = MAX_AMOUNT.toFixed(2);
  priced.lines.forEach((l, i) => {
    if (!fitsMoneyColumn(l.lineTotal) || !fitsMoneyColumn(l.taxAmount)) errors.add(`items.${lines[i].index}.quantity`, `makes a line total of ${l.lineTotal} (VAT ${l.taxAmount}); an amount may be at most ${most}`);
  });
  if (errors.empty && ![priced.subtotal, priced.taxAmount, priced.totalAmount].every(fitsMoneyColumn)) {
    errors.add("items", `make a total of ${priced.totalAmount} (subtotal ${priced.subtotal}, VAT ${priced.taxAmount}); a sale's total may be at most ${most}`);
  }
  errors.throwIfAny("The sale's amounts are too large to record");
}

/** Cancels a pending transaction: nothing was charged or moved. A completed one is refunded through returns (409). */
export async function cancelTransaction(ctx: SubgraphContext, id: string): Promise<SalesTransaction> {
  const { db, principal } = ctx;
  const found = await getTransactionRow(db, principal, id);
  if (found.status === "pending") await assertNothingPaid(ctx, found);
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [current] = await tx.select().from(salesTransactions).where(eq(salesTransactions.id, id)).for("update");
    if (current.status === "cancelled") return current;
    if (current.status !== "pending") {
      throw conflict(current.status === "completed" ? "A completed transaction cannot be cancelled; refund it through a customer return" : `The transaction is ${current.status} and cannot be cancelled now`);
    }
    const [updated] = await tx.update(salesTransactions).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(salesTransactions.id, id)).returning();
    return updated;
  });
  return toTransaction(row, (await itemsOf(db, [row.id])).get(row.id)!);
}

/**
 * A completion whose payment reached billing but whose answer was lost (timeout, 503 after billing
 * committed) is rolled back to `pending` here while billing holds a paid charge; a retry of the
 * completion reuses that payment. Cancelling such a sale would keep the customer's money for nothing,
 * so billing is asked first (and if it cannot be asked, the sale stays pending: 503). Only a charge of
 * the sale's own pharmacy counts: charges are per pharmacy, and another pharmacy may hold one with the
 * same reference (billing hides it from pharmacy staff; this holds for any caller).
 */
async function assertNothingPaid(ctx: SubgraphContext, t: { id: string; pharmacyId: string }): Promise<void> {
  const res = await callUpstream<{ results?: { id: string; status: string; amount_paid?: string; pharmacy_id?: string | null }[] }>(ctx, {
    service: "billing",
    method: "GET",
    path: `/api/v1/charges/?reference_type=transaction&reference_id=${t.id}`,
  });
  if (res.status !== 200) throw new GraphQLError(`Billing could not tell whether this sale was paid (status ${res.status})`, { extensions: { code: ErrorCode.UPSTREAM_ERROR, upstreamStatus: res.status } });
  const paid = (res.body.results ?? []).find((c) => c.pharmacy_id === t.pharmacyId && (c.status === "paid" || new Decimal(c.amount_paid ?? 0).gt(0)));
  if (paid) throw conflict(`Billing charge ${paid.id} for this sale has been paid; complete the transaction instead of cancelling it`);
}

/**
 * Units on the shelf that a recall or a cold-chain review holds are not for sale: when held units are
 * what the sale lacks, the refusal is a 409 that names the holds (the recall, the excursion), not a
 * bare "exceeds the stock". Nothing is written either way.
 */
async function refuseHeldStock(db: Db, short: { at: string; itemId: string; sellable: number }[], wanted: Map<string, number>): Promise<void> {
  if (!short.length) return;
  const held = await heldStockByItem(db, [...new Set(short.map((s) => s.itemId))], kampalaToday());
  const fields: Record<string, string[]> = {};
  for (const { at, itemId, sellable } of short) {
    const h = held.get(itemId);
    if (h && sellable + h.units >= wanted.get(itemId)!) fields[at] = [`only ${sellable} may be sold; ${describeHolds(h.units, h.holds)}`];
  }
  if (!Object.keys(fields).length) return;
  const e = conflict(`Stock on the shelf is held and may not be sold: ${Object.values(fields).flat().join("; ")}`);
  e.extensions.fields = fields;
  e.extensions.holds = [...held.values()].flatMap((h) => h.holds);
  throw e;
}
