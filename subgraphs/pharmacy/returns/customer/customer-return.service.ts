import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import { GraphQLError } from "graphql";
import type { Principal } from "../../../../lib/auth.js";
import type { SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, ErrorCode, fieldError, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { onceWithEffects } from "../../../../lib/idempotency.js";
import { Decimal, formatMoney } from "../../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import {
  customerReturnItems,
  customerReturns,
  idempotencyKeys,
  inventoryItems,
  pharmacies,
  quarantineRecords,
  salesTransactions,
  stockBatches,
  stockMovementBatches,
  stockMovements,
  transactionItems,
} from "../../db/tables.js";
import { applyStockChanges, kampalaToday, stockItemsOfProducts } from "../../inventory/ledger.js";
import { likeTerm, pharmacyForRead } from "../../procurement/procurement-common.js";
import { asDb, nextReturnsNumber } from "../returns-common.js";
import { findCustomerReturnRefund, refundCustomerReturn } from "./billing-refunds.js";
import type { CreateCustomerReturnInput, CustomerReturn, ReturnBatchShare } from "./customer-return.type.js";
import { paidPerLine, refundFor, saleDigits } from "./refund.js";

type ReturnRow = typeof customerReturns.$inferSelect;
type ItemRow = typeof customerReturnItems.$inferSelect;

/** Returns whose quantities count against what may still be returned. */
const CLAIMING = ["processing", "completed"];
const MAX_LINES = 100;

async function withDetails(db: Db, rows: ReturnRow[]): Promise<CustomerReturn[]> {
  if (!rows.length) return [];
  const [items, sales] = await Promise.all([
    db.select().from(customerReturnItems).where(inArray(customerReturnItems.returnId, rows.map((r) => r.id))).orderBy(asc(customerReturnItems.position)),
    db.select({ id: salesTransactions.id, number: salesTransactions.transactionNumber }).from(salesTransactions).where(inArray(salesTransactions.id, rows.map((r) => r.transactionId))),
  ]);
  const numberOf = new Map(sales.map((s) => [s.id, s.number]));
  return rows.map((r) => ({
    ...r,
    transactionNumber: numberOf.get(r.transactionId)!,
    items: items
      .filter((i) => i.returnId === r.id)
      .map((i) => ({
        id: i.id,
        productId: i.productId,
        productName: i.productName,
        quantity: i.quantity,
        condition: i.condition,
        disposition: i.disposition,
        dispositionReason: i.dispositionReason,
        refundAmount: i.refundAmount,
        batches: i.batches as ReturnBatchShare[],
        stockMovementId: i.stockMovementId,
        quarantineId: i.quarantineId,
      })),
  }));
}

