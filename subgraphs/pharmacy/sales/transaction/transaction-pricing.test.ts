import { describe, expect, it } from "vitest";
import { priceTransaction } from "./transaction-pricing.js";

const line = (unitPrice: string, quantity: number, taxExempt = false) => ({ productId: `p-${unitPrice}`, productName: "x", quantity, unitPrice, taxExempt });

describe("priceTransaction", () => {
  it("taxes 3 × 333.33 at 18% to the cent (999.99 + 180.00)", () => {
    expect(priceTransaction([line("333.33", 3)], "0.18")).toMatchObject({ subtotal: "999.99", taxAmount: "180.00", discountAmount: "0.00", totalAmount: "1179.99" });
  });

  it("rounds each line's tax half-up and sums the lines", () => {
    // 0.05 × 0.18 = 0.009 → 0.01 on each of two lines; one line of 0.10 would be 0.018 → 0.02 too.
    const p = priceTransaction([line("0.05", 1), { ...line("0.05", 1), productId: "other" }], "0.18");
    expect(p.lines.map((l) => l.taxAmount)).toEqual(["0.01", "0.01"]);
    expect(p.taxAmount).toBe("0.02");
  });

  it("does not tax exempt products and takes the discount off the taxed total", () => {
    const p = priceTransaction([line("1500.00", 2, true), line("333.33", 3)], "0.18", "0.01");
    expect(p).toMatchObject({ subtotal: "3999.99", taxAmount: "180.00", discountAmount: "0.01", totalAmount: "4179.98" });
    expect(p.lines[0]).toMatchObject({ lineTotal: "3000.00", taxRate: "0.0000", taxAmount: "0.00" });
  });

  it("allows a discount equal to the subtotal and refuses one above it", () => {
    expect(priceTransaction([line("100.00", 1)], "0.18", "100.00").totalAmount).toBe("18.00");
    expect(() => priceTransaction([line("100.00", 1)], "0.18", "100.01")).toThrow(RangeError);
  });

  it("keeps sums of awkward decimals exact (0.1 + 0.2)", () => {
    expect(priceTransaction([line("0.10", 1, true), { ...line("0.20", 1, true), productId: "b" }], "0.18").totalAmount).toBe("0.30");
  });
});
