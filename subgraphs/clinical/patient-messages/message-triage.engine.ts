import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { assertMentions, findTriggers, namesRelative, sectionDefaults, triggerIndex, type Assertion, type Mention, type TriggerIndex, type TriggerLists } from "../extraction/context.js";
import { findPhrases, phraseTable, phraseWords, spellOutContractions, type PhraseTable, type TaggedPhrase } from "../extraction/phrase-match.js";
import { canonicalWord, sentenceStarts, tokenize, type Token } from "../extraction/text.js";
import { findNear, nearTable, type Near, type NearTable } from "./message-near.js";
import { chooseIntent, intentPhraseScores, NOT_REPORTED, type Intent } from "./message-intent.js";
import { findReadings, type Reading } from "./message-readings.js";
import { readSpellings, type SpellingRules, type SpellingVocabulary } from "./message-spelling.js";

export const TRIAGE_ENGINE_VERSION = "patient-message-triage@1.11.0";
export { INTENTS, type Intent } from "./message-intent.js";

interface RedFlagRule {
  category: string;
  label: string;
  phrases?: string[];
  /** Groups of phrases, one of each needed; an entry "@seizure" is met by a phrase of that rule ("fits" ... "not answering"). */
  all_of?: string[][];
  /** all_of groups that say whom or on what the sign happens ("diabetes", "on TB drugs"): never shown as the flag's words. */
  context_groups?: number[];
  child_terms?: string[];
  child_age_below_years?: number;
  flag_assertions: Assertion[];
  guidance: string;
  source: string;
  /** How the rule changed, by rules version (not served: `source` is). */
  history?: string[];
  /** Numbers a patient writes ("sugar is 2.1", "BP 200/130", "took 20 tablets"), read as mentions of the rule. */
  readings?: Reading[];
  /** An act and its object a few words apart ("drank rogor pesticide"), read as a phrase of the rule. */
  near?: Near[];
  /**
   * Someone else whose sign it is: a sign of a group that is not a context group, right after one of `words`
   * with only `between` words between ("delivered on monday, the baby has fever", "mtoto ana homa"), is that
   * person's and does not meet the group (their own rule reads it).
   */
  other_subjects?: { words: string[]; between: string[] };
}

/** How much of a message the rules can screen: all of it (English), its listed phrases, or only English phrases mixed into it. */
export type ScreeningCoverage = "full" | "partial" | "english_phrases";

/** A language's own phrases for the red-flag categories, read together with the English ones. */
interface LanguageRules {
  name: string;
  coverage: Exclude<ScreeningCoverage, "full">;
  status: string;
  term_sources?: string[];
  emergency_guidance?: string;
  context?: { triggers: TriggerLists; list_connectors?: string[] };
  red_flags?: Record<string, Pick<RedFlagRule, "phrases" | "all_of" | "child_terms" | "near">>;
  /** Prefixes of the language's negative verb tenses (Swahili ha-ja-, ha-ku-: "hajapata", has not had). */
  negative_verb_prefixes?: string[];
  /** Prefixes of a conditional addressed to the reader (Swahili u-ki-, m-ki-: "ukiumwa na nyoka", if you are bitten by a snake). */
  conditional_verb_prefixes?: string[];
  /** The language's own intent phrases, weighted as the English ones. */
  intents?: Record<string, Record<string, number>>;
}

