import { assertMentions, sectionDefaults, type Assertion } from "../extraction/context.js";
import { extractEntities, type ExtractedEntity } from "../extraction/extraction.engine.js";
import { findPhrases, phraseTable, phraseWords, spellOutContractions, type PhraseTable } from "../extraction/phrase-match.js";
import { sentenceStarts, tokenize } from "../extraction/text.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import type { Knowledge } from "../knowledge/knowledge.js";

export const COPILOT_ENGINE_VERSION = "copilot-engine@1.1.0";

/**
 * List punctuation separates entries in one text: "no fever, chest pain" negates fever only (over-
 * triage is the safer reading of a terse list; the extraction engine's ConText would carry the "no" on).
 */
const LIST_SEPARATOR = /[,;\n]+|\.(?=\s|$)/;

export interface SymptomPatient {
  age: number;
  sex: string;
  diagnosisCodes: string[];
}

export interface DifferentialItem {
  condition: string;
  probability: number;
  code: string;
  matchedSymptoms: string[];
}

export interface SymptomAnalysis {
  differentialDiagnosis: DifferentialItem[];
  /** unassessed: nothing in what was read is urgent, but some input could not be read (unrecognizedSymptoms). */
  urgency: "emergency" | "urgent" | "routine" | "unassessed";
  recommendedTests: { test: string; priority: string; reason: string }[];
  redFlags: string[];
  recognizedSymptoms: string[];
  negatedSymptoms: string[];
  unrecognizedSymptoms: string[];
  otherConditionsProbability: number;
}

/** A concept of the extraction vocabulary: its code, else its display. */
const conceptKey = (e: ExtractedEntity) => e.code || `display:${e.display.toLowerCase()}`;
const conceptMaps = new WeakMap<Knowledge, Map<string, string>>();

/**
 * The extraction vocabulary's concepts (SNOMED CT and ICD-10-CM terms with their synonyms, spellings and
 * plurals) mapped to the copilot's symptom ids, derived by reading each id's own phrases with it: no code
 * is written by hand. A phrase maps only when one concept covers all of it ("throat pain" read as just
 * "pain" maps nothing), so a generic concept never stands for a specific symptom.
 */
function symptomConcepts(k: Knowledge): Map<string, string> {
  let map = conceptMaps.get(k);
  if (map) return map;
  map = new Map();
  const v = loadVocabulary();
  for (const [id, phrases] of Object.entries(k.symptoms.symptoms)) {
    for (const phrase of phrases) {
      for (const e of extractEntities(v, phrase).entities) {
        if ((e.type === "symptom" || e.type === "diagnosis") && e.start === 0 && e.end === phrase.length && !map.has(conceptKey(e))) map.set(conceptKey(e), id);
      }
    }
  }
  conceptMaps.set(k, map);
  return map;
}

const symptomTables = new WeakMap<Knowledge, PhraseTable>();

/** The knowledge's symptom phrases on the extraction engine's tokens, tagged with their symptom id. */
function symptomTable(k: Knowledge): PhraseTable {
  let table = symptomTables.get(k);
  if (!table) {
    table = phraseTable(Object.entries(k.symptoms.symptoms).flatMap(([id, list]) => list.map((p) => ({ keys: phraseWords(p), tag: id }))));
    symptomTables.set(k, table);
  }
  return table;
}

/**
 * Maps free text to symptom ids: the symptom phrases as whole words ("severe chest pain"), each read
 * with the extraction engine's NegEx/ConText assertion, so a negation before ("denies neck stiffness")
 * or after ("neck stiffness absent", "… ruled out", "…: none", "… - nil") negates it, and a sign
 * worded with a negation ("not able to drink") is that sign. Text none of them matches is read with the
 * extraction vocabulary and its concepts mapped ("difficulty in breathing" is dyspnoea, "coma" is
 * unconscious), with the same assertion.
 */
export function recognizeSymptoms(k: Knowledge, texts: string[]) {
  const recognized = new Set<string>();
  const negated = new Set<string>();
  const unrecognized: string[] = [];
  const table = symptomTable(k);
  for (const raw of texts) {
    let found = false;
    for (const part of raw.split(LIST_SEPARATOR)) {
      const text = spellOutContractions(part);
      const tokens = tokenize(text);
      const mentions = findPhrases(tokens, table);
      if (mentions.length) {
        found = true;
        const assertions = assertMentions(tokens, mentions, sentenceStarts(text), sectionDefaults(text));
        mentions.forEach((m, i) => {
          for (const id of m.tags) addAsserted(id, assertions[i], recognized, negated);
        });
      }
      // Every symptom of the entry is read, not only the first kind: words no phrase took are read with
      // the vocabulary ("chest pain radiating to jaw with sweats": sweats). The phrases' words are blanked
      // in place, so a negation before them still reaches what follows.
      let rest = text;
      for (const m of mentions) rest = rest.slice(0, tokens[m.from].start) + " ".repeat(tokens[m.to - 1].end - tokens[m.from].start) + rest.slice(tokens[m.to - 1].end);
      if (/[a-z]/i.test(rest) && recognizeByConcept(k, rest, recognized, negated)) found = true;
    }
    if (!found) unrecognized.push(raw);
  }
  for (const id of negated) recognized.delete(id);
  return { recognized: [...recognized], negated: [...negated], unrecognized };
}

