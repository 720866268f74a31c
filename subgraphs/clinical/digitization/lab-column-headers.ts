import { parseLine, splitName, type AsteriskMeaning, type LabResult } from "./lab-line.js";
import { unitProperty } from "./loinc-by-unit.js";

/**
 * Layouts told by a results table's column header, not by the rows (docs/decisions/clinical.md, "Document
 * digitization", 2026-11-28 session 20):
 * - the unit printed once in the header, over the result column ("Enzymes  Result (U/L)  Reference",
 *   "Test  mmol/L  Normal") or on a line of units under it ("Test  Result  Ref" then "U/L  U/L"): rows
 *   without a unit of their own take it;
 * - two value columns with their units ("Analyte  NGSP (%)  IFCC (mmol/mol)  Ref. NGSP  Ref. IFCC",
 *   "Differential  %  Abs (x10^9/L)  % range  Abs range"): a row "Neutrophils 38.5 1.19 40-75 2.0-7.5" is two
 *   results of the same test, each with its unit and its range;
 * - the reference column before the result ("Test  Reference  Result  Unit", "Test  Normal range  Result"):
 *   "Calcium 2.15-2.55 2.31 mmol/L" is read as "Calcium 2.31 mmol/L 2.15-2.55".
 * Also two line-level layouts: a result printed in two units on one row ("HbA1c 7.4 % (57 mmol/mol)
 * 4.0-5.6 % (20-38 mmol/mol)", "… 8.2 % / 66 mmol/mol …"), and flags glued to the value ("5.9H") or printed
 * before it ("Potassium L 3.1 mmol/L").
 */
export interface ColumnLayout {
  /** The unit of the single result column, from the header; null when the header gives none. */
  unit: string | null;
  /** Two value columns, each with its unit (the second result of the row is the same test in another unit). */
  dual: [string, string] | null;
  /** The reference column stands before the result column. */
  rangeFirst: boolean;
}

const COLUMN_WORD = /\b(?:results?|values?|ref\.?|reference|range|normal|units?|flag|desirable|interval)\b/i;
/** A header: few tokens, column words, no digits outside brackets (a unit in brackets may have some: "(x10^9/L)"). */
function isHeader(line: string): boolean {
  const outside = line.replace(/\([^)]*\)/g, " ");
  return line.split(" ").length <= 12 && !/\d/.test(outside) && (COLUMN_WORD.test(line) || line.split(" ").some((t) => unitProperty(t) !== null));
}
const RANGE_FIRST = /^\S+(?:\s\S+){0,2}?\s(?:normal|ref\.?|reference|expected)(?:\s(?:range|interval|values?))?\s(?:results?|values?)\b/i;
/** A unit in brackets after a column's label ("Result (U/L)", "NGSP (%)", "Abs (x10^9/L)"), or a bare unit cell ("mmol/L", "%"), not "% range". */
const UNIT_CELL = /\(([^()]+)\)|(?<=\s)([^\s()]+)(?=\s|$)/g;

/**
 * The layout a line announces: a layout when it is a table header with units or a reference column
 * first, null when it is another table header (the previous layout ends), undefined when it is no header.
 * `next` is the line after it (a line of units under a header).
 */
export function readColumnHeader(line: string, next: string | undefined): ColumnLayout | null | undefined {
  if (!isHeader(line)) return undefined;
  const tokens = line.split(" ");
  const units: string[] = [];
  for (const m of line.matchAll(UNIT_CELL)) {
    const unit = m[1] ?? m[2];
    // "% range", "Ref %": a unit of a reference column, not of a value column.
    if (m[2] !== undefined && (m.index === 0 || /^range\b/i.test(line.slice(m.index! + m[0].length).trim()) || /\b(?:ref\.?|reference|normal|range)$/i.test(line.slice(0, m.index).trim()))) continue;
    if (unitProperty(unit.trim()) !== null) units.push(unit.trim());
  }
  // "Test  Result  Ref" then "U/L  U/L": the line under the header is only units.
  const unitLine = next && units.length === 0 ? next.split(" ") : null;
  if (unitLine && unitLine.length <= 4 && unitLine.every((u) => unitProperty(u) !== null) && new Set(unitLine).size === 1) units.push(unitLine[0]);
  const rangeFirst = RANGE_FIRST.test(line);
  if (!units.length && !rangeFirst) return tokens.length >= 2 && COLUMN_WORD.test(line) ? null : undefined;
  if (units.length > 2) return null;
  return { unit: units.length === 1 ? units[0] : null, dual: units.length === 2 && units[0] !== units[1] ? [units[0], units[1]] : null, rangeFirst };
}

const VALUE = String.raw`[<>]?\d+(?:[.,]\d+)?`;
const RANGE = String.raw`(?:\d+(?:[.,]\d+)?\s?-\s?\d+(?:[.,]\d+)?|[<>]=?\s?\d+(?:[.,]\d+)?)`;
const FLAG = String.raw`(?:HH|LL|H|L)`;
const DUAL_ROW = new RegExp(String.raw`^(?<v1>${VALUE})(?:\s(?<f1>${FLAG}))?\s(?<v2>${VALUE})(?:\s(?<f2>${FLAG}))?(?:\s(?<r1>${RANGE})\s(?<r2>${RANGE}))?$`);
const LEADING_RANGE = new RegExp(String.raw`^(?<range>${RANGE})\s(?<rest>(?:${FLAG}\s)?${VALUE}(?:\s.*)?)$`);

