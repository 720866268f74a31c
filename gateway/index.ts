import { ApolloServer, type BaseContext } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import type { Fetcher, FetcherRequestInit, FetcherResponse } from "@apollo/utils.fetcher";
import { GraphQLError, Kind, type GraphQLFormattedError } from "graphql";
import { Hono } from "hono";
import { apolloHandler } from "../lib/apollo-hono.js";
import { useRequestContext } from "../lib/observability.js";
import { PRINCIPAL_HEADER, REQUEST_ID_HEADER, type Principal } from "../lib/auth.js";
import { createPrincipalSigner, GATEWAY_JWKS_PATH, type PrincipalSigner } from "../lib/principal-keys.js";
import type { Config } from "../lib/config.js";
import { upstreamUnavailable } from "../lib/errors.js";
import { createErrorFormatter } from "../lib/format-error.js";
import type { Logger } from "../lib/logger.js";
import type { SubgraphName } from "../lib/subgraph.js";
import { useBearerAuth, type AuthVariables } from "./plugins/auth.js";
import { operationShapeRules, useCostLimit } from "./plugins/limits.js";
import { useRejectNul } from "./plugins/reject-nul.js";
import { encodeMultipart, useUploads } from "./plugins/uploads.js";
import { useOperationMetrics } from "./plugins/metrics.js";
import { subgraphFetchDuration, subgraphFetchErrors } from "../lib/observability.js";
import { injectTraceContext } from "../lib/tracing.js";
import { isConnectionReset, isQueryDocument, upstreamFetch } from "../lib/upstream-http.js";
import { loadOperations } from "../rest-bridge/operations.js";
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
  /** How principals are sealed for subgraphs; built from the config when not given. */
  principalSigner?: PrincipalSigner;
}

type GatewayGraphQLResponse = Awaited<ReturnType<RemoteGraphQLDataSource["process"]>>;

/** UPSTREAM_UNAVAILABLE errors thrown because the connection was reset under the fetch (a query may be sent again). */
const resetFailures = new WeakSet<object>();

/** Whether this subgraph fetch only reads: a query (entity fetches of a mutation's plan included), never a mutation. */
function isQueryFetch(options: GraphQLDataSourceProcessOptions<GatewayContext>): boolean {
  const document = "document" in options ? options.document : undefined;
  const operation = document?.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operation) return operation.operation === "query";
  return isQueryDocument(options.request.query ?? "", options.request.operationName);
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
    // The active span is the gateway's fetch span (Apollo Gateway's own OpenTelemetry spans).
    injectTraceContext(headers);
  }

  /** Times every fetch from this subgraph and counts failures by kind (lib/observability.ts). */
  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const stopTimer = subgraphFetchDuration.startTimer({ subgraph: this.subgraphName });
    try {
      const response = await this.processWithUploads(options).catch((err: unknown) => {
        // A reset keep-alive connection: a query goes once more on a fresh one; a mutation may have run, so it fails.
        if (resetFailures.has(err as object) && isQueryFetch(options)) return this.processWithUploads(options);
        throw err;
      });
      if (response.errors?.length) subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: "graphql" });
      return response;
    } finally {
      stopTimer();
    }
  }

  /**
   * A fetch whose variables hold uploaded files (BufferedUpload, gateway/plugins/uploads.ts) goes to the
   * subgraph as a GraphQL multipart request; the stock data source would send them as JSON nulls.
   * Every other fetch takes the stock path.
   */
  private async processWithUploads(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { request } = options;
    const { http: _http, ...payload } = request;
    const multipart = await encodeMultipart(payload as Record<string, unknown>);
    if (!multipart) return super.process(options);
    request.http = { method: "POST", url: this.url!, headers: new Headers() as never };
    await this.willSendRequest(options);
    const headers = Object.fromEntries(request.http.headers as unknown as Headers);
    // The subgraph keeps Apollo's CSRF rule for multipart requests too: say this is no browser form.
    const init: FetcherRequestInit = { method: "POST", headers: { ...headers, "content-type": multipart.contentType, "apollo-require-preflight": "true" }, body: multipart.body };
    let response: FetcherResponse | undefined;
    try {
      response = await this.fetcher(this.url!, init);
      if (!response.ok) throw await this.errorFromResponse(response);
      return { ...((await response.json()) as GatewayGraphQLResponse), http: response } as GatewayGraphQLResponse;
    } catch (error) {
      this.didEncounterError(error as Error, init, response);
      throw error;
    }
  }

  /**
   * A subgraph answers a GraphQL request it refuses (e.g. a variable of the wrong type) with HTTP 400
   * and GraphQL errors in the body; pass those errors on with their codes instead of a bare "400".
   */
  async errorFromResponse(response: FetcherResponse): Promise<GraphQLError> {
    subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: response.status >= 500 ? "http_5xx" : "http_4xx" });
    const body = (await response.clone().json().catch(() => undefined)) as { errors?: GraphQLFormattedError[] } | undefined;
    const first = body?.errors?.[0];
    if (first?.extensions?.code) return new GraphQLError(first.message, { extensions: first.extensions });
    return super.errorFromResponse(response);
  }

  didEncounterError(error: Error, _request: unknown, response?: FetcherResponse): void {
    if (!response) subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: "network" });
    if ("extensions" in error) throw error;
    // The body is public: name the subgraph, never its internal URL or the socket error.
    const unavailable = upstreamUnavailable(`The ${this.subgraphName} subgraph`);
    if (!response && isConnectionReset(error)) resetFailures.add(unavailable);
    throw unavailable;
  }
}

