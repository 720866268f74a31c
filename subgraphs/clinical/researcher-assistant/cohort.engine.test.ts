import { describe, expect, it } from "vitest";
import { ageBand, suppressCells } from "./cohort.engine.js";

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
