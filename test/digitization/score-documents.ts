import { readFileSync } from "node:fs";
import { extractEntities } from "../../subgraphs/clinical/extraction/extraction.engine.js";
import { loadVocabulary } from "../../subgraphs/clinical/extraction/vocabulary.js";
import { classifyDocument, type DocumentClass } from "../../subgraphs/clinical/digitization/classification.js";
import { parseLabResults } from "../../subgraphs/clinical/digitization/lab-results.js";
import { extractDocumentText } from "../../subgraphs/clinical/digitization/text-extraction.js";
import { pdfOfReport } from "./score-blind.js";

/**
 * Scores document classification across document kinds (test/fixtures/digitization/documents-blind-1.json):
 * each document is written into a text-layer PDF (pdfOfReport), read back, parsed and classified as the
 * service does (digitization.service.ts: tests are served only when the class is lab_report), and its
 * entities extracted. Prints classification accuracy per expected class (with the confusions), the share of
 * expected lab results served (name and value match, then unit), and the share of expected entities found
 * (same type, the text or display containing the expected words).
 * `npx tsx test/digitization/score-documents.ts [fixture.json] [--misses]`
 */
interface BlindDocument {
  id: string;
  declaredType: DocumentClass;
  expectedClass: DocumentClass;
  lines: string[];
  expected: { name: string; value: number; unit: string | null }[];
  entities: { type: string; text: string }[];
}

const norm = (s: string | null) => (s ?? "").toLowerCase().replace(/[µμ]/g, "u").replace(/[^a-z0-9.]/g, "");

export async function scoreDocumentSet(file: string | URL = new URL("../fixtures/digitization/documents-blind-1.json", import.meta.url)) {
  const docs = (JSON.parse(readFileSync(file, "utf8")) as { documents: BlindDocument[] }).documents;
  const vocabulary = loadVocabulary();
  const byClass: Record<string, { n: number; ok: number; as: Record<string, number> }> = {};
  const tests = { expected: 0, found: 0, unitOk: 0 };
  const entities = { expected: 0, found: 0 };
  const misses: string[] = [];
  for (const d of docs) {
    const text = await extractDocumentText(await pdfOfReport(d.lines), "pdf", { ocrWorkers: 1, ocrMaxPages: 0 });
    const parsed = parseLabResults(text.text);
    const cls = classifyDocument(text.text, d.declaredType, parsed.tests.length);
    const c = (byClass[d.expectedClass] ??= { n: 0, ok: 0, as: {} });
    c.n++;
    if (cls.type === d.expectedClass) c.ok++;
    else {
      c.as[cls.type] = (c.as[cls.type] ?? 0) + 1;
      misses.push(`${d.id}: classified ${cls.type} (expected ${d.expectedClass}; declared ${d.declaredType}; ${cls.signals.join(", ")})`);
    }
    const served = cls.type === "lab_report" ? parsed.tests : [];
    for (const e of d.expected) {
      tests.expected++;
      const t = served.find((x) => norm(x.name).includes(norm(e.name)) && Math.abs(x.value - e.value) < 1e-9);
      if (!t) {
        misses.push(`${d.id}: test not served ${e.name} = ${e.value}`);
        continue;
      }
      tests.found++;
      if (norm(t.unit) === norm(e.unit)) tests.unitOk++;
      else misses.push(`${d.id}: ${e.name} unit ${t.unit} (expected ${e.unit})`);
    }
    const found = extractEntities(vocabulary, text.text).entities;
    for (const e of d.entities) {
      entities.expected++;
      const want = norm(e.text);
      if (found.some((f) => f.type === e.type && (norm(f.text).includes(want) || norm(f.display).includes(want)))) entities.found++;
      else misses.push(`${d.id}: entity missed ${e.type} ${e.text}`);
    }
  }
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 100);
  const ok = Object.values(byClass).reduce((s, c) => s + c.ok, 0);
  return {
    documents: docs.length,
    classification: { accuracy: `${ok}/${docs.length} (${pct(ok, docs.length)}%)`, byClass: Object.fromEntries(Object.entries(byClass).map(([k, v]) => [k, `${v.ok}/${v.n}${Object.keys(v.as).length ? ` (as ${Object.entries(v.as).map(([a, n]) => `${a} ${n}`).join(", ")})` : ""}`])) },
    fields: { labTests: `${tests.found}/${tests.expected} served (${pct(tests.found, tests.expected)}%), unit right ${tests.unitOk}/${tests.found}`, entities: `${entities.found}/${entities.expected} (${pct(entities.found, entities.expected)}%)` },
    misses,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const { misses, ...summary } = await scoreDocumentSet(path);
  console.log(JSON.stringify(summary, null, 1));
  if (process.argv.includes("--misses")) console.log(misses.join("\n"));
}
