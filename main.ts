/**
 * Entry point: `npm start` runs every role in one process; `npm start -- --only=<role>` runs one
 * (gateway, clinical, pharmacy, notifications, billing, bridge, worker) with URLs from the environment.
 * `--migrate-only` applies every subgraph's migrations and exits (the deployment's migrate job).
 *
 * Configuration problems are printed one line each on stderr (exit 2, no stack trace); SIGTERM and
 * SIGINT drain in-flight work and exit 0.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, productionProblems, ROLES, type Role } from "./lib/config.js";
import { PortInUseError } from "./lib/http-lifecycle.js";
import { createLogger } from "./lib/logger.js";
import type { RunningServer } from "./server.js";

/** Prints each configuration problem on its own line and exits 2. */
function refuse(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`Configuration error: ${problem}\n`);
  process.exit(2);
}

function readArguments() {
  try {
    return parseArgs({ options: { only: { type: "string" }, "migrate-only": { type: "boolean" } }, allowPositionals: false }).values;
  } catch (err) {
    return refuse([(err as Error).message]);
  }
}

function readConfig() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) refuse(err.problems);
    throw err;
  }
}

const args = readArguments();
const config = readConfig();
const logger = createLogger(config.LOG_LEVEL);

let roles: Role[] | undefined;
if (args.only) {
  const requested = args.only.split(",") as Role[];
  const unknown = requested.filter((r) => !ROLES.includes(r));
  if (unknown.length) refuse([`--only: unknown role(s) ${unknown.join(", ")}; roles are ${ROLES.join(", ")}`]);
  roles = requested;
}
const DATA_ROLES: Role[] = ["clinical", "pharmacy", "notifications", "billing"];
const unsafe = productionProblems(config, args["migrate-only"] ? DATA_ROLES : (roles ?? [...ROLES]));
if (unsafe.length) refuse(unsafe);

let server: RunningServer | undefined;
let stopTracing: () => Promise<void> = async () => {};
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    logger.warn({ signal }, "second signal while draining: exiting now");
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, "shutting down: draining in-flight work");
  try {
    await server?.stop();
    await stopTracing();
    logger.info("stopped");
    process.exit(0);
  } catch (err) {
    logger.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

if (args["migrate-only"]) {
  const { openDatabase } = await import("./lib/db.js");
  const { migrateAll } = await import("./migrate.js");
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
  try {
    await migrateAll(database, config, logger);
  } finally {
    await database.close();
  }
  console.log("migrations applied");
  process.exit(0);
}

try {
  // Loaded after the configuration is known good: a bad setting is reported before any slow import.
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT) are registered before the server exists, so every span has a provider.
  const { startTracing } = await import("./lib/tracing.js");
  stopTracing = await startTracing(config, logger);
  const { startServer } = await import("./server.js");
  server = await startServer({ config, logger, roles });
  if (config.usingDevSecret) {
    logger.warn("JWT_SECRET is not set: using the development secret (never do this in production)");
  }
  const lines = [
    `Healthcare API ready (${server.roles.join(", ")}) on ${server.url}`,
    `  GraphQL:   ${server.url}/graphql        REST: ${server.url}/api/v1/...   OpenAPI: ${server.url}/openapi.json`,
    `  Explore:   ${server.url}/docs (REST)     ${server.url}/graphql in a browser (GraphQL)   Health: ${server.url}/readyz`,
    `  Get a token:  npm run token -- --role pharmacist --pharmacy 6a0c1d1e-0000-4000-8000-000000000001`,
    `  Then:         curl -H "Authorization: Bearer $TOKEN" ${server.url}/api/v1/pharmacy/sales/products/`,
  ];
  console.log(lines.join("\n"));
} catch (err) {
  if (err instanceof PortInUseError) refuse([err.message]);
  if (err instanceof ConfigError) refuse(err.problems);
  logger.fatal({ err }, "failed to start");
  process.exit(1);
}
