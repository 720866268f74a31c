import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, type Database } from "../../lib/db.js";
import { createLogger } from "../../lib/logger.js";
import { SUBGRAPHS } from "../../subgraphs/index.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated, demo-seeded PGlite data directory (`dumpDataDir`). */
    pgliteTemplate: string;
    /** A migrated, demo-seeded PostgreSQL database that test databases are created from (`TEMPLATE`). */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database per project and run, which every stack then copies: starting an
 * empty PGlite cluster costs 2–4 s (initdb in WebAssembly) and migrating and seeding the four
 * subgraphs another 2–3 s, once per test file; a copy costs under one (docs/decisions/operations.md,
 * "Test run time"). Each stack still runs the migrations and the seed, which find them applied.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === "postgres") {
    const { default: postgres } = await import("postgres");
    const adminUrl = project.config.env.TEST_DATABASE_URL as string;
    const name = `hc_template_${randomBytes(6).toString("hex")}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await prepare(await openDatabase({ url: url.toString(), dataDir: "memory://", maxConnections: 1 }));
    project.provide("postgresTemplate", name);
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await prepare(database, false);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "hc-pglite-template-"));
  const file = join(dir, "data.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(database: Database, close = true): Promise<void> {
  const logger = createLogger("silent");
  for (const [name, mod] of Object.entries(SUBGRAPHS)) {
    await database.migrate(name, mod.migrationsFolder);
    if (mod.seedDemo) await mod.seedDemo(database.db, logger);
  }
  if (close) await database.close();
}