export interface MessageRules {
  name: string;
  version: string;
  languages_screened: string[];
  languages_accepted: string[];
  languages?: Record<string, LanguageRules>;
  emergency_guidance: { text: string; source: string };
  red_flags: RedFlagRule[];
  intents: { source: string; rules: { intent: Intent; phrases: Record<string, number> }[] };
  query_expansions: { source: string; terms: Record<string, string> };
  /** SMS shorthand spelt out before anything is matched ("dnt" → "do not", "2day" → "today"). */
  sms_shorthand?: { source: string; words: Record<string, string> };
  /** Misspellings and voice-to-text errors of red-flag words, read as the word ("seizer" → "seizure"). */
  word_variants?: { source: string; words: Record<string, string> };
  /** SMS spellings read by class: repeated letters, dropped vowels or doubled letters, two rule words run together (message-spelling.ts). */
  sms_spelling?: SpellingRules;
  /** Counts written in words ("twenty", "ishirini"), read as the number so readings see them. */
  number_words?: { source: string; words: Record<string, string> };
  /** Phrases that name a red-flag word as a topic, not a finding ("suicide prevention"): matched first, never flagged. */
  topic_phrases?: { source: string; phrases: string[] };
  /** Common English words: a message tagged en with too few of them is not read as screened in full. */
  english_markers?: { source: string; min_share: number; words: string[] };
  /** English context words patients use, added to the extraction engine's for every message ("is gone", "last month"). */
  context?: { description?: string; triggers: TriggerLists };
  /** Subjects that deny their clause's finding ("nobody at home has", "hakuna mtu"), the words their clause may hold, and list joints. */
  negated_subjects?: { description?: string; phrases: string[]; scope_words: string[]; list_words: string[]; paired?: { first: string; then: string; verbs: string[] } };
}

let loaded: { rules: MessageRules; version: string } | undefined;

/** The rules file (patient-message-rules.json), read once; its version and checksum go into every audit record. */
export function messageRules(): { rules: MessageRules; version: string } {
  if (!loaded) {
    const raw = readFileSync(new URL("./patient-message-rules.json", import.meta.url), "utf8");
    const rules = JSON.parse(raw) as MessageRules;
    loaded = { rules, version: `${rules.name}@${rules.version}+${createHash("sha256").update(raw).digest("hex").slice(0, 12)}` };
  }
  return loaded;
}

export interface ScreenedMention {
  category: string;
  label: string;
  matchedText: string;
  assertion: Assertion;
  source: string;
}

export interface TriageResult {
  intent: Intent;
  confidence: number;
  intentScores: { intent: Intent; score: number }[];
  screened: boolean;
  /** full (English), partial (a language's draft phrase list), english_phrases (English phrases only). */
  coverage: ScreeningCoverage;
  redFlags: ScreenedMention[];
  /** Red-flag phrases found but not flagged (negated, hypothetical, historical), with why. */
  notFlagged: ScreenedMention[];
  guidance: string[];
}

const REFERENCE = "@";
const isReference = (phrase: string) => phrase.startsWith(REFERENCE);
const phraseIndex = (phrases: string[], tag: string): TaggedPhrase[] => phrases.filter((p) => !isReference(p)).map((p) => ({ keys: phraseWords(p), tag }));
const TOPIC = "topic#";

interface Compiled {
  redFlags: PhraseTable;
  intents: PhraseTable;
  weights: Map<string, number>;
  triggers: TriggerIndex | undefined;
  near: NearTable;
}
/** Per rules file and language: English phrases, plus the language's own for a language with a list. */
const compiled = new WeakMap<MessageRules, Map<string, Compiled>>();

