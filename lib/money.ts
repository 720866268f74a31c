import Decimal from "decimal.js";
import { GraphQLScalarType, Kind } from "graphql";
import { currencyEntry, minorDigits } from "./currency.js";

export { Decimal, minorDigits };

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
 * The largest amount a money column holds: every amount is stored as `numeric(14,2)` (12 digits before
 * the point; `grep numeric( subgraphs`), so a larger one would fail at insert ("numeric field
 * overflow", a 500). Inputs are refused above it; computed amounts (a sale's total) are checked with
 * `fitsMoneyColumn` before they are written.
 */
export const MAX_AMOUNT = new Decimal("999999999999.99");

/** Why an amount beyond `MAX_AMOUNT` was refused; the bridge shows it as the field's message. */
export const AMOUNT_RANGE_MESSAGE = `must be between -${MAX_AMOUNT.toFixed(2)} and ${MAX_AMOUNT.toFixed(2)} (12 digits before the decimal point)`;

/** True when `value` can be stored in a money column (`numeric(14,2)`) once rounded to the cent. */
export function fitsMoneyColumn(value: Decimal.Value): boolean {
  return new Decimal(value).abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP).lte(MAX_AMOUNT);
}

/**
 * Most units one request may move or sell in one line: a sale line, a stock movement, a product's
 * opening stock. Quantities are `integer` (int4) columns and an item's on-hand figure is their running
 * sum, so an unbounded quantity overflows (a 500) and a typing slip (an extra zero or five) becomes
 * stock. A million units is far above any real line (10,000 packs of 100 tablets; a kilogram counted in
 * mg) and leaves int4 room for 2,000 such movements into one item. The billing charge's quantity and
 * the controlled register use the same bound.
 */
export const MAX_QUANTITY = 1_000_000;

/** Why a decimal with more places than any amount or rate is kept at was refused. */
export const DECIMAL_PLACES_MESSAGE = "must have at most 4 decimal places";

/**
 * Money from a client: a decimal string only (docs/decisions/rest-contract.md, "Strict money"). A
 * JSON number has already lost its text (1500.10 arrives as 1500.1, 0.1 + 0.2 style values cannot be
 * told apart), and spaces or exponents are typing slips, so all are refused rather than guessed at.
 * An amount a money column cannot hold (beyond `MAX_AMOUNT`) is refused here too, as a field error.
 */
export function parseDecimalInput(value: unknown): Decimal {
  if (typeof value !== "string" || !DECIMAL_PATTERN.test(value)) {
    // A well-formed decimal string that is only too long says so, not "send a decimal string".
    const digits = typeof value === "string" ? /^-?(\d+)(?:\.(\d+))?$/.exec(value) : null;
    if (digits && digits[1].length > 13) throw new TypeError(AMOUNT_RANGE_MESSAGE);
    if (digits && (digits[2]?.length ?? 0) > 4) throw new TypeError(DECIMAL_PLACES_MESSAGE);
    throw new TypeError(DECIMAL_INPUT_MESSAGE);
  }
  const parsed = new Decimal(value);
  if (!fitsMoneyColumn(parsed)) throw new TypeError(AMOUNT_RANGE_MESSAGE);
  return parsed;
}

/**
 * Rounds half-up (the convention on receipts) to `digits` decimal places: a currency's minor unit
 * (`minorDigits`), so a UGX amount is whole shillings and a KES one keeps its cents.
 */
export function roundMoney(value: Decimal.Value, digits: number): Decimal {
  return new Decimal(value).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP);
}

/**
 * Decimal places the amounts of one record (a sale, a charge) are kept at: its currency's minor unit,
 * or more when the record already holds finer amounts (a UGX sale of 5898.32, recorded before minor
 * units were enforced), so that its parts (refunds, payments) can still add up to it exactly.
 */
export function recordDigits(currency: string, recorded: Decimal.Value[] = []): number {
  return Math.max(minorDigits(currency), ...recorded.map((a) => new Decimal(a).decimalPlaces()));
}

/**
 * Why an input amount is finer than its currency allows (a field message), or undefined when it is
 * not: "UGX amounts are whole shillings (ISO 4217: UGX has no minor unit): send 4999.00 or 5000.00".
 * `digits` defaults to the currency's minor unit (`recordDigits` for amounts against one record).
 */
export function minorUnitProblem(value: Decimal, currency: string, digits = minorDigits(currency)): string | undefined {
  if (value.decimalPlaces() <= digits) return undefined;
  const code = currency.trim().toUpperCase();
  const send = `send ${formatMoney(value.toDecimalPlaces(digits, Decimal.ROUND_FLOOR))} or ${formatMoney(value.toDecimalPlaces(digits, Decimal.ROUND_CEIL))}`;
  if (digits > 0) return `${code} amounts have at most ${digits} decimal places: ${send}`;
  // "Uganda Shilling" → whole shillings; "Rwanda Franc" → whole francs.
  const unit = currencyEntry(code)?.name.split(" ").at(-1)?.toLowerCase();
  return `${code} amounts are whole ${unit ? `${unit}s` : "units"} (ISO 4217: ${code} has no minor unit): ${send}`;
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
