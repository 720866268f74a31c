import "reflect-metadata";
import { buildSchema, type GraphQLSchema } from "graphql";
import { Hono } from "hono";
import { createExplorerApp } from "./gateway/explorer.js";
import { randomUUID } from "node:crypto";
import { createGateway, type Gateway } from "./gateway/index.js";
import { bearerFrom, createBearerVerifier, REQUEST_ID_HEADER } from "./lib/auth.js";
import { registerLocalGateway } from "./lib/gateway-client.js";
import { ConfigError, type Config, type Role } from "./lib/config.js";
import { openDatabase, type Database } from "./lib/db.js";
import { useCors } from "./lib/cors.js";
import { closeGracefully, listen, type NodeBindings } from "./lib/http-lifecycle.js";
import type { Logger } from "./lib/logger.js";
import { metrics } from "./lib/observability.js";
import { ErrorCode } from "./lib/errors.js";
import { OPERATOR_PATHS, requireOperatorToken } from "./lib/operator-auth.js";
import { checkReadiness, httpUp, jwksReachable, NotReady, redisPing, type ReadinessCheck } from "./lib/readiness.js";
import { waitForMigrations } from "./migrate.js";
import { createSubgraphApp, SUBGRAPH_NAMES, type SubgraphName } from "./lib/subgraph.js";
import { setDefaultPhoneRegion } from "./lib/phone.js";
import { createPrincipalSigner, GATEWAY_JWKS_PATH, type PrincipalSigner } from "./lib/principal-keys.js";
import { createSubgraphAuthenticator, type SubgraphAuthenticator } from "./lib/subgraph-auth.js";
import { closeRateLimits } from "./lib/rate-limit.js";
import { injectTraceContext, tracingEnabled } from "./lib/tracing.js";
import { isQueryDocument, upstreamFetch } from "./lib/upstream-http.js";
import { createBridge, replyFrom, type GatewayExecutor } from "./rest-bridge/app.js";
import { createDocsApp } from "./rest-bridge/docs.js";
import { gatewayRequestInit } from "./rest-bridge/multipart.js";
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
  /** Graceful stop: refuse new connections, answer in-flight requests (up to SHUTDOWN_DRAIN_MS), then stop the roles and close pools. */
  stop(): Promise<void>;
}

/** While the roles start, the port is already bound: /healthz answers, everything else is 503. */
const starting = new Hono();
starting.get("/healthz", (c) => c.json({ status: "ok" }));
starting.get("/readyz", (c) => c.json({ status: "starting" }, 503));
starting.all("*", (c) => c.json({ error: { code: "UPSTREAM_UNAVAILABLE", message: "The service is starting" } }, 503, { "retry-after": "1" }));

const URL_ENV: Record<SubgraphName, keyof Config> = {
  clinical: "CLINICAL_SUBGRAPH_URL",
  pharmacy: "PHARMACY_SUBGRAPH_URL",
  notifications: "NOTIFICATIONS_SUBGRAPH_URL",
  billing: "BILLING_SUBGRAPH_URL",
};

/**
 * Starts the roles of this process on one port. With every role (the default) it serves the whole
 * API: /graphql, /api/v1/..., /openapi.json, /schema.graphql, /healthz, /readyz, /metrics.
 */
export async function startServer(o: StartOptions): Promise<RunningServer> {
  const { config, logger } = o;
  const roles = o.roles ?? (["gateway", ...SUBGRAPH_NAMES, "bridge", "worker"] as Role[]);
  const state: ProcessState = { cleanups: [], readiness: [], database: o.database, draining: false, selfUrl: "" };

  // Listen first: a port in use fails at once, and probes get answers while the roles start.
  let serving: (req: Request, env: NodeBindings) => Response | Promise<Response> = (req) => starting.fetch(req);
  const listener = await listen(config, (req, env) => serving(req, env), { errorHandler: requestErrorResponse, onClientError: answerClientError });
  const port = listener.port;
  state.selfUrl = `http://${config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST}:${port}`;
  try {
    const root = await assembleRoles(o, roles, state);
    serving = (req, env) => root.fetch(req, env);
  } catch (err) {
    await closeGracefully(listener, 0, logger);
    for (const cleanup of state.cleanups.reverse()) await cleanup().catch(() => {});
    throw err;
  }
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  return {
    url: `http://${host}:${port}`,
    port,
    roles,
    database: state.database,
    async stop() {
      state.draining = true;
      listener.markDraining();
      await closeGracefully(listener, config.SHUTDOWN_DRAIN_MS, logger);
      for (const cleanup of state.cleanups.reverse()) await cleanup().catch((err) => logger.warn({ err }, "cleanup failed"));
    },
  };
}

