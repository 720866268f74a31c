import { REQUEST_ID_HEADER } from "../../../lib/auth.js";
import type { SubgraphContext } from "../../../lib/context.js";
import type { ContactPoints } from "../channels.js";

/** Looks up a patient's registered contact points; null when unknown or unavailable. */
export type RegistryContactLookup = (uhid: string) => Promise<ContactPoints | null>;

const QUERY = "query NotificationRegistryContact($uhid: ID!) { patient(uhid: $uhid) { phone email } }";

/**
 * A patient who never set notification preferences is still reachable at the phone and e-mail of
 * their registration. The registry belongs to the clinical subgraph, so we ask it through the
 * gateway (federation), with the caller's own bearer: callers who may not read patients (e.g.
 * service tokens) get no fallback. Best effort, short timeout, done before the outbox transaction.
 */
export function registryContactLookup(ctx: Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">): RegistryContactLookup {
  const gateway = `${(ctx.config.GATEWAY_URL ?? ctx.selfUrl).replace(/\/$/, "")}/graphql`;
  return async (uhid) => {
    if (!ctx.bearer) return null;
    try {
      const res = await fetch(gateway, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${ctx.bearer}`, [REQUEST_ID_HEADER]: ctx.requestId },
        body: JSON.stringify({ query: QUERY, variables: { uhid } }),
        signal: AbortSignal.timeout(2000),
      });
      const body = (await res.json()) as { data?: { patient?: { phone: string | null; email: string | null } | null } };
      const p = body.data?.patient;
      if (!p || (!p.phone && !p.email)) return null;
      return { phone: p.phone, email: p.email, pushToken: null, messagingAppId: null };
    } catch (err) {
      ctx.logger.warn({ err, uhid }, "patient registry contact lookup failed");
      return null;
    }
  };
}
