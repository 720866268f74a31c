import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "../../../lib/db.js";
import { createTestDatabase, type TestDatabase } from "../../../test/support/stack.js";
import { countStatements } from "../../../test/support/statements.js";
import { buildTimeline } from "./timeline.service.js";

/**
 * A timeline reads only the sections an operation selects (issue 14): counted as the statements the
 * driver runs on the real, demo-seeded database, not timed. The sections' content is tested end to end
 * (test/e2e/patients.test.ts, clinical-soap-note, clinical-document-digitization).
 */
let testDb: TestDatabase;
let database: Database;
let statements: () => number;
let db: Db;

const UHID = "UG-2024-000001"; // the demo patient with encounters, diagnoses, medications and observations

beforeAll(async () => {
  testDb = await createTestDatabase({ seeded: true });
  database = testDb.pglite ?? (await openDatabase({ url: testDb.url, dataDir: "memory://" }));
  db = database.db;
  statements = countStatements(db);
});

afterAll(async () => {
  if (!testDb.pglite) await database.close();
  await testDb.drop();
});

async function counted<T>(read: () => Promise<T>): Promise<{ value: T; queries: number }> {
  const before = statements();
  const value = await read();
  return { value, queries: statements() - before };
}

describe("timeline sections", () => {
  it("queries nothing until a section is read when the patient is already known", async () => {
    const { queries } = await counted(() => buildTimeline(db, UHID, 3650, true));
    expect(queries).toBe(0);
  });

  it("checks the patient exists once when it is not known, and refuses an unknown one", async () => {
    expect((await counted(() => buildTimeline(db, UHID, 3650))).queries).toBe(1);
    await expect(buildTimeline(db, "UG-1999-000000", 30)).rejects.toMatchObject({ extensions: { code: "NOT_FOUND" } });
  });

  it("refuses a window out of range before any query", async () => {
    const before = statements();
    for (const days of [0, -1, 3651, 1.5]) {
      await expect(buildTimeline(db, UHID, days)).rejects.toMatchObject({ extensions: { code: "BAD_USER_INPUT" } });
    }
    expect(statements()).toBe(before);
  });

  it("reads diagnoses with one query, once however often they are read", async () => {
    const { timeline } = await buildTimeline(db, UHID, 3650, true);
    const first = await counted(() => timeline.diagnoses);
    expect(first.queries).toBe(1);
    expect(first.value.length).toBeGreaterThan(0);
    expect(first.value.every((d) => /^[A-Z]\d{2}(\.\d{1,4})?$/.test(d.code))).toBe(true);
    const again = await counted(() => timeline.diagnoses);
    expect(again.queries).toBe(0);
    expect(again.value).toBe(first.value);
  });

  it("reads each section with its own query, and documents share the encounters they are titled from", async () => {
    const { timeline } = await buildTimeline(db, UHID, 3650, true);
    expect((await counted(() => timeline.medications)).queries).toBe(1);
    expect((await counted(() => timeline.observations)).queries).toBe(1);
    // Encounters, SOAP notes, encounter notes and digitized documents, read concurrently: four queries, not five.
    const both = await counted(() => Promise.all([timeline.encounters, timeline.documents]));
    expect(both.queries).toBe(4);
    expect(both.value[0].length).toBeGreaterThan(0);
  });

  it("gives the same sections read one by one as read all at once", async () => {
    const apart = await buildTimeline(db, UHID, 365, true);
    const together = await buildTimeline(db, UHID, 365, true);
    const all = await Promise.all([together.timeline.encounters, together.timeline.diagnoses, together.timeline.medications, together.timeline.observations, together.timeline.documents]);
    expect([await apart.timeline.encounters, await apart.timeline.diagnoses, await apart.timeline.medications, await apart.timeline.observations, await apart.timeline.documents]).toEqual(all);
  });
});
