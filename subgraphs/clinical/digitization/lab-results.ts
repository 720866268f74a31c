import { newFindingContext, noteFindingContext, readFinding, type LabFinding } from "./lab-findings.js";
import { repairOcrDigits } from "./lab-numbers.js";
import { opensAntigenColumns, readAntigenRow } from "./lab-antigen-columns.js";
import { isNameWord, NAME_SEPARATOR, NOT_TESTS, parseLine, type AsteriskMeaning, type LabResult } from "./lab-line.js";
import { withOcrBarsInUnits, withoutCellLabels, withoutLotAndExpiry } from "./lab-tail-layouts.js";
import { readOrdinalLine, withGradeSpellingRepaired, type OrdinalLine } from "./lab-ordinals.js";
import { isPopulationRangeLine, readPopulationRange } from "./lab-population-ranges.js";
import { isLaboratoryHeading, isResultSentence, readSentenceResults } from "./lab-sentences.js";
import { COMMENT_COLUMN_HEADER, readWithoutComment } from "./lab-comment-column.js";
import { INDEX_COLUMN_HEADER, readBeforeIndex } from "./lab-index-column.js";
import { FLOW_SHEET_TITLE, flowSheetHeader, readFlowSheetRow, type FlowSheetColumns } from "./lab-flow-sheets.js";
import { pairedColumnsHeader, readPairedRow, type PairedColumns } from "./lab-paired-columns.js";
import { readSignedResult } from "./lab-signed.js";
import { joinedRowText, withoutControlBracket, withoutRangeLabel, withWordBreaksJoined } from "./lab-broken-rows.js";
import { mentionsSpecimen } from "./loinc-by-unit.js";
import { readColumnHeader, readDualUnitRow, readUnderColumns, withFlagsUnglued, type ColumnLayout } from "./lab-column-headers.js";
import { opensSusceptibilityTable, readSusceptibilityList, readSusceptibilityRow } from "./lab-susceptibility.js";

export type { Comparator, LabResult } from "./lab-line.js";
export type { FindingKind, LabFinding } from "./lab-findings.js";

/**
 * The lab results of a document: its lines read one by one (lab-line.ts), joined where a result is
 * broken over two lines, split where a line holds several columns or a list of results, and ordinal and
 * qualitative lines recognised; susceptibility rows in the culture part (lab-susceptibility.ts), rows
 * under two result columns (lab-paired-columns.ts), ranges by population (lab-population-ranges.ts) and
 * signed base excess (lab-signed.ts) have their own readers. Grammar and number rules: docs/decisions/clinical.md, "Lab results".
 */

export interface LabParse {
  tests: LabResult[];
  /** Word-only results (organism, no growth, Gram stain, blood group, crossmatch, appearance…): lab-findings.ts. */
  findings: LabFinding[];
  /** Warnings about the results read (LOINC left empty, unreliable range, unreadable flag). */
  warnings: string[];
  /** Lines that look like results but were not read, each with the reason: never dropped silently. */
  unread: string[];
  /** Indexes (0-based) of the text's lines that gave at least one result: where the document's body is. */
  resultLines: number[];
}


/**
 * Qualitative results ("Viral Load Result: Target Not Detected", "Nitrite Positive", "Protein ++") are
 * not charted (results are numeric by design) but are named in the warnings so a reviewer sees them.
 * A line is one when, after a name, it says detected / not detected / positive / negative / reactive /
 * non-reactive / suppressed / seen / not seen / trace / nil / + to ++++ (optionally followed by a few
 * words such as "LOW" or "(Ref: Negative)").
 */
