import { GraphQLError, type GraphQLFormattedError, type GraphQLInputType, type GraphQLSchema } from "graphql";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { bearerFrom, type Principal } from "../lib/auth.js";
import { ErrorCode, FieldErrorCollector, type FieldErrors } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";
import { hasNul, NUL_MESSAGE, nulPaths } from "../lib/nul.js";
import { useRequestContext } from "../lib/observability.js";
import { capabilitiesOfOperation, loadFieldCapabilities, mayRunOperation, roleForbidden } from "./authorization.js";
import { camelInputNames, pickDecisiveError, RestError, snakeFields, snakeNamesIn, snakePath } from "./errors.js";
import { FORM_OVERHEAD_BYTES, readMultipartForm, type GatewayFile } from "./multipart.js";
import { buildOpenApi } from "./openapi.js";
import { loadOperations, type StoredOperation } from "./operations.js";
import { resourceShape, type ResourceShape } from "./read-only.js";
import { PAGE_QUERY, type RouteDef, type RouteVariant } from "./route.js";
import { fromQueryString, snake, toGraphQLValue, unknownFieldMessage, variableTypes } from "./variables.js";

/** The gateway's answer to one operation: its HTTP status and GraphQL body (null when it was not JSON). */
export interface GatewayReply {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: readonly GraphQLFormattedError[] } | null;
}

/**
 * Runs a GraphQL operation against the gateway and returns its answer: in one process on the gateway's
 * ApolloServer directly (no Request, no JSON in between), in split mode over HTTP.
 */
export type GatewayExecutor = (
  body: { query: string; operationName: string; variables: Record<string, unknown> },
  headers: Record<string, string>,
  /** Files of a multipart row: the request goes to the gateway as a GraphQL multipart upload (rest-bridge/multipart.ts). */
  files?: GatewayFile[],
) => Promise<GatewayReply>;

/** Reads a gateway's HTTP answer into a GatewayReply (split mode, uploads). */
export async function replyFrom(response: Response): Promise<GatewayReply> {
  return { status: response.status, body: (await response.json().catch(() => null)) as GatewayReply["body"] };
}

export interface BridgeOptions {
  routes: RouteDef[];
  /** The API schema, for variable types and /openapi.json. */
  schema: GraphQLSchema;
  execute: GatewayExecutor;
  logger: Logger;
  bodyLimitBytes: number;
  /** Largest file a multipart row accepts (DIGITIZATION_MAX_BYTES); its body may be FORM_OVERHEAD_BYTES larger. */
  uploadLimitBytes: number;
  /**
   * Verifies a bearer token as the gateway does (lib/auth.ts createBearerVerifier, same config). Used
   * only on a request the bridge would refuse with 400, to answer 401 or 403 first as Django REST
   * Framework does; without it such a request keeps its 400 (rest-contract.md, "Authorization before validation").
   */
  verifyBearer?: (token: string) => Promise<Principal>;
}

/** A stored operation as a row runs it: its variable types and the capabilities it asks of the caller. */
interface CompiledOperation {
  operation: StoredOperation;
  types: Map<string, GraphQLInputType>;
  /**
   * Per `@Authorized` field it selects, the capabilities of which the caller needs one (rest-bridge/authorization.ts).
   * Worked out on the first request refused with 400, not at start: a valid request never needs it.
   */
  capabilities: () => string[][];
}

interface CompiledRoute extends CompiledOperation {
  route: RouteDef;
  variants: ({ variant: RouteVariant } & CompiledOperation)[];
  /** The resource the row answers with: its fields a body may echo back (ignored when read-only). */
  shape?: ResourceShape;
  /** Query parameters the row accepts (DESIGN.md, "Request bodies": any other is 400). */
  acceptedQuery: Set<string>;
  /** Variables bound from a path or query parameter of another name, by snake_case (field errors). */
  restNames: Map<string, string>;
  /** The API's camelCase input names, spelled in snake_case in the messages the row answers with (errors.ts). */
  inputNames: ReadonlySet<string>;
}

/** Query parameters every row accepts, whether or not it uses them (plus names starting with `_`). */
export const ALWAYS_ACCEPTED_QUERY = ["page", "page_size", "format", "ordering", "search"] as const;

type Env = { Variables: { requestId: string } };

/**
 * The REST bridge: each row of the route table becomes a Hono route that turns path, query and body
 * into variables, runs the row's operation through the gateway, and answers with the row's result
 * field (in the spec's pagination envelope when the row paginates). No domain logic lives here.
 */
