import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../../lib/money.js";
import { priceTransaction } from "../../sales/transaction/transaction-pricing.js";
import { paidPerLine, refundFor, saleDigits } from "./refund.js";

describe("customer return refunds", () => {
  it("shares a discount over lines in proportion to their gross, in whole cents adding up to the discount (KES)", () => {
    const paid = paidPerLine(
      [
        { id: "a", quantity: 3, lineTotal: "999.99", taxAmount: "180.00" },
        { id: "b", quantity: 1, lineTotal: "500.00", taxAmount: "0.00" },
      ],
      "100.00",
      2,
    );
    // Gross 1179.99 and 500.00 of 1679.99: shares 70.2385… → 70.24 and 29.7614… → 29.76.
    expect(paid.get("a")!.toFixed(2)).toBe("1109.75");
    expect(paid.get("b")!.toFixed(2)).toBe("470.24");
  });

  it("shares it in whole shillings in UGX: the leftover shilling goes to the largest remainder", () => {
    const paid = paidPerLine(
      [
        { id: "a", quantity: 3, lineTotal: "999.00", taxAmount: "180.00" },
        { id: "b", quantity: 1, lineTotal: "500.00", taxAmount: "0.00" },
      ],
      "100.00",
      0,
    );
    // Gross 1179 and 500 of 1679: shares 70.22… → 70 and 29.78… → 30 (the leftover shilling).
    expect(paid.get("a")!.toFixed(2)).toBe("1109.00");
    expect(paid.get("b")!.toFixed(2)).toBe("470.00");
  });

  it("refunds a line cumulatively: partial returns add up to what was paid for it", () => {
    const paid = new Decimal("1109.75");
    const first = refundFor(paid, 3, 0, 1, 2);
    const second = refundFor(paid, 3, 1, 2, 2);
    expect(first.toFixed(2)).toBe("369.92");
    expect(first.plus(second).toFixed(2)).toBe("1109.75");
  });

  it("refunds whole shillings in UGX, rounding a third of 1109 (369.67) half-up and a half of 1109 (554.50) up", () => {
    const paid = new Decimal("1109.00");
    expect(refundFor(paid, 3, 0, 1, 0).toFixed(2)).toBe("370.00");
    expect(refundFor(paid, 3, 1, 2, 0).toFixed(2)).toBe("739.00");
    expect(refundFor(paid, 2, 0, 1, 0).toFixed(2)).toBe("555.00");
    expect(refundFor(paid, 2, 1, 1, 0).toFixed(2)).toBe("554.00");
  });

  it("refunds a UGX sale recorded with cents before the rule at its cents, so its refunds still add up to what was paid", () => {
    const lines = [{ id: "a", quantity: 2, lineTotal: "9998.00", taxAmount: "1799.64" }];
    const sale = { currency: "UGX", totalAmount: "11797.14", discountAmount: "0.50" };
    const digits = saleDigits(sale, lines);
    expect(digits).toBe(2);
    const paid = paidPerLine(lines, sale.discountAmount, digits).get("a")!;
    expect(refundFor(paid, 2, 0, 1, digits).plus(refundFor(paid, 2, 1, 1, digits)).toFixed(2)).toBe("11797.14");
    expect(saleDigits({ currency: "UGX", totalAmount: "11797.00", discountAmount: "1.00" }, [{ id: "a", quantity: 2, lineTotal: "9998.00", taxAmount: "1800.00" }])).toBe(0);
    expect(saleDigits({ currency: "KES", totalAmount: "11797.00", discountAmount: "1.00" }, [])).toBe(2);
  });

  for (const { currency, digits } of [
    { currency: "UGX", digits: 0 },
    { currency: "KES", digits: 2 },
  ]) {
    it(`${currency}: any split of full returns refunds exactly the sale's total, each refund in whole minor units (property)`, () => {
      const unit = new Decimal(10).pow(-digits);
      const line = fc.record({ quantity: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 1, max: 500_000 }), exempt: fc.boolean() });
      fc.assert(
        fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 100 }), fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }), (lines, discountPct, chunks) => {
          const priced = priceTransaction(
            lines.map((l, i) => ({ productId: String(i), productName: "x", quantity: l.quantity, unitPrice: unit.times(l.price).toFixed(2), taxExempt: l.exempt })),
            { taxRate: "0.18", currency },
            "0",
          );
          const discount = new Decimal(priced.subtotal).times(discountPct).div(100).toDecimalPlaces(digits, Decimal.ROUND_DOWN);
          const total = new Decimal(priced.subtotal).plus(priced.taxAmount).minus(discount);
          const saleLines = priced.lines.map((l, i) => ({ id: String(i), ...l }));
          expect(saleDigits({ currency, totalAmount: total, discountAmount: discount }, saleLines)).toBe(digits);
          const paid = paidPerLine(saleLines, discount, digits);
          expect([...paid.values()].reduce((s, p) => s.plus(p), new Decimal(0)).eq(total)).toBe(true);
          let refunded = new Decimal(0);
          priced.lines.forEach((l, i) => {
            let returned = 0;
            for (const c of [...chunks, l.quantity]) {
              const q = Math.min(c, l.quantity - returned);
              if (q <= 0) break;
              const refund = refundFor(paid.get(String(i))!, l.quantity, returned, q, digits);
              expect(refund.div(unit).isInteger(), refund.toFixed()).toBe(true);
              expect(refund.gte(0)).toBe(true);
              refunded = refunded.plus(refund);
              returned += q;
            }
          });
          expect(refunded.toFixed(2)).toBe(total.toFixed(2));
        }),
        { numRuns: 300 },
      );
    });
  }
});
