import { unitProperty } from "./loinc-by-unit.js";

/**
 * Layouts of what follows a test's name that the line grammar (lab-line.ts: value, unit, range, flag) does
 * not read as printed, put into its order before it is read. docs/decisions/clinical.md, "Document
 * digitization", 2026-11-28 (session 18).
 */

const VALUE = String.raw`(?:[:=\-]\s?)?(?:[<>]=?|≤|≥)?\s?\d[\d.,]*`;
const RANGE = String.raw`(?:\d[\d.,]*\s?(?:-|to)\s?\d[\d.,]*|(?:[<>]=?|≤|≥)\s?\d[\d.,]*)`;
const FLAG = String.raw`H|L|HH|LL|N|A|H\*|L\*|\*{1,2}`;
/**
 * "58.7 * 3.4 - 20.5 µmol/L", "8.7 L 12.0 - 15.5 g/dL", "96 35 - 104 U/L", "128 (135 - 145) mmol/L L": value, its
 * flag, the range (maybe in brackets), the unit, and the flag when its column comes last.
 */
const UNIT_AFTER_RANGE = new RegExp(String.raw`^(?<value>${VALUE})(?:\s(?<flag>${FLAG}))?\s(?<range>\(\s?${RANGE}\s?\)|${RANGE})\s(?<unit>\S+)(?:\s(?<last>${FLAG}))?$`);

/**
 * "Test | Result | Flag | Range | Units" and "Test | Result | Range | Units" (private-lab and LIS printouts
 * that put the unit last): the tail rewritten as value, unit, range, flag. Only when the last cell is a
 * recognised lab unit, so a range followed by anything else (a flag, another column's test) is untouched.
 */
export function withUnitBeforeRange(tail: string): string {
  const m = UNIT_AFTER_RANGE.exec(tail);
  if (!m?.groups || unitProperty(m.groups.unit) === null) return tail;
  const { value, range, unit } = m.groups;
  if (m.groups.flag && m.groups.last) return tail;
  const flag = m.groups.flag ?? m.groups.last;
  return `${value} ${unit} ${range}${flag ? ` ${flag}` : ""}`;
}

/** "3.45E+03", "1.2e6", "5.0E-01": a number in scientific notation as analysers print large counts (HBV DNA, HIV RNA). */
const EXPONENT_VALUE = /^((?:[:=\-]\s?)?(?:[<>]=?|≤|≥)?\s?)(\d+(?:\.\d+)?)[eE]([+-]?\d{1,2})(?=\s|$)/;

/**
 * A colony count printed as a power of ten before CFU/mL (">10^5 CFU/mL", "1.5 x 10^4 CFU/mL", as urine culture
 * reports print them): only before that unit, since elsewhere "10^9" starts a count unit ("10^9/L").
 */
const POWER_OF_TEN_COUNT = /^((?:[:=\-]\s?)?(?:[<>]=?|≤|≥)?\s?)(?:(\d+(?:\.\d+)?)\s?[x×]\s?)?10\^(\d{1,2})(?=\s(?:CFU|cfu)\/)/;

/**
 * A value in scientific notation written out as a plain number ("3.45E+03 IU/mL" → "3450 IU/mL", ">10^5 CFU/mL" →
 * ">100000 CFU/mL"), so the number rules apply to it as to any value. Exponents up to 12 only: larger ones are no
 * lab value, and a plain number must stay exact.
 */
export function withExponentExpanded(tail: string): string {
  const e = EXPONENT_VALUE.exec(tail);
  const p = e ? null : POWER_OF_TEN_COUNT.exec(tail);
  if (!e && !p) return tail;
  const [lead, mantissa, exponent, length] = e ? [e[1], e[2], e[3], e[0].length] : [p![1], p![2] ?? "1", p![3], p![0].length];
  if (Math.abs(Number(exponent)) > 12) return tail;
  const plain = Number(Number(`${mantissa}e${exponent}`).toPrecision(12)).toString();
  return /e/i.test(plain) ? tail : `${lead}${plain}${tail.slice(length)}`;
}

/**
 * OCR's "|" for the letter l inside a unit ("mmo|/L", "umo|/L", "mg/d|"): put back when the token, with l for
 * "|", is a recognised lab unit. Any other "|" is a cell separator and stays (the caller reads it as a gap).
 */
export function withOcrBarsInUnits(line: string): string {
  if (!line.includes("|")) return line;
  return line.replace(/\S*[A-Za-zµμ/]\|[A-Za-z/]*|\S*\/[A-Za-z]*\|(?=\s|$)/g, (token) => {
    const repaired = token.replace(/\|/g, "l");
    return unitProperty(repaired) !== null ? repaired : token;
  });
}

