import Decimal from "decimal.js";
import { GraphQLScalarType, Kind } from "graphql";

export { Decimal };

/** Money and quantities with fractions never touch binary floating point. */
const DECIMAL_PATTERN = /^-?\d{1,13}(\.\d{1,4})?$/;

export function parseDecimal(value: unknown): Decimal {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !DECIMAL_PATTERN.test(text.trim())) {
    throw new TypeError("must be a decimal number such as \"15000.00\"");
  }
  return new Decimal(text.trim());
}

/** Formats an amount with two decimals, rounding half-up (the convention on receipts). */
export function formatMoney(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** GraphQL `Decimal`: serialized as a string ("15000.00"), accepted as a string or a number literal. */
export const DecimalScalar = new GraphQLScalarType({
  name: "Decimal",
  description: 'Exact decimal number, serialized as a string such as "15000.00".',
  // Database numerics arrive as strings at their column's scale ("1500.00") and are kept as they are.
  serialize: (value) => (value instanceof Decimal ? value.toFixed() : (parseDecimal(value), String(value))),
  parseValue: (value) => parseDecimal(value),
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return parseDecimal(ast.value);
    throw new TypeError("Decimal must be a string or number literal");
  },
});
