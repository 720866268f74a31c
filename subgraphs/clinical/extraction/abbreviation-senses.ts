import { findPhrases, phraseTable, phraseWords, type PhraseTable } from "./phrase-match.js";
import { phraseKeys, type Token } from "./text.js";
import type { VocabularyTerm } from "./vocabulary.js";

/**
 * Abbreviations with two senses in the notes, read from the words around them. "CPT" is co-trimoxazole preventive
 * therapy in an HIV clinic and chest physiotherapy on a physiotherapy round (the nearest cue word in the note
 * decides); "ASA I" is the ASA physical status class of an anaesthetic review, not aspirin (the word right after it
 * decides; "GA 22/40" is a gestational age, "under GA" general anaesthesia). The senses, their cue words and sources are data (`abbreviation_senses` in lexicon.json); the
 * dictionary's term is the default sense.
 */
export interface AbbreviationSenses {
  /** The other senses, in the order of `table`'s tags 1, 2, …; tag 0 is the default sense. `null`: no entity. */
  senses: (VocabularyTerm | null)[];
  table: PhraseTable;
  /** Words that, right after the abbreviation, decide its sense: key → index into `senses`. */
  nextWords: Map<string, number>;
  /** Read only when written in capitals ("MS", not the title "Ms"). */
  upperCaseOnly: boolean;
  /** No entity unless a cue names the default sense ("PE" alone may be pre-eclampsia, an embolism or an examination). */
  defaultRequiresCue: boolean;
}

export interface AbbreviationSenseData {
  abbreviation: string;
  default_cues?: string[];
  upper_case_only?: boolean;
  default_requires_cue?: boolean;
  /** `type` "none": the abbreviation names no entity of the extractor in that sense (a classification, a score). */
  senses: { type: string; term?: string; meaning?: string; cues?: string[]; next_words?: string[]; source: string }[];
}

/** In `next_words`, any number: "GA 22/40", "GA 28 wks". */
const NUMBER = "#number";

/** The cue table of one abbreviation: the default sense's cues tagged "0", the n-th other sense's tagged "n". */
export function senseTable(entry: AbbreviationSenseData, senses: (VocabularyTerm | null)[]): AbbreviationSenses {
  const phrases = [
    ...(entry.default_cues ?? []).map((c) => ({ keys: phraseWords(c), tag: "0" })),
    ...entry.senses.flatMap((s, n) => (s.cues ?? []).map((c) => ({ keys: phraseWords(c), tag: String(n + 1) }))),
  ];
  const nextWords = new Map(entry.senses.flatMap((s, n) => (s.next_words ?? []).map((w) => [w === NUMBER ? NUMBER : phraseKeys(w).join(" "), n] as const)));
  return { senses, table: phraseTable(phrases), nextWords, upperCaseOnly: !!entry.upper_case_only, defaultRequiresCue: !!entry.default_requires_cue };
}

const NO_ENTITY = { term: null };

/**
 * The sense of the abbreviation at tokens [from, to), or undefined for the default: the sense its next word names,
 * else the sense of the nearest cue in the note (in tokens, either side). The default when the nearest cue is the
 * default's, no cue is written, or two senses' cues are equally near; no entity instead when the default needs a cue
 * of its own, or when an abbreviation read only in capitals is not written so.
 */
export function senseAt(tokens: Token[], from: number, to: number, senses: AbbreviationSenses): { term: VocabularyTerm | null } | undefined {
  const raw = tokens.slice(from, to).map((t) => t.raw).join("");
  if (senses.upperCaseOnly && raw !== raw.toUpperCase()) return NO_ENTITY;
  const after = tokens[to];
  const next = senses.nextWords.get(after?.key ?? "") ?? (after && /^\d/.test(after.raw) ? senses.nextWords.get(NUMBER) : undefined);
  if (next !== undefined) return { term: senses.senses[next] };
  let best = Infinity;
  let tags: string[] = [];
  for (const c of findPhrases(tokens, senses.table)) {
    if (c.from < to && from < c.to) continue;
    const distance = c.to <= from ? from - c.to : c.from - to;
    if (distance < best) (best = distance), (tags = c.tags);
    else if (distance === best) tags = [...tags, ...c.tags];
  }
  const distinct = [...new Set(tags)];
  if (distinct.length === 1 && distinct[0] === "0") return undefined;
  if (distinct.length !== 1) return senses.defaultRequiresCue ? NO_ENTITY : undefined;
  return { term: senses.senses[Number(distinct[0]) - 1] };
}
