import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";

/** Root types are described by their fields; everything else a schema explorer shows must say what it is. */
const ROOT_TYPES = new Set(["Query", "Mutation", "Subscription"]);

function undescribed(type: GraphQLNamedType): string[] {
  const missing = !type.description && !ROOT_TYPES.has(type.name) ? [type.name] : [];
  if (isEnumType(type)) return [...missing, ...type.getValues().filter((value) => !value.description).map((value) => `${type.name}.${value.name}`)];
  if (!isObjectType(type) && !isInputObjectType(type) && !isInterfaceType(type)) return missing;
  for (const field of Object.values(type.getFields())) {
    if (!field.description) missing.push(`${type.name}.${field.name}`);
    for (const arg of "args" in field ? field.args : []) {
      if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
  }
  return missing;
}

describe("public API schema", () => {
  it("describes every type, field, argument and enum value a schema explorer shows", () => {
    const schema = buildSchema(readFileSync(new URL("../schema/api.graphql", import.meta.url), "utf8"));
    const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith("__"));
    expect(types.flatMap(undescribed)).toEqual([]);
  });
});
