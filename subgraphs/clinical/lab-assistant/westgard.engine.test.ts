import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../lib/money.js";
import { evaluateWestgard, zScore, type QcControl } from "./westgard.engine.js";

// Two control levels, as in the classic N = 2 multirule procedure (Westgard et al., Clin Chem 1981).
const LEVELS: QcControl[] = [
  { name: "level 1", mean: 100, sd: 2 },
  { name: "level 2", mean: 200, sd: 4 },
];
/** A value at z standard deviations for level 1 / level 2. */
const l1 = (z: number) => 100 + 2 * z;
const l2 = (z: number) => 200 + 4 * z;
const run = (z1: number, z2: number) => [l1(z1), l2(z2)];
const rules = (runs: number[][], warning = true) => evaluateWestgard(LEVELS, runs, warning).violations.map((v) => `${v.rule}@${v.runIndices.join("+")}`);

describe("Westgard boundaries: beyond a limit is strict", () => {
  it("z = 2.00 is in control; 2.01 is a 1-2s warning (accepted)", () => {
    expect(evaluateWestgard(LEVELS, [run(2, 0)])).toMatchObject({ decision: "accept", violations: [] });
    expect(evaluateWestgard(LEVELS, [run(2.01, 0)])).toMatchObject({ decision: "accept_with_warning", accepted: true });
    expect(evaluateWestgard(LEVELS, [run(0, -2.01)]).violations.map((v) => v.rule)).toEqual(["1-2s"]);
  });

  it("z = 3.00 is a warning only; 3.01 is a 1-3s rejection (random error)", () => {
    expect(evaluateWestgard(LEVELS, [run(3, 0)]).decision).toBe("accept_with_warning");
    const r = evaluateWestgard(LEVELS, [run(-3.01, 0)]);
    expect(r).toMatchObject({ decision: "reject", accepted: false });
    expect(r.violations.find((v) => v.rule === "1-3s")).toMatchObject({ runIndices: [0], controls: ["level 1"], error: "random" });
  });

  it("computes z from the given mean and SD", () => {
    expect(evaluateWestgard(LEVELS, [[104, 188]]).runs[0].zScores).toEqual([2, -3]);
  });
});

describe("Westgard rejection rules", () => {
  it("2-2s within a run: both controls beyond the same +2 SD", () => {
    expect(rules([run(2.5, 2.2)])).toEqual(["1-2s@0", "1-2s@0", "2-2s@0"]);
    // Opposite sides are R-4s, not 2-2s.
    expect(rules([run(2.5, -2.2)])).toEqual(["1-2s@0", "1-2s@0", "R-4s@0"]);
    // At exactly 2 SD the second does not count.
    expect(rules([run(2.5, 2)])).toEqual(["1-2s@0"]);
  });

  it("2-2s across runs: the same control beyond −2 SD in two consecutive runs", () => {
    const r = evaluateWestgard(LEVELS, [run(-2.3, 0.5), run(-2.1, 0.2)]);
    expect(r.runs.map((x) => x.decision)).toEqual(["accept_with_warning", "reject"]);
    expect(r.violations.find((v) => v.rule === "2-2s")).toMatchObject({ runIndices: [0, 1], controls: ["level 1"], error: "systematic" });
  });

  it("R-4s: +2.1 and −2.1 SD in one run; not across runs", () => {
    expect(evaluateWestgard(LEVELS, [run(2.1, -2.1)]).decision).toBe("reject");
    expect(rules([run(2.1, 0), run(-2.1, 0)])).toEqual(["1-2s@0", "1-2s@1"]);
  });

  it("4-1s: four consecutive values of one control beyond +1 SD, judged on the run with the warning", () => {
    const runs = [run(1.5, 0), run(1.2, 0), run(1.8, 0), run(2.2, 0)];
    const r = evaluateWestgard(LEVELS, runs);
    expect(r.decision).toBe("reject");
    expect(r.violations.find((v) => v.rule === "4-1s")).toMatchObject({ runIndices: [0, 1, 2, 3], controls: ["level 1"] });
    // A value at exactly 1 SD breaks the streak.
    expect(evaluateWestgard(LEVELS, [run(1.5, 0), run(1, 0), run(1.8, 0), run(2.2, 0)]).decision).toBe("accept_with_warning");
  });

  it("4-1s across controls: two runs × two levels all beyond −1 SD", () => {
    const r = evaluateWestgard(LEVELS, [run(-1.2, -1.4), run(-1.1, -2.3)]);
    expect(r.decision).toBe("reject");
    expect(r.violations.find((v) => v.rule === "4-1s")).toMatchObject({ runIndices: [0, 1], controls: ["level 1", "level 2"] });
  });

  it("10x: ten consecutive values of one control above the mean", () => {
    const runs = [...Array.from({ length: 9 }, (_, i) => run(0.5, i % 2 ? 0.3 : -0.3)), run(2.5, 0)];
    const r = evaluateWestgard(LEVELS, runs);
    expect(r.violations.find((v) => v.rule === "10x" && v.controls.length === 1)).toMatchObject({ runIndices: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], controls: ["level 1"] });
    expect(r.decision).toBe("reject");
    // Nine are not enough.
    expect(rules(runs.slice(1)).some((x) => x.startsWith("10x"))).toBe(false);
  });

  it("10x across controls: five runs with both levels below the mean", () => {
    const runs = [run(-0.4, -0.6), run(-0.3, -0.2), run(-0.8, -0.1), run(-0.5, -0.9), run(-0.2, -2.4)];
    expect(evaluateWestgard(LEVELS, runs).violations.find((v) => v.rule === "10x")).toMatchObject({ runIndices: [0, 1, 2, 3, 4], controls: ["level 1", "level 2"] });
  });

  it("with the 1-2s warning rule, a systematic shift without a 2 SD value is accepted; without it, rejected", () => {
    const runs = [run(1.5, 0), run(1.2, 0), run(1.8, 0), run(1.9, 0)];
    expect(evaluateWestgard(LEVELS, runs, true).decision).toBe("accept");
    const strict = evaluateWestgard(LEVELS, runs, false);
    expect(strict.decision).toBe("reject");
    expect(strict.violations.map((v) => v.rule)).toEqual(["4-1s"]);
  });

  it("worked example: a stable month, then a shift of +2.5 SD on level 2 for two runs", () => {
    const stable = [run(0.3, -0.5), run(-0.8, 0.4), run(1.1, -0.2), run(-0.4, 1.3), run(0.6, -1.1)];
    const r = evaluateWestgard(LEVELS, [...stable, run(0.2, 2.5), run(-0.1, 2.6)]);
    expect(r.runs.map((x) => x.decision)).toEqual(["accept", "accept", "accept", "accept", "accept", "accept_with_warning", "reject"]);
    expect(r.violations.filter((v) => v.rejects).map((v) => `${v.rule}@${v.runIndices.join("+")}`)).toEqual(["2-2s@5+6"]);
  });
});