function compile(rules: MessageRules, language: string): Compiled {
  const byLanguage = compiled.get(rules) ?? new Map<string, Compiled>();
  compiled.set(rules, byLanguage);
  const hit = byLanguage.get(language);
  if (hit) return hit;
  const local = rules.languages?.[language];
  // Patients mix languages and a message often arrives with the default tag: every language's phrase list
  // is read in every message ("my baby ana degedege" tagged en). Context words stay the tagged language's.
  const lists = Object.values(rules.languages ?? {});
  const redFlags: TaggedPhrase[] = [];
  for (const r of rules.red_flags) {
    const own = lists.map((l) => l.red_flags?.[r.category]);
    const phrases = [...(r.phrases ?? []), ...own.flatMap((o) => o?.phrases ?? [])];
    if (phrases.length) redFlags.push(...phraseIndex(phrases, `${r.category}#any`));
    r.all_of?.forEach((group, g) => redFlags.push(...phraseIndex([...group, ...own.flatMap((o) => o?.all_of?.[g] ?? [])], `${r.category}#${g}`)));
    const childTerms = [...(r.child_terms ?? []), ...own.flatMap((o) => o?.child_terms ?? [])];
    if (r.child_terms) redFlags.push(...phraseIndex(childTerms, `${r.category}#child`));
  }
  // A topic ("suicide prevention", "seizure tablets") is a longer phrase than the red-flag word in it, so it takes the words first.
  redFlags.push(...phraseIndex(rules.topic_phrases?.phrases ?? [], TOPIC));
  const intents: TaggedPhrase[] = [];
  const weights = new Map<string, number>();
  const intentPhrases = [...rules.intents.rules.map((r) => [r.intent, r.phrases] as const), ...lists.flatMap((l) => Object.entries(l.intents ?? {}))];
  for (const [intent, phrases] of intentPhrases) {
    for (const [phrase, w] of Object.entries(phrases)) {
      intents.push(...phraseIndex([phrase], `${intent}#${phrase}`));
      weights.set(`${intent}#${phrase}`, w);
    }
  }
  // A negated subject's "no" ("no one", "hakuna mtu") is not a negation of what follows it: a pseudo-trigger there,
  // and `negatedSubjects` gives its clause's findings their reading.
  const subjects: TriggerLists = rules.negated_subjects ? [["pseudo", "pre", rules.negated_subjects.phrases]] : [];
  const triggers = rules.context || local?.context || subjects.length ? triggerIndex([...(rules.context?.triggers ?? []), ...(local?.context?.triggers ?? []), ...subjects], local?.context?.list_connectors) : undefined;
  const near = nearTable(rules.red_flags.map((r) => ({ category: r.category, near: [...(r.near ?? []), ...lists.flatMap((l) => l.red_flags?.[r.category]?.near ?? [])] })));
  const result = { redFlags: phraseTable(redFlags), intents: phraseTable(intents), weights, triggers, near };
  byLanguage.set(language, result);
  return result;
}

/** How a message in `language` is screened: English in full; a language with its own list partly; any other for English phrases. */
export function screeningCoverage(rules: MessageRules, language: string): ScreeningCoverage {
  return rules.languages_screened.includes(language) ? "full" : (rules.languages?.[language]?.coverage ?? "english_phrases");
}

/**
 * Whether a message reads as English: enough of its words are common English words or words of the
 * English rules ("BP 200/130 severe headache"). A message in Kinyarwanda or Swahili that arrives with
 * the default tag en was not screened in full, so it must not come out `routine`.
 */
export function readsAsEnglish(rules: MessageRules, tokens: Token[]): boolean {
  const markers = rules.english_markers;
  if (!markers) return true;
  let known = markerSets.get(markers);
  if (!known) {
    const ruleWords = [...rules.red_flags.flatMap((r) => [...(r.phrases ?? []), ...(r.all_of ?? []).flat().filter((p) => !isReference(p)), ...(r.child_terms ?? [])]), ...rules.intents.rules.flatMap((r) => Object.keys(r.phrases))];
    known = new Set([...markers.words.map((w) => canonicalWord(w.toLowerCase())), ...ruleWords.flatMap((p) => phraseWords(p))]);
    markerSets.set(markers, known);
  }
  const words = tokens.filter((t) => t.word && !/^\d/.test(t.key) && t.key !== PAST_YEAR);
  if (!words.length) return true;
  return words.filter((t) => known.has(t.key)).length / words.length >= markers.min_share;
}
const markerSets = new WeakMap<object, Set<string>>();

/** The word a calendar year before the current one is read as, so context words can name it ("in pastyear", "mwaka pastyear"). */
export const PAST_YEAR = "pastyear";
/** Years from 1900 to last year ("had a stroke in 2019") read as `PAST_YEAR` (offsets unchanged); this year and later stay numbers. */
function readPastYears(tokens: Token[]): Token[] {
  const thisYear = new Date().getUTCFullYear();
  const past = (key: string) => /^(19|20)\d\d$/.test(key) && Number(key) < thisYear;
  return tokens.map((t) => (past(t.key) ? { ...t, key: PAST_YEAR } : t));
}

