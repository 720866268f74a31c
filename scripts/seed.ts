/**
 * Empties every subgraph's tables and loads the demo world again (the database named by DATABASE_URL,
 * or the embedded one under DATA_DIR). Stop the server first when it uses embedded PGlite.
 * `--demo` is required: the command erases data, so it is never what a bare `npm run seed` does by accident.
 *
 *   npm run seed -- --demo
 */
import "reflect-metadata";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../lib/config.js";
import { openDatabase, rowsOf } from "../lib/db.js";
import { createLogger } from "../lib/logger.js";
import { SUBGRAPHS } from "../subgraphs/index.js";

const { values } = parseArgs({ options: { demo: { type: "boolean", default: false } } });
if (!values.demo) {
  console.error("npm run seed -- --demo: empties every table and loads the demo world (pass --demo to confirm)");
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger, preparedStatements: config.DATABASE_PREPARED_STATEMENTS });
try {
  for (const mod of Object.values(SUBGRAPHS)) {
    await database.migrate(mod.name, mod.migrationsFolder);
    const tables = rowsOf<{ tablename: string }>(
      await database.db.execute(sql`select tablename from pg_tables where schemaname = ${mod.name}`),
    );
    if (tables.length) {
      await database.db.execute(sql.raw(`truncate ${tables.map((t) => `"${mod.name}"."${t.tablename}"`).join(", ")} cascade`));
    }
    if (mod.seedDemo) await mod.seedDemo(database.db, logger);
  }
  console.log("demo world loaded");
} finally {
  await database.close();
}
