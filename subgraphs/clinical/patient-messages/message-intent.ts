import { assertMentions, sectionDefaults, type Assertion, type Mention, type TriggerIndex } from "../extraction/context.js";
import { findPhrases, type PhraseTable } from "../extraction/phrase-match.js";
import { sentenceStarts, type Token } from "../extraction/text.js";

export const INTENTS = ["symptom_report", "refill_request", "appointment", "results_question", "billing", "document_request", "other"] as const;
export type Intent = (typeof INTENTS)[number];

/** Assertions under which a symptom is not being reported now. */
export const NOT_REPORTED: Assertion[] = ["absent", "historical", "hypothetical"];

/** The compiled intent phrases (tag `intent#phrase`), their weights, and the context triggers of the message's language. */
export interface IntentTables {
  intents: PhraseTable;
  weights: Map<string, number>;
  triggers: TriggerIndex | undefined;
}

/** Assertions again after a negated subject denies its clause ("neither me nor the baby has any bleeding"). */
export type SubjectDenial = (mentions: Mention[], assertions: Assertion[]) => Assertion[];

/**
 * The weight of each intent's phrases found, and the intents named outright (a phrase of weight 2 or more).
 * A symptom the message denies, puts in the past or only supposes ("no bleeding, just asking when my next
 * visit is", "the chest pain I had last year is gone, need a refill") is not a symptom report.
 */
export function intentPhraseScores(tokens: Token[], text: string, c: IntentTables, denySubjects: SubjectDenial = (_, a) => a): { scores: Map<Intent, number>; named: Set<Intent> } {
  const scores = new Map<Intent, number>();
  const named = new Set<Intent>();
  const intentMentions = findPhrases(tokens, c.intents);
  const symptomAssertions = denySubjects(intentMentions, assertMentions(tokens, intentMentions, sentenceStarts(text), sectionDefaults(text), undefined, c.triggers));
  for (const [k, m] of intentMentions.entries()) {
    for (const tag of m.tags) {
      const intent = tag.split("#")[0] as Intent;
      if (intent === "symptom_report" && NOT_REPORTED.includes(symptomAssertions[k])) continue;
      const weight = c.weights.get(tag)!;
      scores.set(intent, (scores.get(intent) ?? 0) + weight);
      if (weight >= NAMED_WEIGHT) named.add(intent);
    }
  }
  return { scores, named };
}

/** A phrase of this weight names its intent ("refill", "appointment", "sick note"); 1 only suggests it. */
const NAMED_WEIGHT = 2;
/** Each red-flag category found counts as a symptom-report phrase that names it. */
const RED_FLAG_WEIGHT = 2;

/**
 * The intent, its confidence and every intent's score, from one set of scores so they agree.
 * - A red flag makes the message a symptom report whatever else it asks (a bill, a visit, a refill around the
 *   sign in a long message): staff must read the sign first. Each flagged category adds RED_FLAG_WEIGHT to
 *   symptom_report, so its score is never 0 when it is chosen for a flag.
 * - Without a red flag, a request the message names (refill, appointment, results, bill, document) is what
 *   it asks for; symptoms around it are context ("can i get my diclofenac refilled, my back pain is bad") and
 *   were screened all the same.
 * - Otherwise the highest score; `other` when no intent phrase was found.
 * Confidence = chosen score / all scores × min(1, chosen score / 2), at most 0.95 (a heuristic, not a
 * probability); 0.5 for `other` (nothing matched: undecided).
 */
export function chooseIntent(phraseScores: Map<Intent, number>, named: Set<Intent>, redFlagCategories: number): { intent: Intent; confidence: number; intentScores: { intent: Intent; score: number }[] } {
  const scores = new Map(phraseScores);
  if (redFlagCategories) scores.set("symptom_report", (scores.get("symptom_report") ?? 0) + RED_FLAG_WEIGHT * redFlagCategories);
  const ranked = [...scores.entries()].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]);
  const request = ranked.find(([i]) => i !== "symptom_report" && named.has(i));
  const [intent, score]: [Intent, number] = redFlagCategories ? ["symptom_report", scores.get("symptom_report")!] : (request ?? ranked[0] ?? ["other", 0]);
  const total = ranked.reduce((s, [, v]) => s + v, 0);
  const confidence = score > 0 ? Math.min(0.95, Math.round((score / total) * Math.min(1, score / 2) * 100) / 100) : 0.5;
  const intentScores = INTENTS.filter((i) => i !== "other").map((i) => ({ intent: i, score: scores.get(i) ?? 0 }));
  return { intent, confidence, intentScores };
}
