import type { Mention } from "../extraction/context.js";

/**
 * A number written within `within` words after one of `after`: `below` / `at_least` compare it, `then`
 * requires one of these words right after it (or, with `then_within`, anywhere from the `after` word to
 * that many words after the number: "took like 20 of my BP tablets", "swallowed my tablets, maybe 10"),
 * `not_next` words right after the number cancel it ("took my tablets 10 minutes ago"), and
 * `systolic_above` / `diastolic_above` read "a/b".
 */
export interface Reading {
  after: string[];
  within: number;
  below?: number;
  at_least?: number;
  then?: string[];
  then_within?: number;
  not_next?: string[];
  systolic_above?: number;
  diastolic_above?: number;
  /** A log ("BP this week: 150/95, 162/100, today 192/124"): when a number does not meet the rule, the next one within `within` words of it is read, and so on. */
  series?: boolean;
  /** Words that introduce a later reading of the same measure ("now 140/90", "sasa ni 6.4"): when that reading does not meet the rule, the earlier one was rechecked and is over. */
  rechecked_after?: string[];
}

/** A red-flag rule's category and its number readings. */
export interface ReadingRule {
  category: string;
  readings?: Reading[];
}

/** The number starting at token i ("2", ".", "1" → 2.1), or null. */
function numberAt(tokens: { key: string }[], i: number): { value: number; end: number } | null {
  if (!/^\d+$/.test(tokens[i]?.key ?? "")) return null;
  if (tokens[i + 1]?.key === "." && /^\d+$/.test(tokens[i + 2]?.key ?? "")) return { value: Number(`${tokens[i].key}.${tokens[i + 2].key}`), end: i + 3 };
  return { value: Number(tokens[i].key), end: i + 1 };
}

/** Whether a reading rule holds for the number(s) at token j; the end of what it read. */
function readingAt(r: Reading, tokens: { key: string }[], j: number, afterAt = -1): number | null {
  const n = numberAt(tokens, j);
  if (!n) return null;
  if (r.systolic_above !== undefined || r.diastolic_above !== undefined) {
    const d = tokens[n.end]?.key === "/" ? numberAt(tokens, n.end + 1) : null;
    if (!d) return null;
    return n.value > (r.systolic_above ?? Infinity) || d.value > (r.diastolic_above ?? Infinity) ? d.end : null;
  }
  if (r.below !== undefined && !(n.value < r.below)) return null;
  if (r.at_least !== undefined && !(n.value >= r.at_least)) return null;
  if (r.not_next?.includes(tokens[n.end]?.key ?? "")) return null;
  if (r.then && r.then_within !== undefined) {
    // The word may come before the number ("swallowed my tablets maybe 10") or a few words after it ("20 of my BP tablets").
    if (afterAt >= 0 && tokens.slice(afterAt + 1, j).some((t) => r.then!.includes(t.key))) return n.end;
    const k = tokens.slice(n.end, n.end + r.then_within).findIndex((t) => r.then!.includes(t.key));
    return k < 0 ? null : n.end + k + 1;
  }
  if (r.then) return r.then.includes(tokens[n.end]?.key ?? "") ? n.end + 1 : null;
  return n.end;
}

/**
 * Mentions made of numbers (patient-message-rules.json `readings`): the first number after a word of
 * `after` decides. Tokens a phrase took are left to the phrase, except a word of one of the rule's own all_of
 * groups ("swallowed my BP tablets maybe 10": "tablets" is also a word of the overdose rule's all_of).
 */
