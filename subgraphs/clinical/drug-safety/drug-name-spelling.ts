import { deletionsOf, oneEditApart } from "../../../lib/spelling.js";
import { normaliseName, type Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";

/**
 * A drug name written with one slip ("Doxycyline", "Hydrochlorthiazide", "Metronidazol"): one letter left out, one too
 * many, one changed, or two neighbours swapped (Damerau edit distance 1). Only names of at least MIN_SPELLING_LENGTH
 * characters are read this way (shorter drug names lie one letter apart too often), and only when exactly one drug of
 * the knowledge base is that close: two drugs one slip away make the name ambiguous, so it stays unknown.
 */
export const MIN_SPELLING_LENGTH = 8;

/** The name written and the known name it was read as: one slip from it, or spelt as it sounds (`soundKey`). */
export interface SpellingMatch {
  drug: DrugEntry;
  written: string;
  knownName: string;
  by: "slip" | "sound";
}

/**
 * Names written as they are heard are read by sound from MIN_SOUND_LENGTH characters: "Coatem" for Coartem is one
 * letter short of MIN_SPELLING_LENGTH, and still only read when its sound is that of exactly one drug.
 */
export const MIN_SOUND_LENGTH = 6;

/**
 * How a drug name sounds, spoken in East African (non-rhotic) English: "ph" is f, "th" t, a soft c (before e, i, y) s
 * and any other c, ck or q k; z is s, y i; ae and oe are e; an r before a consonant is not heard ("Coartem" as
 * "Coatem"); doubled letters are one; a final silent e falls. "Efavirence" and "Efavirenz", "Coatem" and "Coartem",
 * "Phenobabitone" and "Phenobarbitone", "Amoxycilin" and "Amoxicillin" sound the same. Spelling by ear is what a
 * name two slips from its drug usually is; the letters a speaker does not sound out are the ones left out or changed.
 */
export function soundKey(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) =>
      w
        .replace(/ph/g, "f")
        .replace(/th/g, "t")
        .replace(/ck/g, "k")
        .replace(/c(?=[eiy])/g, "s")
        .replace(/[cq]/g, "k")
        .replace(/z/g, "s")
        .replace(/y/g, "i")
        .replace(/[ao]e/g, "e")
        .replace(/r(?=[^aeiou])/g, "")
        .replace(/(.)\1+/g, "$1")
        .replace(/(.{3,})e$/, "$1"),
    )
    .join(" ");
}

const byKnowledge = new WeakMap<Knowledge, Map<string, string[]>>();
const allergyNamesByKnowledge = new WeakMap<Knowledge, Map<string, string[]>>();

/** The word itself and the word with each one character left out (symmetric-delete keys). */
const deletionKeys = (word: string): string[] => [word, ...deletionsOf(word)];

/** Deletion key → the names (normalised) that give it, for names of MIN_SPELLING_LENGTH or more. */
function deletionIndex(names: Iterable<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const name of names) {
    if (name.length < MIN_SPELLING_LENGTH) continue;
    for (const key of new Set(deletionKeys(name))) index.set(key, [...(index.get(key) ?? []), name]);
  }
  return index;
}

/** The deletion index of the knowledge base's drug names, built once per knowledge base. */
function spellingIndex(k: Knowledge): Map<string, string[]> {
  const index = byKnowledge.get(k) ?? deletionIndex(k.drugs.byName.keys());
  byKnowledge.set(k, index);
  return index;
}

const soundByKnowledge = new WeakMap<Knowledge, Map<string, string[]>>();

/** Sound key → the names (normalised) of MIN_SOUND_LENGTH or more that sound so, built once per knowledge base. */
function soundIndex(k: Knowledge): Map<string, string[]> {
  let index = soundByKnowledge.get(k);
  if (!index) {
    index = new Map();
    for (const name of k.drugs.byName.keys()) {
      if (name.length < MIN_SOUND_LENGTH) continue;
      const key = soundKey(name);
      index.set(key, [...(index.get(key) ?? []), name]);
    }
    soundByKnowledge.set(k, index);
  }
  return index;
}

