import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../../lib/money.js";
import { priceTransaction } from "../../sales/transaction/transaction-pricing.js";
import { paidPerLine, refundFor } from "./refund.js";

describe("customer return refunds", () => {
  it("shares a discount over lines in proportion to their gross, in whole cents adding up to the discount", () => {
    const paid = paidPerLine(
      [
        { id: "a", quantity: 3, lineTotal: "999.99", taxAmount: "180.00" },
        { id: "b", quantity: 1, lineTotal: "500.00", taxAmount: "0.00" },
      ],
      "100.00",
    );
    // Gross 1179.99 and 500.00 of 1679.99: shares 70.2385… → 70.24 and 29.7614… → 29.76.
    expect(paid.get("a")!.toFixed(2)).toBe("1109.75");
    expect(paid.get("b")!.toFixed(2)).toBe("470.24");
  });

  it("refunds a line cumulatively: partial returns add up to what was paid for it", () => {
    const paid = new Decimal("1109.75");
    const first = refundFor(paid, 3, 0, 1);
    const second = refundFor(paid, 3, 1, 2);
    expect(first.toFixed(2)).toBe("369.92");
    expect(first.plus(second).toFixed(2)).toBe("1109.75");
  });

  it("any split of full returns refunds exactly the sale's total (property)", () => {
    const line = fc.record({ quantity: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 1, max: 500_000 }), exempt: fc.boolean() });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 100 }), fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 6 }), (lines, discountPct, chunks) => {
        const priced = priceTransaction(
          lines.map((l, i) => ({ productId: String(i), productName: "x", quantity: l.quantity, unitPrice: new Decimal(l.price).div(100).toFixed(2), taxExempt: l.exempt })),
          "0.18",
          "0",
        );
        const discount = new Decimal(priced.subtotal).times(discountPct).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        const total = new Decimal(priced.subtotal).plus(priced.taxAmount).minus(discount);
        const paid = paidPerLine(priced.lines.map((l, i) => ({ id: String(i), ...l })), discount);
        let refunded = new Decimal(0);
        priced.lines.forEach((l, i) => {
          let returned = 0;
          for (const c of [...chunks, l.quantity]) {
            const q = Math.min(c, l.quantity - returned);
            if (q <= 0) break;
            refunded = refunded.plus(refundFor(paid.get(String(i))!, l.quantity, returned, q));
            returned += q;
          }
        });
        expect(refunded.toFixed(2)).toBe(total.toFixed(2));
      }),
      { numRuns: 300 },
    );
  });
});
