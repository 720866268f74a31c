import { triggerIndex, type TriggerLists } from "./context.js";

/**
 * The trigger index the note extractor reads: the English ConText lists of context.ts (shared with the patient
 * messages, which add their own languages) plus the French negations of Rwandan and Burundian notes ("Pas de fièvre,
 * pas de toux", "sans oedèmes", "ni vomissements ni diarrhée", "BK négatif"). NegEx's French adaptation lists them
 * (Deléger L, Grouin C, "Detecting negation of medical problems in French clinical notes", ACM IHI 2012: "pas de",
 * "sans", "absence de", "aucun(e)", "ni", "négatif"). Kept to the note extractor so the patient messages' triggers stay
 * as they are.
 */
const FRENCH: TriggerLists = [
  ["absent", "pre", ["pas de", "pas d", "sans", "absence de", "absence d", "aucun", "aucune", "ni", "jamais de", "pas d'antécédent de", "non retrouvé"]],
  ["absent", "post", ["négatif", "négative", "negatif", "negative", "absent", "absente", "absents", "absentes", "non retrouvé", "non retrouvée"]],
  ["terminate", "pre", ["mais", "cependant", "toutefois"]],
];
const FRENCH_LIST_CONNECTORS = ["et", "ou", "ni"];

/**
 * English words of clinicians' notes, kept to the note extractor: a condition named with "risk" after it is the reason
 * for a decision, not the patient's ("STOP glibenclamide (hypoglycaemia risk)", "bleeding risk"; pyConText's lexical KB,
 * chapmanbe/pyConTextNLP lexical_kb_05042016.tsv, lists "risk" with the hypothetical-future triggers), and "until" ends
 * an order's scope ("HOLD spironolactone until K+ rechecked": the test is done, not held).
 */
const ENGLISH_NOTES: TriggerLists = [
  ["hypothetical", "post", ["risk"]],
  ["terminate", "pre", ["until", "till"]],
];

/**
 * Swahili words of Kenyan and Tanzanian notes that context.ts's "hana", "hakuna" and "bila" do not cover (TUKI, Kamusi ya
 * Kiswahili-Kiingereza, Institute of Kiswahili Research, University of Dar es Salaam, 2001): the negative perfect
 * "hajawahi (kuwa na)" (has never had), "hakuwahi" (never did), "hajapata" (has not had), "hakuwa na" (did not have);
 * and the conditions of safety-netting advice, "arudi/rudi/kurudi kama" (return if), "akipata" (if she/he gets), "ikiwa",
 * "iwapo", "endapo" (if, in case), and the conditional -ki- of "akirudi na" (if she/he comes back with), "akiwa na" (if
 * she/he has), "akiona" (if she/he sees; "u-" for you): "Arudi kama homa inaendelea" is a fever the patient may get,
 * not one stated. The bare "kama" is also "like, as", so it counts only after a verb of returning.
 */
const SWAHILI_NOTES: TriggerLists = [
  ["absent", "pre", ["hajawahi", "hajawahi kuwa na", "hakuwahi", "hakuwahi kuwa na", "hajapata", "hakuwa na"]],
  ["hypothetical", "pre", ["arudi kama", "arudi ikiwa", "rudi kama", "kurudi kama", "kurudi ikiwa", "akipata", "ikiwa", "iwapo", "endapo", "akirudi na", "ukirudi na", "akiwa na", "ukiwa na", "akiona", "ukiona"]],
];

export const NOTE_TRIGGERS = triggerIndex([...FRENCH, ...ENGLISH_NOTES, ...SWAHILI_NOTES], FRENCH_LIST_CONNECTORS);
