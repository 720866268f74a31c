/** Writes clients/generated/graphql.ts: the typed client's documents and types (see clients/codegen.ts). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { GENERATED_FILE, generateClient, ROOT } from "../clients/codegen.js";

writeFileSync(join(ROOT, GENERATED_FILE), await generateClient());
console.log(GENERATED_FILE);