const patterns = new WeakMap<object, RegExp | null>();
/** SMS shorthand spelt out in the text itself, so matched words and their negations read as written in full. */
function spellOutShorthand(rules: MessageRules, message: string): string {
  const table = rules.sms_shorthand;
  if (!table) return message;
  let re = patterns.get(table);
  if (re === undefined) {
    const words = Object.keys(table.words).sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    re = words.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})(?![\\p{L}\\p{N}])`, "giu") : null;
    patterns.set(table, re);
  }
  const lower = new Map(Object.entries(table.words).map(([k, v]) => [k.toLowerCase(), v]));
  return re ? message.replace(re, (w) => lower.get(w.toLowerCase()) ?? w) : message;
}

/** The words the SMS spelling classes may read a word as (English rule, intent and shorthand words), and the words they leave alone. */
export function spellingVocabulary(rules: MessageRules): SpellingVocabulary {
  const ruleWords = (r: Pick<RedFlagRule, "phrases" | "all_of" | "child_terms">) => [...(r.phrases ?? []), ...(r.all_of ?? []).flat().filter((p) => !isReference(p)), ...(r.child_terms ?? [])];
  const english = [...rules.red_flags.flatMap(ruleWords), ...rules.intents.rules.flatMap((r) => Object.keys(r.phrases))];
  const languages = Object.values(rules.languages ?? {});
  const contextWords = (lists: TriggerLists | undefined) => (lists ?? []).flatMap(([, , words]) => words);
  return {
    targets: [...english, ...Object.values(rules.sms_shorthand?.words ?? {}), ...Object.values(rules.word_variants?.words ?? {})],
    known: [
      ...(rules.english_markers?.words ?? []),
      ...languages.flatMap((l) => [...Object.values(l.red_flags ?? {}).flatMap(ruleWords), ...Object.values(l.intents ?? {}).flatMap((p) => Object.keys(p)), ...contextWords(l.context?.triggers)]),
      ...Object.keys(rules.sms_shorthand?.words ?? {}), ...Object.keys(rules.word_variants?.words ?? {}), ...Object.keys(rules.number_words?.words ?? {}),
      ...(rules.topic_phrases?.phrases ?? []), ...contextWords(rules.context?.triggers),
      ...(rules.negated_subjects ? [...rules.negated_subjects.phrases, ...rules.negated_subjects.scope_words] : []),
      // The extraction engine's own NegEx/ConText words ("without", "denies"): a negation is never read as another word.
      ...[...triggerIndex().byFirst.values()].flat().map((d) => d.keys.join(" ")),
    ],
    phrases: english,
  };
}

const variantMaps = new WeakMap<object, Map<string, string>>();
/** Tokens with misspelt or misheard red-flag words read as the word they stand for (offsets unchanged). */
function readVariants(rules: MessageRules, tokens: Token[]): Token[] {
  return readWordTable(rules.word_variants, tokens);
}

/** Tokens whose word is a key of `table` read as its value (offsets unchanged). */
function readWordTable(table: { words: Record<string, string> } | undefined, tokens: Token[]): Token[] {
  if (!table) return tokens;
  let map = variantMaps.get(table);
  if (!map) {
    map = new Map(Object.entries(table.words).map(([k, v]) => [canonicalWord(k.toLowerCase()), canonicalWord(v.toLowerCase())]));
    variantMaps.set(table, map);
  }
  return tokens.map((t) => (t.word && map!.has(t.key) ? { ...t, key: map!.get(t.key)! } : t));
}

/**
 * Classifies the message's intent and screens it for red flags. The negation, hypothetical, history
 * and other-person rules are the entity extraction engine's (extraction/context.ts), applied to the
 * red-flag phrases as mentions. `patientAgeYears` lets a message about a young patient's fever and
 * lethargy count as a child's without the word "child".
 */
export function triageMessage(rules: MessageRules, message: string, language: string, patientAgeYears: number | null): TriageResult {
  const text = spellOutContractions(spellOutShorthand(rules, message));
  // Spelling classes first ("bleeeding" → "bleding"), then the listed variants ("bleding" → "bleeding").
  const tokens = readPastYears(readVariants(rules, readSpellings(rules.sms_spelling, tokenize(text), rules, () => spellingVocabulary(rules))));
  const c = compile(rules, language);

  const { scores, named } = intentPhraseScores(tokens, text, c, (mentions, assertions) => negatedSubjects(rules, tokens, mentions, assertions));
  const declared = screeningCoverage(rules, language);
  const coverage: ScreeningCoverage = declared === "full" && !readsAsEnglish(rules, tokens) ? "english_phrases" : declared;
  const redFlags: ScreenedMention[] = [];
  const notFlagged: ScreenedMention[] = [];
  const matched = findPhrases(tokens, c.redFlags);
  const phrases = matched.filter((m) => !m.tags.includes(TOPIC));
  const topics = matched.filter((m) => m.tags.includes(TOPIC));
  // Counts written in words ("twenty", "ishirini") are numbers to the readings only: context phrases keep the word ("miaka kumi iliyopita").
  const read = [...phrases, ...findReadings(rules.red_flags, readWordTable(rules.number_words, tokens), phrases)];
  // A pair whose words a topic took ("took my folic acid": "acid" is a medicine's name, not a poison) is not a finding.
  const paired = findNear(tokens, c.near, read).filter((m) => !topics.some((t) => t.from < m.to && m.from < t.to));
  const found = [...read, ...paired].sort((a, b) => a.from - b.from);
  // Words that say who it is about ("child", "baby") are context, not findings: they take no assertion
  // and do not hide a trigger around them ("fits as a child" is history).
  const children = found.filter((m) => m.tags.every((t) => t.endsWith("#child")));
  const mentions = found.filter((m) => !children.includes(m));
  const asserted = assertMentions(tokens, mentions, sentenceStarts(text), sectionDefaults(text), undefined, c.triggers);
  const assertions = negatedSubjects(rules, tokens, mentions, negatedVerbForms(rules, tokens, mentions, settleFamily(tokens, mentions, asserted, text, c.triggers, historyWords(rules))));
  for (const rule of rules.red_flags) {
    const hits = [
      ...mentions.flatMap((m, k) => m.tags.filter((tag) => tag.startsWith(`${rule.category}#`)).map((tag) => ({ m: { ...m, tag }, a: assertions[k] }))),
      ...children.filter((m) => m.tags.includes(`${rule.category}#child`)).map((m) => ({ m: { ...m, tag: `${rule.category}#child` }, a: "present" as Assertion })),
    ];
    const shown = (x: { m: Mention; a: Assertion }): ScreenedMention => ({ category: rule.category, label: rule.label, matchedText: text.slice(tokens[x.m.from].start, tokens[x.m.to - 1].end), assertion: x.a, source: rule.source });
    const counts = (x: { a: Assertion }) => rule.flag_assertions.includes(x.a);
    const flagged: { m: Mention; a: Assertion }[] = [];
    for (const h of hits.filter((x) => x.m.tag.endsWith("#any"))) (counts(h) ? flagged.push(h) : notFlagged.push(shown(h)));
    if (rule.all_of) {
      const others = otherSubject(rule, tokens);
      const groups = rule.all_of.map((group, g) => [...hits.filter((x) => x.m.tag === `${rule.category}#${g}` && !(others(x.m.from) && !rule.context_groups?.includes(g))), ...referredSigns(group, mentions, assertions)]);
      const isChild = hits.some((x) => x.m.tag.endsWith("#child")) || (patientAgeYears !== null && rule.child_age_below_years !== undefined && patientAgeYears < rule.child_age_below_years);
      const everyGroup = groups.every((g) => g.some(counts));
      // A rule with child terms is about children; one without (pregnancy) is about anyone.
      // A sign of another rule met a group; it is shown under that rule, not again under this one.
      const own = (x: { m: { tag: string } }) => x.m.tag !== REFERENCE;
      if (everyGroup && (!rule.child_terms || isChild)) flagged.push(...dangerSigns(rule, groups.map((g) => g.filter((x) => counts(x) && own(x)))));
      else notFlagged.push(...groups.flat().filter((x) => !counts(x) && own(x)).map(shown));
    }
    // One finding per category: every phrase, reading and all_of sign of it found, in the order written.
    if (flagged.length) redFlags.push(oneFlag(flagged.map(shown), flagged.map((x) => x.m.from)));
  }
  const categories = [...new Set(redFlags.map((f) => f.category))];
  // The emergency advice leads in the patient's language when the rules have it, then in English.
  const localEmergency = rules.languages?.[language]?.emergency_guidance;
  const guidance = categories.length ? [...(localEmergency ? [localEmergency] : []), rules.emergency_guidance.text, ...rules.red_flags.filter((r) => categories.includes(r.category)).map((r) => r.guidance)] : [];
  const { intent, confidence, intentScores } = chooseIntent(scores, named, categories.length);
  return { intent, confidence, intentScores, screened: coverage === "full", coverage, redFlags, notFlagged, guidance };
}

