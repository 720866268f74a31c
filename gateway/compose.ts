import { composeServices } from "@apollo/composition";
import { printSubgraphSchema } from "@apollo/subgraph";
import { parse } from "graphql";
import type { SubgraphName } from "../lib/subgraph.js";
import { SUBGRAPHS } from "../subgraphs/index.js";

export interface ComposedSupergraph {
  /** Supergraph SDL (with join directives) for @apollo/gateway. */
  supergraphSdl: string;
  /** The client-facing API schema, as served at /schema.graphql. */
  apiSchemaSdl: string;
  /** Each subgraph's SDL, as committed under schema/. */
  subgraphSdls: Record<SubgraphName, string>;
}

/**
 * Composes the supergraph from the subgraphs' code with @apollo/composition (no introspection at
 * start, so no race with subgraphs that are still booting). Fails loudly on composition errors.
 */
export async function composeSupergraph(urlOf: (name: SubgraphName) => string): Promise<ComposedSupergraph> {
  const subgraphSdls = {} as Record<SubgraphName, string>;
  for (const mod of Object.values(SUBGRAPHS)) subgraphSdls[mod.name] = printSubgraphSchema(await mod.schema());
  const result = composeServices(
    Object.entries(subgraphSdls).map(([name, sdl]) => ({ name, url: urlOf(name as SubgraphName), typeDefs: parse(sdl) })),
  );
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => `  ${e.message}`).join("\n")}`);
  }
  const { printSchema } = await import("graphql");
  return {
    supergraphSdl: result.supergraphSdl,
    apiSchemaSdl: printSchema(result.schema.toAPISchema().toGraphQLJSSchema()),
    subgraphSdls,
  };
}
