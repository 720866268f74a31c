import "reflect-metadata";
import { afterAll, beforeAll } from "vitest";
import { databasesOpened } from "../../lib/db.js";
import { fileUsesDatabase } from "./database-files.js";

// A file that opens a database must run on PostgreSQL too; the PostgreSQL project picks its files by
// their source (database-files.ts), so a file it would miss fails here, on PGlite, naming itself.
let file = "";
let openedBefore = 0;
beforeAll(({}, suite) => {
  file = suite.file.filepath;
  openedBefore = databasesOpened();
});
afterAll(() => {
  if (process.env.TEST_DB !== "pglite" || databasesOpened() === openedBefore) return;
  if (!fileUsesDatabase(file)) {
    throw new Error(`${file} opens a database but would not run on PostgreSQL: see test/support/database-files.ts`);
  }
});
