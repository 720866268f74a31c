import { type GraphQLSchema, isInputObjectType, isObjectType } from "graphql";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorCode, type FieldErrors } from "../lib/errors.js";

/** The one place a GraphQL error code becomes an HTTP status (DESIGN.md, "Errors"). */
export const STATUS_BY_CODE: Record<string, ContentfulStatusCode> = {
  [ErrorCode.BAD_USER_INPUT]: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  GRAPHQL_PARSE_FAILED: 400,
  BAD_REQUEST: 400,
  QUERY_TOO_COMPLEX: 400,
  [ErrorCode.UNAUTHENTICATED]: 401,
  [ErrorCode.FORBIDDEN]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.CONFLICT]: 409,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.HEADERS_TOO_LARGE]: 431,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.UPSTREAM_ERROR]: 502,
  [ErrorCode.UPSTREAM_UNAVAILABLE]: 503,
  [ErrorCode.INTERNAL]: 500,
};

/** When several errors come back, the most actionable one decides the status. */
const PRECEDENCE = [401, 403, 429, 431, 400, 404, 405, 409, 413, 415, 503, 502, 500];

export interface RestErrorBody {
  error: { code: string; message: string; fields?: FieldErrors };
}

/** An error the bridge answers with `{"error": {code, message, fields?}}`. */
export class RestError extends HTTPException {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(STATUS_BY_CODE[code] ?? 500, { message });
  }

  toBody(): RestErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function statusOf(code: string): ContentfulStatusCode {
  return STATUS_BY_CODE[code] ?? 500;
}

export function pickDecisiveError<T extends { extensions?: { code?: unknown } }>(errors: readonly T[]): T {
  const rank = (e: T) => {
    const i = PRECEDENCE.indexOf(statusOf(String(e.extensions?.code ?? ErrorCode.INTERNAL)));
    return i === -1 ? PRECEDENCE.length : i;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b))[0];
}

/** `retailPrice` → `retail_price`; `items.0.productId` → `items.0.product_id`. */
export function snakePath(path: string): string {
  return path
    .split(".")
    .map((part) => part.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase())
    .join(".");
}

/** Field names are client data (`__proto__` included): the result has no prototype. */
export function snakeFields(fields: FieldErrors, names?: ReadonlySet<string>): FieldErrors {
  const out = Object.create(null) as FieldErrors;
  for (const [k, v] of Object.entries(fields)) out[snakePath(k)] = names ? v.map((m) => snakeNamesIn(m, names)) : v;
  return out;
}

/**
 * The API's camelCase input field and argument names (`valueText`, `patientAgeYears`): the words of a subgraph's
 * message that a REST client knows as `value_text`, `patient_age_years`.
 */
export function camelInputNames(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  const add = (name: string) => /[a-z0-9][A-Z]/.test(name) && names.add(name);
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isInputObjectType(type)) for (const f of Object.values(type.getFields())) add(f.name);
    else if (isObjectType(type)) for (const f of Object.values(type.getFields())) for (const a of f.args) add(a.name);
  }
  return names;
}

/**
 * A message as a REST client reads it: every word that is one of `names` (camelInputNames) in snake_case. Only whole
 * words that are the API's own field names change: "eGFR", "HbA1c" or "mmHg" in a message stay as written.
 */
export function snakeNamesIn(message: string, names: ReadonlySet<string>): string {
  return message.replace(/\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g, (word) => (names.has(word) ? snakePath(word) : word));
}
