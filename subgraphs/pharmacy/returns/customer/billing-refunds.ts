import { GraphQLError } from "graphql";
import type { SubgraphContext } from "../../../../lib/context.js";
import { conflict, ErrorCode } from "../../../../lib/errors.js";
import { mintServiceToken } from "../../../../lib/service-token.js";
import { callUpstream } from "../../../../lib/upstream.js";

/** Who a customer return's refund is asked as on billing: the pharmacy's service, bound to the return's pharmacy. */
export const CUSTOMER_RETURN_REFUNDER_SUB = "pharmacy-customer-returns";

/** What the pharmacy reads of billing's refund answer. */
export interface BillingRefund {
  id: string;
  amount: string;
  method: string;
  provider_reference: string | null;
}

type UpstreamCtx = Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">;

/** Billing answered but refused: a 409 stays a conflict, anything else is a bad gateway (502). */
function refused(status: number, body: unknown): GraphQLError {
  const message = (body as { error?: { message?: string } })?.error?.message ?? `status ${status}`;
  if (status === 409) return conflict(`Billing refused the refund: ${message}`);
  return new GraphQLError(`Billing refused the refund: ${message}`, { extensions: { code: ErrorCode.UPSTREAM_ERROR, upstreamStatus: status } });
}

/**
 * `POST {billing_url}/api/v1/refunds/` for one customer return. Billing keeps one refund per (charge,
 * reference) and the Idempotency-Key makes our retries safe, so a retry after a lost answer refunds once.
 * Asked as the pharmacy's service (`billing:refund`; a cashier who takes the return may not refund on
 * their own), bound to the return's pharmacy; with tokens only from JWKS_URL the caller's bearer is used.
 */
export async function refundCustomerReturn(
  ctx: UpstreamCtx,
  r: { returnId: string; returnNumber: string; pharmacyId: string; chargeId: string; amount: string; method: string; reason: string },
): Promise<BillingRefund> {
  const bearer = (await mintServiceToken(ctx.config, { sub: CUSTOMER_RETURN_REFUNDER_SUB, pharmacyId: r.pharmacyId })) ?? ctx.bearer;
  const res = await callUpstream<BillingRefund>({ ...ctx, bearer }, {
    service: "billing",
    method: "POST",
    path: "/api/v1/refunds/",
    idempotencyKey: `customer-return-${r.returnId}-refund`,
    body: { charge_id: r.chargeId, amount: r.amount, method: r.method, reason: `${r.returnNumber}: ${r.reason}`.slice(0, 500), reference_type: "customer_return", reference_id: r.returnId },
  });
  if (res.status !== 200 && res.status !== 201) throw refused(res.status, res.body);
  return res.body;
}

/** The refund billing holds for a customer return, if any (cancel asks before giving up a return). */
export async function findCustomerReturnRefund(ctx: UpstreamCtx, returnId: string): Promise<BillingRefund | null> {
  const res = await callUpstream<{ results: BillingRefund[] }>(ctx, {
    service: "billing",
    method: "GET",
    path: `/api/v1/refunds/?reference_type=customer_return&reference_id=${encodeURIComponent(returnId)}`,
  });
  if (res.status !== 200) throw refused(res.status, res.body);
  return res.body.results[0] ?? null;
}
