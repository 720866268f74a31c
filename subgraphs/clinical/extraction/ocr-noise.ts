import { canonicalWord, type Token } from "./text.js";
import type { Vocabulary } from "./vocabulary.js";

/**
 * Scanned notes (document digitization hands its OCR text to the extractor) carry the scanner's confusions: a
 * digit for a letter of the same shape ("omeprazo1e", "u1cer", "ceftriax0ne"), a lower-case l for a capital I in
 * a word in capitals ("NSAlD", "DlSCHARGE"), and a word hyphenated across a line break ("epigas-\ntric"). A
 * token is read as the word it was meant to be only when that word is one the vocabularies use and the token as
 * written is not: "HbA1c", "T2DM", "B12", "CD4" stay as written. Offsets and the raw text are kept, so every
 * span still slices back to what the note says.
 */

/** A hyphen at the end of a line, the word going on at the start of the next one. */
const LINE_BREAK_HYPHEN = /^-[ \t]*\r?\n[ \t]*$/;
/** The scanner's digit-for-letter confusions, within a word of letters: a 1 for an l or an i, a 0 for an o. */
const DIGIT_READINGS: Array<Record<string, string>> = [
  { "1": "l", "0": "o" },
  { "1": "i", "0": "o" },
];
/** At least three letters, and a 0 or 1 between or beside them: "insu1in", "ceftriax0ne" (not "T1", "0D", "G6PD"). */
const WORD_WITH_DIGIT = /^(?=(?:[^A-Za-z]*[A-Za-z]){3})[A-Za-z]*[01][A-Za-z01]*$/;
/** A word in capitals with a lower-case l for an I: "NSAlD", "OUTPATlENT" (at least two capitals). */
const CAPITALS_WITH_L = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Z]*l[A-Zl]*$/;

const known = (v: Vocabulary, key: string) => v.knownWords.has(key) || v.byFirstKey.has(key);

/** The word an OCR-garbled token was meant to be, or null when it is not garbled or nothing known is meant. */
export function ocrReading(v: Vocabulary, raw: string): string | null {
  if (known(v, canonicalWord(raw.toLowerCase()))) return null;
  const meant = WORD_WITH_DIGIT.test(raw) ? DIGIT_READINGS.map((r) => raw.replace(/[01]/g, (d) => r[d])) : CAPITALS_WITH_L.test(raw) ? [raw.replace(/l/g, "I")] : [];
  for (const word of meant) {
    const key = canonicalWord(word.toLowerCase());
    if (known(v, key)) return key;
  }
  return null;
}

/** The note's tokens with OCR confusions read as the words meant and line-break hyphenation joined. */
export function repairOcrTokens(v: Vocabulary, text: string, tokens: Token[]): Token[] {
  const read = tokens.map((t) => {
    const key = t.word ? ocrReading(v, t.raw) : null;
    return key ? { ...t, key } : t;
  });
  const out: Token[] = [];
  for (let i = 0; i < read.length; i++) {
    const t = read[i];
    const next = read[i + 1];
    if (t.word && next?.word && LINE_BREAK_HYPHEN.test(text.slice(t.end, next.start))) {
      const joined = canonicalWord((t.raw + next.raw).toLowerCase());
      const meant = ocrReading(v, t.raw + next.raw);
      const key = meant ?? joined;
      if (known(v, key)) {
        out.push({ key, raw: text.slice(t.start, next.end), start: t.start, end: next.end, word: true });
        i++;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}
