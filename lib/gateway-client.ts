import { GraphQLError } from "graphql";
import { REQUEST_ID_HEADER } from "./auth.js";
import type { SubgraphContext } from "./context.js";
import { upstreamUnavailable } from "./errors.js";
import { injectTraceContext } from "./tracing.js";
import { isQueryDocument, upstreamFetch } from "./upstream-http.js";

export type GatewayCaller = Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">;

type GatewayBody = { data?: unknown; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] };

/** A gateway running in this process: runs an operation with the caller's bearer, verified as at /graphql. */
export type LocalGateway = (op: {
  query: string;
  variables: Record<string, unknown>;
  bearer?: string;
  requestId: string;
  traceHeaders?: Record<string, string>;
}) => Promise<{ status: number; body: GatewayBody }>;

/** Gateways of this process by their process's base URL (tests start several stacks in one process). */
const localGateways = new Map<string, LocalGateway>();

/**
 * Makes `queryGateway` from subgraphs of the process at `selfUrl` call this gateway in process instead
 * of over HTTP (when GATEWAY_URL is unset, i.e. the gateway is this process). Returns the unregister.
 */
export function registerLocalGateway(selfUrl: string, gateway: LocalGateway): () => void {
  localGateways.set(selfUrl, gateway);
  return () => {
    if (localGateways.get(selfUrl) === gateway) localGateways.delete(selfUrl);
  };
}

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
  const bearer = opts.bearer ?? ctx.bearer;
  const service = opts.service ?? "clinical";
  const timeoutMs = opts.timeoutMs ?? ctx.config.UPSTREAM_TIMEOUT_MS;
  const local = ctx.config.GATEWAY_URL ? undefined : localGateways.get(ctx.selfUrl);
  let body: GatewayBody;
  try {
    if (local) {
      const traceHeaders: Record<string, string> = {};
      injectTraceContext(traceHeaders);
      body = (await withTimeout(local({ query, variables, bearer, requestId: ctx.requestId, traceHeaders }), timeoutMs)).body;
    } else {
      const url = `${(ctx.config.GATEWAY_URL ?? ctx.selfUrl).replace(/\/$/, "")}/graphql`;
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
        [REQUEST_ID_HEADER]: ctx.requestId,
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      };
      injectTraceContext(headers);
      const init = { method: "POST", headers, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(timeoutMs) };
      const res = await upstreamFetch(url, init, { idleMs: ctx.config.UPSTREAM_IDLE_TIMEOUT_MS, retryOnReset: isQueryDocument(query) });
      body = (await res.json()) as GatewayBody;
    }
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, service }, "gateway call failed");
    throw upstreamUnavailable(service, (err as Error).message);
  }
  return answerOf<T>(body, service);
}

/** The data of a gateway answer, or its first error re-raised with its code. */
function answerOf<T>(body: GatewayBody, service: string): T {
  const first = body.errors?.[0];
  if (first) {
    const { code, ...rest } = first.extensions ?? {};
    throw new GraphQLError(first.message, { extensions: { code: code ?? "UPSTREAM_ERROR", ...pickSafe(rest) } });
  }
  if (body.data == null) throw upstreamUnavailable(service, "no data in the answer");
  return body.data as T;
}

/** The in-process call's answer, or a timeout error after `ms` (as AbortSignal.timeout bounds the HTTP call). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The operation was aborted due to timeout`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Keeps the client-facing parts of a re-raised error (field errors, retry hints), never stack traces. */
function pickSafe(ext: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ["fields", "retryAfter", "service"]) if (k in ext) out[k] = ext[k];
  return out;
}
