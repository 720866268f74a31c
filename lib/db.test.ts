import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patients } from "../subgraphs/clinical/db/tables.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { beginOnReservedConnection, NAMED_STATEMENT_MAX_PARAMETERS, openDatabase, rowsOf, type Database, type ReservingClient } from "./db.js";

/**
 * Every statement named on its connection (lib/db.ts nameStatements), PostgreSQL only: PGlite has no
 * connections to keep statements on. One connection per database, so the session that ran a statement is
 * the one `pg_prepared_statements` describes.
 */
const onPostgres = process.env.TEST_DB === "postgres";

describe.skipIf(!onPostgres)("statements named on their connection (PostgreSQL)", () => {
  let testDb: TestDatabase;
  let named: Database;
  let unnamed: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase({ seeded: true });
    named = await openDatabase({ url: testDb.url, dataDir: "memory://", maxConnections: 1 });
    unnamed = await openDatabase({ url: testDb.url, dataDir: "memory://", maxConnections: 1, preparedStatements: false });
  });

  afterAll(async () => {
    await named?.close();
    await unnamed?.close();
    await testDb?.drop();
  });

  /** Named statements of the database's one connection whose text contains `marker`. */
  async function namedOn(database: Database, marker: string): Promise<number> {
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`));
    return rows[0].n;
  }

  const byUhid = (database: Database, uhid: string) =>
    database.db.select({ uhid: patients.uhid, marker: sql<string>`'marker-by-uhid'` }).from(patients).where(eq(patients.uhid, uhid));

  it("names a statement drizzle sends unnamed, once however often it runs, with each call's values", async () => {
    const [first] = await byUhid(named, "UG-2024-000001");
    const [second] = await byUhid(named, "UG-2024-000002");
    const [missing] = await byUhid(named, "UG-NOBODY");
    expect([first?.uhid, second?.uhid, missing]).toEqual(["UG-2024-000001", "UG-2024-000002", undefined]);
    expect(await namedOn(named, "marker-by-uhid")).toBe(1);
  });

  it("names the statements of a transaction and of a savepoint in it, which see their own writes", async () => {
    const uhid = `PT-NAMED-${Date.now()}`;
    const seen = await named.db.transaction(async (tx) => {
      await tx.execute(sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date) values (${uhid}, 'Amina', 'Named', 'female', date '1990-01-01')`);
      const inTx = await tx.select({ uhid: patients.uhid, marker: sql<string>`'marker-in-tx'` }).from(patients).where(eq(patients.uhid, uhid));
      const inSavepoint = await tx.transaction((sp) => sp.select({ uhid: patients.uhid, marker: sql<string>`'marker-in-savepoint'` }).from(patients).where(eq(patients.uhid, uhid)));
      return [inTx.length, inSavepoint.length];
    });
    expect(seen).toEqual([1, 1]);
    expect(await namedOn(named, "marker-in-tx")).toBe(1);
    expect(await namedOn(named, "marker-in-savepoint")).toBe(1);
  });

  it(`leaves a statement with more than ${NAMED_STATEMENT_MAX_PARAMETERS} parameters unnamed (one text per list length), and answers it`, async () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `UG-2024-${String(i + 1).padStart(6, "0")}`);
    const query = (n: number) => named.db.select({ uhid: patients.uhid, marker: sql<string>`'marker-long-list'` }).from(patients).where(inArray(patients.uhid, list(n)));
    const atBound = await query(NAMED_STATEMENT_MAX_PARAMETERS - 1); // the marker is no parameter; the list is
    const above = await query(NAMED_STATEMENT_MAX_PARAMETERS + 1);
    // The demo world's 50 patients are UG-2024-000001 … 000050: both lists hold all of them.
    expect(atBound.length).toBe(50);
    expect(above.length).toBe(50);
    expect(await namedOn(named, "marker-long-list")).toBe(1);
  });

  it("names nothing with DATABASE_PREPARED_STATEMENTS=false, also statements drizzle names (lib/prepared.ts)", async () => {
    const [row] = await byUhid(unnamed, "UG-2024-000001");
    expect(row?.uhid).toBe("UG-2024-000001");
    const prepared = unnamed.db.select({ uhid: patients.uhid, marker: sql<string>`'marker-drizzle-named'` }).from(patients).where(eq(patients.uhid, sql.placeholder("uhid"))).prepare("test_drizzle_named");
    expect(await prepared.execute({ uhid: "UG-2024-000002" })).toEqual([{ uhid: "UG-2024-000002", marker: "marker-drizzle-named" }]);
    expect(await namedOn(unnamed, "marker-by-uhid")).toBe(0);
    expect(await namedOn(unnamed, "marker-drizzle-named")).toBe(0);
  });
});

