import { assertMentions, sectionDefaults, type Assertion } from "./context.js";
import { extractDemographics, type Demographics } from "./demographics.js";
import { parseSig, type MedicationSig } from "./medication-sig.js";
import { sentenceStarts, tokenize, type Token } from "./text.js";
import { CODE_SYSTEM, correctSpelling, type EntityType, type Vocabulary, type VocabularyTerm } from "./vocabulary.js";

/**
 * Dictionary + rules entity extraction: longest-match lookup of the shipped vocabularies over
 * canonical tokens (with one-edit spelling correction against the lexicon), NegEx/ConText-style
 * assertion, demographics and medication instructions. Deterministic; no note text is kept.
 */
export const EXTRACTION_ENGINE_VERSION = "entity-extraction@1.0.0";

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
 * How a short abbreviation must be written to count. In capitals ("SAM", "AGE", "MI") always. With only a
 * capital first letter, when it is a symbol (two letters: "Hb", "Na") or a lab test ("Hct", "Plt"): a
 * three-letter diagnosis, drug or finding written so is a word or a name ("Sam", "Age: 45", "Cap"), not
 * severe acute malnutrition, gastroenteritis or a community-acquired pneumonia.
 */
function writtenAsAbbreviation(raw: string, term: VocabularyTerm): boolean {
  if (!/^\p{Lu}/u.test(raw)) return false;
  return raw === raw.toUpperCase() || raw.length <= 2 || term.type === "lab_test";
}

/** Greedy longest match, left to right. */
function matchTerms(v: Vocabulary, tokens: Token[]): Match[] {
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
        if (term.needsCapitals && !writtenAsAbbreviation(tokens[i].raw, term)) continue;
        // A one-letter abbreviation ("K" for potassium) only before its value: "K 3.0", "K: 5.9", "K=4".
        if (tokens[i].raw.length === 1 && n === 1 && !/^[\d:=]/.test(tokens[i + 1]?.raw ?? "")) continue;
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

export function extractEntities(v: Vocabulary, text: string): ExtractionResult {
  const tokens = tokenize(text);
  const matches = matchTerms(v, tokens);
  const sentences = sentenceStarts(text);
  const assertions = assertMentions(tokens, matches, sentences, sectionDefaults(text), (k) => matches[k].term.type === "lab_test" || matches[k].term.type === "procedure");
  const entities: ExtractedEntity[] = [];
  const excluded: ExtractedEntity[] = [];
  matches.forEach((m, k) => {
    const start = tokens[m.from].start;
    const end = tokens[m.to - 1].end;
    const code = m.term.code;
    const validated = code !== null && (m.term.type !== "diagnosis" || v.icd10Codes.has(code));
    const base = m.term.origin === "lexicon" ? 0.95 : 0.85;
    const confidence = Math.round(base * (m.corrected ? 0.8 : 1) * ASSERTION_CONFIDENCE[assertions[k]] * 100) / 100;
    if (NEGATING_WORDS.has(text.slice(start, end).toLowerCase())) assertions[k] = "absent";
    const e: ExtractedEntity = { type: m.term.type, text: text.slice(start, end), start, end, code, system: CODE_SYSTEM[m.term.type], display: m.term.display, validated, assertion: assertions[k], confidence };
    if (m.term.type === "medication") {
      const next = matches.slice(k + 1).find((o) => o.term.type === "medication");
      let windowEnd = Math.min(text.length, end + 80, next ? tokens[next.from].start : Infinity);
      const stop = /[\n;]|\.(?=\s)/.exec(text.slice(end, windowEnd));
      if (stop) windowEnd = end + stop.index;
      e.sig = parseSig(text.slice(end, windowEnd));
      // "IV ceftriaxone", "inj. artesunate", "PO paracetamol": the route written before the name.
      if (!e.sig.route) {
        const before = /\b(iv|im|sc|po|inj\.?|injection|tab\.?|tablet|syrup|susp)\s*$/i.exec(text.slice(Math.max(0, start - 14), start));
        if (before) e.sig.route = /^(iv|inj|injection)/i.test(before[1]) ? "intravenous" : /^im$/i.test(before[1]) ? "intramuscular" : /^sc$/i.test(before[1]) ? "subcutaneous" : "oral";
      }
    }
    (REPORTED.has(e.assertion) ? entities : excluded).push(e);
  });
  const reported = entities.map((e) => e.confidence);
  const confidence = reported.length ? Math.round((reported.reduce((a, b) => a + b, 0) / reported.length) * 100) / 100 : 0;
  return { entities, excluded, demographics: extractDemographics(text), confidence };
}
