import { describe, expect, it } from "vitest";
import { ageBand, CELL_KEY_MODULUS, cellNoise, perturbedCount, suppressCells } from "./cohort.engine.js";

describe("small-cell suppression (< 5)", () => {
  it("withholds counts below 5, zero included, and shows 5 and above", () => {
    expect(suppressCells([{ label: "a", count: 4 }, { label: "b", count: 0 }, { label: "c", count: 5 }, { label: "d", count: 12 }]).map((c) => c.count)).toEqual([null, null, 5, 12]);
  });

  it("withholds the next smallest cell when only one would be hidden (no recovery by subtraction)", () => {
    expect(suppressCells([{ label: "female", count: 3 }, { label: "male", count: 40 }, { label: "other", count: 9 }]).map((c) => [c.count, c.suppressed])).toEqual([[null, true], [40, false], [null, true]]);
  });

  it("hides nothing when every cell is at least 5", () => {
    expect(suppressCells([{ label: "x", count: 5 }, { label: "y", count: 6 }]).every((c) => !c.suppressed)).toBe(true);
  });

  it.each([[0, "0-17"], [17, "0-17"], [18, "18-39"], [39, "18-39"], [40, "40-64"], [64, "40-64"], [65, "65+"]])("age %d → band %s", (age, band) => expect(ageBand(age)).toBe(band));
});

describe("cell-key noise (ABS cell key method)", () => {
  it("spreads the 256 cell keys over -2..2 with zero mean: half 0, 3/16 each ±1, 1/16 each ±2", () => {
    const noise = Array.from({ length: CELL_KEY_MODULUS }, (_, k) => cellNoise(k));
    const tally = (v: number) => noise.filter((n) => n === v).length;
    expect([tally(-2), tally(-1), tally(0), tally(1), tally(2)]).toEqual([16, 48, 128, 48, 16]);
    expect(noise.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("reads any whole-number key modulo 256 (sums of record keys grow past it)", () => {
    for (const k of [0, 127, 128, 200, 255]) for (const wrap of [0, 1, 7, 1000]) expect(cellNoise(k + wrap * CELL_KEY_MODULUS)).toBe(cellNoise(k));
  });

  it("moves a shown count by at most 2 and never shows it below the threshold", () => {
    for (let count = 5; count < 200; count++)
      for (let key = 0; key < CELL_KEY_MODULUS; key += 7) {
        const shown = perturbedCount(count, key);
        expect(Math.abs(shown - count)).toBeLessThanOrEqual(2);
        expect(shown).toBeGreaterThanOrEqual(5);
      }
  });
});
