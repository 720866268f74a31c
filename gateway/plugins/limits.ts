import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type ValidationRule } from "graphql";
import depthLimit from "graphql-depth-limit";
import { getComplexity, simpleEstimator } from "graphql-query-complexity";

/** Refuses operations nested deeper than `maxDepth` (a validation rule: nothing executes). */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return depthLimit(maxDepth) as ValidationRule;
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
          const cost = getComplexity({
            schema,
            query: document,
            operationName: request.operationName,
            variables: request.variables,
            estimators: [simpleEstimator({ defaultComplexity: 1 })],
          });
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
