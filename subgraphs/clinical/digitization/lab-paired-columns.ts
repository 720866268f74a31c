import { parseLine, splitName, type LabResult } from "./lab-line.js";

/**
 * Reports with two result columns side by side, told apart by their column header: the patient's result
 * and a control ("Test  Patient  Control  Unit  Ref. range", coagulation), the latest result and an
 * earlier one (a cumulative report: "Test  28/11/2026  02/08/2026  Units"), or two specimens of the same
 * patient ("Analyte  Pleural fluid  Serum  Unit"). A row "PT 28.6 12.4 sec 11.0-13.5" is read once per
 * column that is this report's result: the patient's, the latest date's, or each specimen's (named
 * "<test> (<specimen>)"). A control and an earlier result are not this report's results.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 17).
 */
export interface PairedColumns {
  /** Two labels, or three to six collection dates (a cumulative report, oldest or latest first). */
  labels: string[];
  /** The columns (0, 1) that hold this report's results. */
  kept: number[];
  /** Two specimens: each result is named after its column. */
  named: boolean;
}

const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}`;
const SPECIMEN = String.raw`(?:(?:pleural|ascitic|peritoneal|synovial|pericardial)\s)?fluid|csf|serum|plasma|urine|blood`;
const LABEL = String.raw`${DATE}|${SPECIMEN}|patient|control|result|current|(?:previous|prev\.?|last)(?:\s(?:result|value))?`;
/** "Test  Result  Flag  Previous  Units": the current result's flag column may stand between the two result columns. */
const HEADER = new RegExp(String.raw`^(?:test|analyte|parameter|investigation|examination)s?\s(?<first>${LABEL})(?:\sflag)?\s(?<second>${LABEL})(?:\s(?:units?|ref\.?|reference|range|normal|flag|interval)\b.*)?$`, "i");
/** "Test  12/11/2026  19/11/2026  26/11/2026  Units  Reference": a cumulative report with one column per date. */
const DATES_HEADER = new RegExp(String.raw`^(?:test|analyte|parameter|investigation|examination)s?\s(?<dates>${DATE}(?:\s${DATE}){2,5})(?:\s(?:units?|ref\.?|reference|range|normal|flag|interval)\b.*)?$`, "i");
/** Any table header: a new one ends the paired columns. */
const ANY_HEADER = /^(?:test|analyte|parameter|investigation|examination)s?\b/i;
const SPECIMEN_ONLY = new RegExp(String.raw`^(?:${SPECIMEN})$`, "i");
const NOT_THIS_REPORT = /^(?:control|previous|prev\.?|last)(?:\s(?:result|value))?$/i;

/** The paired columns a header line names; undefined when the line is no table header (the columns stay as they were). */
export function pairedColumnsHeader(line: string): PairedColumns | null | undefined {
  const dated = DATES_HEADER.exec(line)?.groups?.dates;
  if (dated) return latestOfDates(dated.split(" "));
  const m = HEADER.exec(line);
  if (!m?.groups) return ANY_HEADER.test(line) ? null : undefined;
  const labels: [string, string] = [m.groups.first, m.groups.second];
  if (labels.every((l) => SPECIMEN_ONLY.test(l))) return { labels, kept: [0, 1], named: true };
  const dates = labels.map(dayFirstKey);
  if (dates.every(Boolean)) return { labels, kept: [dates[0]! >= dates[1]! ? 0 : 1], named: false };
  const kept = [0, 1].filter((i) => !NOT_THIS_REPORT.test(labels[i]) && !dates[i]);
  return kept.length === 1 ? { labels, kept, named: false } : null;
}

/** Columns of collection dates: only the latest date's column is this report's result; null when a date does not read or two are the same day. */
function latestOfDates(labels: string[]): PairedColumns | null {
  const keys = labels.map(dayFirstKey);
  if (!keys.every(Boolean) || new Set(keys).size !== keys.length) return null;
  const latest = Math.max(...(keys as number[]));
  return { labels, kept: [keys.indexOf(latest)], named: false };
}

/** A day-first date (dd/mm/yyyy, as East African reports write them) as yyyymmdd, to tell the latest column. */
function dayFirstKey(label: string): number | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(label);
  if (!m) return null;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return year * 10000 + Number(m[2]) * 100 + Number(m[1]);
}

const VALUE = String.raw`[<>]?\d+(?:\.\d+)?`;
const FLAG = String.raw`H|L|HH|LL|N|A|\*`;
/** A row of n result cells, each maybe followed by its flag, then the shared unit and range. */
const ROWS = new Map<number, RegExp>();
function rowOf(n: number): RegExp {
  let row = ROWS.get(n);
  if (row) return row;
  const cells = Array.from({ length: n }, (_, i) => String.raw`(?<v${i}>${VALUE})(?:\s(?<f${i}>${FLAG}))?`).join(String.raw`\s`);
  ROWS.set(n, (row = new RegExp(String.raw`^${cells}(?<rest>(?:\s.*)?)$`)));
  return row;
}

/**
 * The results of a row under paired columns: "PT 28.6 12.4 sec 11.0-13.5", "TSH 0.08 L 0.02 L mIU/L
 * 0.27-4.20", "LDH 620 310 U/L". Each kept column is read as its own line (value, its flag, the shared
 * unit and range). With two specimens the printed range is not used: the row does not say whose it is.
 */
export function readPairedRow(line: string, columns: PairedColumns): { results: LabResult[]; warnings: string[] } | null {
  const split = splitName(line);
  const m = split && rowOf(columns.labels.length).exec(split.rest);
  if (!split || !m?.groups) return null;
  const g = m.groups;
  const warnings: string[] = [];
  const results: LabResult[] = [];
  for (const i of columns.kept) {
    const flag = g[`f${i}`];
    const read = parseLine(`${split.name} ${g[`v${i}`]}${flag ? ` ${flag}` : ""}${g.rest}`);
    if (!read.result) return null;
    warnings.push(...(read.warnings ?? []));
    results.push(columns.named ? ofSpecimen(read.result, columns.labels[i].toLowerCase(), warnings) : read.result);
  }
  return { results, warnings };
}

/** A specimen column's result, named after it, without a range the row does not assign to it. */
function ofSpecimen(r: LabResult, specimen: string, warnings: string[]): LabResult {
  const named = { ...r, name: `${r.name} (${specimen})` };
  if (!r.reference) return named;
  warnings.push(`"${named.name}": the range "${r.reference}" is printed once for two specimen columns and was not used`);
  return { ...named, reference: null, low: null, high: null, ...(r.flagSource === "reference_range" ? { abnormalFlag: null, flagSource: null } : {}) };
}
