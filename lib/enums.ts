import { registerEnumType } from "type-graphql";

/**
 * A closed value list as a GraphQL enum whose value names are the wire strings themselves, so
 * `"cash"` or `"PENDING"` travel unchanged through REST and GraphQL variables while the schema (and
 * /openapi.json) lists the allowed values. The name must be unique across all subgraphs of a process
 * (type-graphql keeps one registry), and a list shared by two subgraphs must have identical values.
 */
export function valueEnum<const V extends readonly string[]>(name: string, values: V, description: string): { [K in V[number]]: K } {
  const enumObject = Object.fromEntries(values.map((v) => [v, v])) as { [K in V[number]]: K };
  registerEnumType(enumObject, { name, description });
  return enumObject;
}
