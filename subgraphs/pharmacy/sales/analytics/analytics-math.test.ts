import { describe, expect, it } from "vitest";
import { basketStats, cooccurrencePairs, rulesFor } from "./association-rules.js";
import { bestHolt, fitHolt, forecastHolt } from "./holt.js";

// Five baskets, worked by hand:
//   {P,O} {P,O} {P,O,Z} {P,V} {O}
//   n(P)=4 n(O)=4 n(Z)=1 n(V)=1; n(P,O)=3 n(P,Z)=1 n(O,Z)=1 n(P,V)=1
const baskets = [["P", "O"], ["P", "O"], ["P", "O", "Z"], ["P", "V"], ["O"]].map((b) => new Set(b));

describe("association rules", () => {
  const stats = basketStats(baskets);

  it("computes support, confidence and lift of pairs", () => {
    const po = cooccurrencePairs(stats).find((p) => p.a === "O" && p.b === "P")!;
    expect(po).toMatchObject({ count: 3, support: 0.6, confidenceAToB: 0.75, confidenceBToA: 0.75, lift: 0.9375 });
    const oz = cooccurrencePairs(stats).find((p) => p.a === "O" && p.b === "Z")!;
    // lift = 1·5 / (4·1) = 1.25
    expect(oz).toMatchObject({ count: 1, support: 0.2, confidenceAToB: 0.25, confidenceBToA: 1, lift: 1.25 });
    expect(cooccurrencePairs(stats, 2)).toHaveLength(1);
  });

  it("ranks rules from a basket by confidence, keeping the best antecedent per product", () => {
    expect(rulesFor(stats, ["P"])).toEqual([
      { antecedent: "P", consequent: "O", count: 3, support: 0.6, confidence: 0.75, lift: 0.9375 },
      { antecedent: "P", consequent: "V", count: 1, support: 0.2, confidence: 0.25, lift: 1.25 },
      { antecedent: "P", consequent: "Z", count: 1, support: 0.2, confidence: 0.25, lift: 1.25 },
    ]);
    // Z → P and Z → O both have confidence 1.
    expect(rulesFor(stats, ["Z"]).map((r) => [r.consequent, r.confidence])).toEqual([["O", 1], ["P", 1]]);
  });
});

describe("Holt's linear smoothing", () => {
  it("follows a straight line exactly", () => {
    const fit = fitHolt([2, 4, 6, 8, 10], 0.5, 0.5);
    expect(fit.level).toBeCloseTo(10);
    expect(fit.trend).toBeCloseTo(2);
    expect(fit.sse).toBeCloseTo(0);
    expect(forecastHolt(fit, 3)).toEqual([12, 14, 16]);
  });

  it("matches a hand computation (α = 0.5, β = 0.5)", () => {
    // ℓ0 = 3, b0 = 2. t=1: pred 5, y 5 → ℓ=5, b=2. t=2: pred 7, y 4 → ℓ=5.5, b=1.25; sse = 9.
    const fit = fitHolt([3, 5, 4], 0.5, 0.5);
    expect(fit).toMatchObject({ level: 5.5, trend: 1.25, sse: 9 });
    expect(forecastHolt(fit, 2)).toEqual([6.75, 8]);
  });

  it("never forecasts negative demand and picks parameters on the grid", () => {
    const fit = bestHolt([9, 7, 5, 3, 1, 0, 0]);
    expect(fit.alpha).toBeGreaterThan(0);
    expect(forecastHolt(fit, 5).every((x) => x >= 0)).toBe(true);
  });
});