const QUALITATIVE = /^(?<name>[A-Za-z][^:]*?)(?:\s?[:=\-]\s?|\s)(?<result>(?:(?:target|mtb|hiv|parasites?|mps?|no(?:\s[a-z]+)?)\s)?(?:not\s|non[\s-]?|un)?(?:detected|positive|negative|reactive|suppressed|seen|trace|nil|pos|neg)\b|[1-4]?\+{1,4}(?=\s|$))(?<after>.*)$/i;
function isQualitativeResult(line: string): boolean {
  const m = QUALITATIVE.exec(line);
  if (!m?.groups) return false;
  const name = m.groups.name.trim();
  if (!/[A-Za-z]{2}/.test(name) || NOT_TESTS.test(name) || name.split(" ").length > 8) return false;
  const after = m.groups.after.trim();
  // "MTB DETECTED LOW; Rifampicin resistance NOT DETECTED": a longer tail that is itself qualitative results.
  return !/^by\b/i.test(after) && (after.split(" ").filter(Boolean).length <= 4 || (/[;,]/.test(after) && QUALITATIVE.test(after.replace(/^[^;,]*[;,]\s*/, ""))));
}


/** The result lines of a document, warnings about them, and the result-looking lines it could not read. */
export function parseLabResults(text: string): LabParse {
  const tests: LabResult[] = [];
  const findings: LabFinding[] = [];
  const findingContext = newFindingContext();
  const warnings: string[] = [];
  const unread: string[] = [];
  const resultLines: number[] = [];
  const lines = withWordBreaksJoined(text.split(/\r?\n/)).map((raw) => {
    // Cell separators (tabs, "|") count as wide gaps: they mark where a column may start.
    // Dot leaders ("CD4 count ........ 245 cells/mm3") are a gap between columns.
    const spaced = withFlagsUnglued(withoutRangeLabel(withoutControlBracket(withoutCellLabels(repairOcrDigits(withOcrBarsInUnits(raw).replace(/[|\t]+/g, "  ").replace(/[–—]/g, "-").replace(/\s*(?:\.{4,}|…+)\s*/g, "  ").trim())))));
    return { spaced, line: spaced.replace(/\s+/g, " ") };
  });
  // "Test Result Unit Low High Flag": reference limits printed in two columns (analyser printouts).
  let lowHighColumns = false;
  // In the culture part ("URINE CULTURE", "ANTIBIOTIC SENSITIVITY", "Antibiotic  Zone (mm)  Interpretation"), rows may end in S, I or R.
  let susceptibilityTable = false;
  // "Test  Patient  Control", "Test  28/11/2026  02/08/2026", "Analyte  Pleural fluid  Serum": two result columns.
  let pairedColumns: PairedColumns | null = null;
  // The last line that names a specimen and is not a result ("Sample: Arterial", "VENOUS BLOOD GAS", "URINALYSIS"):
  // a code of another specimen is not given under it, and an ambiguous name ("pH") is coded only when it says the specimen.
  let reportSpecimen: string | null = null;
  // "* = outside reference range" anywhere on the report: its asterisks flag abnormal results, not critical ones.
  const asterisk: AsteriskMeaning = lines.some((l) => ASTERISK_MEANS_ABNORMAL.test(l.line)) ? "abnormal" : "critical";
  // "WIDAL  O antigen  H antigen": rows of two titres, one per antigen.
  let antigenColumns = false;
  // "LABORATORY MONITORING FLOW SHEET": dates as columns, every column a result with its own date.
  const flowSheet = lines.some((l) => FLOW_SHEET_TITLE.test(l.line));
  let flowColumns: FlowSheetColumns | null = null;
  // "Test  Result  Unit  Reference  Flag  Comment": rows may end in a remark.
  let commentColumn = false;
  // "Marker  Result  S/CO  Interpretation": a result word, then the assay's index.
  let indexColumn = false;
  // "Test  Result (U/L)  Reference", "Analyte  NGSP (%)  IFCC (mmol/mol)", "Test  Reference  Result": lab-column-headers.ts.
  let columnLayout: ColumnLayout | null = null;
  // A laboratory's report written in sentences ("Haemoglobin was 7.2 g/dL and the platelets 45 x10^9/L.").
  const laboratoryHeading = isLaboratoryHeading(lines.map((l) => l.line).filter(Boolean));
  for (let index = 0; index < lines.length; index++) {
    let { spaced, line } = lines[index];
    if (!line || isPopulationRangeLine(line)) continue;
    if (mentionsSpecimen(line) && !parseLine(line).result) reportSpecimen = line;
    noteFindingContext(findingContext, line);
    if (LOW_HIGH_HEADER.test(line)) lowHighColumns = true;
    if (COMMENT_COLUMN_HEADER.test(line)) commentColumn = true;
    if (INDEX_COLUMN_HEADER.test(line)) indexColumn = true;
    if (opensSusceptibilityTable(line)) susceptibilityTable = true;
    const susceptibilities = readSusceptibilityList(line, susceptibilityTable) ?? readSusceptibilityRow(line, susceptibilityTable);
    if (susceptibilities) {
      tests.push(...susceptibilities);
      resultLines.push(index);
      continue;
    }
    const antigenRow: LabResult[] | null = antigenColumns ? readAntigenRow(line) : null;
    antigenColumns = opensAntigenColumns(line) || antigenRow !== null;
    if (antigenRow) {
      tests.push(...antigenRow);
      resultLines.push(index);
      continue;
    }
    const sheetHeader = flowSheet ? flowSheetHeader(line) : null;
    if (sheetHeader) flowColumns = sheetHeader;
    const flowRow = flowColumns && !sheetHeader ? readFlowSheetRow(line, flowColumns, (cell) => parseLine(cell, reportSpecimen, asterisk).result ?? ordinalResult(cell)) : null;
    if (flowRow) {
      tests.push(...flowRow);
      resultLines.push(index);
      continue;
    }
    const header = sheetHeader ? null : pairedColumnsHeader(line);
    if (header !== undefined) pairedColumns = header;
    const layout = readColumnHeader(line, lines[index + 1]?.line);
    if (layout !== undefined) columnLayout = layout;
    const underColumns = columnLayout && layout === undefined ? readUnderColumns(line, columnLayout, reportSpecimen, asterisk) : null;
    const dualUnits = underColumns ?? readDualUnitRow(line, reportSpecimen, asterisk);
    if (dualUnits) {
      tests.push(...dualUnits);
      resultLines.push(index);
      continue;
    }
    let whole = parseLine(line, reportSpecimen, asterisk);
    if (!whole.result) whole = readPopulationRange(line) ?? readSignedResult(line) ?? readChartRow(line, reportSpecimen, asterisk) ?? whole;
    const paired = pairedColumns && !whole.result ? readPairedRow(line, pairedColumns) : null;
    if (paired) {
      tests.push(...paired.results);
      warnings.push(...paired.warnings);
      resultLines.push(index);
      continue;
    }
    const withoutComment = indexColumn && !whole.result ? readBeforeIndex(line, ordinalResult) : commentColumn && !whole.result ? readWithoutComment(line, (cut) => parseLine(cut, reportSpecimen, asterisk).result ?? ordinalResult(cut)) : null;
    if (withoutComment) {
      tests.push(withoutComment);
      resultLines.push(index);
      continue;
    }
    const limits = lowHighColumns && !whole.result ? LIMIT_COLUMNS.exec(line) : null;
    if (limits) {
      const joinedLimits = parseLine(`${limits[1]} ${limits[2]}-${limits[3]}${limits[4] ?? ""}`, reportSpecimen);
      if (joinedLimits.result) whole = joinedLimits;
    }
    // A result broken over two lines (OCR, narrow columns): the name alone, then "138 mmol/L 135-145";
    // or the result, then its range alone ("3.5-5.1 L"). Joined only when the two read as one result.
    const next = lines[index + 1];
    const joinedText = next ? joinedRowText(line, next.line, { hasResult: !!whole.result, hasReference: !!whole.result?.reference }) : null;
    let joined = joinedText ? parseLine(joinedText, reportSpecimen, asterisk) : null;
    if (joinedText && !joined?.result) joined = readPopulationRange(joinedText) ?? joined;
    if (joined?.result) {
      whole = joined;
      line = joinedText!;
      spaced = `${spaced}  ${next.spaced}`;
    }
    const parts = whole.result ? [whole] : (parseColumns(line, wideGaps(spaced), reportSpecimen) ?? [whole]);
    const graded = parts.some((r) => r.result) ? null : gradeColumns(line, reportSpecimen);
    if (graded) {
      tests.push(...graded);
      resultLines.push(index);
      continue;
    }
    const ordinal = parts.some((r) => r.result) ? null : (ordinalResult(line) ?? misspeltOrdinalResult(line, warnings));
    if (ordinal) {
      tests.push(ordinal);
      resultLines.push(index);
      continue;
    }
    // "…, nitrites positive.": the sentence's full stop is not part of the last item.
    const listed = parts.some((r) => r.result) ? null : listedResults(line.replace(/\.$/, ""));
    if (listed) {
      tests.push(...listed.results);
      findings.push(...listed.others.flatMap((item) => readFinding(item, item, findingContext) ?? []));
      resultLines.push(index);
      continue;
    }
    // A word-only result ("Organism isolated: Klebsiella pneumoniae", "Blood group O Rh D positive") is a finding.
    const finding = parts.some((r) => r.result) ? null : readFinding(line, spaced, findingContext);
    // A laboratory's sentence ("HBsAg was negative."), unless it names a finding of a kind ("Gram stain: Gram positive cocci and …").
    const said = !parts.some((r) => r.result) && laboratoryHeading && (!finding || finding.kind === "other") && isResultSentence(line) ? readSentenceResults(line, (part) => parseLine(part).result ?? ordinalResult(part)) : [];
    if (said.length) {
      tests.push(...said);
      resultLines.push(index);
      continue;
    }
    if (finding) {
      findings.push(finding);
      continue;
    }
    if (parts.length === 1 && !whole.result && !whole.unread && isQualitativeResult(line)) warnings.push(`qualitative result not charted: ${line}`);
    for (const r of parts) {
      if (r.result) tests.push(r.result);
      if (r.warnings) warnings.push(...r.warnings);
      if (r.unread) unread.push(r.unread);
    }
    if (parts.some((r) => r.result)) resultLines.push(index);
    if (joined?.result) resultLines.push(++index);
  }
  return { tests, findings, warnings, unread, resultLines };
}