const subjectSets = new WeakMap<object, { words: Set<string>; between: Set<string> }>();
/** Whether the sign starting at token `from` follows one of the rule's `other_subjects` words, with only its `between` words between (at most 3). */
function otherSubject(rule: RedFlagRule, tokens: Token[]): (from: number) => boolean {
  const table = rule.other_subjects;
  if (!table) return () => false;
  let t = subjectSets.get(table);
  if (!t) {
    t = { words: new Set(table.words.flatMap((w) => phraseWords(w))), between: new Set(table.between.flatMap((w) => phraseWords(w))) };
    subjectSets.set(table, t);
  }
  const { words, between } = t;
  return (from) => {
    for (let i = from - 1, skipped = 0; i >= 0 && tokens[i].word && skipped <= 3; i--, skipped++) {
      if (words.has(tokens[i].key)) return true;
      if (!between.has(tokens[i].key)) return false;
    }
    return false;
  };
}

/**
 * The signs of an all_of rule that show the danger: the first of each group, leaving out the groups that only
 * say whom it happens to (`context_groups`: "diabetes" beside "confused"); all of them if nothing else is left.
 */
function dangerSigns<T>(rule: RedFlagRule, groups: T[][]): T[] {
  const firsts = groups.map((g) => g.slice(0, 1));
  const danger = firsts.filter((_, g) => !rule.context_groups?.includes(g)).flat();
  return danger.length ? danger : firsts.flat();
}