export function findReadings(redFlagRules: ReadingRule[], tokens: { key: string }[], phrases: (Mention & { tags: string[] })[]): (Mention & { tags: string[] })[] {
  const out: (Mention & { tags: string[] })[] = [];
  const read = new Set<number>();
  for (const rule of redFlagRules) {
    // A word that is also one of the rule's own all_of words ("tablets" of the overdose rule, and of another rule's group) is left to the reading.
    const blocking = phrases.filter((m) => !m.tags.some((t) => isOwnGroupWord(t, rule.category)));
    const span = (m: Mention) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k);
    // A word of another rule's all_of group alone is no finding, so it does not hold the words a reading needs
    // ("nimemeza vidonge 30": "*meza", swallowed, and "vidonge", tablets, are words of other rules' groups).
    const groupOnly = (m: Mention & { tags: string[] }) => m.tags.every((t) => /#\d+$/.test(t));
    const taken = new Set([...read, ...blocking.filter((m) => !groupOnly(m)).flatMap(span)]);
    for (const r of rule.readings ?? []) {
      for (let i = 0; i < tokens.length; i++) {
        if (!r.after.includes(tokens[i].key)) continue;
        const { j, end } = firstMet(r, tokens, i);
        if (end === null || j === undefined) continue;
        // Up to the number: a tablet word a few words on may follow another phrase's word ("15 of the malaria pills").
        const upTo = Math.min(end, numberAt(tokens, j!)!.end);
        if (Array.from({ length: upTo - i }, (_, k) => i + k).some((x) => taken.has(x))) continue;
        if (recheckedSince(r, tokens, end)) continue;
        out.push({ from: i, to: end, tags: [`${rule.category}#any`] });
        for (let x = i; x < end; x++) { taken.add(x); read.add(x); }
      }
    }
  }
  return out;
}

/** The first number within `within` words after token i that meets the rule; in a series, each later number within `within` words of the last. */
function firstMet(r: Reading, tokens: { key: string }[], i: number): { j: number | undefined; end: number | null } {
  const next = (from: number) => Array.from({ length: r.within }, (_, k) => from + k).find((x) => numberAt(tokens, x));
  let j = next(i + 1);
  while (j !== undefined) {
    const end = readingAt(r, tokens, j, i);
    if (end !== null || !r.series) return { j, end };
    j = next(lastNumberEnd(tokens, j));
  }
  return { j, end: null };
}

/** The token after the number at j, or after "a/b" when one is written there. */
function lastNumberEnd(tokens: { key: string }[], j: number): number {
  const n = numberAt(tokens, j)!;
  const d = tokens[n.end]?.key === "/" ? numberAt(tokens, n.end + 1) : null;
  return d ? d.end : n.end;
}

/** A tag of one of the rule's own all_of groups ("overdose_poisoning#1"), not one of its phrases ("#any"). */
function isOwnGroupWord(tag: string, category: string): boolean {
  return tag.startsWith(`${category}#`) && /#\d+$/.test(tag);
}

/** Words after a number that make it a time, not a reading ("now 10 minutes later"). */
const TIME_UNITS = new Set(["minute", "min", "hour", "hr", "day", "week", "month", "year", "am", "pm", "o", "time", "dakika", "saa", "siku", "wiki", "mwezi", "mwaka"]);
const RECHECK_WITHIN = 5;

/**
 * Whether a later reading of the same measure, introduced by a word of `rechecked_after` ("now 140/90 at
 * home", "sasa niko sawa, ni 6.4"), does not meet the rule: the reading at `from` was rechecked and is over.
 * A number followed by a time word ("now 10 minutes later") is not a reading.
 */
function recheckedSince(r: Reading, tokens: { key: string }[], from: number): boolean {
  if (!r.rechecked_after) return false;
  for (let w = from; w < tokens.length; w++) {
    if (!r.rechecked_after.includes(tokens[w].key)) continue;
    for (let j = w + 1; j <= w + RECHECK_WITHIN && j < tokens.length; j++) {
      const n = numberAt(tokens, j);
      if (!n) continue;
      const bp = r.systolic_above !== undefined || r.diastolic_above !== undefined;
      if (TIME_UNITS.has(tokens[n.end]?.key ?? "") || (bp && tokens[n.end]?.key !== "/")) break;
      return readingAt({ ...r, then: undefined, not_next: undefined }, tokens, j) === null;
    }
  }
  return false;
}
