import { readFileSync } from "node:fs";
import { oneEditApart } from "../../../lib/spelling.js";

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
  /** only_names: the grade is a result only of tests whose name holds one of these words (urobilinogen's "Normal"). */
  /** foreign_spellings: the grade in another language (Swahili "hasi", French "négatif") with its language code. */
  grades: (OrdinalGrade & { spellings: string[]; foreign_spellings?: Record<string, string>; only_names?: string[] })[];
}

const SCALES = JSON.parse(readFileSync(new URL("../knowledge/lab-ordinal-scales.json", import.meta.url), "utf8")) as OrdinalScales;
export const ORDINAL_SCALES_VERSION = `${SCALES.name}@${SCALES.version}`;

const BY_SPELLING = new Map<string, OrdinalGrade>();
/** Grades that are results only of some tests, with those tests' name words. */
const ONLY_NAMES = new Map<string, RegExp>();
/** Spellings in another language: the printed word is charted with the grade ("Hasi (Negative)"). */
const FOREIGN = new Set<string>();
for (const g of SCALES.grades) {
  const foreign = Object.keys(g.foreign_spellings ?? {});
  for (const s of foreign) FOREIGN.add(s);
  for (const s of [...g.spellings, ...foreign]) {
    if (BY_SPELLING.has(s)) throw new Error(`knowledge/lab-ordinal-scales.json: "${s}" is the spelling of two grades`);
    BY_SPELLING.set(s, { text: g.text, rank: g.rank });
  }
  if (g.only_names) ONLY_NAMES.set(g.text, new RegExp(String.raw`\b(?:${g.only_names.join("|")})\b`, "i"));
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s");
// Longest spellings first, so "nil seen" is tried before "nil" and "+++" before "+".
const GRADE = `(?:${[...BY_SPELLING.keys()].sort((a, b) => b.length - a.length).map(escape).join("|")})`;
/**
 * Name, separator, grade, then optionally: the semi-quantitative level of a "detected" (Xpert MTB/RIF:
 * "DETECTED LOW"), a viral-load unit ("<LDL copies/mL"), a short qualifier in brackets that is not a grade
 * ("POSITIVE (Pf)", "Reactive (weak)", "Positive (++)", an AFB count "Scanty (5 AFB/100 fields)"), and a reference grade ("Negative", "(Negative)",
 * "Ref: Neg", "Normal: Negative"); "Positive (P.f)  Negative" has both.
 */
/** The count printed with an AFB smear grade: "5 AFB/100 fields", "7 AFB / 40 fields", "3 AFB/100 HPF". */
const AFB_COUNT = String.raw`\d{1,3}\s?AFB\s?\/\s?\d{1,3}\s?(?:fields?|HPF|hpf)`;
const ORDINAL_LINE = new RegExp(
  String.raw`^(?<name>[A-Za-z(].*?)(?<sep>\s?[:=]\s?|\s-\s|\s)(?<value>${GRADE})(?:\s(?<level>(?:very\s)?low|medium|high))?(?:\s(?<unit>(?:copies|cp|IU)\/m[lL]))?(?:\s(?<limit>(?:<|<=|≤)\s?\d[\d,]*(?:\.\d+)?))?(?:\s\((?<note>[A-Za-z][A-Za-z. ]{0,39}|\+{1,4}|${AFB_COUNT})\))?(?:\s(?:[(\[]\s?)?(?:(?:ref(?:erence)?|normal|nr)\.?\s?:?\s?)?(?<reference>${GRADE})\s?[)\]]?)?$`,
  "i",
);

/** The grade of "<LDL": a viral load below the lower detection limit, whose number the report does not print. */
const BELOW_DETECTION = "Below detection limit";
/** Grades that say the quantity was not found: below any positive upper limit printed beside them. */
const NONE_FOUND = new Set([BELOW_DETECTION, "Not detected"]);

export interface OrdinalLine {
  name: string;
  grade: OrdinalGrade;
  reference: { written: string; grade: OrdinalGrade } | null;
  note: string | null;
  unit: string | null;
  /** A numeric upper limit printed as the reference of a grade that found nothing ("Not Detected  copies/mL  <1000"). */
  limit: string | null;
  /** The word as printed when it is a foreign spelling of the grade ("Hasi", "Non réactif"); null for English. */
  printed: string | null;
}
const gradeOf = (written: string) => BY_SPELLING.get(written.toLowerCase().replace(/\s+/g, " "));

/** The name, grade and printed reference grade of an ordinal result line, or null when the line is not one. */
export function readOrdinalLine(line: string): OrdinalLine | null {
  const m = ORDINAL_LINE.exec(line);
  const grade = m?.groups && gradeOf(m.groups.value);
  if (!m?.groups || !grade) return null;
  const { level, unit, limit } = m.groups;
  // A level belongs to "Detected" only; a unit and an upper limit ("Not Detected  copies/mL  <1000") to a viral load that found nothing.
  if ((level && grade.text !== "Detected") || ((unit || limit) && !NONE_FOUND.has(grade.text))) return null;
  const name = m.groups.name.replace(/\s*[:=\-.]+$/, "").trim();
  // "Urobilinogen  Normal" is a result; "Appearance: Normal" is not an ordinal one.
  if (ONLY_NAMES.has(grade.text) && !ONLY_NAMES.get(grade.text)!.test(name)) return null;
  // "Cysts: Seen" is a result; "Ova  Hookworm ova seen" (a finding, then maybe its normal) and "No parasites seen" are not.
  if (grade.text === "Seen" && (!/[:=-]/.test(m.groups.sep) || /\b(?:no|none|nil|not|without)\b/i.test(name))) return null;
  let note = m.groups.note?.trim() || (level ? level.toLowerCase() : null);
  let written = m.groups.reference;
  // "Protein ++ (Negative)": a grade in brackets is the reference, not a qualifier.
  if (note && !written && gradeOf(note) && !/^\+{1,4}$/.test(note)) [written, note] = [note, null];
  // "ZN smear  Positive 2+", "AFB  Positive  +++": a plus grade after a positive word is its degree (WHO/IUATLD AFB grading), never its reference.
  if (written && !note && /^[1-4]?\+{1,4}$/.test(written) && /^[A-Za-z]/.test(m.groups.value) && grade.rank > 0) [written, note] = ["", written];
  let reference = written ? gradeOf(written) : undefined;
  // "MTB Trace DETECTED" (Xpert MTB/RIF Ultra, WHO result categories): "trace" is the level of a detection,
  // never a trace grade read against a "Detected" normal (that would chart a TB-positive result as normal).
  let found = grade;
  if (grade.text === "Trace" && reference?.text === "Detected" && !note) [found, note, written, reference] = [reference, "trace", "", undefined];
  const printed = FOREIGN.has(m.groups.value.toLowerCase().replace(/\s+/g, " ")) ? m.groups.value : null;
  return { name, grade: found, reference: reference && written ? { written, grade: reference } : null, note, unit: unit ?? null, limit: limit?.replace(/\s+/g, "") ?? null, printed };
}

/** English grade words of six letters or more: the words a hand-copied result may misspell ("Postive", "Negetive", "Reactiv"); "reactif" is French, not a misspelling. */
const LONG_GRADE_WORDS = [...BY_SPELLING.keys()].filter((s) => /^[a-z-]{6,}$/.test(s) && !FOREIGN.has(s));

/**
 * The line with a misspelt grade word put right: in its last two tokens (the result and its printed
 * normal), a word of six letters or more that is no grade but one edit from exactly one grade word of
 * six letters or more ("Non reactve" → "Non reactive", "Negetive" → "negative"). Short words are never
 * touched ("Neg", "Nil", "Few" are one letter from other words). Null when nothing was put right.
 */
export function withGradeSpellingRepaired(line: string): { line: string; written: string; meant: string } | null {
  const tokens = line.split(" ");
  for (let i = tokens.length - 1; i >= Math.max(1, tokens.length - 2); i--) {
    const word = tokens[i].toLowerCase();
    if (word.length < 6 || !/^[a-z-]+$/.test(word) || BY_SPELLING.has(word)) continue;
    const meant = LONG_GRADE_WORDS.filter((g) => oneEditApart(word, g));
    if (meant.length !== 1) continue;
    const written = tokens[i];
    tokens[i] = meant[0];
    return { line: tokens.join(" "), written, meant: meant[0] };
  }
  return null;
}
