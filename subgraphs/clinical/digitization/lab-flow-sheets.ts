import { parseLine, type LabResult } from "./lab-line.js";

/**
 * Flow sheets: a clinic's or ward's chart of one patient's results with the tests as rows and the dates as
 * columns ("Test  Units  12/03/2026  10/06/2026  15/09/2026", "Date  05.08.2026  07.10.2026", "Cycle date …").
 * Unlike a laboratory's cumulative report (lab-paired-columns.ts: its earlier columns were issued before and only
 * the latest is this report's result), a flow sheet may be the only record of each value, so every cell is read,
 * each with its column's date (`collectedOn`). A document is a flow sheet only when it says so ("flow sheet",
 * "flow chart", "monitoring"). Empty cells ("-", "ND") are skipped; a row that does not read whole is not read.
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28 (session 19).
 */
export interface FlowSheetColumns {
  /** The columns' dates, ISO 8601 (yyyy-mm-dd), in the order printed. */
  dates: string[];
  /** "Test  Units  12/03/2026 …": a units column stands before the dates (its cell may be "-"). */
  unitColumn: boolean;
}

/** The document's own title words for a chart of results over time. */
export const FLOW_SHEET_TITLE = /\bflow[\s-]?(?:sheet|chart)s?\b|\bmonitoring\b/i;
const DATE = String.raw`\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})`;
const HEADER = new RegExp(String.raw`^(?:tests?|analytes?|parameters?|investigations?|(?:(?:cycle|visit|sample|collection)\s)?dates?|date of (?:visit|sample))(?<units>\s\(?units?\)?)?\s(?<dates>${DATE}(?:\s${DATE}){1,7})(?:\s(?:units?|ref\.?|reference|range|normal|interval)\b.*)?$`, "i");
const EMPTY_CELL = /^(?:-+|—|nd|n\/d|not done)$/i;
const NUMBER_CELL = /^[<>]?\d[\d,]*(?:\.\d+)?$/;
const FLAG_CELL = /^(?:H|L|HH|LL|N|A|\*)$/;
/** Grades as flow sheets write them in a cell: plus signs, one word, or "not seen"/"not detected"/"non reactive". */
const GRADE_CELL = /^(?:[1-4]?\+{1,4}|nil|trace|neg|pos|negative|positive|reactive|detected|seen|few|moderate|many|scanty)$/i;
const GRADE_PAIR = /^(?:not|non)$/i;
const GRADE_PAIR_END = /^-?(?:seen|detected|reactive)$/i;

/** The flow sheet's date columns a header line names; null when the line is no such header. */
export function flowSheetHeader(line: string): FlowSheetColumns | null {
  const groups = HEADER.exec(line)?.groups;
  const dates = groups?.dates?.split(" ").map(isoDayFirst);
  if (!dates || dates.some((d) => d === null) || new Set(dates).size !== dates.length) return null;
  return { dates: dates as string[], unitColumn: Boolean(groups?.units) };
}

/** A day-first date (dd/mm/yyyy, dd.mm.yy, as East African charts write them) in ISO 8601; null when it is no date. */
function isoDayFirst(written: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(written);
  if (!m) return null;
  const [day, month] = [Number(m[1]), Number(m[2])];
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** One cell of a row: a number with its flag, a grade, or nothing; with the count of tokens it took. */
type Cell = { text: string | null; taken: number };

function cellAt(tokens: string[], i: number): Cell | null {
  const t = tokens[i];
  if (t === undefined) return null;
  if (EMPTY_CELL.test(t)) return { text: null, taken: 1 };
  if (NUMBER_CELL.test(t)) return FLAG_CELL.test(tokens[i + 1] ?? "") ? { text: `${t} ${tokens[i + 1]}`, taken: 2 } : { text: t, taken: 1 };
  if (GRADE_CELL.test(t)) return { text: t, taken: 1 };
  if (GRADE_PAIR.test(t) && GRADE_PAIR_END.test(tokens[i + 1] ?? "")) return { text: `${t} ${tokens[i + 1]}`, taken: 2 };
  return null;
}

const isCellStart = (tokens: string[], i: number) => cellAt(tokens, i) !== null;

/** "Hb (g/dL)", "FBS mmol/L", "HbA1c %": the unit the row's test cell carries after the name. */
function nameAndUnit(prefix: string[]): { name: string; unit: string | null } {
  const last = prefix[prefix.length - 1];
  const bracketed = /^\((.+)\)$/.exec(last)?.[1];
  if (prefix.length > 1 && bracketed && isLabUnit(bracketed)) return { name: prefix.slice(0, -1).join(" "), unit: bracketed };
  if (prefix.length > 1 && isLabUnit(last)) return { name: prefix.slice(0, -1).join(" "), unit: last };
  return { name: prefix.join(" "), unit: null };
}

/** A unit the line grammar recognises: read after a probe value. */
function isLabUnit(token: string): boolean {
  return parseLine(`Marker 1 ${token}`).result?.unit === token;
}

/**
 * The results of a flow sheet's row, one per filled date column, each with that column's date; null when the row
 * does not hold exactly one cell per column or a filled cell does not read as a result of the test.
 */
export function readFlowSheetRow(line: string, columns: FlowSheetColumns, readCell: (line: string) => LabResult | null): LabResult[] | null {
  const tokens = line.split(" ");
  const start = tokens.findIndex((_, i) => i > 0 && isCellStart(tokens, i));
  if (start < 1) return null;
  const cells: Cell[] = [];
  let i = start;
  for (let cell = cellAt(tokens, i); cell && cells.length <= columns.dates.length; cell = cellAt(tokens, i)) {
    cells.push(cell);
    i += cell.taken;
  }
  // "CrAg  -  Negative  -  -  -": the units column's empty cell before the dates.
  if (columns.unitColumn && cells.length === columns.dates.length + 1 && cells[0].text === null) cells.shift();
  if (cells.length > columns.dates.length) i -= cells.pop()!.taken;
  if (cells.length !== columns.dates.length) return null;
  const { name, unit } = nameAndUnit(tokens.slice(0, start));
  const rest = tokens.slice(i).join(" ");
  const results: LabResult[] = [];
  for (const [k, cell] of cells.entries()) {
    if (cell.text === null) continue;
    const numeric = NUMBER_CELL.test(cell.text.split(" ")[0]);
    const read = readCell([name, cell.text, numeric ? unit : null, numeric ? rest : null].filter(Boolean).join(" "));
    if (!read) return null;
    results.push({ ...read, collectedOn: columns.dates[k] });
  }
  return results.length ? results : null;
}
