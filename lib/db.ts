import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Logger } from "./logger.js";

/** The one database type above the driver: PGlite and postgres.js look the same from here. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Readiness probe: one round trip. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Applies one subgraph's drizzle-kit migrations; each subgraph keeps its own journal. */
  migrate(subgraph: string, migrationsFolder: string): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… → PostgreSQL via postgres.js; unset → PGlite. */
  url?: string;
  /** PGlite data directory, or "memory://" for an in-memory database. */
  dataDir: string;
  logger?: Logger;
  /** postgres.js pool size. */
  maxConnections?: number;
}

/** Opens PostgreSQL (postgres.js) when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(o: DatabaseOptions): Promise<Database> {
  return o.url ? openPostgres(o.url, o.maxConnections ?? 10) : openPglite(o.dataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.end({ timeout: 5 }),
    migrate: (subgraph, migrationsFolder) =>
      migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle", migrationsTable: `migrations_${subgraph}` }),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    migrate: (subgraph, migrationsFolder) =>
      migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle", migrationsTable: `migrations_${subgraph}` }),
  };
}

/** Rows of a raw `db.execute` on either driver (PGlite returns `{rows}`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
