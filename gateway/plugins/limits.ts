import type { ApolloServerPlugin } from "@apollo/server";
import { BREAK, getOperationAST, getVariableValues, GraphQLError, visit, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from "graphql";
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
 *
 * The cost of a document depends on its variables only through `@skip`/`@include`, so for documents
 * without them it is computed once per parsed document (Apollo Server hands the same DocumentNode for
 * the same query text) and operation name; each request still has its variables coerced, so a variable
 * that does not fit its type is refused exactly as on the first request.
 */
export function useCostLimit(maxCost: number): ApolloServerPlugin {
  // Per schema and parsed document: whether `@skip`/`@include` make its cost depend on the variables
  // (found once), and the cost of each operation when they do not.
  const documents = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, { variable: boolean; costs: Map<string, number> }>>();
  const costOf = (schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown> | undefined): number => {
    let bySchema = documents.get(schema);
    if (!bySchema) documents.set(schema, (bySchema = new WeakMap()));
    let known = bySchema.get(document);
    if (!known) bySchema.set(document, (known = { variable: dependsOnVariables(document), costs: new Map() }));
    const cost = known.costs.get(operationName ?? "");
    if (cost !== undefined) {
      const operation = getOperationAST(document, operationName);
      const { errors } = getVariableValues(schema, operation?.variableDefinitions ?? [], variables ?? {});
      if (errors?.length) throw errors[errors.length - 1];
      return cost;
    }
    costLimitWork.computed++;
    const computed = getComplexity({ schema, query: document, operationName, variables, estimators: [simpleEstimator({ defaultComplexity: 1 })] });
    if (!known.variable) known.costs.set(operationName ?? "", computed);
    return computed;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema }) {
          let cost: number;
          try {
            cost = costOf(schema, document, request.operationName, request.variables);
          } catch (err) {
            // Variables are coerced first: a variable that does not fit its type (an unknown input
            // field, a wrong shape) is the caller's error, as Apollo itself reports it.
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

/** Counts full cost computations (tests: a repeated document is costed once). */
export const costLimitWork = { computed: 0 };

/** Whether a document uses `@skip` or `@include`, the only way variables change its cost. */
function dependsOnVariables(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value === "skip" || node.name.value === "include") {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}
