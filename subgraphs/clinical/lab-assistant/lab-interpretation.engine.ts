import { assessReportedValue, type QuantityComparator } from "../critical-values/censored-result.js";
import { conversionFactor, formatNumber, identifyLabResult, type CriticalValueAssessment } from "../critical-values/critical-values.engine.js";
import { forTrimester, trimesterOf, trimesterOfWeeks } from "../critical-values/pregnancy-reference.js";
import type { LabDeltaCheck, LabTest } from "../knowledge/knowledge.types.js";
import { forGlucoseSample, glucoseSampleOf, toleranceSampleAsGlucose } from "./glucose-sample.js";
import { forUnknownTrimester, pregnancyInDisplay } from "./pregnancy-display.js";

export const LAB_INTERPRETATION_ENGINE_VERSION = "lab-interpretation-engine@1.6.0";

/** The code and name the result was sent with (engine 1.6.0): what they say of the sample and of pregnancy. */
export interface ReportedAs {
  code?: string | null;
  display?: string | null;
}

/**
 * The result's test as the critical-values engine identifies it (identifyLabResult), and, when that finds none,
 * a glucose tolerance sample ("2hr OGTT", "Glucose 1 h after 75g load (GA 27/40)", code "GTT2") identified as
 * the glucose test with the name's other qualifiers (engine 1.6.0; glucose-sample.ts): the sample's criteria
 * apply in interpretLabResult. Field errors are those of the first identification when neither finds the test.
 */
export function identifyLabInterpretationResult(tests: ReadonlyMap<string, LabTest>, observation: Parameters<typeof identifyLabResult>[1], add: (field: string, message: string) => void, unknownCode?: string): ReturnType<typeof identifyLabResult> {
  const held: Array<[string, string]> = [];
  const first = identifyLabResult(tests, observation, (f, m) => void held.push([f, m]), unknownCode);
  const asGlucose = first.test ? undefined : toleranceSampleAsGlucose(observation.code, observation.display);
  if (asGlucose) {
    const retried: Array<[string, string]> = [];
    const second = identifyLabResult(tests, { ...observation, code: "", display: asGlucose.display }, (f, m) => void retried.push([f, m]), unknownCode);
    if (second.test) {
      for (const [f, m] of retried) add(f, m);
      const said = `"${[observation.code, observation.display].filter((x) => x?.trim()).join(" / ")}" was read as glucose, ${asGlucose.sample === "ogtt_fasting" ? "the fasting" : asGlucose.sample === "ogtt_1h" ? "the 1-hour" : "the 2-hour"} sample of a 75 g oral glucose tolerance test`;
      return { ...second, notes: [said, ...second.notes.filter((n) => !n.includes(asGlucose.display))] };
    }
  }
  for (const [f, m] of held) add(f, m);
  return first;
}

/** The request's explicit pregnancy (session 21): gestational age in completed weeks. */
export interface PregnancyInput {
  gestationalWeeks: number;
}

export const isMale = (sex: string | null | undefined) => /^\s*m(ale)?\s*$/i.test(sex ?? "");

/** Gestational weeks a request may give: 1 to 44 (post-term ends at 42 weeks; 44 leaves room for dating error). */
export const GESTATIONAL_WEEKS = { min: 1, max: 44 } as const;

/**
 * The youngest age at which a pregnancy is accepted, in completed days (engine 1.6.0): half the youngest
 * documented mother's age (5 years 7 months: Escomel E, La Presse Médicale 1939, Lina Medina), as lab-limits'
 * possible ranges take half the lowest documented value, so a pregnancy sent for a baby (a wrong patient or a
 * mother's record mixed with her newborn's) is refused and a real one never is.
 */
export const MIN_PREGNANCY_AGE_DAYS = Math.floor(((5 + 7 / 12) * 365.25) / 2);

/**
 * Checks an explicit pregnancy against the patient (engine 1.5.0): whole weeks 1 to 44, not for a male patient (a
 * female patient, or a sex other, unknown or not given, may be pregnant), not for a young child (engine 1.6.0,
 * MIN_PREGNANCY_AGE_DAYS), and not contradicting a trimester the display states. Adds field errors; returns the trimester when the pregnancy is usable.
 */
