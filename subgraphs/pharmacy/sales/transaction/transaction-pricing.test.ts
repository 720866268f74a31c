import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../../lib/money.js";
import { priceTransaction } from "./transaction-pricing.js";

const line = (unitPrice: string, quantity: number, taxExempt = false) => ({ productId: `p-${unitPrice}`, productName: "x", quantity, unitPrice, taxExempt });
const UGX = { taxRate: "0.18", currency: "UGX" };
const KES = { taxRate: "0.18", currency: "KES" };

describe("priceTransaction in a currency with cents (KES)", () => {
  it("taxes 3 × 333.33 at 18% to the cent (999.99 + 180.00)", () => {
    expect(priceTransaction([line("333.33", 3)], KES)).toMatchObject({ subtotal: "999.99", taxAmount: "180.00", discountAmount: "0.00", totalAmount: "1179.99" });
  });

  it("rounds each line's tax half-up and sums the lines", () => {
    // 0.05 × 0.18 = 0.009 → 0.01 on each of two lines; one line of 0.10 would be 0.018 → 0.02 too.
    const p = priceTransaction([line("0.05", 1), { ...line("0.05", 1), productId: "other" }], KES);
    expect(p.lines.map((l) => l.taxAmount)).toEqual(["0.01", "0.01"]);
    expect(p.taxAmount).toBe("0.02");
  });

  it("does not tax exempt products and takes the discount off the taxed total", () => {
    const p = priceTransaction([line("1500.00", 2, true), line("333.33", 3)], KES, "0.01");
    expect(p).toMatchObject({ subtotal: "3999.99", taxAmount: "180.00", discountAmount: "0.01", totalAmount: "4179.98" });
    expect(p.lines[0]).toMatchObject({ lineTotal: "3000.00", taxRate: "0.0000", taxAmount: "0.00" });
  });

  it("allows a discount equal to the subtotal and refuses one above it", () => {
    expect(priceTransaction([line("100.00", 1)], KES, "100.00").totalAmount).toBe("18.00");
    expect(() => priceTransaction([line("100.00", 1)], KES, "100.01")).toThrow(RangeError);
  });

  it("keeps sums of awkward decimals exact (0.1 + 0.2)", () => {
    expect(priceTransaction([line("0.10", 1, true), { ...line("0.20", 1, true), productId: "b" }], KES).totalAmount).toBe("0.30");
  });
});

