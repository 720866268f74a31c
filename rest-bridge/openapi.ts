import {
  getNullableType,
  GraphQLNonNull,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLEnumType,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../lib/pagination.js";
import { COMPONENTS, ERROR_RESPONSES, SERVICE_PATHS, type ErrorStatus } from "./openapi-components.js";
import type { StoredOperation } from "./operations.js";
import { PAGE_QUERY, type RouteDef } from "./route.js";
import { restEnumValues } from "./enum-codes.js";

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: "integer" },
  Float: { type: "number" },
  String: { type: "string" },
  ID: { type: "string", format: "uuid" },
  Boolean: { type: "boolean" },
  Decimal: { type: "string", pattern: "^-?\\d+(\\.\\d+)?$", examples: ["15000.00"] },
  DateTimeISO: { type: "string", format: "date-time" },
  JSONObject: { type: "object", additionalProperties: true },
  LocalDate: { type: "string", format: "date" },
};

/** Ids that are not UUIDs although GraphQL types them `ID`: the patient's UHID (e.g. UG-2024-000001). */
const NOT_UUID = new Set(["uhid", "patientUhid"]);

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** JSON schema of a scalar; `field` is the GraphQL field or variable name (an `ID` named uhid is no UUID). */
function scalarSchema(name: string, field?: string): JsonSchema {
  if (name === "ID" && field && NOT_UUID.has(field)) return { type: "string" };
  return { ...(SCALARS[name] ?? { type: "string" }) };
}

function inputSchema(type: GraphQLInputType, field?: string): JsonSchema {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return { type: "array", items: inputSchema(inner.ofType, field) };
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    return {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(
        fields.map((f) => [snake(f.name), { ...inputSchema(f.type, f.name), ...(f.description ? { description: f.description } : {}) }]),
      ),
      required: fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => snake(f.name)),
    };
  }
  if (isEnumType(inner)) return enumSchema(inner);
  return scalarSchema(inner.name, field);
}

function enumSchema(type: GraphQLEnumType): JsonSchema {
  return { type: "string", enum: restEnumValues(type.name, type.getValues().map((v) => v.name)), ...(type.description ? { description: type.description } : {}) };
}

/** JSON schema of what a selection returns, using the aliases the operation gives (the REST names). */
function selectionSchema(type: GraphQLOutputType, selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, field?: string): JsonSchema {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  let schema: JsonSchema;
  if (isListType(inner)) schema = { type: "array", items: selectionSchema(inner.ofType, selection, fragments, field) };
  else if (isObjectType(inner) && selection) schema = objectSchema(inner, selection, fragments);
  else if (isEnumType(inner)) schema = enumSchema(inner);
  else schema = scalarSchema(getNamedType(inner).name, field);
  return nullable ? { anyOf: [schema, { type: "null" }] } : schema;
}

function objectSchema(type: GraphQLObjectType, selection: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const visit = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const field = type.getFields()[sel.name.value];
        if (!field) continue;
        properties[sel.alias?.value ?? sel.name.value] = {
          ...selectionSchema(field.type, sel.selectionSet, fragments, field.name),
          ...(field.description ? { description: field.description } : {}),
        };
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const frag = fragments.get(sel.name.value);
        if (frag) visit(frag.selectionSet);
      } else visit(sel.selectionSet);
    }
  };
  visit(selection);
  return { type: "object", properties, required: Object.keys(properties) };
}

function resultSchema(route: RouteDef, op: StoredOperation, schema: GraphQLSchema): JsonSchema {
  const root = op.definition.operation === "mutation" ? schema.getMutationType()! : schema.getQueryType()!;
  const { fragments } = op;
  const top = op.definition.selectionSet.selections.find(
    (s) => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === route.result,
  );
  if (!top || top.kind !== Kind.FIELD) return { type: "object" };
  // Root mutation fields are nullable (a per-field error nulls only that field), but the bridge
  // answers a null result with the error's status, so a 2xx body is never null.
  const result = selectionSchema(new GraphQLNonNull(getNullableType(root.getFields()[top.name.value].type)), top.selectionSet, fragments);
  const page = (result.properties ?? {}) as Record<string, JsonSchema>;
  if (!route.paginated) return result;
  return {
    type: "object",
    required: ["results", "count", "page", "page_size", "next", "previous", ...(route.envelopeExtras ?? [])],
    properties: {
      results: page.results,
      count: { type: "integer", description: "Number of results in this page." },
      page: { type: "integer", minimum: 1 },
      page_size: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
      next: { anyOf: [{ type: "integer" }, { type: "null" }], description: "Next page number; null on the last page." },
      previous: { anyOf: [{ type: "integer" }, { type: "null" }], description: "Previous page number; null on the first page." },
      ...Object.fromEntries((route.envelopeExtras ?? []).map((k) => [k, page[k]])),
    },
  };
}

/**
 * The error statuses a row can really answer: every row 400 (input, unknown query parameters), 401
 * and 403 (each operation is role-gated); 404 with a path id; 409 when it honours Idempotency-Key
 * (a key reused with another body); 413/415 only with a body; 429 unless the row is not rate-limited;
 * plus what the row declares (`errors`: 404/409 found by lookups and state, 502/503 from billing).
 */
