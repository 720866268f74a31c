import type { OutcomeType, StatisticalTests } from "../knowledge/knowledge.types.js";

export const STATISTICAL_TEST_ENGINE_VERSION = "statistical-test-engine@1.0.0";
export const OUTCOME_TYPES: readonly OutcomeType[] = ["continuous", "ordinal", "binary", "categorical", "time_to_event"];

export interface StudyDesign {
  outcome: OutcomeType;
  /** Number of groups or measurement occasions compared (1 = one sample against a reference value). */
  groups: number;
  /** Related samples: the same subjects measured repeatedly, or matched pairs. */
  paired: boolean;
  /** Continuous outcomes only: approximately normal in each group (or the paired differences). */
  normal: boolean | null;
}

export type Recommendation =
  | { found: true; test: string; rationale: string; alternatives: string[]; assumptions: string[] }
  | { found: false; reason: string };

/** The test for a design from knowledge/statistical-tests.json; a design no rule covers says so. */
export function recommendStatisticalTest(k: StatisticalTests, d: StudyDesign): Recommendation {
  const groups = d.groups >= 3 ? "3+" : d.groups === 2 ? "2" : "1";
  const rule = k.rules.find(
    (r) => r.outcome === d.outcome && r.groups === groups && (r.paired === undefined || groups === "1" || r.paired === d.paired) && (r.normal === undefined || r.normal === d.normal),
  );
  if (!rule) {
    return { found: false, reason: `No standard test in our table for a ${d.paired ? "paired" : "independent"} ${d.outcome.replace(/_/g, "-")} outcome with ${groups} group(s): consult a statistician (a regression or mixed model may fit)` };
  }
  const assumptions = [
    groups !== "1" ? (d.paired ? "Observations are paired or repeated on the same subjects" : "Groups are independent") : "One sample compared with a reference value",
    ...(d.outcome === "continuous" ? [d.normal ? "Approximately normal distribution (check with a plot; tests of normality are weak in small samples)" : "No normality assumed: rank-based"] : []),
  ];
  return { found: true, test: rule.test, rationale: rule.rationale, alternatives: rule.alternatives, assumptions };
}
