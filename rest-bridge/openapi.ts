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
  parse,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from "graphql";
import type { StoredOperation } from "./operations.js";
import { PAGE_QUERY, type RouteDef } from "./route.js";

type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: "integer" },
  Float: { type: "number" },
  String: { type: "string" },
  ID: { type: "string" },
  Boolean: { type: "boolean" },
  Decimal: { type: "string", pattern: "^-?\\d+(\\.\\d+)?$", examples: ["15000.00"] },
  DateTimeISO: { type: "string", format: "date-time" },
  JSONObject: { type: "object" },
};

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

function scalarSchema(name: string, description?: string | null): JsonSchema {
  return { ...(SCALARS[name] ?? { type: "string" }), ...(description ? { description } : {}) };
}

function inputSchema(type: GraphQLInputType): JsonSchema {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return { type: "array", items: inputSchema(inner.ofType) };
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields());
    return {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(
        fields.map((f) => [snake(f.name), { ...inputSchema(f.type), ...(f.description ? { description: f.description } : {}) }]),
      ),
      required: fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => snake(f.name)),
    };
  }
  if (isEnumType(inner)) return { type: "string", enum: inner.getValues().map((v) => v.name) };
  return scalarSchema(inner.name);
}

/** JSON schema of what a selection returns, using the aliases the operation gives (the REST names). */
function selectionSchema(type: GraphQLOutputType, selection: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>): JsonSchema {
  const nullable = !isNonNullType(type);
  const inner = isNonNullType(type) ? type.ofType : type;
  let schema: JsonSchema;
  if (isListType(inner)) schema = { type: "array", items: selectionSchema(inner.ofType, selection, fragments) };
  else if (isObjectType(inner) && selection) schema = objectSchema(inner, selection, fragments);
  else if (isEnumType(inner)) schema = { type: "string", enum: inner.getValues().map((v) => v.name) };
  else schema = scalarSchema(getNamedType(inner).name);
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
          ...selectionSchema(field.type, sel.selectionSet, fragments),
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
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of parse(op.document).definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
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
      page: { type: "integer" },
      page_size: { type: "integer" },
      next: { anyOf: [{ type: "integer" }, { type: "null" }], description: "Next page number; null on the last page." },
      previous: { anyOf: [{ type: "integer" }, { type: "null" }], description: "Previous page number; null on the first page." },
      ...Object.fromEntries((route.envelopeExtras ?? []).map((k) => [k, page[k]])),
    },
  };
}

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input; `fields` names each problem",
  "401": "Missing or invalid bearer token",
  "403": "Not allowed for this role or pharmacy",
  "404": "Not found",
  "409": "Conflicts with the current state",
  "413": "Body too large",
  "415": "Body is not JSON",
  "429": "Rate limit exceeded; see Retry-After",
  "503": "An upstream service is unavailable; retry with backoff",
};

/** OpenAPI 3.1 document generated from the route table and the operations behind it. */
export function buildOpenApi(routes: { route: RouteDef; operation: StoredOperation; types: Map<string, GraphQLInputType> }[], schema: GraphQLSchema) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, operation, types } of routes) {
    const parameters: JsonSchema[] = [];
    for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
    const query = { ...(route.paginated ? PAGE_QUERY : {}), ...route.query };
    for (const [name, variable] of Object.entries(query)) {
      const type = types.get(variable);
      parameters.push({ name, in: "query", required: false, schema: type ? inputSchema(type) : { type: "string" } });
    }
    for (const v of route.variants ?? []) {
      parameters.push({ name: v.query, in: "query", required: false, schema: { type: "string", enum: [v.equals] }, description: `\`${v.equals}\` answers ${v.contentType}` });
    }
    let requestBody: JsonSchema | undefined;
    if (route.body) {
      const bodySchema =
        route.body === "spread"
          ? inputSchemaOfVariables(types, new Set([...Object.values(query), ...parameters.map((p) => String(p.name))]))
          : inputSchema(types.get(route.body.variable)!);
      requestBody = { required: true, content: { "application/json": { schema: bodySchema } } };
    }
    const status = String(route.status ?? 200);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operation.name,
      summary: route.summary,
      tags: [route.tag],
      parameters,
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [status]: {
          description: "Success",
          content: {
            "application/json": { schema: resultSchema(route, operation, schema) },
            ...Object.fromEntries((route.variants ?? []).map((v) => [v.contentType, { schema: { type: "string", format: "binary" } }])),
          },
        },
        ...Object.fromEntries(
          Object.entries(ERROR_RESPONSES).map(([code, description]) => [
            code,
            { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Healthcare platform API (REST bridge)",
      version: "1.0.0",
      description: "Legacy /api/v1 paths, each served by a GraphQL operation through the gateway. Clinical outputs are advisory.",
    },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string", examples: ["BAD_USER_INPUT"] },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
              },
            },
          },
        },
      },
    },
  };
}

function inputSchemaOfVariables(types: Map<string, GraphQLInputType>, exclude: Set<string>): JsonSchema {
  const entries = [...types].filter(([name]) => !exclude.has(name));
  return {
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(entries.map(([name, type]) => [snake(name), inputSchema(type)])),
    required: entries.filter(([, type]) => isNonNullType(type)).map(([name]) => snake(name)),
  };
}
