import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Which test files run twice (PGlite, then PostgreSQL) and which once: a file that opens a database,
 * starts a stack or a server, or reads the database settings runs on both; a file that tests code
 * without a database (an engine, a parser, a schema check) runs on PGlite's project only, because on
 * PostgreSQL it would run the same code again (docs/decisions/operations.md, "Test run time").
 * A file's own test-support modules (`*.test-support.ts`, `test/support/*.ts`) are read as part of it.
 * `test/support/setup.ts` fails any file that opens a database without being listed here.
 */
const USES_DATABASE =
  /support\/(stack|migrations|statements|row-lock|billing-proxy|cold-chain)\.js|lib\/db\.js|\bopenDatabase\b|\bstartServer\b|\bstartStack\b|\bcreateTestDatabase\b|\bTEST_DB\b|\bDATABASE_URL\b|\bTEST_DATABASE_URL\b/;

/** Relative imports of test-support modules: `./lab-rest.test-support.js`, `../support/stack.js`. */
const SUPPORT_IMPORT = /from\s+"(\.{1,2}\/[^"]*(?:test-support|support\/[^"/]+))\.js"/g;

/** Whether the test file at `path` (or a test-support module it imports) uses a database. */
export function fileUsesDatabase(path: string, seen = new Set<string>()): boolean {
  if (seen.has(path)) return false;
  seen.add(path);
  const source = readFileSync(path, "utf8");
  if (USES_DATABASE.test(source)) return true;
  for (const [, specifier] of source.matchAll(SUPPORT_IMPORT)) {
    if (fileUsesDatabase(resolve(dirname(path), `${specifier}.ts`), seen)) return true;
  }
  return false;
}

const SKIPPED_DIRS = new Set(["node_modules", ".data", ".git", "dist", "scratch"]);

/** Every `*.test.ts` under `root` (relative paths) whose source uses a database. */
export function databaseTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.name.endsWith(".test.ts") && fileUsesDatabase(join(dir, entry.name))) {
        found.push(relative(root, join(dir, entry.name)));
      }
    }
  };
  walk(root);
  return found.sort();
}
