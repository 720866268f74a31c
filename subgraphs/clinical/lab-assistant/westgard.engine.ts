/**
 * Westgard multirule quality control (Westgard JO, Barry PL, Hunt MR, Groth T. A multi-rule Shewhart
 * chart for quality control in clinical chemistry. Clin Chem 1981;27:493-501; rules as summarised at
 * westgard.com "Westgard Rules" and in domain-notes, cf. 1966bc/Biovarase westgards.py).
 *
 * Each control value becomes z = (value − mean) / SD. "Beyond" a limit is strict: z = 2.00 is not a
 * 1-2s, z = 2.01 is. Runs are in time order; within a run, the controls in the order given.
 *
 * Two rule sets, chosen by the number of controls per run (Westgard: the rules fit the N of the run):
 * the classic 1-3s/2-2s/R-4s/4-1s/10x for N = 1, 2 or 4+, and for three controls (haematology
 * low/normal/high) Westgard's N = 3 multirule, 1-3s/2of3-2s/R-4s/3-1s/12x (westgard.com, "Westgard
 * Rules" worksheets, "Recommended Multirules for N's of 3 and 6").
 */
import { Decimal } from "../../../lib/money.js";

export const WESTGARD_ENGINE_VERSION = "westgard-engine@1.1.0";

/**
 * z in decimal arithmetic on the numbers as written: in binary floating point (4.4 − 4.1) / 0.1 is
 * 3.000000000000007, a value exactly at 3 SD that would be rejected as beyond it.
 */
export function zScore(value: number, control: QcControl): number {
  return new Decimal(String(value)).minus(String(control.mean)).div(String(control.sd)).toNumber();
}

export const WESTGARD_SOURCE =
  "Westgard JO, Barry PL, Hunt MR, Groth T. A multi-rule Shewhart chart for quality control in clinical chemistry. Clin Chem 1981;27:493-501";

export type WestgardRule = "1-2s" | "1-3s" | "2-2s" | "2of3-2s" | "R-4s" | "4-1s" | "3-1s" | "10x" | "12x";

export const RULES: Record<WestgardRule, { rejects: boolean; error: "random" | "systematic" | "warning"; description: string }> = {
  "1-2s": { rejects: false, error: "warning", description: "One control value beyond mean ± 2 SD: warning, inspect with the rejection rules" },
  "1-3s": { rejects: true, error: "random", description: "One control value beyond mean ± 3 SD" },
  "2-2s": { rejects: true, error: "systematic", description: "Two consecutive control values beyond the same mean + 2 SD or mean − 2 SD (within a run across controls, or one control across runs)" },
  "R-4s": { rejects: true, error: "random", description: "Within one run, one control beyond mean + 2 SD and another beyond mean − 2 SD (range over 4 SD)" },
  "4-1s": { rejects: true, error: "systematic", description: "Four consecutive control values beyond the same mean + 1 SD or mean − 1 SD (one control across runs, or across controls in time order)" },
  "10x": { rejects: true, error: "systematic", description: "Ten consecutive control values on the same side of the mean (one control across runs, or across controls in time order)" },
  "2of3-2s": { rejects: true, error: "systematic", description: "Two of three control values beyond the same mean + 2 SD or mean − 2 SD (within a run of three controls, or one control's last three runs)" },
  "3-1s": { rejects: true, error: "systematic", description: "Three consecutive control values beyond the same mean + 1 SD or mean − 1 SD (the three controls of a run, one control across runs, or across controls in time order)" },
  "12x": { rejects: true, error: "systematic", description: "Twelve consecutive control values on the same side of the mean (one control across runs, or across controls in time order)" },
};

/** The rules that differ between the classic multirule (N = 2) and Westgard's N = 3 multirule. */
interface RuleSet {
  /** The 2 SD rule across runs: `rule` when `count` of one control's last `window` values, the current one included, are beyond the same 2 SD limit. */
  twoSd: { rule: "2-2s" | "2of3-2s"; count: number; window: number };
  /** Streak rules: n consecutive values beyond the same ±limit SD (limit 0: the same side of the mean). */
  streaks: readonly (readonly [WestgardRule, number, number])[];
}

const CLASSIC: RuleSet = { twoSd: { rule: "2-2s", count: 2, window: 2 }, streaks: [["4-1s", 4, 1], ["10x", 10, 0]] };
const THREE_CONTROLS: RuleSet = { twoSd: { rule: "2of3-2s", count: 2, window: 3 }, streaks: [["3-1s", 3, 1], ["12x", 12, 0]] };

