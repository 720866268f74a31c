/**
 * One process of `npm run bench -- --compare` (bench/compare/run.ts forks it with `--import tsx`), so
 * each side's CPU is its own process's `process.cpuUsage()`:
 *
 *   subgraphs  the four subgraphs, each its own server on loopback, one shared database
 *   front      our gateway role and Hive Gateway (committed supergraph), both in front of those subgraphs, and a
 *              plain proxy to the clinical subgraph (the extra hop alone: no GraphQL work at all)
 *   monolith   the whole service in one process twice: on PostgreSQL (DATABASE_URL) and on PGlite
 *
 * It answers `{ cpu: true }` with its CPU time so far and `{ stop: true }` by stopping and exiting.
 */
import "reflect-metadata";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createGatewayRuntime } from "@graphql-hive/gateway";
import { Pool } from "undici";
import { loadConfig } from "../../lib/config.js";
import { openDatabase } from "../../lib/db.js";
import { createLogger } from "../../lib/logger.js";
import { SUBGRAPH_NAMES, type SubgraphName } from "../../lib/subgraph.js";
import { startServer } from "../../server.js";
import { createTestDatabase, TEST_SECRET } from "../../test/support/stack.js";

export type CompareRole = "subgraphs" | "front" | "monolith";
export type RoleMessage = { ready: Record<string, string> } | { cpu: NodeJS.CpuUsage };

const role = process.argv[2] as CompareRole;
const logger = createLogger("silent");
const baseEnv = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  PORT: "0",
  DATA_DIR: "memory://",
  LOG_LEVEL: "silent",
  JWT_SECRET: TEST_SECRET,
  RATE_LIMIT_DEFAULT_PER_MIN: "1000000",
};
const stops: (() => Promise<unknown> | unknown)[] = [];
const send = (m: RoleMessage) => process.send!(m);

async function startSubgraphs(): Promise<Record<string, string>> {
  const testDb = await createTestDatabase();
  stops.push(() => testDb.drop());
  const database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
  stops.push(() => database.close());
  const urls: Record<string, string> = {};
  for (const name of SUBGRAPH_NAMES) {
    // Our gateway seals principals with the shared secret; Hive Gateway and direct calls send the caller's JWT.
    const server = await startServer({ config: loadConfig({ ...baseEnv, SUBGRAPH_AUTH: "secret,bearer" }), logger, roles: [name], database });
    stops.unshift(() => server.stop());
    urls[name] = `http://127.0.0.1:${server.port}/graphql`;
  }
  return urls;
}

async function startFront(subgraphs: Record<SubgraphName, string>): Promise<Record<string, string>> {
  const gateway = await startServer({
    config: loadConfig({
      ...baseEnv,
      CLINICAL_SUBGRAPH_URL: subgraphs.clinical,
      PHARMACY_SUBGRAPH_URL: subgraphs.pharmacy,
      NOTIFICATIONS_SUBGRAPH_URL: subgraphs.notifications,
      BILLING_SUBGRAPH_URL: subgraphs.billing,
    }),
    logger,
    roles: ["gateway"],
  });
  stops.push(() => gateway.stop());
  // Hive Gateway exactly as test/e2e/router-hive-gateway.test.ts runs it.
  const runtime = createGatewayRuntime({
    supergraph: readFileSync(new URL("../../schema/supergraph.graphql", import.meta.url), "utf8"),
    transportEntries: Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, { location: subgraphs[name] }])),
    propagateHeaders: { fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get("authorization") }) },
    logging: false,
  });
  const hive = createServer(runtime);
  await new Promise<void>((resolve) => hive.listen(0, "127.0.0.1", resolve));
  stops.push(async () => {
    await new Promise((resolve) => hive.close(resolve));
    await runtime.dispose();
  });
  const proxy = await startPlainProxy(subgraphs.clinical);
  stops.push(proxy.stop);
  return {
    gateway: `http://127.0.0.1:${gateway.port}`,
    hive: `http://127.0.0.1:${(hive.address() as { port: number }).port}`,
    proxy: proxy.origin,
  };
}

/**
 * The floor under any gateway: a proxy that forwards the request body and the bearer to the clinical
 * subgraph on a keep-alive pool and copies its answer back, without reading either. What a gateway
 * adds beyond this proxy is its own work; what this proxy adds to the direct call is the hop.
 */
async function startPlainProxy(target: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const url = new URL(target);
  const pool = new Pool(url.origin, { connections: 16 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = { "content-type": req.headers["content-type"] ?? "application/json" };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      pool
        .request({ method: "POST", path: url.pathname, headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          res.writeHead(answer.statusCode, { "content-type": String(answer.headers["content-type"] ?? "application/json"), "content-length": body.length });
          res.end(body);
        })
        .catch(() => {
          res.writeHead(502).end();
        });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.close();
    },
  };
}

async function startMonolith(): Promise<Record<string, string>> {
  const urls: Record<string, string> = {};
  const testDb = await createTestDatabase();
  stops.push(() => testDb.drop());
  if (testDb.url) {
    const postgres = await startServer({ config: loadConfig({ ...baseEnv, DATABASE_URL: testDb.url }), logger });
    stops.unshift(() => postgres.stop());
    urls.postgres = `http://127.0.0.1:${postgres.port}`;
  }
  const pglite = await startServer({ config: loadConfig(baseEnv), logger });
  stops.unshift(() => pglite.stop());
  urls.pglite = `http://127.0.0.1:${pglite.port}`;
  return urls;
}

process.on("message", async (m: { cpu?: true; stop?: true }) => {
  if (m.cpu) send({ cpu: process.cpuUsage() });
  if (m.stop) {
    for (const stop of stops) await Promise.resolve(stop()).catch(() => {});
    process.exit(0);
  }
});

const ready =
  role === "subgraphs" ? await startSubgraphs() : role === "front" ? await startFront(JSON.parse(process.argv[3])) : await startMonolith();
send({ ready });