export function checkPregnancy(pregnancy: PregnancyInput | null | undefined, sex: string | null | undefined, add: (field: string, message: string) => void, display?: string | null, ageDays?: number | null): 1 | 2 | 3 | undefined {
  if (pregnancy == null) return undefined;
  const weeks = pregnancy.gestationalWeeks;
  let ok = true;
  if (typeof weeks !== "number" || !Number.isInteger(weeks) || weeks < GESTATIONAL_WEEKS.min || weeks > GESTATIONAL_WEEKS.max) {
    add("pregnancy.gestationalWeeks", `must be a whole number of weeks from ${GESTATIONAL_WEEKS.min} to ${GESTATIONAL_WEEKS.max}`);
    ok = false;
  }
  if (isMale(sex)) {
    add("pregnancy", "is given for a male patient: send pregnancy only for a female patient (or one whose sex is not recorded)");
    ok = false;
  }
  if (ageDays != null && ageDays < MIN_PREGNANCY_AGE_DAYS) {
    add("pregnancy", `is given for a patient ${ageDays} days old: a pregnancy is accepted from ${MIN_PREGNANCY_AGE_DAYS} days (half the youngest documented mother's age); check that the result is this patient's`);
    ok = false;
  }
  if (!ok) return undefined;
  const trimester = trimesterOfWeeks(weeks);
  const displayed = trimesterOf(display);
  if (displayed !== undefined && displayed !== trimester) {
    add("pregnancy.gestationalWeeks", `gives trimester ${trimester}, but the display says trimester ${displayed}`);
    return undefined;
  }
  return trimester;
}

/**
 * HL7 v2 abnormal flags (Table 0078): N normal, L / H outside the reference interval, LL / HH beyond
 * the critical ("panic") limits.
 */
export const FLAGS = { severely_low: "LL", low: "L", normal: "N", high: "H", severely_high: "HH" } as const;

export interface PriorResult {
  value: string;
  /** FHIR comparator of a censored prior ("> 33.3"): a bound, not compared. */
  comparator?: string | null;
  unit: string | null;
  date: string;
}

export interface DeltaCheckHit {
  ruleId: string;
  meaning: string;
  comparedWith: string;
  comparedDate: string;
  source: string;
}

export interface LabInterpretation {
  assessment: CriticalValueAssessment;
  flag: string;
  /** What the answer must say about a censored result (censored-result.ts). */
  censoredWarnings: string[];
  /** The latest prior result of the same test (in the submitted unit), or null. */
  previousValue: number | null;
  previousDate: string | null;
  /** Current − previous, in the submitted unit. */
  delta: number | null;
  deltaPercent: number | null;
  direction: "up" | "down" | "unchanged" | null;
  /** The direction of the series of the latest results (seriesDirection), or null with fewer than three. */
  series: SeriesDirection | null;
  priorsCompared: number;
  /** Prior results not comparable (no number, a censored bound, or a unit the test does not accept). */
  priorsSkipped: number;
  deltaChecks: DeltaCheckHit[];
  /** Why no delta check applies, when none can. */
  deltaCheckNote: string | null;
  /** What the explicit pregnancy, a pregnancy the display states beyond a parenthesised trimester, or the glucose sample changed (the interval that applies), for the answer's warnings; null without one. */
  pregnancyNote: string | null;
}

export type SeriesDirection = "rising" | "falling" | "unchanged" | "mixed";

/** Results in a series: the current one and up to four comparable priors (newest first). */
export const SERIES_LENGTH = 5;

/**
 * The direction of a series of results, oldest to newest (canonical unit): "rising" when no step falls and the last
 * is above the first, "falling" the reverse, "unchanged" when every result is the same, otherwise "mixed"; null for
 * fewer than three results (two results are a delta, not a trend).
 */
export function seriesDirection(oldestFirst: number[]): SeriesDirection | null {
  if (oldestFirst.length < 3) return null;
  const steps = oldestFirst.slice(1).map((v, i) => v - oldestFirst[i]);
  const net = oldestFirst[oldestFirst.length - 1] - oldestFirst[0];
  if (net > 0 && steps.every((d) => d >= 0)) return "rising";
  if (net < 0 && steps.every((d) => d <= 0)) return "falling";
  if (steps.every((d) => Math.abs(d) < 1e-9)) return "unchanged";
  return "mixed";
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * A result against the test's reference interval and critical limits (the critical-values engine),
 * its HL7 flag, the trend against the patient's prior results of the same LOINC test (newest first; the latest for the
 * delta, up to four for the direction of the series),
 * and the published delta checks for that test (knowledge/lab-delta-checks.json). With the patient's age
 * in completed days, a newborn's critical limits apply where lab-limits holds them (`critical_by_age`).
 * A censored result (`comparator`, "> 33.3") is flagged LL/HH only when every value its bound allows is
 * critical; its delta is shown against the bound but no delta check is applied to it.
 */