export function createBridge(o: BridgeOptions): Hono<Env> {
  const operations = loadOperations();
  const fieldCapabilities = loadFieldCapabilities();
  // A subgraph's message names fields as GraphQL does ("give patientBirthDate or patientAgeYears"); REST says patient_birth_date.
  const inputNames = camelInputNames(o.schema);
  const lookup = (route: RouteDef, name: string): CompiledOperation => {
    const operation = operations.get(name);
    if (!operation) throw new Error(`Route ${route.method} ${route.path}: no operation named ${name}`);
    let capabilities: string[][] | undefined;
    return { operation, types: variableTypes(o.schema, operation.definition), capabilities: () => (capabilities ??= capabilitiesOfOperation(operation.definition, o.schema, fieldCapabilities)) };
  };
  const compiled = o.routes.map((route): CompiledRoute => {
    const main = lookup(route, route.operation);
    return {
      route,
      ...main,
      variants: (route.variants ?? []).map((variant) => ({ variant, ...lookup(route, variant.operation) })),
      shape: route.body ? resourceShape(main.operation, route.result) : undefined,
      acceptedQuery: new Set([...ALWAYS_ACCEPTED_QUERY, ...Object.keys(route.query ?? {}), ...(route.variants ?? []).map((v) => v.query)]),
      restNames: restNamesOf(route),
      inputNames,
    };
  });

  const app = new Hono<Env>();
  app.onError((err, c) => {
    const rest = asRestError(err);
    if (rest) return c.json(rest.toBody(), rest.status, rest.headers);
    o.logger.error({ err, requestId: c.get("requestId") }, "bridge error");
    return c.json({ error: { code: ErrorCode.INTERNAL, message: "Internal error" } }, 500);
  });
  app.use("/api/*", useRequestContext("bridge", o.logger));
  const jsonLimit = bodyLimit({
    maxSize: o.bodyLimitBytes,
    onError: () => {
      throw new RestError(ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${o.bodyLimitBytes} bytes`);
    },
  });
  // Multipart rows (document upload) take files up to the upload limit; every other path keeps BODY_LIMIT_BYTES.
  const uploadLimit = bodyLimit({
    maxSize: o.uploadLimitBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new RestError(ErrorCode.PAYLOAD_TOO_LARGE, `The document is larger than ${o.uploadLimitBytes} bytes`, { document: [`must be at most ${o.uploadLimitBytes} bytes`] });
    },
  });
  const isUploadPath = methodsByPath(o.routes.filter((r) => r.multipart));
  app.use("/api/*", function limitBody(c, next) {
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): nothing to
    // limit, and Hono's bodyLimit would first build the whole WHATWG Request to look for one.
    if (c.req.header("content-length") === undefined && c.req.header("transfer-encoding") === undefined) return next();
    return (isUploadPath(c.req.path) ? uploadLimit : jsonLimit)(c, next);
  });

  const openApi = buildOpenApi(compiled, o.schema);
  app.get("/openapi.json", (c) => c.json(openApi));

  for (const cr of compiled) {
    const honoPath = cr.route.path.replace(/\{(\w+)\}/g, ":$1");
    // The spec's paths end with "/"; the same path without it is accepted too.
    app.on(cr.route.method, [honoPath, honoPath.replace(/\/$/, "")], (c) => handle(c, cr, o));
  }
  const allowedMethods = methodsByPath(o.routes);
  // A path of the table asked with another method is 405 with Allow; any other path is 404.
  app.notFound((c) => {
    const allow = allowedMethods(new URL(c.req.url).pathname);
    if (!allow) throw new RestError(ErrorCode.NOT_FOUND, `No such path: ${c.req.method} ${new URL(c.req.url).pathname}`);
    throw new RestError(ErrorCode.METHOD_NOT_ALLOWED, `${c.req.method} is not allowed here; use ${allow.join(", ")}`, undefined, { Allow: allow.join(", ") });
  });
  return app;
}

/** For a request path, the methods the route table serves there (with HEAD and OPTIONS), or undefined. */
function methodsByPath(routes: RouteDef[]): (path: string) => string[] | undefined {
  const patterns = routes.map((r) => ({
    method: r.method,
    regex: new RegExp(`^${r.path.replace(/\/$/, "").replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
  }));
  return (path) => {
    const methods = new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method as string));
    if (!methods.size) return undefined;
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    return [...methods];
  };
}

/** GraphQL's Int: a signed 32-bit integer. */
const INT_MAX = 2_147_483_647;

