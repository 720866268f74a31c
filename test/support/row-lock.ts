import type { Sql, TransactionSql } from "postgres";

/** What a test does while another session holds row locks beside the service. */
export interface LockHolder {
  /** Resolves once at least `n` sessions of this database wait on a lock (only those whose query is `ilike` `queryLike`, when given). */
  waiters(n?: number, queryLike?: string): Promise<void>;
  /** Lets the holding transaction go on: it runs its `then` (more locks, as a dispense's second step), then commits. */
  release(): Promise<void>;
}

/**
 * Races through real row locks (PostgreSQL only: PGlite is one connection, so no second transaction
 * can hold a lock beside the service's). A second connection opens a transaction and runs `take` (its
 * `select … for update`); `body` runs while those rows are held, and usually sends requests, waits for
 * them to queue (`waiters`) and `release`s; `then` runs in the holding transaction after the release.
 * The holder commits and its connection is closed whatever happens.
 */
export async function whileRowsLocked<T>(
  databaseUrl: string,
  take: (tx: TransactionSql) => Promise<unknown>,
  body: (holder: LockHolder) => Promise<T>,
  then?: (tx: TransactionSql) => Promise<unknown>,
): Promise<T> {
  const { default: postgres } = await import("postgres");
  const sql: Sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = sql.begin(async (tx) => {
    await take(tx);
    locked();
    await released;
    if (then) await then(tx);
  });
  try {
    await Promise.race([isLocked, holding]);
    return await body({
      async waiters(n = 1, queryLike = "%") {
        for (let tries = 0; ; tries++) {
          const [{ count }] = await sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike ${queryLike}`;
          if (count >= n) return;
          if (tries > 1_500) throw new Error(`no ${n} session(s) waited on a lock (query like ${queryLike}) within 30 s`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      async release() {
        release();
        await holding;
      },
    });
  } finally {
    release();
    await holding.catch(() => {});
    await sql.end();
  }
}
