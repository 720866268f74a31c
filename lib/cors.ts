import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

export interface CorsOptions {
  /** Allowed origins, or ["*"] for any. */
  origins: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  /** Seconds a browser may cache a preflight answer. */
  maxAge: number;
}

/**
 * CORS for every response. Preflights (OPTIONS) are answered by Hono's `cors`. On other requests the
 * same headers are added once the response exists: Hono's `cors` sets them on `c.res` before the handler
 * runs, which makes Hono rebuild every handler's response around its body as a stream (and @hono/node-server
 * then writes it chunk by chunk): about a tenth of the gateway's CPU per request (docs/decisions/operations.md,
 * "Request path cost").
 */
export function useCors(o: CorsOptions): MiddlewareHandler {
  const anyOrigin = o.origins.includes("*");
  const preflight = cors({ origin: anyOrigin ? "*" : o.origins, allowHeaders: o.allowHeaders, exposeHeaders: o.exposeHeaders, maxAge: o.maxAge });
  const exposed = o.exposeHeaders.join(",");
  return async function corsHeaders(c, next) {
    if (c.req.method === "OPTIONS") return preflight(c, next);
    await next();
    const origin = c.req.header("origin");
    const allowed = anyOrigin ? "*" : origin && o.origins.includes(origin) ? origin : undefined;
    setResponseHeader(c, "access-control-allow-origin", allowed);
    setResponseHeader(c, "access-control-expose-headers", exposed);
    if (!anyOrigin) setResponseHeader(c, "vary", "Origin", { append: true });
  };
}

/**
 * Sets a header on the response a handler returned, in place: `c.header()` after the handler would
 * rebuild the response around its body as a stream. A response whose headers cannot change (one that
 * came from `fetch`) gets `c.header()`'s copy.
 */
export function setResponseHeader(c: Parameters<MiddlewareHandler>[0], name: string, value: string | undefined, o: { append?: boolean } = {}): void {
  if (value === undefined) return;
  try {
    if (o.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, o);
  }
}
