import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { mintToken, type UserRole } from "../../lib/auth.js";
import { loadConfig, type Config, type Role } from "../../lib/config.js";
import { openDatabase, type Database } from "../../lib/db.js";
import { createLogger, type Logger } from "../../lib/logger.js";
import { startServer, type RunningServer } from "../../server.js";

export const TEST_SECRET = "test-secret-0123456789abcdef0123456789abcdef";
/** Demo pharmacies (seed/demo/pharmacy.json). */
export const KAMPALA = "6a0c1d1e-0000-4000-8000-000000000001";
export const GULU = "6a0c1d1e-0000-4000-8000-000000000002";

export interface TestDatabase {
  url?: string;
  /** PGlite started from the seeded template (PostgreSQL copies are reached through `url`). */
  pglite?: Database;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database on the
 * server named by TEST_DATABASE_URL, dropped afterwards. Empty, or with `seeded` a copy of the run's
 * migrated, demo-seeded template (test/support/global-setup.ts).
 */
export async function createTestDatabase(o: { seeded?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DB !== "postgres") {
    if (!o.seeded) return { drop: async () => {} };
    const pglite = await openDatabase({ dataDir: "memory://", loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    return { pglite, drop: () => pglite.close() };
  }
  const { default: postgres } = await import("postgres");
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `hc_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(o.seeded ? `create database ${name} template ${inject("postgresTemplate")}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface RestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Stack {
  url: string;
  config: Config;
  server: RunningServer;
  token(role: UserRole | UserRole[], o?: { pharmacy?: string; sub?: string; expiresIn?: string }): Promise<string>;
  rest<T = any>(method: string, path: string, o?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<RestResponse<T>>;
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<RestResponse<any>>;
  stop(): Promise<void>;
}

/** Starts the whole service (every role, one process) on a loopback port against a fresh database. */
export async function startStack(o: { env?: Record<string, string>; roles?: Role[]; logger?: Logger } = {}): Promise<Stack> {
  const env = {
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    JWT_SECRET: TEST_SECRET,
    ...o.env,
  };
  // A whole, demo-seeded stack on its own database starts from a copy of the run's seeded template;
  // one with some roles only (a worker waiting for migrations, say) starts from an empty database.
  const seeded = !!process.env.VITEST && !o.roles && loadConfig(env).SEED_DEMO && !o.env?.DATABASE_URL && env.DATA_DIR === "memory://";
  const database = await createTestDatabase({ seeded });
  const config = loadConfig({ ...env, ...(database.url ? { DATABASE_URL: database.url } : {}) });
  const server = await startServer({ config, logger: o.logger ?? createLogger(config.LOG_LEVEL), roles: o.roles, database: database.pglite });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    config,
    server,
    token: (role, t = {}) =>
      mintToken(TEST_SECRET, {
        sub: t.sub ?? `test-${Array.isArray(role) ? role[0] : role}`,
        roles: Array.isArray(role) ? role : [role],
        pharmacyId: t.pharmacy,
        expiresIn: t.expiresIn,
      }),
    rest: (method, path, r = {}) => request(url, method, path, r),
    gql: (query, variables, token) =>
      request(url, "POST", "/graphql", { token, body: { query, variables } }),
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}

async function request(base: string, method: string, path: string, r: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<RestResponse> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  let body: string | undefined = r.raw;
  if (r.body !== undefined) {
    body = JSON.stringify(r.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
