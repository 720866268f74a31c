import type { Assertion } from "./context.js";
import type { Token } from "./text.js";
import type { EntityType } from "./vocabulary.js";

/**
 * The reaction an allergy list writes after its allergen: "penicillin - anaphylaxis (2019)", "sulfa drugs: rash",
 * "latex → itchy hands", "cotrimoxazole (SJS)", "aspirin causes wheeze". The allergen is the allergy (never the
 * patient's medicine); the reaction is what happened to the patient, a past event of their own (historical), as an
 * allergy record holds both (HL7 FHIR AllergyIntolerance: `code` the substance, `reaction.manifestation` what the
 * patient had). Only a symptom or diagnosis within the allergy's scope, after a dash, arrow, colon or bracket or
 * "causes/caused/gave/gives" that follows the allergen's words on the same item (at most three words between).
 */
interface ReactionMatch {
  term: { type: EntityType };
  from: number;
  to: number;
}

const ITEM_START = /[;\n,.]/g;
const AFTER_ALLERGEN = /(?<allergen>[\p{L}\p{N})][^;\n,.]*?)[ \t]*(?:[-–—]|->|→|=>|:|\(|\b(?:causes|caused|cause|gave|gives|giving|resulting in|led to)\b)[ \t]*(?:\p{L}+[ \t]+){0,3}$/u;
const ALLERGY_HEADING = /\b(?:allerg\w*|hypersensitivit\w*|intoleran\w*|adverse reactions?|adrs?)\s*$/i;

function itemStart(text: string, at: number): number {
  let start = 0;
  for (const m of text.slice(0, at).matchAll(ITEM_START)) start = m.index! + 1;
  return start;
}

/** Sets to "historical" the reactions written after their allergen within an allergy's scope. */
export function markAllergyReactions(text: string, tokens: Token[], matches: ReactionMatch[], assertions: Assertion[]): void {
  matches.forEach((m, k) => {
    if (assertions[k] !== "allergy" || (m.term.type !== "symptom" && m.term.type !== "diagnosis")) return;
    const at = tokens[m.from].start;
    const item = text.slice(itemStart(text, at), at);
    const reaction = AFTER_ALLERGEN.exec(item);
    if (!reaction) return;
    const allergen = reaction.groups!.allergen.replace(/^.*:\s*/, "");
    if (!allergen.trim() || ALLERGY_HEADING.test(reaction.groups!.allergen)) return;
    assertions[k] = "historical";
  });
}
