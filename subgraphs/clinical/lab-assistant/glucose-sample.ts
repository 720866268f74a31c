import type { LabTest } from "../knowledge/knowledge.types.js";
import { displayQualifiers } from "./pregnancy-display.js";

/**
 * Which glucose sample a result is (session 22, lab engine 1.6.0): fasting, or the fasting, 1-hour or 2-hour
 * sample of a 75 g oral glucose tolerance test, read from the code and name as laboratories print them ("FBS",
 * "FPG", "OGTT 1 hr", "2hr OGTT", "Glucose 2 h post 75g", "GTT2"). Random and unnamed samples are not read: they
 * keep the test's interval. The criteria (lab-limits `reference_by_sample`) differ by sample and in pregnancy
 * (WHO 2013); the critical limits do not.
 */
export type GlucoseSample = "fasting" | "ogtt_fasting" | "ogtt_1h" | "ogtt_2h";

interface SampleInterval {
  /** High end outside pregnancy (canonical unit); absent: the test's; null: no criterion outside pregnancy. */
  high?: number | null;
  /** High end in pregnancy (canonical unit). */
  high_in_pregnancy?: number;
}
type ReferenceBySample = { source: string } & Partial<Record<GlucoseSample, SampleInterval>>;

const SAMPLE_WORDS: Record<GlucoseSample, string> = {
  fasting: "fasting sample",
  ogtt_fasting: "fasting sample of a 75 g oral glucose tolerance test",
  ogtt_1h: "1-hour sample of a 75 g oral glucose tolerance test",
  ogtt_2h: "2-hour sample of a 75 g oral glucose tolerance test",
};

// A tolerance test is named ("OGTT", "GTT", "glucose tolerance", "75 g", "glucose load"); a meal is not one
// ("2 h post prandial" is a different test, without a WHO criterion).
const TOLERANCE_TEST = /o?gtt|glucose tolerance|\b75\s*-?\s*g(?:m|rams?)?\b|glucose load|post\s*-?\s*glucose/i;
const MEAL = /prandial|\bpp\b|\bpc\b|meal|after food|post\s*-?\s*food/i;
const HOUR_OF_CODE = /o?gtt\s*-?\s*([012])\s*(?:h|hr|hrs)?\b/i;
const HOUR = /\b([012]|one|two)\s*-?\s*(?:h|hr|hrs|hour|hours)\b|\b(0|60|120)\s*-?\s*min/i;
const FASTING = /fasting|fasted|\bf[bp]s\b|\bf[bp]g\b|\bfbgl?\b|a jeun|à jeun/i;

/** The sample a glucose result's code and name state, or undefined (random or not said). */
export function glucoseSampleOf(code: string | null | undefined, display: string | null | undefined): GlucoseSample | undefined {
  const text = `${code ?? ""} ${display ?? ""}`;
  if (TOLERANCE_TEST.test(text) && !MEAL.test(text)) {
    const m = HOUR_OF_CODE.exec(text) ?? HOUR.exec(text);
    const said = m ? (m[1] ?? m[2]).toLowerCase() : undefined;
    const hour = said === undefined ? undefined : ({ one: 1, two: 2, "60": 1, "120": 2 } as Record<string, number>)[said] ?? Number(said);
    if (hour === 1) return "ogtt_1h";
    if (hour === 2) return "ogtt_2h";
    if (hour === 0 || FASTING.test(text)) return "ogtt_fasting";
    return undefined;
  }
  return FASTING.test(text) ? "fasting" : undefined;
}

/**
 * A display naming a glucose tolerance sample rewritten as the glucose test's name with its other qualifiers
 * ("OGTT 2 hours post 75g (24/40)" → "Glucose (24/40)"), for identification; undefined when it names none.
 */
export function toleranceSampleAsGlucose(code: string | null | undefined, display: string | null | undefined): { display: string; sample: GlucoseSample } | undefined {
  const sample = glucoseSampleOf(code, display);
  if (sample !== "ogtt_fasting" && sample !== "ogtt_1h" && sample !== "ogtt_2h") return undefined;
  const timing = (q: string) => TOLERANCE_TEST.test(q) || HOUR.test(q) || FASTING.test(q) || /\bglucose\b/i.test(q);
  const { bracketed, afterDash } = displayQualifiers(display ?? "");
  const kept = bracketed.filter((q) => !timing(q));
  const rest = [...kept.map((q) => `(${q})`), ...(afterDash !== undefined && !timing(afterDash) ? [`- ${afterDash.trim()}`] : [])];
  return { display: ["Glucose", ...rest].join(" "), sample };
}

/** The sample intervals a test holds (lab-limits `reference_by_sample`, glucose), or undefined. */
const sampleIntervals = (test: LabTest) => (test as LabTest & { reference_by_sample?: ReferenceBySample }).reference_by_sample;

/** Why a sample cannot be interpreted (no criterion for it outside pregnancy: the 1-hour OGTT), or null. */
export function sampleWithoutInterval(test: LabTest, sample: GlucoseSample | undefined, pregnant: boolean): string | null {
  const interval = sample ? sampleIntervals(test)?.[sample] : undefined;
  if (!interval || pregnant || interval.high !== null) return null;
  return `is a ${SAMPLE_WORDS[sample!]}, which has a criterion only in pregnancy (${sampleIntervals(test)!.source.split(";")[0]}): send the pregnancy (gestational weeks) or interpret it with the laboratory's own interval`;
}

/**
 * The test as the stated sample is read: the high end of the female (in pregnancy) or general interval replaced
 * by the sample's (lab-limits `reference_by_sample`), with the note the answer gives; unchanged without one.
 */
export function forGlucoseSample(test: LabTest, sample: GlucoseSample | undefined, pregnant: boolean): { test: LabTest; note: string | null } {
  const intervals = sampleIntervals(test);
  const interval = sample ? intervals?.[sample] : undefined;
  if (!intervals || !interval) return { test, note: null };
  const high = pregnant ? interval.high_in_pregnancy : interval.high;
  if (high === undefined || high === null) return { test, note: null };
  const withHigh = (r: [number, number]): [number, number] => [r[0], high];
  const bySex = Object.fromEntries(Object.entries(test.reference_range_by_sex ?? {}).map(([s, r]) => [s, withHigh(r)]));
  const adjusted: LabTest = {
    ...test,
    reference_range: withHigh(test.reference_range),
    ...(pregnant ? { reference_range_by_sex: { ...bySex, female: withHigh(test.reference_range_by_sex?.female ?? test.reference_range) } } : test.reference_range_by_sex ? { reference_range_by_sex: bySex } : {}),
  };
  return {
    test: adjusted,
    note: `The result is a ${SAMPLE_WORDS[sample!]}${pregnant ? " in pregnancy" : ""}: high above ${high} ${test.canonical_unit} (${intervals.source}); critical limits are unchanged`,
  };
}
