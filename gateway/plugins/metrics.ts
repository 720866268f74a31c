import type { ApolloServerPlugin } from "@apollo/server";
import { ErrorCode } from "../../lib/errors.js";
import { graphqlOperationDuration, graphqlOperationErrors } from "../../lib/observability.js";

/** Error codes counted by name; anything else is counted as OTHER (a bounded label). */
const KNOWN_CODES = new Set<string>([
  ...Object.values(ErrorCode),
  // Apollo Server and Gateway's own codes.
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
  "INTERNAL_SERVER_ERROR",
  "DOWNSTREAM_SERVICE_ERROR",
]);

export interface OperationMetricsOptions {
  /** Operation names always labelled by name: the bridge's stored operations. */
  knownOperations: Iterable<string>;
  /**
   * How many other names (of operations that parsed and validated) are labelled by name, first come
   * first served; later ones are "other", so a client inventing names cannot grow the series without bound.
   * @default 100
   */
  maxOtherNames?: number;
}

/**
 * Records each GraphQL operation's latency (`graphql_operation_duration_seconds`) and its errors by
 * `extensions.code` (`graphql_operation_errors_total`). Operation labels are bounded: a stored or
 * first-seen name, "other", "anonymous", or "invalid" when the document did not parse or validate.
 * Requests refused before Apollo (401 at the bearer check) are in `http_requests_total`.
 */
export function useOperationMetrics(o: OperationMetricsOptions): ApolloServerPlugin {
  const known = new Set(o.knownOperations);
  const others = new Set<string>();
  const maxOthers = o.maxOtherNames ?? 100;
  const labelFor = (name: string | null | undefined): string => {
    if (!name) return "anonymous";
    if (known.has(name) || others.has(name)) return name;
    if (others.size < maxOthers) {
      others.add(name);
      return name;
    }
    return "other";
  };
  return {
    async requestDidStart() {
      const stopTimer = graphqlOperationDuration.startTimer();
      let operation = "invalid";
      let type = "unknown";
      return {
        async didResolveOperation({ operationName, operation: definition }) {
          operation = labelFor(operationName);
          type = definition?.operation ?? "unknown";
        },
        async willSendResponse({ response }) {
          stopTimer({ operation, type });
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : response.body.initialResult.errors;
          for (const error of errors ?? []) {
            const code = String(error.extensions?.code ?? "INTERNAL_SERVER_ERROR");
            graphqlOperationErrors.inc({ operation, code: KNOWN_CODES.has(code) ? code : "OTHER" });
          }
        },
      };
    },
  };
}
