import type { MiddlewareHandler } from "hono";
import { randomUUID } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { REQUEST_ID_HEADER } from "./auth.js";
import { setResponseHeader } from "./cors.js";
import type { NodeBindings } from "./http-lifecycle.js";
import type { Logger } from "./logger.js";
import { inServerSpan, tracingEnabled } from "./tracing.js";

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

/** Latency buckets (seconds) shared by the GraphQL and database histograms. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Gateway: one observation per GraphQL operation (gateway/plugins/metrics.ts; bounded `operation` label). */
export const graphqlOperationDuration = new Histogram({
  name: "graphql_operation_duration_seconds",
  help: "GraphQL operations at the gateway by operation name (stored and first-seen names, else other; anonymous) and type",
  labelNames: ["operation", "type"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});
export const graphqlOperationErrors = new Counter({
  name: "graphql_operation_errors_total",
  help: "Errors in GraphQL answers at the gateway by operation and extensions.code",
  labelNames: ["operation", "code"] as const,
  registers: [metrics],
});

/** Gateway: one observation per fetch from a subgraph (the data sources in gateway/index.ts). */
export const subgraphFetchDuration = new Histogram({
  name: "graphql_subgraph_fetch_duration_seconds",
  help: "Fetches from a subgraph by the gateway, by subgraph",
  labelNames: ["subgraph"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});
export const subgraphFetchErrors = new Counter({
  name: "graphql_subgraph_fetch_errors_total",
  help: "Failed subgraph fetches by subgraph and kind: network (no answer), http_4xx, http_5xx, graphql (errors in the answer)",
  labelNames: ["subgraph", "kind"] as const,
  registers: [metrics],
});

/** Subgraphs: every RATE_LIMITED answer (lib/rate-limit.ts), by endpoint category. */
export const rateLimitRejections = new Counter({
  name: "rate_limit_rejections_total",
  help: "Calls refused with RATE_LIMITED, by rate-limit category",
  labelNames: ["category"] as const,
  registers: [metrics],
});

/** Deep pages by number: bookmark queries run (lib/page-bookmarks.ts), by table; a cached list runs none. */
export const listBookmarkBuilds = new Counter({
  name: "list_bookmark_builds_total",
  help: "Bookmark queries run for deep pages by number (each reads one list's sort keys once), by table",
  labelNames: ["table"] as const,
  registers: [metrics],
});

/** PostgreSQL (postgres.js) pools of this process, read by the pool gauges (lib/db.ts). */
export interface PoolUsage {
  max: number;
  /** Queries and transactions started and not yet settled (each holds or waits for a connection). */
  inFlight: number;
}
const pools = new Set<PoolUsage>();

/** Counts a pool in the `db_pool_*` gauges until the returned function is called (pool closed). */
export function registerPool(pool: PoolUsage): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}
const poolTotals = () => [...pools].reduce((t, p) => ({ max: t.max + p.max, inFlight: t.inFlight + p.inFlight }), { max: 0, inFlight: 0 });
new Gauge({
  name: "db_pool_max_connections",
  help: "Connections the PostgreSQL pools of this process may open (postgres.js max; PGlite is not counted)",
  registers: [metrics],
  collect() {
    this.set(poolTotals().max);
  },
});
new Gauge({
  name: "db_pool_connections_in_use",
  help: "PostgreSQL connections busy with a query or holding a transaction (estimated: in-flight work, at most max)",
  registers: [metrics],
  collect() {
    this.set([...pools].reduce((n, p) => n + Math.min(p.inFlight, p.max), 0));
  },
});
new Gauge({
  name: "db_pool_waiting",
  help: "Queries and transactions waiting for a PostgreSQL connection (in-flight work beyond max)",
  registers: [metrics],
  collect() {
    this.set([...pools].reduce((n, p) => n + Math.max(0, p.inFlight - p.max), 0));
  },
});
export const dbQueryDuration = new Histogram({
  name: "db_query_duration_seconds",
  help: "PostgreSQL statements and transactions outside a transaction, by kind (query, transaction), waiting for a connection included",
  labelNames: ["kind"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metrics],
});

/**
 * Gives each request an id (the caller's `x-request-id`, or a new one), echoes it on the response,
 * marks the answer `Cache-Control: no-store` unless its route set a policy, logs one JSON line per
 * request and records metrics. Applied by the bridge, the gateway and each
 * subgraph, so one id follows a request bridge → gateway → subgraph. With tracing on, the request is a
 * server span continuing the caller's `traceparent`, and the log line carries its `traceId`.
 * Each key appears once per line: `role` comes from the logger when it already binds one.
 */
export function useRequestContext(role: string, logger: Logger): MiddlewareHandler<{ Variables: { requestId: string } }> {
  const record = createRequestRecorder(role, logger);
  return async function requestContext(c, next) {
    const requestId = c.req.header(REQUEST_ID_HEADER) || randomUUID();
    c.set("requestId", requestId);
    // Answers carry patient data: no browser or proxy keeps them. Set on Node's response before the
    // handler, so a route's own Cache-Control (static assets) wins, and the answer is not touched after
    // it (reading a finished answer's headers here cost the REST bridge a fifth of its throughput).
    const outgoing = (c.env as Partial<NodeBindings> | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) outgoing.setHeader("cache-control", "no-store");
    const started = performance.now();
    let traceId: string | undefined;
    if (tracingEnabled()) {
      await inServerSpan(
        c.req.raw.headers,
        () => `${role} ${c.req.method} ${c.req.routePath}`,
        // The route template names the span; the path itself is not recorded (it can hold a patient's uhid).
        { "service.role": role, "http.request.method": c.req.method, "request.id": requestId },
        async (span) => {
          traceId = span.spanContext().traceId;
          await next();
        },
        () => c.res.status,
      );
    } else {
      await next();
    }
    setResponseHeader(c, REQUEST_ID_HEADER, requestId);
    record({ requestId, traceId, method: c.req.method, route: c.req.routePath, path: c.req.path, status: c.res.status, started });
  };
}

/** One answered request, as useRequestContext records it. */
export interface AnsweredRequest {
  requestId: string;
  traceId?: string;
  method: string;
  /** The route template (a metric label). */
  route: string;
  /** The path as asked (log line only). */
  path: string;
  status: number;
  /** `performance.now()` when it arrived. */
  started: number;
}

/**
 * Records answered requests of one role: `http_requests_total`, `http_request_duration_seconds` and one
 * log line. Used by useRequestContext and by work a tier serves in process without an HTTP request
 * (the gateway running the bridge's operations), so both count and log alike.
 */
export function createRequestRecorder(role: string, logger: Logger): (r: AnsweredRequest) => void {
  const log = "role" in logger.bindings() ? logger : logger.child({ role });
  return (r) => {
    const seconds = (performance.now() - r.started) / 1000;
    requests.inc({ role, method: r.method, route: r.route, status: String(r.status) });
    latency.observe({ role, method: r.method, route: r.route }, seconds);
    if (log.isLevelEnabled("info")) log.info({ requestId: r.requestId, traceId: r.traceId, method: r.method, path: r.path, status: r.status, ms: Math.round(seconds * 1000) }, "request");
  };
}