export function errorStatuses(route: RouteDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 401, 403, ...(route.errors ?? [])]);
  if (/\{\w+\}/.test(route.path)) statuses.add(404);
  if (route.idempotent) statuses.add(409);
  if (route.body || route.multipart) (statuses.add(413), statuses.add(415));
  if (!route.unlimited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** Query parameter schema; page and page_size carry their bounds (pagination clamps page_size). */
function querySchema(name: string, variable: string, type: GraphQLInputType | undefined): JsonSchema {
  if (name === "page") return { type: "integer", minimum: 1, default: 1 };
  if (name === "page_size") {
    return { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: `Larger values are accepted and clamped to ${MAX_PAGE_SIZE}.` };
  }
  return type ? inputSchema(type, variable) : { type: "string" };
}

type CompiledRow = { route: RouteDef; operation: StoredOperation; types: Map<string, GraphQLInputType> };

function operationObject({ route, operation, types }: CompiledRow, schema: GraphQLSchema): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const variable = route.params?.[name] ?? camel(name);
    const type = types.get(variable);
    parameters.push({ name, in: "path", required: true, schema: type ? inputSchema(type, variable) : { type: "string" } });
  }
  const query = { ...(route.paginated ? PAGE_QUERY : {}), ...route.query };
  for (const [name, variable] of Object.entries(query)) {
    parameters.push({ name, in: "query", required: false, schema: querySchema(name, variable, types.get(variable)) });
  }
  for (const v of route.variants ?? []) {
    parameters.push({ name: v.query, in: "query", required: false, schema: { type: "string", enum: [v.equals] }, description: `\`${v.equals}\` answers ${v.contentType}` });
  }
  if (route.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  let requestBody: JsonSchema | undefined;
  if (route.body) {
    const bodySchema =
      route.body === "spread"
        ? inputSchemaOfVariables(types, new Set([...Object.values(query), ...parameters.map((p) => String(p.name))]))
        : inputSchema(types.get(route.body.variable)!);
    requestBody = { required: true, content: { "application/json": { schema: bodySchema } } };
  }
  if (route.multipart) requestBody = { required: true, content: { "multipart/form-data": multipartSchema(route.multipart, types) } };
  const variants = Object.fromEntries((route.variants ?? []).map((v) => [v.contentType, { schema: { type: "string", format: "binary" } }]));
  return {
    operationId: operation.name,
    summary: route.summary,
    tags: [route.tag],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: route.variants?.length ? `Success: JSON, or ${route.variants.map((v) => `${v.contentType} with ?${v.query}=${v.equals}`).join(", ")}` : "Success",
        content: { "application/json": { schema: resultSchema(route, operation, schema) }, ...variants },
      },
      ...Object.fromEntries(errorStatuses(route).map((code) => [String(code), { $ref: `#/components/responses/${ERROR_RESPONSES[code]}` }])),
    },
  };
}

/** OpenAPI 3.1 document generated from the route table and the operations behind it. */
export function buildOpenApi(routes: CompiledRow[], schema: GraphQLSchema) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of routes) (paths[row.route.path] ??= {})[row.route.method.toLowerCase()] = operationObject(row, schema);
  return {
    openapi: "3.1.0",
    info: {
      title: "Healthcare platform API (REST bridge)",
      version: "1.0.0",
      description:
        "Legacy /api/v1 paths, each served by a GraphQL operation through the gateway. Clinical outputs are advisory. " +
        "Every error answer has the shape of `Error`; 429 carries Retry-After and RateLimit-* headers, 401 a WWW-Authenticate challenge.",
      license: { name: "Proprietary" },
    },
    servers: [{ url: "/", description: "This server (the REST bridge answers on the same origin as /openapi.json)" }],
    security: [{ bearer: [] }],
    paths: { ...paths, ...SERVICE_PATHS },
    components: COMPONENTS,
  };
}

/**
 * A multipart row's form: the input's fields by their snake_case names, each file field a binary part
 * (OpenAPI 3.1 "Considerations for File Uploads"), with the content types a file part may have.
 */
function multipartSchema(multipart: NonNullable<RouteDef["multipart"]>, types: Map<string, GraphQLInputType>): JsonSchema {
  const schema = inputSchema(types.get(multipart.variable)!) as { properties: Record<string, JsonSchema>; required: string[] };
  const encoding: Record<string, JsonSchema> = {};
  for (const field of multipart.files) {
    schema.properties[field] = { type: "string", format: "binary", contentMediaType: "application/octet-stream", description: schema.properties[field]?.description };
    encoding[field] = { contentType: "application/pdf, image/png, image/jpeg, image/tiff" };
  }
  return { schema, encoding };
}

function inputSchemaOfVariables(types: Map<string, GraphQLInputType>, exclude: Set<string>): JsonSchema {
  const entries = [...types].filter(([name]) => !exclude.has(name));
  return {
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(entries.map(([name, type]) => [snake(name), inputSchema(type, name)])),
    required: entries.filter(([, type]) => isNonNullType(type)).map(([name]) => snake(name)),
  };
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
