import type { LabTest, Limit } from "../knowledge/knowledge.types.js";

export const CRITICAL_VALUE_ENGINE_VERSION = "critical-value-engine@1.0.0";

export type Deviation = "severely_low" | "low" | "normal" | "high" | "severely_high";

export interface CriticalValueAssessment {
  isCritical: boolean;
  deviation: Deviation;
  /** high for a critical value, moderate outside the reference interval, routine inside it. */
  urgency: "high" | "moderate" | "routine";
  /** The value in the test's canonical unit (what the limits are written in). */
  canonicalValue: number;
  canonicalUnit: string;
  /** Reference interval in the unit the value was given in, e.g. "3.5–5.1 mmol/L". */
  normalRange: string;
  /** Critical limits in the submitted unit, e.g. "< 2.5 or > 6.5 mmol/L". */
  criticalLimits: string;
  clinicalSignificance: string;
  recommendedActions: string[];
}

const SUPERSCRIPT_DIGITS: Record<string, string> = { "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9" };

/**
 * One spelling per unit, whatever the report wrote: "mmol / L" → "mmol/l"; "x10^9/L", "×10⁹/L" →
 * "x10^9/l"; "µmol/L", "mcmol/L" → "umol/l"; "mmol/litre" → "mmol/l"; "gm/dl" → "g/dl"; "mg%" →
 * "mg/dl" (mg per 100 mL); "/mm³", "/cmm" → "/mm3". Only notation changes: a unit that is not one of
 * the test's stays unknown (400).
 */
export function normaliseUnit(unit: string | null | undefined): string {
  return (unit ?? "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/[µμ]/g, "u")
    .replace(/×/g, "x")
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (d) => `^${[...d].map((c) => SUPERSCRIPT_DIGITS[c]).join("")}`)
    .replace(/(^|[^a-z])mc(?=mol|g\b|l\b)/g, "$1u")
    .replace(/litres?|liters?/g, "l")
    .replace(/(^|[^a-z])gm(?=\/|%|$)/g, "$1g")
    .replace(/%$/, "/dl")
    .replace(/\/(?:cu\.?mm|cmm|mm\^3)$/, "/mm3");
}

/** Factor that converts a value in `unit` to the test's canonical unit, or undefined when the unit is not accepted. */
export function conversionFactor(test: LabTest, unit: string | null | undefined): number | undefined {
  return test.units[normaliseUnit(unit)];
}

/** Three significant figures, as a plain number ("3.89", "53.1", "1000"). */
export function formatNumber(x: number): string {
  return String(Number(x.toPrecision(3)));
}

const below = (v: number, l: Limit | null) => l !== null && (l.inclusive ? v <= l.value : v < l.value);
const above = (v: number, l: Limit | null) => l !== null && (l.inclusive ? v >= l.value : v > l.value);

/** Adult reference interval, sex-specific when the knowledge gives one for the patient's sex. */
export function referenceRange(test: LabTest, sex?: string | null): [number, number] {
  return (sex && test.reference_range_by_sex?.[sex]) || test.reference_range;
}

/**
 * Classifies one result against its LOINC entry. Limits are compared in the canonical unit:
 * critical when below `critical_low` or above `critical_high` (strictly, unless the limit is
 * inclusive), otherwise low/high against the reference interval.
 */
export function assessCriticalValue(test: LabTest, value: number, unit: string | null | undefined, sex?: string | null): CriticalValueAssessment {
  const factor = conversionFactor(test, unit);
  if (factor === undefined) throw new Error(`Unit "${unit}" is not accepted for LOINC ${test.loinc}`);
  const canonical = value * factor;
  const [refLow, refHigh] = referenceRange(test, sex);
  const deviation: Deviation = below(canonical, test.critical_low)
    ? "severely_low"
    : above(canonical, test.critical_high)
      ? "severely_high"
      : canonical < refLow
        ? "low"
        : canonical > refHigh
          ? "high"
          : "normal";
  const isCritical = deviation === "severely_low" || deviation === "severely_high";
  const shownUnit = unit?.trim() || test.canonical_unit;
  const inUnit = (x: number) => (factor === 1 ? String(x) : formatNumber(x / factor));
  const suffix = shownUnit && shownUnit !== "{INR}" ? ` ${shownUnit}` : "";
  const normalRange = `${inUnit(refLow)}–${inUnit(refHigh)}${suffix}`;
  const limitText = [
    test.critical_low && `${test.critical_low.inclusive ? "≤" : "<"} ${inUnit(test.critical_low.value)}`,
    test.critical_high && `${test.critical_high.inclusive ? "≥" : ">"} ${inUnit(test.critical_high.value)}`,
  ]
    .filter(Boolean)
    .join(" or ");
  const direction = deviation === "severely_low" || deviation === "low" ? "low" : "high";
  let clinicalSignificance: string;
  let recommendedActions: string[];
  if (isCritical) {
    clinicalSignificance = test.significance[direction];
    recommendedActions = test.actions[direction];
  } else if (deviation === "normal") {
    clinicalSignificance = `Within the reference interval (${normalRange}).`;
    recommendedActions = [];
  } else {
    clinicalSignificance = `${direction === "low" ? "Below" : "Above"} the reference interval (${normalRange}) but not in the critical range (${limitText}${suffix}).`;
    recommendedActions = ["Interpret in clinical context", "Repeat or trend the result as clinically indicated"];
  }
  return {
    isCritical,
    deviation,
    urgency: isCritical ? "high" : deviation === "normal" ? "routine" : "moderate",
    canonicalValue: canonical,
    canonicalUnit: test.canonical_unit,
    normalRange,
    criticalLimits: `${limitText}${suffix}`,
    clinicalSignificance,
    recommendedActions,
  };
}
