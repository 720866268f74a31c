import { conversionFactor, impossibleValue, outsidePossibleRange } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { convertQuantity, type Analyte, type CodedProperty } from "./loinc-by-unit.js";

/**
 * Is a digitized value possible in the unit it is written in? A result is checked against the possible
 * range of its test (knowledge/lab-limits.json, canonical unit) or, for an analyte lab-limits does not
 * hold, against the analyte's own possible_range (knowledge/lab-loinc-units.json). The value is first
 * converted exactly into the range's unit — by lab-limits' factor for that spelling, else by the UCUM
 * prefixes and the analyte's cited molar mass — so that a value read in µmol/L is never compared with
 * limits in mg/dL, and a unit that cannot be converted exactly is not checked at all (never a guess).
 * docs/decisions/clinical.md, "Lab results".
 */

let labTests: Map<string, LabTest> | undefined;
const CODED: readonly CodedProperty[] = ["mass", "molar", "count", "fraction"];

/** The lab-limits test of a line: the one of its code, else the one of any code of its analyte (glucose in mmol/L is 14749-6; lab-limits holds 2345-7). */
export function labTestForLine(code: string | null, analyte: Analyte | undefined): LabTest | undefined {
  const tests = (labTests ??= knowledgeFromFiles().labTests);
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
  if (test && conversionFactor(test, unit) !== undefined) return impossibleValue(test, value, unit);
  const range = test ? { low: test.possible_range?.low ?? null, high: test.possible_range?.high ?? null, unit: test.canonical_unit } : analyte?.possible_range;
  if (!range || !unit) return null;
  const convert = (x: number) => (test ? inCanonicalUnit(test, x, unit, analyte) : convertQuantity(x, unit, range.unit, analyte));
  const factor = convert(1);
  if (factor === undefined || !(factor > 0)) return null;
  const label = test ? test.name.toLowerCase() : (analyte?.names[0] ?? analyte?.id.replace(/_/g, " ") ?? "result");
  return outsidePossibleRange(value, unit.trim(), factor, range, label);
}
