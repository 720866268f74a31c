import { loincForUnit } from "../digitization/loinc-by-unit.js";
import { assertMentions, sectionDefaults, type Assertion } from "./context.js";
import { extractDemographics, type Demographics } from "./demographics.js";
import { parseSig, startsInstruction, type MedicationSig } from "./medication-sig.js";
import { sentenceStarts, tokenize, type Token } from "./text.js";
import { CODE_SYSTEM, correctSpelling, type EntityType, type Vocabulary, type VocabularyTerm } from "./vocabulary.js";

/**
 * Dictionary + rules entity extraction: longest-match lookup of the shipped vocabularies over
 * canonical tokens (with one-edit spelling correction against the lexicon), NegEx/ConText-style
 * assertion, demographics and medication instructions. Deterministic; no note text is kept.
 */
export const EXTRACTION_ENGINE_VERSION = "entity-extraction@1.1.0";

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
        // "Allergy to penicillin", "Hypersensitivity to ibuprofen": the words introduce the allergen (an
        // allergy trigger, context.ts), they are not a diagnosis of their own that hides the trigger.
        if (n === 1 && ALLERGY_LEADS.has(keys[i]) && (keys[i + 1] === "to" || keys[i + 1] === ":")) continue;
        // Never the letter of a vitamin: "Vit K 1mg IM" is phytomenadione, not a potassium result.
        if (tokens[i].raw.length === 1 && n === 1 && (!/^[\d:=]/.test(tokens[i + 1]?.raw ?? "") || VITAMIN_WORDS.has(keys[i - 1] ?? "") || (keys[i - 1] === "." && VITAMIN_WORDS.has(keys[i - 2] ?? "")))) continue;
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

export function extractEntities(v: Vocabulary, text: string): ExtractionResult {
  const tokens = tokenize(text);
  const matches = matchTerms(v, tokens);
  const sentences = sentenceStarts(text);
  // A bare trailing "-" negates a symptom or sign (a symptom, or a finding of ICD-10 chapter XVIII: "jaundice -",
  // "hepatomegaly -"), never a diagnosis ("Dx: Severe malaria -" ends a line). "NR" (non-reactive) negates an
  // infection written as a test result ("HIV NR", "syphilis NR"), never a sign ("Pallor NR" is not recorded).
  const isFinding = (t: VocabularyTerm) => t.type === "symptom" || (t.type === "diagnosis" && /^R/i.test(t.code ?? ""));
  const resultMarkApplies = (k: number, mark: "nr" | "-") => (mark === "-" ? isFinding(matches[k].term) : matches[k].term.type === "diagnosis" && !isFinding(matches[k].term));
  const assertions = assertMentions(tokens, matches, sentences, sectionDefaults(text), (k) => matches[k].term.type === "lab_test" || matches[k].term.type === "procedure", undefined, resultMarkApplies);
  const entityStarts = new Set(matches.map((m) => tokens[m.from].start));
  const entities: ExtractedEntity[] = [];
  const excluded: ExtractedEntity[] = [];
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
    const e: ExtractedEntity = { type: m.term.type, text: text.slice(start, end), start, end, code, system: CODE_SYSTEM[m.term.type], display, validated, assertion: assertions[k], confidence };
    if (m.term.type === "medication") {
      const next = matches.slice(k + 1).find((o) => o.term.type === "medication");
      const windowEnd = instructionEnd(text, end, Math.min(text.length, end + 80, next ? tokens[next.from].start : Infinity), entityStarts);
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
