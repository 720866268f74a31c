import { loincForUnit } from "../digitization/loinc-by-unit.js";
import { senseAt } from "./abbreviation-senses.js";
import { assertMentions, namesRelative, sectionDefaults, type Assertion } from "./context.js";
import { extractDemographics, type Demographics } from "./demographics.js";
import { parseSig, startsInstruction, type MedicationSig } from "./medication-sig.js";
import { markMedicinesNotTaken } from "./medication-status.js";
import { markAllergyReactions } from "./allergy-reactions.js";
import { markDifferentialsRuledOut } from "./differential.js";
import { NOTE_TRIGGERS } from "./note-triggers.js";
import { withoutNonMentions } from "./non-mentions.js";
import { repairOcrTokens } from "./ocr-noise.js";
import { canonicalWord, phraseKeys, sentenceOf, sentenceStarts, tokenize, type Token } from "./text.js";
import { CODE_SYSTEM, correctSpelling, type CkdStage, type EntityType, type HeartInvolvement, type Vocabulary, type VocabularyTerm } from "./vocabulary.js";

/**
 * Dictionary + rules entity extraction: longest-match lookup of the shipped vocabularies over
 * canonical tokens (with one-edit spelling correction against the lexicon), NegEx/ConText-style
 * assertion, demographics and medication instructions. Deterministic; no note text is kept.
 */
export const EXTRACTION_ENGINE_VERSION = "entity-extraction@1.13.0";

export interface ExtractedEntity {
  type: EntityType;
  text: string;
  start: number;
  end: number;
  code: string | null;
  system: string;
  display: string;
  /** The code is in the shipped code list of its system. */
  validated: boolean;
  assertion: Assertion;
  confidence: number;
  sig?: MedicationSig;
}

export interface ExtractionResult {
  /** Entities about the patient that are present, possible or historical, in text order. */
  entities: ExtractedEntity[];
  /** Negated, family-history, hypothetical and allergy mentions: never reported as the patient's. */
  excluded: ExtractedEntity[];
  demographics: Demographics;
  confidence: number;
}

/** Words that state a finding's absence by themselves. */
const NEGATING_WORDS = new Set(["afebrile", "apyrexial"]);

/** Assertions that keep an entity in the patient's lists. */
const REPORTED: ReadonlySet<Assertion> = new Set(["present", "possible", "historical"]);
const ASSERTION_CONFIDENCE: Record<Assertion, number> = { present: 1, historical: 0.95, possible: 0.9, absent: 1, family: 0.95, hypothetical: 0.9, allergy: 0.95 };

interface Match {
  term: VocabularyTerm;
  from: number;
  to: number;
  corrected: boolean;
}

/**
 * How a short abbreviation must be written to count. In capitals ("SAM", "AGE", "MI") always, or with two
 * capitals or more ("ALu" for artemether-lumefantrine, as East African prescriptions write it). With only a
 * capital first letter, when it is a symbol (two letters: "Hb", "Na") or a lab test ("Hct", "Plt"): a
 * three-letter diagnosis, drug or finding written so is a word or a name ("Sam", "Age: 45", "Cap"), not
 * severe acute malnutrition, gastroenteritis or a community-acquired pneumonia.
 */
function writtenAsAbbreviation(raw: string, term: VocabularyTerm): boolean {
  if (!/^\p{Lu}/u.test(raw)) return false;
  // Two capitals or more ("ALu", "HbA1c"): written as an abbreviation, never an ordinary word or a name.
  return raw === raw.toUpperCase() || raw.length <= 2 || term.type === "lab_test" || (raw.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
}

/** The concentration unit of a result written right after a test's name: "FBS 14.2 mmol/l", "Creatinine: 120 µmol/L", "K=5.8mmol/L". */
const LAB_VALUE_UNIT = /^[ \t]*(?:[:=][ \t]*)?(?:of[ \t]+)?[<>≤≥]?[ \t]*\d+(?:[.,]\d+)?[ \t]*([a-zµμ]+[ \t]*\/[ \t]*[a-z0-9]+)/i;
const ALLERGY_LEADS = new Set(["allergy", "allergie", "allergic", "hypersensitivity", "intolerance", "intolerant", "sensitive", "reaction"]);
const VITAMIN_WORDS = new Set(["vit", "vitamin", "vitamine", "vits"]);

/**
 * "AGE" (acute gastroenteritis, the IMCI classification "AGE with some dehydration") is also the heading of every
 * form ("AGE: 45", "AGE 45 YRS", "GESTATIONAL AGE"). It counts only in capitals within a line written in lower
 * case too (a form or a note in capitals has headings), with no value, colon or "of/group/range" after it and no
 * word before it that makes it an age ("gestational", "bone", "at", "of").
 */
const AGE_AFTER_HEADING = new Set([":", "=", "-", "/", "of", "group", "range", "at", "related", "appropriate", "specific", "sex", "year", "yr", "years", "yrs", "old", "month", "week", "day", "in", "is", "was", "unknown"]);
const AGE_BEFORE = new Set(["gestational", "bone", "mental", "dental", "corrected", "chronological", "at", "of", "the", "your", "his", "her", "patient", "patient's", "maternal", "paternal", "same", "any", "old", "young", "advanced", "middle", "school"]);
function ageIsGastroenteritis(text: string, tokens: Token[], i: number): boolean {
  if (tokens[i].raw !== "AGE") return false;
  const next = tokens[i + 1];
  if (next && (AGE_AFTER_HEADING.has(next.key) || /^\d/.test(next.raw))) return false;
  if (i > 0 && AGE_BEFORE.has(tokens[i - 1].key)) return false;
  const lineStart = text.lastIndexOf("\n", tokens[i].start) + 1;
  const lineEnd = text.indexOf("\n", tokens[i].end);
  return /\p{Ll}/u.test(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd));
}
const FREQUENCY_NOT_URINARY = new Set(["of", ":", "=", "-", "is", "was", "increased", "reduced", "decreased", "daily", "once", "twice"]);
/** After a one-letter lab symbol, words that lead to its value: "K was 2.9", "K of 6.1", "K is 3.0". */
const VALUE_LEADS = new Set(["was", "is", "of", "at", "now"]);