/** The one drug a written name sounds like (`soundKey`), or undefined: none, or names of two drugs sound so. */
function drugSoundingAs(k: Knowledge, written: string): SpellingMatch | undefined {
  if (written.length < MIN_SOUND_LENGTH) return undefined;
  const names = soundIndex(k).get(soundKey(written)) ?? [];
  const drugs = new Map(names.map((n) => [k.drugs.byName.get(n)!.id, { drug: k.drugs.byName.get(n)!, knownName: n }]));
  if (drugs.size !== 1) return undefined;
  const [{ drug, knownName }] = drugs.values();
  return { drug, written, knownName, by: "sound" };
}

/** The names one slip from `written` in a deletion index. */
function namesOneSlipFrom(index: Map<string, string[]>, written: string): string[] {
  const names = new Set(deletionKeys(written).flatMap((key) => index.get(key) ?? []));
  return [...names].filter((n) => withinOneSlip(written, n));
}

/** At most one slip apart: the same, or one edit apart (lib/spelling.ts). */
export const withinOneSlip = (a: string, b: string): boolean => a === b || oneEditApart(a, b);

/** The one drug a written name (already without strength and directions) is a slip away from, or undefined. */
function drugOneSlipFrom(k: Knowledge, written: string): SpellingMatch | undefined {
  if (written.length < MIN_SPELLING_LENGTH) return undefined;
  const close = namesOneSlipFrom(spellingIndex(k), written);
  const drugs = new Map(close.map((n) => [k.drugs.byName.get(n)!.id, { drug: k.drugs.byName.get(n)!, knownName: n }]));
  if (drugs.size !== 1) return undefined;
  const [{ drug, knownName }] = drugs.values();
  return { drug, written, knownName, by: "slip" };
}

/**
 * The drug a medication name names with one slip in its spelling, trying the name's candidates (`candidates`: the
 * name without strength, form and directions, longest first) in order; the first candidate close to exactly one
 * drug wins. A name no candidate of which is one slip from a drug is then read by sound (`soundKey`), candidates in
 * the same order. Exact names are looked up before this is tried.
 */
export function drugBySpelling(k: Knowledge, name: string, candidates: (normalised: string) => string[]): SpellingMatch | undefined {
  const n = normaliseName(name);
  const all = [n, ...candidates(n)];
  for (const candidate of all) {
    const found = drugOneSlipFrom(k, candidate);
    if (found) return found;
  }
  for (const candidate of all) {
    const found = drugSoundingAs(k, candidate);
    if (found) return found;
  }
  return undefined;
}

/** An allergy entry with one word read through a spelling slip: the text as corrected, and the word and name it was read as. */
export interface AllergySpelling {
  corrected: string;
  written: string;
  knownName: string;
}

/** What an allergy name names (allergen groups and drugs), as one comparable key. */
const allergenKey = (k: Knowledge, name: string) =>
  (k.drugSafety.allergyNames.get(name) ?? []).map((h) => (h.group ? `g:${h.group.id}` : `d:${h.drug!.id}`)).sort().join(" ");

/**
 * An allergy entry no exact reading knows ("penicilin", "Allergic to amoxycilin") with one word (of at least
 * MIN_SPELLING_LENGTH characters) one slip from allergen-group or drug names that all name the same allergens
 * ("sulfonamidee": sulfonamide and sulfonamides, one group): the entry with that word corrected. Close names naming
 * different allergens, or a word already a known name, leave it unread.
 */
export function allergyBySpelling(k: Knowledge, allergy: string): AllergySpelling | undefined {
  const index = allergyNamesByKnowledge.get(k) ?? deletionIndex(k.drugSafety.allergyNames.keys());
  allergyNamesByKnowledge.set(k, index);
  const words = normaliseName(allergy).split(" ").filter(Boolean);
  for (const [i, written] of words.entries()) {
    if (written.length < MIN_SPELLING_LENGTH || k.drugSafety.allergyNames.has(written)) continue;
    const close = namesOneSlipFrom(index, written);
    if (!close.length || new Set(close.map((n) => allergenKey(k, n))).size !== 1) continue;
    const corrected = [...words.slice(0, i), close[0], ...words.slice(i + 1)].join(" ");
    return { corrected, written, knownName: close[0] };
  }
  return undefined;
}
