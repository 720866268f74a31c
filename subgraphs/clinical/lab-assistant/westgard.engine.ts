/**
 * Westgard multirule quality control (Westgard JO, Barry PL, Hunt MR, Groth T. A multi-rule Shewhart
 * chart for quality control in clinical chemistry. Clin Chem 1981;27:493-501; rules as summarised at
 * westgard.com "Westgard Rules" and in domain-notes, cf. 1966bc/Biovarase westgards.py).
 *
 * Each control value becomes z = (value − mean) / SD. "Beyond" a limit is strict: z = 2.00 is not a
 * 1-2s, z = 2.01 is. Runs are in time order; within a run, the controls in the order given.
 */
import { Decimal } from "../../../lib/money.js";

export const WESTGARD_ENGINE_VERSION = "westgard-engine@1.0.1";

/**
 * z in decimal arithmetic on the numbers as written: in binary floating point (4.4 − 4.1) / 0.1 is
 * 3.000000000000007, a value exactly at 3 SD that would be rejected as beyond it.
 */
export function zScore(value: number, control: QcControl): number {
  return new Decimal(String(value)).minus(String(control.mean)).div(String(control.sd)).toNumber();
}

export const WESTGARD_SOURCE =
  "Westgard JO, Barry PL, Hunt MR, Groth T. A multi-rule Shewhart chart for quality control in clinical chemistry. Clin Chem 1981;27:493-501";

export type WestgardRule = "1-2s" | "1-3s" | "2-2s" | "R-4s" | "4-1s" | "10x";

export const RULES: Record<WestgardRule, { rejects: boolean; error: "random" | "systematic" | "warning"; description: string }> = {
  "1-2s": { rejects: false, error: "warning", description: "One control value beyond mean ± 2 SD: warning, inspect with the rejection rules" },
  "1-3s": { rejects: true, error: "random", description: "One control value beyond mean ± 3 SD" },
  "2-2s": { rejects: true, error: "systematic", description: "Two consecutive control values beyond the same mean + 2 SD or mean − 2 SD (within a run across controls, or one control across runs)" },
  "R-4s": { rejects: true, error: "random", description: "Within one run, one control beyond mean + 2 SD and another beyond mean − 2 SD (range over 4 SD)" },
  "4-1s": { rejects: true, error: "systematic", description: "Four consecutive control values beyond the same mean + 1 SD or mean − 1 SD (one control across runs, or across controls in time order)" },
  "10x": { rejects: true, error: "systematic", description: "Ten consecutive control values on the same side of the mean (one control across runs, or across controls in time order)" },
};

export interface QcControl {
  name: string;
  mean: number;
  sd: number;
}

export interface QcViolation {
  rule: WestgardRule;
  /** Indices into the request's runs (0-based) holding the values that broke the rule. */
  runIndices: number[];
  controls: string[];
  rejects: boolean;
  error: string;
  description: string;
}

export interface QcRunDecision {
  runIndex: number;
  /** accept, accept_with_warning (1-2s, no rejection rule) or reject. */
  decision: "accept" | "accept_with_warning" | "reject";
  rules: WestgardRule[];
  zScores: number[];
}

export interface QcEvaluation {
  /** The decision on the last run (the one being judged). */
  decision: QcRunDecision["decision"];
  accepted: boolean;
  runs: QcRunDecision[];
  violations: QcViolation[];
}

interface Point {
  run: number;
  control: number;
  z: number;
}

const side = (z: number, limit: number): 1 | -1 | 0 => (z > limit ? 1 : z < -limit ? -1 : 0);

/** n consecutive points all beyond the same ±limit (limit 0: the same side of the mean). */
function sameSideStreak(points: Point[], n: number, limit: number): boolean {
  if (points.length < n) return false;
  const s = side(points[0].z, limit);
  return s !== 0 && points.every((p) => side(p.z, limit) === s);
}