/** "-G" right after a word, ending there: "IPT-G", not "HIV-positive" or "TB-LAM". */
const gluedLetterAfter = (text: string, end: number) => /^-\p{Lu}(?![\p{L}\p{N}])/u.test(text.slice(end, end + 3));

/** Greedy longest match, left to right. */
function matchTerms(v: Vocabulary, tokens: Token[], text: string): Match[] {
  const keys = tokens.map((t) => t.key);
  const corrected = tokens.map((t) => (t.word ? correctSpelling(v, t.key) : null));
  const keyAt = (i: number, useCorrection: boolean) => (useCorrection && corrected[i] ? corrected[i]! : keys[i]);
  const out: Match[] = [];
  for (let i = 0; i < tokens.length; ) {
    let found: Match | null = null;
    for (const useCorrection of [false, true]) {
      if (useCorrection && !corrected.slice(i, i + 6).some(Boolean)) break;
      const cands = v.byFirstKey.get(keyAt(i, useCorrection));
      if (!cands) continue;
      for (const term of cands) {
        const n = term.keys.length;
        if (i + n > tokens.length) continue;
        let ok = true;
        for (let j = 0; j < n && ok; j++) ok = keyAt(i + j, useCorrection) === term.keys[j];
        if (!ok) continue;
        const valueNext = /^[\d:=]/.test(tokens[i + 1]?.raw ?? "") || (VALUE_LEADS.has(keys[i + 1] ?? "") && /^\d/.test(tokens[i + 2]?.raw ?? ""));
        // A lab test's short name written in lower case counts right before its value ("plt 210", "wbc 5.4", "hb 9.1"), as a
        // results line writes it; elsewhere a short lower-case word is a word.
        if (term.needsCapitals && !writtenAsAbbreviation(tokens[i].raw, term) && !(term.type === "lab_test" && n === 1 && tokens[i].raw.length > 1 && /^\d/.test(tokens[i + 1]?.raw ?? ""))) continue;
        // A one-letter abbreviation ("K" for potassium) only before its value: "K 3.0", "K: 5.9", "K=4".
        // "Allergy to penicillin", "Hypersensitivity to ibuprofen": the words introduce the allergen (an
        // allergy trigger, context.ts), they are not a diagnosis of their own that hides the trigger.
        if (n === 1 && ALLERGY_LEADS.has(keys[i]) && (keys[i + 1] === "to" || keys[i + 1] === ":")) continue;
        // Never the letter of a vitamin: "Vit K 1mg IM" is phytomenadione, not a potassium result.
        if (tokens[i].raw.length === 1 && n === 1 && (!valueNext || VITAMIN_WORDS.has(keys[i - 1] ?? "") || (keys[i - 1] === "." && VITAMIN_WORDS.has(keys[i - 2] ?? "")))) continue;
        if (n === 1 && keys[i] === "age" && term.type === "diagnosis" && !ageIsGastroenteritis(text, tokens, i)) continue;
        // "dysuria, frequency and urgency" is urinary frequency; "frequency of seizures", "Frequency: BD" are not.
        if (n === 1 && keys[i] === "frequency" && (FREQUENCY_NOT_URINARY.has(keys[i + 1] ?? "") || /^\d/.test(tokens[i + 1]?.raw ?? ""))) continue;
        // "IPT-G" (group interpersonal psychotherapy), "DM-R": an abbreviation with a capital letter joined by a hyphen
        // is another abbreviation, not isoniazid preventive therapy or diabetes.
        if (term.needsCapitals && gluedLetterAfter(text, tokens[i + n - 1].end)) continue;
        // A term must not start or end in the middle of a word ("al" inside "al-Amin" is fine; "5" of "58yo" is not a token).
        found = { term, from: i, to: i + n, corrected: useCorrection && corrected.slice(i, i + n).some(Boolean) };
        break;
      }
      if (found) break;
    }
    if (found) {
      out.push(found);
      i = found.to;
    } else i++;
  }
  return out;
}

