import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Logger } from "./logger.js";
import { dbQueryDuration, registerPool, type PoolUsage } from "./observability.js";

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
  /** PGlite only: the whole data directory as a tarball, to start other instances from. */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… → PostgreSQL via postgres.js; unset → PGlite. */
  url?: string;
  /** PGlite data directory, or "memory://" for an in-memory database. */
  dataDir: string;
  logger?: Logger;
  /** postgres.js pool size. */
  maxConnections?: number;
  /**
   * PostgreSQL: send statements as named (prepared) statements, parsed once per connection (default
   * true); false for a connection pooler that cannot keep them (PgBouncer before 1.21 in transaction
   * mode): every statement unnamed. DATABASE_PREPARED_STATEMENTS.
   */
  preparedStatements?: boolean;
  /** PGlite only: start from this dumped data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}

let opened = 0;

/** How many databases this process has opened (the test setup checks which files use one). */
export function databasesOpened(): number {
  return opened;
}

/** Opens PostgreSQL (postgres.js) when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(o: DatabaseOptions): Promise<Database> {
  opened++;
  return o.url ? openPostgres(o.url, o.maxConnections ?? 10, o.preparedStatements ?? true) : openPglite(o.dataDir, o.loadDataDir);
}

async function openPostgres(url: string, max: number, preparedStatements: boolean): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // prepare: false makes every statement unnamed, also those drizzle names (lib/prepared.ts).
  const client = postgres(url, { max, onnotice: () => {}, prepare: preparedStatements });
  beginOnReservedConnection(client as unknown as ReservingClient);
  if (preparedStatements) nameStatements(client);
  const usage: PoolUsage = { max, inFlight: 0 };
  const unregister = registerPool(usage);
  measurePool(client, usage);
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => {
      unregister();
      return client.end({ timeout: 5 });
    },
    migrate: (subgraph, migrationsFolder) =>
      migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle", migrationsTable: `migrations_${subgraph}` }),
  };
}

/** The part of a postgres.js pool `beginOnReservedConnection` uses. */
export interface ReservingClient {
  reserve(): Promise<ReservedClient>;
  begin(...args: unknown[]): PromiseLike<unknown>;
}
interface ReservedClient {
  unsafe(query: string, parameters?: unknown[], options?: { prepare?: boolean }): PromiseLike<unknown> & { execute?(): unknown };
  release(): void;
  savepoint?(...args: unknown[]): Promise<unknown>;
}

/**
 * postgres.js (3.4.9, the latest release) can send a transaction's BEGIN without reserving its
 * connection: `sql.begin` reserves it in a hook that runs only when the BEGIN's write met no
 * backpressure and did not fill the connection's pipeline (porsager/postgres#823, #1189; fixes
 * proposed in #1207 and #1218, not released). Under load the begin then fails `UNSAFE_TRANSACTION`
 * while PostgreSQL keeps the transaction open on a pooled connection, where other requests' statements
 * run inside it. Found as a rare 500 from concurrent risk scores (test/e2e/rate-limit-atomic.test.ts).
 * Here a transaction first takes a connection of its own (`sql.reserve()`, marked reserved before
 * anything is sent), then sends BEGIN, runs the work, and sends COMMIT (ROLLBACK on any failure) on
 * it, and gives it back. A COMMIT that PostgreSQL answers ROLLBACK (the transaction had failed inside
 * and the failure was caught) is an error here, never a silent success. Savepoints (drizzle's nested
 * transactions) run on the same connection.
 */
