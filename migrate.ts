import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "./lib/config.js";
import { rowsOf, type Database } from "./lib/db.js";
import type { Logger } from "./lib/logger.js";
import type { SubgraphModule } from "./lib/subgraph.js";
import { SUBGRAPHS } from "./subgraphs/index.js";

/**
 * Applies every subgraph's migrations, one history after another (`--migrate-only`, the compose
 * migrate job), and loads the demo world into empty tables when SEED_DEMO is on.
 */
export async function migrateAll(database: Database, config: Config, logger: Logger): Promise<void> {
  for (const mod of Object.values(SUBGRAPHS)) {
    await database.migrate(mod.name, mod.migrationsFolder);
    if (config.SEED_DEMO && mod.seedDemo) await mod.seedDemo(database.db, logger);
    logger.info({ subgraph: mod.name }, "migrations applied");
  }
}

/** How many migrations the subgraph's drizzle-kit journal lists. */
function migrationCount(mod: SubgraphModule): number {
  const journal = JSON.parse(readFileSync(join(mod.migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** True when the database has applied every migration of the subgraph this code was built with. */
export async function isMigrated(database: Database, mod: SubgraphModule): Promise<boolean> {
  const applied = await database.db
    .execute(sql.raw(`select count(*)::int as n from drizzle."migrations_${mod.name}"`))
    .then((r) => rowsOf<{ n: number }>(r)[0]?.n ?? 0)
    .catch(() => 0); // no journal table yet
  return applied >= migrationCount(mod);
}

/**
 * A worker-only process does not migrate (the subgraph, or the migrate job, owns that): it waits for
 * the migrations quietly, one log line, instead of failing every poll on missing tables.
 */
export async function waitForMigrations(database: Database, mod: SubgraphModule, logger: Logger, signal: AbortSignal, pollMs = 1_000): Promise<boolean> {
  let announced = false;
  while (!signal.aborted) {
    if (await isMigrated(database, mod)) return true;
    if (!announced) logger.info({ subgraph: mod.name }, "waiting for migrations (run the subgraph or `--migrate-only`)");
    announced = true;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve(undefined)), { once: true });
    });
  }
  return false;
}
