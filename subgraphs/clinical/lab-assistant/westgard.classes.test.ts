import { describe, expect, it } from "vitest";
import { evaluateWestgard, qcInputProblems, ruleSetFor, type QcControl } from "./westgard.engine.js";

// Three-level platelet control (low / normal / high), as haematology analysers run it.
const PLATELETS: QcControl[] = [
  { name: "low", mean: 70, sd: 5 },
  { name: "normal", mean: 250, sd: 10 },
  { name: "high", mean: 500, sd: 20 },
];
/** One run of the three levels at the given z-scores. */
const at = (...zs: number[]) => zs.map((z, i) => PLATELETS[i].mean + z * PLATELETS[i].sd);
const judge = (runs: number[][], warning = true) => evaluateWestgard(PLATELETS, runs, warning).runs.map((r) => `${r.decision}:${r.rules.filter((x) => x !== "1-2s").join("+")}`);

describe("three controls per run: Westgard's N = 3 multirule (westgard.com, 'Recommended Multirules for N's of 3 and 6')", () => {
  it("uses 2of3-2s, 3-1s and 12x in place of 2-2s, 4-1s and 10x; two or four controls keep the classic rules", () => {
    expect(ruleSetFor(3).twoSd.rule).toBe("2of3-2s");
    expect(ruleSetFor(3).streaks.map(([rule]) => rule)).toEqual(["3-1s", "12x"]);
    for (const n of [1, 2, 4]) expect(ruleSetFor(n).streaks.map(([rule]) => rule)).toEqual(["4-1s", "10x"]);
  });

  it("2of3-2s within a run: low and high beyond −2 SD with normal between them rejects", () => {
    expect(judge([at(-2.7, -0.4, -2.1)])).toEqual(["reject:2of3-2s"]);
  });

  it("2of3-2s across runs: one level beyond +2 SD in the first and third of three runs rejects the third", () => {
    expect(judge([at(0.1, -0.2, 2.6), at(-0.3, 0.2, 0.6), at(0.4, -0.1, 2.3)])).toEqual(["accept_with_warning:", "accept:", "reject:2of3-2s"]);
  });

  it("2of3-2s needs the run being judged beyond 2 SD: two old 2 SD values do not reject a quiet run", () => {
    expect(judge([at(2.4, 0, 0), at(2.8, 0.3, -0.5), at(0.6, -0.2, 0.1)], false)).toEqual(["accept_with_warning:", "reject:2of3-2s", "accept:"]);
  });

  it("3-1s within a run: all three levels beyond −1 SD with one beyond −2 SD rejects", () => {
    expect(judge([at(-1.7, -2.2, -1.1)])).toEqual(["reject:3-1s"]);
  });

  it("3-1s across runs: one level beyond +1 SD in three consecutive runs", () => {
    expect(judge([at(1.6, 0.3, -0.2), at(1.9, -0.6, 0.5), at(2.7, 0.2, -0.4)])).toEqual(["accept:", "accept:", "reject:3-1s"]);
  });

  it("R-4s stays within one run with three levels: +2 SD then −2 SD on the next run is a warning only", () => {
    expect(judge([at(0.2, 2.9, 0.3), at(-0.1, -2.2, 0.4)])).toEqual(["accept_with_warning:", "accept_with_warning:"]);
    expect(judge([at(2.9, 0.3, -2.2)])).toEqual(["reject:R-4s"]);
  });

  it("12x: four runs of three levels all above the mean rejects; three runs (nine values) do not", () => {
    const quiet = [at(0.3, 0.6, 0.2), at(0.7, 0.1, 0.5), at(0.4, 0.8, 0.3)];
    expect(judge([...quiet.slice(1), at(0.2, 0.5, 2.3)]).at(-1)).toBe("accept_with_warning:");
    expect(judge([...quiet, at(0.2, 0.5, 2.3)]).at(-1)).toBe("reject:12x");
  });
});

describe("classic rules with two controls are unchanged", () => {
  const CK: QcControl[] = [{ name: "CK normal", mean: 150, sd: 6 }, { name: "CK high", mean: 600, sd: 25 }];
  const ck = (z1: number, z2: number) => [150 + 6 * z1, 600 + 25 * z2];
  const decide = (runs: number[][]) => evaluateWestgard(CK, runs).runs.map((r) => `${r.decision}:${r.rules.filter((x) => x !== "1-2s").join("+")}`);

  it("2-2s across runs needs the same control: high then normal beyond +2 SD in consecutive runs is two warnings", () => {
    expect(decide([ck(0.7, 2.8), ck(2.2, -0.6)])).toEqual(["accept_with_warning:", "accept_with_warning:"]);
    expect(decide([ck(0.7, 2.8), ck(-0.6, 2.2)])).toEqual(["accept_with_warning:", "reject:2-2s"]);
  });

  it("2-2s is two consecutive values: with one quiet run between, the same control beyond +2 SD twice is not 2-2s", () => {
    expect(decide([ck(2.9, 0.1), ck(0.4, -0.3), ck(2.1, 0.2)]).at(-1)).toBe("accept_with_warning:");
  });
});

describe("requests the engine cannot evaluate (the service answers 400 with these fields)", () => {
  const two = [{ mean: 150, sd: 6 }, { mean: 600, sd: 25 }];
  const fields = (controls: { mean: number; sd: number }[], runs: unknown[][]) => qcInputProblems(controls, runs).map((p) => p.field);

  it("refuses an SD of zero or below for any control", () => {
    expect(fields([{ mean: 150, sd: 0 }, { mean: 600, sd: -25 }], [[151, 598]])).toEqual(["controls.0.sd", "controls.1.sd"]);
  });

  it("refuses a run with a value missing, an extra value, or a value that is not a number", () => {
    expect(fields(two, [[151], [151, 598, 603], [151, null], [151, Number.NaN]])).toEqual(["runs.0.values", "runs.1.values", "runs.2.values", "runs.3.values"]);
  });

  it("refuses no runs, no controls and more than ten controls", () => {
    expect(fields(two, [])).toEqual(["runs"]);
    expect(fields([], [[]])).toEqual(["controls"]);
    expect(fields(Array.from({ length: 11 }, () => ({ mean: 1, sd: 0.1 })), [Array(11).fill(1)])).toEqual(["controls"]);
  });

  it("accepts a well-formed request", () => {
    expect(qcInputProblems(two, [[151, 598]])).toEqual([]);
  });
});
