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

export const NOTE_TRIGGERS = triggerIndex(FRENCH, FRENCH_LIST_CONNECTORS);
