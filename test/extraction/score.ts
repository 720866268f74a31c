import { readFileSync } from "node:fs";
import { extractEntities } from "../../subgraphs/clinical/extraction/extraction.engine.js";
import { loadVocabulary, type EntityType } from "../../subgraphs/clinical/extraction/vocabulary.js";

/**
 * Scores the extractor on the annotated notes in test/fixtures/extraction/notes.json (annotation
 * rules in its README): per type precision, recall and F1 on overlapping spans of the same type,
 * micro-F1 over all types, and how many negated/family/hypothetical mentions were reported as the
 * patient's (must be zero). `npm run score:extraction` prints the table (`-- --heldout`, `--heldout-2`,
 * `--heldout-3` … `--heldout-13` for the held-out sets).
 */
type GoldType = EntityType | "demographics";
interface Note {
  id: string;
  text: string;
  demographics: { age: number | null; gender: string | null };
  entities: Partial<Record<EntityType, string[]>>;
  not_present: Partial<Record<EntityType, string[]>>;
}
interface Span {
  start: number;
  end: number;
  text: string;
}
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}
export interface Score {
  perType: Record<GoldType, Counts & { precision: number; recall: number; f1: number }>;
  micro: Counts & { precision: number; recall: number; f1: number };
  negatedReportedAsPresent: Array<{ note: string; text: string }>;
  errors: Array<{ note: string; kind: "fp" | "fn"; type: string; text: string }>;
  notes: number;
}

const TYPES: GoldType[] = ["diagnosis", "symptom", "medication", "procedure", "lab_test", "demographics"];

/** "text" is its first whole-word occurrence, "text#2" the second. */
function locate(note: Note, ref: string): Span {
  const [text, nth] = ref.split("#");
  const n = Number(nth ?? 1);
  let from = 0;
  for (let i = 1; ; i++) {
    const at = note.text.indexOf(text, from);
    if (at < 0) throw new Error(`${note.id}: "${ref}" is not in the note`);
    const before = note.text[at - 1] ?? " ";
    const after = note.text[at + text.length] ?? " ";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after) && i === n) return { start: at, end: at + text.length, text };
    if (/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after)) i--;
    from = at + 1;
  }
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
const prf = (c: Counts) => {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  return { ...c, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
};

export function loadNotes(path = new URL("../fixtures/extraction/notes.json", import.meta.url)): Note[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { notes: Note[] }).notes;
}

export function scoreExtraction(notes: Note[] = loadNotes()): Score {
  const v = loadVocabulary();
  const counts = Object.fromEntries(TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0 }])) as Record<GoldType, Counts>;
  const negated: Score["negatedReportedAsPresent"] = [];
  const errors: Score["errors"] = [];
  for (const note of notes) {
    const r = extractEntities(v, note.text);
    const absent = Object.values(note.not_present).flatMap((refs) => refs!.map((ref) => locate(note, ref)));
    for (const e of r.entities) for (const a of absent) if (overlaps(e, a)) negated.push({ note: note.id, text: e.text });
    for (const type of TYPES.filter((t): t is EntityType => t !== "demographics")) {
      const gold = (note.entities[type] ?? []).map((ref) => locate(note, ref));
      const predicted = r.entities.filter((e) => e.type === type);
      const used = new Set<number>();
      for (const p of predicted) {
        const g = gold.findIndex((s, i) => !used.has(i) && overlaps(p, s));
        if (g >= 0) used.add(g), counts[type].tp++;
        else counts[type].fp++, errors.push({ note: note.id, kind: "fp", type, text: p.text });
      }
      gold.forEach((s, i) => {
        if (!used.has(i)) counts[type].fn++, errors.push({ note: note.id, kind: "fn", type, text: s.text });
      });
    }
    const d = counts.demographics;
    for (const [field, want, got] of [["age", note.demographics.age, r.demographics.age], ["gender", note.demographics.gender, r.demographics.gender]] as const) {
      if (got !== null && got === want) d.tp++;
      else {
        if (got !== null) d.fp++, errors.push({ note: note.id, kind: "fp", type: `demographics.${field}`, text: String(got) });
        if (want !== null) d.fn++, errors.push({ note: note.id, kind: "fn", type: `demographics.${field}`, text: String(want) });
      }
    }
  }
  const total = TYPES.reduce((a, t) => ({ tp: a.tp + counts[t].tp, fp: a.fp + counts[t].fp, fn: a.fn + counts[t].fn }), { tp: 0, fp: 0, fn: 0 });
  return {
    perType: Object.fromEntries(TYPES.map((t) => [t, prf(counts[t])])) as Score["perType"],
    micro: prf(total),
    negatedReportedAsPresent: negated,
    errors,
    notes: notes.length,
  };
}

