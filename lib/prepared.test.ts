import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encounterNotes, encounters, patients } from "../subgraphs/clinical/db/tables.js";
import { buildTimeline } from "../subgraphs/clinical/timeline/timeline.service.js";
import { createTestDatabase, type TestDatabase } from "../test/support/stack.js";
import { openDatabase, rowsOf, type Database, type Db } from "./db.js";
import { keysetList } from "./page-query.js";
import { pageWindow } from "./pagination.js";
import { preparedRead } from "./prepared.js";

/**
 * Statements built once per database handle (lib/prepared.ts), on the migrated, demo-seeded database
 * of the run (PGlite, or PostgreSQL with TEST_DB=postgres): built once however often they run, built
 * again for a transaction, and the values of each call are the ones used.
 */
let testDb: TestDatabase;
let database: Database;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  database = testDb.pglite ?? (await openDatabase({ url: testDb.url, dataDir: "memory://" }));
  db = database.db;
  await db.execute(sql`
    insert into clinical.patients (uhid, given_name, family_name, sex, birth_date)
    values ('PT-PREP-1', 'Amina', 'Okello', 'female', date '1990-01-01'), ('PT-PREP-2', 'Brian', 'Mukasa', 'male', date '1985-06-30')`);
});

afterAll(async () => {
  if (!testDb.pglite) await database.close();
  await testDb.drop();
});

function countingPatientRead() {
  let builds = 0;
  const read = preparedRead((handle) => {
    builds++;
    return handle.select({ uhid: patients.uhid, givenName: patients.givenName }).from(patients).where(eq(patients.uhid, sql.placeholder("uhid"))).prepare("test_patient");
  });
  return { read, builds: () => builds };
}

describe("preparedRead", () => {
  it("builds its statement once per handle however often it runs, with each call's values", async () => {
    const { read, builds } = countingPatientRead();
    expect(await read(db, { uhid: "PT-PREP-1" })).toEqual([{ uhid: "PT-PREP-1", givenName: "Amina" }]);
    expect(await read(db, { uhid: "PT-PREP-2" })).toEqual([{ uhid: "PT-PREP-2", givenName: "Brian" }]);
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => read(db, { uhid: i % 2 ? "PT-PREP-1" : "PT-PREP-2" })));
    expect(many.map(([row]) => row.givenName)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? "Amina" : "Brian")));
    expect(await read(db, { uhid: "PT-NOBODY" })).toEqual([]);
    expect(builds()).toBe(1);
  });

  it("builds it again for a transaction, which sees its own uncommitted rows", async () => {
    const { read, builds } = countingPatientRead();
    await read(db, { uhid: "PT-PREP-1" });
    let inside: unknown;
    const rollback = new Error("roll back");
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into clinical.patients (uhid, given_name, family_name, sex, birth_date) values ('PT-PREP-TX', 'Cissy', 'Nakato', 'female', date '2000-02-29')`);
        inside = await read(tx as unknown as Db, { uhid: "PT-PREP-TX" });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(inside).toEqual([{ uhid: "PT-PREP-TX", givenName: "Cissy" }]);
    expect(builds()).toBe(2);
    expect(await read(db, { uhid: "PT-PREP-TX" })).toEqual([]);
  });

  it("sends a time as the inline query would: a timeline's notes start at the window's first instant, not before", async () => {
    const days = 30;
    const windowStart = new Date(`${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const [encounter] = await db.insert(encounters).values({ patientUhid: "PT-PREP-1", date: new Date().toISOString().slice(0, 10), type: "outpatient", chiefComplaint: "cough" }).returning();
    const note = (text: string, recordedAt: Date) => ({ encounterId: encounter.id, patientUhid: "PT-PREP-1", authorSub: "nurse-1", text, recordedAt });
    await db.insert(encounterNotes).values([note("at the start", windowStart), note("a millisecond before", new Date(windowStart.getTime() - 1)), note("yesterday", new Date(Date.now() - 86_400_000))]);
    const documents = await (await buildTimeline(db, "PT-PREP-1", days)).timeline.documents;
    const notes = await db.select({ id: encounterNotes.id, text: encounterNotes.text }).from(encounterNotes).where(eq(encounterNotes.patientUhid, "PT-PREP-1"));
    const textOf = new Map(notes.map((n) => [n.id, n.text]));
    expect(documents.filter((d) => d.type === "encounter_note").map((d) => textOf.get(d.id))).toEqual(["yesterday", "at the start"]);
});

  it("pages a whole list by number with one statement built once: the rows OFFSET gives, for each page and size", async () => {
    const all = rowsOf<{ uhid: string }>(await db.execute(sql`select uhid from clinical.patients order by uhid`)).map((r) => r.uhid);
    for (const pageSize of [1, 7, 50]) {
      for (let n = 1; n <= Math.ceil(all.length / pageSize) + 1; n++) {
        const page = await keysetList(db, pageWindow({ page: n, pageSize }), { table: patients, columns: [patients.uhid], after: null });
        expect(page.results.map((r) => r.uhid)).toEqual(all.slice((n - 1) * pageSize, n * pageSize));
      }
    }
    const descending = await keysetList(db, pageWindow({ page: 2, pageSize: 3 }), { table: patients, columns: [patients.uhid], descending: true, after: null });
    expect(descending.results.map((r) => r.uhid)).toEqual([...all].reverse().slice(3, 6));
  });
});
