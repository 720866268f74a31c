import { normaliseName } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";

/**
 * What a report says about the sample in a parenthesised qualifier ("K+ (haemolysed)", "PLT (clotted)"),
 * and what follows for the result (session 18, critical-value engine 1.8.0):
 * - a clotted sample: the result is not valid and is refused (a clot in an EDTA or citrate tube consumes
 *   platelets and clotting factors and traps cells: CLSI H21-A5, 2008, and WHO Laboratory Quality Management
 *   System Handbook, 2011, sample management, list clotted anticoagulated samples among those rejected);
 * - a haemolysed sample: the result is still the test the name names, but potassium leaks from the broken
 *   red cells, so a high potassium is not alerted as critical while a low one still is (the true value is
 *   lower still): Te Matau a Māui (Hawke's Bay, New Zealand) laboratory manual, hospital critical limits
 *   ("6.2 unless haemolysed"); Lippi G et al., Clin Chem Lab Med 2008;46:764-72 (haemolysis raises potassium).
 */
export type SpecimenQuality = "clotted" | "haemolysed";

const CLOTTED = new Set(["clot", "clots", "clotted", "clotting"]);
const HAEMOLYSED = new Set(["haemolysed", "hemolysed", "haemolyzed", "hemolyzed", "haemolysis", "hemolysis", "haemolytic", "hemolytic"]);
/** Words that may stand beside the quality word in the qualifier ("grossly haemolysed", "sample clotted"). */
const QUALITY_COMPANIONS = new Set(["sample", "specimen", "tube", "slightly", "mildly", "moderately", "grossly", "markedly", "very", "partially", "partly", "mild", "gross", "marked", "small", "micro", "is", "was"]);

/** The parenthesised qualifiers of a display that only describe the sample ("(haemolysed)", "(sample clotted)"), with what they say. */
function qualityQualifiers(display: string): { qualifier: string; quality: SpecimenQuality }[] {
  return [...display.matchAll(/\(([^)]*)\)/g)].flatMap((m) => {
    const words = normaliseName(m[1]).split(" ").filter(Boolean);
    const quality: SpecimenQuality | undefined = words.some((w) => CLOTTED.has(w)) ? "clotted" : words.some((w) => HAEMOLYSED.has(w)) ? "haemolysed" : undefined;
    if (!quality || !words.every((w) => CLOTTED.has(w) || HAEMOLYSED.has(w) || QUALITY_COMPANIONS.has(w))) return [];
    return [{ qualifier: m[0], quality }];
  });
}

/** What the display says about the sample (clotted before haemolysed), or undefined. */
export function specimenQuality(display: string | null | undefined): SpecimenQuality | undefined {
  const found = qualityQualifiers(display ?? "").map((q) => q.quality);
  return found.includes("clotted") ? "clotted" : found[0];
}

/** The display without its sample-quality qualifiers ("K+ (haemolysed)" → "K+"), so it names the test. */
export function withoutQualityQualifiers(display: string): string {
  let out = display;
  for (const { qualifier } of qualityQualifiers(display)) out = out.replace(qualifier, " ");
  return out.replace(/\s+/g, " ").trim();
}

/** Why a result from a clotted sample is refused (observation.display). */
export const clottedMessage = (display: string) =>
  `"${display}" says the sample was clotted: a result from a clotted anticoagulated sample is not valid and is neither assessed nor stored (CLSI H21-A5; WHO LQMS Handbook 2011, sample rejection); recollect and send the new sample's result`;

/** Tests whose value haemolysis raises (red cells hold far more of the analyte than plasma): potassium. */
const RAISED_BY_HAEMOLYSIS = new Set(["2823-3"]);

/**
 * The test as a haemolysed sample's result is assessed: potassium without its high critical limits
 * (adult and age bands), the low ones kept; other tests unchanged. With the note the answer gives.
 */
export function forHaemolysedSample(test: LabTest): { test: LabTest; note: string } {
  if (!RAISED_BY_HAEMOLYSIS.has(test.loinc)) {
    return { test, note: `the sample is reported haemolysed: ${test.name.toLowerCase()} was assessed as given; haemolysis can interfere with it, so confirm an unexpected result on a new sample` };
  }
  const bands = test.critical_by_age?.map((b) => ({ ...b, critical_high: null }));
  return {
    test: { ...test, critical_high: null, ...(bands ? { critical_by_age: bands } : {}) },
    note: `the sample is reported haemolysed: ${test.name.toLowerCase()} leaks from broken red cells, so a high value is not alerted as critical (a low one still is); repeat on a sample taken without haemolysis before acting on a high value (Hawke's Bay laboratory critical limits "unless haemolysed"; Lippi G et al., Clin Chem Lab Med 2008;46:764-72)`,
  };
}
