import type { Mention } from "../extraction/context.js";
import { findPhrases, phraseTable, phraseWords, type PhraseTable, type TaggedPhrase } from "../extraction/phrase-match.js";
import type { Token } from "../extraction/text.js";

/**
 * An act and its object a few words apart ("drank rogor pesticide", "amekunywa dawa ya kuua panya",
 * "bitten on the face by a dog"): a phrase of `first`, then within `within` words a phrase of `then`,
 * in the same sentence. Read as one mention of the rule.
 */
export interface Near {
  first: string[];
  then: string[];
  within: number;
  /** Words between the two that deny the pair ("stool is not black", "choo si cheusi"). */
  broken_by?: string[];
}

/** A rule's category with its near pairs (English and each language's). */
export interface NearRule {
  category: string;
  near?: Near[];
}

export interface NearTable {
  table: PhraseTable;
  within: Map<string, number>;
  brokenBy: Map<string, Set<string>>;
}

/** One phrase table for every rule's pairs; tags are `category|k|a` (first) and `category|k|b` (then). */
export function nearTable(rules: NearRule[]): NearTable {
  const phrases: TaggedPhrase[] = [];
  const within = new Map<string, number>();
  const brokenBy = new Map<string, Set<string>>();
  for (const r of rules) {
    (r.near ?? []).forEach((n, k) => {
      const key = `${r.category}|${k}`;
      within.set(key, n.within);
      brokenBy.set(key, new Set((n.broken_by ?? []).flatMap((w) => phraseWords(w))));
      phrases.push(...n.first.map((p) => ({ keys: phraseWords(p), tag: `${key}|a` })), ...n.then.map((p) => ({ keys: phraseWords(p), tag: `${key}|b` })));
    });
  }
  return { table: phraseTable(phrases), within, brokenBy };
}

const SENTENCE_END = new Set([".", "?", "!", ";"]);

/**
 * The pairs found in the tokens, each as a mention tagged `category#any`; a pair that overlaps a phrase of
 * its own rule already found (`taken`: "drank paraffin") is left to that phrase. A word of an all_of group inside
 * it ("swallowed some", "pesticide", also a means of the suicide rule's plan) does not stop it.
 */
export function findNear(tokens: Token[], near: NearTable, taken: (Mention & { tags: string[] })[]): (Mention & { tags: string[] })[] {
  if (!near.within.size) return [];
  const hits = findPhrases(tokens, near.table);
  const out: (Mention & { tags: string[] })[] = [];
  const overlaps = (from: number, to: number, category: string) =>
    [...taken, ...out].some((m) => m.from < to && from < m.to && m.tags.includes(`${category}#any`));
  for (const a of hits) {
    for (const tag of a.tags.filter((t) => t.endsWith("|a"))) {
      const key = tag.slice(0, -2);
      const limit = a.to + near.within.get(key)!;
      const b = hits.find((h) => h.from >= a.to && h.from <= limit && h.tags.includes(`${key}|b`));
      const category = key.split("|")[0];
      const between = tokens.slice(a.to, b?.from ?? a.to);
      if (!b || between.some((t) => SENTENCE_END.has(t.key) || near.brokenBy.get(key)!.has(t.key)) || overlaps(a.from, b.to, category)) continue;
      out.push({ from: a.from, to: b.to, tags: [`${category}#any`] });
    }
  }
  return out;
}