/** Westgard's N = 3 rules for three controls per run; the classic rules otherwise. */
export const ruleSetFor = (controlCount: number): RuleSet => (controlCount === 3 ? THREE_CONTROLS : CLASSIC);

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

type Hit = (rule: WestgardRule, points: Point[]) => void;

/** Within the run: two or more controls beyond the same 2 SD limit (2-2s; 2of3-2s with three controls). */
function checkTwoSdWithinRun(current: Point[], set: RuleSet, hit: Hit): void {
  for (const s of [1, -1]) {
    const beyond = current.filter((p) => side(p.z, 2) === s);
    if (beyond.length >= 2) hit(set.twoSd.rule, beyond);
  }
}

/**
 * Across runs, one control: its value in this run beyond a 2 SD limit and `count` − 1 more of its last
 * `window` values beyond the same limit (2-2s: the previous run; 2of3-2s: one of the previous two).
 */
function checkTwoSdAcrossRuns(timeline: Point[], r: number, controlCount: number, set: RuleSet, hit: Hit): void {
  const { rule, count, window } = set.twoSd;
  for (let c = 0; c < controlCount; c++) {
    const series = timeline.filter((p) => p.control === c && p.run <= r).slice(-window);
    const now = series.at(-1);
    if (series.length < 2 || now?.run !== r || side(now.z, 2) === 0) continue;
    const beyond = series.filter((p) => side(p.z, 2) === side(now.z, 2));
    if (beyond.length >= count) hit(rule, beyond);
  }
}

/** R-4s: within the run only, one control above +2 SD and another below −2 SD (never across runs). */
function checkRange(current: Point[], hit: Hit): void {
  const high = current.filter((p) => p.z > 2);
  const low = current.filter((p) => p.z < -2);
  if (high.length && low.length) hit("R-4s", [...high, ...low].sort((a, b) => a.control - b.control));
}

/** Streak rules (4-1s/10x, or 3-1s/12x): per control across runs, and across controls in time order, ending in this run. */
function checkStreaks(timeline: Point[], r: number, current: Point[], controlCount: number, set: RuleSet, hit: Hit): void {
  for (const [rule, n, limit] of set.streaks) {
    for (let c = 0; c < controlCount; c++) {
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

/**
 * Evaluates every run against the multirule with the history before it. With `useWarningRule` (the
 * classic procedure), a run without a 1-2s value is accepted and the rejection rules are applied only
 * to runs that have one; without it every rejection rule is applied to every run.
 */
export function evaluateWestgard(controls: QcControl[], runs: number[][], useWarningRule = true): QcEvaluation {
  const set = ruleSetFor(controls.length);
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
    const hit: Hit = (rule, points) => {
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
      checkTwoSdWithinRun(current, set, hit);
      checkTwoSdAcrossRuns(timeline, r, controls.length, set, hit);
      checkRange(current, hit);
      checkStreaks(timeline, r, current, controls.length, set, hit);
    }
    const rules = [...hits];
    const decision = rules.some((x) => RULES[x].rejects) ? "reject" : warned ? "accept_with_warning" : "accept";
    decisions.push({ runIndex: r, decision, rules, zScores: z[r].map((x) => Math.round(x * 1000) / 1000) });
  }
  const last = decisions.at(-1)!;
  return { decision: last.decision, accepted: last.decision !== "reject", runs: decisions, violations };
}

/** A field of the request that cannot be evaluated, and why (the service turns these into a 400). */
export interface QcInputProblem {
  field: string;
  message: string;
}

/**
 * What makes a QC request impossible to evaluate: 1 to 10 controls with a finite mean and an SD > 0
 * (z is undefined for SD ≤ 0), 1 to 500 runs, and exactly one finite value per control in each run
 * (a missing value cannot be placed: the values are matched to controls by position).
 */
export function qcInputProblems(controls: { mean: number; sd: number }[], runs: unknown[][]): QcInputProblem[] {
  const problems: QcInputProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!controls.length || controls.length > 10) add("controls", "give 1 to 10 controls");
  controls.forEach((c, i) => {
    if (!Number.isFinite(c.mean)) add(`controls.${i}.mean`, "must be a finite number");
    if (!(Number.isFinite(c.sd) && c.sd > 0)) add(`controls.${i}.sd`, "must be greater than 0");
  });
  if (!runs.length || runs.length > 500) add("runs", "give 1 to 500 runs");
  runs.forEach((values, i) => {
    if (values.length !== controls.length) add(`runs.${i}.values`, `must hold one value per control (${controls.length})`);
    else if (!values.every(Number.isFinite)) add(`runs.${i}.values`, "must be finite numbers");
  });
  return problems;
}