/**
 * Evaluates every run against the multirule with the history before it. With `useWarningRule` (the
 * classic procedure), a run without a 1-2s value is accepted and the rejection rules are applied only
 * to runs that have one; without it every rejection rule is applied to every run.
 */
export function evaluateWestgard(controls: QcControl[], runs: number[][], useWarningRule = true): QcEvaluation {
  const z = runs.map((values) => values.map((v, c) => zScore(v, controls[c])));
  const timeline: Point[] = z.flatMap((vals, run) => vals.map((zz, control) => ({ run, control, z: zz })));
  const violations: QcViolation[] = [];
  const decisions: QcRunDecision[] = [];
  const seen = new Set<string>();
  const add = (rule: WestgardRule, points: Point[]) => {
    const runIndices = [...new Set(points.map((p) => p.run))].sort((a, b) => a - b);
    const names = [...new Set(points.map((p) => controls[p.control].name))];
    const key = `${rule}|${points.map((p) => `${p.run}.${p.control}`).join(",")}`;
    if (!seen.has(key)) {
      seen.add(key);
      violations.push({ rule, runIndices, controls: names, rejects: RULES[rule].rejects, error: RULES[rule].error, description: RULES[rule].description });
    }
  };

  for (let r = 0; r < runs.length; r++) {
    const hits = new Set<WestgardRule>();
    const hit = (rule: WestgardRule, points: Point[]) => {
      hits.add(rule);
      add(rule, points);
    };
    const current = timeline.filter((p) => p.run === r);
    for (const p of current) {
      if (Math.abs(p.z) > 2) hit("1-2s", [p]);
      if (Math.abs(p.z) > 3) hit("1-3s", [p]);
    }
    const warned = hits.has("1-2s");
    if (!useWarningRule || warned) {
      // 2-2s within the run: two controls beyond the same 2 SD limit.
      for (const s of [1, -1]) {
        const beyond = current.filter((p) => side(p.z, 2) === s);
        if (beyond.length >= 2) hit("2-2s", beyond);
      }
      // 2-2s across runs: the same control beyond the same 2 SD limit in this run and the previous.
      if (r > 0) {
        for (let c = 0; c < controls.length; c++) {
          const pair = [timeline.find((p) => p.run === r - 1 && p.control === c)!, timeline.find((p) => p.run === r && p.control === c)!];
          if (sameSideStreak(pair, 2, 2)) hit("2-2s", pair);
        }
      }
      // R-4s: within the run, one control above +2 SD and another below −2 SD.
      const high = current.filter((p) => p.z > 2);
      const low = current.filter((p) => p.z < -2);
      if (high.length && low.length) hit("R-4s", [...high, ...low].sort((a, b) => a.control - b.control));
      // 4-1s and 10x: per control across runs, and across controls in time order, ending in this run.
      for (const [rule, n, limit] of [["4-1s", 4, 1], ["10x", 10, 0]] as const) {
        for (let c = 0; c < controls.length; c++) {
          const series = timeline.filter((p) => p.control === c && p.run <= r).slice(-n);
          if (series.at(-1)?.run === r && sameSideStreak(series, n, limit)) hit(rule, series);
        }
        const upTo = timeline.filter((p) => p.run <= r);
        for (let end = upTo.length; end > upTo.length - current.length; end--) {
          const window = upTo.slice(Math.max(0, end - n), end);
          // Only windows that span more than one control: one control's own streak is reported above.
          if (new Set(window.map((p) => p.control)).size > 1 && sameSideStreak(window, n, limit)) hit(rule, window);
        }
      }
    }
    const rules = [...hits];
    const decision = rules.some((x) => RULES[x].rejects) ? "reject" : warned ? "accept_with_warning" : "accept";
    decisions.push({ runIndex: r, decision, rules, zScores: z[r].map((x) => Math.round(x * 1000) / 1000) });
  }
  const last = decisions.at(-1)!;
  return { decision: last.decision, accepted: last.decision !== "reject", runs: decisions, violations };
}
