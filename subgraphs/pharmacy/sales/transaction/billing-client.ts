import { GraphQLError } from "graphql";
import type { SubgraphContext } from "../../../../lib/context.js";
import { conflict, ErrorCode } from "../../../../lib/errors.js";
import { callUpstream } from "../../../../lib/upstream.js";

/** What the pharmacy reads of billing's charge answer (spec, "Billing charge", plus our balance fields). */
export interface BillingCharge {
  id: string;
  status: string;
  total_amount: string;
  currency: string;
  balance_due: string;
  payments: { id: string; status: string; provider_reference: string | null }[];
}

export interface BillingPayment {
  id: string;
  status: string;
  provider_reference: string | null;
  charge_status: string;
}

type UpstreamCtx = Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">;

/** Billing answered, but not with success: a 409 stays a conflict, anything else is a bad gateway (502). */
function refused(what: string, status: number, body: unknown): GraphQLError {
  const message = (body as { error?: { message?: string } })?.error?.message ?? `status ${status}`;
  if (status === 409) return conflict(`Billing refused the ${what}: ${message}`);
  return new GraphQLError(`Billing refused the ${what}: ${message}`, { extensions: { code: ErrorCode.UPSTREAM_ERROR, upstreamStatus: status } });
}

/**
 * `POST {billing_url}/api/v1/charges/` for one transaction. Billing makes it idempotent per
 * (reference_type, reference_id), and the Idempotency-Key makes our own retries safe too.
 */
export async function chargeTransaction(
  ctx: UpstreamCtx,
  t: { id: string; transactionNumber: string; pharmacyId: string; totalAmount: string; currency: string },
): Promise<BillingCharge> {
  const res = await callUpstream<BillingCharge>(ctx, {
    service: "billing",
    method: "POST",
    path: "/api/v1/charges/",
    idempotencyKey: `transaction-${t.id}-charge`,
    body: {
      service_code: "PHARMACY_OTC_SALE",
      service_description: `OTC sale ${t.transactionNumber}`,
      quantity: 1,
      amount: t.totalAmount,
      currency: t.currency,
      reference_type: "transaction",
      reference_id: t.id,
      pharmacy_id: t.pharmacyId,
    },
  });
  if (res.status !== 200 && res.status !== 201) throw refused("charge", res.status, res.body);
  return res.body;
}

/** `POST {billing_url}/api/v1/payments/`: cash is settled at the till; mobile money and card go to the processor. */
export async function payCharge(
  ctx: UpstreamCtx,
  p: { transactionId: string; chargeId: string; amount: string; method: string; payerPhone: string | null },
): Promise<BillingPayment> {
  const res = await callUpstream<BillingPayment>(ctx, {
    service: "billing",
    method: "POST",
    path: "/api/v1/payments/",
    idempotencyKey: `transaction-${p.transactionId}-payment`,
    body: { charge_id: p.chargeId, amount: p.amount, method: p.method, ...(p.payerPhone && p.method === "mobile_money" ? { payer_phone: p.payerPhone } : {}) },
  });
  if (res.status !== 200 && res.status !== 201) throw refused("payment", res.status, res.body);
  return res.body;
}