/**
 * A row of a bedside chart ("27/11  07:00  RBS  29.6  mmol/L  4.0 - 10.0  A.O."): the date and time of the
 * reading before the test, the initials of who tested after it. The row is read without them; null when it
 * is no such row or does not read.
 */
const CHART_ROW = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\s(?:\d{1,2}[:.h]\d{2}\s)?(?=[A-Za-z])(.*?)(?:\s[A-Z]\.\s?[A-Z]\.?)?$/;
function readChartRow(line: string, specimen: string | null, asterisk: AsteriskMeaning): ReturnType<typeof parseLine> | null {
  const row = CHART_ROW.exec(line);
  const read = row ? parseLine(row[1], specimen, asterisk) : null;
  return read?.result ? read : null;
}

/** A legend giving the asterisk its meaning: "* = outside reference range", "* Abnormal result", "(*) out of range". */
const ASTERISK_MEANS_ABNORMAL = /^\(?\*\)?\s?(?:[:=-]\s?)?(?:abnormal|(?:outside|out of)(?:\sthe)?\s(?:reference|normal|ref\.?)?\s?(?:range|interval|limits))/i;

/** A column header naming the two limits of the reference interval as separate columns, after the result. */
const LOW_HIGH_HEADER = /\b(?:result|value)\b.*\b(?:low|lower|min)\b(?:\s?(?:limit|ref\.?))?\s(?:(?:ref\.?\s)?(?:high|upper|max))\b/i;
/** Under such a header: "BIL-T 2.4 mg/dL 0.2 1.2 H" (two bare numbers after the value and unit). */
const LIMIT_COLUMNS = /^(.*?[<>]?\d[\d.,]*(?:\s[^\s\d][^\s]*)?)\s(\d+(?:\.\d+)?)\s(\d+(?:\.\d+)?)((?:\s(?:H|L|HH|LL|N|A)\*?)?)$/;
/** Words of a sentence, not of a test name ("The test was positive", "Malaria RDT is negative"). */
const PROSE_WORD = /\b(?:the|was|is|were|are|has|have|had|been|be|this|that|which|who|you|we|our|your|his|her|their)\b/i;
/** Labels before a grade that are not tests ("Result: Positive", "Comment: Nil"). */
const NOT_ORDINAL_NAMES = /^(?:results?|comments?|remarks?|interpretation|impression|conclusion|notes?|key|status|diagnosis|history|sample|specimen|test)$/i;

