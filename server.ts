import "reflect-metadata";
import { getRequestListener } from "@hono/node-server";
import type { Fetcher } from "@apollo/utils.fetcher";
import { buildSchema, type GraphQLSchema } from "graphql";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway } from "./gateway/index.js";
import type { Config, Role } from "./lib/config.js";
import { openDatabase, type Database } from "./lib/db.js";
import type { Logger } from "./lib/logger.js";
import { metrics } from "./lib/observability.js";
import { ErrorCode } from "./lib/errors.js";
import { createSubgraphApp, SUBGRAPH_NAMES, type SubgraphName } from "./lib/subgraph.js";
import { closeRateLimits } from "./lib/rate-limit.js";
import { createBridge, type GatewayExecutor } from "./rest-bridge/app.js";
import { createDocsApp } from "./rest-bridge/docs.js";
import { answerClientError, errorBody, requestErrorResponse, useEdgeGuards } from "./rest-bridge/edge.js";
import { ROUTES } from "./rest-bridge/routes/index.js";
import { SUBGRAPHS } from "./subgraphs/index.js";

export interface StartOptions {
  config: Config;
  logger: Logger;
  /** Roles this process takes; all of them by default (one process serves everything). */
  roles?: Role[];
  /** Use this database instead of opening one from config (tests share a prepared one). */
  database?: Database;
}

export interface RunningServer {
  url: string;
  port: number;
  roles: Role[];
  database?: Database;
  stop(): Promise<void>;
}

const URL_ENV: Record<SubgraphName, keyof Config> = {
  clinical: "CLINICAL_SUBGRAPH_URL",
  pharmacy: "PHARMACY_SUBGRAPH_URL",
  notifications: "NOTIFICATIONS_SUBGRAPH_URL",
  billing: "BILLING_SUBGRAPH_URL",
};

/** In-process fetch to a Hono app: the same HTTP semantics without a socket. */
function appFetcher(app: { fetch(req: Request): Response | Promise<Response> }): Fetcher {
  return (async (url: string, init?: RequestInit) => app.fetch(new Request(url, init))) as unknown as Fetcher;
}

/**
 * Starts the roles of this process on one port. With every role (the default) it serves the whole
 * API: /graphql, /api/v1/..., /openapi.json, /schema.graphql, /healthz, /readyz, /metrics.
 */