describe("priceTransaction in a currency without a minor unit (UGX: whole shillings)", () => {
  it("prices the tester's basket in whole shillings: 4999.00 at 18% is VAT 900 (899.82 rounded), total 5899 less the discount", () => {
    expect(priceTransaction([line("4999.00", 1)], UGX, "1.00")).toMatchObject({ subtotal: "4999.00", taxAmount: "900.00", discountAmount: "1.00", totalAmount: "5898.00" });
    expect(priceTransaction([line("4999.00", 2)], UGX)).toMatchObject({ subtotal: "9998.00", taxAmount: "1800.00", totalAmount: "11798.00" });
  });

  it("rounds a line's VAT half-up at .5 of a shilling, and down just below it", () => {
    // 25 × 0.18 = 4.50 → 5; 24 × 0.18 = 4.32 → 4; 75 × 0.18 = 13.50 → 14; 3 × 333 × 0.18 = 179.82 → 180.
    const p = priceTransaction([line("25.00", 1), line("24.00", 1), line("75.00", 1), line("333.00", 3)], UGX);
    expect(p.lines.map((l) => l.taxAmount)).toEqual(["5.00", "4.00", "14.00", "180.00"]);
    expect(p).toMatchObject({ subtotal: "1123.00", taxAmount: "203.00", totalAmount: "1326.00" });
    // The same 25.00 in KES keeps its cents: 4.50.
    expect(priceTransaction([line("25.00", 1)], KES).taxAmount).toBe("4.50");
    // At a rate that lands a hair below the half: 0.1799 × 25 = 4.4975 → 4.
    expect(priceTransaction([line("25.00", 1)], { taxRate: "0.1799", currency: "UGX" }).taxAmount).toBe("4.00");
  });

  it("rounds what was recorded before the rule to whole shillings: a legacy price of 4500.50, a loyalty discount worth 31.50", () => {
    const p = priceTransaction([line("4500.50", 1, true), line("100.00", 1)], UGX, "31.50");
    expect(p.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([["4500.50", "4501.00"], ["100.00", "100.00"]]);
    expect(p).toMatchObject({ subtotal: "4601.00", taxAmount: "18.00", discountAmount: "32.00", totalAmount: "4587.00" });
  });
});

/**
 * Random baskets priced in minor units with integers (an oracle independent of decimal.js): a line's
 * VAT is round_half_up(line × 18 / 100) = floor((line × 18 + 50) / 100) minor units.
 */
describe("random baskets (property)", () => {
  const basket = fc.array(fc.record({ units: fc.integer({ min: 1, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 50 }), exempt: fc.boolean() }), { minLength: 1, maxLength: 8 });
  const cases = [
    { currency: "UGX", digits: 0 },
    { currency: "KES", digits: 2 },
    { currency: "RWF", digits: 0 },
    { currency: "TZS", digits: 2 },
  ];

  for (const { currency, digits } of cases) {
    it(`${currency}: every amount is whole ${digits ? "cents" : "units"}, lines add up, total = subtotal + tax − discount exactly`, () => {
      const scale = 10n ** BigInt(digits);
      const text = (minor: bigint) => new Decimal(minor.toString()).div(scale.toString()).toFixed(2);
      fc.assert(
        fc.property(basket, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 99 }), (lines, discountPct, extra) => {
          const subtotalMinor = lines.reduce((s, l) => s + BigInt(l.units) * BigInt(l.quantity), 0n);
          const discountMinor = (subtotalMinor * BigInt(discountPct)) / 100n + (discountPct < 100 ? BigInt(extra) : 0n);
          const discount = discountMinor > subtotalMinor ? subtotalMinor : discountMinor;
          const p = priceTransaction(
            lines.map((l, i) => ({ productId: String(i), productName: "x", quantity: l.quantity, unitPrice: text(BigInt(l.units)), taxExempt: l.exempt })),
            { taxRate: "0.18", currency },
            text(discount),
          );
          const taxMinor = lines.map((l) => (l.exempt ? 0n : (BigInt(l.units) * BigInt(l.quantity) * 18n + 50n) / 100n));
          expect(p.lines.map((l) => l.taxAmount)).toEqual(taxMinor.map(text));
          const tax = taxMinor.reduce((s, t) => s + t, 0n);
          expect(p).toMatchObject({ subtotal: text(subtotalMinor), taxAmount: text(tax), discountAmount: text(discount), totalAmount: text(subtotalMinor + tax - discount) });
          for (const amount of [p.subtotal, p.taxAmount, p.discountAmount, p.totalAmount, ...p.lines.flatMap((l) => [l.lineTotal, l.taxAmount])]) {
            expect(new Decimal(amount).times(scale.toString()).isInteger(), amount).toBe(true);
          }
          expect(new Decimal(p.subtotal).plus(p.taxAmount).minus(p.discountAmount).eq(p.totalAmount)).toBe(true);
        }),
        { numRuns: 400 },
      );
    });
  }

  it("KES keeps the cents UGX has none of: the same basket prices differently", () => {
    // 0.25 × 0.18 = 0.045 → 0.05 in KES; in UGX 25 shillings' line is 4.50 → 5.
    expect(priceTransaction([line("0.25", 1)], KES).taxAmount).toBe("0.05");
    expect(priceTransaction([line("333.33", 1)], KES).taxAmount).toBe("60.00");
    expect(priceTransaction([line("333.00", 1)], KES).taxAmount).toBe("59.94");
    expect(priceTransaction([line("333.00", 1)], UGX).taxAmount).toBe("60.00");
  });
});
