import { buildSubgraphSchema } from "@apollo/subgraph";
import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { parse, type GraphQLScalarType, type GraphQLSchema } from "graphql";
import { DateTimeISOResolver, JSONObjectResolver, LocalDateResolver } from "graphql-scalars";
import { validateOrReject, type ValidationError } from "class-validator";
import { ArgumentValidationError, buildSchema, createResolversMap, type NonEmptyArray } from "type-graphql";
import { mayUse } from "./access.js";
import type { SubgraphContext } from "./context.js";
import { DecimalScalar, Decimal } from "./money.js";

/** Extra resolvers per type name, e.g. `{ Patient: { __resolveReference } }`. */
export type ResolverMap = Record<string, Record<string, unknown>>;

/** Federation 2 directives our subgraphs use. */
const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key", "@shareable", "@external", "@requires"])';

export { DateTimeISOResolver as DateTimeScalar, JSONObjectResolver as JSONObjectScalar, LocalDateResolver as LocalDateScalar };

/** Our custom scalars by name, so code holding only an SDL-built schema (the bridge) can validate with them. */
export const SCALARS_BY_NAME: Record<string, GraphQLScalarType> = {
  Decimal: DecimalScalar,
  DateTimeISO: DateTimeISOResolver,
  JSONObject: JSONObjectResolver,
  LocalDate: LocalDateResolver,
};

/**
 * Builds a federation-2 subgraph schema from type-graphql resolvers:
 * buildSchema (skipCheck) → SDL with directives → buildSubgraphSchema, plus reference resolvers.
 * (Pattern of type-graphql's examples/apollo-federation-2.)
 */
const VALIDATOR_OPTIONS = { forbidUnknownValues: false, skipMissingProperties: false };

/**
 * type-graphql's own argument validation (class-validator, the options above), with class-validator
 * imported once: type-graphql's default runs `await import("class-validator")` for every object
 * argument of every call, a module-loader round trip per argument.
 */
async function validateArgument(value: unknown): Promise<void> {
  if (value === null || typeof value !== "object") return;
  try {
    if (Array.isArray(value)) await Promise.all(value.filter((v) => v !== null && typeof v === "object").map((v) => validateOrReject(v, VALIDATOR_OPTIONS)));
    else await validateOrReject(value, VALIDATOR_OPTIONS);
  } catch (err) {
    throw new ArgumentValidationError(err as ValidationError[]);
  }
}

export async function buildFederatedSchema(
  resolvers: NonEmptyArray<Function>,
  referenceResolvers: ResolverMap = {},
  orphanedTypes: Function[] = [],
): Promise<GraphQLSchema> {
  const schema = await buildSchema({
    resolvers,
    orphanedTypes,
    skipCheck: true,
    validateFn: validateArgument,
    scalarsMap: [{ type: Decimal, scalar: DecimalScalar }],
    authChecker: ({ context }: { context: SubgraphContext }, capabilities) =>
      Boolean(context.principal) && mayUse(context.principal.roles, capabilities),
  });
  const typeDefs = parse(`${FEDERATION_LINK}\n${printSchemaWithDirectives(schema)}`);
  const resolverMap = createResolversMap(schema) as ResolverMap;
  for (const [typeName, refs] of Object.entries(referenceResolvers)) {
    resolverMap[typeName] = { ...resolverMap[typeName], ...refs };
  }
  return buildSubgraphSchema({ typeDefs, resolvers: resolverMap as never });
}