/**
 * A finding or a blood group inside what would be the name ("Ova  Hookworm ova seen  Not seen", "Blood group
 * O Rh D positive"): the words before the grade are the result (free text), and the grade is the report's
 * "Normal" column or part of the phrase. Such a line is not an ordinal result.
 */
const FINDING_IN_NAME = /\s(?:seen|isolated|grown|growth|detected|present|absent)\b/i;
const BLOOD_GROUP_IN_NAME = /\s(?:A|B|AB|O)\s(?:Rh|RH|Rhesus)(?:\s?\(?D\)?)?\b|\b(?:blood\s?group(?:ing)?|abo|group)\b.*\s(?:A|B|AB|O)$/i;
/**
 * "Sample 1 (spot)", "Specimen 2", "Slide 3", "HIV Test 1 (SD Bioline)": the number of a specimen in a series, or of
 * a test in a rapid-test algorithm, is part of an ordinal result's name.
 */
const isSerialNumber = (word: string, before: string) => /^\d{1,2}:?$/.test(word) && /^(?:sample|specimen|slide|smear|bottle|set|test)$/i.test(before);
const holdsResult = (name: string) => FINDING_IN_NAME.test(name) || BLOOD_GROUP_IN_NAME.test(name);

/** "Positive (Pf)": a qualifier stays with the grade; "Hasi (Negative)": a foreign word is kept, with its grade. */
function ordinalText(o: OrdinalLine): string {
  const grade = o.note ? `${o.grade.text} (${o.note})` : o.grade.text;
  return o.printed ? `${o.printed} (${grade})` : grade;
}