/**
 * Where a medication's instruction ends: at a line break, ";" or sentence end, at "then" (a loading dose
 * and its maintenance dose are two instructions: "20mg/kg IV loading then 5mg/kg od" must not read as
 * 20 mg/kg once daily), and at ",", "+", "&" or "and" followed by a word that is no part of an instruction
 * (another medicine the dictionary does not know: "SP given, FeSO4 200mg od" is not SP 200 mg).
 */
const INSTRUCTION_WORD = /^(?:one|two|three|four|five|six|half|a|an|to|be|take|taken|takes|give|given|giving|apply|use|tab|tabs|tablets?|caps?|capsules?|puffs?|drops?|sachets?|vials?|amps?|spoons?|teaspoons?|ml|mls|with|after|before|at|in|on|every|each|per|via|by|as|if|when|until|daily|nightly|morning|evening|night|once|twice|thrice|orally|continue|start|repeat|increase|reduce|dose|doses)(?![\p{L}\p{N}])/iu;

function instructionEnd(text: string, from: number, limit: number, entityStarts: ReadonlySet<number>): number {
  const rest = text.slice(from, limit);
  const stop = /[\n;]|\.(?=\s)|\bthen\b/i.exec(rest);
  let end = stop ? stop.index : rest.length;
  for (const m of rest.slice(0, end).matchAll(/\s*(?:[,+&]|\band\b)\s*/gi)) {
    const at = m.index! + m[0].length;
    const after = rest.slice(at, end);
    // Another item starts there: a recognised entity, or a new item written with a capital ("FeSO4", "BP"), not
    // the words of an instruction ("one tablet daily", "to be taken three times a day", "take", "give").
    const newItem = entityStarts.has(from + at) || (/^\p{Lu}/u.test(after) && !INSTRUCTION_WORD.test(after));
    if (/^\p{L}/u.test(after) && newItem && !startsInstruction(after)) {
      end = m.index!;
      break;
    }
  }
  return from + end;
}

/** Words of vaccination: the disease named after "vaccinated for/against" or before "vaccine" is prevented, not had. */
const VACCINATION_WORDS = new Set(["vaccinated", "vaccination", "vaccine", "vaccinate", "immunised", "immunized", "immunisation", "immunization", "immunise", "immunize", "jab"]);
const VACCINE_AFTER = new Set(["vaccine", "vaccination", "immunization", "immunisation", "jab", "shot"]);
/** A route written before the medicine's name: "IV ceftriaxone", "nebulised salbutamol", "PR diazepam". */
const ROUTE_BEFORE = /\b(iv|im|sc|po|inj\.?|injection|tab\.?|tablet|syrup|susp|oral|nebuli[sz]ed|nebs?|pr)\s*$/i;
const routeOf = (word: string) =>
  /^(iv|inj|injection)/i.test(word) ? "intravenous" : /^im$/i.test(word) ? "intramuscular" : /^sc$/i.test(word) ? "subcutaneous" : /^neb/i.test(word) ? "inhaled" : /^pr$/i.test(word) ? "rectal" : "oral";

/** Only list joints between two medicine names, on one line: "+", ",", "&", "/", "and", "with", "plus". */
const LIST_OF_NAMES = /^[ \t]*(?:[,+&/]|and|with|plus)[ \t]*$/i;

/**
 * An abbreviation with two senses takes the sense its next word or the nearest cue word in the note gives: "CPT" beside
 * "percussion, postural drainage" is chest physiotherapy, beside "HIV", "TLD" co-trimoxazole; "ASA II" is an
 * anaesthetic class, no aspirin (lexicon.json `abbreviation_senses`).
 */
function withAbbreviationSenses(v: Vocabulary, tokens: Token[], matches: Match[]): Match[] {
  return matches.flatMap((m) => {
    const senses = m.to - m.from === 1 ? v.abbreviationSenses.get(tokens[m.from].key) : undefined;
    const sense = senses && senseAt(tokens, m.from, m.to, senses);
    if (!sense) return [m];
    return sense.term ? [{ ...m, term: sense.term }] : [];
  });
}

/** List joints between the tests of a list of investigations. */
const TEST_LIST_JOINTS = new Set([",", "and", "&", "/", "+"]);
/**
 * "TSH, vitamin B12, VDRL": a vitamin or mineral named among tests is the test of its level, when the dictionary has
 * that test ("vitamin B12 level"). Given alone ("vitamin B12 1mg IM") it stays the medicine.
 */
function withLevelsAmongTests(v: Vocabulary, tokens: Token[], matches: Match[]): Match[] {
  const isTestNextTo = (a: Match | undefined, b: Match | undefined) =>
    !!a && !!b && tokens.slice(a.to, b.from).length > 0 && tokens.slice(a.to, b.from).every((t) => TEST_LIST_JOINTS.has(t.key));
  return matches.map((m, k) => {
    if (m.term.type !== "medication") return m;
    const before = matches[k - 1]?.term.type === "lab_test" && isTestNextTo(matches[k - 1], m);
    const after = matches[k + 1]?.term.type === "lab_test" && isTestNextTo(m, matches[k + 1]);
    if (!before && !after) return m;
    // "vitamin B12" → "vitamin B12 level"; "calcium and PTH" → the test named by the same word ("calcium", serum calcium).
    const keys = [...m.term.keys, "level"].join(" ");
    const same = m.term.keys.join(" ");
    const labs = v.byFirstKey.get(m.term.keys[0])?.filter((t) => t.type === "lab_test") ?? [];
    const test = labs.find((t) => t.keys.join(" ") === keys) ?? labs.find((t) => t.keys.join(" ") === same);
    return test ? { ...m, term: test } : m;
  });
}

