import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patients } from "../subgraphs/clinical/db/tables.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { NAMED_STATEMENT_MAX_PARAMETERS, openDatabase, rowsOf, type Database } from "./db.js";

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