/**
 * An ordinal result ("Protein ++  Negative", "Leucocytes 2+", "Epithelial cells: few", "HBsAg: Negative"):
 * its grade as valueText, the grade's rank as value, flagged A or N only against a printed reference
 * grade (knowledge/lab-ordinal-scales.json). No LOINC code: the dipstick pad and the serum test share
 * names, and the code of an ordinal result is not the code of the quantity.
 */
function ordinalResult(line: string): LabResult | null {
  const read = ordinalOfLine(line);
  if (read) return read;
  // "HBsAg  HBS2409017  2027-04-30  Non-reactive": a rapid-test row with the kit's lot and expiry before the result.
  const withoutKit = withoutLotAndExpiry(line);
  return withoutKit ? ordinalOfLine(withoutKit) : null;
}

function ordinalOfLine(line: string): LabResult | null {
  const o = readOrdinalLine(line);
  if (!o) return null;
  // A kit or method in brackets ("(SD Bioline HIV 1/2)", "(First Response HIV 1-2-0)") counts as one word of the name, whatever its digits.
  const words = o.name.replace(/\s?\([^()]*\)/g, " ()").trim().split(" ");
  if (words.length > 6 || /[:,;]/.test(o.name) || PROSE_WORD.test(o.name) || (o.name.match(/[A-Za-z]/g) ?? []).length < 2 || NOT_TESTS.test(o.name) || NOT_ORDINAL_NAMES.test(o.name)) return null;
  if (!words.every((w, i) => isNameWord(w) || (i > 0 && (w === "()" || NAME_SEPARATOR.test(w) || isSerialNumber(w, words[i - 1])))) || holdsResult(o.name)) return null;
  // "Not Detected  <1000": nothing found lies below the upper limit printed.
  const abnormalFlag = o.reference ? (o.grade.rank > o.reference.grade.rank ? "A" : "N") : o.limit ? "N" : null;
  return {
    name: o.name,
    value: o.grade.rank,
    // "POSITIVE (Pf)": the qualifier (a species, "weak") stays with the grade.
    valueText: ordinalText(o),
    comparator: null,
    valueHigh: null,
    unit: o.unit,
    reference: o.reference?.written ?? o.limit,
    low: null,
    high: null,
    abnormalFlag,
    flagSource: abnormalFlag ? "reference_range" : null,
    loincCode: null,
    loincDisplay: null,
  };
}

