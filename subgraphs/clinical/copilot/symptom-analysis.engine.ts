import { assertMentions, sectionDefaults, type Assertion } from "../extraction/context.js";
import { extractEntities, type ExtractedEntity } from "../extraction/extraction.engine.js";
import { findPhrases, phraseTable, phraseWords, spellOutContractions, type PhraseTable } from "../extraction/phrase-match.js";
import { sentenceStarts, tokenize } from "../extraction/text.js";
import { loadVocabulary } from "../extraction/vocabulary.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import type { SymptomKnowledge } from "../knowledge/knowledge.types.js";
import { durationDays, stripDurations } from "./durations.js";
import { readMeasurements, type MeasurementRules } from "./measurements.js";

/** The optional sections of symptoms.json this engine reads (see the file's descriptions). */
interface SymptomKnowledgeSections {
  symptom_parents?: { parents: Record<string, string[]> };
  abbreviations?: { map: Record<string, string> };
  duration_rules?: { id: string; symptom: string; min_days: number; condition: string; factor: number; note: string; source: string }[];
  pregnancy_from_record?: { current_icd10: string[]; ended_icd10: string[]; max_days: number };
  symptom_windows?: { max_days: Record<string, number> };
  measurements?: MeasurementRules;
  normal_findings?: { map: Record<string, string[]> };
  contact_exposures?: { ids: string[] };
}

/**
 * Whether the record says the woman is pregnant now: a current-pregnancy diagnosis (symptoms.json
 * pregnancy_from_record) within max_days of `today`, not resolved, with no pregnancy outcome on or after it.
 */
export function pregnantFromRecord(k: Knowledge, sex: string, dx: { code: string; date: string; status?: string | null }[], today: string): boolean {
  const rule = sections(k).pregnancy_from_record;
  if (!rule || sex !== "female") return false;
  const norm = (c: string) => c.toUpperCase().replace(/\./g, "");
  const under = (code: string, prefixes: string[]) => prefixes.some((p) => norm(code).startsWith(norm(p)));
  const earliest = new Date(Date.parse(today) - rule.max_days * 86_400_000).toISOString().slice(0, 10);
  const current = dx.filter((d) => under(d.code, rule.current_icd10) && d.status !== "resolved" && d.date >= earliest && d.date <= today);
  if (!current.length) return false;
  const latest = current.map((d) => d.date).sort().at(-1)!;
  return !dx.some((d) => under(d.code, rule.ended_icd10) && d.date >= latest);
}
const sections = (k: Knowledge) => k.symptoms as SymptomKnowledge & SymptomKnowledgeSections;

export const COPILOT_ENGINE_VERSION = "copilot-engine@1.13.0";

/**
 * List punctuation separates entries in one text: "no fever, chest pain" negates fever only (over-
 * triage is the safer reading of a terse list; the extraction engine's ConText would carry the "no" on).
 */
const LIST_SEPARATOR = /[,;\n]+|\.(?=\s|$)/;

/**
 * "neighbour's dog bit him", "my uncle's cat scratched her": whose the animal is says nothing of whose the bite
 * is, but ConText reads a person's possessive as someone else's experience. The owner's "'s" is dropped before
 * an animal, so the bite stays the patient's.
 */
