import { phraseKeys, type Token } from "./text.js";
import type { Mention } from "./context.js";

/**
 * Phrase lists matched on the extraction engine's tokens (patient-message red flags, copilot
 * symptoms): contractions spelt out, phrases of one wording merged, longest first, no overlaps.
 */

/**
 * Patient spelling: "can't" → "can not", "won't" → "will not", "don't"/"dont" → "do not", so the
 * extraction engine's "not" trigger sees the negation (its tokenizer drops apostrophes).
 */
export function spellOutContractions(text: string): string {
  return text
    .replace(/\bcan['’]?t\b|\bcannot\b/gi, "can not")
    .replace(/\bwon['’]?t\b/gi, "will not")
    .replace(/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n['’]?t\b/gi, "$1 not")
    .replace(/\b(i|you|he|she|it|we|they)['’](m|s|re|ve|d|ll)\b/gi, "$1 $2");
}

export interface TaggedPhrase {
  keys: string[];
  tag: string;
}

/** Phrases as `findPhrases` reads them: one entry per distinct wording with every tag, longest first. */
export interface PhraseTable {
  entries: { keys: string[]; tags: string[] }[];
}

/** A phrase word `*pumua` matches any word ending in "pumua" (napumua, anapumua); other words match whole. */
const SUFFIX = "*";
const wordMatches = (key: string | undefined, k: string) => key !== undefined && (k.startsWith(SUFFIX) ? key.endsWith(k.slice(1)) : key === k);

/** A phrase's keys, with `*` joined to the word after it ("*pumua kwa shida" → ["*pumua", "kwa", "shida"]). */
export function phraseWords(phrase: string): string[] {
  const keys = phraseKeys(spellOutContractions(phrase));
  return keys.flatMap((k, i) => (k === SUFFIX ? [] : keys[i - 1] === SUFFIX ? [SUFFIX + k] : [k]));
}

/**
 * Merges phrases of the same wording ("fits" is a seizure and, in a child with fever, a danger sign)
 * into one entry carrying every tag, so each rule sees a mention.
 */
export function phraseTable(phrases: TaggedPhrase[]): PhraseTable {
  const byWording = new Map<string, { keys: string[]; tags: string[] }>();
  for (const p of phrases) {
    if (!p.keys.length) continue;
    const entry = byWording.get(p.keys.join(" ")) ?? { keys: p.keys, tags: [] };
    if (!entry.tags.includes(p.tag)) entry.tags.push(p.tag);
    byWording.set(p.keys.join(" "), entry);
  }
  return { entries: [...byWording.values()].sort((a, b) => b.keys.length - a.keys.length) };
}

/** Every occurrence of the table's phrases in the tokens, longest first, without overlaps, each with its tags. */
export function findPhrases(tokens: Token[], table: PhraseTable): (Mention & { tags: string[] })[] {
  const taken = new Set<number>();
  const out: (Mention & { tags: string[] })[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (taken.has(i)) continue;
    for (const p of table.entries) {
      if (p.keys.every((k, j) => wordMatches(tokens[i + j]?.key, k) && !taken.has(i + j))) {
        out.push({ from: i, to: i + p.keys.length, tags: p.tags });
        for (let j = i; j < i + p.keys.length; j++) taken.add(j);
        break;
      }
    }
  }
  return out.sort((a, b) => a.from - b.from);
}
