import { readWithoutComment } from "./lab-comment-column.js";
import type { LabResult } from "./lab-line.js";

/**
 * Results a laboratory writes as sentences: "Haemoglobin was 7.2 g/dL and the platelets 45 x10^9/L.", "The
 * haemoglobin is 6.1 g/dL with a white cell count of 54.3 x10^9/L", "ALT raised at 245 U/L (ref 7-56)", "HBsAg was
 * negative.", "Wingi wa damu (Hb) ni 9.6 g/dL" (Swahili "ni" = is; TUKI, Kamusi ya Kiswahili-Kiingereza, 2001).
 * A sentence is cut into clauses (at ". ", ";", ", ", " and ", " with "); each clause loses its linking words
 * (articles, "was/is/are/were/ni", "of", "at", "showed"), a level word before the value ("is low,"), the words
 * "normal"/"ref" before a bracketed range and a bracket of words after the result ("(Determine)", "(P. falciparum)"),
 * and is then read as a line. Only in a laboratory's own report (its heading names the laboratory, see
 * `isLaboratoryHeading`): a letter or a discharge summary quoting results is not read this way.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 19).
 */

/** A heading that names a laboratory or one of its benches ("LABORATORY", "MAABARA", "HAEMATOLOGY", "TB DIAGNOSTIC UNIT"). */
const LABORATORY_HEADING = /\b(?:laborator(?:y|ies|ie|io)|lab|maabara|haematology|hematology|biochemistry|chemical pathology|pathology|microbiology|serology|diagnostic unit)\b/i;
/** Lines a laboratory writes as advice or summary, never as a result. */
const NOT_RESULT_LABEL = /^(?:comments?|impression|interpretation|conclusion|clinical (?:details|notes|summary)|advice|recommendation|note|remarks?|history|diagnosis|method)(?:\s\([^()]*\))?\s?:/i;
/** Words that make a line a sentence rather than a table row. */
const SENTENCE_CUE = /\.$|;|\s(?:was|is|were|are|ni|of|at|showed|shows|revealed|constitutes?|with|and)\s/i;
const WITHIN_NORMAL_LIMITS = /,?\s(?:within|in)\s(?:the\s)?normal\s(?:limits|range)\.?$/i;
const CLAUSE_BREAK = /\.\s(?=[A-Z])|;\s?|,\s(?=[A-Za-z])|\s(?:and|with)\s/;
const LEADING_WORDS = /^(?:(?:the|a|an)\s)+|^.*?\b(?:showed|shows|revealed|reveals)\s/i;
/** A copula before a value or a grade word ("was negative", "ni 9.6", "is low, 28"). */
const COPULA = /\s(?:(?:was|is|were|are)(?:\s(?:found to be|low|high|raised|elevated|reduced|normal))?,?|ni|constitutes?|measured)\s(?=[<>]?\d|[a-z+-])/gi;
/** "at"/"of" only right before the number, and "of" only after a word naming a quantity ("count of 54.3", "platelets of 22"). */
const AT_OR_OF = /(?:\s(?:raised|elevated|reduced|low|high))?\sat\s(?=[<>]?\d)|(?<=\b(?:count|counts|level|levels|concentration|platelets|value|titre|titer|density))\sof\s(?=[<>]?\d)/gi;
const RANGE_WORD = /\((?:normal|ref\.?|reference|nr)[:\s]\s?/gi;
const TRAILING_WORD_BRACKET = /\s\([A-Za-z][^()]*\)$/;
const SEEN_GRADE = /\bseen\s(\+{1,4})(?=\s|$)/i;

/** The heading of a document (its first lines) names a laboratory: sentences in it may be results. */
export function isLaboratoryHeading(lines: string[]): boolean {
  return lines.slice(0, 4).some((l) => LABORATORY_HEADING.test(l));
}

/** Whether a line is written as a sentence that may hold results. */
export function isResultSentence(line: string): boolean {
  return SENTENCE_CUE.test(line) && !NOT_RESULT_LABEL.test(line);
}

/** A clause as a result line: "the platelets 45 x10^9/L" → "platelets 45 x10^9/L". */
function clauseAsLine(clause: string): string {
  return clause
    .replace(/\.$/, "")
    .replace(LEADING_WORDS, "")
    .replace(COPULA, " ")
    .replace(AT_OR_OF, " ")
    .replace(RANGE_WORD, "(")
    .replace(SEEN_GRADE, "$1")
    .replace(TRAILING_WORD_BRACKET, "")
    .trim();
}

/** Words of a description, not of a test name ("single peak at about 80 fL"). */
const APPROXIMATE_NAME = /\b(?:at|about|approximately|around|nearly|over|under)\b/i;
/** A panel or specimen label before a list of results ("Urinalysis: protein 2+, …", "Liver function: ALT …"), unlike "HIV status: known positive". */
const PANEL_LABEL = /^(?:urinalysis|urine|dipstick|urine dipstick|differential|(?:[a-z]+\s)?(?:panel|profile|screen|function(?:\stests?)?|studies))$/i;

/** A clause as a result: after its panel label ("Urinalysis: protein 2+"), whole, or without trailing words ("Blasts 78 % nucleated cells"). */
function readClause(clause: string, read: (line: string) => LabResult | null): LabResult | null {
  const labelled = /^([^:]+):\s(.+)$/.exec(clause);
  const afterLabel = labelled && PANEL_LABEL.test(labelled[1]) ? labelled[2] : null;
  // Trailing words are cut only after a number ("Blasts 78 % of white cells"): a grade clause reads whole or not at all.
  const result = (afterLabel ? read(afterLabel) : null) ?? read(clause) ?? (/\d/.test(clause) ? readWithoutComment(clause, read) : null);
  // "Advanced HIV disease: CD4 < 200 cells/µL": a label before the name that is no panel states a criterion, not a result.
  return result && !APPROXIMATE_NAME.test(result.name) && !result.name.includes(":") ? result : null;
}

/** The results a sentence states, each clause read by `read` (a line reader); empty when no clause reads. */
export function readSentenceResults(line: string, read: (line: string) => LabResult | null): LabResult[] {
  const normal = WITHIN_NORMAL_LIMITS.test(line);
  const clauses = line.replace(WITHIN_NORMAL_LIMITS, "").split(CLAUSE_BREAK).map(clauseAsLine).filter(Boolean);
  const results = clauses.flatMap((clause) => readClause(clause, read) ?? []);
  // "Random blood sugar: 4.1 mmol/L, within normal limits": the laboratory's own word for the only result.
  if (normal && results.length === 1 && results[0].abnormalFlag === null) return [{ ...results[0], abnormalFlag: "N", flagSource: "document" }];
  return results;
}
