import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Database } from "../../lib/db.js";
import { createTestDatabase } from "./stack.js";

/** A database migrated up to (not including) one migration, to hold data of the shape before it. */
export interface DatabaseBefore {
  database: Database;
  /** The schema's migrations folder (all of them: `database.migrate(schema, folder)` runs the rest). */
  folder: string;
  /** Runs raw SQL and returns its rows. */
  q<T>(text: string): Promise<T[]>;
  /** Runs the remaining migrations, the one under test first. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A fresh database with `schema`'s migrations applied up to the first whose tag `isTarget` picks (a
 * copy of the folder with the journal cut there), for testing that migration on the data before it.
 */
export async function databaseBefore(schema: "pharmacy" | "clinical" | "notifications" | "billing", isTarget: (tag: string, folder: string) => boolean): Promise<DatabaseBefore> {
  const folder = new URL(`../../drizzle/${schema}/`, import.meta.url).pathname;
  const testDb = await createTestDatabase();
  const database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
  const before = mkdtempSync(join(tmpdir(), `${schema}-migration-`));
  cpSync(folder, before, { recursive: true });
  const journalPath = join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => isTarget(e.tag, folder));
  if (cut <= 0) throw new Error(`no migration of ${schema} after the first matches the target`);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  await database.migrate(schema, before);
  return {
    database,
    folder,
    q: async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text))),
    migrateRest: () => database.migrate(schema, folder),
    close: async () => {
      await database.close();
      await testDb.drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}