const ASSERTION_ORDER: Assertion[] = ["present", "family", "possible"];
/** One flag from a category's findings: their words in the order written, and the strongest assertion among them. */
function oneFlag(found: ScreenedMention[], at: number[]): ScreenedMention {
  const inOrder = found.map((f, k) => ({ f, at: at[k] })).sort((a, b) => a.at - b.at).map((x) => x.f);
  const rank = (a: Assertion) => (ASSERTION_ORDER.includes(a) ? ASSERTION_ORDER.indexOf(a) : ASSERTION_ORDER.length);
  const assertion = inOrder.map((f) => f.assertion).sort((a, b) => rank(a) - rank(b))[0];
  return { ...inOrder[0], matchedText: [...new Set(inOrder.map((f) => f.matchedText))].join("; "), assertion };
}


/** The mentions of the rules an all_of group names with "@" ("@seizure": any phrase of the seizure rule), with their assertions. */
function referredSigns(group: string[], mentions: (Mention & { tags: string[] })[], assertions: Assertion[]): { m: Mention & { tag: string }; a: Assertion }[] {
  const tags = group.filter(isReference).map((p) => `${p.slice(REFERENCE.length)}#any`);
  if (!tags.length) return [];
  return mentions.flatMap((m, k) => (m.tags.some((t) => tags.includes(t)) ? [{ m: { ...m, tag: REFERENCE }, a: assertions[k] }] : []));
}

