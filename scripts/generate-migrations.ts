/**
 * Generates SQL migrations with drizzle-kit, one history per subgraph (drizzle/<subgraph>/), so each
 * subgraph owns its schema and its migration journal.
 *
 *   npm run db:generate                # all subgraphs
 *   npm run db:generate -- pharmacy    # one
 */
import { execFileSync } from "node:child_process";
import { SUBGRAPH_NAMES } from "../lib/subgraph.js";

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const name of wanted.length ? wanted : SUBGRAPH_NAMES) {
  console.log(`── ${name}`);
  execFileSync(
    "npx",
    ["drizzle-kit", "generate", "--dialect", "postgresql", "--schema", `./subgraphs/${name}/db/tables.ts`, "--out", `./drizzle/${name}`],
    { stdio: "inherit" },
  );
}
