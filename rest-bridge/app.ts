import { GraphQLError, type GraphQLFormattedError, type GraphQLInputType, type GraphQLSchema } from "graphql";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { bearerFrom } from "../lib/auth.js";
import { ErrorCode, FieldErrorCollector } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";
import { useRequestContext } from "../lib/observability.js";
import { pickDecisiveError, RestError, snakeFields } from "./errors.js";
import { buildOpenApi } from "./openapi.js";
import { loadOperations, type StoredOperation } from "./operations.js";
import { PAGE_QUERY, type RouteDef, type RouteVariant } from "./route.js";
import { fromQueryString, toGraphQLValue, variableTypes } from "./variables.js";

/** Runs a GraphQL operation against the gateway (in process or over HTTP) and returns its HTTP answer. */
export type GatewayExecutor = (
  body: { query: string; operationName: string; variables: Record<string, unknown> },
  headers: Record<string, string>,
) => Promise<Response>;

export interface BridgeOptions {
  routes: RouteDef[];
  /** The API schema, for variable types and /openapi.json. */
  schema: GraphQLSchema;
  execute: GatewayExecutor;
  logger: Logger;
  bodyLimitBytes: number;
}

interface CompiledRoute {
  route: RouteDef;
  operation: StoredOperation;
  types: Map<string, GraphQLInputType>;
  variants: { variant: RouteVariant; operation: StoredOperation; types: Map<string, GraphQLInputType> }[];
}

type Env = { Variables: { requestId: string } };

/**
 * The REST bridge: each row of the route table becomes a Hono route that turns path, query and body
 * into variables, runs the row's operation through the gateway, and answers with the row's result
 * field (in the spec's pagination envelope when the row paginates). No domain logic lives here.
 */
