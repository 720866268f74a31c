import type { CriticalAgeBand, LabTest, Limit, ReferenceAgeBand } from "../knowledge/knowledge.types.js";

/**
 * Limits that depend on the patient's age (lab-limits `critical_by_age`, `reference_by_age`): which band an
 * age in completed days falls in, the limits and reference interval that apply, and what a child's answer
 * says about them. Split from critical-values.engine.ts, which re-exports these names.
 */

/**
 * What an answer says for a test held without critical limits (lab-limits.json `no_critical_limit`, e.g.
 * aminotransferases, which published critical-value lists do not include): the result is flagged against
 * the reference interval only, and the answer says so rather than printing an empty critical range.
 */
export function noCriticalLimit(test: LabTest): string {
  return (test as LabTest & { no_critical_limit?: string }).no_critical_limit ?? `no critical limit is defined for ${test.name.toLowerCase()}`;
}

/**
 * The test's age band (lab-limits `critical_by_age`) for a patient `ageDays` completed days old: the
 * narrowest band the age falls in (a newborn band inside a children's band), or undefined (adult limits)
 * when none does or the age is unknown.
 */
export function criticalBandFor(test: LabTest, ageDays?: number | null): CriticalAgeBand | undefined {
  return narrowestBand(test.critical_by_age, ageDays);
}

/** The test's reference-interval age band (lab-limits `reference_by_age`, e.g. WHO's anaemia cut-off for 5-11 years) for an age in completed days, or undefined. */
export function referenceBandFor(test: LabTest, ageDays?: number | null): ReferenceAgeBand | undefined {
  return narrowestBand(test.reference_by_age, ageDays);
}

type AgeBand = { min_age_days?: number; max_age_days: number };

/** The narrowest of `bands` holding an age in completed days (a newborn band inside a children's band); undefined for an unknown age. */
function narrowestBand<B extends AgeBand>(bands: B[] | undefined, ageDays?: number | null): B | undefined {
  if (ageDays === undefined || ageDays === null || !Number.isFinite(ageDays) || ageDays < 0) return undefined;
  const span = (b: B) => b.max_age_days - (b.min_age_days ?? 0);
  return [...(bands ?? [])].sort((a, b) => span(a) - span(b)).find((b) => ageDays >= (b.min_age_days ?? 0) && ageDays <= b.max_age_days);
}

/** A band's ages as the answer writes them: "0-30 days", "30 days to 17 years", "5 to 11 years". */
function bandAges(band: AgeBand): string {
  const from = band.min_age_days ?? 0;
  if (band.max_age_days < 365) return `${from}-${band.max_age_days} days`;
  const years = (d: number) => Math.floor(d / 365.25);
  if (from >= 365) return `${years(from)} to ${years(band.max_age_days)} years`;
  if (from >= 30) return `${Math.floor(from / 30.44)} months to ${years(band.max_age_days)} years`;
  return `${from} day${from === 1 ? "" : "s"} to ${years(band.max_age_days)} years`;
}

/** The critical limits that apply at an age: the band's on the sides it gives, the adult limits on the others. */
export function criticalLimitsFor(test: LabTest, ageDays?: number | null): { low: Limit | null; high: Limit | null; band?: CriticalAgeBand } {
  const band = criticalBandFor(test, ageDays);
  return {
    low: band && band.critical_low !== undefined ? band.critical_low : test.critical_low,
    high: band && band.critical_high !== undefined ? band.critical_high : test.critical_high,
    band,
  };
}

/**
 * Why a child's result of a test held without any critical limit at the child's age is not assessed, or
 * null. The limits are adult limits except the age bands held (`critical_by_age`: newborn bilirubin ≥ 15
 * mg/dL, WakeMed); for a test with none at that age (aminotransferases; bilirubin after 30 days) an answer
 * "not critical" for a child could hide a paediatric critical value, so it is refused.
 */
export function childWithoutCriticalLimit(test: LabTest, ageYears: number, adultAge = 18, ageDays?: number | null): string | null {
  const limits = criticalLimitsFor(test, ageDays);
  if (ageYears >= adultAge || limits.low || limits.high) return null;
  return `the patient is under ${adultAge} and ${test.name} (LOINC ${test.loinc}) has no critical limit in the knowledge base, which holds adult limits: ${noCriticalLimit(test)}; not assessed, so that a child's result is never answered "not critical"`;
}

/**
 * What a child's answer must say about the limits it was assessed with (critical values and lab
 * interpretation, `warnings`): adult limits, or, in a newborn age band, the band's limits on its sides.
 */
export function childLimitWarnings(test: LabTest, ageYears: number, ageDays: number | null | undefined, limitsVersion: string, adultAge = 18): string[] {
  if (ageYears >= adultAge) return [];
  const band = criticalBandFor(test, ageDays);
  if (band) {
    const age = ageDays! < 365 ? `${ageDays} day${ageDays === 1 ? "" : "s"}` : `${Math.floor(ageYears)} year${Math.floor(ageYears) === 1 ? "" : "s"}`;
    return [
      `The patient is ${age} old: the ${band.id} critical limits of ${test.name} (${bandAges(band)}) apply (${band.source}; lab-limits@${limitsVersion}); the reference interval and any limit the band does not give are adult limits: interpret with paediatric reference values`,
    ];
  }
  const age = ageYears < 1 ? "under 1 year" : `${ageYears} year${ageYears === 1 ? "" : "s"}`;
  const reference = referenceBandFor(test, ageDays);
  if (reference) {
    const sides = [reference.low !== undefined && `low end ${reference.low}`, reference.high !== undefined && `high end ${reference.high}`].filter(Boolean).join(" and ");
    return [
      `The patient is ${age} old: the reference interval's ${sides} ${test.canonical_unit} ${sides.includes(" and ") ? "are" : "is"} for ages ${bandAges(reference)} (${reference.source}; lab-limits@${limitsVersion}); the rest of the reference interval and the critical limits are adult limits: interpret with paediatric reference values`,
    ];
  }
  return [
    `The patient is ${age} old: the reference interval and critical limits are adult limits (lab-limits@${limitsVersion}); children's, and especially newborns', differ (e.g. haemoglobin and glucose): interpret with paediatric reference values`,
  ];
}

/**
 * The reference interval: the adult one, sex-specific when the knowledge gives one for the patient's sex, with
 * the sides an age band gives for the patient's age in completed days replaced (`reference_by_age`).
 */
export function referenceRange(test: LabTest, sex?: string | null, ageDays?: number | null): [number, number] {
  const [low, high] = (sex && test.reference_range_by_sex?.[sex]) || test.reference_range;
  const band = referenceBandFor(test, ageDays);
  return [band?.low ?? low, band?.high ?? high];
}
