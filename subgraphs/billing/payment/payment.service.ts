import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { onceInTransaction } from "../../../lib/idempotency.js";
import { Decimal, formatMoney } from "../../../lib/money.js";
import { amountPaid, chargeAmountProblem, visibleTo } from "../charge/charge.service.js";
import { charges, idempotencyKeys, payments } from "../db/tables.js";
import type { CreatePaymentInput, Payment } from "./payment.type.js";

type PaymentRow = typeof payments.$inferSelect;

export function toPayment(row: PaymentRow, chargeStatus: string, balanceDue: Decimal): Payment {
  return { ...row, chargeStatus, balanceDue: formatMoney(balanceDue) };
}

/**
 * Stands in for the mobile-money and card processors: approves and hands back a reference. Cash is
 * settled at the till, so it has no processor reference.
 */
function processorReference(method: string, given?: string): string | null {
  if (given) return given;
  if (method === "cash") return null;
  return `${method === "card" ? "CARD" : "MM"}-${randomBytes(6).toString("hex").toUpperCase()}`;
}

/**
 * Records a payment against a charge under a row lock on the charge, so concurrent payments cannot
 * together exceed it. A payment larger than the outstanding balance, or finer than the charge's
 * currency allows (whole shillings in UGX; a charge recorded with cents before that rule takes
 * cents), is refused (400); a cancelled charge cannot be paid (409). The charge becomes `paid` when
 * fully paid. Without an amount the payment settles the whole outstanding balance (what a till pays
 * almost always).
 */
export async function createPayment(db: Db, principal: Principal, input: CreatePaymentInput, idempotencyKey?: string): Promise<Payment> {
  if (!isUuid(input.chargeId)) throw notFound("Charge", input.chargeId);
  if (input.amount?.lte(0)) throw fieldError("amount", "must be greater than zero");
  const request = { ...input };
  return onceInTransaction(db, idempotencyKeys, { key: idempotencyKey, principal: principal.sub, operation: "createPayment", request }, async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, input.chargeId)).for("update");
    if (!charge || !visibleTo(principal, charge)) throw notFound("Charge", input.chargeId);
    if (charge.status === "cancelled") throw conflict("The charge is cancelled");
    const fineness = input.amount && chargeAmountProblem(charge, input.amount);
    if (fineness) throw fieldError("amount", fineness);
    const outstanding = new Decimal(charge.totalAmount).minus(await amountPaid(tx, charge.id));
    if (outstanding.lte(0)) throw fieldError("amount", `nothing is outstanding on this charge (it is ${charge.status})`);
    const amount = input.amount ?? outstanding;
    if (amount.gt(outstanding)) {
      throw fieldError("amount", `must not exceed the outstanding balance of ${formatMoney(outstanding)} ${charge.currency}`);
    }
    const [row] = await tx
      .insert(payments)
      .values({
        chargeId: charge.id,
        amount: formatMoney(amount),
        currency: charge.currency,
        method: input.method,
        status: "completed",
        providerReference: processorReference(input.method, input.providerReference),
        payerPhone: input.payerPhone ?? null,
        createdBy: principal.sub,
      })
      .returning();
    const balance = outstanding.minus(amount);
    const chargeStatus = balance.isZero() ? "paid" : charge.status;
    if (chargeStatus !== charge.status) await tx.update(charges).set({ status: chargeStatus }).where(eq(charges.id, charge.id));
    return toPayment(row, chargeStatus, balance);
  });
}

export async function getPayment(db: Db, principal: Principal, id: string): Promise<Payment> {
  if (!isUuid(id)) throw notFound("Payment", id);
  const [found] = await db.select({ payment: payments, charge: charges }).from(payments).innerJoin(charges, eq(charges.id, payments.chargeId)).where(eq(payments.id, id));
  if (!found || !visibleTo(principal, found.charge)) throw notFound("Payment", id);
  const balance = new Decimal(found.charge.totalAmount).minus(await amountPaid(db, found.charge.id));
  return toPayment(found.payment, found.charge.status, balance);
}