async function returnRow(db: Db, principal: Principal, id: string, forUpdate = false): Promise<ReturnRow> {
  if (!isUuid(id)) throw notFound("Customer return", id);
  const q = db.select().from(customerReturns).where(eq(customerReturns.id, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Customer return", id);
  return row;
}

export async function getCustomerReturn(db: Db, principal: Principal, id: string): Promise<CustomerReturn> {
  return (await withDetails(db, [await returnRow(db, principal, id)]))[0];
}

export interface CustomerReturnFilters {
  pharmacyId?: string | null;
  transactionId?: string | null;
  status?: string | null;
  dateFrom?: Date | null;
  dateTo?: Date | null;
  search?: string | null;
}

/** Customer returns, newest first; staff see their pharmacy's. */
export async function listCustomerReturns(db: Db, principal: Principal, args: Partial<PageArgs> & CustomerReturnFilters): Promise<Page<CustomerReturn>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = pharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(customerReturns.pharmacyId, pharmacyId));
  if (args.transactionId) {
    if (!isUuid(args.transactionId)) throw fieldError("transactionId", "must be a transaction id (UUID)");
    filters.push(eq(customerReturns.transactionId, args.transactionId));
  }
  if (args.status) filters.push(eq(customerReturns.status, args.status));
  if (args.dateFrom) filters.push(gte(customerReturns.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(customerReturns.createdAt, args.dateTo));
  if (args.search) filters.push(ilike(customerReturns.returnNumber, likeTerm(args.search)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(customerReturns).where(where).orderBy(desc(customerReturns.createdAt), desc(customerReturns.returnNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(customerReturns).where(where),
  ]);
  return toPage(await withDetails(db, rows), total, w);
}

function checkInput(input: CreateCustomerReturnInput): void {
  const errors = new FieldErrorCollector();
  if (!input.reason.trim()) errors.add("reason", "must not be blank");
  if (!input.items.length) errors.add("items", "must contain at least one item");
  if (input.items.length > MAX_LINES) errors.add("items", `must contain at most ${MAX_LINES} items`);
  const seen = new Set<string>();
  input.items.forEach((it, i) => {
    if (!Number.isInteger(it.quantity) || it.quantity < 1) errors.add(`items.${i}.quantity`, "must be an integer greater than zero");
    if (seen.has(it.productId)) errors.add(`items.${i}.productId`, "appears twice; give one line per product");
    seen.add(it.productId);
  });
  errors.throwIfAny("Invalid customer return");
}

/** Net units the sale drew per batch of one stock item (sale movements less a failed attempt's reversal). */
async function soldBatches(tx: Db, saleId: string, itemId: string): Promise<ReturnBatchShare[]> {
  const rows = await tx
    .select({ batchId: stockBatches.id, lotNumber: stockBatches.lotNumber, expiryDate: stockBatches.expiryDate, quantity: sql<string>`sum(${stockMovementBatches.quantity})` })
    .from(stockMovementBatches)
    .innerJoin(stockMovements, eq(stockMovements.id, stockMovementBatches.movementId))
    .innerJoin(stockBatches, eq(stockBatches.id, stockMovementBatches.batchId))
    .where(and(eq(stockMovements.referenceType, "transaction"), eq(stockMovements.referenceId, saleId), eq(stockMovements.inventoryItemId, itemId), inArray(stockMovements.movementType, ["sale", "adjustment"])))
    .groupBy(stockBatches.id, stockBatches.lotNumber, stockBatches.expiryDate);
  return rows
    .map((r) => ({ batchId: r.batchId, lotNumber: r.lotNumber, expiryDate: r.expiryDate, quantity: -Number(r.quantity) }))
    .filter((r) => r.quantity > 0)
    .sort((a, b) => (a.expiryDate ?? "9999") .localeCompare(b.expiryDate ?? "9999") || a.batchId.localeCompare(b.batchId));
}

/**
 * Step 1 of a customer return, in one database transaction under a row lock on the sale (returns of one
 * sale queue): the sale must be completed (409); each product a line of it (400); the quantity at most
 * sold − already returned (409, nothing written). Refunds are computed exactly (refund.ts), units are
 * traced to the sale's batches, inspected (sealed and unexpired → restock, else quarantine), and the
 * return is recorded `processing`. No stock moves yet.
 */
export async function claimReturn(db: Db, principal: Principal, input: CreateCustomerReturnInput): Promise<ReturnRow> {
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [sale] = await tx.select().from(salesTransactions).where(eq(salesTransactions.id, input.transactionId)).for("update");
    if (!sale || (principal.pharmacyId && sale.pharmacyId !== principal.pharmacyId)) throw notFound("Transaction", input.transactionId);
    if (sale.status !== "completed") throw conflict(`Only a completed sale can be returned; this one is ${sale.status}`);
    const lines = await tx.select().from(transactionItems).where(eq(transactionItems.transactionId, sale.id)).orderBy(asc(transactionItems.id));
    const earlier = await tx
      .select({ item: customerReturnItems })
      .from(customerReturnItems)
      .innerJoin(customerReturns, eq(customerReturns.id, customerReturnItems.returnId))
      .where(and(eq(customerReturns.transactionId, sale.id), inArray(customerReturns.status, CLAIMING)));
    const returnedOf = (lineId: string) => earlier.filter((e) => e.item.transactionItemId === lineId).reduce((n, e) => n + e.item.quantity, 0);
    const digits = saleDigits(sale, lines);
    const paid = paidPerLine(lines, sale.discountAmount, digits);
    const itemOf = await stockItemsOfProducts(tx, input.items.map((i) => i.productId).filter(isUuid));
    const today = kampalaToday();

    const badInput = new FieldErrorCollector();
    const tooMany = new FieldErrorCollector();
    const planned: Omit<ItemRow, "id" | "returnId" | "stockMovementId" | "quarantineId">[] = [];
    for (const [i, it] of input.items.entries()) {
      const line = lines.find((l) => l.productId === it.productId);
      if (!line) {
        badInput.add(`items.${i}.productId`, `was not sold on transaction ${sale.transactionNumber}`);
        continue;
      }
      const returned = returnedOf(line.id);
      if (it.quantity > line.quantity - returned) {
        tooMany.add(`items.${i}.quantity`, `${line.quantity} sold, ${returned} already returned: at most ${line.quantity - returned} may be returned`);
        continue;
      }
      const itemId = itemOf.get(it.productId)!;
      // Trace the units to the sale's batches, net of earlier returns (optionally one printed lot).
      const taken = new Map<string, number>();
      for (const e of earlier.filter((x) => x.item.inventoryItemId === itemId)) for (const b of e.item.batches as ReturnBatchShare[]) taken.set(b.batchId, (taken.get(b.batchId) ?? 0) + b.quantity);
      for (const p of planned.filter((x) => x.inventoryItemId === itemId)) for (const b of p.batches as ReturnBatchShare[]) taken.set(b.batchId, (taken.get(b.batchId) ?? 0) + b.quantity);
      const pool = (await soldBatches(tx, sale.id, itemId)).map((b) => ({ ...b, quantity: b.quantity - (taken.get(b.batchId) ?? 0) })).filter((b) => b.quantity > 0 && (!it.lotNumber || b.lotNumber === it.lotNumber.trim()));
      const batches: ReturnBatchShare[] = [];
      let left = it.quantity;
      for (const b of pool) {
        if (!left) break;
        const q = Math.min(left, b.quantity);
        batches.push({ ...b, quantity: q });
        left -= q;
      }
      if (left) {
        badInput.add(it.lotNumber ? `items.${i}.lotNumber` : `items.${i}.quantity`, it.lotNumber ? `only ${it.quantity - left} unit(s) of lot ${it.lotNumber} were sold on this transaction and not yet returned` : "the sale's stock movements do not cover this quantity");
        continue;
      }
      const expired = batches.find((b) => b.expiryDate !== null && b.expiryDate < today);
      const condition = it.condition ?? "uninspected";
      const restock = condition === "sealed" && !expired;
      const dispositionReason = restock
        ? "sealed and unexpired: back into stock"
        : expired
          ? `lot ${expired.lotNumber ?? "?"} expired on ${expired.expiryDate}`
          : condition === "uninspected"
            ? "not inspected: held in quarantine"
            : `${condition}: may not be sold again`;
      planned.push({
        transactionItemId: line.id,
        productId: it.productId,
        productName: line.productName,
        inventoryItemId: itemId,
        quantity: it.quantity,
        condition,
        disposition: restock ? "restock" : "quarantine",
        dispositionReason,
        refundAmount: formatMoney(refundFor(paid.get(line.id)!, line.quantity, returned, it.quantity, digits)),
        batches,
        position: i,
      });
    }
    badInput.throwIfAny("Invalid customer return");
    if (!tooMany.empty) {
      const e = conflict(`More than may be returned: ${Object.values(tooMany.fields).flat().join("; ")}`);
      e.extensions.fields = tooMany.fields;
      throw e;
    }
    const [pharmacy] = await tx.select().from(pharmacies).where(eq(pharmacies.id, sale.pharmacyId));
    const returnNumber = await nextReturnsNumber(tx, "cr", pharmacy);
    const refundAmount = planned.reduce((s, p) => s.plus(p.refundAmount), new Decimal(0));
    const [row] = await tx
      .insert(customerReturns)
      .values({
        returnNumber,
        pharmacyId: sale.pharmacyId,
        transactionId: sale.id,
        reason: input.reason.trim(),
        status: "processing",
        refundAmount: formatMoney(refundAmount),
        currency: sale.currency,
        refundMethod: sale.paymentMethod,
        billingChargeId: sale.billingChargeId,
        createdBy: principal.sub,
        processingStartedAt: new Date(),
      })
      .returning();
    await tx.insert(customerReturnItems).values(planned.map((p) => ({ ...p, returnId: row.id })));
    return row;
  });
}

/**
 * Step 3, one transaction under the return's row lock: restocked lines go back through the ledger
 * (`return` movements into the very batches the sale drew), the others into quarantine records
 * (outside sellable stock), and the return is `completed` with billing's refund.
 */
export async function finalizeReturn(db: Db, id: string, actor: string, refund: { id: string; providerReference: string | null } | null): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const [r] = await tx.select().from(customerReturns).where(eq(customerReturns.id, id)).for("update");
    if (r.status === "completed") return;
    if (r.status !== "processing") throw conflict(`The return is ${r.status}; it cannot be completed`);
    const items = await tx.select().from(customerReturnItems).where(eq(customerReturnItems.returnId, id)).orderBy(asc(customerReturnItems.position));
    const restock = items.filter((i) => i.disposition === "restock");
    const movements = await applyStockChanges(
      tx,
      restock.map((i) => ({
        pharmacyId: r.pharmacyId,
        stock: { inventoryItemId: i.inventoryItemId },
        quantity: i.quantity,
        movementType: "return" as const,
        allocation: (i.batches as ReturnBatchShare[]).map((b) => ({ batchId: b.batchId, quantity: b.quantity })),
        referenceType: "customer_return",
        referenceId: id,
        notes: `${r.returnNumber}: ${i.productName} returned sealed`,
        createdBy: actor,
      })),
    );
    for (const [n, i] of restock.entries()) await tx.update(customerReturnItems).set({ stockMovementId: movements[n].id }).where(eq(customerReturnItems.id, i.id));
    for (const i of items.filter((x) => x.disposition === "quarantine")) {
      const [stock] = await tx.select({ code: inventoryItems.medicationCode }).from(inventoryItems).where(eq(inventoryItems.id, i.inventoryItemId));
      const batches = i.batches as ReturnBatchShare[];
      const [q] = await tx
        .insert(quarantineRecords)
        .values({
          pharmacyId: r.pharmacyId,
          sourceType: "customer_return",
          sourceId: i.id,
          inventoryItemId: i.inventoryItemId,
          medicationCode: stock?.code ?? null,
          name: i.productName,
          lotNumber: [...new Set(batches.map((b) => b.lotNumber ?? "-"))].join(", "),
          expiryDate: batches.map((b) => b.expiryDate).filter((d): d is string => d !== null).sort()[0] ?? null,
          quantity: i.quantity,
          reason: `${r.returnNumber}: ${i.dispositionReason}`,
        })
        .returning();
      await tx.update(customerReturnItems).set({ quarantineId: q.id }).where(eq(customerReturnItems.id, i.id));
    }
    await tx
      .update(customerReturns)
      .set({ status: "completed", completedAt: new Date(), processingStartedAt: null, billingRefundId: refund?.id ?? null, refundReference: refund?.providerReference ?? null })
      .where(eq(customerReturns.id, id));
  });
}

