import { ApolloServer, type BaseContext } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from "@apollo/gateway";
import { STATUS_CODES } from "node:http";
import { GraphQLError, Kind, type GraphQLFormattedError } from "graphql";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { apolloHandler } from "../lib/apollo-hono.js";
import { applyApolloTelemetrySetting, noApolloReporting } from "../lib/apollo-offline.js";
import { createRequestRecorder, useRequestContext } from "../lib/observability.js";
import { createBearerVerifier, PRINCIPAL_HEADER, REQUEST_ID_HEADER, type Principal } from "../lib/auth.js";
import { ErrorCode } from "../lib/errors.js";
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
import { isMultipart } from "../lib/uploads.js";
import { useOperationMetrics } from "./plugins/metrics.js";
import { subgraphFetchDuration, subgraphFetchErrors } from "../lib/observability.js";
import { inServerSpan, injectTraceContext, tracingEnabled } from "../lib/tracing.js";
import { isConnectionReset, isQueryDocument, upstreamPoster, type UpstreamAnswer, type UpstreamPost } from "../lib/upstream-http.js";
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
  /** For subgraphs in this process: the subgraph's app, called directly (no socket). */
  subgraphApp?(name: SubgraphName): SubgraphApp | undefined;
  /** How principals are sealed for subgraphs; built from the config when not given. */
  principalSigner?: PrincipalSigner;
}

/** One GraphQL operation run on the gateway in this process (the bridge's stored operations, a subgraph's query). */
export interface InProcessOperation {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  /** The caller's access token: verified here exactly as `Authorization: Bearer` is at /graphql. */
  bearer?: string;
  requestId: string;
  idempotencyKey?: string;
  /** The caller's trace context (`traceparent`), when tracing is on. */
  traceHeaders?: Record<string, string>;
}

/** The gateway's answer: the HTTP status it would have sent and the GraphQL response body. */
export interface GatewayAnswer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] };
}

type GatewayGraphQLResponse = Awaited<ReturnType<RemoteGraphQLDataSource["process"]>>;

/** A subgraph's Hono app in this process. */
export interface SubgraphApp {
  fetch(request: Request): Response | Promise<Response>;
}

/** POSTs to a subgraph app in this process: a Request in, its Response read in full. */
function appPoster(url: string, app: SubgraphApp): UpstreamPost {
  return async (headers, body) => {
    const response = await app.fetch(new Request(url, { method: "POST", headers, body: body as BodyInit }));
    return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, body: await response.text() };
  };
}

/** UPSTREAM_UNAVAILABLE errors thrown because the connection was reset under the fetch (a query may be sent again). */
const resetFailures = new WeakSet<object>();

/** Whether this subgraph fetch only reads: a query (entity fetches of a mutation's plan included), never a mutation. */
function isQueryFetch(options: GraphQLDataSourceProcessOptions<GatewayContext>): boolean {
  const document = "document" in options ? options.document : undefined;
  const operation = document?.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operation) return operation.operation === "query";
  return isQueryDocument(options.request.query ?? "", options.request.operationName);
}

const STATUS_TEXT = STATUS_CODES as Record<number, string | undefined>;

/**
 * Forwards the gateway's fetches to one subgraph. `process` is Apollo's RemoteGraphQLDataSource
 * contract, built on `post` (lib/upstream-http.ts, or the subgraph's app in this process) instead of
 * node-fetch Request/Headers objects and WHATWG streams: the gateway's own CPU per forwarded operation
 * is what issue 14 measures, and the stock path spent a third of it there.
 */
