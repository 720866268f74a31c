import type { LabResult } from "./lab-line.js";

/**
 * Reports with a free-text comment column after the result ("Test  Result  Unit  Reference  Flag  Comment",
 * "Test  Result  Normal  Remarks"): "Potassium 6.8 mmol/L 3.5 - 5.1 H Haemolysed sample - please repeat". A row
 * that does not read whole is read without its comment: the longest start of the row that reads as a result,
 * the words cut off beginning with a letter or a dash. Only under such a header, so that no other line is cut.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 19).
 */
export const COMMENT_COLUMN_HEADER = /^(?:tests?|analytes?|parameters?|investigations?|examinations?)\s(?:results?|values?)\b.*\s(?:comments?|remarks?|notes?)$/i;
/** The comment's first word: a word, or a dash for an empty comment. */
const COMMENT_START = /^(?:[A-Za-z][A-Za-z'.;,:-]*|-+)$/;
/** A comment is a few words; more than this is not one cell. */
const MAX_COMMENT_WORDS = 14;

/** The row's result read without its trailing comment; null when the row reads whole or no start of it reads. */
export function readWithoutComment(line: string, read: (line: string) => LabResult | null): LabResult | null {
  // A row that reads whole ("HCV Ab  Negative  Negative") has no comment to cut: the usual readers take it.
  if (read(line)) return null;
  const tokens = line.split(" ");
  for (let k = tokens.length - 1; k >= 2 && tokens.length - k <= MAX_COMMENT_WORDS; k--) {
    if (!COMMENT_START.test(tokens[k])) continue;
    const result = read(tokens.slice(0, k).join(" "));
    if (result) return result;
  }
  return null;
}
