import { ApolloServer, type BaseContext } from "@apollo/server";
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import type { Fetcher, FetcherResponse } from "@apollo/utils.fetcher";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { Hono } from "hono";
import { apolloHandler } from "../lib/apollo-hono.js";
import { useRequestContext } from "../lib/observability.js";
import { PRINCIPAL_HEADER, REQUEST_ID_HEADER, signPrincipal, type Principal } from "../lib/auth.js";
import type { Config } from "../lib/config.js";
import { upstreamUnavailable } from "../lib/errors.js";
import { createErrorFormatter } from "../lib/format-error.js";
import type { Logger } from "../lib/logger.js";
import type { SubgraphName } from "../lib/subgraph.js";
import { useBearerAuth, type AuthVariables } from "./plugins/auth.js";
import { operationShapeRules, useCostLimit } from "./plugins/limits.js";
import { useRejectNul } from "./plugins/reject-nul.js";
import { composeSupergraph } from "./compose.js";

export interface GatewayContext extends BaseContext {
  principal: Principal;
  bearer: string;
  requestId: string;
  /** The client's Idempotency-Key, passed on to subgraphs. */
  idempotencyKey?: string;
  /** The principal sealed for subgraphs, signed once per request. */
  sealedPrincipal: Promise<string>;
}

export interface GatewayOptions {
  config: Config;
  logger: Logger;
  /** Where each subgraph answers. */
  subgraphUrl(name: SubgraphName): string;
  /** For subgraphs in this process: a fetch that calls the subgraph app directly (no socket). */
  subgraphFetch?(name: SubgraphName): Fetcher | undefined;
}

class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  /** Named in errors instead of the URL (set by buildService). */
  declare subgraphName: string;

  async willSendRequest({ request, context }: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const headers = request.http!.headers;
    headers.set(PRINCIPAL_HEADER, await context.sealedPrincipal);
    headers.set("authorization", `Bearer ${context.bearer}`);
    headers.set(REQUEST_ID_HEADER, context.requestId);
    if (context.idempotencyKey) headers.set("idempotency-key", context.idempotencyKey);
  }

  /**
   * A subgraph answers a GraphQL request it refuses (e.g. a variable of the wrong type) with HTTP 400
   * and GraphQL errors in the body; pass those errors on with their codes instead of a bare "400".
   */
  async errorFromResponse(response: FetcherResponse): Promise<GraphQLError> {
    const body = (await response.clone().json().catch(() => undefined)) as { errors?: GraphQLFormattedError[] } | undefined;
    const first = body?.errors?.[0];
    if (first?.extensions?.code) return new GraphQLError(first.message, { extensions: first.extensions });
    return super.errorFromResponse(response);
  }

  didEncounterError(error: Error): void {
    if ("extensions" in error) throw error;
    // The body is public: name the subgraph, never its internal URL or the socket error.
    throw upstreamUnavailable(`The ${this.subgraphName} subgraph`);
  }
}

/**
 * The gateway: composes the subgraphs, verifies bearer tokens, seals the principal for subgraphs,
 * and serves POST/GET /graphql and GET /schema.graphql.
 */
export async function createGateway(o: GatewayOptions) {
  const { config } = o;
  const logger = o.logger.child({ role: "gateway" });
  const composed = await composeSupergraph(o.subgraphUrl);
  const gateway = new ApolloGateway({
    supergraphSdl: composed.supergraphSdl,
    buildService: ({ name, url }) => {
      const fetcher = o.subgraphFetch?.(name as SubgraphName);
      return Object.assign(new SubgraphDataSource({ url, ...(fetcher ? { fetcher } : {}) }), { subgraphName: name });
    },
    logger,
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: createErrorFormatter(logger, { hideSuggestions: !config.introspection }),
    validationRules: operationShapeRules(config.MAX_QUERY_DEPTH, config.MAX_QUERY_ALIASES),
    plugins: [useRejectNul(), useCostLimit(config.MAX_QUERY_COST)],
    csrfPrevention: true,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP first, then stops this server (Apollo would stop at once and re-raise the signal).
    stopOnTerminationSignals: false,
  });
  await server.start();

  const app = new Hono<{ Variables: AuthVariables & { requestId: string } }>();
  app.use("*", useRequestContext("gateway", logger));
  app.get("/schema.graphql", (c) => c.text(composed.apiSchemaSdl, 200, { "content-type": "text/plain; charset=utf-8" }));
  app.use("/graphql", useBearerAuth(config));
  const handler = apolloHandler(server, async (c) => {
    const principal = c.get("principal");
    return {
      principal,
      bearer: c.get("bearer"),
      requestId: c.get("requestId"),
      idempotencyKey: c.req.header("idempotency-key"),
      sealedPrincipal: signPrincipal(principal, config.internalSecret),
    };
  });
  app.on(["GET", "POST"], "/graphql", handler);

  return { app, apiSchemaSdl: composed.apiSchemaSdl, composed, stop: () => server.stop() };
}