/** Absent → negated; present, possible or past → recognized; someone else's or hypothetical → neither. */
function addAsserted(id: string, assertion: Assertion, recognized: Set<string>, negated: Set<string>): void {
  if (assertion === "absent") negated.add(id);
  else if (assertion === "present" || assertion === "possible" || assertion === "historical") recognized.add(id);
}

/** The extraction vocabulary's reading of `raw`: mapped concepts go to `recognized` or, negated, to `negated`. */
function recognizeByConcept(k: Knowledge, raw: string, recognized: Set<string>, negated: Set<string>): boolean {
  const concepts = symptomConcepts(k);
  const read = extractEntities(loadVocabulary(), raw);
  let found = false;
  for (const e of [...read.entities, ...read.excluded]) {
    const id = concepts.get(conceptKey(e));
    if (!id) continue;
    found = true;
    addAsserted(id, e.assertion, recognized, negated);
  }
  return found;
}

const PRIORITY_RANK: Record<string, number> = { stat: 0, urgent: 1, routine: 2 };

/**
 * Ranks a differential with naive-Bayes likelihoods: prior × Π P(symptom | condition) × age/sex/history
 * modifiers, against an "other conditions" hypothesis, so the listed probabilities sum to at most 1.
 * Red-flag combinations set the urgency; tests come from the likely conditions.
 */
export function analyzeSymptoms(k: Knowledge, input: { symptoms: string[]; severity?: string | null }, patient: SymptomPatient): SymptomAnalysis {
  const kb = k.symptoms;
  const { recognized, negated, unrecognized } = recognizeSymptoms(k, input.symptoms);
  const history = patient.diagnosisCodes.map((c) => c.toUpperCase().replace(/\./g, ""));
  const scores = kb.conditions.map((c) => {
    let score = c.prior;
    for (const s of recognized) score *= c.symptoms[s] ?? kb.absent_symptom_likelihood;
    const m = c.modifiers;
    if (m?.sex?.[patient.sex] !== undefined) score *= m.sex[patient.sex];
    if (m?.min_age !== undefined && m.age_factor !== undefined) score *= patient.age >= m.min_age ? m.age_factor : 1 / m.age_factor;
    if (m?.history_icd10 && m.history_factor && history.some((h) => m.history_icd10!.some((p) => h.startsWith(p.replace(/\./g, ""))))) score *= m.history_factor;
    return { c, score, matched: recognized.filter((s) => c.symptoms[s] !== undefined) };
  });
  const other = recognized.reduce((acc) => acc * kb.other_symptom_likelihood, kb.other_condition_mass);
  const total = scores.reduce((s, x) => s + x.score, other);
  const ranked = recognized.length
    ? scores
        .map((x) => ({ ...x, probability: x.score / total }))
        .filter((x) => x.matched.length > 0)
        .sort((a, b) => b.probability - a.probability)
        .slice(0, 5)
    : [];
  const differentialDiagnosis = ranked
    .map((x) => ({ condition: x.c.name, probability: Math.floor(x.probability * 1000) / 1000, code: x.c.icd10, matchedSymptoms: x.matched }))
    .filter((x) => x.probability >= 0.01);

  const present = new Set(recognized);
  const flags = kb.red_flags.filter((f) => f.all.every((s) => present.has(s)));
  // Input the vocabulary cannot read was not assessed: the answer never says routine over it (as an
  // unscreened patient message is never routine); a red flag in what was read still decides.
  const assessed = flags.some((f) => f.urgency === "emergency") ? "emergency" : flags.length || input.severity?.toLowerCase() === "severe" ? "urgent" : "routine";
  const urgency = assessed === "routine" && unrecognized.length ? "unassessed" : assessed;

  const tests = new Map<string, { test: string; priority: string; reason: string }>();
  for (const x of ranked.filter((r) => r.probability >= 0.05).slice(0, 3)) {
    for (const t of x.c.tests) {
      const priority = urgency === "emergency" && t.priority === "urgent" ? "stat" : t.priority;
      const existing = tests.get(t.test);
      if (!existing || PRIORITY_RANK[priority] < PRIORITY_RANK[existing.priority]) tests.set(t.test, { test: t.test, priority, reason: `${x.c.name}: ${t.reason}` });
    }
  }
  return {
    differentialDiagnosis,
    urgency,
    recommendedTests: [...tests.values()].sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]),
    redFlags: flags.map((f) => f.message),
    recognizedSymptoms: recognized,
    negatedSymptoms: negated,
    unrecognizedSymptoms: unrecognized,
    otherConditionsProbability: recognized.length ? Math.round((other / total) * 1000) / 1000 : 1,
  };
}
