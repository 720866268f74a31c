import { readFileSync } from "node:fs";
import { editDistance } from "../../../lib/spelling.js";
import { readCorpusFile } from "./literature-corpus.js";

/**
 * How a clinician's wording is brought to the corpus's (USPSTF) wording before the text search
 * (session 21, literature blind set 1): British spellings to the American ones the corpus uses,
 * hyphenated prefixes joined as the corpus writes them (pre-eclampsia → preeclampsia), a word the
 * corpus never uses corrected to its nearest corpus word (one edit; two for words of 9 letters or more),
 * and abbreviations, brand or generic drug names and lay terms searched together with the corpus's
 * own term (CRC → "colorectal cancer", dementia → "cognitive impairment"). The alternatives are ORed
 * with the word as typed, never replace it.
 */

/** British → American spelling, on word starts (anaemia, haemoglobin, oesophageal, paediatric ...). */
const SPELLINGS: [RegExp, string][] = [
  [/(an|\bh|leuk|isch|glyc|septic|lipid|cholesterol|bacter|vir|tox)aem/gi, "$1em"],
  [/\bhaem/gi, "hem"],
  [/\bpaed/gi, "ped"],
  [/\bgynaec/gi, "gynec"],
  [/\bcaesar/gi, "cesar"],
  [/\baetiol/gi, "etiol"],
  [/\bfoet/gi, "fet"],
  [/\boesoph/gi, "esoph"],
  [/\boestr/gi, "estr"],
  [/\boedem/gi, "edem"],
  [/\bcoeliac/gi, "celiac"],
  [/(gonorrh|diarrh|apn|amenorrh|dyspn)oea/gi, "$1ea"],
  [/\b(behavi|tum|col|hum|lab)our/gi, "$1or"],
  [/isation\b/gi, "ization"],
  [/\bprogramme/gi, "program"],
  [/\bcounsell/gi, "counsel"],
];

/** Prefixes the corpus writes joined to the word: preexposure, postmenopausal, nonpregnant, perinatal. */
const JOINED_PREFIX = /\b(pre|post|peri|non|ante)-([a-z])/gi;

/** Typed term (lower case, one space between words) → the corpus's terms for it, each with its source (knowledge/literature/query-terms.json). */
const ALTERNATIVES: Record<string, string[]> = loadQueryTerms();

function loadQueryTerms(): Record<string, string[]> {
  const file = JSON.parse(readFileSync(new URL("../knowledge/literature/query-terms.json", import.meta.url), "utf8")) as { name?: string; terms?: { typed: string; corpus_terms: string[]; source: string }[] };
  if (file.name !== "literature-query-terms" || !Array.isArray(file.terms)) throw new Error('knowledge/literature/query-terms.json: needs "name": "literature-query-terms" and "terms"');
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const t of file.terms) {
    if (!t.typed || !Array.isArray(t.corpus_terms) || !t.corpus_terms.length || !t.source) throw new Error(`knowledge/literature/query-terms.json: "${t.typed}" needs corpus_terms and a source`);
    out[t.typed] = t.corpus_terms;
  }
  return out;
}

/** Words that frame a question rather than name its subject ("should I prescribe ...", "when to start ..."): left out when other words remain. */
const QUESTION_WORDS = new Set(["prescribe", "prescribed", "prescribing", "take", "taking", "start", "starting", "give", "giving", "offer", "offered", "need", "needed", "advise", "advised", "recommend", "recommended", "recommendation", "recommendations", "guideline", "guidelines"]);
const PHRASES = Object.keys(ALTERNATIVES).filter((k) => k.includes(" ")).sort((a, b) => b.length - a.length);

export interface QueryUnit {
  /** The words as typed (after spelling). */
  text: string;
  /** The corpus's terms for them, searched as phrases together with the words. */
  alternatives: string[];
}

let vocabulary: Map<string, number> | null = null;
/** Every word of the corpus (titles, statements, details), lower case, with how often it occurs. */
function corpusVocabulary(): Map<string, number> {
  if (!vocabulary) {
    vocabulary = new Map();
    for (const e of readCorpusFile().file.entries) {
      const text = [e.title, e.summary, ...e.details.map((d) => d.text)].join(" ").toLowerCase();
      for (const w of text.match(/[a-z]+/g) ?? []) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1);
    }
  }
  return vocabulary;
}

/** A word the corpus never uses, of 5 letters or more, corrected to the nearest corpus word with the same first letter; otherwise as typed. */
export function correctSpelling(word: string): string {
  const w = word.toLowerCase();
  const vocab = corpusVocabulary();
  if (w.length < 5 || !/^[a-z]+$/.test(w) || vocab.has(w) || w in ALTERNATIVES) return word;
  const max = w.length >= 9 ? 2 : 1;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of vocab) {
    if (candidate[0] !== w[0] || candidate.length < 4) continue;
    const distance = editDistance(w, candidate, max);
    if (distance <= max && (!best || distance < best.distance || (distance === best.distance && count > best.count))) best = { word: candidate, distance, count };
  }
  return best ? best.word : word;
}

/** Spelling and joined prefixes, on the whole text (also inside quotes). */
export function normaliseSpelling(text: string): string {
  let t = text.replace(JOINED_PREFIX, "$1$2");
  for (const [re, to] of SPELLINGS) t = t.replace(re, to);
  return t;
}

/** True when the text uses web-search syntax (quotes, or, a leading minus): then only spelling is normalised. */
export function usesSearchSyntax(text: string): boolean {
  return /["]|(^|\s)-\S|\sor\s/i.test(text);
}

/** The query as units: each word (spelling-corrected) or known phrase, with the corpus's terms for it. */
export function queryUnits(text: string): QueryUnit[] {
  const words = normaliseSpelling(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s'-]+/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
  const units: QueryUnit[] = [];
  const subject = words.filter((w) => !QUESTION_WORDS.has(w));
  if (subject.length) words.splice(0, words.length, ...subject);
  for (let i = 0; i < words.length; ) {
    const phrase = PHRASES.find((p) => {
      const n = p.split(" ").length;
      return words.slice(i, i + n).join(" ") === p;
    });
    if (phrase) {
      units.push({ text: phrase, alternatives: ALTERNATIVES[phrase] });
      i += phrase.split(" ").length;
      continue;
    }
    const w = words[i++];
    const corrected = correctSpelling(w);
    units.push({ text: corrected, alternatives: ALTERNATIVES[corrected] ?? [] });
  }
  return units;
}