export function createBridge(o: BridgeOptions): Hono<Env> {
  const operations = loadOperations();
  const lookup = (route: RouteDef, name: string) => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`Route ${route.method} ${route.path}: no operation named ${name}`);
    return { operation, types: variableTypes(o.schema, operation.definition) };
  };
  const compiled = o.routes.map(
    (route): CompiledRoute => ({
      route,
      ...lookup(route, route.operation),
      variants: (route.variants ?? []).map((variant) => ({ variant, ...lookup(route, variant.operation) })),
    }),
  );

  const app = new Hono<Env>();
  app.onError((err, c) => {
    if (err instanceof GraphQLError) err = restErrorFrom([err.toJSON()]);
    if (err instanceof RestError) return c.json(err.toBody(), err.status, err.headers);
    o.logger.error({ err, requestId: c.get("requestId") }, "bridge error");
    return c.json({ error: { code: ErrorCode.INTERNAL, message: "Internal error" } }, 500);
  });
  app.use("/api/*", useRequestContext("bridge", o.logger));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: o.bodyLimitBytes,
      onError: () => {
        throw new RestError(ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${o.bodyLimitBytes} bytes`);
      },
    }),
  );

  const openApi = buildOpenApi(compiled, o.schema);
  app.get("/openapi.json", (c) => c.json(openApi));

  for (const cr of compiled) {
    const honoPath = cr.route.path.replace(/\{(\w+)\}/g, ":$1");
    // The spec's paths end with "/"; the same path without it is accepted too.
    app.on(cr.route.method, [honoPath, honoPath.replace(/\/$/, "")], (c) => handle(c, cr, o));
  }
  return app;
}

async function handle(c: Context<Env>, compiled: CompiledRoute, o: BridgeOptions): Promise<Response> {
  const { route } = compiled;
  const chosen = compiled.variants.find(({ variant }) => c.req.query(variant.query) === variant.equals);
  const { operation, types } = chosen ?? compiled;
  const authorization = c.req.header("authorization");
  if (!bearerFrom(authorization)) {
    throw new RestError(ErrorCode.UNAUTHENTICATED, "Missing bearer token (Authorization: Bearer <token>)", undefined, {
      "WWW-Authenticate": 'Bearer realm="healthcare-api"',
    });
  }
  const errors = new FieldErrorCollector();
  const raw: Record<string, unknown> = {};

  for (const [param, value] of Object.entries(c.req.param() as Record<string, string>)) {
    raw[route.params?.[param] ?? camel(param)] = value;
  }
  const queryMap: Record<string, string> = { ...(route.paginated ? PAGE_QUERY : {}), ...route.query };
  for (const [param, variable] of Object.entries(queryMap)) {
    const value = c.req.query(param);
    if (value === undefined) continue;
    const type = types.get(variable);
    const converted = type ? fromQueryString(value, type) : value;
    if (type) toGraphQLValue(converted, type, param, errors);
    raw[variable] = converted;
  }
  if (route.body) {
    const body = await readJsonObject(c);
    if (route.body === "spread") {
      const bound = new Set(Object.keys(raw));
      for (const [key, value] of Object.entries(body)) {
        const variable = camel(key);
        const type = types.get(variable);
        if (!type || bound.has(variable)) errors.add(key, "is not a known field");
        else raw[variable] = toGraphQLValue(value, type, key, errors);
      }
      for (const [variable, type] of types) {
        if (!(variable in raw) && type.toString().endsWith("!") && !hasDefault(operation, variable)) errors.add(snake(variable), "is required");
      }
    } else {
      const type = types.get(route.body.variable);
      if (!type) throw new Error(`Route ${route.path}: operation has no $${route.body.variable}`);
      raw[route.body.variable] = toGraphQLValue(body, type, "", errors);
    }
  }
  errors.throwIfAny("Request has invalid fields");

  const response = await o.execute(
    { query: operation.document, operationName: operation.name, variables: raw },
    {
      authorization: authorization!,
      "x-request-id": c.get("requestId") ?? "",
      ...(c.req.header("idempotency-key") ? { "idempotency-key": c.req.header("idempotency-key")! } : {}),
    },
  );
  const payload = (await response.json().catch(() => null)) as { data?: Record<string, unknown> | null; errors?: GraphQLFormattedError[] } | null;
  if (!payload) throw new RestError(ErrorCode.INTERNAL, `Gateway answered ${response.status} without JSON`);
  if (payload.errors?.length) throw restErrorFrom(payload.errors);
  const result = payload.data?.[chosen?.variant.result ?? route.result] as Record<string, unknown> | null | undefined;
  if (result === undefined) throw new RestError(ErrorCode.INTERNAL, "Gateway returned no data");
  if (chosen) return fileResponse(result as { filename?: string; contentBase64?: string }, chosen.variant.contentType);
  const status = (route.status ?? 200) as 200;
  if (!route.paginated) return c.json(result, status);
  const envelope: Record<string, unknown> = {
    results: result!.results,
    count: result!.count,
    page: result!.page,
    page_size: result!.pageSize,
    next: result!.next,
    previous: result!.previous,
  };
  for (const extra of route.envelopeExtras ?? []) envelope[extra] = result![extra];
  return c.json(envelope, status);
}

/** A file answer (`{ filename, contentBase64 }` from the operation), e.g. a receipt PDF. */
function fileResponse(file: { filename?: string; contentBase64?: string }, contentType: string): Response {
  if (typeof file?.contentBase64 !== "string") throw new RestError(ErrorCode.INTERNAL, "Operation returned no file content");
  const filename = (file.filename ?? "download").replace(/[^\w.-]/g, "_");
  return new Response(Buffer.from(file.contentBase64, "base64"), {
    status: 200,
    headers: { "content-type": contentType, "content-disposition": `inline; filename="${filename}"` },
  });
}

function restErrorFrom(errors: GraphQLFormattedError[]): RestError {
  const e = pickDecisiveError(errors);
  const ext = (e.extensions ?? {}) as { code?: string; fields?: Record<string, string[]>; retryAfter?: number; rateLimit?: Record<string, number> };
  const code = ext.code ?? ErrorCode.INTERNAL;
  const headers: Record<string, string> = {};
  if (ext.retryAfter !== undefined) headers["Retry-After"] = String(ext.retryAfter);
  if (ext.rateLimit) {
    headers["RateLimit-Limit"] = String(ext.rateLimit.limit);
    headers["RateLimit-Remaining"] = String(ext.rateLimit.remaining);
    headers["RateLimit-Reset"] = String(ext.rateLimit.reset);
  }
  if (code === ErrorCode.UNAUTHENTICATED) headers["WWW-Authenticate"] = 'Bearer realm="healthcare-api"';
  return new RestError(code, e.message, ext.fields ? snakeFields(ext.fields) : undefined, headers);
}

async function readJsonObject(c: Context<Env>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new RestError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the body as JSON (Content-Type: application/json)");
  }
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch (err) {
    throw new RestError(ErrorCode.BAD_USER_INPUT, `Request body is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new RestError(ErrorCode.BAD_USER_INPUT, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

function hasDefault(op: StoredOperation, variable: string): boolean {
  return Boolean(op.definition.variableDefinitions?.find((d) => d.variable.name.value === variable)?.defaultValue);
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
