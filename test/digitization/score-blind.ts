import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import { classifyDocument } from "../../subgraphs/clinical/digitization/classification.js";
import { parseLabResults, type LabFinding, type LabResult } from "../../subgraphs/clinical/digitization/lab-results.js";
import { extractDocumentText } from "../../subgraphs/clinical/digitization/text-extraction.js";

/**
 * Scores document digitization on the blind set (test/fixtures/digitization/lab-reports-blind.json):
 * each report is written into a PDF with a text layer (pdfkit, cells placed at their printed column),
 * read back by extractDocumentText, then parseLabResults and classifyDocument: the service's own path
 * after the upload (digitization.service.ts). Prints precision and recall of results (a result counts
 * when its name and value match), by kind of value, the share of matched results with the right unit,
 * reference and flag, and classification accuracy. Word-only results (`findings`: organism, no growth, Gram
 * stain, blood group…) are scored apart, against the expected results with a value in words that no test
 * matched: `findings` gives their precision and recall, and the share of those found with the printed
 * normal and flag expected; the metrics of `tests` are unchanged by them. A flow sheet's expected value may carry its
 * column's date (`date`): the matched results with the same `collectedOn` are counted (`ofMatched.flowSheetDate`).
 * `npx tsx test/digitization/score-blind.ts [fixture.json] [--misses]`; without a path, the first blind set.
 */
interface Expected {
  name: string;
  value: number | string;
  unit: string | null;
  reference: string | null;
  flag: string | null;
  kind: string;
  /** A flow sheet's value: the date of its column (ISO 8601), compared with the result's collectedOn. */
  date?: string;
}
interface BlindDocument {
  id: string;
  declaredType: Parameters<typeof classifyDocument>[1];
  expectedClass: string;
  lines: string[];
  expected: Expected[];
}

const PAGE = "<<PAGE>>";
const LEFT = 40;
/** Helvetica 9 pt: one printed character is about 5.2 pt wide, so a cell keeps its column. */
const CHAR_WIDTH = 5.2;

export function pdfOfReport(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ margin: LEFT });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.font("Helvetica").fontSize(9);
    for (const line of lines) {
      if (line === PAGE) {
        doc.addPage();
        continue;
      }
      const y = doc.y;
      // Cells separated by two or more spaces are placed at their column, as a report generator does.
      for (const m of line.matchAll(/\S+(?: \S+)*/g)) doc.text(m[0], LEFT + m.index! * CHAR_WIDTH, y, { lineBreak: false });
      doc.text("", LEFT, y + 13);
    }
    doc.end();
  });
}

const GRADES: Record<string, string> = { neg: "negative", negative: "negative", nil: "negative", pos: "positive", positive: "positive", "nil seen": "not seen", "none seen": "not seen", "target not detected": "not detected", "<ldl": "below detection limit", "+": "1+", "++": "2+", "+++": "3+", "++++": "4+" };
/** A power of ten written out: ">10^5" = ">100000", "1.5 x 10^4" = "15000" (a colony count as printed and as its number). */
const withPowersExpanded = (v: string) => v.replace(/(?:(\d+(?:\.\d+)?)\s?[x×]\s?)?10\^(\d{1,2})(?!\d)/g, (_, m: string | undefined, e: string) => String(Number(`${m ?? 1}e${e}`)));
const normValue = (v: string) => {
  // Brackets around a qualifier are layout: "DETECTED LOW" = "Detected (low)".
  const s = withPowersExpanded(v).toLowerCase().replace(/[()[\]]/g, " ").replace(/[\s-]+/g, " ").trim();
  return GRADES[s] ?? s;
};
const normName = (s: string) => s.toLowerCase().replace(/0/g, "o").replace(/[^a-z0-9]/g, "");
const normUnit = (s: string | null) => (s ?? "").toLowerCase().replace(/[µμ]/g, "u").replace(/\s/g, "");
const normRef = (s: string | null) => (s ?? "").replace(/\s/g, "").replace(/[\u2010-\u2015\u2212]/g, "-").replace(/,/g, ".");

/** The value a result shows: a censored limit with its comparator ("<40"), its text when it has one (grades, words), else its number. */
const shown = (t: LabResult): number | string => (t.comparator ? `${t.comparator}${t.value}` : t.valueHigh !== null ? `${t.value}-${t.valueHigh}` : (t.valueText ?? t.value));

function sameValue(expected: number | string, got: number | string): boolean {
  if (typeof expected === "number") return typeof got === "number" ? Math.abs(expected - got) < 1e-9 : Number(String(got).replace(/,/g, "")) === expected;
  const e = normValue(expected);
  const g = normValue(String(got));
  return g === e || g.startsWith(e) || e.startsWith(g);
}
function sameName(expected: string, got: string): boolean {
  const e = normName(expected);
  const g = normName(got);
  return !!e && !!g && (e === g || e.includes(g) || g.includes(e));
}

/**
 * Findings against the expected results written in words that no test matched (whatever kind the set gave
 * them): a finding counts when its name and valueText match one (its printed normal and flag are then
 * compared); any other finding is wrong.
 */
