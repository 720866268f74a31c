import { registerEnumType } from "type-graphql";

/**
 * A closed value list as a GraphQL enum whose value names are the wire strings themselves, so
 * `"cash"` or `"PENDING"` travel unchanged through REST and GraphQL variables while the schema (and
 * /openapi.json) lists the allowed values. The name must be unique across all subgraphs of a process
 * (type-graphql keeps one registry), and a list shared by two subgraphs must have identical values.
 * `valueDescriptions` describes values one by one in the schema (optional; values left out have none).
 */
export function valueEnum<const V extends readonly string[]>(
  name: string,
  values: V,
  description: string,
  valueDescriptions?: { readonly [K in V[number]]?: string },
): { [K in V[number]]: K } {
  const enumObject = Object.fromEntries(values.map((v) => [v, v])) as { [K in V[number]]: K };
  const valuesConfig =
    valueDescriptions && (Object.fromEntries(Object.entries(valueDescriptions).map(([v, d]) => [v, { description: d as string }])) as Partial<Record<V[number], { description: string }>>);
  registerEnumType(enumObject, { name, description, ...(valuesConfig ? { valuesConfig } : {}) });
  return enumObject;
}