describe("Westgard limits are exact in decimal, whatever the mean and SD", () => {
  it.each([
    ["4.4 with mean 4.1, SD 0.1 (binary: 3.000000000000007)", 4.4, 4.1, 0.1, 3],
    ["0.7 with mean 0.1, SD 0.2", 0.7, 0.1, 0.2, 3],
    ["5.3 with mean 5.1, SD 0.1", 5.3, 5.1, 0.1, 2],
    ["1.1 with mean 0.5, SD 0.3 (binary: 2.0000000000000004)", 1.1, 0.5, 0.3, 2],
    ["-0.2 with mean 0.1, SD 0.1", -0.2, 0.1, 0.1, -3],
  ])("%s is exactly %d SD", (_, value, mean, sd, expected) => {
    expect(zScore(value, { name: "c", mean, sd })).toBe(expected);
  });

  it("4.4 against mean 4.1, SD 0.1 is a 1-2s warning, not a 1-3s rejection", () => {
    const r = evaluateWestgard([{ name: "glucose L1", mean: 4.1, sd: 0.1 }], [[4.4]]);
    expect(r.decision).toBe("accept_with_warning");
    expect(r.violations.map((v) => v.rule)).toEqual(["1-2s"]);
  });

  // Means and SDs as a laboratory writes them (up to 3 decimals); values exactly at k SD and one
  // unit of the next decimal beyond it.
  const decimals = (max: number, scale: number) => fc.integer({ min: 1, max }).map((n) => new Decimal(n).div(10 ** scale).toString());
  it("exactly ±2 SD is in control and ±3 SD is not a 1-3s; a hair beyond is (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), decimals(5_000_000, 3), decimals(500_000, 3), fc.constantFrom(1, -1), (scale, meanText, sdText, sign) => {
        const mean = new Decimal(meanText).toDecimalPlaces(scale);
        const sd = new Decimal(sdText).toDecimalPlaces(scale);
        fc.pre(sd.gt(0));
        const control = { name: "c", mean: mean.toNumber(), sd: sd.toNumber() };
        const at = (k: number, extra = 0) => [mean.plus(sd.times(k * sign)).plus(new Decimal(extra * sign).div(10 ** (scale + 1))).toNumber()];
        expect(evaluateWestgard([control], [at(2)]).decision, `${mean}±2×${sd}`).toBe("accept");
        expect(evaluateWestgard([control], [at(3)]).violations.map((v) => v.rule), `${mean}±3×${sd}`).toEqual(["1-2s"]);
        expect(evaluateWestgard([control], [at(2, 1)]).decision).toBe("accept_with_warning");
        expect(evaluateWestgard([control], [at(3, 1)]).decision).toBe("reject");
      }),
      { numRuns: 2000 },
    );
  });
});