/** A disease named as what a vaccine prevents: "not vaccinated for measles", "immunised against polio", "HPV vaccine". */
function isVaccineTarget(tokens: Token[], m: Match): boolean {
  const before = tokens[m.from - 1]?.key;
  if ((before === "for" || before === "against") && VACCINATION_WORDS.has(tokens[m.from - 2]?.key ?? "")) return true;
  return VACCINE_AFTER.has(tokens[m.to]?.key ?? "");
}

/**
 * A condition named as the context of advice about a medicine, not as the patient's: "avoid ciprofloxacin in
 * pregnancy", "not for use in pregnancy", "contraindicated in asthma", "caution in renal impairment", "safe in
 * breastfeeding", "dose adjust in CKD", "use with caution in patients with asthma or COPD". An advice word, then at
 * most a few words (the medicine, "use", "dose") and a preposition ("in", "during", "with"), then the
 * condition (after at most a few words naming whom: "patients with", "the first trimester of"), and the conditions
 * listed with it. Such a mention states nothing about the patient: the negation in "not for use" or "avoid" is
 * the medicine's, and the advice is hypothetical. The patient has the condition only when the note says so
 * elsewhere (see `contextAssertion`).
 */
// The advice as written in drug information, in the present or with "be": "dose adjusted for CKD" or "NSAIDs
// avoided in PUD" tell what was done for this patient, not advice, and are not read so.
const ADVICE_PHRASES = ["avoid", "be avoided", "contraindicated", "contra indicated", "contraindication", "contraindications", "caution", "cautions", "cautious", "cautiously", "unsafe", "safe", "safer", "safely", "compatible", "incompatible", "not recommended", "adjust", "be adjusted", "adjustment", "dose reduction", "reduce dose", "reduce the dose", "reduced dose", "dose reduce", "teratogenic", "for use", "to use", "be used", "be given", "licensed", "licenced"].map((p) => phraseKeys(p));
// Not "for": "Admission recommended for severe malaria", "AL given for malaria" name what the patient is treated for.
const ADVICE_PREPOSITIONS = new Set(["in", "during", "with"]);
/** Words between the advice word and the preposition: the medicine (any word), but never punctuation. */
const ADVICE_REACH = 6;
/** Words that name whom the advice is about, between the preposition and the condition. */
const WHOM_NOUNS = new Set(["patient", "pt", "those", "people", "person", "women", "woman", "mother", "child", "children", "adult", "individual"]);
const ADVICE_WHOM = new Set([...WHOM_NOUNS, "the", "a", "an", "any", "known", "early", "late", "first", "1st", "second", "2nd", "third", "3rd", "trimester", "of"]);
const ADVICE_WHOM_MAX = 4;
const LIST_JOIN = new Set([",", "and", "or", "/", "&", "+"]);

/** Advice as it opens a sentence after its condition: the phrases above, and "do not (use)", "never", "use", "prefer". */
const ADVICE_OPENERS = [...ADVICE_PHRASES, ...["do not", "don't", "never", "use", "prefer", "preferably"].map((p) => phraseKeys(p))];
/** Prepositions that open a clause naming the condition advice is about ("In pregnancy, …", "For asthmatics, …"). */
const ADVICE_OPENING_PREPOSITIONS = new Set([...ADVICE_PREPOSITIONS, "for"]);
/** Marks between the condition and the advice after it: "In pregnancy, avoid", "In CKD: avoid", "In asthma - avoid". */
const ADVICE_PAUSE = new Set([",", ":", "-", "–"]);

/**
 * Whether diagnosis match k, reached back over the whom words to the preposition at token p, opens a clause
 * ("In …", "For …" first in its sentence) and advice follows it and the conditions listed with it: the index of the
 * last condition of that list, or -1.
 */
function adviceFollows(tokens: Token[], matches: Match[], k: number, p: number, sentence: (i: number) => number): number {
  if (!ADVICE_OPENING_PREPOSITIONS.has(tokens[p].key)) return -1;
  if (p > 0 && tokens[p - 1].word && sentence(p - 1) === sentence(p)) return -1;
  // Over the conditions listed with it: "In pregnancy and breastfeeding, avoid …".
  let j = k;
  while (j + 1 < matches.length && matches[j + 1].term.type === "diagnosis") {
    const gap = tokens.slice(matches[j].to, matches[j + 1].from);
    if (gap.length === 0 || !gap.every((t) => LIST_JOIN.has(t.key))) break;
    j++;
  }
  let q = matches[j].to;
  while (q < tokens.length && ADVICE_PAUSE.has(tokens[q].key)) q++;
  if (q >= tokens.length || sentence(q) !== sentence(p)) return -1;
  return ADVICE_OPENERS.some((phrase) => phrase.every((key, n) => tokens[q + n]?.key === key)) ? j : -1;
}