/** Units an analyser prints in their own column before the value: a compound unit ("g/L") or a time or pressure unit; never "%" or "#" (NEUT%, PT % are names). */
const UNIT_BEFORE_VALUE = /^(?:[^\s()\[\]]*\/[^\s()\[\]]+|sec|secs|seconds|kpa|mmhg)$/i;
const LEADING_VALUE = /^((?:[:=\-]\s?)?(?:[<>]=?|≤|≥)?\s?\d[\d.,]*)(.*)$/;

/**
 * "PT Sec 30.2 H [11.0 - 14.5]", "Fbg g/L 3.10 [2.00 - 4.00]": a recognised unit as the name's last word, with
 * no unit after the value, is the unit column printed before the value (Sysmex CA coagulation printouts):
 * moved after the value. Only after a short analyser name (one or two words, which it keeps) and before a plain number.
 */
export function withUnitOutOfName(split: { name: string; rest: string }): { name: string; rest: string } {
  const words = split.name.split(" ");
  const last = words.at(-1)!;
  if (words.length < 2 || words.length > 3 || !UNIT_BEFORE_VALUE.test(last) || unitProperty(last) === null) return split;
  // A censored number there ("Viral load Not Detected copies/mL <1000") is a limit, not the value.
  const m = /^[:=\-]?\s?\d/.test(split.rest) ? LEADING_VALUE.exec(split.rest) : null;
  const next = m?.[2].trim().split(" ")[0] ?? "";
  if (!m || (next && unitProperty(next) !== null)) return split;
  return { name: words.slice(0, -1).join(" "), rest: `${m[1]} ${last}${m[2]}` };
}

/** A mark against the value: glued ("3.1*", "3.1!"), or spaced before a flag code or a recognised unit ("41 * L", "0.62 * 10^3/uL", "24.6 ! g/dL"). */
const VALUE_MARK = /^((?:[:=\-]\s?)?[<>]?\d[\d.,]*)(?:(\*{1,2}|!)|\s(\*{1,2}|!))(?=\s|$)/;
const FLAG_CODE = /^(?:H|L|HH|LL|N|A)$/;

/**
 * The value's mark read and taken out of the tail. An asterisk or "!" against the value (Mindray, LIS
 * printouts: "outside the reference range"; Sysmex: data to be checked) marks the result abnormal, its
 * direction from the range; when a flag code follows the mark, that printed flag decides and the mark is
 * dropped. A spaced asterisk followed by anything else ("212 * 0 - 33 U/L") is the flag column's asterisk
 * and is left to the grammar (critical unless the report's legend says abnormal).
 */
export function withValueMarkRead(rest: string): { rest: string; starred: boolean } {
  const m = VALUE_MARK.exec(rest);
  if (!m) return { rest, starred: false };
  const after = rest.slice(m[0].length).trim();
  const next = after.split(" ")[0] ?? "";
  const spacedStar = m[3] !== undefined && m[3] !== "!";
  if (spacedStar && !FLAG_CODE.test(next) && unitProperty(next) === null) return { rest, starred: false };
  return { rest: `${m[1]}${after ? ` ${after}` : ""}`, starred: !FLAG_CODE.test(next) };
}

/**
 * "Kipimo: Malaria (mRDT)  Jibu: Hasi", "Test: HBsAg  Result: Negative", "Examen: AgHBs  Résultat: Réactif": a
 * form that labels both cells of a row (English, Swahili, French). The labels are dropped and the cells kept
 * apart: "Malaria (mRDT)  Hasi". Only when the line starts with the test label and holds the result label.
 */
const LABELLED_CELLS = /^(?:test|kipimo|examen|analyse)\s?:\s?(?<name>\S.*?)\s+(?:results?|jibu|majibu|matokeo|r[ée]sultats?)\s?:\s?(?<value>\S.*)$/i;
export function withoutCellLabels(line: string): string {
  const m = LABELLED_CELLS.exec(line);
  return m?.groups ? `${m.groups.name}  ${m.groups.value}` : line;
}

/**
 * A rapid-test register row with the kit's lot number and expiry date between the test and its result:
 * "HBsAg (rapid)  HBS2409017  2027-04-30  Non-reactive", "Determine HIV-1/2  87432K100  03/2027  Reactive". The
 * lot (letters and digits, at least one digit) and the expiry (yyyy-mm-dd, mm/yyyy, dd/mm/yyyy) are dropped.
 * Null when the line has no such cells.
 */
const LOT_AND_EXPIRY = /^(?<name>\S.*?)\s(?=[A-Za-z/-]*\d)[A-Z0-9][A-Za-z0-9/-]{3,15}\s(?:\d{4}-\d{2}(?:-\d{2})?|\d{1,2}\/\d{4}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})\s(?<result>[A-Za-z+].*)$/;
export function withoutLotAndExpiry(line: string): string | null {
  const m = LOT_AND_EXPIRY.exec(line);
  return m?.groups ? `${m.groups.name} ${m.groups.result}` : null;
}
