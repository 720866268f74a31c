import { conversionFactor, testsNamed } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";

/**
 * The tests of knowledge/lab-limits.json as a printed result line names them, so that a digitized
 * result is charted under the code a critical-value request with the same name is assessed under (blood
 * gases, ionised calcium, haematocrit). Names and specimen words are read by the critical-values engine
 * (testsNamed): "pCO2", "PaO2", "Ionised calcium", "ABG pH" name their test, "Venous pO2" and "VBG pH"
 * none (lab-limits `other_specimen_words`). docs/decisions/clinical.md, "Lab results".
 */

let byCode: Map<string, LabTest> | undefined;
/** lab-limits.json's tests by code, read once. */
export const labLimitsByCode = (): Map<string, LabTest> => (byCode ??= knowledgeFromFiles().labTests);
let tests: LabTest[] | undefined;
const labLimitsTests = (): LabTest[] => (tests ??= [...labLimitsByCode().values()]);

/** Words of a text as the engine compares them (lower case, split at anything but letters and digits). */
export const textWords = (text: string | null): string[] => (text ?? "").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** The lab-limits test of a code, if it holds one. */
export const labLimitsTest = (code: string): LabTest | undefined => labLimitsByCode().get(code);

/**
 * The word of the report's specimen context (the last line that names a specimen: "Sample: Venous",
 * "VENOUS BLOOD GAS") that names a specimen other than the test's own (lab-limits `other_specimen_words`), or undefined.
 */
export function otherSpecimenInReport(test: LabTest, reportSpecimen: string | null): string | undefined {
  const other = (test as LabTest & { other_specimen_words?: string[] }).other_specimen_words ?? [];
  const written = textWords(reportSpecimen);
  return other.find((w) => written.includes(w));
}

/**
 * The one lab-limits test the line's names name, when the written unit is one of its units (a unitless
 * result is the unit "", as for pH); undefined when none, or more than one, is named.
 */
export function labLimitsTestNamed(names: string[], unit: string | null): LabTest | undefined {
  for (const name of names) {
    const found = testsNamedOnce(name);
    if (found.length === 1) return conversionFactor(found[0], unit) === undefined ? undefined : found[0];
  }
  return undefined;
}

const namedCache = new Map<string, LabTest[]>();
/** testsNamed over lab-limits, once per name (a report repeats its names; the column reader tries many cuts); the cache is bounded. */
function testsNamedOnce(name: string): LabTest[] {
  let found = namedCache.get(name);
  if (!found) {
    if (namedCache.size >= 5000) namedCache.clear();
    namedCache.set(name, (found = testsNamed(labLimitsTests(), name)));
  }
  return found;
}
