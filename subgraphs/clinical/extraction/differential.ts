import type { Assertion } from "./context.js";
import { phraseKeys, sentenceOf, type Token } from "./text.js";
import type { EntityType } from "./vocabulary.js";

/**
 * A differential diagnosis the note resolves later: "Ddx: acute appendicitis, ectopic pregnancy, PID. Urine hCG
 * negative - ectopic ruled out", "?malaria, ?typhoid. mRDT negative, malaria excluded". The queried mention is one
 * possibility of the differential; the later statement that it was ruled out is the note's conclusion about it, so the
 * queried one is no longer the patient's possible diagnosis (a rule-out that failed is "ruled out", ConText's negation:
 * Harkema H et al., J Biomed Inform 2009;42:839-51). Read in two ways, both only for a queried ("possible") diagnosis
 * and a statement in a later sentence:
 *
 * - the same condition (same code) named again and negated there ("no malaria", "malaria excluded");
 * - the first words of the queried term, which the vocabulary may not know alone ("ectopic" of "ectopic pregnancy"),
 *   right before "ruled out", "excluded" or "has been/was/is ruled out/excluded".
 *
 * A condition stated present elsewhere is not touched, nor one queried after the rule-out (a new question). A diagnosis
 * written right before its own rule-out through a linking verb ("meningitis has been excluded") is ruled out itself.
 */
interface DiagnosisMatch {
  term: { type: EntityType; code: string | null };
  from: number;
  to: number;
}

const RULED_OUT = ["ruled out", "excluded", "r/o'd"].map((p) => phraseKeys(p));
const LINKING = new Set(["is", "was", "has", "been", "-", ":", "now", "also", "then"]);

function ruledOutAfter(tokens: Token[], at: number): boolean {
  let i = at;
  while (i < tokens.length && i - at < 3 && LINKING.has(tokens[i].key)) i++;
  return RULED_OUT.some((p) => p.every((key, j) => tokens[i + j]?.key === key));
}

/** Whether the first words of match m (at least one word, of four letters or more) are written at `i` and ruled out there. */
function headRuledOut(tokens: Token[], m: DiagnosisMatch, i: number): boolean {
  for (let n = m.to - m.from; n >= 1; n--) {
    if (n === 1 && tokens[m.from].key.length < 4) return false;
    let ok = true;
    for (let j = 0; j < n && ok; j++) ok = tokens[i + j]?.key === tokens[m.from + j].key;
    if (ok && ruledOutAfter(tokens, i + n)) return true;
  }
  return false;
}

/** Sets to "absent" each queried diagnosis that a later sentence rules out, as described above. */
export function markDifferentialsRuledOut(tokens: Token[], matches: DiagnosisMatch[], assertions: Assertion[], sentences: number[]): void {
  const sentenceAt = (i: number) => sentenceOf(sentences, tokens[i].start);
  // "Meningitis has been excluded", "TB was ruled out": the linking verb must not end the rule-out's scope.
  matches.forEach((m, k) => {
    if (m.term.type === "diagnosis" && (assertions[k] === "present" || assertions[k] === "possible") && ruledOutAfter(tokens, m.to)) assertions[k] = "absent";
  });
  matches.forEach((m, k) => {
    if (m.term.type !== "diagnosis" || assertions[k] !== "possible") return;
    const own = sentenceAt(m.from);
    const sameCode = (o: DiagnosisMatch) => o.term.type === "diagnosis" && m.term.code !== null && o.term.code === m.term.code;
    if (matches.some((o, j) => j !== k && sameCode(o) && assertions[j] === "present")) return;
    const negatedLater = matches.some((o, j) => sameCode(o) && assertions[j] === "absent" && sentenceAt(o.from) > own);
    let ruledOut = negatedLater;
    for (let i = m.to; !ruledOut && i < tokens.length; i++) if (sentenceAt(i) > own && headRuledOut(tokens, m, i)) ruledOut = true;
    if (ruledOut) assertions[k] = "absent";
  });
}
