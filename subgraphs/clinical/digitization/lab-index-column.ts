import type { LabResult } from "./lab-line.js";

/**
 * Serology reports that print the assay's signal-to-cut-off index beside the result word ("Marker  Result  S/CO
 * Interpretation": "HBsAg  Reactive  152.40  Positive"). Immunoassay analysers report a sample's signal divided by
 * the cut-off (S/CO, COI: cut-off index) and call the sample reactive at 1.00 or above; the laboratory's result is
 * the word, and the index and the interpretation after it are not separate results. docs/decisions/clinical.md,
 * "Document digitization", 2026-11-28 (session 19).
 */
export const INDEX_COLUMN_HEADER = /^(?:tests?|markers?|analytes?|parameters?|assays?|investigations?)\s(?:results?|interpretation)\b.*\s(?:s\/co|coi|cut-?off\sindex|index|s\/n)\b/i;
/** The index: a plain number (no unit may follow it in the row: a unit makes the number the result). */
const INDEX_VALUE = /^\d{1,4}(?:\.\d{1,3})?$/;

/** The row's result word read before its index number; null when the row has no index or the start does not read as a grade. */
export function readBeforeIndex(line: string, readGrade: (line: string) => LabResult | null): LabResult | null {
  const tokens = line.split(" ");
  const at = tokens.findIndex((t, i) => i >= 2 && INDEX_VALUE.test(t));
  if (at < 0) return null;
  const result = readGrade(tokens.slice(0, at).join(" "));
  return result?.valueText ? result : null;
}
