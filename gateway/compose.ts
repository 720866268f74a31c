import { readFileSync } from "node:fs";
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
 *
 * With `reuseCommitted`, when every subgraph's SDL is exactly the one committed under schema/ (which
 * test/schema-drift.test.ts keeps true on main), the committed supergraph and API schema are used
 * instead: they are what composing would give, and composing costs 1–1.5 s of every start. Its
 * subgraph URLs are the compose hosts; the gateway routes by name, not by those.
 */
export async function composeSupergraph(urlOf: (name: SubgraphName) => string, o: { reuseCommitted?: boolean } = {}): Promise<ComposedSupergraph> {
  const subgraphSdls = {} as Record<SubgraphName, string>;
  for (const mod of Object.values(SUBGRAPHS)) subgraphSdls[mod.name] = printSubgraphSchema(await mod.schema());
  const committed = o.reuseCommitted ? readCommitted(subgraphSdls) : null;
  if (committed) return committed;
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

const SCHEMA_DIR = new URL("../schema/", import.meta.url);

/** The committed artifacts when they were composed from exactly these subgraph SDLs; null otherwise. */
function readCommitted(subgraphSdls: Record<SubgraphName, string>): ComposedSupergraph | null {
  const read = (file: string) => readFileSync(new URL(file, SCHEMA_DIR), "utf8");
  try {
    for (const [name, sdl] of Object.entries(subgraphSdls)) if (read(`${name}.graphql`).trim() !== sdl.trim()) return null;
    return { supergraphSdl: read("supergraph.graphql"), apiSchemaSdl: read("api.graphql"), subgraphSdls };
  } catch {
    return null;
  }
}
