/**
 * Enum values that REST takes as the standard's own codes rather than GraphQL names (a GraphQL enum value
 * must be a name, and "<" is not one). The GraphQL name is still accepted.
 */
export const REST_ENUM_CODES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // FHIR Quantity.comparator (See: https://hl7.org/fhir/R4/valueset-quantity-comparator.html).
  QuantityComparator: { "<": "LESS_THAN", "<=": "LESS_OR_EQUAL", ">=": "GREATER_OR_EQUAL", ">": "GREATER_THAN" },
};

/** The GraphQL enum value a REST value names: its standard code's value, or the value as sent. */
export function enumValueFromRest(enumName: string, value: unknown): unknown {
  return typeof value === "string" ? (REST_ENUM_CODES[enumName]?.[value.trim()] ?? value) : value;
}

/** The values REST documents and names in errors for an enum: its standard codes when it has them, else its GraphQL names. */
export function restEnumValues(enumName: string, graphqlNames: string[]): string[] {
  const codes = REST_ENUM_CODES[enumName];
  return codes ? Object.keys(codes) : graphqlNames;
}
