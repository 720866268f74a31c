import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type ValidationContext, type ValidationRule } from "graphql";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { getComplexity, simpleEstimator } from "graphql-query-complexity";

/**
 * Validation rules (nothing executes when they fail): operations nested deeper than `maxDepth`,
 * introspection included (`__type { ofType { ofType … } }`), or with more than `maxAliases` aliases.
 */
export function operationShapeRules(maxDepth: number, maxAliases: number): ValidationRule[] {
  // Report through the validation context (→ GRAPHQL_VALIDATION_FAILED, HTTP 400) instead of throwing.
  const report = (message: string) => [(ctx: ValidationContext | null) => ctx?.reportError(new GraphQLError(message))];
  return [
    maxDepthRule({
      n: maxDepth,
      ignoreIntrospection: false,
      flattenFragments: true,
      propagateOnRejection: false,
      onReject: report(`Operation is nested too deeply: the depth limit is ${maxDepth}`),
    }) as unknown as ValidationRule,
    maxAliasesRule({
      n: maxAliases,
      propagateOnRejection: false,
      onReject: report(`Operation uses too many aliases: the limit is ${maxAliases}`),
    }) as unknown as ValidationRule,
  ];
}

/**
 * Refuses operations whose cost (one point per selected field, aliases included) exceeds `maxCost`,
 * after variables are known and before any subgraph is called.
 */
export function useCostLimit(maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document,
              operationName: request.operationName,
              variables: request.variables,
              estimators: [simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch (err) {
            // getComplexity coerces the variables first: a variable that does not fit its type (an
            // unknown input field, a wrong shape) is the caller's error, as Apollo itself reports it.
            if (!(err instanceof GraphQLError)) throw err;
            throw new GraphQLError(err.message, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
          }
          if (cost > maxCost) {
            throw new GraphQLError(`Operation cost ${cost} exceeds the limit of ${maxCost}`, {
              extensions: { code: "QUERY_TOO_COMPLEX", cost, maxCost, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
