import pRetry, { AbortError } from "p-retry";
import { REQUEST_ID_HEADER } from "./auth.js";
import type { SubgraphContext } from "./context.js";
import { upstreamUnavailable } from "./errors.js";
import { injectTraceContext } from "./tracing.js";

export type UpstreamService = "billing" | "notifications";

export interface UpstreamRequest {
  service: UpstreamService;
  method: "POST" | "GET" | "PUT" | "PATCH" | "DELETE";
  /** Path below the service's base URL, e.g. "/api/v1/charges/". */
  path: string;
  body?: unknown;
  /** Sent on every attempt, so a retried call never takes effect twice. */
  idempotencyKey?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  retries?: number;
}

export interface UpstreamResponse<T> {
  status: number;
  body: T;
}

/** Statuses worth retrying: the upstream is down or overloaded, not refusing the request. */
const RETRYABLE = new Set([502, 503, 504]);

/** The spec's {billing_url} and {notifications_url}: configured, or this service itself. */
export function upstreamBaseUrl(ctx: Pick<SubgraphContext, "config" | "selfUrl">, service: UpstreamService): string {
  const configured = service === "billing" ? ctx.config.BILLING_URL : ctx.config.NOTIFICATIONS_URL;
  return (configured ?? ctx.selfUrl).replace(/\/$/, "");
}

/**
 * Calls billing or notifications over HTTP with the caller's bearer and request id, a timeout per
 * attempt, and bounded retries with jittered exponential backoff on connection errors, timeouts and
 * 502/503/504. Other answers (2xx, 4xx) are returned for the caller to interpret. When every attempt
 * fails: UPSTREAM_UNAVAILABLE (REST 503).
 */
export async function callUpstream<T = unknown>(ctx: Pick<SubgraphContext, "config" | "selfUrl" | "bearer" | "requestId" | "logger">, r: UpstreamRequest): Promise<UpstreamResponse<T>> {
  const url = `${upstreamBaseUrl(ctx, r.service)}${r.path}`;
  const headers: Record<string, string> = { accept: "application/json", [REQUEST_ID_HEADER]: ctx.requestId };
  if (ctx.bearer) headers.authorization = `Bearer ${ctx.bearer}`;
  if (r.body !== undefined) headers["content-type"] = "application/json";
  if (r.idempotencyKey) headers["idempotency-key"] = r.idempotencyKey;
  injectTraceContext(headers);
  try {
    return await pRetry(
      async () => {
        const res = await fetch(url, {
          method: r.method,
          headers,
          body: r.body === undefined ? undefined : JSON.stringify(r.body),
          signal: AbortSignal.timeout(r.timeoutMs ?? ctx.config.UPSTREAM_TIMEOUT_MS),
        });
        if (RETRYABLE.has(res.status)) throw new Error(`${r.service} answered ${res.status}`);
        const text = await res.text();
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          if (res.ok) throw new AbortError(`${r.service} answered ${res.status} without JSON`);
        }
        return { status: res.status, body: body as T };
      },
      {
        retries: r.retries ?? 3,
        factor: 2,
        minTimeout: 100,
        maxTimeout: 2000,
        randomize: true,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) =>
          ctx.logger.warn({ service: r.service, url, attempt: attemptNumber, retriesLeft, err: error.message }, "upstream call failed"),
      },
    );
  } catch (err) {
    throw upstreamUnavailable(r.service, (err as Error).message);
  }
}
