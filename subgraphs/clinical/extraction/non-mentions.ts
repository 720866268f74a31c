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
 * "D5 post-op", "Ward round D2", "weaned by D10", "Burns unit D3": a day number (post-operative day, day of admission).
 * "D5", "D10", "D50" are dextrose only where a fluid is written: a volume, rate or fluid word after it ("D10 5ml/kg",
 * "D5 in water", "D50 bolus"), a route or an order before it ("IV D10", "give D50"), or another medicine listed with it
 * ("NS, D5", "RL + D10").
 */
const DEXTROSE_SHORT = /^d\d{1,2}$/;
const FLUID_AFTER = new Set(["%", "w", "water", "infusion", "drip", "bolus", "iv", "ml", "mls", "l", "litre", "liter", "litres", "in", "at", "ns", "saline", "stat", "over", "x"]);
const FLUID_ORDER_BEFORE = new Set(["iv", "give", "given", "start", "started", "infuse", "infused", "run", "running", "bolus", "of", "with", "plus"]);
const LIST_JOINT = new Set([",", "+", "and", "/", "&", "then", "or"]);
/** A value or a volume, not an ordinal ("ANC 2nd visit"). */
const isNumber = (t: Token | undefined) => !!t && /^\d/.test(t.raw) && !/^\d+(?:st|nd|rd|th)$/i.test(t.raw);
function dextroseWritten<M extends NonMentionMatch>(tokens: Token[], matches: M[], k: number): boolean {
  const m = matches[k];
  const next = tokens[m.to];
  const before = tokens[m.from - 1];
  if (isNumber(next) || (next && FLUID_AFTER.has(next.key))) return true;
  if (before && FLUID_ORDER_BEFORE.has(before.key)) return true;
  // Another medicine right across a list joint: one ending at the joint before, or one starting after the joint after.
  const medicine = (o: M) => o.term.type === "medication" && o !== m;
  if (before && LIST_JOINT.has(before.key) && matches.some((o) => medicine(o) && o.to === m.from - 1)) return true;
  if (next && LIST_JOINT.has(next.key) && matches.some((o) => medicine(o) && o.from === m.to + 1)) return true;
  return false;
}
/** "ANC 1.8", "ANC: 0.9", "ANC of 1.2": the absolute neutrophil count before its value; elsewhere ANC is antenatal care ("ANC visit", "tested at ANC"). */
const VALUE_LEAD = new Set([":", "=", "of", "was", "is", "now"]);
const valueAfter = (tokens: Token[], at: number) => isNumber(tokens[at]) || (VALUE_LEAD.has(tokens[at]?.key ?? "") && isNumber(tokens[at + 1]));
export const VALUE_ONLY_LABS: ReadonlySet<string> = new Set(["anc"]);
/**
 * "ANC 2", "ANC 4" in an antenatal card or register ("G2P1", "LNMP", "EDD", "IPTp"): the antenatal contact's number, a
 * whole number under ten; an absolute neutrophil count is written as a decimal (x10^9/L) or in hundreds (cells/uL).
 */
const ANTENATAL_KEY = /^(?:g\d{1,2}p\d{1,2}.*|lnmp|lmp|edd|gravida|primigravida|multigravida|antenatal|iptp\d?|fundal)$/;
const visitNumberAfter = (tokens: Token[], at: number) => /^[1-9]$/.test(tokens[at]?.raw ?? "") && !/^[.,]\d/.test(`${tokens[at + 1]?.raw ?? ""}${tokens[at + 2]?.raw ?? ""}`) && tokens.some((t) => ANTENATAL_KEY.test(t.key));
/**
 * "T4", "T3": thyroxine and triiodothyronine among thyroid words ("TFTs: T4 normal, TSH 1.2"); elsewhere a thoracic level
 * ("Block T4 at 5 min", "T4 vertebra") or a tumour stage ("T4 N2").
 */
const THYROID_LABS = new Set(["t4", "t3"]);
const THYROID_CUES = new Set(["tsh", "tft", "tfts", "thyroid", "ft4", "ft3", "t3", "t4", "thyroxine", "goitre", "goiter", "hyperthyroid", "hypothyroid", "hyperthyroidism", "hypothyroidism", "thyrotoxicosis", "levothyroxine", "carbimazole"]);
const THYROID_REACH = 8;
/**
 * "CSF sent for gram stain and culture", "CSF for cell count, protein", "urine taken for culture": the specimen a test is
 * done on, named before the tests; the tests after "for" are what was ordered.
 */
