/**
 * Writes schema/<subgraph>.graphql, schema/supergraph.graphql and schema/api.graphql from code, and
 * schema/field-capabilities.json (each field's `@Authorized` capabilities, read by the REST bridge).
 */
import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { schemaArtifacts } from "../gateway/artifacts.js";
import { fieldCapabilitiesFromCode, printFieldCapabilities } from "../rest-bridge/field-capabilities.js";

const files = { ...(await schemaArtifacts()), "field-capabilities.json": printFieldCapabilities(await fieldCapabilitiesFromCode()) };
for (const [file, text] of Object.entries(files)) {
  writeFileSync(new URL(`../schema/${file}`, import.meta.url), text);
  console.log(`schema/${file}`);
}
