/**
 * Entry point: `npm start` runs every role in one process; `npm start -- --only=<role>` runs one
 * (gateway, clinical, pharmacy, notifications, billing, bridge, worker) with URLs from the environment.
 */
import { parseArgs } from "node:util";
import { loadConfig, ROLES, type Role } from "./lib/config.js";
import { createLogger } from "./lib/logger.js";
import { startServer } from "./server.js";

const { values } = parseArgs({ options: { only: { type: "string" } }, allowPositionals: false });
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

let roles: Role[] | undefined;
if (values.only) {
  const requested = values.only.split(",") as Role[];
  const unknown = requested.filter((r) => !ROLES.includes(r));
  if (unknown.length) {
    console.error(`Unknown role(s): ${unknown.join(", ")}. Roles: ${ROLES.join(", ")}`);
    process.exit(2);
  }
  roles = requested;
}

try {
  const server = await startServer({ config, logger, roles });
  if (config.usingDevSecret) {
    logger.warn("JWT_SECRET is not set: using the development secret (never do this in production)");
  }
  const lines = [
    `Healthcare API ready (${server.roles.join(", ")}) on ${server.url}`,
    `  GraphQL:   ${server.url}/graphql        REST: ${server.url}/api/v1/...   OpenAPI: ${server.url}/openapi.json`,
    `  Explore:   ${server.url}/docs (REST)     ${server.url}/schema.graphql (GraphQL)   Health: ${server.url}/readyz`,
    `  Get a token:  npm run token -- --role pharmacist --pharmacy 6a0c1d1e-0000-4000-8000-000000000001`,
    `  Then:         curl -H "Authorization: Bearer $TOKEN" ${server.url}/api/v1/pharmacy/sales/products/`,
  ];
  console.log(lines.join("\n"));
  const shutdown = async (signal: string) => {
    logger.info({ signal }, "shutting down");
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (err) {
  logger.fatal({ err }, "failed to start");
  process.exit(1);
}