/** Gives up a `processing` return: its quantities may be returned again; nothing was moved or refunded. */
export async function markCancelled(db: Db, id: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    await asDb(txRaw).update(customerReturns).set({ status: "cancelled", cancelledAt: new Date(), processingStartedAt: null }).where(and(eq(customerReturns.id, id), eq(customerReturns.status, "processing")));
  });
}

/**
 * A person's complete or cancel of a `processing` return takes its lease (`processing_started_at`) under
 * the row lock: while another completion holds a lease younger than PHARMACY_COMPLETION_LEASE_MS (the
 * request that created it, another person's, or the worker's sweep) it is 409 "retry shortly", so two
 * actors never decide about one return at once. An expired lease (a crash) is taken over.
 */
async function takeLease(db: Db, principal: Principal, id: string, leaseMs: number): Promise<ReturnRow> {
  return db.transaction(async (txRaw) => {
    const tx = asDb(txRaw);
    const r = await returnRow(tx, principal, id, true);
    if (r.status !== "processing") return r;
    if (r.processingStartedAt && Date.now() - r.processingStartedAt.getTime() < leaseMs) throw conflict(`Return ${r.returnNumber} is being completed right now; retry shortly`);
    const [taken] = await tx.update(customerReturns).set({ processingStartedAt: new Date() }).where(eq(customerReturns.id, id)).returning();
    return taken;
  });
}

