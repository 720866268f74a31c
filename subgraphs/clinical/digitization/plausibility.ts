import { conversionFactor, impossibleValue, outsidePossibleRange } from "../critical-values/critical-values.engine.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { labLimitsByCode } from "./lab-limits-names.js";
import { convertQuantity, unitProperty, type Analyte, type CodedProperty } from "./loinc-by-unit.js";

/**
 * Is a digitized value possible in the unit it is written in? A result is checked against the possible
 * range of its test (knowledge/lab-limits.json, canonical unit) or, for an analyte lab-limits does not
 * hold, against the analyte's own possible_range (knowledge/lab-loinc-units.json). The value is first
 * converted exactly into the range's unit — by lab-limits' factor for that spelling, else by the UCUM
 * prefixes and the analyte's cited molar mass — so that a value read in µmol/L is never compared with
 * limits in mg/dL, and a unit that cannot be converted exactly is not checked at all (never a guess).
 * docs/decisions/clinical.md, "Lab results".
 */

const CODED: readonly CodedProperty[] = ["mass", "molar", "count", "fraction"];

/** The lab-limits test of a line: the one of its code, else the one of any code of its analyte (glucose in mmol/L is 14749-6; lab-limits holds 2345-7). */
export function labTestForLine(code: string | null, analyte: Analyte | undefined): LabTest | undefined {
  const tests = labLimitsByCode();
  if (code && tests.has(code)) return tests.get(code);
  for (const p of CODED) {
    const other = analyte?.[p]?.loinc;
    if (other && tests.has(other)) return tests.get(other);
  }
  return undefined;
}

/** A value in the unit written, in the test's canonical unit; undefined when it cannot be converted exactly. */
export function inCanonicalUnit(test: LabTest, value: number, unit: string | null, analyte: Analyte | undefined): number | undefined {
  const factor = conversionFactor(test, unit);
  if (factor !== undefined) return value * factor;
  return unit ? convertQuantity(value, unit, test.canonical_unit, analyte) : undefined;
}

/** Why the value cannot be a real result in the unit written (a typing or unit error), or null. */
export function impossibleInUnit(value: number, unit: string | null, test: LabTest | undefined, analyte: Analyte | undefined): string | null {
  // The canonical path keeps the critical-values engine's own words (the same check as POST /critical-values/).
  // A lab-limits test without possible limits (cholesterol: a decision limit only) leaves the analyte's own possible_range to apply.
  const bounded = test && (test.possible_range?.low != null || test.possible_range?.high != null) ? test : undefined;
  if (bounded && conversionFactor(bounded, unit) !== undefined) return impossibleValue(bounded, value, unit);
  const range = bounded ? { low: bounded.possible_range?.low ?? null, high: bounded.possible_range?.high ?? null, unit: bounded.canonical_unit } : analyte?.possible_range;
  if (!range || !unit) return null;
  const convert = (x: number) => (bounded ? inCanonicalUnit(bounded, x, unit, analyte) : convertQuantity(x, unit, range.unit, analyte));
  const factor = convert(1);
  if (factor === undefined || !(factor > 0)) return null;
  const label = bounded ? bounded.name.toLowerCase() : (analyte?.names[0] ?? analyte?.id.replace(/_/g, " ") ?? "result");
  return outsidePossibleRange(value, unit.trim(), factor, range, label);
}

const round = (x: number) => (x >= 100 ? Math.round(x) : Math.round(x * 10) / 10);

/**
 * The second tier: a value above the highest documented in a living patient (the analyte's cited
 * verify_above, knowledge/lab-loinc-units.json) but still possible (the possible range refuses at twice
 * that) is read, with a warning to verify it. When the unit is molar and the same number in mg/dL would
 * not be extreme ("Glucose 450 mmol/L": 450 mg/dL is 25 mmol/L), the warning says so: a mg/dL value typed
 * under a molar unit is the likelier error. Null when the value is not above it or cannot be converted exactly.
 */
export function aboveHighestDocumented(name: string, value: number, unit: string | null, analyte: Analyte | undefined): string | null {
  const v = analyte?.verify_above;
  if (!v || !unit) return null;
  const inVerifyUnit = convertQuantity(value, unit, v.unit, analyte);
  if (inVerifyUnit === undefined || inVerifyUnit <= v.value) return null;
  let warning = `"${name} ${value} ${unit}": verify: above the highest value reported in a living patient (${v.value} ${v.unit}, ${v.citation})`;
  if (unitProperty(unit) === "molar") {
    const asMass = convertQuantity(value, "mg/dL", unit, analyte);
    const asMassInVerifyUnit = convertQuantity(value, "mg/dL", v.unit, analyte);
    if (asMass !== undefined && asMassInVerifyUnit !== undefined && asMassInVerifyUnit <= v.value) warning += `; ${value} mg/dL would be ${round(asMass)} ${unit}: check that the unit is not mg/dL`;
  }
  return warning;
}