function scoreFindings(d: BlindDocument, findings: LabFinding[], tests: LabResult[], used: Set<number>, score: { expected: number; found: number; wrong: number; referenceOk: number; flagOk: number }, misses: string[]) {
  const matchedByTest = new Set<Expected>();
  for (const j of used) {
    const e = d.expected.find((x) => !matchedByTest.has(x) && sameName(x.name, tests[j].name) && sameValue(x.value, shown(tests[j])));
    if (e) matchedByTest.add(e);
  }
  const pool = d.expected.filter((e) => typeof e.value === "string" && !matchedByTest.has(e));
  score.expected += pool.length;
  const taken = new Set<Expected>();
  for (const f of findings) {
    const e = pool.find((x) => !taken.has(x) && sameName(x.name, f.name) && sameValue(x.value, f.valueText));
    if (e) {
      taken.add(e);
      score.found++;
      if (normValue(e.reference ?? "") === normValue(f.reference ?? "")) score.referenceOk++;
      else misses.push(`${d.id}: finding ${f.name} reference ${f.reference} (expected ${e.reference})`);
      if ((e.flag ?? null) === f.abnormalFlag) score.flagOk++;
      else misses.push(`${d.id}: finding ${f.name} flag ${f.abnormalFlag} (expected ${e.flag})`);
    } else {
      score.wrong++;
      misses.push(`${d.id}: wrong finding ${f.name} = ${f.valueText} (${f.kind})`);
    }
  }
  for (const e of pool) if (!taken.has(e)) misses.push(`${d.id}: finding missed ${e.name} = ${e.value}`);
}

export async function scoreBlindSet(file: string | URL = new URL("../fixtures/digitization/lab-reports-blind.json", import.meta.url)) {
  const docs = (JSON.parse(readFileSync(file, "utf8")) as { documents: BlindDocument[] }).documents;
  const byKind: Record<string, { expected: number; found: number }> = {};
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let servedFp = 0;
  let servedTp = 0;
  let unitOk = 0;
  let refOk = 0;
  let flagOk = 0;
  let classOk = 0;
  const dated = { expected: 0, ok: 0 };
  const findingScore = { expected: 0, found: 0, wrong: 0, referenceOk: 0, flagOk: 0 };
  const misses: string[] = [];
  for (const d of docs) {
    const pdf = await pdfOfReport(d.lines);
    const text = await extractDocumentText(pdf, "pdf", { ocrWorkers: 1, ocrMaxPages: 0 });
    const parsed = parseLabResults(text.text);
    const cls = classifyDocument(text.text, d.declaredType, parsed.tests.length);
    if (cls.type === d.expectedClass) classOk++;
    else misses.push(`${d.id}: classified ${cls.type} (${cls.signals.join(", ")})`);
    const used = new Set<number>();
    for (const e of d.expected) {
      const k = (byKind[e.kind] ??= { expected: 0, found: 0 });
      k.expected++;
      const i = parsed.tests.findIndex((t, j) => !used.has(j) && sameName(e.name, t.name) && sameValue(e.value, shown(t)));
      if (i < 0) {
        fn++;
        misses.push(`${d.id}: missed ${e.name} = ${e.value}`);
        continue;
      }
      used.add(i);
      tp++;
      k.found++;
      if (cls.type === "lab_report") servedTp++;
      const t = parsed.tests[i];
      if (normUnit(e.unit) === normUnit(t.unit)) unitOk++;
      else misses.push(`${d.id}: ${e.name} unit ${t.unit} (expected ${e.unit})`);
      if (normRef(e.reference) === normRef(t.reference)) refOk++;
      else misses.push(`${d.id}: ${e.name} reference ${t.reference} (expected ${e.reference})`);
      if ((e.flag ?? null) === (t.abnormalFlag ?? null)) flagOk++;
      else misses.push(`${d.id}: ${e.name} flag ${t.abnormalFlag} (expected ${e.flag})`);
      if (e.date) dated.expected++;
      if (e.date && e.date === t.collectedOn) dated.ok++;
      else if (e.date) misses.push(`${d.id}: ${e.name} date ${t.collectedOn ?? null} (expected ${e.date})`);
    }
    scoreFindings(d, parsed.findings, parsed.tests, used, findingScore, misses);
    parsed.tests.forEach((t, j) => {
      if (used.has(j)) return;
      fp++;
      if (cls.type === "lab_report") servedFp++;
      misses.push(`${d.id}: wrong result ${t.name} = ${shown(t)} ${t.unit ?? ""}`);
    });
  }
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 100);
  return {
    documents: docs.length,
    expected: tp + fn,
    parser: { found: tp, wrong: fp, precision: pct(tp, tp + fp), recall: pct(tp, tp + fn) },
    served: { precision: pct(servedTp, servedTp + servedFp), recall: pct(servedTp, tp + fn) },
    recallByKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, `${v.found}/${v.expected}`])),
    ofMatched: { unit: pct(unitOk, tp), reference: pct(refOk, tp), flag: pct(flagOk, tp), ...(dated.expected ? { flowSheetDate: `${dated.ok}/${dated.expected}` } : {}) },
    classification: `${classOk}/${docs.length}`,
    findings: { expected: findingScore.expected, found: findingScore.found, wrong: findingScore.wrong, precision: pct(findingScore.found, findingScore.found + findingScore.wrong), recall: pct(findingScore.found, findingScore.expected), ofMatched: { reference: pct(findingScore.referenceOk, findingScore.found), flag: pct(findingScore.flagOk, findingScore.found) } },
    misses,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const s = await scoreBlindSet(path);
  const { misses, ...summary } = s;
  console.log(JSON.stringify(summary, null, 1));
  if (process.argv.includes("--misses")) console.log(misses.join("\n"));
}
