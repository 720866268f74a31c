import { GraphQLError } from "graphql";

/** Machine-readable error codes shared by GraphQL (`extensions.code`) and REST (`error.code`). */
export const ErrorCode = {
  BAD_USER_INPUT: "BAD_USER_INPUT",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  HEADERS_TOO_LARGE: "HEADERS_TOO_LARGE",
  RATE_LIMITED: "RATE_LIMITED",
  UPSTREAM_UNAVAILABLE: "UPSTREAM_UNAVAILABLE",
  UPSTREAM_ERROR: "UPSTREAM_ERROR",
  INTERNAL: "INTERNAL",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Field errors as `{field: [message, ...]}`; nested fields use dots (`items.0.quantity`). */
export type FieldErrors = Record<string, string[]>;

function error(code: ErrorCode, message: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  error(ErrorCode.BAD_USER_INPUT, message, fields ? { fields } : {});

/** One field is wrong: `fieldError("page", "must be a positive integer")`. */
export const fieldError = (field: string, message: string) =>
  badRequest(`Invalid value for ${field}: ${message}`, { [field]: [message] });

/** A value too large to process (a field over its limit); the bridge answers 413. */
export const payloadTooLarge = (message: string, fields?: FieldErrors) =>
  error(ErrorCode.PAYLOAD_TOO_LARGE, message, fields ? { fields } : {});

/** Content of a type the operation does not accept (e.g. a document that is not a PDF or image); the bridge answers 415. */
export const unsupportedMediaType = (message: string, fields?: FieldErrors) =>
  error(ErrorCode.UNSUPPORTED_MEDIA_TYPE, message, fields ? { fields } : {});

export const unauthenticated = (message = "Missing or invalid bearer token") => error(ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message = "You are not allowed to do this") => error(ErrorCode.FORBIDDEN, message);
export const notFound = (what: string, id: string) => error(ErrorCode.NOT_FOUND, `${what} ${id} not found`);
export const conflict = (message: string) => error(ErrorCode.CONFLICT, message);
export const rateLimited = (retryAfterSeconds: number) =>
  error(ErrorCode.RATE_LIMITED, `Rate limit exceeded; retry in ${retryAfterSeconds} s`, { retryAfter: retryAfterSeconds });
export const upstreamUnavailable = (service: string, detail?: string) =>
  error(ErrorCode.UPSTREAM_UNAVAILABLE, `${service} is unavailable${detail ? `: ${detail}` : ""}`, { service });

/**
 * Collects field errors and throws one BAD_USER_INPUT carrying all of them. Field names come from
 * clients (`__proto__`, `constructor` are data too), so the map has no prototype to collide with.
 */
/**
 * The PostgreSQL SQLSTATE of a database error from either driver (postgres.js PostgresError, PGlite
 * DatabaseError: both carry the server's `severity`), also when drizzle wraps it (DrizzleQueryError's
 * `cause`); undefined for anything else (a socket's EPIPE is no SQLSTATE).
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; severity?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === "object" && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && typeof e.severity === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export class FieldErrorCollector {
  readonly fields: FieldErrors = Object.create(null) as FieldErrors;
  add(field: string, message: string): this {
    const messages = Object.hasOwn(this.fields, field) ? this.fields[field] : (this.fields[field] = []);
    messages.push(message);
    return this;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(message = "Validation failed"): void {
    if (!this.empty) throw badRequest(message, this.fields);
  }
}