/** Indices of diagnosis matches that are the context of advice about a medicine. */
function adviceContexts(tokens: Token[], matches: Match[], sentences: number[]): Set<number> {
  const out = new Set<number>();
  const sentence = (i: number) => sentenceOf(sentences, tokens[i].start);
  const isAdviceEndingAt = (end: number) => ADVICE_PHRASES.some((p) => p.length <= end && p.every((key, j) => tokens[end - p.length + j].key === key));
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k];
    if (m.term.type !== "diagnosis" || out.has(k)) continue;
    // The words naming whom, back to the preposition.
    // "in patients with asthma": "with" after whom is part of whom.
    let p = m.from - 1;
    while (p >= 0 && m.from - 1 - p < ADVICE_WHOM_MAX && (ADVICE_WHOM.has(tokens[p].key) || (tokens[p].key === "with" && WHOM_NOUNS.has(tokens[p - 1]?.key ?? "")))) p--;
    if (p < 0) continue;
    // "In pregnancy, avoid ciprofloxacin", "In renal failure: avoid NSAIDs", "For patients with asthma, avoid
    // propranolol": the condition opens the advice, which follows it.
    const last = adviceFollows(tokens, matches, k, p, sentence);
    if (last >= 0) {
      for (let j = k; j <= last; j++) out.add(j);
      continue;
    }
    if (!ADVICE_PREPOSITIONS.has(tokens[p].key)) continue;
    // Back from the preposition to an advice word, over words of the same sentence only (no punctuation:
    // "(avoid cipro in pregnancy)"; "Avoid NSAIDs. Admitted in DKA" is two statements).
    let found = false;
    for (let end = p; end >= Math.max(0, p - ADVICE_REACH); end--) {
      if (isAdviceEndingAt(end)) {
        found = true;
        break;
      }
      // Nor over another preposition: "safe in ward with malaria" is no advice about malaria.
      if (end === 0 || !tokens[end - 1].word || ADVICE_PREPOSITIONS.has(tokens[end - 1].key) || sentence(end - 1) !== sentence(p)) break;
    }
    if (!found) continue;
    out.add(k);
    // "in pregnancy and breastfeeding", "in asthma, COPD or heart failure": the list the advice names.
    for (let j = k + 1; j < matches.length; j++) {
      const gap = tokens.slice(matches[j - 1].to, matches[j].from);
      if (matches[j].term.type !== "diagnosis" || gap.length === 0 || !gap.every((t) => LIST_JOIN.has(t.key))) break;
      out.add(j);
    }
  }
  return out;
}

/** ICD-10-CM codes that state a pregnancy: the pregnancy chapter (O00-O9A) and pregnant state/supervision (Z33, Z34, Z3A). */
const isPregnancyCode = (code: string) => /^(O|Z33|Z34|Z3A)/.test(code);
/** The condition a diagnosis code names, for "the note says so elsewhere": its ICD-10-CM category, pregnancy as one. */
const conditionOf = (code: string | null, display: string) => (code ? (isPregnancyCode(code) ? "pregnancy" : code.slice(0, 3)) : display.toLowerCase());
/**
 * How notes state a current pregnancy without naming it: a gestation ("28/40", "GA 22/40", "24 weeks pregnant",
 * "32 wks gestation"), an antenatal visit ("ANC", "antenatal"), a fundal height or a fetal heart, or a gravida
 * greater than the deliveries and losses written with it ("G2P1", "G3P2L2", "G2P1+0"; "G2P2" has delivered).
 */
const GESTATION = /\b\d{1,2}(?:\+\d)?\s*\/\s*40\b|\bGA\s*[:=]?\s*\d{1,2}(?:\+\d)?\s*(?:\/\s*40|w|wks?|weeks?)\b|\b\d{1,2}\s*(?:weeks?|wks?)\s*(?:pregnant|gestation|of gestation|of amenorrh|GA\b)|\bANC\b|\bantenatal\b|\bfundal height\b|\bSFH\b|\bfetal heart\b|\bfoetal heart\b|\bFHR?\s*[:=]?\s*1\d\d(?!\d)/i;
function statesPregnancy(text: string): boolean {
  if (GESTATION.test(text)) return true;
  for (const g of text.matchAll(/\bG(\d{1,2})\s*P(\d{1,2})(?:\s*\+\s*(\d{1,2}))?/gi)) if (Number(g[1]) > Number(g[2]) + Number(g[3] ?? 0)) return true;
  return false;
}

/**
 * A pregnancy wished for or planned is not one the patient has: "desires pregnancy next year", "wants to get
 * pregnant", "hoping for a pregnancy", "planning a pregnancy" (ConText's hypothetical, Harkema 2009). Only a wish
 * word within the few words before the mention, in the same clause, counts. The wish words are not ConText
 * triggers for every finding: "I want to see the doctor, I have chest pain" must keep its chest pain (the patient
 * messages share those triggers).
 */