/** Lets go of a lease without deciding (billing out of reach): the return waits for a person, not for the worker's sweep. */
async function releaseLease(db: Db, id: string): Promise<void> {
  await db.transaction(async (txRaw) => {
    await asDb(txRaw).update(customerReturns).set({ processingStartedAt: null }).where(and(eq(customerReturns.id, id), eq(customerReturns.status, "processing")));
  });
}

/** Step 2 then 3. A refusal by billing cancels the return (billing holds no refund); billing out of reach leaves it processing. */
async function refundAndFinalize(ctx: SubgraphContext, r: ReturnRow): Promise<void> {
  let refund: { id: string; providerReference: string | null } | null = null;
  if (new Decimal(r.refundAmount).gt(0)) {
    try {
      if (!r.billingChargeId) throw conflict("The sale has no billing charge to refund against");
      const answer = await refundCustomerReturn(ctx, { returnId: r.id, returnNumber: r.returnNumber, pharmacyId: r.pharmacyId, chargeId: r.billingChargeId, amount: r.refundAmount, method: r.refundMethod, reason: r.reason });
      refund = { id: answer.id, providerReference: answer.provider_reference };
    } catch (err) {
      const code = (err as GraphQLError).extensions?.code;
      if (code === ErrorCode.UPSTREAM_UNAVAILABLE) {
        // The outcome is unknown (the refund may have been recorded before the answer was lost): keep
        // the claim; completing again refunds once (same Idempotency-Key, one refund per reference).
        ctx.logger.warn({ returnId: r.id, err: (err as Error).message }, "customer return: billing unavailable; the return stays processing");
        await releaseLease(ctx.db, r.id);
        throw new GraphQLError(`${(err as Error).message}. Return ${r.returnNumber} (${r.id}) is recorded as processing; nothing was restocked or refunded: complete it (POST /api/v1/returns/customer/${r.id}/complete/) when billing is back, or cancel it`, {
          extensions: { ...(err as GraphQLError).extensions },
        });
      }
      await markCancelled(ctx.db, r.id);
      ctx.logger.warn({ returnId: r.id, err: (err as Error).message }, "customer return: billing refused the refund; the return is cancelled");
      throw err;
    }
  }
  await finalizeReturn(ctx.db, r.id, ctx.principal.sub, refund);
}

