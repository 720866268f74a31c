import { normaliseName } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";

/**
 * A reference interval's low end in pregnancy by trimester (lab-limits `reference_in_pregnancy`, e.g.
 * haemoglobin: WHO 2024 anaemia cut-offs 11.0 / 10.5 / 11.0 g/dL), applied when the display says the
 * trimester ("Hb (ANC, 2nd trimester)", "Hb (T3)"): the request has no pregnancy field, so the display is
 * the only place a report says it (session 18, critical-value engine 1.8.0). Critical limits are unchanged.
 */
export interface PregnancyReference {
  /** Low end of the interval for trimesters 1, 2 and 3, in the canonical unit. */
  low_by_trimester: [number, number, number];
  source: string;
}

const TRIMESTER_WORDS: Record<string, 1 | 2 | 3> = { "1st": 1, first: 1, t1: 1, "2nd": 2, second: 2, t2: 2, "3rd": 3, third: 3, t3: 3 };

/** The trimester a display's parenthesised qualifiers name ("(2nd trimester)", "(ANC, T3)"), or undefined. */
export function trimesterOf(display: string | null | undefined): 1 | 2 | 3 | undefined {
  for (const m of (display ?? "").matchAll(/\(([^)]*)\)/g)) {
    const words = normaliseName(m[1]).split(" ");
    const said = words.map((w) => TRIMESTER_WORDS[w]).find((t) => t !== undefined);
    const trimesterSaid = words.includes("trimester") || words.some((w) => /^t[123]$/.test(w));
    if (said && trimesterSaid) return said;
  }
  return undefined;
}

/**
 * The test as a pregnant woman's result in that trimester is interpreted: the female reference interval's
 * low end replaced by the trimester's (reference_in_pregnancy), with the note the answer gives; the test
 * unchanged when it holds no pregnancy interval.
 */
export function forTrimester(test: LabTest, trimester: 1 | 2 | 3): { test: LabTest; note: string | null } {
  const pregnancy = (test as LabTest & { reference_in_pregnancy?: PregnancyReference }).reference_in_pregnancy;
  if (!pregnancy) return { test, note: null };
  const low = pregnancy.low_by_trimester[trimester - 1];
  const female = test.reference_range_by_sex?.female ?? test.reference_range;
  return {
    test: { ...test, reference_range_by_sex: { ...test.reference_range_by_sex, female: [low, female[1]] } },
    note: `the display says trimester ${trimester} of pregnancy: ${test.name.toLowerCase()} is flagged low below ${low} ${test.canonical_unit} (${pregnancy.source}); critical limits are unchanged`,
  };
}
