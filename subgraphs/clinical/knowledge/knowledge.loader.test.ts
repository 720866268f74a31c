import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../lib/db.js";
import { knowledgeSets } from "../db/tables.js";
import { getKnowledge, KNOWLEDGE_FILES, knowledgeFromFiles, loadKnowledgeBase } from "./knowledge.js";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.migrate("clinical", fileURLToPath(new URL("../../../drizzle/clinical", import.meta.url)));
});
afterAll(() => database?.close());

describe("knowledge loader", () => {
  it("loads every file into Postgres idempotently, and engines read the same rules back", async () => {
    await loadKnowledgeBase(database.db);
    await loadKnowledgeBase(database.db);
    const rows = await database.db.select({ name: knowledgeSets.name }).from(knowledgeSets);
    expect(rows.map((r) => r.name).sort()).toEqual([...KNOWLEDGE_FILES].sort());
    const fromDb = await getKnowledge(database.db);
    const fromFiles = knowledgeFromFiles();
    expect(fromDb.versions).toEqual(fromFiles.versions);
    expect(fromDb.interactions.map((r) => r.id)).toEqual(fromFiles.interactions.map((r) => r.id));
    expect([...fromDb.labTests.keys()]).toEqual([...fromFiles.labTests.keys()]);
  });

  it("refuses to start when a stored version differs from the file (edited without a version bump)", async () => {
    const version = knowledgeFromFiles().versions.sepsis;
    await database.db.update(knowledgeSets).set({ sha256: "0".repeat(64) }).where(and(eq(knowledgeSets.name, "sepsis"), eq(knowledgeSets.version, version)));
    await expect(loadKnowledgeBase(database.db)).rejects.toThrow(/changed without a version bump/);
  });
});