/**
 * The extraction engine ranks "family" above "historical" (a relative's past illness is family history).
 * In a message, someone else's sign that is over or in the past is not an emergency: "my dad's stroke was
 * 2 years ago", "mama's fits stopped last year". A family mention is read again without the words that made
 * it family; if that reading is absent, historical or hypothetical, it takes that reading. Words of a history
 * trigger inside the family words stay ("my brother died of a heart attack": "died of"), since a relative
 * who died of the sign is family history, not an emergency now.
 */
function settleFamily(tokens: Token[], mentions: Mention[], assertions: Assertion[], text: string, index: TriggerIndex | undefined, history: string[][]): Assertion[] {
  if (!assertions.includes("family")) return assertions;
  const entityTokens = new Set(mentions.flatMap((m) => Array.from({ length: m.to - m.from }, (_, k) => m.from + k)));
  const family = findTriggers(tokens, entityTokens, index).filter((h) => h.kind === "family");
  // A relative a few words before the verb ("my neighbour's child had", "my cousins baby had") is family by the
  // extraction engine's own pass, not a trigger listed: its word is left out of the second reading too.
  const relatives = tokens.flatMap((t, i) => (t.word && !entityTokens.has(i) && namesRelative(t.key) ? [i] : []));
  if (!family.length && !relatives.length) return assertions;
  const kept = new Set(family.flatMap((h) => wordsOf(tokens, h.from, h.to, history)));
  const blank = new Set([...family.flatMap((h) => Array.from({ length: h.to - h.from }, (_, k) => h.from + k)), ...relatives].filter((i) => !kept.has(i)));
  const without = tokens.map((t, i) => (blank.has(i) ? { ...t, key: "\u00b7" } : t));
  const again = assertMentions(without, mentions, sentenceStarts(text), sectionDefaults(text), undefined, index);
  return assertions.map((a, k) => (a === "family" && NOT_REPORTED.includes(again[k]) ? again[k] : a));
}

/**
 * A negated subject denies the finding of its own clause: "nobody at home has fever", "no one in the family has had
 * fits or convulsions", "hakuna mtu kwetu anatapika damu". The words between the subject and the first finding must
 * all be group, place or having/being words (`scope_words`); anything else (punctuation, a new subject, another verb:
 * "no one can help me i can not breathe", "nobody came when my baby was fitting") ends the clause, and the finding
 * keeps its reading. Findings joined to a denied one by list words only are denied too. A reported, family or possible
 * reading becomes absent; historical or hypothetical ones stay (they are not flagged either).
 */
function negatedSubjects(rules: MessageRules, tokens: Token[], mentions: Mention[], assertions: Assertion[]): Assertion[] {
  const table = rules.negated_subjects;
  if (!table || !mentions.length) return assertions;
  let t = subjectTables.get(table);
  if (!t) {
    t = { subjects: table.phrases.map((p) => phraseWords(p)).sort((a, b) => b.length - a.length), scope: new Set(table.scope_words.flatMap((w) => phraseWords(w))), list: new Set(table.list_words.map((w) => (/^[\p{L}\p{N}]/u.test(w) ? phraseWords(w).join(" ") : w))) };
    subjectTables.set(table, t);
  }
  const inMention = (i: number) => mentions.some((m) => m.from <= i && i < m.to);
  const out = [...assertions];
  for (let i = 0; i < tokens.length; i++) {
    if (inMention(i)) continue;
    const subject = t.subjects.find((w) => w.every((k, j) => tokens[i + j]?.key === k && !inMention(i + j))) ?? pairedSubject(table.paired, tokens, i, inMention);
    if (!subject) continue;
    let last = i + subject.length;
    let first = true;
    for (let k = 0; k < mentions.length; k++) {
      const m = mentions[k];
      if (m.from < last) continue;
      const gap = tokens.slice(last, m.from);
      const joins = first ? gap.every((g) => g.word && t.scope.has(g.key)) : gap.length > 0 && gap.every((g) => t.list.has(g.key)) || gap.length === 0;
      if (!joins) break;
      if (["present", "family", "possible"].includes(out[k])) out[k] = "absent";
      last = Math.max(last, m.to);
      first = false;
    }
    i += subject.length - 1;
  }
  return out;
}
/**
 * "Neither me nor the baby has", "wala mimi wala mtoto hana": a paired subject, from its first word through
 * the second to the verb after it (at most 4 words on each side, words only), as the list of word keys it spans.
 */
