import { unitProperty } from "./loinc-by-unit.js";
import { isPopulationLabel } from "./lab-population-ranges.js";

/**
 * Rows a PDF text layer or OCR breaks over two lines, and cells a row carries beside its result: the
 * name alone then "138 mmol/L 135-145"; the result then its range alone ("3.5-5.1 L"); the value and its
 * flag then the unit and range ("Fasting glucose 11.4 H" / "mmol/L 3.9 - 6.1", a unit column wrapped
 * under the row), a unit cut at its slash ("mmol/" / "L < 5.2"); a control's value in brackets
 * ("PT 18.4 sec (Control: 12.0 sec)"); a label of words after the range (">= 10 (protective)").
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (sessions 17 and 19).
 */

/** A line that is only a test name ("Sodium", "Potassium:", "Beta hCG (serum, quantitative)"), up to four words. */
const NAME_ONLY = /^[A-Za-z][A-Za-z.()/&%#'-]*(?: [A-Za-z(][A-Za-z.()/&%#',-]*){0,3}:?$/;
/** A line that is only a reference range, maybe with a flag ("3.5-5.1 L", "(135 - 145)", "<5.2"). */
const RANGE_ONLY = /^[(\[]?\s?(?:\d[\d.,]*\s?(?:-|to)\s?\d[\d.,]*|[<>≤≥]=?\s?\d[\d.,]*)\s?[)\]]?(?: (?:H|L|HH|LL|N|A)\*?)?$/;
/** A row that ends with its value, maybe its flag, and nothing after: "Uric acid 489 H", "HDL cholesterol 0.9". */
const ENDS_IN_VALUE = /^[A-Za-z].*\s[<>]?\d[\d.,]*(?:\s(?:H|L|HH|LL|N|A)\*?)?$/;
/** A row that ends in a unit cut at its slash ("6.2 H mmol/"), and the rest of the unit starting the next line ("L < 5.2"). */
const CUT_UNIT = /\s[A-Za-zµμ]+\/$/;
const UNIT_REST = /^[A-Za-z0-9.]+(?=\s|$)/;

/**
 * The text of a result broken over this line and the next, joined as one line, or null when the two are no
 * such pair. The caller reads the joined text and keeps it only when it reads as one result.
 */
export function joinedRowText(line: string, next: string, read: { hasResult: boolean; hasReference: boolean }): string | null {
  if (!read.hasResult && NAME_ONLY.test(line) && /^[<>]?\d/.test(next)) return `${line} ${next}`;
  if (read.hasResult && !read.hasReference && RANGE_ONLY.test(next)) return `${line} ${next}`;
  if (read.hasResult) return null;
  if (CUT_UNIT.test(line) && UNIT_REST.test(next) && unitProperty(`${line.split(" ").pop()}${UNIT_REST.exec(next)![0]}`) !== null) return `${line}${next}`;
  if (ENDS_IN_VALUE.test(line) && unitProperty(next.split(" ")[0]) !== null) return `${line} ${next}`;
  return null;
}

/** A line that is only a name cut by a word-break hyphen ("Haemo-", "Gamma-glutamyl trans-"). */
const NAME_CUT_BY_HYPHEN = /^(?=.*[A-Za-z]{2}-$)[A-Za-z][A-Za-z.()/&'-]*(?: [A-Za-z(][A-Za-z.()/&'-]*){0,3}$/;
/** The rest of the word in lower case, then the row's value: "globin 9.7 g/dL", "ferase 6O U/L" (digits read by repairOcrDigits). */
const WORD_REST_THEN_VALUE = /^[a-z]{2,}(?:\s+[A-Za-z][\w()-]*){0,3}\s+[<>~_]?[\dOolI.,]*\d/;

/**
 * A test name hyphenated at the end of a line and finished on the next (a narrow column printed with word
 * breaks: "Creati-" / "nine  88  umol/L"): the two lines as one row, "Creatinine  88  umol/L", and an empty line
 * where the second was (line numbers keep their place). Only a line that is nothing but the cut name, and a next
 * line that starts with the word's lower-case rest and goes on to a number, are joined.
 */
export function withWordBreaksJoined(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const line = out[i].trim();
    const next = out[i + 1].trim();
    if (!NAME_CUT_BY_HYPHEN.test(line) || !WORD_REST_THEN_VALUE.test(next)) continue;
    // The rest of the word keeps the next line's gaps (its cells stay apart).
    out[i] = `${line.slice(0, -1)}${out[i + 1].replace(/^\s+/, "")}`;
    out[i + 1] = "";
  }
  return out;
}

/**
 * "Prothrombin time: 18.4 sec (Control: 12.0 sec)": the control's value printed in brackets after the patient's
 * is not a result, and it is dropped so that the patient's reads (a coagulation control is a normal plasma run
 * beside the patient's, not the patient's result).
 */
const CONTROL_BRACKET = /\s?\((?:normal\s|mean\s)?(?:control|ctrl)\.?\s?[:=]?\s?\d[\d.,]*\s?(?:s|sec|secs|seconds)?\)/gi;
export const withoutControlBracket = (line: string) => line.replace(CONTROL_BRACKET, "");

/** "Control PT 12.6 sec", "PT control 12.0", "Ctrl APTT": the control's row, never the patient's result. */
const CONTROL_NAME = /^(?:(?:normal|mean)\s)?(?:control|ctrl)\b|\b(?:control|ctrl)$/i;
export const isControlName = (name: string) => CONTROL_NAME.test(name);

/**
 * ">= 10 (protective)", "< 200 (desirable)": a bracket of words after a range says what the range means; it is
 * dropped so that it is not read as a flag. A flag word in brackets ("(High)") stays, and so does a population
 * ("< 5.0 (non-pregnant)", "(postmenopausal)"): lab-population-ranges.ts keeps it and does not flag against it.
 */
const RANGE_THEN_LABEL = /((?:\d[\d.,]*\s?(?:-|to)\s?\d[\d.,]*|[<>≤≥]=?\s?\d[\d.,]*)\s?[)\]]?)\s+\((?!(?:high|low|normal|abnormal|critical|crit|panic)\))([A-Za-z][A-Za-z -]{2,30})\)$/i;
export const withoutRangeLabel = (line: string) => line.replace(RANGE_THEN_LABEL, (all, range: string, label: string) => (isPopulationLabel(label) ? all : range));
