import { registerEnumType } from "type-graphql";
import { ageOnDate } from "../../../lib/calendar.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { assessCriticalValue, type CriticalValueAssessment } from "./critical-values.engine.js";

/**
 * How a censored result relates to its printed bound: FHIR Quantity.comparator
 * (See: https://hl7.org/fhir/R4/valueset-quantity-comparator.html). Glucometers print "HI"/"LO" beyond
 * their range and analysers ">33.3" or "<0.5": the value sent is then the bound, not a measurement.
 */
export enum QuantityComparator {
  LESS_THAN = "<",
  LESS_OR_EQUAL = "<=",
  GREATER_OR_EQUAL = ">=",
  GREATER_THAN = ">",
}

registerEnumType(QuantityComparator, {
  name: "QuantityComparator",
  description: "FHIR Quantity.comparator of a censored result: the value is a bound the analyser or meter could not measure beyond (a glucometer's HI/LO, a printed \">33.3\" or \"<0.5\"). REST takes and returns the FHIR codes <, <=, >=, >.",
  valuesConfig: {
    LESS_THAN: { description: "FHIR \"<\": the true value is below the value sent (e.g. \"<0.5\", a glucometer's LO)." },
    LESS_OR_EQUAL: { description: "FHIR \"<=\": the true value is at most the value sent." },
    GREATER_OR_EQUAL: { description: "FHIR \">=\": the true value is at least the value sent." },
    GREATER_THAN: { description: "FHIR \">\": the true value is above the value sent (e.g. \">33.3\", a glucometer's HI)." },
  },
});

const BELOW: ReadonlySet<QuantityComparator> = new Set([QuantityComparator.LESS_THAN, QuantityComparator.LESS_OR_EQUAL]);

/** A censored result's assessment, with what the answer must say about it (for `warnings`). */
export interface CensoredAssessment {
  assessment: CriticalValueAssessment;
  warnings: string[];
  /** True when the bound leaves open whether the result is critical (not asserted critical; a repeat is advised). */
  undecidable: boolean;
}

/** The result as printed: "> 33.3" (the comparator's FHIR code before the number), or the number alone. */
export const asPrinted = (value: number | string, comparator: string | null | undefined) => (comparator ? `${comparator} ${value}` : String(value));

/**
 * Whether every value the bound allows is critical on its side: "> v" is critical when v is at or beyond
 * the critical high (strict or inclusive, every x > v is beyond it), ">= v" when v itself is critical;
 * likewise below. The bound's own assessment (at v) decides the inclusive comparators; the strict ones
 * also count a bound exactly at a strict limit (x > 6.5 is critical when the limit is "> 6.5").
 */
function certainlyCritical(test: LabTest, value: number, comparator: QuantityComparator, at: (v: number) => CriticalValueAssessment): boolean {
  const side = BELOW.has(comparator) ? "severely_low" : "severely_high";
  if (at(value).deviation === side) return true;
  if (comparator !== QuantityComparator.LESS_THAN && comparator !== QuantityComparator.GREATER_THAN) return false;
  // Just beyond the bound, in the bound's own precision (a strict limit equal to the bound).
  const step = Math.max(Math.abs(value), 1) * 1e-9;
  const beyond = comparator === QuantityComparator.GREATER_THAN ? value + step : Math.max(value - step, 0);
  return at(beyond).deviation === side;
}

/**
 * Whether some value the bound allows is critical: below "< v" lies everything down to 0, above "> v"
 * everything up; so a censored result can be critical whenever the test has a critical limit on its side.
 */
function possiblyCritical(value: number, comparator: QuantityComparator, at: (v: number) => CriticalValueAssessment): boolean {
  if (BELOW.has(comparator)) return at(0).deviation === "severely_low";
  return at(Number.MAX_SAFE_INTEGER).deviation === "severely_high" && value >= 0;
}

/**
 * A censored result (a value with a FHIR comparator) against the test's limits. Critical only when every
 * value the bound allows is critical ("> 33.3 mmol/L" glucose, "< 1.1"); when the bound leaves it open
 * ("< 5" glucose with a critical low of 2.2) it is not asserted critical: urgency moderate, the answer says
 * the result cannot be judged and advises a quantitative result. A side the test has no critical limit on
 * cannot be critical, so the bound's assessment stands with a note.
 */
