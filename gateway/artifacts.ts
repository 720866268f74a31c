import { composeSupergraph } from "./compose.js";

/** URL recorded in committed artifacts (the real URL is decided at start). */
export const artifactUrl = (name: string) => `http://${name}.in-process/graphql`;

/**
 * The schema artifacts committed under schema/: each subgraph's SDL, the supergraph SDL, and the
 * client-facing API schema. `npm run schema` writes them; test/schema-drift.test.ts compares.
 */
export async function schemaArtifacts(): Promise<Record<string, string>> {
  const composed = await composeSupergraph(artifactUrl);
  const files: Record<string, string> = {};
  for (const [name, sdl] of Object.entries(composed.subgraphSdls)) files[`${name}.graphql`] = `${sdl.trim()}\n`;
  files["supergraph.graphql"] = `${composed.supergraphSdl.trim()}\n`;
  files["api.graphql"] = `${composed.apiSchemaSdl.trim()}\n`;
  return files;
}
