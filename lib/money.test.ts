import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AMOUNT_RANGE_MESSAGE, Decimal, DECIMAL_INPUT_MESSAGE, DECIMAL_PLACES_MESSAGE, fitsMoneyColumn, MAX_AMOUNT, minorDigits, minorUnitProblem, parseDecimalInput, recordDigits, roundMoney } from "./money.js";

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
    for (const value of [1500, "1e3", " 1.00", "1.", ".5", "+1.00", "1,500.00", "--1"]) expect(() => parseDecimalInput(value), String(value)).toThrow(DECIMAL_INPUT_MESSAGE);
    // Well-formed but too long: the message says what is wrong with it, not "send a decimal string".
    for (const text of ["12345678901234.00", "99999999999999.99", "-12345678901234567890"]) expect(() => parseDecimalInput(text), text).toThrow(AMOUNT_RANGE_MESSAGE);
    for (const text of ["1.00001", "0.123456789"]) expect(() => parseDecimalInput(text), text).toThrow(DECIMAL_PLACES_MESSAGE);
    expect(fitsMoneyColumn(new Decimal("999999999999.99").plus("0.004"))).toBe(true);
    expect(fitsMoneyColumn(new Decimal("999999999999.99").plus("0.005"))).toBe(false);
  });
});

describe("currency minor units (ISO 4217, lib/currencies.json)", () => {
  it("lists the region's currencies with their minor-unit digits; an unknown currency has 2", () => {
    const expected = { UGX: 0, RWF: 0, BIF: 0, KES: 2, TZS: 2, SSP: 2, CDF: 2, ETB: 2, USD: 2, EUR: 2, GBP: 2 };
    for (const [code, digits] of Object.entries(expected)) expect(minorDigits(code), code).toBe(digits);
    expect(minorDigits("ugx")).toBe(0);
    expect(minorDigits("XYZ")).toBe(2);
  });

  it("rounds half-up at the minor unit: .5 of a shilling up, below it down, both signs (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 9999 }), (whole, tenThousandths) => {
        const value = new Decimal(whole.toString()).plus(new Decimal(tenThousandths).div(10_000));
        const shillings = roundMoney(value, 0);
        expect(shillings.isInteger()).toBe(true);
        // Half-up away from zero at .5 exactly (decimal.js ROUND_HALF_UP), the nearest whole otherwise.
        const distance = value.minus(shillings).abs();
        expect(distance.lte("0.5")).toBe(true);
        if (distance.eq("0.5")) expect(shillings.abs().gt(value.abs())).toBe(true);
        expect(roundMoney(value, 2).times(100).isInteger()).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    expect(roundMoney("899.50", 0).toFixed(2)).toBe("900.00");
    expect(roundMoney("899.4999", 0).toFixed(2)).toBe("899.00");
    expect(roundMoney("899.82", 0).toFixed(2)).toBe("900.00");
    expect(roundMoney("0.5", 0).toFixed(2)).toBe("1.00");
    expect(roundMoney("179.9982", 2).toFixed(2)).toBe("180.00");
    expect(roundMoney("0.005", 2).toFixed(2)).toBe("0.01");
  });

  it("refuses amounts finer than the currency's minor unit, naming the two it could be", () => {
    expect(minorUnitProblem(new Decimal("4999.50"), "UGX")).toBe("UGX amounts are whole shillings (ISO 4217: UGX has no minor unit): send 4999.00 or 5000.00");
    expect(minorUnitProblem(new Decimal("0.50"), "RWF")).toBe("RWF amounts are whole francs (ISO 4217: RWF has no minor unit): send 0.00 or 1.00");
    expect(minorUnitProblem(new Decimal("12.345"), "KES")).toBe("KES amounts have at most 2 decimal places: send 12.34 or 12.35");
    for (const ok of ["4999.00", "4999", "0"]) expect(minorUnitProblem(new Decimal(ok), "UGX"), ok).toBeUndefined();
    for (const ok of ["4999.50", "0.01"]) expect(minorUnitProblem(new Decimal(ok), "KES"), ok).toBeUndefined();
    expect(minorUnitProblem(new Decimal("1.01"), "XYZ")).toBeUndefined();
  });

  it("keeps a record's own cents: amounts against a UGX sale recorded as 5898.32 may carry cents, against 5899.00 not", () => {
    expect(recordDigits("UGX", ["5898.32", "0.50"])).toBe(2);
    expect(recordDigits("UGX", ["5899.00", "1.00"])).toBe(0);
    expect(recordDigits("KES", ["10.00"])).toBe(2);
    expect(minorUnitProblem(new Decimal("6828.85"), "UGX", recordDigits("UGX", ["13657.69"]))).toBeUndefined();
  });
});