function pairedSubject(paired: { first: string; then: string; verbs: string[] } | undefined, tokens: Token[], i: number, inMention: (i: number) => boolean): string[] | undefined {
  if (!paired || tokens[i].key !== paired.first) return undefined;
  const plain = (k: number) => tokens[k]?.word && !inMention(k);
  let nor = -1;
  for (let k = i + 1; k <= i + 4 && plain(k); k++) if (tokens[k].key === paired.then) { nor = k; break; }
  if (nor < 0) return undefined;
  for (let k = nor + 1; k <= nor + 4 && plain(k); k++) if (paired.verbs.includes(tokens[k].key)) return tokens.slice(i, k).map((x) => x.key);
  return undefined;
}
const subjectTables = new WeakMap<object, { subjects: string[][]; scope: Set<string>; list: Set<string> }>();

/** The token indices from..to-1 that spell one of `phrases` (each a list of word keys). */
function wordsOf(tokens: Token[], from: number, to: number, phrases: string[][]): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) {
    const p = phrases.find((w) => i + w.length <= to && w.every((k, j) => tokens[i + j].key === k));
    if (p) out.push(...p.map((_, j) => i + j));
  }
  return out;
}

/** The rules' English history pre-triggers ("died of", "died from"), as word keys. */
function historyWords(rules: MessageRules): string[][] {
  return (rules.context?.triggers ?? []).filter(([kind, dir]) => kind === "historical" && dir === "pre").flatMap(([, , words]) => words.map((w) => phraseWords(w)));
}

/**
 * A Swahili verb a `*` phrase word matched in a conditional addressed to the reader ("ukiumwa na nyoka",
 * if you are bitten by a snake: `conditional_verb_prefixes`) is advice, read as hypothetical.
 * A Swahili verb a `*` phrase word matched in a negative tense ("hajapata degedege", has not had fits;
 * "hakuzimia", did not faint: the prefixes `negative_verb_prefixes`) is a denial, unless the form is itself
 * a listed phrase word ("hajakojoa", has not passed urine, is a danger sign). The `*` stands for the subject
 * and tense of an affirmative verb.
 */
function negatedVerbForms(rules: MessageRules, tokens: Token[], mentions: Mention[], assertions: Assertion[]): Assertion[] {
  const prefixes = Object.values(rules.languages ?? {}).flatMap((l) => l.negative_verb_prefixes ?? []);
  const conditional = Object.values(rules.languages ?? {}).flatMap((l) => l.conditional_verb_prefixes ?? []);
  const literal = literalWords(rules);
  const tensed = (list: string[]) => (t: Token) => !literal.has(t.key) && list.some((p) => t.key.startsWith(p) && t.key.length > p.length + 2);
  const [negated, supposed] = [tensed(prefixes), tensed(conditional)];
  const within = (k: number, test: (t: Token) => boolean) => tokens.slice(mentions[k].from, mentions[k].to).some(test);
  return assertions.map((a, k) => (within(k, negated) ? "absent" : within(k, supposed) ? "hypothetical" : a));
}

const literalSets = new WeakMap<MessageRules, Set<string>>();
/** Every whole word (not `*`) of the red-flag phrases, English and each language's. */
function literalWords(rules: MessageRules): Set<string> {
  let set = literalSets.get(rules);
  if (!set) {
    const lists = [rules.red_flags, ...Object.values(rules.languages ?? {}).map((l) => Object.values(l.red_flags ?? {}))];
    const phrases = lists.flat().flatMap((r) => [...(r.phrases ?? []), ...(r.all_of ?? []).flat(), ...(r.child_terms ?? [])]);
    set = new Set(phrases.filter((p) => !isReference(p)).flatMap((p) => phraseWords(p)).filter((w) => !w.startsWith("*")));
    literalSets.set(rules, set);
  }
  return set;
}
