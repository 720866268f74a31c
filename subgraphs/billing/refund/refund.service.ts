import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { onceInTransaction } from "../../../lib/idempotency.js";
import { Decimal, formatMoney } from "../../../lib/money.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { amountPaid, chargeAmountProblem, visibleTo } from "../charge/charge.service.js";
import { charges, idempotencyKeys, payments, refunds } from "../db/tables.js";
import { REFUND_REFERENCE_TYPES, type CreateRefundInput, type Refund } from "./refund.type.js";

type RefundRow = typeof refunds.$inferSelect;

/** Sum of the refunds of a charge. */
export async function amountRefunded(db: Db, chargeId: string): Promise<Decimal> {
  const rows = await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.chargeId, chargeId));
  return rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
}

async function refundableOf(db: Db, chargeId: string): Promise<Decimal> {
  return (await amountPaid(db, chargeId)).minus(await amountRefunded(db, chargeId));
}

/**
 * Gives money back against a charge under a row lock on the charge, so concurrent refunds together
 * never exceed what was paid (400 on `amount` otherwise), in whole minor units of the charge's
 * currency (`chargeAmountProblem`). One refund per (charge, reference): a repeat with the same amount
 * returns the first refund, another amount is 409. Mobile money and card go back
 * through the simulated processor (a reference `RF-…`); cash is given back at the till. Only for a
 * known kind of reference (`REFUND_REFERENCE_TYPES`), and only by the pharmacy's own flows or a
 * pharmacist (`billing:refund`): never a cashier on their own.
 */
export async function createRefund(db: Db, principal: Principal, input: CreateRefundInput, idempotencyKey?: string): Promise<Refund> {
  if (!isUuid(input.chargeId)) throw notFound("Charge", input.chargeId);
  if (input.amount.lte(0)) throw fieldError("amount", "must be greater than zero");
  if (!(REFUND_REFERENCE_TYPES as readonly string[]).includes(input.referenceType)) {
    throw fieldError("referenceType", `must be one of ${REFUND_REFERENCE_TYPES.join(", ")}: money goes back for goods returned through POST /api/v1/returns/customer/`);
  }
  // Two decimals as before (stored keys still match), more when given: 1.005 is not the request 1.01 was.
  const request = { ...input, amount: input.amount.toFixed(Math.max(2, input.amount.decimalPlaces())) };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createRefund", request }, async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, input.chargeId)).for("update");
    if (!charge || !visibleTo(principal, charge)) throw notFound("Charge", input.chargeId);
    const fineness = chargeAmountProblem(charge, input.amount);
    if (fineness) throw fieldError("amount", fineness);
    const [existing] = await tx.select().from(refunds).where(and(eq(refunds.chargeId, charge.id), eq(refunds.referenceType, input.referenceType), eq(refunds.referenceId, input.referenceId)));
    if (existing) {
      if (!input.amount.eq(existing.amount)) throw conflict(`A refund for ${input.referenceType} ${input.referenceId} already exists for ${existing.amount} ${existing.currency}`);
      return { ...existing, refundableBalance: formatMoney(await refundableOf(tx, charge.id)) };
    }
    const refundable = await refundableOf(tx, charge.id);
    if (input.amount.gt(refundable)) throw fieldError("amount", `must not exceed what was paid and not yet refunded: ${formatMoney(refundable)} ${charge.currency}`);
    const [lastPayment] = await tx.select().from(payments).where(and(eq(payments.chargeId, charge.id), eq(payments.status, "completed"))).orderBy(desc(payments.createdAt)).limit(1);
    const method = input.method ?? lastPayment?.method ?? "cash";
    const [row] = await tx
      .insert(refunds)
      .values({
        chargeId: charge.id,
        amount: formatMoney(input.amount),
        currency: charge.currency,
        method,
        status: "completed",
        reason: input.reason,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        providerReference: method === "cash" ? null : `RF-${randomBytes(6).toString("hex").toUpperCase()}`,
        createdBy: principal.sub,
      })
      .returning();
    return { ...row, refundableBalance: formatMoney(refundable.minus(input.amount)) };
  });
}

async function withBalances(db: Db, rows: RefundRow[]): Promise<Refund[]> {
  const balances = new Map<string, string>();
  for (const chargeId of new Set(rows.map((r) => r.chargeId))) balances.set(chargeId, formatMoney(await refundableOf(db, chargeId)));
  return rows.map((r) => ({ ...r, refundableBalance: balances.get(r.chargeId)! }));
}

export async function getRefund(db: Db, principal: Principal, id: string): Promise<Refund> {
  if (!isUuid(id)) throw notFound("Refund", id);
  const [found] = await db.select({ refund: refunds, charge: charges }).from(refunds).innerJoin(charges, eq(charges.id, refunds.chargeId)).where(eq(refunds.id, id));
  if (!found || !visibleTo(principal, found.charge)) throw notFound("Refund", id);
  return (await withBalances(db, [found.refund]))[0];
}

export interface RefundFilters {
  chargeId?: string | null;
  referenceType?: string | null;
  referenceId?: string | null;
}

/** Refunds, newest first; pharmacy staff see those of their pharmacy's charges. */
export async function listRefunds(db: Db, principal: Principal, args: Partial<PageArgs> & RefundFilters): Promise<Page<Refund>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (principal.pharmacyId) filters.push(inArray(refunds.chargeId, db.select({ id: charges.id }).from(charges).where(eq(charges.pharmacyId, principal.pharmacyId))));
  if (args.chargeId) {
    if (!isUuid(args.chargeId)) throw fieldError("chargeId", "must be a charge id (UUID)");
    filters.push(eq(refunds.chargeId, args.chargeId));
  }
  if (args.referenceType) filters.push(eq(refunds.referenceType, args.referenceType));
  if (args.referenceId) filters.push(eq(refunds.referenceId, args.referenceId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(refunds).where(where).orderBy(desc(refunds.createdAt), asc(refunds.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(refunds).where(where),
  ]);
  return toPage(await withBalances(db, rows), total, w);
}