const WISH_WORDS = new Set(["desire", "desires", "desired", "desiring", "desirous", "want", "wants", "wanting", "wish", "wishes", "wishing", "hope", "hopes", "hoping", "trying", "planning", "would"].map(canonicalWord));
const WISH_REACH = 4;
function wishedFor(tokens: Token[], from: number): boolean {
  for (let i = from - 1; i >= Math.max(0, from - WISH_REACH); i--) {
    if (!tokens[i].word) return false;
    if (WISH_WORDS.has(tokens[i].key)) return true;
  }
  return false;
}

/**
 * The assertion of a condition named as advice's context: hypothetical, unless the note says elsewhere that the
 * patient has it. Said by another mention of the same condition ("Known asthmatic", "UTI in pregnancy"), the
 * condition is reported there and this mention stays hypothetical (it adds nothing). Said only in words the
 * vocabulary has no term for ("G2P1 at 28/40", pregnancy's obstetric statements), this mention is the one that
 * reports it, present.
 */
function contextAssertion(k: number, matches: Match[], assertions: Assertion[], contexts: Set<number>, text: string): Assertion {
  const m = matches[k];
  const condition = conditionOf(m.term.code, m.term.display);
  const statedElsewhere = matches.some((o, j) => j !== k && !contexts.has(j) && o.term.type === "diagnosis" && (assertions[j] === "present" || assertions[j] === "historical") && conditionOf(o.term.code, o.term.display) === condition);
  if (statedElsewhere) return "hypothetical";
  if (condition === "pregnancy" && statesPregnancy(text)) return "present";
  return "hypothetical";
}

/**
 * A disease named as what a service finds out, prevents or teaches about, not as the patient's: "TB screening",
 * "HIV testing and counselling", "malaria prophylaxis", "PCP prophylaxis", "Post-abortion FP counselling", "STI
 * screening negative", "screened for TB", "tested for HIV". Screening, testing, counselling, prophylaxis, prevention
 * and education are offered to people who may not have the disease. A disease's clinic or its care is different:
 * the patient attends it because they have it ("HIV clinic", "TB clinic f/up", "DM clinic", "HIV care and
 * treatment"), so it stays the patient's diagnosis. A positive result written with the test ("HIV test done:
 * reactive", "tested for HIV: positive") states the disease; a negative one negates it (the result words of
 * context.ts).
 */
const SERVICE_AFTER = new Set(["screening", "screen", "screened", "testing", "test", "tested", "counselling", "counseling", "counsel", "counselled", "counseled", "prophylaxis", "prophylactic", "prevention", "preventive", "preventative", "programme", "program", "education", "awareness", "sensitization", "campaign", "tracing"]);
/** Words between the disease and its service word: "HIV pre-test counselling", "Post-abortion FP counselling", "TB/HIV screening". */
const SERVICE_GAP = new Set(["pre", "post", "fp", "family", "planning", "rapid", "routine", "self", "contact", "household", "/", "and", "&", ","]);
const SERVICE_GAP_MAX = 3;
const SERVICE_BEFORE = [["screened", "for"], ["screening", "for"], ["screen", "for"], ["tested", "for"], ["testing", "for"], ["test", "for"], ["counselled", "on"], ["counselled", "for"], ["counseled", "on"], ["counseled", "for"], ["counselling", "on"], ["counselling", "for"], ["prophylaxis", "for"], ["prophylaxis", "against"], ["prevention", "of"], ["education", "on"]];
const POSITIVE_RESULT = new Set(["positive", "pos", "reactive", "detected", "confirmed", "+"]);
/** A negative result: "non-reactive" (tokens "non reactive"), "-ve" (token "negative"), "NR", "not detected". */
const NEGATIVE_RESULT = new Set(["negative", "neg", "nr", "non", "not", "nonreactive", "-"]);
const RESULT_REACH = 6;

function serviceTarget(tokens: Token[], matches: Match[], k: number, sentences: number[], entityAt: ReadonlySet<number>): "service" | "positive" | "negative" | null {
  const m = matches[k];
  let service = -1;
  // After: over the gap words and other diseases ("TB and HIV screening"), to a service word.
  for (let i = m.to, gap = 0; i < tokens.length && gap <= SERVICE_GAP_MAX; i++) {
    if (SERVICE_AFTER.has(tokens[i].key)) {
      service = i;
      break;
    }
    if (entityAt.has(i)) continue;
    if (!SERVICE_GAP.has(tokens[i].key)) break;
    gap++;
  }
  const before = SERVICE_BEFORE.some((p) => p.every((key, j) => tokens[m.from - p.length + j]?.key === key));
  if (service < 0 && !before) return null;
  // The first result within a few words after, in the same sentence and before another disease.
  const sentence = sentenceOf(sentences, tokens[m.from].start);
  for (let i = Math.max(m.to, service + 1), n = 0; i < tokens.length && n < RESULT_REACH; i++, n++) {
    if (sentenceOf(sentences, tokens[i].start) !== sentence || entityAt.has(i)) break;
    if (NEGATIVE_RESULT.has(tokens[i].key)) return "negative";
    if (POSITIVE_RESULT.has(tokens[i].key)) return "positive";
  }
  return "service";
}

