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
  /** High end for trimesters 1, 2 and 3 where pregnancy moves it (session 21: creatinine, urate, ALP, fibrinogen, TSH); the female high end otherwise. */
  high_by_trimester?: [number, number, number];
  source: string;
}

const TRIMESTER_WORDS: Record<string, 1 | 2 | 3> = { "1st": 1, first: 1, t1: 1, "2nd": 2, second: 2, t2: 2, "3rd": 3, third: 3, t3: 3 };

const PREGNANCY_WORDS = /\b(?:anc|antenatal|pregnant|pregnancy|preg|ga|gestation|gestational|amenorrh\w*|lmp)\b/i;
const BABY_WORDS = /\b(?:preterm|pre-term|premature|prem|born|birth|neonat\w*|newborn|baby|infant|corrected|cga|pma|postmenstrual|nicu|sga|lbw)\b/i;

/**
 * Gestational age in completed weeks as antenatal records write it: "28 weeks", "32 wks", "GA 32/40" (weeks out
 * of 40), "34w"; undefined when the qualifier gives none (or an impossible one).
 */
function gestationalWeeks(qualifier: string): number | undefined {
  // A baby's gestational age at birth ("(preterm, 28 weeks)", "(born at 32/40)", "(CGA 36 wks)") is not a pregnancy.
  if (BABY_WORDS.test(qualifier)) return undefined;
  const m = /(?:^|[^\d/])(\d{1,2})(?:\+\d)?\s*(?:\/\s*40\b|w(?:ee)?ks?\b|w\b)/i.exec(qualifier);
  const weeks = m ? Number(m[1]) : undefined;
  if (weeks === undefined || weeks < 4 || weeks > 44) return undefined;
  // "N/40" and a pregnancy word say pregnancy; bare "(6 weeks)", "(14 wks)" may be an infant's age (the WHO EPI
  // visits at 6, 10 and 14 weeks), so bare weeks are read as gestation from 15 weeks only.
  const pregnancySaid = /\/\s*40\b/.test(m![0]) || PREGNANCY_WORDS.test(qualifier);
  return pregnancySaid || weeks >= 15 ? weeks : undefined;
}

/**
 * The trimester of a gestational age: the first up to 13 completed weeks, the second 14 to 27, the third from 28
 * (ACOG Committee Opinion 700, 2017, and WHO recommendations on antenatal care, 2016, which count trimesters so).
 */
export const trimesterOfWeeks = (weeks: number): 1 | 2 | 3 => (weeks < 14 ? 1 : weeks < 28 ? 2 : 3);

/** The trimester a display's parenthesised qualifiers name ("(2nd trimester)", "(ANC, T3)", "(28 weeks)", "(GA 32/40)"), or undefined. */
export function trimesterOf(display: string | null | undefined): 1 | 2 | 3 | undefined {
  for (const m of (display ?? "").matchAll(/\(([^)]*)\)/g)) {
    const words = normaliseName(m[1]).split(" ");
    const said = words.map((w) => TRIMESTER_WORDS[w]).find((t) => t !== undefined);
    const trimesterSaid = words.includes("trimester") || words.some((w) => /^t[123]$/.test(w));
    if (said && trimesterSaid) return said;
    const weeks = gestationalWeeks(m[1]);
    if (weeks !== undefined) return trimesterOfWeeks(weeks);
  }
  return undefined;
}

/**
 * The test as a pregnant woman's result in that trimester is interpreted: the female reference interval's
 * low end replaced by the trimester's (reference_in_pregnancy), with the note the answer gives; the test
 * unchanged when it holds no pregnancy interval.
 */
export function forTrimester(test: LabTest, trimester: 1 | 2 | 3, said = `the display says trimester ${trimester} of pregnancy`): { test: LabTest; note: string | null } {
  const pregnancy = (test as LabTest & { reference_in_pregnancy?: PregnancyReference }).reference_in_pregnancy;
  if (!pregnancy) return { test, note: null };
  const low = pregnancy.low_by_trimester[trimester - 1];
  const female = test.reference_range_by_sex?.female ?? test.reference_range;
  const high = pregnancy.high_by_trimester?.[trimester - 1];
  const bounds = high === undefined ? `flagged low below ${low}` : `read against ${low}–${high}`;
  return {
    test: { ...test, reference_range_by_sex: { ...test.reference_range_by_sex, female: [low, high ?? female[1]] } },
    note: `${said}: ${test.name.toLowerCase()} is ${bounds} ${test.canonical_unit} (${pregnancy.source}); critical limits are unchanged`,
  };
}