export function assessCensoredValue(test: LabTest, value: number, comparator: QuantityComparator, unit: string | null | undefined, sex?: string | null, ageDays?: number | null): CensoredAssessment {
  const at = (v: number) => assessCriticalValue(test, v, unit, sex, ageDays);
  const bound = at(value);
  const shown = `${asPrinted(value, comparator)}${unit?.trim() ? ` ${unit.trim()}` : ""}`;
  const name = test.name.toLowerCase();
  if (certainlyCritical(test, value, comparator, at)) {
    return { assessment: { ...bound, ...criticalSide(bound, comparator, at) }, warnings: [`Censored result ${shown}: the value is a bound, not a measurement, and every ${name} it allows is in the critical range (${bound.criticalLimits})`], undecidable: false };
  }
  if (!possiblyCritical(value, comparator, at)) {
    return { assessment: bound, warnings: [`Censored result ${shown}: assessed at its bound; it cannot reach a critical ${BELOW.has(comparator) ? "low" : "high"} limit (${bound.criticalLimits})`], undecidable: false };
  }
  const direction = BELOW.has(comparator) ? "low" : "high";
  const certain = bound.deviation === direction ? direction : null;
  return {
    assessment: {
      ...bound,
      isCritical: false,
      deviation: certain ?? bound.deviation,
      urgency: "moderate",
      clinicalSignificance: `Censored result ${shown}: the true ${name} may or may not be in the critical range (${bound.criticalLimits}); it cannot be judged from the bound.`,
      recommendedActions: ["Repeat the test by a quantitative method (laboratory analyser, or dilution of the sample) to obtain a measured value", "Assess the patient clinically while the repeat is pending"],
    },
    warnings: [`Censored result ${shown}: the value is a bound, not a measurement, and cannot be judged against the critical limits (${bound.criticalLimits}); not asserted critical. Repeat with a quantitative result`],
    undecidable: true,
  };
}

/** The critical verdict of a bound beyond a limit: that side's significance and actions (from the extreme's assessment). */
function criticalSide(bound: CriticalValueAssessment, comparator: QuantityComparator, at: (v: number) => CriticalValueAssessment): Partial<CriticalValueAssessment> {
  if (bound.isCritical) return {};
  const extreme = at(BELOW.has(comparator) ? 0 : Number.MAX_SAFE_INTEGER);
  return { isCritical: true, deviation: extreme.deviation, urgency: "high", clinicalSignificance: extreme.clinicalSignificance, recommendedActions: extreme.recommendedActions };
}

/**
 * A result as reported: a measured value (comparator null) by assessCriticalValue, a censored one by
 * assessCensoredValue. One entry for critical values and lab interpretation.
 */
export function assessReportedValue(test: LabTest, value: number, comparator: QuantityComparator | null | undefined, unit: string | null | undefined, sex?: string | null, ageDays?: number | null): CensoredAssessment {
  if (!comparator) return { assessment: assessCriticalValue(test, value, unit, sex, ageDays), warnings: [], undecidable: false };
  return assessCensoredValue(test, value, comparator, unit, sex, ageDays);
}

/** A result on the patient's record: its stored comparator (a FHIR code, or null for a measured value). */
export interface ChartedResult {
  unit: string | null;
  date: string;
  comparator?: string | null;
}

/**
 * A result charted on the patient's record, assessed as it was reported: a censored one ("> 33.3 mmol/L",
 * stored with its comparator) by its bound, never as if the bound were the measurement; the patient's age on
 * the result's date chooses the age band. For the handoff, the SOAP note and the copilot's alerts, which read
 * the record; `shown` is the result as printed, for their text.
 */
export function assessChartedResult(test: LabTest, value: number, result: ChartedResult, patient: { sex: string | null; birthDate: string }): CensoredAssessment & { shown: string } {
  const comparator = comparatorOf(result.comparator);
  const ageDays = ageOnDate(patient.birthDate, result.date.slice(0, 10)).days;
  return { ...assessReportedValue(test, value, comparator, result.unit, patient.sex, ageDays), shown: asPrinted(value, comparator) };
}

/** A stored FHIR comparator code as the enum; anything else (null, unknown) is a measured value. */
function comparatorOf(code: string | null | undefined): QuantityComparator | null {
  return (Object.values(QuantityComparator) as string[]).includes(code ?? "") ? (code as QuantityComparator) : null;
}