export async function startServer(o: StartOptions): Promise<RunningServer> {
  const { config, logger } = o;
  const roles = o.roles ?? (["gateway", ...SUBGRAPH_NAMES, "bridge", "worker"] as Role[]);
  const localSubgraphs = SUBGRAPH_NAMES.filter((n) => roles.includes(n));
  const split = roles.length === 1;
  const cleanups: (() => Promise<void>)[] = [];
  let selfUrl = "";

  let database = o.database;
  if (!database && (localSubgraphs.length || roles.includes("worker"))) {
    const dataDir = config.DATA_DIR.startsWith("memory://") || !split ? config.DATA_DIR : `${config.DATA_DIR}/${roles[0]}`;
    database = await openDatabase({ url: config.DATABASE_URL, dataDir, logger });
    cleanups.push(() => database!.close());
  }

  const root = new Hono<{ Bindings: { incoming?: IncomingMessage } }>();
  root.use("*", useEdgeGuards());
  root.notFound((c) => c.json(errorBody(ErrorCode.NOT_FOUND, `No such path: ${c.req.method} ${new URL(c.req.url).pathname}`), 404));
  root.onError((err, c) => {
    logger.error({ err }, "unhandled error at the edge");
    return c.json(errorBody(ErrorCode.INTERNAL, "Internal error"), 500);
  });
  const origins = config.CORS_ORIGINS.split(",").map((o) => o.trim());
  root.use(
    "*",
    cors({
      origin: origins.includes("*") ? "*" : origins,
      allowHeaders: ["authorization", "content-type", "idempotency-key", "x-request-id", "apollo-require-preflight"],
      exposeHeaders: ["x-request-id", "retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"],
      maxAge: 600,
    }),
  );
  root.get("/healthz", (c) => c.json({ status: "ok" }));
  root.get("/readyz", async (c) => {
    try {
      await database?.ping();
      return c.json({ status: "ready", roles, database: database?.kind ?? "none" });
    } catch (err) {
      logger.warn({ err }, "readiness check failed");
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503);
    }
  });
  root.get("/metrics", async (c) => c.text(await metrics.metrics(), 200, { "content-type": metrics.contentType }));

  const subgraphApps = new Map<SubgraphName, Hono<{ Variables: { requestId: string } }>>();
  for (const name of localSubgraphs) {
    const mod = SUBGRAPHS[name];
    await database!.migrate(name, mod.migrationsFolder);
    if (config.SEED_DEMO && mod.seedDemo) await mod.seedDemo(database!.db, logger);
    const runtime = { db: database!.db, config, logger, selfUrl: () => selfUrl };
    const { app, stop } = await createSubgraphApp(mod, runtime);
    subgraphApps.set(name, app);
    cleanups.push(stop);
    if (mod.routes) root.route("/", mod.routes(runtime));
    if (split) root.all("/graphql", (c) => app.fetch(c.req.raw));
  }
  if (localSubgraphs.length) cleanups.push(() => closeRateLimits(config));
  if (roles.includes("worker")) {
    for (const mod of Object.values(SUBGRAPHS)) {
      if (mod.startBackground) cleanups.push(await mod.startBackground({ db: database!.db, config, logger, selfUrl: () => selfUrl }));
    }
  }

  let gatewayFetch: ((req: Request) => Response | Promise<Response>) | undefined;
  let apiSchema: GraphQLSchema | undefined;
  if (roles.includes("gateway")) {
    const gateway = await createGateway({
      config,
      logger,
      subgraphUrl: (name) => (config[URL_ENV[name]] as string | undefined) ?? `http://${name}.in-process/graphql`,
      subgraphFetch: (name) => {
        const app = subgraphApps.get(name);
        return app ? appFetcher(app) : undefined;
      },
    });
    for (const name of SUBGRAPH_NAMES) {
      if (!subgraphApps.has(name) && !config[URL_ENV[name]]) throw new Error(`${URL_ENV[name]} is required when the ${name} subgraph runs elsewhere`);
    }
    cleanups.push(gateway.stop);
    gatewayFetch = (req) => gateway.app.fetch(req);
    apiSchema = buildSchema(gateway.apiSchemaSdl);
    root.all("/graphql", (c) => gateway.app.fetch(c.req.raw));
    root.get("/schema.graphql", (c) => gateway.app.fetch(c.req.raw));
  }

  if (roles.includes("bridge")) {
    let execute: GatewayExecutor;
    if (gatewayFetch) {
      const local = gatewayFetch;
      execute = async (body, headers) =>
        local(new Request("http://gateway.in-process/graphql", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) }));
    } else {
      if (!config.GATEWAY_URL) throw new Error("GATEWAY_URL is required when the bridge runs without the gateway");
      const gatewayUrl = config.GATEWAY_URL.replace(/\/$/, "");
      apiSchema = await fetchApiSchema(gatewayUrl, logger);
      execute = (body, headers) =>
        fetch(`${gatewayUrl}/graphql`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
    }
    const bridge = createBridge({ routes: ROUTES, schema: apiSchema!, execute, logger, bodyLimitBytes: config.BODY_LIMIT_BYTES });
    root.all("/api/*", (c) => bridge.fetch(c.req.raw));
    root.get("/openapi.json", (c) => bridge.fetch(c.req.raw));
    root.route("/", createDocsApp());
  }

  const server: Server = await new Promise((resolve, reject) => {
    const listener = getRequestListener(root.fetch, { errorHandler: requestErrorResponse });
    // Node's default header limit (16 KiB) stays; what changes is that going over it, or sending
    // anything Node cannot parse, is answered with the JSON error body instead of a bare status.
    const s = createServer(listener);
    s.on("clientError", answerClientError);
    s.listen(config.PORT, config.HOST, () => resolve(s));
    s.once("error", (err) => {
      void Promise.all(cleanups.map((c) => c().catch(() => {})));
      reject(err);
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  selfUrl = `http://${config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST}:${port}`;
  return {
    url: `http://${host}:${port}`,
    port,
    roles,
    database,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => logger.warn({ err }, "cleanup failed"));
    },
  };
}

/** Split mode: the bridge learns the API schema from the gateway, waiting for it to come up. */
async function fetchApiSchema(gatewayUrl: string, logger: Logger): Promise<GraphQLSchema> {
  const deadline = Date.now() + 60_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${gatewayUrl}/schema.graphql`);
      if (res.ok) return buildSchema(await res.text());
      throw new Error(`status ${res.status}`);
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`Gateway schema unavailable at ${gatewayUrl}: ${(err as Error).message}`);
      logger.info({ attempt, gatewayUrl }, "waiting for the gateway");
      await new Promise((r) => setTimeout(r, Math.min(2000, 200 * attempt)));
    }
  }
}
