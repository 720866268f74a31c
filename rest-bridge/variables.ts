import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { FieldErrorCollector } from "../lib/errors.js";
import { SCALARS_BY_NAME } from "../lib/federation.js";
import { enumValueFromRest, restEnumValues } from "./enum-codes.js";
import { oneEditApart } from "../lib/spelling.js";
import type { ResourceShape } from "./read-only.js";

/** Plain-language messages for scalar type errors (the field name is given separately). */
const SCALAR_MESSAGES: Record<string, string> = {
  Int: "must be an integer",
  Float: "must be a number",
  String: "must be a string",
  ID: "must be a string",
  Boolean: "must be true or false",
  DateTimeISO: "must be an ISO 8601 date-time such as 2026-11-21T09:30:00Z",
  JSONObject: "must be an object",
};

/** GraphQL's Int is 32-bit (spec §3.5.1); a larger whole number is refused with its range, not as "not an integer". */
const INT_RANGE_MESSAGE = "must be a whole number from -2147483648 to 2147483647";

export const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Turns a REST (snake_case JSON) value into a GraphQL variable value, guided by the schema: input
 * object keys are matched to fields by snake_case or exact name, unknown keys and missing required
 * fields are reported, scalars are checked with the schema's own parsers. JSON-object scalars are
 * passed through untouched (their keys are data, not field names). Keys that are not input fields but
 * name a field of the resource (`shape`, e.g. `id`, `status`, totals echoed from a GET) are ignored.
 */
export function toGraphQLValue(value: unknown, type: GraphQLInputType, path: string, errors: FieldErrorCollector, shape?: ResourceShape): unknown {
  if (isNonNullType(type)) {
    if (value === null || value === undefined) {
      errors.add(path, "is required");
      return value;
    }
    return toGraphQLValue(value, type.ofType, path, errors, shape);
  }
  if (value === null || value === undefined) return value;
  if (isListType(type)) {
    if (!Array.isArray(value)) {
      errors.add(path, "must be a list");
      return value;
    }
    return value.map((item, i) => toGraphQLValue(item, type.ofType, `${path}.${i}`, errors, shape));
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    if (!isPlainObject(value)) {
      errors.add(path, objectExpected(fields));
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const field = fields.find((f) => snake(f.name) === key || f.name === key);
      if (field) out[field.name] = toGraphQLValue(v, field.type, join(path, key), errors, shape?.children.get(key));
      else if (!shape?.names.has(key)) errors.add(join(path, key), unknownFieldMessage(key, fields.map((f) => snake(f.name)), Object.keys(value)));
    }
    for (const f of fields) {
      if (isNonNullType(f.type) && f.defaultValue === undefined && !Object.hasOwn(out, f.name)) errors.add(join(path, snake(f.name)), "is required");
    }
    return out;
  }
  if (isEnumType(type)) value = enumValueFromRest(type.name, value);
  if (isScalarType(type) || isEnumType(type)) {
    try {
      if (isScalarType(type)) (SCALARS_BY_NAME[type.name] ?? type).parseValue(value);
      else if (type.parseValue(value) === undefined) throw new TypeError();
    } catch (err) {
      const message = isEnumType(type)
        ? `must be one of ${restEnumValues(type.name, type.getValues().map((v) => v.name)).join(", ")}`
        : type.name === "Int" && Number.isInteger(value)
          ? INT_RANGE_MESSAGE // a whole number, only beyond GraphQL's 32-bit Int
          : (SCALAR_MESSAGES[type.name] ?? (type.name === "Decimal" ? (err as Error).message : `is not a valid ${type.name}`));
      errors.add(path, message);
    }
    return value;
  }
  return value;
}

/**
 * "is not a known field", with the field the caller probably meant when one is close: one slip away
 * (`discont_amount`), the start of one (`normal` → `normal_distribution`), or sharing a word with it
 * (`vital_signs` → `vitals`, `patient_id` → `patient_uhid`). Fields the request already gives are not offered.
 */
export function unknownFieldMessage(key: string, known: readonly string[], given: readonly string[]): string {
  const offered = known.filter((name) => !given.includes(name) && closeTo(key.toLowerCase(), name)).slice(0, MAX_SUGGESTIONS);
  return offered.length ? `is not a known field; did you mean ${offered.join(" or ")}?` : "is not a known field";
}

const MAX_SUGGESTIONS = 3;
/** Words shorter than this are too common in field names ("id", "at") to say two fields are related. */
const MIN_SHARED_WORD = 4;

function closeTo(key: string, name: string): boolean {
  if (oneEditApart(key, name) || (key.length >= MIN_SHARED_WORD && name.startsWith(key))) return true;
  const words = name.split("_").filter((w) => w.length >= MIN_SHARED_WORD);
  return key.split(/[_\s-]+/).some((k) => k.length >= MIN_SHARED_WORD && words.some((w) => w === k || w.startsWith(k) || k.startsWith(w) || oneEditApart(k, w)));
}

/** "must be an object with code (required), name": what to send instead, in the request's own key names. */
function objectExpected(fields: readonly { name: string; type: GraphQLInputType; defaultValue?: unknown }[]): string {
  const named = fields.map((f) => `${snake(f.name)}${isNonNullType(f.type) && f.defaultValue === undefined ? " (required)" : ""}`);
  const shown = named.length > MAX_FIELDS_NAMED ? [...named.slice(0, MAX_FIELDS_NAMED), "…"] : named;
  return `must be an object with ${shown.join(", ")}`;
}

/** An object's fields named in "must be an object" at most; the API reference lists them all. */
const MAX_FIELDS_NAMED = 8;

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Converts a query-string value to the declared scalar type of its variable (`"2"` → 2 for Int). */
export function fromQueryString(raw: string, type: GraphQLInputType): unknown {
  const named = isNonNullType(type) ? type.ofType : type;
  if (isScalarType(named)) {
    if (named.name === "Int") return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (named.name === "Float") return raw.trim() !== "" && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
    if (named.name === "Boolean") {
      const word = raw.toLowerCase();
      return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : raw;
    }
  }
  return raw;
}

/**
 * The spellings of a boolean in a query string or form that Django REST Framework's BooleanField takes
 * (`TRUE_VALUES` / `FALSE_VALUES`, any case): `True` from a Python client, `on` from a checkbox.
 */
const TRUE_WORDS = new Set(["true", "t", "yes", "y", "on", "1"]);
const FALSE_WORDS = new Set(["false", "f", "no", "n", "off", "0"]);

/** The declared input types of an operation's variables. */
export function variableTypes(schema: GraphQLSchema, op: OperationDefinitionNode): Map<string, GraphQLInputType> {
  const types = new Map<string, GraphQLInputType>();
  for (const def of op.variableDefinitions ?? []) {
    const type = typeFromAST(schema, def.type as never) as GraphQLInputType | undefined;
    if (!type) throw new Error(`Operation ${op.name?.value}: unknown type for $${def.variable.name.value}`);
    types.set(def.variable.name.value, type);
  }
  return types;
}
