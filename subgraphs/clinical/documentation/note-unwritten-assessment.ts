/**
 * The clinician's assessment written as a line of its own, without a heading, between the history or
 * examination and the plan: a question-marked or hedged diagnosis ("?PUD", "r/o PTB", "likely viral URTI",
 * "Impression malaria", "… - r/o DR-TB"), or a diagnosis or the course of a known one ("AGE with some
 * dehydration", "DM well controlled", "Unsuppressed VL, poor adherence") just before a line of orders. In the
 * SOAP order (Weed LL. N Engl J Med 1968;278:593-600) the plan follows the assessment, so the line after a
 * hedged diagnosis begins the plan ("r/o PTB" / "GeneXpert sputum x2, CXR"). The hedges are the ones the
 * extraction's ConText treats as uncertain (Harkema H et al. J Biomed Inform 2009;42:839-51), written as
 * East African notes write them.
 */
import { readWrittenVitals } from "../extraction/written-vitals.js";
import { looksExamined, type EntityMark } from "./note-unwritten-examination.js";

export interface NoteLine {
  at: number;
  text: string;
}

/** A diagnosis the clinician hedges: opening the line, or after a dash, comma or stop within it. */
const HEDGE_OPENING = /^(?:\?\s?[A-Za-z]|r\/o\b|rule out\b|query\b|likely\b|probable\b|possible\b|suspected\b|impression\b|imp\b|dx\b|ddx\b|d\/d\b|diagnosis\b|differentials?\b)/i;
const HEDGE_WITHIN = /(?:[-–—,.;]\s+|\s)(?:\?[A-Za-z]|r\/o\b|rule out\b|query\b)/i;
/** The course of a condition, as an assessment states it. */
const COURSE = /\b(?:(?:un|not |well |poorly |partially )?controlled|(?:un)?suppressed|stable|improving|resolving|responding|worsening|not improving|deteriorating|adequate|inadequate|failed|poor adherence|in remission|progressing (?:well|as expected)|healing (?:well|poorly)|as expected|no evidence of (?:infection|recurrence|relapse))\b/i;
/** History lines open with these: the patient's report, not the clinician's judgement. */
const REPORTED = /^(?:no |nil |not |c\/o|complains?|reports?|says?|mother|pt (?:says|reports|c\/o)|known |k\/c|on )/i;
/** An assessment line is short: a diagnosis or two and their course. */
const MAX_WORDS = 14;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

export function noteLines(note: string): NoteLine[] {
  return [...note.matchAll(/[^\n]+/g)].map((m) => ({ at: m.index + m[0].length - m[0].trimStart().length, text: m[0].trim() })).filter((l) => l.text);
}

const namesDiagnosis = (line: NoteLine, marks: EntityMark[]) =>
  marks.some((m) => m.type === "diagnosis" && (m.assertion === "present" || m.assertion === "possible") && m.start >= line.at && m.start < line.at + line.text.length);

function candidate(line: NoteLine): boolean {
  return words(line.text) <= MAX_WORDS && !readWrittenVitals(line.text).length && !REPORTED.test(line.text);
}

/** A hedged diagnosis: an assessment wherever it stands after the history. */
export const isHedged = (line: NoteLine) => candidate(line) && (HEDGE_OPENING.test(line.text) || HEDGE_WITHIN.test(line.text));

/** Entities a finding names: a line naming one reports what was seen, heard or measured. */
const FINDING_TYPES = new Set(["symptom", "lab_test"]);

/**
 * A line of the clinician's judgement in words the extraction does not hold as a diagnosis ("FP counselling -
 * chose implant", "Due for 14wk vaccines, well baby"): short, naming no finding, test or vital, and reading as
 * no finding; an assessment when it closes an examination and orders follow it.
 */
export const judgesWithoutFindings = (line: NoteLine, marks: EntityMark[]) =>
  candidate(line) &&
  !looksExamined(line.text, line.at, marks) &&
  !marks.some((m) => FINDING_TYPES.has(m.type) && m.start >= line.at && m.start < line.at + line.text.length);

/** A diagnosis or its course: an assessment when orders follow it. */
export const statesDiagnosis = (line: NoteLine, marks: EntityMark[]) => candidate(line) && (namesDiagnosis(line, marks) || COURSE.test(line.text));
