import type { MiddlewareHandler } from "hono";
import { randomUUID } from "node:crypto";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { REQUEST_ID_HEADER } from "./auth.js";
import type { Logger } from "./logger.js";

/** Prometheus metrics of this process, served at /metrics. */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

const requests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests by role, method, route and status",
  labelNames: ["role", "method", "route", "status"] as const,
  registers: [metrics],
});
const latency = new Histogram({
  name: "http_request_duration_seconds",
  help: "HTTP request latency by role and route",
  labelNames: ["role", "method", "route"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
});

/**
 * Gives each request an id (the caller's `x-request-id`, or a new one), echoes it on the response,
 * logs one JSON line per request and records metrics. Applied by the bridge, the gateway and each
 * subgraph, so one id follows a request bridge → gateway → subgraph.
 */
export function useRequestContext(role: string, logger: Logger): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async function requestContext(c, next) {
    const requestId = c.req.header(REQUEST_ID_HEADER) || randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.header(REQUEST_ID_HEADER, requestId);
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath;
    requests.inc({ role, method: c.req.method, route, status: String(c.res.status) });
    latency.observe({ role, method: c.req.method, route }, seconds);
    logger.info({ role, requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(seconds * 1000) }, "request");
  };
}
