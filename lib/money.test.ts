import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_RANGE_MESSAGE, Decimal, DECIMAL_INPUT_MESSAGE, fitsMoneyColumn, MAX_AMOUNT, parseDecimalInput } from "./money.js";

/** The largest numeric(14,2) value, in cents: what a money column can hold. */
const MAX_CENTS = 99_999_999_999_999n;

const asText = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

describe("money inputs fit their columns", () => {
  it("accepts exactly the amounts a numeric(14,2) column holds (property, both signs, around the bound and anywhere)", () => {
    const nearBound = fc.bigInt({ min: MAX_CENTS - 1_000n, max: MAX_CENTS + 1_000n });
    const anywhere = fc.bigInt({ min: 0n, max: 10n ** 15n - 1n });
    fc.assert(
      fc.property(fc.oneof(nearBound, anywhere), fc.boolean(), (cents, negative) => {
        const text = asText(negative ? -cents : cents);
        if (cents <= MAX_CENTS) {
          expect(parseDecimalInput(text).toFixed(2)).toBe(text);
          expect(fitsMoneyColumn(text)).toBe(true);
        } else {
          expect(() => parseDecimalInput(text)).toThrow(AMOUNT_RANGE_MESSAGE);
          expect(fitsMoneyColumn(text)).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses what rounds above the bound, and keeps refusing what is not a decimal string", () => {
    expect(MAX_AMOUNT.toFixed(2)).toBe("999999999999.99");
    expect(parseDecimalInput("999999999999.9949").toFixed(4)).toBe("999999999999.9949");
    for (const text of ["999999999999.995", "1000000000000", "9999999999999.99", "-1000000000000.00"]) expect(() => parseDecimalInput(text), text).toThrow(AMOUNT_RANGE_MESSAGE);
    for (const value of [1500, "1e3", " 1.00", "12345678901234.00", "1.00001"]) expect(() => parseDecimalInput(value), String(value)).toThrow(DECIMAL_INPUT_MESSAGE);
    expect(fitsMoneyColumn(new Decimal("999999999999.99").plus("0.004"))).toBe(true);
    expect(fitsMoneyColumn(new Decimal("999999999999.99").plus("0.005"))).toBe(false);
  });
});
