import { readFileSync } from "node:fs";

/**
 * Ordinal (semi-quantitative) results: "Protein ++  Negative", "Glucose: Trace (Negative)", "Leucocytes
 * 2+", "Epithelial cells: few", "Nitrite: Neg", "HBsAg: Negative". The grades, their canonical text and
 * rank are data (knowledge/lab-ordinal-scales.json, with the reasoning and sources);
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28.
 */
export interface OrdinalGrade {
  text: string;
  /** Orders the grades of one scale (number of plus signs; 0-3 for amounts; 0/1 for presence): not a quantity. */
  rank: number;
}
interface OrdinalScales {
  name: string;
  version: string;
  grades: (OrdinalGrade & { spellings: string[] })[];
}

const SCALES = JSON.parse(readFileSync(new URL("../knowledge/lab-ordinal-scales.json", import.meta.url), "utf8")) as OrdinalScales;
export const ORDINAL_SCALES_VERSION = `${SCALES.name}@${SCALES.version}`;

const BY_SPELLING = new Map<string, OrdinalGrade>();
for (const g of SCALES.grades) {
  for (const s of g.spellings) {
    if (BY_SPELLING.has(s)) throw new Error(`knowledge/lab-ordinal-scales.json: "${s}" is the spelling of two grades`);
    BY_SPELLING.set(s, { text: g.text, rank: g.rank });
  }
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s");
// Longest spellings first, so "nil seen" is tried before "nil" and "+++" before "+".
const GRADE = `(?:${[...BY_SPELLING.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})`;
/**
 * Name, separator, grade, then optionally: the semi-quantitative level of a "detected" (Xpert MTB/RIF:
 * "DETECTED LOW"), a viral-load unit ("<LDL copies/mL"), a short qualifier in brackets that is not a grade
 * ("POSITIVE (Pf)", "Reactive (weak)", "Positive (++)"), and a reference grade ("Negative", "(Negative)",
 * "Ref: Neg", "Normal: Negative"); "Positive (P.f)  Negative" has both.
 */
const ORDINAL_LINE = new RegExp(
  String.raw`^(?<name>[A-Za-z(].*?)(?:\s?[:=]\s?|\s-\s|\s)(?<value>${GRADE})(?:\s(?<level>(?:very\s)?low|medium|high))?(?:\s(?<unit>(?:copies|cp|IU)\/m[lL]))?(?:\s\((?<note>[A-Za-z][A-Za-z. ]{0,39}|\+{1,4})\))?(?:\s(?:[(\[]\s?)?(?:(?:ref(?:erence)?|normal|nr)\.?\s?:?\s?)?(?<reference>${GRADE})\s?[)\]]?)?$`,
  "i",
);

/** The grade of "<LDL": a viral load below the lower detection limit, whose number the report does not print. */
const BELOW_DETECTION = "Below detection limit";
const gradeOf = (written: string) => BY_SPELLING.get(written.toLowerCase().replace(/\s+/g, " "));

/** The name, grade and printed reference grade of an ordinal result line, or null when the line is not one. */
export function readOrdinalLine(line: string): { name: string; grade: OrdinalGrade; reference: { written: string; grade: OrdinalGrade } | null; note: string | null; unit: string | null } | null {
  const m = ORDINAL_LINE.exec(line);
  const grade = m?.groups && gradeOf(m.groups.value);
  if (!m?.groups || !grade) return null;
  const { level, unit } = m.groups;
  // A level belongs to "Detected" only; a unit to a viral load below its detection limit.
  if ((level && grade.text !== "Detected") || (unit && grade.text !== BELOW_DETECTION)) return null;
  const name = m.groups.name.replace(/\s*[:=\-.]+$/, "").trim();
  let note = m.groups.note?.trim() || (level ? level.toLowerCase() : null);
  let written = m.groups.reference;
  // "Protein ++ (Negative)": a grade in brackets is the reference, not a qualifier.
  if (note && !written && gradeOf(note) && !/^\+{1,4}$/.test(note)) [written, note] = [note, null];
  const reference = written ? gradeOf(written) : undefined;
  return { name, grade, reference: reference ? { written, grade: reference } : null, note, unit: unit ?? null };
}
