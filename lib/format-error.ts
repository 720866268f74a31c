import { unwrapResolverError } from "@apollo/server/errors";
import type { GraphQLFormattedError } from "graphql";
import { ArgumentValidationError } from "type-graphql";
import type { ValidationError } from "class-validator";
import { ErrorCode, sqlState, type FieldErrors } from "./errors.js";
import type { Logger } from "./logger.js";

const PASS_THROUGH = new Set<string>([
  ...Object.values(ErrorCode),
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "QUERY_TOO_COMPLEX",
  "OPERATION_RESOLUTION_FAILURE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
]);

function collectValidationErrors(errors: ValidationError[], prefix: string, into: FieldErrors): FieldErrors {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints) into[path] = Object.values(e.constraints);
    if (e.children?.length) collectValidationErrors(e.children, path, into);
  }
  return into;
}

/** Postgres SQLSTATEs that are the caller's fault rather than ours. */
const UNIQUE_VIOLATION = "23505";
/**
 * A transaction PostgreSQL rolled back because a concurrent one held what it needed: a deadlock
 * (40P01), a serialization failure (40001), a lock it could not get in time (55P03). Nothing was
 * written, and the same request sent again may succeed.
 */
const CONCURRENT_WRITE = new Set(["40P01", "40001", "55P03"]);

/** graphql-js appends ` Did you mean "x", "y"?` to validation and coercion errors (names only, never a `?`). */
const SUGGESTION = / ?Did you mean [^?]*\?/g;

export interface ErrorFormatterOptions {
  /** Production: drop "Did you mean …?" hints, which reveal schema names with introspection off. */
  hideSuggestions?: boolean;
}

/**
 * Gives every error leaving a subgraph a code from lib/errors. Unknown errors become INTERNAL with a
 * generic message (the original is logged, never shown: it may hold SQL or patient data).
 */
export function createErrorFormatter(logger: Logger, options: ErrorFormatterOptions = {}) {
  const format = codedError(logger);
  if (!options.hideSuggestions) return format;
  return function formatErrorWithoutSuggestions(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
    const result = format(formatted, error);
    return { ...result, message: result.message.replace(SUGGESTION, "") };
  };
}

function codedError(logger: Logger) {
  return function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
    const original = unwrapResolverError(error);
    if (original instanceof ArgumentValidationError) {
      const fields = collectValidationErrors(original.extensions.validationErrors as ValidationError[], "", {});
      return { ...formatted, message: "Validation failed", extensions: { code: ErrorCode.BAD_USER_INPUT, fields } };
    }
    const code = formatted.extensions?.code as string | undefined;
    if (code === "UNAUTHORIZED") {
      return { ...formatted, message: "Your role may not do this", extensions: { code: ErrorCode.FORBIDDEN } };
    }
    const state = sqlState(original);
    if (state === UNIQUE_VIOLATION) {
      return { ...formatted, message: "A record with these values already exists", extensions: { code: ErrorCode.CONFLICT } };
    }
    if (state && CONCURRENT_WRITE.has(state)) {
      logger.warn({ err: original, path: formatted.path, sqlState: state }, "write refused: a concurrent transaction held the same rows");
      return { message: "Another change to the same records was being written at the same moment; nothing was written: send the request again", path: formatted.path, extensions: { code: ErrorCode.CONFLICT } };
    }
    if (code && PASS_THROUGH.has(code)) {
      const { stacktrace: _omit, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    logger.error({ err: original, path: formatted.path }, "unhandled error in resolver");
    return { message: "Internal error", path: formatted.path, extensions: { code: ErrorCode.INTERNAL } };
  };
}
