/**
 * Property (session 21, value_text through the API): any number n sent as value and as the text String(n) is the same
 * result: the same number, comparator, unit, notes, field errors and assessment, for every test and unit tried,
 * E-notation ("1e-7", "1.5e+21", as JavaScript and JSON write very small and very large numbers) included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assessReportedValue, type QuantityComparator } from "./censored-result.js";
import { identify } from "./critical-values.test-support.js";
import { readPrintedValue } from "./printed-value.js";

const TESTS: Array<[string, string | null]> = [
  ["2823-3", "mmol/L"],
  ["2345-7", "mg/dL"],
  ["2345-7", "mmol/L"],
  ["2951-2", "mmol/L"],
  ["718-7", "g/dL"],
  ["6301-6", null],
];

function answer(code: string, value: number | string, unit: string | null, comparator?: string) {
  const r = identify(code, null, value, unit, comparator);
  const assessed = r.test && Object.keys(r.errors).length === 0 ? assessReportedValue(r.test, r.value, r.comparator as QuantityComparator | null, r.unit, "male") : null;
  return { errors: Object.keys(r.errors), value: r.value, comparator: r.comparator, unit: r.unit, notes: r.notes, assessed };
}

describe("a number sent as value and as the text String(n)", () => {
  it("is the same answer", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TESTS), fc.oneof(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 40, noNaN: true })), fc.constantFrom(undefined, "<", ">", ">="), ([code, unit], n, comparator) => {
        expect(answer(code, String(n), unit, comparator)).toEqual(answer(code, n, unit, comparator));
      }),
      { numRuns: 1500 },
    );
  });

  it("reads E-notation as the number it writes, and nothing after it", () => {
    for (const n of [1e-7, 5e-324, 1.5e21, 1e21, Number.MAX_VALUE]) expect(readPrintedValue(String(n))).toMatchObject({ ok: true, value: n, comparator: null, unit: null });
    expect(readPrintedValue("> 2e-3")).toMatchObject({ ok: true, value: 0.002, comparator: ">" });
    expect(readPrintedValue("3e")).toMatchObject({ ok: false });
  });
});
