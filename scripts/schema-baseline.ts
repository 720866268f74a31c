/**
 * Cuts a schema baseline when a release is made: copies the committed schemas (schema/api.graphql and
 * each subgraph's) to schema/baseline/ and empties schema/breaking-changes-allowed.json (its entries
 * were breaking changes against the previous release, which the new baseline now contains).
 *
 *   npm run schema && npm run schema:baseline
 */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { ALLOWLIST_FILE, BASELINE_DIR, CHECKED_SCHEMAS, SCHEMA_DIR } from "./schema-changes.js";

mkdirSync(BASELINE_DIR, { recursive: true });
for (const file of CHECKED_SCHEMAS) {
  copyFileSync(new URL(file, SCHEMA_DIR), new URL(file, BASELINE_DIR));
  console.log(`schema/baseline/${file}`);
}
writeFileSync(ALLOWLIST_FILE, `${JSON.stringify({ allowed: [] }, null, 2)}\n`);
console.log("schema/breaking-changes-allowed.json (emptied)");