const OWNER_OF_ANIMAL = /\b([a-z]+)['’]s\s+(?=(?:dogs?|puppy|cats?|kitten|monkeys?|bats?|cows?|goats?|donkeys?|pigs?|mbwa|paka)\b)/gi;
const withoutAnimalOwner = (text: string) => text.replace(OWNER_OF_ANIMAL, "$1 ");

/**
 * "raped by an unknown man", "bitten by an unidentified dog", "hit by an unknown motorcycle": "unknown" names who
 * or what did it, not whether it happened, but ConText reads it as a hypothetical trigger. After "by"/"from" it is
 * dropped, so the event stays the patient's ("fever, cause unknown" keeps its reading).
 */
const UNKNOWN_AGENT = /\b(by|from)\s+((?:an?|some)\s+)?(?:unknown|unidentified)\s+(?=[a-z])/gi;
const withoutUnknownAgent = (text: string) => text.replace(UNKNOWN_AGENT, "$1 $2");

/**
 * An entry with a negation word never gives a contact exposure from someone else's words: "no contact with anyone
 * with measles" reads "anyone" as another person, which would otherwise outweigh the "no".
 */
const NEGATION_WORD = /\b(?:no|not|never|denies|denied|without|nil|none)\b/i;
const NO_EXPOSURES = new Set<string>();

/**
 * "no other burns", "nil other complaints", "no further injuries": nothing more of what was told, not its
 * absence (a NegEx pseudo-negation, like "no change"): the entry is read, and negates nothing.
 */
const NOTHING_ELSE = /^\s*(?:no|nil|without|denies)\s+(?:other|further)\b/i;
/**
 * "baby otherwise well", "child is otherwise healthy", "otherwise ok": a statement that nothing else is wrong,
 * read (the entry is assessed) and negating nothing.
 */
const OTHERWISE_WELL = /^\s*(?:(?:the\s+)?(?:baby|child|infant|boy|girl|patient|pt|he|she|mtoto)\s+(?:is\s+|was\s+|looks\s+|seems\s+)?)?otherwise\s+(?:well|healthy|fine|ok|okay|normal|active)\s*$/i;

export interface SymptomPatient {
  age: number;
  sex: string;
  diagnosisCodes: string[];
  /** Pregnant now, from the record (pregnantFromRecord); absent on sessions started before it was stored. */
  pregnant?: boolean;
}

export interface DifferentialItem {
  condition: string;
  probability: number;
  code: string;
  matchedSymptoms: string[];
}

export interface SymptomAnalysis {
  differentialDiagnosis: DifferentialItem[];
  /** unassessed: nothing in what was read is urgent, but some input could not be read (unrecognizedSymptoms). */
  urgency: "emergency" | "urgent" | "routine" | "unassessed";
  recommendedTests: { test: string; priority: string; reason: string }[];
  redFlags: string[];
  recognizedSymptoms: string[];
  negatedSymptoms: string[];
  unrecognizedSymptoms: string[];
  otherConditionsProbability: number;
}

/**
 * A concept of the extraction vocabulary: its code, else its display; a medication's under its own prefix
 * (an RxNorm code is a number, as a SNOMED CT code is).
 */
const conceptKey = (e: ExtractedEntity) => `${e.type === "medication" ? "rx:" : ""}${e.code || `display:${e.display.toLowerCase()}`}`;
/**
 * Symptoms, diagnoses and medications map: a drug a symptom id names ("nevirapine", "RHZE") is read in any of
 * the vocabulary's names for it ("NVP", "septrin prophylaxis", "anti-TB drugs").
 */
const MAPPED_TYPES = new Set(["symptom", "diagnosis", "medication"]);
const conceptMaps = new WeakMap<Knowledge, Map<string, string>>();

/**
 * The extraction vocabulary's concepts (SNOMED CT and ICD-10-CM terms with their synonyms, spellings and
 * plurals) mapped to the copilot's symptom ids, derived by reading each id's own phrases with it: no code
 * is written by hand (medications too: see MAPPED_TYPES). A phrase maps only when one concept covers all of it ("throat pain" read as just
 * "pain" maps nothing), so a generic concept never stands for a specific symptom.
 */
function symptomConcepts(k: Knowledge): Map<string, string> {
  let map = conceptMaps.get(k);
  if (map) return map;
  map = new Map();
  const v = loadVocabulary();
  // A diagnosis the differential itself ranks (or its category: "A09" of "A09.9") is not a symptom:
  // "dysentery" read as A09 must not make every "gastroenteritis" a bloody diarrhoea.
  const ranked = k.symptoms.conditions.map((c) => c.icd10.toUpperCase());
  const isRanked = (code: string) => ranked.some((r) => r === code.toUpperCase() || r.startsWith(`${code.toUpperCase()}.`));
  for (const [id, phrases] of Object.entries(k.symptoms.symptoms)) {
    for (const phrase of phrases) {
      for (const e of extractEntities(v, phrase).entities) {
        if (e.type === "diagnosis" && e.code && isRanked(e.code)) continue;
        if (MAPPED_TYPES.has(e.type) && e.start === 0 && e.end === phrase.length && !map.has(conceptKey(e))) map.set(conceptKey(e), id);
      }
    }
  }
  conceptMaps.set(k, map);
  return map;
}

/**
 * Articles, possessives, subject pronouns, "both", "also" and the hedges "slightly"/"somewhat" carry no symptom
 * meaning: they are left out of the phrases and of the text alike, so "swelling of both legs", "swelling of his
 * legs", "bitten by a dog" and "dizzy when she stands up" read as the phrases "swelling of legs", "bitten by dog"
 * and "dizzy when stands up" (intensifiers such as "very" are kept: "very thin" is wasting, "thin" alone is not).
 */
const FILLER_WORDS = new Set(["both", "the", "a", "an", "my", "his", "her", "their", "he", "she", "also", "slightly", "somewhat"].map((w) => tokenize(w)[0].key));
/** "a bit swollen", "eyes a bit red": the hedge "a bit" is left out too ("dog bit" keeps its verb). */
const isHedge = (key: string, previous: string | undefined) => key === "bit" && previous === "a";

/**
 * The side of a paired body part carries no symptom meaning either: "pain R hip", "weakness of left arm",
 * "swollen rt leg" read as "pain hip", "weakness of arm", "swollen leg". Only before a body part, so
 * "right iliac fossa pain" and "weakness on one side" keep their words.
 */
const SIDE_WORDS = new Set(["right", "left", "r", "l", "rt", "lt"]);
const PAIRED_PARTS = new Set(
  ["arm", "arms", "leg", "legs", "hip", "hips", "eye", "eyes", "ear", "ears", "foot", "feet", "hand", "hands", "knee", "knees", "ankle", "ankles", "shoulder", "elbow", "wrist", "thigh", "calf", "breast", "testicle", "testis", "testes", "loin", "flank", "cheek", "eyelid", "groin", "armpit", "axilla", "jaw", "shin", "forearm"].map((w) => tokenize(w)[0].key),
);
/**
 * A count carries no symptom meaning either ("swallowed about 20 tablets", "passed 3 worms"): a number, and an
 * approximation word before one, are left out of the phrases and of the text alike ("type 1 diabetes" reads
 * "type diabetes" on both sides). The numbers themselves are read from the raw entry (./measurements.ts).
 */
const isNumber = (key: string) => /^\d+$/.test(key);
const APPROXIMATORS = new Set(["about", "around", "approximately", "approx", "nearly", "almost", "over", "some"].map((w) => tokenize(w)[0].key));
const isDroppedWord = (key: string, next: string | undefined) =>
  FILLER_WORDS.has(key) || isNumber(key) || (next !== undefined && ((SIDE_WORDS.has(key) && PAIRED_PARTS.has(next)) || (APPROXIMATORS.has(key) && isNumber(next))));
/** Keys (or tokens) without filler words, hedges, counts and the side before a paired body part. */
function withoutFillers<T>(items: T[], keyOf: (t: T) => string): T[] {
  const keyAt = (i: number) => (items[i] === undefined ? undefined : keyOf(items[i]));
  return items.filter((t, i) => !isDroppedWord(keyOf(t), keyAt(i + 1)) && !isHedge(keyOf(t), keyAt(i - 1)));
}
const tokenKey = (t: { key: string }) => t.key;

const symptomTables = new WeakMap<Knowledge, PhraseTable>();

/** Tag of a normal finding's phrase: the symptom id it denies, after this prefix. */
const NORMAL = "normal:";

/**
 * The knowledge's symptom phrases on the extraction engine's tokens, tagged with their symptom id, and
 * its normal findings ("feeding well", "skin pinch goes back immediately") tagged NORMAL + the id they
 * deny, in one table so the longer wording wins ("baby not moving" over "baby moving").
 */
function symptomTable(k: Knowledge): PhraseTable {
  let table = symptomTables.get(k);
  if (!table) {
    const tagged = (entries: [string, string[]][], prefix: string) => entries.flatMap(([id, list]) => list.map((p) => ({ keys: withoutFillers(phraseWords(p), (w) => w), tag: prefix + id })));
    table = phraseTable([...tagged(Object.entries(k.symptoms.symptoms), ""), ...tagged(Object.entries(sections(k).normal_findings?.map ?? {}), NORMAL)]);
    symptomTables.set(k, table);
  }
  return table;
}

/**
 * Maps free text to symptom ids: the symptom phrases as whole words ("severe chest pain"), each read
 * with the extraction engine's NegEx/ConText assertion, so a negation before ("denies neck stiffness")
 * or after ("neck stiffness absent", "… ruled out", "…: none", "… - nil") negates it, and a sign
 * worded with a negation ("not able to drink") is that sign. Text none of them matches is read with the
 * extraction vocabulary and its concepts mapped ("difficulty in breathing" is dyspnoea, "coma" is
 * unconscious), with the same assertion. Measurements in an entry ("T 38.6", "RR 56/min" at the
 * patient's `age`, "BP 168/112", "LMP 7 weeks ago", "34/40") are read against symptoms.json
 * `measurements` (./measurements.ts).
 */
export function recognizeSymptoms(k: Knowledge, texts: string[], onset?: string | null, age?: number) {
  const recognized = new Set<string>();
  const negated = new Set<string>();
  const unrecognized: string[] = [];
  /** Days each recognized symptom has lasted: from its own entry ("cough >2wks"), else from the onset field. */
  const durations = new Map<string, number>();
  const onsetDays = onset ? durationDays(onset) : undefined;
  const table = symptomTable(k);
  /** Symptoms that hold only for a while (postpartum: 42 days), dropped when their own entry dates them later. */
  const windows = sections(k).symptom_windows?.max_days ?? {};
  const outOfWindow = new Set<string>();
  /** Signs an entry states as examined and normal: denied unless another entry reports them. */
  const normal = new Set<string>();
  const exposures = new Set(sections(k).contact_exposures?.ids ?? []);
  for (const raw of texts) {
    let found = false;
    const ownDays = durationDays(raw);
    const entryDays = ownDays ?? onsetDays;
    const expanded = expandAbbreviations(k, stripDurations(raw));
    const before = new Set(recognized);
    const measured = readMeasurements(sections(k).measurements, raw, age);
    if (measured.read) found = true;
    for (const id of measured.ids) recognized.add(id);
    // An entry that is only a duration ("since yesterday", "x3/7") is when, not what: neither read nor unread.
    if (!/[a-z]{2,}/i.test(expanded.replace(/\b(?:x|for|since|about|approx|over|last|the|past|of|duration|onset)\b/gi, ""))) continue;
    for (const part of expanded.split(LIST_SEPARATOR)) {
      if (NOTHING_ELSE.test(part) || OTHERWISE_WELL.test(part)) {
        found = true;
        continue;
      }
      const text = spellOutContractions(withoutUnknownAgent(withoutAnimalOwner(part)));
      const tokens = withoutFillers(tokenize(text), tokenKey);
      const contacts = NEGATION_WORD.test(text) ? NO_EXPOSURES : exposures;
      const mentions = findPhrases(tokens, table);
      if (mentions.length) {
        found = true;
        const assertions = assertMentions(tokens, mentions, sentenceStarts(text), sectionDefaults(text));
        mentions.forEach((m, i) => {
          for (const tag of m.tags) {
            if (!tag.startsWith(NORMAL)) addAsserted(tag, assertions[i], recognized, negated, contacts);
            else if (assertions[i] === "present") normal.add(tag.slice(NORMAL.length));
          }
        });
      }
      // Every symptom of the entry is read, not only the first kind: words no phrase took are read with
      // the vocabulary ("chest pain radiating to jaw with sweats": sweats). The phrases' words are blanked
      // in place, so a negation before them still reaches what follows.
      let rest = text;
      for (const m of mentions) rest = rest.slice(0, tokens[m.from].start) + " ".repeat(tokens[m.to - 1].end - tokens[m.from].start) + rest.slice(tokens[m.to - 1].end);
      if (/[a-z]/i.test(rest) && recognizeByConcept(k, rest, recognized, negated, contacts)) found = true;
    }
    if (!found) unrecognized.push(raw);
    if (entryDays !== undefined) for (const id of recognized) if (!before.has(id)) durations.set(id, Math.max(durations.get(id) ?? 0, entryDays));
    if (ownDays !== undefined) for (const id of recognized) if (!before.has(id) && windows[id] !== undefined && ownDays > windows[id]) outOfWindow.add(id);
  }
  for (const id of normal) if (!recognized.has(id)) negated.add(id);
  for (const id of negated) recognized.delete(id);
  for (const id of outOfWindow) recognized.delete(id);
  return { recognized: [...recognized], negated: [...negated], unrecognized, durations };
}

const abbreviationRes = new WeakMap<Knowledge, { re: RegExp; map: Map<string, string> }>();

/** Clinical shorthand written out ("lower abd pain", "DIB", "wt loss"), whole words in any case, from symptoms.json. */
export function expandAbbreviations(k: Knowledge, text: string): string {
  let entry = abbreviationRes.get(k);
  if (!entry) {
    const map = new Map(Object.entries(sections(k).abbreviations?.map ?? {}).map(([a, b]) => [a.toLowerCase(), b]));
    const alternatives = [...map.keys()].sort((a, b) => b.length - a.length).map((a) => a.replace(/[.*+?^${}()|[\]\\/&]/g, "\\$&"));
    entry = { re: alternatives.length ? new RegExp(`(?<![a-z0-9])(?:${alternatives.join("|")})(?![a-z0-9])`, "gi") : /$^/, map };
    abbreviationRes.set(k, entry);
  }
  const { re, map } = entry;
  return text.replace(re, (m) => map.get(m.toLowerCase()) ?? m);
}

/**
 * Absent → negated; present, possible or past → recognized; someone else's or hypothetical → neither, except a
 * contact exposure (symptoms.json contact_exposures): "his wife died with bleeding" is someone else's illness,
 * and that is the patient's exposure.
 */
function addAsserted(id: string, assertion: Assertion, recognized: Set<string>, negated: Set<string>, exposures: Set<string>): void {
  if (assertion === "absent") negated.add(id);
  else if (assertion === "present" || assertion === "possible" || assertion === "historical" || (assertion === "family" && exposures.has(id))) recognized.add(id);
}

/** The extraction vocabulary's reading of `raw`: mapped concepts go to `recognized` or, negated, to `negated`. */
function recognizeByConcept(k: Knowledge, raw: string, recognized: Set<string>, negated: Set<string>, exposures: Set<string>): boolean {
  const concepts = symptomConcepts(k);
  const read = extractEntities(loadVocabulary(), raw);
  let found = false;
  for (const e of [...read.entities, ...read.excluded]) {
    const id = concepts.get(conceptKey(e));
    if (!id) continue;
    found = true;
    addAsserted(id, e.assertion, recognized, negated, exposures);
  }
  return found;
}

const PRIORITY_RANK: Record<string, number> = { stat: 0, urgent: 1, routine: 2 };

/**
 * Ranks a differential with naive-Bayes likelihoods: prior × Π P(symptom | condition) × age/sex/history
 * modifiers, against an "other conditions" hypothesis, so the listed probabilities sum to at most 1.
 * Red-flag combinations set the urgency; tests come from the likely conditions.
 */
export function analyzeSymptoms(k: Knowledge, input: { symptoms: string[]; severity?: string | null; onset?: string | null }, patient: SymptomPatient): SymptomAnalysis {
  const kb = sections(k);
  const read = recognizeSymptoms(k, input.symptoms, input.onset, patient.age);
  const { negated, unrecognized, durations } = read;
  // A pregnancy on the record counts as reported (red flags in pregnancy, obstetric differential) unless the text denies it.
  const recognized = patient.pregnant && !negated.includes("pregnancy") && !read.recognized.includes("pregnancy") ? [...read.recognized, "pregnancy"] : read.recognized;
  const history = patient.diagnosisCodes.map((c) => c.toUpperCase().replace(/\./g, ""));
  const parents = kb.symptom_parents?.parents ?? {};
  /** P(s | c): the condition's own figure for s, else the highest for a broader symptom s is a kind of. */
  const likelihood = (c: (typeof kb.conditions)[number], s: string): number | undefined => {
    if (c.symptoms[s] !== undefined) return c.symptoms[s];
    const broader = (parents[s] ?? []).map((p) => c.symptoms[p]).filter((x): x is number => x !== undefined);
    return broader.length ? Math.max(...broader) : undefined;
  };
  // A duration rule on a symptom holds for its kinds too (a productive cough is a cough).
  const lasted = (symptom: string) => Math.max(-1, ...[...durations].filter(([id]) => id === symptom || (parents[id] ?? []).includes(symptom)).map(([, d]) => d));
  const durationRules = (kb.duration_rules ?? []).filter((r) => lasted(r.symptom) >= r.min_days);
  const scores = kb.conditions.map((c) => {
    let score = c.prior;
    for (const s of recognized) score *= likelihood(c, s) ?? kb.absent_symptom_likelihood;
    // Reported absent is evidence too: P(not s | c) = 1 - P(s | c) ("no fever" makes malaria unlikely).
    for (const s of negated) score *= 1 - (likelihood(c, s) ?? kb.absent_symptom_likelihood);
    for (const r of durationRules) if (r.condition === c.id) score *= r.factor;
    const m = c.modifiers;
    if (m?.sex?.[patient.sex] !== undefined) score *= m.sex[patient.sex];
    if (m?.min_age !== undefined && m.age_factor !== undefined) score *= patient.age >= m.min_age ? m.age_factor : 1 / m.age_factor;
    // Without an age factor, min_age and max_age bound the condition (pregnancy conditions: reproductive age).
    if ((m?.min_age !== undefined && m.age_factor === undefined && patient.age < m.min_age) || (m?.max_age !== undefined && patient.age > m.max_age)) score = 0;
    if (m?.history_icd10 && m.history_factor && history.some((h) => m.history_icd10!.some((p) => h.startsWith(p.replace(/\./g, ""))))) score *= m.history_factor;
    return { c, score, matched: recognized.filter((s) => likelihood(c, s) !== undefined) };
  });
  const other = negated.reduce((acc) => acc * (1 - kb.other_symptom_likelihood), recognized.reduce((acc) => acc * kb.other_symptom_likelihood, kb.other_condition_mass));
  const total = scores.reduce((s, x) => s + x.score, other);
  const ranked = read.recognized.length
    ? scores
        .map((x) => ({ ...x, probability: x.score / total }))
        .filter((x) => x.matched.length > 0)
        .sort((a, b) => b.probability - a.probability)
        .slice(0, 5)
    : [];
  const differentialDiagnosis = ranked
    .map((x) => ({ condition: x.c.name, probability: Math.floor(x.probability * 1000) / 1000, code: x.c.icd10, matchedSymptoms: x.matched }))
    .filter((x) => x.probability >= 0.01);

  const present = new Set([...recognized, ...recognized.flatMap((s) => parents[s] ?? [])]);
  // A flag may hold only within an age band (min_age/max_age, years): "oedema of both feet" is a sign of
  // severe acute malnutrition in a child (IMCI), not in an adult.
  const inAgeBand = (f: { min_age?: number; max_age?: number }) => (f.min_age === undefined || patient.age >= f.min_age) && (f.max_age === undefined || patient.age <= f.max_age);
  // A flag may also not hold when another finding explains it (`unless`): thirst with vomiting is
  // dehydration, not ketoacidosis, when the child has diarrhoea (a separate flag covers that).
  const unexplained = (f: { unless?: string[] }) => !(f.unless ?? []).some((s) => present.has(s));
  // A flag may need its symptoms to have lasted (`min_days`, days per symptom): in a child under five, cough for
  // 21 days or more, diarrhoea for 14 days or more, fever for 7 days or more are danger signs (WHO iCCM).
  const lastedLongEnough = (f: { min_days?: Record<string, number> }) => Object.entries(f.min_days ?? {}).every(([s, d]) => lasted(s) >= d);
  const flags = kb.red_flags.filter(
    (f) => f.all.every((s) => present.has(s)) && inAgeBand(f as { min_age?: number; max_age?: number }) && unexplained(f as { unless?: string[] }) && lastedLongEnough(f as { min_days?: Record<string, number> }),
  );
  // Input the vocabulary cannot read was not assessed: the answer never says routine over it (as an
  // unscreened patient message is never routine); a red flag in what was read still decides.
  const assessed = flags.some((f) => f.urgency === "emergency") ? "emergency" : flags.length || input.severity?.toLowerCase() === "severe" ? "urgent" : "routine";
  const urgency = assessed === "routine" && unrecognized.length ? "unassessed" : assessed;

  const tests = new Map<string, { test: string; priority: string; reason: string }>();
  for (const x of ranked.filter((r) => r.probability >= 0.05).slice(0, 3)) {
    for (const t of x.c.tests) {
      const priority = urgency === "emergency" && t.priority === "urgent" ? "stat" : t.priority;
      const existing = tests.get(t.test);
      if (!existing || PRIORITY_RANK[priority] < PRIORITY_RANK[existing.priority]) tests.set(t.test, { test: t.test, priority, reason: `${x.c.name}: ${t.reason}` });
    }
  }
  return {
    differentialDiagnosis,
    urgency,
    recommendedTests: [...tests.values()].sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]),
    redFlags: flags.map((f) => f.message),
    recognizedSymptoms: read.recognized,
    negatedSymptoms: negated,
    unrecognizedSymptoms: unrecognized,
    otherConditionsProbability: read.recognized.length ? Math.round((other / total) * 1000) / 1000 : 1,
  };
}
