/**
 * Numbers as lab reports write them. East African reports use the decimal point ("5.9") and group
 * thousands with a comma or a space ("95,000", "250 000"); some analysers and European-made forms print
 * a decimal comma ("8,5", "12,0"). The rules (docs/decisions/clinical.md, "Lab results"):
 * - "." alone is a decimal point ("1.025" specific gravity stays 1.025); several dots each followed by
 *   exactly three digits ("1.250.000") group thousands.
 * - A space between a group of 1-3 digits and groups of exactly three digits groups thousands.
 * - A comma followed by anything but exactly three digits ("8,5", "12,0", "0,6") is a decimal comma;
 *   several commas each followed by three digits ("1,250,000") or a comma group before a decimal point
 *   ("1,250.5") group thousands.
 * - One comma followed by exactly three digits ("95,000", "1,250") is ambiguous in itself: it groups
 *   thousands when the unit is a count (cells/µL, ×10⁹/L, copies/mL: counts are whole numbers, and a
 *   count of 95.000 cells/µL is not a result); with any other unit, or none, it is not read and a warning
 *   names the line, because the two readings differ a thousandfold and reports mix conventions on one
 *   line ("Haemoglobin 8,5 g/dL 12.0-16.0").
 */

/** What the line says about how to read an ambiguous number. */
export interface NumberContext {
  /** The unit is a count ([#/volume]: cells/µL, ×10⁹/L, copies/mL), whose values are whole numbers. */
  countUnit: boolean;
}

export type ReadNumber = { value: number } | { ambiguous: string };

/** The value of a number as written (without a leading < or >), or why it cannot be read safely. */
export function readNumber(written: string, context: NumberContext): ReadNumber {
  const s = written.trim();
  if (/^\d+$/.test(s)) return { value: Number(s) };
  if (/^\d{1,3}(?: \d{3})+$/.test(s)) return { value: Number(s.replace(/ /g, "")) };
  if (/^\d+\.\d+$/.test(s)) return { value: Number(s) };
  if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(s)) return { value: Number(s.replace(/\./g, "")) };
  if (/^\d{1,3}(?:,\d{3}){2,}$/.test(s)) return { value: Number(s.replace(/,/g, "")) };
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(s)) return { value: Number(s.replace(/,/g, "")) };
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(s)) return { value: Number(s.replace(/\./g, "").replace(",", ".")) };
  if (/^0,\d+$/.test(s) || /^\d+,(?:\d{1,2}|\d{4,})$/.test(s)) return { value: Number(s.replace(",", ".")) };
  if (/^[1-9]\d{0,2},\d{3}$/.test(s)) {
    if (context.countUnit) return { value: Number(s.replace(",", "")) };
    return { ambiguous: `"${s}" may be ${s.replace(",", "")} (thousands separator) or ${s.replace(",", ".")} (decimal comma)` };
  }
  return { ambiguous: `"${s}" is not a number the reader can trust` };
}
