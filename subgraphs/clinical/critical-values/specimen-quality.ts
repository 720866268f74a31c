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
const QUALITY_COMPANIONS = new Set(["sample", "specimen", "tube", "slightly", "mildly", "moderately", "grossly", "markedly", "very", "partially", "partly", "mild", "gross", "marked", "small", "micro", "is", "was", "slight", "trace",
  // session 22: how reports grade or note it ("haemolysed ++", "haemolysis noted", "haemolysis index 3+")
  "noted", "seen", "present", "detected", "index", "1", "2", "3", "4"]);

/** A haemolysis grade printed as plus signs ("++", "3+"), dropped by normaliseName; read as a companion word. */
const GRADE = /(?:^|\s)\d?\+{1,4}(?=\s|$)/g;

/** The words of a qualifier part, grades dropped. */
const partWords = (part: string) => normaliseName(part.replace(GRADE, " ")).split(" ").filter(Boolean);

/** What a qualifier part says about the sample, when every word of it is a quality word or a companion. */
function qualityOf(part: string): SpecimenQuality | undefined {
  const words = partWords(part);
  const quality: SpecimenQuality | undefined = words.some((w) => CLOTTED.has(w)) ? "clotted" : words.some((w) => HAEMOLYSED.has(w)) ? "haemolysed" : undefined;
  return quality && words.every((w) => CLOTTED.has(w) || HAEMOLYSED.has(w) || QUALITY_COMPANIONS.has(w)) ? quality : undefined;
}

/**
 * The qualifiers of a display that describe the sample, with what they say and the display without them: in
 * parentheses or square brackets ("(haemolysed)", "[hemolyzed sample]"), as one comma-separated part of a qualifier
 * ("(heel prick, haemolysed)" keeps "(heel prick)"), or after a dash, comma or colon ("K - haemolysis noted";
 * session 22: the same sample note wherever the report writes it).
 */
function qualityQualifiers(display: string): { qualifier: string; quality: SpecimenQuality; replacement: string }[] {
  const bracketed = [...display.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)].flatMap((m) => {
    const inner = m[1] ?? m[2];
    const whole = qualityOf(inner);
    if (whole) return [{ qualifier: m[0], quality: whole, replacement: " " }];
    const parts = inner.split(/[,;]/);
    const qualities = parts.map(qualityOf);
    const found = qualities.find(Boolean);
    if (!found || parts.length < 2) return [];
    const kept = parts.filter((_, i) => !qualities[i]).map((p) => p.trim()).join(", ");
    return [{ qualifier: m[0], quality: found, replacement: m[1] !== undefined ? ` (${kept})` : ` [${kept}]` }];
  });
  // separators inside brackets are masked, so "(heel prick, haemolysed)" is not read as a trailing note
  const masked = display.replace(/\(([^)]*)\)|\[([^\]]*)\]/g, (m) => "\u0000".repeat(m.length));
  const trailing = /\s+[-–—]\s+([^\u0000]+)$|\s*[,;:]\s+([^\u0000]+)$/.exec(masked);
  const tail = trailing ? (trailing[1] ?? trailing[2]) : undefined;
  const tailQuality = tail ? qualityOf(tail) : undefined;
  return tailQuality ? [...bracketed, { qualifier: display.slice(trailing!.index), quality: tailQuality, replacement: "" }] : bracketed;
}

/** What the display says about the sample (clotted before haemolysed), or undefined. */
export function specimenQuality(display: string | null | undefined): SpecimenQuality | undefined {
  const found = qualityQualifiers(display ?? "").map((q) => q.quality);
  return found.includes("clotted") ? "clotted" : found[0];
}

/** The display without its sample-quality qualifiers ("K+ (haemolysed)" → "K+"), so it names the test. */
export function withoutQualityQualifiers(display: string): string {
  let out = display;
  for (const { qualifier, replacement } of qualityQualifiers(display)) out = out.replace(qualifier, replacement);
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