class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    /** Named in errors and metrics instead of the URL. */
    private readonly subgraphName: string,
    url: string,
    private readonly post: UpstreamPost,
  ) {
    super({ url });
  }

  /** Times every fetch from this subgraph and counts failures by kind (lib/observability.ts). */
  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const stopTimer = subgraphFetchDuration.startTimer({ subgraph: this.subgraphName });
    try {
      const response = await this.send(options).catch((err: unknown) => {
        // A reset keep-alive connection: a query goes once more on a fresh one; a mutation may have run, so it fails.
        if (resetFailures.has(err as object) && isQueryFetch(options)) return this.send(options);
        throw err;
      });
      if (response.errors?.length) subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: "graphql" });
      return response;
    } finally {
      stopTimer();
    }
  }

  /**
   * One POST: the sealed principal, the caller's bearer, the request id and Idempotency-Key, the
   * trace context. A fetch whose variables hold uploaded files (BufferedUpload,
   * gateway/plugins/uploads.ts) goes as a GraphQL multipart request instead of JSON, where they would be nulls.
   */
  private async send(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const { request, context } = options;
    const { http: _http, ...payload } = request;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      [PRINCIPAL_HEADER]: await context.sealedPrincipal,
      authorization: `Bearer ${context.bearer}`,
      [REQUEST_ID_HEADER]: context.requestId,
    };
    if (context.idempotencyKey) headers["idempotency-key"] = context.idempotencyKey;
    // The active span is the gateway's fetch span (Apollo Gateway's own OpenTelemetry spans).
    injectTraceContext(headers);
    const multipart = await encodeMultipart(payload as Record<string, unknown>);
    if (multipart) {
      headers["content-type"] = multipart.contentType;
      // The subgraph keeps Apollo's CSRF rule for multipart requests too: say this is no browser form.
      headers["apollo-require-preflight"] = "true";
    }
    let answer: UpstreamAnswer | undefined;
    try {
      answer = await this.post(headers, multipart ? multipart.body : JSON.stringify(payload));
      if (answer.status < 200 || answer.status > 299) throw this.errorFromAnswer(answer);
      const body = JSON.parse(answer.body) as unknown;
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("The subgraph's answer is not a GraphQL response");
      return body as GatewayGraphQLResponse;
    } catch (error) {
      return this.failed(error as Error, answer);
    }
  }

  /**
   * A subgraph answers a GraphQL request it refuses (e.g. a variable of the wrong type) with HTTP 400
   * and GraphQL errors in the body; pass those errors on with their codes instead of a bare "400".
   */
  private errorFromAnswer(answer: UpstreamAnswer): GraphQLError {
    subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: answer.status >= 500 ? "http_5xx" : "http_4xx" });
    let first: GraphQLFormattedError | undefined;
    try {
      first = (JSON.parse(answer.body) as { errors?: GraphQLFormattedError[] }).errors?.[0];
    } catch {
      // Not JSON (a proxy's error page): described by its status below.
    }
    if (first?.extensions?.code) return new GraphQLError(first.message, { extensions: first.extensions });
    const code = answer.status === 401 ? ErrorCode.UNAUTHENTICATED : answer.status === 403 ? ErrorCode.FORBIDDEN : undefined;
    return new GraphQLError(`${answer.status}: ${STATUS_TEXT[answer.status] ?? "Unknown"}`, { extensions: { ...(code ? { code } : {}), response: { status: answer.status } } });
  }

  /** Every failure of a fetch: a GraphQL error passes as it is; anything else is UPSTREAM_UNAVAILABLE. */
  private failed(error: Error, answer?: UpstreamAnswer): never {
    if (!answer) subgraphFetchErrors.inc({ subgraph: this.subgraphName, kind: "network" });
    if ("extensions" in error) throw error;
    // The body is public: name the subgraph, never its internal URL or the socket error.
    const unavailable = upstreamUnavailable(`The ${this.subgraphName} subgraph`);
    if (!answer && isConnectionReset(error)) resetFailures.add(unavailable);
    throw unavailable;
  }
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
  applyApolloTelemetrySetting(config.APOLLO_TELEMETRY_DISABLED);
  const gateway = new ApolloGateway({
    supergraphSdl: composed.supergraphSdl,
    // Each subgraph where this process was told it runs (the supergraph may carry the compose hosts).
    buildService: ({ name }) => {
      // Other processes are called through the upstream pool (idle sockets closed before the subgraph closes them).
      const url = o.subgraphUrl(name as SubgraphName);
      const app = o.subgraphApp?.(name as SubgraphName);
      return new SubgraphDataSource(name, url, app ? appPoster(url, app) : upstreamPoster(url, config.UPSTREAM_IDLE_TIMEOUT_MS));
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
    // No answer is cacheable (patient data): no cache policy is computed, and subgraphs' Cache-Control is not followed.
    plugins: [useOperationMetrics({ knownOperations: loadOperations().keys() }), useRejectNul(), useCostLimit(config.MAX_QUERY_COST), ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled(), ...noApolloReporting()],
    csrfPrevention: true,
    // main.ts owns SIGTERM/SIGINT: it drains HTTP first, then stops this server (Apollo would stop at once and re-raise the signal).
    stopOnTerminationSignals: false,
  });
  await server.start();

  const verifyBearer = createBearerVerifier(config);
  const contextFor = (principal: Principal, bearer: string, requestId: string, idempotencyKey: string | undefined): GatewayContext => ({
    principal,
    bearer,
    requestId,
    idempotencyKey,
    sealedPrincipal: signer.sign(principal),
  });
  const recordInProcess = createRequestRecorder("gateway", logger);

  /**
   * Runs one operation in this process without an HTTP request (docs/decisions/security.md, "Verified
   * once"): the bearer is verified here, once, by the same verifier as /graphql; the operation goes
   * through the same ApolloServer (validation rules, cost limit, NUL refusal, operation metrics, error
   * formatting) and the same data sources (sealed principal, rate limits in the subgraphs). CSRF
   * prevention is for browsers' requests to /graphql and does not apply to a call made in process.
   */
  async function runVerified(op: InProcessOperation): Promise<GatewayAnswer> {
    if (!op.bearer) return unauthenticatedAnswer("Missing bearer token (Authorization: Bearer <token>)");
    let principal: Principal;
    try {
      principal = await verifyBearer(op.bearer);
    } catch (err) {
      return unauthenticatedAnswer((err as Error).message);
    }
    const response = await server.executeOperation(
      { query: op.query, operationName: op.operationName, variables: op.variables },
      { contextValue: contextFor(principal, op.bearer, op.requestId, op.idempotencyKey) },
    );
    if (response.body.kind !== "single") throw new Error("Incremental delivery is not served in process");
    const { data, errors } = response.body.singleResult;
    return { status: response.http.status ?? (errors?.length && data === undefined ? 400 : 200), body: { data: data as Record<string, unknown> | null | undefined, errors } };
  }

  async function execute(op: InProcessOperation): Promise<GatewayAnswer> {
    const started = performance.now();
    let answer: GatewayAnswer | undefined;
    let traceId: string | undefined;
    try {
      if (tracingEnabled()) {
        await inServerSpan(
          new Headers(op.traceHeaders),
          () => "gateway POST /graphql",
          { "service.role": "gateway", "http.request.method": "POST", "request.id": op.requestId },
          async (span) => {
            traceId = span.spanContext().traceId;
            answer = await runVerified(op);
          },
          () => answer?.status ?? 500,
        );
      } else {
        answer = await runVerified(op);
      }
      return answer!;
    } finally {
      recordInProcess({ requestId: op.requestId, traceId, method: "POST", route: "/graphql", path: "/graphql", status: answer?.status ?? 500, started });
    }
  }

  const app = new Hono<{ Variables: AuthVariables & { requestId: string } }>();
  app.use("*", useRequestContext("gateway", logger));
  app.get("/schema.graphql", (c) => c.text(composed.apiSchemaSdl, 200, { "content-type": "text/plain; charset=utf-8" }));
  // The public half of the key principals are signed with: subgraphs (GATEWAY_JWKS_URL) verify with it.
  const jwks = signer.jwks;
  if (jwks) app.get(GATEWAY_JWKS_PATH, (c) => c.json(jwks, 200, { "cache-control": "public, max-age=300" }));
  app.use("/graphql", useBearerAuth(config, verifyBearer));
  const handler = apolloHandler(server, async (c) => contextFor(c.get("principal"), c.get("bearer"), c.get("requestId"), c.req.header("idempotency-key")), { readMultipart: useUploads({ maxFileBytes: config.DIGITIZATION_MAX_BYTES, maxFiles: 1 }) });
  app.post("/graphql", graphqlBodyRules(config.BODY_LIMIT_BYTES));
  app.on(["GET", "POST"], "/graphql", handler);
  // The edge rules of the REST paths hold here too (rest-contract.md): another method is a JSON 405 with Allow.
  app.all("/graphql", (c) => c.json(graphqlError(ErrorCode.METHOD_NOT_ALLOWED, `${c.req.method} is not allowed on /graphql; use GET, POST or OPTIONS`), 405, { Allow: "GET, POST, OPTIONS" }));

  return { app, execute, apiSchemaSdl: composed.apiSchemaSdl, composed, stop: () => server.stop() };
}

export type Gateway = Awaited<ReturnType<typeof createGateway>>;


const graphqlError = (code: string, message: string) => ({ errors: [{ message, extensions: { code } }] });

/**
 * A POST to /graphql is JSON (at most BODY_LIMIT_BYTES, like every REST body: 413 before anything
 * runs) or a multipart upload (bounded per file by the uploads plugin); any other content type is 415.
 */
function graphqlBodyRules(maxBytes: number): MiddlewareHandler {
  const jsonLimit = bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(graphqlError(ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${maxBytes} bytes`), 413) });
  return async (c, next) => {
    const type = c.req.header("content-type");
    if (isMultipart(type)) return next();
    if (!/^application\/(graphql-response\+)?json\b/i.test(type ?? "")) {
      return c.json(graphqlError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the operation as JSON (Content-Type: application/json), or a file upload as multipart/form-data"), 415);
    }
    return jsonLimit(c, next);
  };
}

function unauthenticatedAnswer(message: string): GatewayAnswer {
  return { status: 401, body: { errors: [{ message, extensions: { code: ErrorCode.UNAUTHENTICATED } }] } };
}
