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

/** Why a money input was refused; the bridge shows it as the field's message. */
export const DECIMAL_INPUT_MESSAGE = 'send a decimal string such as "1500.00" (not a JSON number; no spaces or exponent)';

/**
 * Money from a client: a decimal string only (docs/decisions/rest-contract.md, "Strict money"). A
 * JSON number has already lost its text (1500.10 arrives as 1500.1, 0.1 + 0.2 style values cannot be
 * told apart), and spaces or exponents are typing slips, so all are refused rather than guessed at.
 */
export function parseDecimalInput(value: unknown): Decimal {
  if (typeof value !== "string" || !DECIMAL_PATTERN.test(value)) throw new TypeError(DECIMAL_INPUT_MESSAGE);
  return new Decimal(value);
}

/** Formats an amount with two decimals, rounding half-up (the convention on receipts). */
export function formatMoney(value: Decimal.Value): string {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** GraphQL `Decimal`: serialized as a string ("15000.00"), accepted only as a decimal string (variable or literal). */
export const DecimalScalar = new GraphQLScalarType({
  name: "Decimal",
  description: 'Exact decimal number, serialized as a string such as "15000.00".',
  // Database numerics arrive as strings at their column's scale ("1500.00") and are kept as they are.
  serialize: (value) => (value instanceof Decimal ? value.toFixed() : (parseDecimal(value), String(value))),
  parseValue: (value) => parseDecimalInput(value),
  parseLiteral: (ast) => {
    if (ast.kind === Kind.STRING) return parseDecimalInput(ast.value);
    throw new TypeError(DECIMAL_INPUT_MESSAGE);
  },
});
