/** Writes schema/<subgraph>.graphql, schema/supergraph.graphql and schema/api.graphql from code. */
import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { schemaArtifacts } from "../gateway/artifacts.js";

for (const [file, sdl] of Object.entries(await schemaArtifacts())) {
  writeFileSync(new URL(`../schema/${file}`, import.meta.url), sdl);
  console.log(`schema/${file}`);
}