/**
 * Two results side by side where at least one is a grade ("Protein 1+  Crystals Nil", "pH 6.0  Epithelial
 * cells Few", "Ketones Negative  T. vaginalis Not seen": a urinalysis printed in two columns, chemistry beside
 * microscopy). The line is cut where both parts read whole, each as a numeric or an ordinal result; the first
 * such cut wins. Else a name would swallow the left column's result ("Ketones Negative T. vaginalis" = Not seen).
 * A grade alone on the right ("Protein 1+  Negative") is the reference column, no second result: it has no name.
 */
const GRADE_WORD_START = /^(?:ref|reference|normal|nr|range|expected|non|not|no|nil|un|neg|pos|negative|positive|reactive|weak|trace|few|many|moderate|scanty|normal|seen|detected|present|absent)\b/i;
/** A token that may end a grade: the cheap test before a line is cut into columns. */
const GRADE_TOKEN = /^(?:[1-4]?\+{1,4}|neg(?:ative)?|pos(?:itive)?|nil|trace|few|many|moderate|scanty|normal|seen|reactive|detected|present|absent)$/i;
function gradeColumns(line: string, specimen: string | null): LabResult[] | null {
  const tokens = line.split(" ");
  if (tokens.length < 4 || tokens.length > 12 || !tokens.some((t) => GRADE_TOKEN.test(t))) return null;
  const readOne = (part: string, graded: boolean) => (graded ? ordinalResult(part) : null) ?? parseLine(part, specimen).result ?? null;
  const endsGraded = readOrdinalLine(line) !== null;
  for (let i = 2; i <= tokens.length - 2; i++) {
    // The right column starts with a test's name, never with a grade's first word ("Non Reactive", "(P.f)", "Not seen").
    if (!/^[A-Za-z]/.test(tokens[i]) || GRADE_WORD_START.test(tokens[i])) continue;
    // One side at least is a grade: the line ends in one, or the left part does (cheap tests before the line reader).
    if (!endsGraded && !GRADE_TOKEN.test(tokens[i - 1])) continue;
    const [leftText, rightText] = [tokens.slice(0, i).join(" "), tokens.slice(i).join(" ")];
    const [leftGraded, rightGraded] = [GRADE_TOKEN.test(tokens[i - 1]) && readOrdinalLine(leftText) !== null, endsGraded && readOrdinalLine(rightText) !== null];
    if (!leftGraded && !rightGraded) continue;
    const left = readOne(leftText, leftGraded);
    const right = left && readOne(rightText, rightGraded);
    if (left && right && (left.valueText !== null || right.valueText !== null)) return [left, right];
  }
  return null;
}

/** A panel's label before a list of results ("Xpert MTB/RIF Ultra:", "Differential:", "Wet prep:"). */
const LIST_LABEL = /^[A-Za-z][^:,;]{0,40}:\s/;

