/**
 * Numbers as lab reports write them. East African reports use the decimal point ("5.9") and group
 * thousands with a comma or a space ("95,000", "250 000"); some analysers and European-made forms print
 * a decimal comma ("8,5", "12,0"). The rules (docs/decisions/clinical.md, "Lab results"):
 * - "." alone is a decimal point ("1.025" specific gravity stays 1.025); several dots each followed by
 *   exactly three digits ("1.250.000") group thousands.
 * - A space between a group of 1-3 digits and two or more groups of exactly three digits groups thousands;
 *   one such group ("620 310") does so only with an unscaled count unit, as for a comma: with any other
 *   unit it may be two numbers side by side (a report with two result columns), so it is not read.
 * - A comma followed by anything but exactly three digits ("8,5", "12,0", "0,6") is a decimal comma;
 *   several commas each followed by three digits ("1,250,000") or a comma group before a decimal point
 *   ("1,250.5") group thousands.
 * - One comma followed by exactly three digits ("95,000", "1,250") is ambiguous in itself: it groups
 *   thousands when the unit is an unscaled count (cells/µL, /mm3, copies/mL, parasites/µL: counts are
 *   whole numbers, and a count of 95.000 cells/µL is not a result). A scaled count unit (×10⁹/L,
 *   ×10¹²/L, x10³/µL, 10*9/L, G/L, T/L) carries decimals ("RBC 4,125 ×10¹²/L" is 4.125): there it is a
 *   decimal comma only when another number on the same line is unmistakably written with a decimal comma
 *   ("3,80 - 5,20", "0,200") and none with a decimal point; otherwise, and with any other unit or none, it
 *   is not read and a warning names the line, because the two readings differ a thousandfold and reports
 *   mix conventions on one line ("Haemoglobin 8,5 g/dL 12.0-16.0").
 * - "0," is always a decimal comma ("0,200" is 0.2).
 */

/** What the line says about how to read an ambiguous number. */
export interface NumberContext {
  /** The unit is a count ([#/volume]: cells/µL, ×10⁹/L, copies/mL), whose values are whole numbers. */
  countUnit: boolean;
  /** The count unit is scaled (×10⁹/L, ×10¹²/L, x10³/µL, G/L): its values carry decimals, never thousands. */
  scaledUnit?: boolean;
  /** Another number on the line is unmistakably written with a decimal comma, and none with a decimal point. */
  decimalCommaLine?: boolean;
}

/** Scaled count units: "×10⁹/L", "x10^12/L", "10*9/L", "x10³/µL", "10e9/L", "G/L", "T/L", "K/µL". */
export function isScaledUnit(unit: string | null): boolean {
  if (!unit) return false;
  const u = unit.replace(/\s+/g, "");
  return /10(?:\^|\*|e|E)?(?:\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)\//.test(u) || /^(?:[GT]|giga|tera|k|K|thou|M|mill)\/(?:L|l|[uµμ]L|[uµμ]l|mm3|mm³|cumm)$/.test(u);
}

/** A number written unmistakably with a decimal comma ("3,80", "0,200", "12,5"). */
export const isDecimalComma = (written: string) => /^0,\d+$/.test(written.trim()) || /^\d+,(?:\d{1,2}|\d{4,})$/.test(written.trim());
/** A number written with a decimal point ("3.80"); not the dot-grouped thousands "1.250.000". */
export const isDecimalPoint = (written: string) => /^\d+\.\d+$/.test(written.trim()) || /^\d{1,3}(?:,\d{3})+\.\d+$/.test(written.trim());

export type ReadNumber = { value: number } | { ambiguous: string };

