/**
 * Tokens with their offsets in the original text, and the canonical form both the dictionary and
 * the note are matched in (lower case, British spellings folded to American, simple plurals off).
 * Offsets always point into the caller's string, so every span slices back to what was written.
 */
export interface Token {
  /** Canonical form used for matching. */
  key: string;
  /** The token as written. */
  raw: string;
  start: number;
  end: number;
  /** Letters or digits (false for punctuation). */
  word: boolean;
}

const TOKEN = /[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;
/** The same tokens for plain ASCII text, several times faster than the Unicode property classes. */
const ASCII_TOKEN = /[A-Za-z0-9]+|[^\sA-Za-z0-9]/g;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
/** Hyphens and apostrophes join words in some notes and not in others: they are not matched. */
const IGNORED_PUNCTUATION = new Set(["-", "'", "’", "‐", "–"]);

/** British → American folds and common plural endings, applied the same way to terms and notes. */
export function canonicalWord(lower: string): string {
  let w = lower;
  if (w.length > 3) {
    w = w.replace(/ae/g, "e").replace(/oe/g, "e");
    if (w.endsWith("isation")) w = `${w.slice(0, -7)}ization`;
  }
  if (w.length > 4 && w.endsWith("s") && !/(ss|us|is|ys)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/**
 * The minus sign as a result: "HIV -ve", "HIV-ve" (one token, read as "negative") and a lone "-" after a
 * finding that ends the item ("jaundice -, oedema -"; key "-"). A hyphen inside a word or range
 * ("non-reactive", "3-5", "well-being") stays ignored.
 */
const MINUS = new Set(["-", "–", "‐", "−"]);
const MINUS_VE = /ve(?![\p{L}\p{N}])/iuy;
const MINUS_ENDS_ITEM = /[ \t]*(?:[,;.)\n\r]|$)/y;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const ascii = ASCII_ONLY.test(text);
  let skipUntil = -1;
  for (const m of text.matchAll(ascii ? ASCII_TOKEN : TOKEN)) {
    const raw = m[0];
    const at = m.index!;
    if (at < skipUntil) continue;
    if (MINUS.has(raw)) {
      MINUS_VE.lastIndex = MINUS_ENDS_ITEM.lastIndex = at + 1;
      if (MINUS_VE.test(text)) {
        out.push({ key: "negative", raw: text.slice(at, at + 3), start: at, end: at + 3, word: false });
        skipUntil = at + 3;
        continue;
      }
      if ((at === 0 || /[\s:]/.test(text[at - 1])) && MINUS_ENDS_ITEM.test(text)) {
        out.push({ key: "-", raw, start: at, end: at + 1, word: false });
        continue;
      }
    }
    if (IGNORED_PUNCTUATION.has(raw)) continue;
    const word = ascii ? /[A-Za-z0-9]/.test(raw[0]) : /[\p{L}\p{N}]/u.test(raw);
    out.push({ key: word ? canonicalWord(raw.toLowerCase()) : raw, raw, start: at, end: at + raw.length, word });
  }
  return out;
}

/** Canonical keys of a dictionary phrase. */
export function phraseKeys(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.key);
}

/**
 * Sentence number of every offset boundary: a sentence ends at `.`, `!` or `;` followed by space or
 * the end (not a decimal point), or at a line break.
 */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  const re = /[.!;](?=\s|$)|\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index + 1);
  return starts;
}

/** Index of the sentence holding `offset` (binary search over `starts`). */
export function sentenceOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
