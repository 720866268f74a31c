import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { deletionsOf, oneEditApart } from "../../../lib/spelling.js";
import { senseTable, type AbbreviationSenseData, type AbbreviationSenses } from "./abbreviation-senses.js";
import { canonicalWord, phraseKeys } from "./text.js";

/**
 * The extractor's dictionary, loaded once from the shipped vocabulary files
 * (subgraphs/clinical/knowledge/vocabularies/, rebuilt by scripts/build-vocabularies.ts).
 */
export type EntityType = "diagnosis" | "symptom" | "medication" | "lab_test" | "procedure";

export const CODE_SYSTEM: Record<EntityType, string> = {
  diagnosis: "ICD-10",
  symptom: "SNOMED-CT",
  medication: "RxNorm",
  lab_test: "LOINC",
  procedure: "SNOMED-CT",
};

export interface VocabularyTerm {
  type: EntityType;
  keys: string[];
  code: string | null;
  display: string;
  origin: string;
  /** Short abbreviations that are also ordinary words ("AL", "SAM", "ART") must be written in capitals. */
  needsCapitals: boolean;
}

export interface Vocabulary {
  version: string;
  /** Terms by their first canonical key, longest first. */
  byFirstKey: Map<string, VocabularyTerm[]>;
  /** Every canonical key of a lexicon term, for spelling correction. */
  lexiconKeys: Set<string>;
  /** Every word of every term (all sources): a word the vocabularies use is a real word, never a misspelling. */
  knownWords: Set<string>;
  /** Single-deletion variants of lexicon keys (7+ letters) → the key, for one-edit misspellings. */
  deletions: Map<string, string | null>;
  icd10Codes: Set<string>;
  counts: Record<EntityType, number>;
  /** Hypertension's combination codes with heart failure and chronic kidney disease (combination-codes.json). */
  combinations: HypertensionCombinations;
  /** Abbreviations with two senses, by the abbreviation's canonical key ("cpt"): lexicon.json `abbreviation_senses`. */
  abbreviationSenses: Map<string, AbbreviationSenses>;
}

export type HeartInvolvement = "none" | "disease" | "failure";
export type CkdStage = "none" | "1-4" | "5";
export interface HypertensionCombinations {
  hypertension: Record<string, Exclude<HeartInvolvement, "failure">>;
  heart_failure_prefixes: string[];
  ckd: Record<string, Exclude<CkdStage, "none">>;
  rules: Array<{ heart: HeartInvolvement; ckd: CkdStage; code: string; display: string }>;
  /** Hand-foot syndrome in a patient with sickle-cell disease: dactylitis, by the sickle-cell disease's category. */
  sickle_cell_dactylitis: { terms: string[]; by_sickle_cell_prefix: Record<string, { code: string; display: string }> };
}

const DIR = new URL("../knowledge/vocabularies/", import.meta.url);
/** Three-letter abbreviations clinicians write in lower case too. */
const LOWERCASE_ABBREVIATIONS = new Set(["htn", "sob", "uti", "ckd", "pud", "dvt", "tia", "aki", "hiv", "pcm", "ors", "dka", "ptb", "bph", "ihd", "ccf", "chf", "hpt", "flu", "dm2", "dm1", "dib", "abd", "lft", "rft", "fbc", "cbc", "rbs", "fbs", "esr", "crp", "ecg", "cxr", "inr", "tb"]);
const TYPE_PRIORITY: EntityType[] = ["medication", "diagnosis", "symptom", "procedure", "lab_test"];

let cached: Vocabulary | null = null;

