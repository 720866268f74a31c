import { composeSupergraph } from "./compose.js";

/**
 * Subgraph URL recorded in the committed supergraph: where compose.yaml runs each subgraph
 * (`http://<name>:4000/graphql`). Our gateway ignores it (it takes `*_SUBGRAPH_URL` at start); a
 * third-party router reads it, and an operator elsewhere overrides it per subgraph (README, "Any
 * federation router in front").
 */
export const artifactUrl = (name: string) => `http://${name}:4000/graphql`;

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