export function beginOnReservedConnection(client: ReservingClient): void {
  client.begin = async (...args: unknown[]) => {
    const work = args.pop() as (tx: ReservedClient) => unknown;
    const mode = typeof args[0] === "string" ? args[0].replace(/[^a-z ]/gi, "") : "";
    const tx = await client.reserve();
    let savepoints = 0;
    tx.savepoint = async (...sargs: unknown[]) => {
      const inner = sargs.pop() as (t: ReservedClient) => unknown;
      const name = `s${savepoints++}`;
      await tx.unsafe(`savepoint ${name}`);
      try {
        const result = await inner(tx);
        await tx.unsafe(`release savepoint ${name}`);
        return result;
      } catch (err) {
        await tx.unsafe(`rollback to savepoint ${name}`);
        throw err;
      }
    };
    try {
      await tx.unsafe(`begin ${mode}`.trim());
      const result = await work(tx);
      const committed = (await tx.unsafe("commit")) as { command?: string };
      if (committed.command === "ROLLBACK") throw new Error("The transaction failed inside and was rolled back: nothing was written");
      return result;
    } catch (err) {
      await Promise.resolve(tx.unsafe("rollback")).catch(() => {});
      throw err;
    } finally {
      tx.release();
    }
  };
}

/** Statements with more parameters than this stay unnamed (see nameStatements). */
export const NAMED_STATEMENT_MAX_PARAMETERS = 64;

interface PostgresClient {
  unsafe(query: string, parameters?: unknown[], options?: { prepare?: boolean }): PromiseLike<unknown>;
  begin(...args: unknown[]): PromiseLike<unknown>;
  savepoint?(...args: unknown[]): PromiseLike<unknown>;
}

/**
 * drizzle sends a statement it did not name with postgres.js `prepare: false`. Unnamed, a statement with
 * parameters costs two round trips on every call (postgres.js asks PostgreSQL to describe it before it
 * can bind the values, as drizzle gives no types) and is parsed and planned each time. Named, the
 * connection keeps it after its first call: one round trip, no parse (docs/decisions/operations.md,
 * "Every statement named"). postgres.js keys a connection's statements by their text and keeps them
 * for the connection's life (at most `max_lifetime`, 30–60 min); the texts are the code's, except
 * that a list of values (`in (…)`, rows of a multi-row insert) makes one text per length, so a
 * statement with more than NAMED_STATEMENT_MAX_PARAMETERS parameters stays unnamed: each site has a
 * bounded number of texts. A transaction's (and a savepoint's) connection is named the same way.
 */
function nameStatements(client: PostgresClient): void {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = (query, parameters, options) =>
    unsafe(query, parameters, (parameters?.length ?? 0) <= NAMED_STATEMENT_MAX_PARAMETERS ? { ...options, prepare: true } : options);
  for (const method of ["begin", "savepoint"] as const) {
    const open = client[method]?.bind(client);
    if (!open) continue;
    client[method] = (...args: unknown[]) => {
      const work = args.pop() as (tx: PostgresClient) => unknown;
      return open(...args, (tx: PostgresClient) => {
        nameStatements(tx);
        return work(tx);
      });
    };
  }
}

/**
 * postgres.js does not expose its pool's queues, so the pool gauges count the work drizzle hands it:
 * each statement outside a transaction (`unsafe`) and each transaction (`begin`, which holds one
 * connection until it settles) is in flight from the call until it settles, and timed. Statements
 * inside a transaction run on the transaction's connection and are not counted again.
 */
function measurePool(client: { unsafe: (...args: never[]) => PromiseLike<unknown>; begin: (...args: never[]) => PromiseLike<unknown> }, usage: PoolUsage): void {
  const track = <T extends PromiseLike<unknown>>(kind: "query" | "transaction", started: T): T => {
    usage.inFlight++;
    const stopTimer = dbQueryDuration.startTimer({ kind });
    const settle = () => {
      usage.inFlight--;
      stopTimer();
    };
    // Promise's own then: postgres.js queries are lazy and start on their own then(), when drizzle awaits them.
    Promise.prototype.then.call(started, settle, settle);
    return started;
  };
  const unsafe = client.unsafe.bind(client);
  const begin = client.begin.bind(client);
  client.unsafe = (...args) => track("query", unsafe(...args));
  client.begin = (...args) => track("transaction", begin(...args));
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // pg_trgm backs the trigram indexes of list searches (migrations `*_pg_trgm`); PGlite loads contrib extensions only when asked.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    migrate: (subgraph, migrationsFolder) =>
      migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle", migrationsTable: `migrations_${subgraph}` }),
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** Rows of a raw `db.execute` on either driver (PGlite returns `{rows}`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