/** The value of a number as written (without a leading < or >), or why it cannot be read safely. */
export function readNumber(written: string, context: NumberContext): ReadNumber {
  const s = written.trim();
  if (/^\d+$/.test(s)) return { value: Number(s) };
  // "620 310 U/L": one space group is thousands only in an unscaled count, as for a comma; elsewhere it may be two result columns.
  if (/^\d{1,3} \d{3}$/.test(s) && !(context.countUnit && !context.scaledUnit)) return { ambiguous: `"${s}" may be one number with a space between its thousands (${s.replace(" ", "")}) or two numbers side by side (two result columns)` };
  if (/^\d{1,3}(?: \d{3})+$/.test(s)) return { value: Number(s.replace(/ /g, "")) };
  if (/^\d+\.\d+$/.test(s)) return { value: Number(s) };
  if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(s)) return { value: Number(s.replace(/\./g, "")) };
  if (/^\d{1,3}(?:,\d{3}){2,}$/.test(s)) return { value: Number(s.replace(/,/g, "")) };
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(s)) return { value: Number(s.replace(/,/g, "")) };
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(s)) return { value: Number(s.replace(/\./g, "").replace(",", ".")) };
  if (/^0,\d+$/.test(s) || /^\d+,(?:\d{1,2}|\d{4,})$/.test(s)) return { value: Number(s.replace(",", ".")) };
  if (/^[1-9]\d{0,2},\d{3}$/.test(s)) {
    if (context.countUnit && !context.scaledUnit) return { value: Number(s.replace(",", "")) };
    if (context.scaledUnit && context.decimalCommaLine) return { value: Number(s.replace(",", ".")) };
    if (context.scaledUnit) return { ambiguous: `"${s}" with a scaled unit may be ${s.replace(",", ".")} (decimal comma) or ${s.replace(",", "")} (thousands separator; never a count in this unit): the line does not say which` };
    return { ambiguous: `"${s}" may be ${s.replace(",", "")} (thousands separator) or ${s.replace(",", ".")} (decimal comma)` };
  }
  return { ambiguous: `"${s}" is not a number the reader can trust` };
}

/** Characters OCR reads in place of digits: O and o for 0, l and I for 1. */
const OCR_DIGITS: Record<string, string> = { O: "0", o: "0", l: "1", I: "1" };
/** A token made of digits, OCR's digit look-alikes and number punctuation only, with at least one real digit. */
const OCR_NUMBER_TOKEN = /^[(\[]?[<>≤≥]?(?=[\dOolI.,\-–]*\d)[\dOolI][\dOolI.,]*(?:[-–][\dOolI][\dOolI.,]*)?[)\]]?\*{0,2}$/;

/** Stray marks OCR reads at the edges of a number cell: underscores (ruled lines) and tildes (shadows, creases). */
const STRAY_MARKS = /^[_~]+|[_~]+$/g;
/** A unit written as a ratio, a percentage or a cell index ("umol/l", "U/L", "x10^9/L", "%", "fL"): after "14l" it makes the l a 1. */
const CONCENTRATION_UNIT = /^(?:%|fL|fl|pg|sec|kPa|mmHg|[A-Za-zµμ]*\/[A-Za-z]+|[x×]?1[0Oo]\^\d+\/[A-Za-z]+)$/;

/**
 * A line with OCR's digit look-alikes put back where they can only be digits: in tokens that are a
 * number or a range once repaired ("l4.6" → 14.6, "5.O" → 5.0, "4.0-l2.0" → 4.0-12.0, "1O2" → 102), in
 * a power of ten ("x1O^9/L" → x10^9/L) and in "mol" ("mmoI/L", "umo1/L" → mmol/L, umol/L). Words are
 * never touched: a token must hold a real digit and nothing but digits, look-alikes and . , - (so
 * "Blood group O", "HbA1c" and "0KELLO" stay as written).
 */
export function repairOcrDigits(line: string): string {
  const tokens = line.split(" ");
  return tokens
    .map((token, i) => {
      // "_48.O_", "~35": marks a photo's shadows and ruled lines leave around a number cell are not part of it.
      const bare = token.replace(STRAY_MARKS, "");
      const t = bare !== token && OCR_NUMBER_TOKEN.test(bare) ? bare : token;
      // "2l" (two litres) keeps its unit, unless a unit follows it ("14l umol/l", "4l U/L": a value has one unit)
      // or it closes a range ("0 - 2l"); "7.l" and "l4.6" are digits.
      const closesRange = /^(?:-|–|to)$/.test(tokens.slice(0, i).reverse().find(Boolean) ?? "");
      const litres = /^\d+l$/.test(t) && !closesRange && !CONCENTRATION_UNIT.test((tokens.slice(i + 1).find(Boolean) ?? "").replace(/mo[Il1]\//, "mol/"));
      if (OCR_NUMBER_TOKEN.test(t) && /[OolI]/.test(t) && !litres) return t.replace(/[OolI]/g, (c) => OCR_DIGITS[c]);
      if (t !== token) return t;
      // "Neutr0phils", "REP0RT": a zero between letters in a word of letters is the letter O.
      if (/^[A-Za-z]+(?:0[A-Za-z]+)+$/.test(t)) return t.replace(/0/g, (_, i: number) => (/[A-Z]/.test(t[i - 1]) && /[A-Z]/.test(t[i + 1]) ? "O" : "o"));
      return t.replace(/^([x×]?)1[Oo](?=\s?(?:\^|\*|e|E)?\s?\d+\s?\/)/, "$110").replace(/^([mµμu]?m?)mo[Il1]\//, "$1mol/");
    })
    .join(" ");
}