export function formatScore(s: Score): string {
  const pct = (x: number) => (x * 100).toFixed(1).padStart(6);
  const lines = [`Entity extraction on ${s.notes} annotated notes`, "type           TP   FP   FN  precision  recall      F1"];
  for (const [t, c] of Object.entries(s.perType)) lines.push(`${t.padEnd(13)}${String(c.tp).padStart(4)} ${String(c.fp).padStart(4)} ${String(c.fn).padStart(4)}  ${pct(c.precision)}%  ${pct(c.recall)}%  ${pct(c.f1)}%`);
  const m = s.micro;
  lines.push(`${"micro".padEnd(13)}${String(m.tp).padStart(4)} ${String(m.fp).padStart(4)} ${String(m.fn).padStart(4)}  ${pct(m.precision)}%  ${pct(m.recall)}%  ${pct(m.f1)}%`);
  lines.push(`negated, family or hypothetical mentions reported as present: ${s.negatedReportedAsPresent.length}`);
  return lines.join("\n");
}

export const HELDOUT = new URL("../fixtures/extraction/notes-heldout.json", import.meta.url);
/** Held-out set 2 (added 2026-11-27): East African note styles (abbreviations, lists, Swahili, typos). */
export const HELDOUT_2 = new URL("../fixtures/extraction/notes-heldout-2.json", import.meta.url);
/** Held-out set 3 (added 2026-11-28): discharge, maternity, neonatal/IMCI, HIV/TB/NCD clinic, theatre, mental health, dental/eye/ENT, community notes. */
export const HELDOUT_3 = new URL("../fixtures/extraction/notes-heldout-3.json", import.meta.url);
/** Held-out set 4 (added 2026-11-28, session 16): ward rounds, OPD one-liners, referral/CHW letters, nursing, IMCI, post-op, casualty, psychiatry, TB/HIV, NCD, maternity, dental/eye/ENT. */
export const HELDOUT_4 = new URL("../fixtures/extraction/notes-heldout-4.json", import.meta.url);
/** Held-out set 5 (added 2026-11-28, session 17): paediatric ward/IMCI, theatre/anaesthesia, ICU/HDU, oncology, sickle cell, renal, neurology, psychiatry, skin, eye, physiotherapy, pharmacy reconciliation, discharge summaries. */
export const HELDOUT_5 = new URL("../fixtures/extraction/notes-heldout-5.json", import.meta.url);
/** Held-out set 6 (added 2026-11-28, session 18): dermatology, eye, geriatrics/falls, palliative care, telephone consults, triage, pharmacy consults, referral back-notes, handovers with vitals, OCR-noisy text, Swahili/Luganda, dated past history, brands. */
export const HELDOUT_6 = new URL("../fixtures/extraction/notes-heldout-6.json", import.meta.url);
/** Held-out set 7 (added 2026-11-28, session 18): orthopaedic/surgical ward rounds, obstetric emergencies, advanced HIV, NCD/renal clinic with inline results, multi-author nursing charts, dictated run-on notes, ROS pertinent negatives, drug and allergy histories, negation scope, Rwandan French/Kinyarwanda, pipe tables. */
export const HELDOUT_7 = new URL("../fixtures/extraction/notes-heldout-7.json", import.meta.url);
/** Held-out set 8 (added 2026-11-28, session 19): IMCI and neonatal, psychiatry (MSE, substance use), eye and ENT, physiotherapy and nursing, discharge medicine changes, dense family history, Luganda/Kinyarwanda. */
export const HELDOUT_8 = new URL("../fixtures/extraction/notes-heldout-8.json", import.meta.url);
/** Held-out set 9 (added 2026-11-28, session 19): referral letters, operation notes, partographs and delivery notes, anaesthesia records, death summaries, context-dependent abbreviations (PID, MS, PE, RA, CVA). */
export const HELDOUT_9 = new URL("../fixtures/extraction/notes-heldout-9.json", import.meta.url);
/** Held-out set 10 (added 2026-11-28, session 20): nursing shift notes, medication administration records, ICU/HDU in prose, Swahili-English code-mixed notes, allergy lists with reactions, family vs personal history, planned/given/held medicines, ruled-out diagnoses, local dose shorthand. */
export const HELDOUT_10 = new URL("../fixtures/extraction/notes-heldout-10.json", import.meta.url);
/** Held-out set 11 (added 2026-11-28, session 20): assertion traps: inline allergy lists followed by the complaint, conditionals and hypotheticals, family history lists, pseudo- and double negation, or/nor lists, ?X/query X, "denies X but reports Y", resolved vs ongoing history. */
export const HELDOUT_11 = new URL("../fixtures/extraction/notes-heldout-11.json", import.meta.url);
/** Held-out set 12 (added 2026-11-28, session 20): surgery, orthopaedics, oncology (chemotherapy regimens, palliative care) and mental health (MSE) clinics, post-op day numbers, Swahili. */
export const HELDOUT_12 = new URL("../fixtures/extraction/notes-heldout-12.json", import.meta.url);
/** Held-out set 13 (added 2026-11-28, session 21): referral letters between facility levels, discharge summaries (discharged on / to continue / stopped), antenatal cards (IPTp-SP, TT/Td, HIV/syphilis/Hb), HMIS register lines, immunisation entries, Swahili. */
export const HELDOUT_13 = new URL("../fixtures/extraction/notes-heldout-13.json", import.meta.url);

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const [name, path] = process.argv.includes("--heldout-13") ? ["HELD-OUT SET 13", HELDOUT_13] : process.argv.includes("--heldout-12") ? ["HELD-OUT SET 12", HELDOUT_12] : process.argv.includes("--heldout-11") ? ["HELD-OUT SET 11", HELDOUT_11] : process.argv.includes("--heldout-10") ? ["HELD-OUT SET 10", HELDOUT_10] : process.argv.includes("--heldout-9") ? ["HELD-OUT SET 9", HELDOUT_9] : process.argv.includes("--heldout-8") ? ["HELD-OUT SET 8", HELDOUT_8] : process.argv.includes("--heldout-7") ? ["HELD-OUT SET 7", HELDOUT_7] : process.argv.includes("--heldout-6") ? ["HELD-OUT SET 6", HELDOUT_6] : process.argv.includes("--heldout-5") ? ["HELD-OUT SET 5", HELDOUT_5] : process.argv.includes("--heldout-4") ? ["HELD-OUT SET 4", HELDOUT_4] : process.argv.includes("--heldout-3") ? ["HELD-OUT SET 3", HELDOUT_3] : process.argv.includes("--heldout-2") ? ["HELD-OUT SET 2", HELDOUT_2] : process.argv.includes("--heldout") ? ["HELD-OUT SET", HELDOUT] : ["DEVELOPMENT SET", undefined];
  const s = scoreExtraction(loadNotes(path));
  console.log(name);
  console.log(formatScore(s));
  if (process.argv.includes("--errors")) for (const e of s.errors) console.log(`${e.kind} ${e.note} ${e.type}: ${e.text}`);
  for (const n of s.negatedReportedAsPresent) console.log(`NEGATED REPORTED: ${n.note}: ${n.text}`);
}