/** What the process keeps while its roles start and run: stop hooks, readiness checks, its database. */
interface ProcessState {
  cleanups: (() => Promise<void>)[];
  readiness: ReadinessCheck[];
  database?: Database;
  draining: boolean;
  /** This process's own base URL (the port is bound before the roles start). */
  selfUrl: string;
}

/** Builds the roles of this process into one app (the routes served once it is ready). */
async function assembleRoles(o: StartOptions, roles: Role[], state: ProcessState): Promise<Hono<{ Bindings: Partial<NodeBindings> }>> {
  const { config, logger } = o;
  // Phone numbers typed without a country code (lib/phone.ts), for code without a request context.
  setDefaultPhoneRegion(config.DEFAULT_PHONE_REGION);
  const localSubgraphs = SUBGRAPH_NAMES.filter((n) => roles.includes(n));
  const split = roles.length === 1;
  const { cleanups, readiness } = state;
  const selfUrl = state.selfUrl;
  let database = state.database;
  if (!database && (localSubgraphs.length || roles.includes("worker"))) {
    const dataDir = config.DATA_DIR.startsWith("memory://") || !split ? config.DATA_DIR : `${config.DATA_DIR}/${roles[0]}`;
    database = await openDatabase({ url: config.DATABASE_URL, dataDir, logger, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
    cleanups.push(() => database!.close());
    state.database = database;
  }
  if (database) readiness.push({ name: "database", check: () => database!.ping() });
  if (config.REDIS_URL) readiness.push(redisPing(config.REDIS_URL));

  const root = new Hono<{ Bindings: Partial<NodeBindings> }>();
  root.use("*", useEdgeGuards());
  root.notFound((c) => c.json(errorBody(ErrorCode.NOT_FOUND, `No such path: ${c.req.method} ${new URL(c.req.url).pathname}`), 404));
  root.onError((err, c) => {
    logger.error({ err }, "unhandled error at the edge");
    return c.json(errorBody(ErrorCode.INTERNAL, "Internal error"), 500);
  });
  const origins = config.CORS_ORIGINS.split(",").map((o) => o.trim());
  root.use(
    "*",
    useCors({
      origins,
      allowHeaders: ["authorization", "content-type", "idempotency-key", "x-request-id", "apollo-require-preflight"],
      exposeHeaders: ["x-request-id", "retry-after", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"],
      maxAge: 600,
    }),
  );
  for (const path of OPERATOR_PATHS) root.use(path, requireOperatorToken(config));
  root.get("/healthz", (c) => c.json({ status: "ok" }));
  root.get("/readyz", async (c) => {
    if (state.draining) return c.json({ status: "draining" }, 503);
    const report = await checkReadiness(readiness, 2_000);
    if (report.ready) return c.json({ status: "ready", roles, database: database?.kind ?? "none", checks: report.checks });
    const failed = Object.keys(report.checks).filter((name) => report.checks[name] !== "ok");
    logger.warn({ failed, checks: report.checks }, "not ready");
    return c.json({ status: "unavailable", failed, checks: report.checks }, 503);
  });
  root.get("/metrics", async (c) => c.text(await metrics.metrics(), 200, { "content-type": metrics.contentType }));

  // The gateway's principal signer first: subgraphs in this process verify with its key, without a fetch.
  const principalSigner: PrincipalSigner | undefined = roles.includes("gateway") ? await createPrincipalSigner(config, logger) : undefined;
  let authenticate: SubgraphAuthenticator | undefined;
  if (localSubgraphs.length) {
    if (principalSigner && !config.subgraphAuth.includes(principalSigner.mode)) {
      throw new ConfigError([`SUBGRAPH_AUTH: does not accept the principals this process's gateway signs (PRINCIPAL_SIGNING=${principalSigner.mode})`]);
    }
    authenticate = createSubgraphAuthenticator(config, { localGatewayKeys: principalSigner?.jwks });
  }

  const subgraphApps = new Map<SubgraphName, Hono<{ Variables: { requestId: string } }>>();
  for (const name of localSubgraphs) {
    const mod = SUBGRAPHS[name];
    await database!.migrate(name, mod.migrationsFolder);
    if (config.SEED_DEMO && mod.seedDemo) await mod.seedDemo(database!.db, logger);
    const runtime = { db: database!.db, config, logger, selfUrl: () => selfUrl };
    const { app, stop } = await createSubgraphApp(mod, runtime, authenticate);
    subgraphApps.set(name, app);
    cleanups.push(stop);
    if (mod.routes) root.route("/", mod.routes(runtime));
    if (split) root.all("/graphql", (c) => app.fetch(c.req.raw, c.env));
  }
  if (localSubgraphs.length) cleanups.push(() => closeRateLimits(config));
  if (roles.includes("worker")) {
    for (const mod of Object.values(SUBGRAPHS)) {
      if (!mod.startBackground) continue;
      const runtime = { db: database!.db, config, logger, selfUrl: () => selfUrl };
      if (localSubgraphs.includes(mod.name)) {
        cleanups.push(await mod.startBackground(runtime));
        continue;
      }
      // A worker-only process waits for the subgraph's migrations (not ready meanwhile), then starts.
      const waiting = new AbortController();
      let migrated = false;
      let stopBackground: (() => Promise<void>) | undefined;
      readiness.push({ name: `${mod.name}-migrations`, check: async () => { if (!migrated) throw new NotReady("not applied yet"); } });
      const started = waitForMigrations(database!, mod, logger, waiting.signal).then(async (ok) => {
        migrated = ok;
        if (ok) stopBackground = await mod.startBackground!(runtime);
      });
      cleanups.push(async () => {
        waiting.abort();
        await started.catch((err) => logger.error({ err }, "worker failed to start"));
        await stopBackground?.();
      });
    }
  }
  // Upstreams this process calls over HTTP in split mode (unset URLs mean this process itself).
  const upstreams = new Map<string, string>();
  if (roles.includes("gateway")) for (const name of SUBGRAPH_NAMES) if (!subgraphApps.has(name) && config[URL_ENV[name]]) upstreams.set(`${name}-subgraph`, config[URL_ENV[name]] as string);
  if (roles.includes("bridge") && !roles.includes("gateway") && config.GATEWAY_URL) upstreams.set("gateway", config.GATEWAY_URL);
  if (localSubgraphs.includes("pharmacy") && config.BILLING_URL) upstreams.set("billing", config.BILLING_URL);
  if ((localSubgraphs.includes("pharmacy") || localSubgraphs.includes("clinical")) && config.NOTIFICATIONS_URL) upstreams.set("notifications", config.NOTIFICATIONS_URL);
  for (const [name, url] of upstreams) readiness.push(httpUp(name, url));
  // Subgraphs that verify the gateway's principals by its published keys need those keys to serve anyone.
  if (localSubgraphs.length && !roles.includes("gateway") && config.subgraphAuth.includes("jwks") && config.GATEWAY_JWKS_URL) {
    readiness.push(jwksReachable("gateway-keys", config.GATEWAY_JWKS_URL));
  }

  let gatewayFetch: ((req: Request) => Response | Promise<Response>) | undefined;
  let localGateway: Pick<Gateway, "execute"> | undefined;
  let apiSchema: GraphQLSchema | undefined;
  if (roles.includes("gateway")) {
    const gateway = await createGateway({
      config,
      logger,
      subgraphUrl: (name) => (config[URL_ENV[name]] as string | undefined) ?? `http://${name}.in-process/graphql`,
      subgraphApp: (name) => subgraphApps.get(name),
      principalSigner,
    });
    for (const name of SUBGRAPH_NAMES) {
      if (!subgraphApps.has(name) && !config[URL_ENV[name]]) throw new ConfigError([`${URL_ENV[name]}: required when the ${name} subgraph runs in another process`]);
    }
    cleanups.push(gateway.stop);
    gatewayFetch = (req) => gateway.app.fetch(req);
    localGateway = gateway;
    // Subgraphs of this process asking the gateway (lib/gateway-client.ts) call it in process too.
    const unregister = registerLocalGateway(selfUrl, gateway.execute);
    cleanups.push(async () => unregister());
    apiSchema = buildSchema(gateway.apiSchemaSdl);
    // A browser's GET /graphql gets the explorer (GraphiQL from local packages); API requests go on to the gateway.
    root.route("/", createExplorerApp({ config, apiSchemaSdl: gateway.apiSchemaSdl }));
    root.all("/graphql", (c) => gateway.app.fetch(c.req.raw, c.env));
    root.get("/schema.graphql", (c) => gateway.app.fetch(c.req.raw, c.env));
    if (principalSigner?.jwks) root.get(GATEWAY_JWKS_PATH, (c) => gateway.app.fetch(c.req.raw, c.env));
  }

  if (roles.includes("bridge")) {
    let execute: GatewayExecutor;
    if (gatewayFetch && localGateway) {
      const local = gatewayFetch;
      const gateway = localGateway;
      // In one process the operation runs on the gateway's server directly (docs/decisions/security.md,
      // "Verified once"); a document upload still goes as a multipart request through the gateway's app.
      execute = async (body, headers, files) => {
        if (files?.length) return replyFrom(await local(new Request("http://gateway.in-process/graphql", gatewayRequestInit(body, tracedHeaders(headers), files))));
        return gateway.execute({
          ...body,
          bearer: bearerFrom(headers.authorization),
          requestId: headers[REQUEST_ID_HEADER] || randomUUID(),
          idempotencyKey: headers["idempotency-key"],
          traceHeaders: tracingEnabled() ? tracedHeaders({}) : undefined,
        });
      };
    } else {
      if (!config.GATEWAY_URL) throw new ConfigError(["GATEWAY_URL: required when the bridge runs without the gateway"]);
      const gatewayUrl = config.GATEWAY_URL.replace(/\/$/, "");
      apiSchema = await fetchApiSchema(gatewayUrl, logger, config.ADMIN_TOKEN);
      // A reset keep-alive connection: a REST read (a query) is sent once more, a write never (lib/upstream-http.ts).
      execute = async (body, headers, files) =>
        replyFrom(await upstreamFetch(`${gatewayUrl}/graphql`, gatewayRequestInit(body, tracedHeaders(headers), files), { idleMs: config.UPSTREAM_IDLE_TIMEOUT_MS, retryOnReset: !files?.length && isQueryDocument(body.query, body.operationName) }));
    }
    // The bridge verifies a token itself only on a request it would refuse with 400 (403 or 401 first); split mode has the same JWT settings.
    const bridge = createBridge({ routes: ROUTES, schema: apiSchema!, execute, logger, bodyLimitBytes: config.BODY_LIMIT_BYTES, uploadLimitBytes: config.DIGITIZATION_MAX_BYTES, verifyBearer: createBearerVerifier(config) });
    root.all("/api/*", (c) => bridge.fetch(c.req.raw, c.env));
    root.get("/openapi.json", (c) => bridge.fetch(c.req.raw, c.env));
    root.route("/", createDocsApp());
  }

  return root;
}

/** Headers of the bridge's call to the gateway: the caller's, and the trace context when tracing is on. */
function tracedHeaders(headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  injectTraceContext(out);
  return out;
}

/** Split mode: the bridge learns the API schema from the gateway, waiting for it to come up. */
async function fetchApiSchema(gatewayUrl: string, logger: Logger, adminToken?: string): Promise<GraphQLSchema> {
  const deadline = Date.now() + 60_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${gatewayUrl}/schema.graphql`, { headers: adminToken ? { authorization: `Bearer ${adminToken}` } : {} });
      if (res.ok) return buildSchema(await res.text());
      throw new Error(`status ${res.status}`);
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`Gateway schema unavailable at ${gatewayUrl}: ${(err as Error).message}`);
      logger.info({ attempt, gatewayUrl }, "waiting for the gateway");
      await new Promise((r) => setTimeout(r, Math.min(2000, 200 * attempt)));
    }
  }
}