/**
 * Hypertension with heart failure or chronic kidney disease in the same note is one combination code (ICD-10-CM
 * Official Guidelines I.C.9.a.1-3: the link is presumed): "Known HTN … CCF" codes the hypertension I11.0, "HTN,
 * CKD stage 4" I12.9, both I13.0; the heart failure and the CKD keep their own codes (the additional codes the
 * guideline asks for). Only conditions the note states as the patient's, present or past, combine: a queried
 * ("?CCF"), negated or relative's one does not.
 */
function combineHypertension(v: Vocabulary, entities: ExtractedEntity[]): void {
  const c = v.combinations;
  const own = entities.filter((e) => e.type === "diagnosis" && (e.assertion === "present" || e.assertion === "historical") && e.code);
  const failure = own.some((e) => c.heart_failure_prefixes.some((p) => e.code!.startsWith(p)));
  const stages = own.map((e) => c.ckd[e.code!]).filter(Boolean);
  const ckd: CkdStage = stages.includes("5") ? "5" : stages.length ? "1-4" : "none";
  for (const e of own) {
    const base = c.hypertension[e.code!];
    if (!base) continue;
    const heart: HeartInvolvement = failure ? "failure" : base;
    const rule = c.rules.find((r) => r.heart === heart && r.ckd === ckd);
    if (!rule) continue;
    e.code = rule.code;
    e.display = rule.display;
    e.validated = v.icd10Codes.has(rule.code);
  }
}

/**
 * "Hand-foot syndrome" is the drug eruption L27.1 as the index codes it, but in a patient with sickle-cell disease it
 * is dactylitis, the vaso-occlusive crisis of the hands and feet: coded with the sickle-cell disease the note states
 * as the patient's (Disease, sickle-cell, with, dactylitis D57.04; Hb-C D57.214; other D57.814; combination-codes.json).
 */
function sickleCellDactylitis(v: Vocabulary, entities: ExtractedEntity[]): void {
  const rule = v.combinations.sickle_cell_dactylitis;
  const own = entities.find((e) => e.type === "diagnosis" && (e.assertion === "present" || e.assertion === "historical") && e.code?.startsWith("D57"));
  const target = own && Object.entries(rule.by_sickle_cell_prefix).find(([prefix]) => own.code!.startsWith(prefix))?.[1];
  if (!target) return;
  const terms = new Set(rule.terms.map((t) => phraseKeys(t).join(" ")));
  for (const e of entities) {
    if (e.type !== "diagnosis" || !terms.has(phraseKeys(e.text).join(" "))) continue;
    e.code = target.code;
    e.display = target.display;
    e.validated = v.icd10Codes.has(target.code);
  }
}