/** Node's fetch through the upstream pool; retries are decided per operation in SubgraphDataSource.process. */
function remoteFetcher(idleMs: number): Fetcher {
  return ((url: string, init?: RequestInit) => upstreamFetch(url, init ?? {}, { idleMs, retryOnReset: false })) as unknown as Fetcher;
}

/**
 * The gateway: composes the subgraphs, verifies bearer tokens, seals the principal for subgraphs,
 * and serves POST/GET /graphql and GET /schema.graphql.
 */
export async function createGateway(o: GatewayOptions) {
  const { config } = o;
  const logger = o.logger.child({ role: "gateway" });
  const composed = await composeSupergraph(o.subgraphUrl, { reuseCommitted: true });
  const signer = o.principalSigner ?? (await createPrincipalSigner(config, logger));
  const gateway = new ApolloGateway({
    supergraphSdl: composed.supergraphSdl,
    // Each subgraph where this process was told it runs (the supergraph may carry the compose hosts).
    buildService: ({ name }) => {
      // Other processes are called through the upstream pool (idle sockets closed before the subgraph closes them).
      const fetcher = o.subgraphFetch?.(name as SubgraphName) ?? remoteFetcher(config.UPSTREAM_IDLE_TIMEOUT_MS);
      return Object.assign(new SubgraphDataSource({ url: o.subgraphUrl(name as SubgraphName), fetcher }), { subgraphName: name });
    },
    logger,
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: createErrorFormatter(logger, { hideSuggestions: !config.introspection }),
    validationRules: operationShapeRules(config.MAX_QUERY_DEPTH, config.MAX_QUERY_ALIASES),
    // Apollo's own landing page loads from a CDN; browsers get GraphiQL from local files (gateway/explorer.ts).
    plugins: [useOperationMetrics({ knownOperations: loadOperations().keys() }), useRejectNul(), useCostLimit(config.MAX_QUERY_COST), ApolloServerPluginLandingPageDisabled()],
    csrfPrevention: true,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP first, then stops this server (Apollo would stop at once and re-raise the signal).
    stopOnTerminationSignals: false,
  });
  await server.start();

  const app = new Hono<{ Variables: AuthVariables & { requestId: string } }>();
  app.use("*", useRequestContext("gateway", logger));
  app.get("/schema.graphql", (c) => c.text(composed.apiSchemaSdl, 200, { "content-type": "text/plain; charset=utf-8" }));
  // The public half of the key principals are signed with: subgraphs (GATEWAY_JWKS_URL) verify with it.
  const jwks = signer.jwks;
  if (jwks) app.get(GATEWAY_JWKS_PATH, (c) => c.json(jwks, 200, { "cache-control": "public, max-age=300" }));
  app.use("/graphql", useBearerAuth(config));
  const handler = apolloHandler(server, async (c) => {
    const principal = c.get("principal");
    return {
      principal,
      bearer: c.get("bearer"),
      requestId: c.get("requestId"),
      idempotencyKey: c.req.header("idempotency-key"),
      sealedPrincipal: signer.sign(principal),
    };
  }, { readMultipart: useUploads({ maxFileBytes: config.DIGITIZATION_MAX_BYTES, maxFiles: 1 }) });
  app.on(["GET", "POST"], "/graphql", handler);

  return { app, apiSchemaSdl: composed.apiSchemaSdl, composed, stop: () => server.stop() };
}
