import fc from "fast-check";
import { extractEntities, type ExtractedEntity } from "./extraction.engine.js";
import { loadVocabulary } from "./vocabulary.js";

/** What the extraction tests ask of the shipped vocabulary: every mention, reported and excluded, by word. */
export const v = loadVocabulary();
export const run = (text: string) => extractEntities(v, text);
/** Every mention, reported or excluded (negated, someone else's, hypothetical), in the note's order. */
export const all = (text: string): ExtractedEntity[] => {
  const r = run(text);
  return [...r.entities, ...r.excluded].sort((a, b) => a.start - b.start);
};
export const find = (text: string, word: string) => all(text).find((e) => e.text.toLowerCase() === word.toLowerCase());
/** The texts of the mentions reported as the patient's, lower case. */
export const reported = (text: string) => run(text).entities.map((e) => e.text.toLowerCase());
export const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