export function loadVocabulary(): Vocabulary {
  if (cached) return cached;
  const termsText = readFileSync(new URL("terms.tsv", DIR), "utf8");
  const codesText = readFileSync(new URL("icd10cm-codes.txt", DIR), "utf8");
  const sources = readFileSync(new URL("sources.json", DIR), "utf8");
  const combinationsText = readFileSync(new URL("combination-codes.json", DIR), "utf8");
  const combinations = JSON.parse(combinationsText) as HypertensionCombinations;
  const icd10Codes = new Set(codesText.split("\n").filter((l) => l && !l.startsWith("#")));
  const byFirstKey = new Map<string, VocabularyTerm[]>();
  const lexiconKeys = new Set<string>();
  const knownWords = new Set<string>();
  const counts = { diagnosis: 0, symptom: 0, medication: 0, lab_test: 0, procedure: 0 } as Record<EntityType, number>;
  for (const line of termsText.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [type, term, code, display, origin] = line.split("\t") as [EntityType, string, string, string, string];
    const keys = phraseKeys(term);
    if (keys.length === 0) continue;
    const letters = term.replace(/[^a-z]/g, "");
    const needsCapitals = keys.length === 1 && letters.length === term.length && term.length <= 3 && !LOWERCASE_ABBREVIATIONS.has(term);
    const entry: VocabularyTerm = { type, keys, code: code || null, display, origin, needsCapitals };
    const list = byFirstKey.get(keys[0]) ?? [];
    list.push(entry);
    byFirstKey.set(keys[0], list);
    counts[type]++;
    if (origin === "lexicon") for (const k of keys) if (/^[a-z]+$/.test(k)) lexiconKeys.add(k);
    for (const k of keys) knownWords.add(k);
  }
  for (const list of byFirstKey.values()) {
    list.sort((a, b) => b.keys.length - a.keys.length || Number(b.origin === "lexicon") - Number(a.origin === "lexicon") || TYPE_PRIORITY.indexOf(a.type) - TYPE_PRIORITY.indexOf(b.type));
  }
  const deletions = new Map<string, string | null>();
  for (const k of lexiconKeys) {
    if (k.length < 7) continue;
    for (const d of [k, ...deletionsOf(k)]) {
      const prev = deletions.get(d);
      deletions.set(d, prev === undefined || prev === k ? k : null);
    }
  }
  const sensesData = (JSON.parse(readFileSync(new URL("lexicon.json", DIR), "utf8")) as { abbreviation_senses?: AbbreviationSenseData[] }).abbreviation_senses ?? [];
  const abbreviationSenses = loadAbbreviationSenses(sensesData, byFirstKey);
  const version = `vocabularies@${createHash("sha256").update(termsText).update(codesText).update(sources).update(combinationsText).update(JSON.stringify(sensesData)).digest("hex").slice(0, 12)}`;
  cached = { version, byFirstKey, lexiconKeys, knownWords, deletions, icd10Codes, counts, combinations, abbreviationSenses };
  return cached;
}

/** Each abbreviation's other senses as the dictionary's terms (a sense the dictionary lacks is a data error). */
function loadAbbreviationSenses(data: AbbreviationSenseData[], byFirstKey: Map<string, VocabularyTerm[]>): Map<string, AbbreviationSenses> {
  const out = new Map<string, AbbreviationSenses>();
  for (const entry of data) {
    const senses = entry.senses.map((s) => {
      if (s.type === "none") return null;
      const keys = phraseKeys(s.term ?? "");
      const term = byFirstKey.get(keys[0])?.find((t) => t.type === s.type && t.keys.join(" ") === keys.join(" "));
      if (!term) throw new Error(`lexicon.json abbreviation_senses: "${s.term}" (${s.type}) is not a term of terms.tsv`);
      return term;
    });
    out.set(phraseKeys(entry.abbreviation).join(" "), senseTable(entry, senses));
  }
  return out;
}

/**
 * The lexicon word a misspelt note word most likely meant (one insertion, deletion, substitution or
 * transposition), or null when there is none or more than one.
 */
export function correctSpelling(v: Vocabulary, key: string): string | null {
  // A word some term of the vocabularies uses is spelt right: "evaluation" (in SNOMED CT and LOINC names) is
  // not a misspelt "evacuation", nor "operation" a misspelt anything.
  if (key.length < 7 || !/^[a-z]+$/.test(key) || v.lexiconKeys.has(key) || v.byFirstKey.has(key) || v.knownWords.has(key)) return null;
  const found = new Set<string>();
  for (const d of [key, ...deletionsOf(key)]) {
    const hit = v.deletions.get(d);
    if (hit === null) return null;
    if (hit) found.add(hit);
  }
  if (found.size !== 1) return null;
  const word = [...found][0];
  // Misspellings keep their first two letters; this also keeps "afebrile" from becoming "febrile"
  // and "smelling" from becoming "swelling".
  if (word.slice(0, 2) !== key.slice(0, 2)) return null;
  return key === word || oneEditApart(key, word) ? word : null;
}

export { canonicalWord };
