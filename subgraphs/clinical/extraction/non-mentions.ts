import type { Token } from "./text.js";
import type { VocabularyTerm } from "./vocabulary.js";

/** A dictionary match over tokens [from, to), as the extraction engine reads them. */
export interface NonMentionMatch {
  term: VocabularyTerm;
  from: number;
  to: number;
}

/**
 * Words that make the medicine before them the name of a service: "ART clinic review", "PrEP clinic". The
 * patient attends it; no medicine is given by the words. A disease's clinic stays the patient's diagnosis
 * ("TB clinic f/up", "HIV clinic": the patient is followed for it).
 */
const SERVICE_WORDS = new Set(["clinic", "programme", "program"]);
const DOCUMENT_WORDS = new Set(["note", "notes", "record", "records"]);
const isViralLoad = (t: VocabularyTerm) => t.type === "lab_test" && /viral load/i.test(t.display);
const RECORD_WORDS = new Set(["diary", "chart", "log", "calendar", "diaries"]);
/** "low potassium diet", "salt restriction", "sodium intake": a nutrient named for what the patient eats, not its test. */
const DIET_WORDS = new Set(["diet", "diets", "restriction", "restricted", "intake", "rich", "supplement", "supplements"]);
const PASSING = new Set(["passed", "passing", "pass", "passe", "passes"]);
const NORMAL_OUTPUT = new Set(["flatu", "flatus", "wind"]);
const DRESSING_STATE = new Set(["clean", "dry", "intact", "soaked", "soiled", "stained", "in", "dirty", "wet"]);
/** "catheter draining well", "after catheter removal", "tunnelled catheter" (dialysis access): not a catheterisation done. */
const CATHETER_STATE = new Set(["draining", "drained", "removal", "removed", "out", "in"]);
const VASCULAR_CATHETER = new Set(["tunnelled", "tunneled", "dialysis", "hd", "central", "venous", "cvc", "ij", "femoral", "picc"]);
/** "NSAID-induced gastritis", "steroid-related hyperglycaemia": the medicine names the cause of the diagnosis after it. */
const CAUSE_WORDS = new Set(["induced", "related", "associated"]);
/** "anti-TB treatment", "anti-malarials", "anti-HIV drugs": a class of medicine named after the disease it treats. */
const AGAINST_PREFIX = "anti";

/**
 * Matches that name something other than the patient's finding or medicine: a service ("ART clinic"), a class
 * of medicine named after a disease ("anti-TB treatment"), and the nebuliser written as the route of the medicine
 * right after it ("nebulised salbutamol": the salbutamol's route, not a procedure of its own).
 */
export function withoutNonMentions<M extends NonMentionMatch>(tokens: Token[], matches: M[]): M[] {
  return matches.filter((m, k) => {
    const next = tokens[m.to];
    if (m.term.type === "medication" && next && SERVICE_WORDS.has(next.key)) return false;
    // "Burns dressing clinic", "physiotherapy clinic": the service's name, not a procedure done.
    if (m.term.type === "procedure" && next && SERVICE_WORDS.has(next.key)) return false;
    // "Anaesthesia note", "Anaesthetic record": the document's kind, a heading, not a procedure done.
    if (m.term.type === "procedure" && next && DOCUMENT_WORDS.has(next.key)) return false;
    if (m.term.type === "medication" && next && CAUSE_WORDS.has(next.key) && matches[k + 1]?.from === m.to + 1 && matches[k + 1].term.type === "diagnosis") return false;
    // "soluble insulin sliding scale": the insulin regimen, not a scaly skin.
    if (m.term.type === "symptom" && m.to - m.from === 1 && tokens[m.from].key === "scale" && tokens[m.from - 1]?.key === "sliding") return false;
    // "VL LDL", "viral load: LDL": lower than the detectable limit, the viral load's result, not an LDL cholesterol.
    if (m.term.type === "lab_test" && m.to - m.from === 1 && tokens[m.from].key === "ldl" && k > 0 && isViralLoad(matches[k - 1].term) && tokens.slice(matches[k - 1].to, m.from).every((t) => !t.word)) return false;
    if (m.term.type === "lab_test" && next && DIET_WORDS.has(next.key)) return false;
    // "seizure diary", "fever chart", "pain score chart": a record kept of a finding, not the finding.
    if ((m.term.type === "symptom" || m.term.type === "diagnosis") && next && RECORD_WORDS.has(next.key)) return false;
    // "passed flatus", "passing flatus": the bowel working after surgery, not a complaint of wind.
    if (m.term.type === "symptom" && m.from > 0 && PASSING.has(tokens[m.from - 1].key) && NORMAL_OUTPUT.has(tokens[m.from].key) && m.to - m.from === 1) return false;
    // "dressing clean and dry", "dressing soaked": the dressing looked at, not a dressing done.
    if (m.term.type === "procedure" && m.to - m.from === 1 && tokens[m.from].key === "dressing" && next && DRESSING_STATE.has(next.key)) return false;
    if (m.term.type === "procedure" && m.to - m.from === 1 && tokens[m.from].key === "catheter" && (CATHETER_STATE.has(next?.key ?? "") || VASCULAR_CATHETER.has(tokens[m.from - 1]?.key ?? ""))) return false;
    if (m.term.type === "diagnosis" && m.from > 0 && tokens[m.from - 1].key === AGAINST_PREFIX) return false;
    // "swelling increases on coughing", "pain on swallowing", "worse on straining": the act that brings out a sign
    // (the hernia's cough impulse), not a complaint of its own.
    if (m.term.type === "symptom" && m.to - m.from === 1 && m.from > 0 && tokens[m.from - 1].key === "on" && /ing$/i.test(tokens[m.from].raw)) return false;
    if (m.term.type === "procedure" && /^neb/i.test(tokens[m.from].key) && m.to - m.from === 1 && matches[k + 1]?.from === m.to && matches[k + 1].term.type === "medication") return false;
    // "Ana maumivu ya kifua", "Ana homa" (Swahili: she/he has; TUKI 2001): a word written with only its first letter in
    // capitals, as a sentence starts, is not a test's short name ("ANA") when a finding follows it directly.
    if (m.term.type === "lab_test" && m.term.needsCapitals && m.to - m.from === 1 && /^\p{Lu}\p{Ll}{2,}$/u.test(tokens[m.from].raw) && matches[k + 1]?.from === m.to && matches[k + 1].term.type !== "lab_test") return false;
    return true;
  });
}
