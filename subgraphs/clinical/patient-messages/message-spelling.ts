import { phraseWords } from "../extraction/phrase-match.js";
import { canonicalWord, type Token } from "../extraction/text.js";

/**
 * SMS spellings read as the words they stand for, by class rather than by list (rules `sms_spelling`):
 * letters repeated for emphasis ("breeeathe", "HEEELP"), vowels, a doubled letter or a final g dropped ("bleedng",
 * "delivry", "refil", "vomitin"), and two words of a rule phrase written without the space between them
 * ("herhead", "turningblue"). Only a word that no list of the rules knows is read again, and only as a word
 * of the English rules (a red-flag, intent or shorthand word), so a Swahili or Luganda word keeps its reading.
 */
export interface SpellingRules {
  source: string;
  /** Shortest word read again for dropped letters or a missing space. */
  min_length: number;
  /** Most letters a dropped-letter spelling may leave out of the word it stands for. */
  max_dropped: number;
  /** A word shorter than this is read for dropped letters only when it has no vowel after its first letter ("aftr", not "drop" as droop or "bled"). */
  vowelless_below: number;
}

/** The rule-file parts the spelling classes read their vocabulary from. */
export interface SpellingVocabulary {
  /** Words of the English red-flag and intent phrases, and of the shorthand and variant readings: the words a spelling may be read as. */
  targets: string[];
  /** Every other word the rules know (English markers, each language's phrases, context words): never read again. */
  known: string[];
  /** Phrases whose adjacent word pairs a run-together word may be split into. */
  phrases: string[];
}

interface Compiled {
  known: Set<string>;
  byFirst: Map<string, string[]>;
  pairs: Set<string>;
}
const compiledFor = new WeakMap<object, Compiled>();

const LETTERS = /^[a-z]+$/;
const VOWELS = new Set(["a", "e", "i", "o", "u"]);
const plainWords = (phrases: string[]) => phrases.flatMap((p) => phraseWords(p)).filter((w) => !w.startsWith("*") && LETTERS.test(w));

function compile(key: object, vocabulary: () => SpellingVocabulary): Compiled {
  let c = compiledFor.get(key);
  if (c) return c;
  const v = vocabulary();
  const targets = [...new Set(plainWords(v.targets))].filter((w) => w.length >= 4);
  const byFirst = new Map<string, string[]>();
  for (const w of targets) byFirst.set(w[0], [...(byFirst.get(w[0]) ?? []), w]);
  const pairs = new Set<string>();
  for (const p of v.phrases) {
    const w = phraseWords(p);
    for (let i = 0; i + 1 < w.length; i++) if (LETTERS.test(w[i]) && LETTERS.test(w[i + 1])) pairs.add(`${w[i]} ${w[i + 1]}`);
  }
  c = { known: new Set([...targets, ...plainWords(v.known), ...plainWords(v.targets)]), byFirst, pairs };
  compiledFor.set(key, c);
  return c;
}

/**
 * Whether `short` is `word` with letters left out the way SMS writers leave them out, of one kind only:
 * vowels ("bleedng"), the second of a doubled letter ("refil"), or the g of a final -ing ("vomitin").
 * First letter kept; at most `max` dropped. Two kinds in one word are more often another real word
 * ("sting" is not sitting, "thrown" not throwing).
 */
export function dropsLettersOf(short: string, word: string, max: number): boolean {
  if (short.length >= word.length || word.length - short.length > max || short[0] !== word[0]) return false;
  let i = 0;
  const kinds = new Set<string>();
  for (let j = 0; j < word.length; j++) {
    if (i < short.length && short[i] === word[j]) { i++; continue; }
    const kind = VOWELS.has(word[j]) ? "vowel" : word[j] === word[j - 1] ? "double" : j === word.length - 1 && word[j] === "g" && word[j - 1] === "n" ? "g" : undefined;
    if (!kind) return false;
    kinds.add(kind);
  }
  return i === short.length && kinds.size === 1;
}

/** A run of three or more of one letter as one letter, or as two, whichever reads as a known word; else as written ("iiia", "yyyy"). */
function collapseRepeats(key: string, known: Set<string>): string {
  if (!/(\p{L})\1\1/u.test(key)) return key;
  const one = canonicalWord(key.replace(/(\p{L})\1{2,}/gu, "$1"));
  const two = canonicalWord(key.replace(/(\p{L})\1{2,}/gu, "$1$1"));
  return known.has(one) ? one : known.has(two) ? two : key;
}

/** The tokens with SMS spellings read as the words of the rules they stand for (offsets unchanged; a split word gives two tokens). */
export function readSpellings(rules: SpellingRules | undefined, tokens: Token[], cacheKey: object, vocabulary: () => SpellingVocabulary): Token[] {
  if (!rules) return tokens;
  const c = compile(cacheKey, vocabulary);
  const out: Token[] = [];
  for (const t of tokens) {
    if (!t.word || c.known.has(t.key)) { out.push(t); continue; }
    const key = collapseRepeats(t.key, c.known);
    if (c.known.has(key) || !LETTERS.test(key) || key.length < rules.min_length) { out.push(key === t.key ? t : { ...t, key }); continue; }
    // The word with the fewest letters left out ("vomitin": vomiting, not the misspelt vomitting), if only one.
    const vowelless = !/[aeiou]/.test(key.slice(1));
    const dropped = (key.length >= rules.vowelless_below || vowelless ? (c.byFirst.get(key[0]) ?? []) : []).filter((w) => dropsLettersOf(key, w, rules.max_dropped)).sort((a, b) => a.length - b.length);
    if (dropped.length && dropped[0].length < (dropped[1]?.length ?? Infinity)) { out.push({ ...t, key: dropped[0] }); continue; }
    const split = key.length > rules.min_length ? splitPair(key, c.pairs) : undefined;
    if (split && t.raw.toLowerCase().startsWith(split[0])) {
      const at = t.start + split[0].length;
      out.push({ ...t, key: split[0], raw: t.raw.slice(0, split[0].length), end: at }, { ...t, key: split[1], raw: t.raw.slice(split[0].length), start: at });
      continue;
    }
    out.push(key === t.key ? t : { ...t, key });
  }
  return out;
}

/** Two words of a rule phrase, in its order, that `key` spells without the space between them ("herhead" → her, head). */
function splitPair(key: string, pairs: Set<string>): [string, string] | undefined {
  for (let s = 2; s <= key.length - 2; s++) {
    const [a, b] = [key.slice(0, s), canonicalWord(key.slice(s))];
    if (pairs.has(`${a} ${b}`)) return [a, b];
  }
  return undefined;
}