async function handle(c: Context<Env>, compiled: CompiledRoute, o: BridgeOptions): Promise<Response> {
  const { route } = compiled;
  // A variant's value is matched without regard to case (?format=PDF); a value no variant takes is a 400 below.
  const chosen = compiled.variants.find(({ variant }) => c.req.query(variant.query)?.toLowerCase() === variant.equals.toLowerCase());
  const run = chosen ?? compiled;
  const { operation } = run;
  const authorization = c.req.header("authorization");
  const bearer = bearerFrom(authorization);
  if (!bearer) {
    throw new RestError(ErrorCode.UNAUTHENTICATED, "Missing bearer token (Authorization: Bearer <token>)", undefined, {
      "WWW-Authenticate": 'Bearer realm="healthcare-api"',
    });
  }
  const { raw, files } = await readVariables(c, compiled, run, Boolean(chosen)).catch(async (err: unknown) => {
    // Django REST Framework checks permissions before the serializer: a caller whose roles may not run
    // the operation gets the gateway's 403, not a 400 listing its fields. Checked only on the way to a
    // 400, so a valid request costs nothing more; a token that fails verification is the gateway's 401.
    if (o.verifyBearer && asRestError(err)?.status === 400 && !mayRunOperation(await o.verifyBearer(bearer), run.capabilities())) throw roleForbidden();
    throw err;
  });

  const { status: gatewayStatus, body: payload } = await o.execute(
    { query: operation.document, operationName: operation.name, variables: raw },
    {
      authorization: authorization!,
      "x-request-id": c.get("requestId") ?? "",
      ...(c.req.header("idempotency-key") ? { "idempotency-key": c.req.header("idempotency-key")! } : {}),
    },
    files,
  );
  if (!payload) throw new RestError(ErrorCode.INTERNAL, `Gateway answered ${gatewayStatus} without JSON`);
  if (payload.errors?.length) throw restErrorFrom(payload.errors, { restNames: compiled.restNames, inputNames: compiled.inputNames });
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

/**
 * Path, query and body (JSON or multipart) as the operation's variables, checked against their types;
 * every problem found is one 400 with the fields named (FieldErrorCollector).
 */
async function readVariables(c: Context<Env>, compiled: CompiledRoute, run: CompiledOperation, variantChosen: boolean): Promise<{ raw: Record<string, unknown>; files: GatewayFile[] }> {
  const { route } = compiled;
  const { operation, types } = run;
  const errors = new FieldErrorCollector();
  const raw: Record<string, unknown> = {};

  for (const [param, value] of Object.entries(c.req.param() as Record<string, string>)) {
    if (hasNul(value)) errors.add(param, NUL_MESSAGE);
    else raw[route.params?.[param] ?? camel(param)] = value;
  }
  const query = c.req.queries();
  for (const [param, values] of Object.entries(query)) {
    if (!compiled.acceptedQuery.has(param) && !param.startsWith("_")) {
      errors.add(param, `is not a known query parameter; accepted: ${[...compiled.acceptedQuery].join(", ")} and names starting with "_"`);
    } else if (values.some(hasNul)) errors.add(param, NUL_MESSAGE);
    // A repeated parameter (items=a&items=b) is refused, not read as its first value: dropping the rest
    // unannounced turned a two-drug interaction check into a one-drug "safe".
    else if (values.length > 1) errors.add(param, `is given ${values.length} times: give it once (a list is one comma-separated value, e.g. ${param}=a,b)`);
  }
  const queryMap: Record<string, string> = { ...(route.paginated ? PAGE_QUERY : {}), ...route.query };
  for (const [param, variable] of Object.entries(queryMap)) {
    // HEAD asks what GET would answer without its effects: a parameter that sends something is left out.
    if (c.req.method === "HEAD" && route.effectQuery?.includes(param)) continue;
    let value = query[param]?.[0]; // the only one (a repeated parameter is refused above)
    // A page or page size past GraphQL's Int (32 bits) is a whole number all the same: it is read as the
    // largest Int, which the page window clamps (page_size → 100) or answers as past the end, instead of
    // a 400 saying a whole number "must be an integer".
    if (value !== undefined && Object.hasOwn(PAGE_QUERY, param) && /^\d+$/.test(value) && Number(value) > INT_MAX) value = String(INT_MAX);
    const type = types.get(variable);
    if (value === undefined) {
      // A required query parameter left out is a field error like a body field's, not GraphQL's message.
      if (type?.toString().endsWith("!") && !hasDefault(operation, variable)) errors.add(param, "is required");
      continue;
    }
    if (hasNul(value)) continue;
    const converted = type ? fromQueryString(value, type) : value;
    if (type) toGraphQLValue(converted, type, param, errors);
    raw[variable] = converted;
  }
  for (const { variant } of compiled.variants) {
    const value = query[variant.query]?.[0];
    if (value !== undefined && value.toLowerCase() !== "json" && !variantChosen && !Object.hasOwn(queryMap, variant.query)) {
      const values = compiled.variants.filter((v) => v.variant.query === variant.query).map((v) => v.variant.equals);
      errors.add(variant.query, `must be ${values.join(" or ")}, or left out for JSON`);
    }
  }
  if (route.body) {
    const body = await readJsonObject(c);
    for (const path of nulPaths(body)) errors.add(path, NUL_MESSAGE);
    if (route.body === "spread") {
      const bound = new Set(Object.keys(raw));
      for (const [key, value] of Object.entries(body)) {
        const variable = camel(key);
        const type = types.get(variable);
        if (type && !bound.has(variable)) raw[variable] = toGraphQLValue(value, type, key, errors, compiled.shape?.children.get(key));
        else if (!compiled.shape?.names.has(key)) errors.add(key, unknownFieldMessage(key, [...types.keys()].filter((v) => !bound.has(v)).map(snake), Object.keys(body)));
      }
      for (const [variable, type] of types) {
        if (!Object.hasOwn(raw, variable) && type.toString().endsWith("!") && !hasDefault(operation, variable)) errors.add(snake(variable), "is required");
      }
    } else {
      const type = types.get(route.body.variable);
      if (!type) throw new Error(`Route ${route.path}: operation has no $${route.body.variable}`);
      raw[route.body.variable] = toGraphQLValue(body, type, "", errors, compiled.shape);
    }
  }
  const files: GatewayFile[] = [];
  if (route.multipart) {
    const { variable, files: fileFields } = route.multipart;
    const type = types.get(variable);
    if (!type) throw new Error(`Route ${route.path}: operation has no $${variable}`);
    // Path and query problems are answered before a form (perhaps megabytes) is read, or found not to be one (415).
    errors.throwIfAny("Request has invalid fields");
    const form = await readMultipartForm(c, fileFields, errors);
    // Files stand in as their names while the fields are checked against the input type, then travel as uploads.
    const value: Record<string, unknown> = { ...form.text };
    for (const [field, file] of form.files) value[field] = file.name || field;
    const input = toGraphQLValue(value, type, "", errors) as Record<string, unknown>;
    for (const [field, file] of form.files) {
      input[camel(field)] = null;
      files.push({ path: `variables.${variable}.${camel(field)}`, file });
    }
    raw[variable] = input;
  }
  errors.throwIfAny("Request has invalid fields");
  return { raw, files };
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

/**
 * The REST name of each variable a route binds from its path or query under another name (`?pharmacy=`
 * is `$pharmacyId`), keyed by the variable's snake_case: field errors name what the client sent.
 */
function restNamesOf(route: RouteDef): Map<string, string> {
  const names = new Map<string, string>();
  for (const [param, variable] of [...Object.entries(route.params ?? {}), ...Object.entries(route.query ?? {})]) {
    if (snakePath(variable) !== param) names.set(snakePath(variable), param);
  }
  return names;
}

/**
 * The answer an error thrown in the bridge gets (app.onError), or undefined for an unexpected one (500).
 * A GraphQLError raised by the bridge itself has field paths that are already the client's own names;
 * Hono's own refusals (e.g. a malformed request it cannot read) keep their 4xx, in our shape.
 */
function asRestError(err: unknown): RestError | undefined {
  if (err instanceof GraphQLError) return restErrorFrom([err.toJSON()], { clientPaths: true });
  if (err instanceof RestError) return err;
  if (err instanceof HTTPException && err.status < 500) return new RestError(ErrorCode.BAD_USER_INPUT, err.message || "Bad request");
  return undefined;
}

function restErrorFrom(errors: readonly GraphQLFormattedError[], o: { clientPaths?: boolean; restNames?: Map<string, string>; inputNames?: ReadonlySet<string> } = {}): RestError {
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
  const fields = ext.fields && (o.clientPaths ? ext.fields : renameFields(snakeFields(ext.fields, o.inputNames), o.restNames));
  return new RestError(code, o.inputNames ? snakeNamesIn(e.message, o.inputNames) : e.message, fields, headers);
}

/** Field paths whose first segment is a variable the route names otherwise, under the client's name. */
function renameFields(fields: FieldErrors, restNames: Map<string, string> | undefined): FieldErrors {
  if (!restNames?.size) return fields;
  const out = Object.create(null) as FieldErrors;
  for (const [path, messages] of Object.entries(fields)) {
    const head = /^[^.[]+/.exec(path)?.[0] ?? path;
    const name = restNames.get(head);
    out[name ? name + path.slice(head.length) : path] = messages;
  }
  return out;
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
