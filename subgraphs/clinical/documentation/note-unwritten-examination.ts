/**
 * Where the examination begins in a note without an examination heading and whose vital signs do not open
 * a line: a line of findings between the history and the clinician's assessment ("R ear: discharge in canal",
 * "Calm, good eye contact", "Sputum smear month 5: negative"), or the findings of a ward-round line that runs
 * history and examination together with commas ("pt feels better, tolerating orals, chest clear, abd soft,
 * T 36.8, PR 86"). The SOAP order (Weed LL. N Engl J Med 1968;278:593-600) puts findings after the history.
 * The words are the examination's own: general appearance, the systems and sites examined (as in the
 * extraction sets' notes: "chest clear", "abd soft", "P/A", "CVS", "RS").
 */
import { readWrittenVitals } from "../extraction/written-vitals.js";

/** An extracted entity's place and kind (the extraction engine's answer on the same text). */
export interface EntityMark {
  start: number;
  type: string;
  assertion: string;
}

/** Words that open a finding: how the patient looks, or a system or site examined. */
const EXAM_OPENING = new RegExp(
  String.raw`^(?:on exam\w*|(?:he|she|pt|patient|child|baby|mother) (?:is|was|looks?|appears?)\b|(?:a|not )?febrile|alert|calm|conscious|comfortable|(?:not |mildly |very )?pale|pallor|jaundiced|wasted|dehydrated|` +
    String.raw`well[- ]looking|ill[- ]looking|tearful|withdrawn|agitated|restless|drowsy|orient(?:at)?ed|(?:un)?kempt|(?:good|fair|poor) eye contact|(?:flat|blunted|restricted) affect|chest|lungs?|abd(?:omen)?|cvs|rs|cns|heart|hs|p\/a|wound|pedal|oedema|edema|throat|tonsils?|tm|conjunctiva\w*|` +
    String.raw`skin|spleen|liver|neck|pupils?|tender\w*|stridor|crackles|crepitations|murmurs?|` +
    String.raw`(?:[rl]|right|left|both|bilateral)\s+[a-z]+\s*:)`,
  "i",
);
/** Labels of history written before a colon ("PMH: HTN", "LNMP: 2/52 ago"): not findings. */
const HISTORY_LABEL = /^(?:pmh|psh|p?fh|sh|dhx|drug|allerg\w*|lnmp|lmp|edd|obs|obstetric|gynae?|social|family|past|medical|surgical|hx|history|c\/o|complaints?)\b/i;
/** A short label and a colon opening the line ("Feet: intact", "VL (Sept 2026): 2,340"). */
const LABEL = /^[A-Za-z][\w ()/.,-]{0,24}:\s/;

/** The line reads as findings: a vital sign, a test's result, or an examination's opening. */
export function looksExamined(line: string, at: number, marks: EntityMark[]): boolean {
  const text = line.trimStart();
  const lead = at + line.length - text.length;
  if (readWrittenVitals(text).length) return true;
  if (EXAM_OPENING.test(text)) return true;
  // A range of motion or a joint's angle measured ("Ankle dorsiflexion 5 deg", "knee flexion 0-90°").
  if (/\b(?:flexion|extension|dorsiflexion|plantarflexion|abduction|adduction|rotation|rom)\b[^.;\n]{0,20}?\d+(?:\s*-\s*\d+)?\s*(?:deg(?:rees?)?\b|°)/i.test(text)) return true;
  if (marks.some((m) => m.type === "lab_test" && m.assertion === "present" && m.start >= lead && m.start <= lead + 3)) return true;
  return LABEL.test(text) && !HISTORY_LABEL.test(text);
}

/**
 * The first line between the note's first line and its assessment that reads as findings; null when the
 * note goes from its history straight to the assessment (a telephone consultation).
 */
export function examinationBefore(note: string, assessmentAt: number, marks: EntityMark[]): number | null {
  const firstBreak = note.indexOf("\n");
  if (firstBreak < 0 || firstBreak >= assessmentAt) return null;
  let at = firstBreak + 1;
  while (at < assessmentAt) {
    const end = note.indexOf("\n", at);
    const line = note.slice(at, end < 0 || end > assessmentAt ? assessmentAt : end);
    if (line.trim() && looksExamined(line, at, marks)) return at + line.length - line.trimStart().length;
    if (end < 0) break;
    at = end + 1;
  }
  return null;
}

/**
 * In a line that runs history into vital signs with commas, where the findings begin: the earliest of the
 * comma clauses just before the first vital that all open with examination words ("…, chest clear, abd
 * soft, T 36.8"). Null when the clause just before the vitals is not a finding.
 */
export function findingsInRun(line: string, firstVitalAt: number): number | null {
  const clauses = [...line.slice(0, firstVitalAt).matchAll(/(?:^|,)\s*([^,]*)/g)].map((m) => ({ at: m.index + m[0].length - m[1].length, text: m[1] }));
  clauses.pop();
  let start: number | null = null;
  for (let i = clauses.length - 1; i >= 0 && EXAM_OPENING.test(clauses[i].text); i--) start = clauses[i].at;
  return start;
}
