import { GraphQLError } from "graphql";
import { REQUEST_ID_HEADER } from "./auth.js";
import type { SubgraphContext } from "./context.js";
import { upstreamUnavailable } from "./errors.js";
import { injectTraceContext } from "./tracing.js";
import { isQueryDocument, upstreamFetch } from "./upstream-http.js";

export type GatewayCaller = Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">;

/**
 * Runs one GraphQL operation through the gateway (federation), as a subgraph asking another's data:
 * the pharmacy asking the clinical knowledge base for interactions, a patient's allergies or whether a
 * patient exists. With the caller's bearer unless one is given (a minted service token). Answers the
 * data; an error the other subgraph raised (403, 404, 400) is re-raised with its code, so the caller's
 * REST status is the one the owner chose; an unreachable gateway is UPSTREAM_UNAVAILABLE (503).
 */
export async function queryGateway<T>(
  ctx: GatewayCaller,
  query: string,
  variables: Record<string, unknown>,
  opts: { bearer?: string; timeoutMs?: number; service?: string } = {},
): Promise<T> {
  const url = `${(ctx.config.GATEWAY_URL ?? ctx.selfUrl).replace(/\/$/, "")}/graphql`;
  const bearer = opts.bearer ?? ctx.bearer;
  const service = opts.service ?? "clinical";
  let body: { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  try {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      accept: "application/json",
      [REQUEST_ID_HEADER]: ctx.requestId,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    };
    injectTraceContext(headers);
    const init = { method: "POST", headers, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(opts.timeoutMs ?? ctx.config.UPSTREAM_TIMEOUT_MS) };
    const res = await upstreamFetch(url, init, { idleMs: ctx.config.UPSTREAM_IDLE_TIMEOUT_MS, retryOnReset: isQueryDocument(query) });
    body = (await res.json()) as typeof body;
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, service }, "gateway call failed");
    throw upstreamUnavailable(service, (err as Error).message);
  }
  const first = body.errors?.[0];
  if (first) {
    const { code, ...rest } = first.extensions ?? {};
    throw new GraphQLError(first.message, { extensions: { code: code ?? "UPSTREAM_ERROR", ...pickSafe(rest) } });
  }
  if (body.data == null) throw upstreamUnavailable(service, "no data in the answer");
  return body.data;
}

/** Keeps the client-facing parts of a re-raised error (field errors, retry hints), never stack traces. */
function pickSafe(ext: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ["fields", "retryAfter", "service"]) if (k in ext) out[k] = ext[k];
  return out;
}