/**
 * Transactions on a connection reserved first (lib/db.ts beginOnReservedConnection), PostgreSQL only.
 * postgres.js skips reserving a transaction's connection when the BEGIN's write meets backpressure or
 * fills the pipeline; `max_pipeline: 0` makes that happen on every BEGIN, deterministically.
 */
describe.skipIf(!onPostgres)("transactions on a reserved connection (PostgreSQL)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());

  async function pool(workaround: boolean) {
    const { default: postgres } = await import("postgres");
    // max_pipeline is a postgres.js option its types leave out.
    const client = postgres(testDb.url!, { max: 3, onnotice: () => {}, ...({ max_pipeline: 0 } as object) });
    if (workaround) beginOnReservedConnection(client as unknown as ReservingClient);
    return client;
  }

  it("postgres.js alone fails such a BEGIN with UNSAFE_TRANSACTION (when a release fixes it, this workaround can go)", async () => {
    const client = await pool(false);
    try {
      await expect(client.begin((tx) => tx`select 1`)).rejects.toMatchObject({ code: "UNSAFE_TRANSACTION" });
    } finally {
      await client.end({ timeout: 1 });
    }
  });

  it("with the workaround, concurrent transactions beside plain statements all commit, each on its own connection, and a failed one writes nothing", async () => {
    const client = await pool(true);
    try {
      await client`create table if not exists tx_probe (k int primary key, by_pid int not null)`;
      const busy = [1, 2, 3].map(() => client`select pg_sleep(0.05)`);
      const plain = Array.from({ length: 6 }, () => client`select 1`);
      const writes = Array.from({ length: 8 }, (_, k) =>
        client.begin(async (tx) => {
          const [{ pid }] = await tx`select pg_backend_pid() as pid`;
          await tx`insert into tx_probe values (${k}, ${pid})`;
          // Still the same session at the end: nothing else ran on this connection in between.
          const [{ pid: again }] = await tx`select pg_backend_pid() as pid`;
          expect(again).toBe(pid);
          if (k === 7) throw new Error("refused");
          return k;
        }),
      );
      const settled = await Promise.allSettled([...busy, ...plain, ...writes]);
      expect(settled.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message)).toEqual(["refused"]);
      expect((await client`select k from tx_probe order by k`).map((r) => r.k)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      // No connection was left inside a transaction.
      const [{ open }] = await client`select count(*)::int as open from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
      expect(open).toBe(0);
    } finally {
      await client.end({ timeout: 1 });
    }
  });

  it("a transaction whose statement failed inside (the error caught) is an error at COMMIT, never a silent rollback", async () => {
    const client = await pool(true);
    try {
      await client`create table if not exists tx_probe2 (k int primary key)`;
      const attempt = client.begin(async (tx) => {
        await tx`insert into tx_probe2 values (1)`;
        await tx`insert into tx_probe2 values (1)`.catch(() => "duplicate ignored");
        return "done";
      });
      await expect(attempt).rejects.toThrow(/rolled back/);
      expect(await client`select k from tx_probe2`).toHaveLength(0);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});
