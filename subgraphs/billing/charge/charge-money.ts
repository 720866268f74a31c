import { asc, inArray } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { Decimal } from "../../../lib/money.js";
import { requestLoader } from "../../../lib/request-loader.js";
import { payments, refunds } from "../db/tables.js";

type PaymentRow = typeof payments.$inferSelect;

/** What a charge's money fields are computed from. */
export interface ChargeMoney {
  /** Every payment of the charge, oldest first. */
  payments: PaymentRow[];
  /** Sum of the completed payments. */
  paid: Decimal;
  /** Sum of the refunds. */
  refunded: Decimal;
}

/**
 * The money of a charge, read together with that of every other charge the same response resolves:
 * `amountPaid`, `balanceDue`, `amountRefunded` and `payments` of all the charges in an answer come
 * from two statements (lib/request-loader.ts), where each field of each charge ran its own (a page of
 * 20 charges with those four fields: 80).
 */
export function chargeMoney(ctx: SubgraphContext, chargeId: string): Promise<ChargeMoney> {
  return requestLoader(ctx, moneyOfCharges).load(chargeId);
}

/** The money of each charge, in the order of `chargeIds` (a charge without payments or refunds: zeros). */
export async function moneyOfCharges(db: Db, chargeIds: readonly string[]): Promise<ChargeMoney[]> {
  const ids = [...new Set(chargeIds)];
  const [paymentRows, refundRows] = await Promise.all([
    db.select().from(payments).where(inArray(payments.chargeId, ids)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select({ chargeId: refunds.chargeId, amount: refunds.amount }).from(refunds).where(inArray(refunds.chargeId, ids)),
  ]);
  const byCharge = new Map<string, ChargeMoney>(ids.map((id) => [id, { payments: [], paid: new Decimal(0), refunded: new Decimal(0) }]));
  for (const p of paymentRows) {
    const money = byCharge.get(p.chargeId)!;
    money.payments.push(p);
    if (p.status === "completed") money.paid = money.paid.plus(p.amount);
  }
  for (const r of refundRows) {
    const money = byCharge.get(r.chargeId)!;
    money.refunded = money.refunded.plus(r.amount);
  }
  return chargeIds.map((id) => byCharge.get(id)!);
}