export function interpretLabResult(
  test: LabTest,
  value: number,
  unit: string | null | undefined,
  sex: string | null | undefined,
  priors: PriorResult[],
  deltaCheck: LabDeltaCheck | undefined,
  resultDate: string,
  ageDays?: number | null,
  comparator?: QuantityComparator | null,
  pregnancy?: PregnancyInput | null,
  reported?: ReportedAs | null,
): LabInterpretation {
  // An explicit pregnancy is used as a trimester stated in the display is (pregnancy-reference.ts): the female
  // interval's ends replaced by the trimester's where lab-limits holds them; a patient of unrecorded sex is a woman.
  const notes: string[] = [];
  let pregnant = false;
  if (pregnancy && !isMale(sex)) {
    const weeks = pregnancy.gestationalWeeks;
    const adjusted = forTrimester(test, trimesterOfWeeks(weeks), `the request gives ${weeks} weeks of pregnancy (trimester ${trimesterOfWeeks(weeks)})`);
    test = adjusted.test;
    // The display's trimester, when it states the same one, has already said so in identification's notes.
    if (adjusted.note && trimesterOf(reported?.display) === undefined) notes.push(adjusted.note);
    pregnant = true;
    sex = "female";
  } else if (!isMale(sex)) {
    // Engine 1.6.0: pregnancy as the display says it beyond a parenthesised trimester (which identification has
    // applied already): after a dash, "36/52" with ANC, or without a gestation (pregnancy-display.ts).
    const displayed = pregnancyInDisplay(reported?.display);
    if (displayed?.pregnant) {
      const adjusted = trimesterOf(reported?.display) !== undefined ? { test, note: null } : displayed.trimester ? forTrimester(test, displayed.trimester, displayed.said) : forUnknownTrimester(test, displayed.said);
      test = adjusted.test;
      if (adjusted.note) notes.push(adjusted.note);
      pregnant = true;
      sex = "female";
    }
  }
  // Engine 1.6.0: a glucose sample's criteria (fasting, OGTT 1 h and 2 h; WHO 2013 in pregnancy), glucose-sample.ts.
  const sampled = forGlucoseSample(test, glucoseSampleOf(reported?.code, reported?.display), pregnant);
  test = sampled.test;
  if (sampled.note) notes.push(sampled.note);
  const pregnancyNote = notes.length ? notes.join("; ") : null;
  const { assessment, warnings: censoredWarnings } = assessReportedValue(test, value, comparator, unit, sex, ageDays);
  const factor = conversionFactor(test, unit)!;
  const current = value * factor;
  const comparable: { canonical: number; date: string }[] = [];
  let skipped = 0;
  for (const p of priors) {
    const f = conversionFactor(test, p.unit);
    const n = Number(p.value);
    if (f === undefined || p.value.trim() === "" || !Number.isFinite(n) || p.date > resultDate || p.comparator) skipped++;
    else comparable.push({ canonical: n * f, date: p.date });
  }
  const previous = comparable[0];
  const toUnit = (x: number) => Number(formatNumber(x / factor));
  const deltaCanonical = previous ? current - previous.canonical : null;
  const direction = deltaCanonical === null ? null : Math.abs(deltaCanonical) < 1e-9 ? "unchanged" : deltaCanonical > 0 ? "up" : "down";

  const deltaChecks: DeltaCheckHit[] = [];
  for (const rule of comparator ? [] : (deltaCheck?.rules ?? [])) {
    const inWindow = comparable.filter((p) => rule.within_days === null || daysBetween(p.date, resultDate) <= rule.within_days);
    for (const p of inWindow) {
      const change = rule.kind === "ratio" ? (p.canonical > 0 ? current / p.canonical : Number.POSITIVE_INFINITY) : current - p.canonical;
      const hit =
        rule.kind === "ratio"
          ? (rule.direction !== "fall" && change >= rule.threshold) || (rule.direction !== "rise" && change <= 1 / rule.threshold)
          : (rule.direction !== "fall" && change >= rule.threshold - 1e-9) || (rule.direction !== "rise" && -change >= rule.threshold - 1e-9);
      if (hit) {
        deltaChecks.push({ ruleId: rule.id, meaning: rule.meaning, comparedWith: `${toUnit(p.canonical)}${unit ? ` ${unit}` : ""}`, comparedDate: p.date, source: rule.source });
        break;
      }
    }
  }
  return {
    assessment,
    flag: FLAGS[assessment.deviation],
    censoredWarnings,
    previousValue: previous ? toUnit(previous.canonical) : null,
    previousDate: previous?.date ?? null,
    delta: deltaCanonical === null ? null : toUnit(deltaCanonical),
    deltaPercent: previous && previous.canonical !== 0 ? Math.round(((current - previous.canonical) / previous.canonical) * 1000) / 10 : null,
    direction,
    series: seriesDirection([...comparable.slice(0, SERIES_LENGTH - 1).map((p) => p.canonical).reverse(), current]),
    priorsCompared: comparable.length,
    priorsSkipped: skipped,
    deltaChecks,
    pregnancyNote,
    deltaCheckNote: comparator ? "A censored result (a bound, not a measurement) is not delta-checked" : deltaCheck ? (previous ? null : "No prior result of this test to compare with") : "No published delta-check criterion for this test in the knowledge base: the delta is shown without a check",
  };
}