export function extractEntities(v: Vocabulary, text: string): ExtractionResult {
  const tokens = repairOcrTokens(v, text, tokenize(text));
  const matches = withLevelsAmongTests(v, tokens, withoutNonMentions(tokens, withAbbreviationSenses(v, tokens, matchTerms(v, tokens, text))));
  const sentences = sentenceStarts(text);
  // A bare trailing "-" negates a symptom or sign (a symptom, or a finding of ICD-10 chapter XVIII: "jaundice -",
  // "hepatomegaly -"), never a diagnosis ("Dx: Severe malaria -" ends a line). "NR" (non-reactive) negates an
  // infection written as a test result ("HIV NR", "syphilis NR"), never a sign ("Pallor NR" is not recorded).
  const isFinding = (t: VocabularyTerm) => t.type === "symptom" || (t.type === "diagnosis" && /^R/i.test(t.code ?? ""));
  const resultMarkApplies = (k: number, mark: "nr" | "-") => (mark === "-" ? isFinding(matches[k].term) : matches[k].term.type === "diagnosis" && !isFinding(matches[k].term));
  const assertions = assertMentions(tokens, matches, sentences, sectionDefaults(text), (k) => matches[k].term.type === "lab_test" || matches[k].term.type === "procedure", NOTE_TRIGGERS, resultMarkApplies, (k) => matches[k].term.type === "medication");
  // Advice's context and a service's disease are the note's words about medicines and services, not about the patient.
  const contexts = adviceContexts(tokens, matches, sentences);
  const contextual = [...contexts].map((k) => [k, contextAssertion(k, matches, assertions, contexts, text)] as const);
  for (const [k, a] of contextual) assertions[k] = a;
  const diagnosisTokens = new Set(matches.flatMap((m) => (m.term.type === "diagnosis" ? Array.from({ length: m.to - m.from }, (_, n) => m.from + n) : [])));
  matches.forEach((m, k) => {
    if (m.term.type !== "diagnosis" || contexts.has(k) || assertions[k] !== "present") return;
    const service = serviceTarget(tokens, matches, k, sentences, diagnosisTokens);
    if (service === "service") assertions[k] = "hypothetical";
    else if (service === "negative") assertions[k] = "absent";
  });
  matches.forEach((m, k) => {
    if (m.term.type === "diagnosis" && m.term.code && isPregnancyCode(m.term.code) && assertions[k] === "present" && wishedFor(tokens, m.from)) assertions[k] = "hypothetical";
  });
  markMedicinesNotTaken(text, tokens, matches, assertions);
  markAllergyReactions(text, tokens, matches, assertions);
  markDifferentialsRuledOut(tokens, matches, assertions, sentences);
  // "FHx: brother had stroke. No headache. RBS 7.1.": a test with its result is the patient's own measurement; a
  // family-history heading written inline runs on over it only by default, never by a relative named with it.
  const sectionOf = sectionDefaults(text);
  matches.forEach((m, k) => {
    if (m.term.type !== "lab_test" || assertions[k] !== "family" || sectionOf(tokens[m.from].start) !== "family") return;
    const end = tokens[m.to - 1].end;
    const sentenceStart = sentences[sentenceOf(sentences, tokens[m.from].start)] ?? 0;
    if (/^[ \t]*[:=]?[ \t]*[<>]?\d/.test(text.slice(end, end + 12)) && !namesRelative(text.slice(sentenceStart, tokens[m.from].start))) assertions[k] = "present";
  });
  const entityStarts = new Set(matches.map((m) => tokens[m.from].start));
  const entities: ExtractedEntity[] = [];
  const excluded: ExtractedEntity[] = [];
  // Medicines whose route was written before them (or before the list they are in), and the last medicine read.
  const routeBeforeList = new Map<number, string>();
  let lastMedication: { k: number; end: number } | null = null;
  matches.forEach((m, k) => {
    const start = tokens[m.from].start;
    const end = tokens[m.to - 1].end;
    let code = m.term.code;
    let display = m.term.display;
    // "FBS 14.2 mmol/l" is the [Moles/volume] code, not the dictionary's [Mass/volume] one: the unit written
    // after the value decides (knowledge/lab-loinc-units.json), else no code (never one that contradicts it).
    const unit = m.term.type === "lab_test" && code ? LAB_VALUE_UNIT.exec(text.slice(end, end + 40))?.[1] : undefined;
    if (unit && code) {
      const choice = loincForUnit(text.slice(start, end + 40).split("\n")[0], [text.slice(start, end)], { code, display }, unit);
      code = choice.code;
      display = choice.display ?? display;
    }
    const validated = code !== null && (m.term.type !== "diagnosis" || v.icd10Codes.has(code));
    const base = m.term.origin === "lexicon" ? 0.95 : 0.85;
    const confidence = Math.round(base * (m.corrected ? 0.8 : 1) * ASSERTION_CONFIDENCE[assertions[k]] * 100) / 100;
    if (NEGATING_WORDS.has(text.slice(start, end).toLowerCase())) assertions[k] = "absent";
    if (m.term.type === "diagnosis" && assertions[k] !== "absent" && isVaccineTarget(tokens, m)) assertions[k] = "hypothetical";
    const e: ExtractedEntity = { type: m.term.type, text: text.slice(start, end), start, end, code, system: CODE_SYSTEM[m.term.type], display, validated, assertion: assertions[k], confidence };
    if (m.term.type === "medication") {
      const next = matches.slice(k + 1).find((o) => o.term.type === "medication");
      const nextStart = next ? tokens[next.from].start : Infinity;
      let windowEnd = instructionEnd(text, end, Math.min(text.length, end + 80, nextStart), entityStarts);
      // "ipratropium, IV hydrocortisone", "salbutamol, nebulised budesonide": a route right before the next
      // medicine is that medicine's, not this one's.
      if (windowEnd === nextStart) {
        const routeOfNext = ROUTE_BEFORE.exec(text.slice(end, windowEnd));
        if (routeOfNext) windowEnd = end + routeOfNext.index;
      }
      e.sig = parseSig(text.slice(end, windowEnd));
      // "IV ceftriaxone", "inj. artesunate", "PO paracetamol", "nebulised salbutamol": the route written before the name.
      if (!e.sig.route) {
        const before = ROUTE_BEFORE.exec(text.slice(Math.max(0, start - 14), start));
        // "PR 88" is the pulse, but "PR diazepam" is rectal: here the medicine follows, so the route stands.
        if (before) e.sig.route = routeOf(before[1]);
        // "IV ceftriaxone + metronidazole", "IV ceftriaxone, gentamicin and metronidazole": a route written before a
        // list of names is each name's. Only names joined by nothing but "+", ",", "&", "/", "and", "with" on one
        // line: a name with its own route ("IV ceftriaxone, oral metronidazole") or its own instruction between
        // ("IV ceftriaxone 1g od, metronidazole") keeps what it says, and a route never crosses a sentence or line.
        else {
          const previous = lastMedication;
          if (previous && routeBeforeList.has(previous.k) && LIST_OF_NAMES.test(text.slice(previous.end, start))) e.sig.route = routeBeforeList.get(previous.k)!;
        }
        if (e.sig.route) routeBeforeList.set(k, e.sig.route);
      }
      lastMedication = { k, end };
    }
    (REPORTED.has(e.assertion) ? entities : excluded).push(e);
  });
  combineHypertension(v, entities);
  sickleCellDactylitis(v, entities);
  const reported = entities.map((e) => e.confidence);
  const confidence = reported.length ? Math.round((reported.reduce((a, b) => a + b, 0) / reported.length) * 100) / 100 : 0;
  return { entities, excluded, demographics: extractDemographics(text), confidence };
}
