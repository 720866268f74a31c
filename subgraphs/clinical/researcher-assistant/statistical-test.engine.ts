import type { OutcomeType, StatisticalTests, StudyAim } from "../knowledge/knowledge.types.js";

export const STATISTICAL_TEST_ENGINE_VERSION = "statistical-test-engine@1.1.0";
export const OUTCOME_TYPES: readonly OutcomeType[] = ["continuous", "ordinal", "binary", "categorical", "time_to_event"];
export const STUDY_AIMS: readonly StudyAim[] = ["compare", "correlation", "agreement"];

export interface StudyDesign {
  outcome: OutcomeType;
  /** Number of groups or measurement occasions compared (1 = one sample against a reference value); for agreement, the raters or methods. Not used for a correlation. */
  groups: number;
  /** Related samples: the same subjects measured repeatedly, or matched pairs. */
  paired: boolean;
  /** Continuous outcomes only: approximately normal in each group (or the paired differences). */
  normal: boolean | null;
  /** Compare (default), correlation (association of two measurements on the same subjects) or agreement (raters or methods). */
  aim?: StudyAim | null;
  /** Binary or categorical outcomes: some expected cell counts are below 5 (paired binary: few discordant pairs). Null: not stated. */
  smallExpectedCounts?: boolean | null;
}

export type Recommendation =
  | { found: true; test: string; rationale: string; alternatives: string[]; assumptions: string[]; source: string | null }
  | { found: false; reason: string };

/** The test for a design from knowledge/statistical-tests.json; a design no rule covers says so. */
export function recommendStatisticalTest(k: StatisticalTests, d: StudyDesign): Recommendation {
  const aim = d.aim ?? "compare";
  const groups = d.groups >= 3 ? "3+" : d.groups === 2 ? "2" : "1";
  // A correlation is between two measurements on the same subjects: groups and pairing do not choose among its rules.
  const paired = aim === "correlation" ? true : d.paired;
  const rule = k.rules.find(
    (r) =>
      (r.aim ?? "compare") === aim &&
      r.outcome === d.outcome &&
      (r.groups === undefined || r.groups === groups) &&
      (r.paired === undefined || groups === "1" || r.paired === paired) &&
      (r.normal === undefined || r.normal === d.normal) &&
      (r.smallExpectedCounts === undefined || r.smallExpectedCounts === (d.smallExpectedCounts ?? null)),
  );
  const outcome = d.outcome.replace(/_/g, "-");
  if (!rule) {
    const reason =
      aim === "correlation"
        ? `No standard correlation measure in our table for a ${outcome} outcome: consult a statistician`
        : aim === "agreement"
          ? `No standard agreement measure in our table for a ${outcome} outcome with ${groups} raters or methods: consult a statistician`
          : `No standard test in our table for a ${d.paired ? "paired" : "independent"} ${outcome} outcome with ${groups} group(s): consult a statistician (a regression or mixed model may fit)`;
    return { found: false, reason };
  }
  const design =
    aim === "correlation"
      ? "Two measurements on each subject; subjects independent of each other"
      : aim === "agreement"
        ? "Every subject measured or rated by each rater or method; subjects independent of each other"
        : groups !== "1"
          ? d.paired
            ? "Observations are paired or repeated on the same subjects"
            : "Groups are independent"
          : "One sample compared with a reference value";
  const assumptions = [
    design,
    ...(d.outcome === "continuous" && aim !== "agreement" ? [d.normal ? "Approximately normal distribution (check with a plot; tests of normality are weak in small samples)" : "No normality assumed: rank-based"] : []),
    ...(rule.smallExpectedCounts ? ["Some expected cell counts are below 5 (as stated): an exact test instead of the chi-square approximation"] : []),
  ];
  return { found: true, test: rule.test, rationale: rule.rationale, alternatives: rule.alternatives, assumptions, source: rule.source ?? null };
}