/**
 * Results listed on one line, separated by commas or semicolons, maybe after a panel's label: "Xpert
 * MTB/RIF Ultra: MTB DETECTED MEDIUM, RIF Resistance NOT DETECTED", "Differential: Lymphocytes 85 %,
 * Neutrophils 15 %". Each item must read as a result on its own (numeric or ordinal), and at least two
 * must, so a sentence with a comma is not a list; the items that do not read are returned as `others`
 * (a word-only finding among them, "clue cells seen", is read by the caller).
 */
function listedResults(line: string): { results: LabResult[]; others: string[] } | null {
  const items = line.replace(LIST_LABEL, "").split(/\s?[;,]\s/);
  if (items.length < 2) return null;
  const read = items.map((item) => ({ item, result: parseLine(item).result ?? ordinalResult(item) }));
  const results = read.flatMap((r) => r.result ?? []);
  return results.length >= 2 ? { results, others: read.filter((r) => !r.result).map((r) => r.item) } : null;
}

/** An ordinal result whose grade word was copied one letter off ("HIV test - Non reactve"): the grade meant, with a warning naming the word. */
function misspeltOrdinalResult(line: string, warnings: string[]): LabResult | null {
  const repaired = withGradeSpellingRepaired(line);
  const result = repaired && ordinalResult(repaired.line);
  if (result) warnings.push(`"${line}": "${repaired.written}" was read as the grade "${repaired.meant}" (one letter apart): check the original`);
  return result || null;
}

/** Tokens that are a flag, never the first word of a test name ("135-145 L Potassium 5.9": "L" ends the first column). */
const FLAG_TOKEN = /^(?:H|L|HH|LL|N|A|H\*|L\*|\*{1,2}|high|low|normal|abnormal|critical)$/i;
/** Indexes of the tokens of a line that follow a wide gap (two spaces or more, a tab or a "|"). */
function wideGaps(spaced: string): Set<number> {
  const gaps = new Set<number>();
  let i = 0;
  for (const m of spaced.matchAll(/(\s*)(\S+)/g)) {
    if (m[1].length >= 2) gaps.add(i);
    i++;
  }
  return gaps;
}

/**
 * Two or more results printed side by side ("Hb 12.1 g/dL 11.5-16.5    WBC 5.4 x10^9/L 4.0-11.0", a
 * report laid out in two columns, or PDF text that joins them). The line is cut before a test name where
 * the part before it is a whole result on its own and the rest is one or more whole results: each column
 * keeps its own value, unit, range and flag, and a range is never carried across to the other column.
 * A cut after a wide gap is preferred; a flag ("L", "H") never starts a name. Null when no cut reads the
 * whole line (the line is then reported unread as before).
 */
function parseColumns(line: string, gaps: Set<number>, specimen: string | null, offset = 0, depth = 0): ReturnType<typeof parseLine>[] | null {
  const tokens = line.split(" ");
  if (depth > 3 || tokens.length < 4 || tokens.length > 48) return null;
  let best: { parts: ReturnType<typeof parseLine>[]; atGap: boolean } | null = null;
  for (let i = 2; i < tokens.length - 1; i++) {
    if (!/^[A-Za-z(]/.test(tokens[i]) || FLAG_TOKEN.test(tokens[i]) || !/\d/.test(tokens.slice(i).join(" "))) continue;
    const left = parseLine(tokens.slice(0, i).join(" "), specimen);
    if (!left.result) continue;
    const rightLine = tokens.slice(i).join(" ");
    const right = parseLine(rightLine, specimen);
    const rest = right.result ? [right] : parseColumns(rightLine, gaps, specimen, offset + i, depth + 1);
    if (!rest) continue;
    const atGap = gaps.has(offset + i);
    if (!best || (atGap && !best.atGap)) best = { parts: [left, ...rest], atGap };
    if (atGap) break;
  }
  return best?.parts ?? null;
}