const SPECIMEN_LABS = new Set(["csf"]);
const SPECIMEN_SENT = new Set(["sent", "taken", "collected", "obtained", "drawn", "submitted"]);
/**
 * "Burns unit", "Addiction unit", "TB ward", "Uganda Cancer Institute", "Cancer Centre": a place named after the
 * disease it cares for, not a diagnosis of this patient (a disease's clinic stays one: README, "Services and advice").
 */
const PLACE_WORDS = new Set(["unit", "ward", "wards", "institute", "centre", "center", "hospital", "foundation", "society", "association", "registry", "department", "dept", "wing"]);
/** "callus forming", "bridging callus": a fracture's healing on the film, not a callosity of the skin. */
const HEALING_AFTER = new Set(["forming", "formation", "formed", "seen", "visible", "present"]);
const HEALING_BEFORE = new Set(["bridging", "bony", "fracture", "periosteal", "exuberant", "early", "good", "abundant"]);
/**
 * Brand names that are also a phrase of the language: "Mara Moja" (a Kenyan over-the-counter analgesic) is Swahili for "at
 * once" ("aende hospitali mara moja", "transfuse mara moja") and "mara moja kwa siku" once a day. The brand is written with
 * capitals ("Mara Moja 2 tabs"); the phrase in lower case is never a medicine.
 */
const BRAND_PHRASES = new Set(["mara moja"]);
const capitalised = (raw: string) => /^\p{Lu}/u.test(raw);

/**
 * Matches that name something other than the patient's finding or medicine: a service ("ART clinic"), a class
 * of medicine named after a disease ("anti-TB treatment"), and the nebuliser written as the route of the medicine
 * right after it ("nebulised salbutamol": the salbutamol's route, not a procedure of its own).
 */
export function withoutNonMentions<M extends NonMentionMatch>(tokens: Token[], matches: M[]): M[] {
  return matches.filter((m, k) => {
    const next = tokens[m.to];
    const single = m.to - m.from === 1;
    const key = tokens[m.from].key;
    if (m.term.type === "medication" && single && DEXTROSE_SHORT.test(key) && !dextroseWritten(tokens, matches, k)) return false;
    if (m.term.type === "medication" && BRAND_PHRASES.has(m.term.keys.join(" ")) && !tokens.slice(m.from, m.to).every((t) => capitalised(t.raw))) return false;
    if (m.term.type === "lab_test" && single && VALUE_ONLY_LABS.has(key) && (!valueAfter(tokens, m.to) || visitNumberAfter(tokens, m.to))) return false;
    if (m.term.type === "lab_test" && single && THYROID_LABS.has(key)) {
      // Within its own sentence: a cue across a full stop belongs to another statement.
      // A full stop ends a sentence when a space follows it ("0.01" is a number).
      const stop = (i: number) => tokens[i].key === "." && (!tokens[i + 1] || tokens[i + 1].start > tokens[i].end);
      let cue = false;
      for (let i = m.from - 1; i >= Math.max(0, m.from - THYROID_REACH) && !stop(i) && !cue; i--) cue = THYROID_CUES.has(tokens[i].key);
      for (let i = m.to; i < Math.min(tokens.length, m.to + THYROID_REACH) && !stop(i) && !cue; i++) cue = THYROID_CUES.has(tokens[i].key);
      if (!cue) return false;
    }
    if (m.term.type === "lab_test" && single && SPECIMEN_LABS.has(key) && (next?.key === "for" || (SPECIMEN_SENT.has(next?.key ?? "") && [tokens[m.to + 1], tokens[m.to + 2]].some((t) => t?.key === "for")))) return false;
    if (m.term.type === "diagnosis" && next && PLACE_WORDS.has(next.key)) return false;
    if (m.term.type === "diagnosis" && single && key === "callus" && (HEALING_AFTER.has(next?.key ?? "") || HEALING_BEFORE.has(tokens[m.from - 1]?.key ?? ""))) return false;
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
