import { defineConfig } from "vitest/config";
import { databaseTestFiles } from "./test/support/database-files.js";

/**
 * The suite runs on embedded PGlite always, and again on real PostgreSQL when DATABASE_URL is set
 * (CI sets it): two vitest projects. The PostgreSQL project runs every file that uses a database;
 * files that test code without one run once (test/support/database-files.ts).
 */
const postgresUrl = process.env.DATABASE_URL;

const shared = {
  include: ["**/*.test.ts"],
  exclude: ["node_modules/**", ".data/**", ...(process.env.SCRATCH ? [] : ["scratch/**"])],
  setupFiles: ["./test/support/setup.ts"],
  // One migrated, demo-seeded database per project and run, copied by every stack (test/support/global-setup.ts).
  globalSetup: ["./test/support/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // Node loads graphql's CommonJS build for our dependencies (it has no "exports" map); make Vite give
  // our own files the same build, or "Cannot use GraphQLScalarType from another module or realm".
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    reporters: ["default"],
    // Two test files at a time, whatever the core count: vitest's default on a 2-core machine is one
    // (cores - 1), and an end-to-end file spends much of its time waiting on sockets, timers and the
    // database, so the second file fills the gaps (docs/decisions/operations.md, "Test run time").
    maxWorkers: 2,
    // A worker keeps its module graph from one file to the next: every file imports the whole service
    // (Apollo gateway, type-graphql schemas, PGlite), 3 s each, 13 of a 27-minute run. Each file still
    // starts its own stacks on its own databases (docs/decisions/operations.md, "Test run time").
    isolate: false,
    projects: [
      { extends: true as const, test: { ...shared, name: "pglite", env: { TEST_DB: "pglite" } } },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                ...shared,
                include: databaseTestFiles(import.meta.dirname),
                name: "postgres",
                env: { TEST_DB: "postgres", TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