/**
 * Spec workflow 4, "customer return, inspect items for condition and expiry": claims the quantities
 * (step 1), refunds through billing (step 2, idempotent), then restocks or quarantines (step 3).
 * Billing out of reach → 503 and the return stays `processing` with nothing moved or refunded.
 * Honours Idempotency-Key.
 */
export async function createCustomerReturn(ctx: SubgraphContext, input: CreateCustomerReturnInput): Promise<CustomerReturn> {
  const { principal } = ctx;
  checkInput(input);
  if (!isUuid(input.transactionId)) throw notFound("Transaction", input.transactionId);
  const request = { ...input, items: input.items.map((i) => ({ ...i })) };
  return onceWithEffects(ctx.db, idempotencyKeys, { key: ctx.idempotencyKey, principal: principal.sub, operation: "createCustomerReturn", request }, async () => {
    const claimed = await claimReturn(ctx.db, principal, input);
    await refundAndFinalize(ctx, claimed);
    return getCustomerReturn(ctx.db, principal, claimed.id);
  });
}

/** Finishes a `processing` return (billing was out of reach): refunds once and restocks; a completed one is returned as it is; a cancelled one is 409. */
export async function completeCustomerReturn(ctx: SubgraphContext, id: string): Promise<CustomerReturn> {
  const r = await takeLease(ctx.db, ctx.principal, id, ctx.config.PHARMACY_COMPLETION_LEASE_MS);
  if (r.status === "cancelled") throw conflict("A cancelled return cannot be completed");
  if (r.status === "processing") await refundAndFinalize(ctx, r);
  return getCustomerReturn(ctx.db, ctx.principal, id);
}

/**
 * Gives up a `processing` return after asking billing whether it refunded it: if so 409 (complete it
 * instead); billing out of reach → 503 and the return stays. Its quantities may then be returned again.
 * A completed return cannot be cancelled (409); cancelling again returns it.
 */
export async function cancelCustomerReturn(ctx: SubgraphContext, id: string): Promise<CustomerReturn> {
  const r = await takeLease(ctx.db, ctx.principal, id, ctx.config.PHARMACY_COMPLETION_LEASE_MS);
  if (r.status === "completed") throw conflict("A completed return cannot be cancelled: the money went back and the units were restocked or quarantined");
  if (r.status === "processing") {
    let refunded: boolean;
    try {
      refunded = new Decimal(r.refundAmount).gt(0) && !!(await findCustomerReturnRefund(ctx, r.id));
    } catch (err) {
      await releaseLease(ctx.db, id);
      throw err;
    }
    if (refunded) {
      await releaseLease(ctx.db, id);
      throw conflict("Billing has refunded this return: complete it instead");
    }
    await markCancelled(ctx.db, id);
  }
  return getCustomerReturn(ctx.db, ctx.principal, id);
}