/** A row read under its header's layout; null when the layout changes nothing for it (the row is read as usual). */
export function readUnderColumns(line: string, layout: ColumnLayout, specimen: string | null, asterisk: AsteriskMeaning): LabResult[] | null {
  const split = splitName(line);
  if (!split) return null;
  const { name } = split;
  let rest = split.rest;
  if (layout.dual) {
    const m = DUAL_ROW.exec(rest);
    if (m?.groups) {
      const g = m.groups;
      const one = (v: string, f: string | undefined, unit: string, r: string | undefined) => parseLine(`${name} ${v} ${unit}${r ? ` ${r}` : ""}${f ? ` ${f}` : ""}`, specimen, asterisk).result;
      const a = one(g.v1, g.f1, layout.dual[0], g.r1);
      const b = one(g.v2, g.f2, layout.dual[1], g.r2);
      return a && b ? [a, b] : null;
    }
  }
  if (layout.rangeFirst) {
    const m = LEADING_RANGE.exec(rest);
    if (m?.groups) rest = `${withFlagAfterValue(m.groups.rest)} ${m.groups.range}`;
  }
  if (layout.unit && /^[<>]?\d/.test(rest)) {
    const m = new RegExp(String.raw`^(${VALUE})(?:\s(${FLAG}))?(?=\s|$)(.*)$`).exec(rest);
    const after = m ? m[3].trim().split(" ")[0] : "";
    // Only a row without a unit of its own (nor one in its name's brackets) takes the header's.
    if (m && unitProperty(after) === null && !UNITLESS_NAME.test(name) && !(name.match(/\(([^)]+)\)/g) ?? []).some((p) => unitProperty(p.slice(1, -1).trim()) !== null)) rest = `${m[1]} ${layout.unit}${m[2] ? ` ${m[2]}` : ""}${m[3]}`;
  }
  if (rest === split.rest) return null;
  const read = parseLine(`${name} ${rest}`, specimen, asterisk).result;
  return read ? [read] : null;
}

/** Results without a unit (INR, ratios, pH, specific gravity, indices): a header's unit is never theirs. */
const UNITLESS_NAME = /\b(?:inr|ratio|ph|specific gravity|s\.?g\.?|index)\b/i;

/** "H 9.8 mmol/L" (a flag before the value) → "9.8 H mmol/L". */
const withFlagAfterValue = (s: string) => s.replace(new RegExp(String.raw`^(${FLAG})\s(${VALUE})(?=\s|$)`), "$2 $1");

/**
 * A line's flags put where the grammar reads them: "5.9H x10^3/uL" → "5.9 H x10^3/uL" (a flag glued to the
 * value, followed by a unit or a number), "Potassium L 3.1 mmol/L" → "Potassium 3.1 L mmol/L" (a flag
 * printed between a name without digits and the value). Spacing is kept.
 */
export function withFlagsUnglued(line: string): string {
  // Not a one-digit whole number ("Glucose 2H 7.8": two hours after a meal), never the line's first token.
  const unglued = line.replace(/(\S\s+)([<>]?(?:\d+[.,]\d+|\d{2,}))(HH|LL|H|L)(?=(\s+)(\S+))/g, (whole, before: string, value: string, flag: string, _gap: string, next: string) =>
    /^[(<>]?\d/.test(next) || unitProperty(next) !== null ? `${before}${value} ${flag}` : whole,
  );
  return unglued.replace(/^([A-Za-z][^\d:]*?[A-Za-z)\]])(\s+)(HH|LL|H|L)(\s+)([<>]?\d+(?:[.,]\d+)?)(?=\s|$)/, "$1$2$5$4$3");
}

/**
 * A result printed in two units on one row: "HbA1c 7.4 % (57 mmol/mol) 4.0-5.6 % (20-38 mmol/mol)",
 * "HbA1c 8.2 H % / 66 mmol/mol 4.0-5.6 % / 20-38 mmol/mol". Two results of the same test, each with its
 * unit and the range printed in that unit; null when the row is no such row (two different recognised units
 * are required, and a range's unit, when printed, must be its value's).
 */
const DUAL_IN_ROW = new RegExp(
  String.raw`^(?<v1>${VALUE})(?:\s(?<f1>${FLAG}))?\s(?<u1>\S+)\s\|\s(?<v2>${VALUE})(?:\s(?<f2>${FLAG}))?\s(?<u2>\S+)(?:\s(?<r1>${RANGE})(?:\s(?<ru1>\S+))?\s\|\s(?<r2>${RANGE})(?:\s(?<ru2>\S+))?)?(?:\s(?<f3>${FLAG}))?$`,
);
export function readDualUnitRow(line: string, specimen: string | null, asterisk: AsteriskMeaning): LabResult[] | null {
  const split = splitName(line);
  if (!split) return null;
  const marked = split.rest.replace(/\s?\(\s?/g, " | ").replace(/\s?\)/g, "").replace(/\s\/\s/g, " | ");
  const g = DUAL_IN_ROW.exec(marked)?.groups;
  if (!g || g.u1 === g.u2 || unitProperty(g.u1) === null || unitProperty(g.u2) === null) return null;
  if ((g.ru1 && g.ru1 !== g.u1) || (g.ru2 && g.ru2 !== g.u2)) return null;
  const one = (v: string, f: string | undefined, unit: string, r: string | undefined) => parseLine(`${split.name} ${v} ${unit}${r ? ` ${r}` : ""}${f ? ` ${f}` : ""}`, specimen, asterisk).result;
  const a = one(g.v1, g.f1 ?? g.f3, g.u1, g.r1);
  const b = one(g.v2, g.f2, g.u2, g.r2);
  return a && b ? [a, b] : null;
}
