/**
 * Where a note's examination and plan begin when the clinician wrote no heading for them. Clinic cards and
 * ward rounds are often written as lines or one running paragraph ("Wt 64kg, BP 118/76 … Refill TLD …, RV
 * 3/12"; "pt feels better. Afebrile, T 36.9, PR 92, chest clear …"): the examination starts where the vital
 * signs are written, and the plan where an order opens a line or sentence after the examination. The order
 * of a note's parts is the SOAP order (Weed LL. N Engl J Med 1968;278:593-600), so a plan is looked for only
 * after the examination began, and nothing is moved back.
 */
import { readWrittenVitals } from "../extraction/written-vitals.js";
import type { SoapSection } from "./note-sections.js";
import { isHedged, judgesWithoutFindings, noteLines, statesDiagnosis, type NoteLine } from "./note-unwritten-assessment.js";
import { examinationBefore, findingsInRun, looksExamined, type EntityMark } from "./note-unwritten-examination.js";

export interface Heading {
  at: number;
  after: number;
  section: SoapSection;
  text: string;
}

interface Unit {
  at: number;
  /** The sentence (to its full stop or semicolon, or the line's end). */
  text: string;
  /** The rest of the line from the unit's start. */
  line: string;
  /** The unit opens its line. */
  opensLine: boolean;
}

/** A line, a sentence (after ". " or "; ") or a clause after a spaced dash ("improving - switch to oral"), without its bullet or number. */
const UNIT = /(?:^|\n|(?<=[.;])[ \t]+|(?<=[ \t][-–—])[ \t]+)[ \t]*(?:[-*•][ \t]*|\d{1,2}[.)][ \t]+)?(?=\S)(?=([^\n]*))/g;
const SENTENCE_END = /[.;](?=[ \t])|[.;]?[ \t]*$/;

function units(note: string): Unit[] {
  return [...note.matchAll(UNIT)]
    .map((m) => ({ at: m.index + m[0].length, text: m[1].slice(0, m[1].search(SENTENCE_END)), line: m[1], opensLine: !/\S/.test(note.slice(note.lastIndexOf("\n", m.index) + 1, m.index)) }))
    .filter((u) => u.text.trim());
}

/** The first vital's number within this many characters of the unit's start: only its label before it. */
const VITALS_LINE_LEAD = 8;
/** Or a few words of examination before its label ("Afebrile, T 36.9", "Conjunctiva pale, BP 104/62", "vitals stable T 37"). */
const VITALS_LEAD_CHARS = 20;
const VITALS_LEAD_WORDS = 3;
/** Words that make the lead a report of another time or place ("at HC BP 180/110", "mother says T 39"). */
const NOT_TODAY = /\b(?:says?|said|reports?|reported|had|was|were|at(?! rest\b| triage\b)|in|from|home|prev\w*|last|before|initially|adm\w*|referr\w*)\b/i;
/** The rest of a sentence that holds one reading and nothing more ("112/70", "39.1 °C", "96% (room air)"): not "38.5 since morning". */
const ONLY_READING = /^\d+(?:\.\d+)?(?:\s*\/\s*\d+)?\s*(?:mm ?hg|°\s?c|c|bpm|b\/min|\/min|%|kgs?|mmol\/l|cm)?\s*(?:\([^)]*\))?\s*$/i;
/** A label of findings before its colon ("Priority signs:", "General exam:"), not a note's title ("WR Day 2:", "Nursing note 0200hrs:"). */
const FINDINGS_LABEL = /^[\w /]{0,20}\b(?:signs?|findings?|exam\w*|appearance|general(?: condition)?|gc)\s*:/i;
/** The text before the first vital's number is its label alone, or a few words of examination and the label. */
function leadsToVitals(lead: string): boolean {
  if (lead.length <= VITALS_LINE_LEAD) return true;
  const before = lead.replace(/\S+[ \t]*$/, "");
  const words = before.split(/[\s,]+/).filter(Boolean);
  return before.length <= VITALS_LEAD_CHARS && words.length <= VITALS_LEAD_WORDS && !/\d/.test(before) && !NOT_TODAY.test(before);
}

/**
 * Where the unit's examination begins: at its start when its sentence opens with vital signs and its line
 * holds two or more, or is a sentence of one vital alone (its label and reading) opening a line ("BP 112/70. Urine hCG negative"); or, in a line running history into vitals with commas, at the findings just before them.
 */
function examinationIn(u: Unit, note: string): number | null {
  const read = readWrittenVitals(u.line);
  if (!read.length || read[0].at >= u.text.length) return null;
  // Vitals after sentences of findings on their line ("Priority signs: very hot, lethargic. Temp 39.8, HR 160"): the line is the examination.
  if (!u.opensLine && read.length >= 2 && leadsToVitals(u.line.slice(0, read[0].at))) {
    const lineAt = note.lastIndexOf("\n", u.at - 1) + 1;
    const before = note.slice(lineAt, u.at).split(/(?<=[.;])\s+/).map((t) => t.trim()).filter(Boolean);
    if (before.length && before.every((t) => looksExamined(t, 0, []) && (!/^[^:]{1,30}:\s/.test(t) || FINDINGS_LABEL.test(t)) && !NOT_TODAY.test(t))) return lineAt + note.slice(lineAt).length - note.slice(lineAt).trimStart().length;
  }
  // One vital opens the examination only as the sentence's opening label and reading ("BP 112/70. Urine hCG negative."), of today.
  if (read.length < 2) return u.opensLine && u.line.slice(0, read[0].at).length <= VITALS_LINE_LEAD && ONLY_READING.test(u.text.slice(read[0].at)) ? u.at : null;
  if (leadsToVitals(u.line.slice(0, read[0].at))) return u.at;
  const findings = findingsInRun(u.line, read[0].at);
  return findings !== null && !NOT_TODAY.test(u.line.slice(findings, read[0].at)) ? u.at + findings : null;
}

/** Orders that open a line or sentence of a plan: a verb of management or follow-up ("will continue …"), or a medicine with its dose. */
const ORDER = new RegExp(
  String.raw`^(?:(?:will|to|plan(?:ned)? to) |(?:i|we) (?:have |will |shall )?)?(?:(?:re)?start|resume|cont(?:inue)?|refill|give|given|stop|discontinue|withhold|hold|switch|change|increase|reduce|add|refer|admit|discharge|d\/c|rv|tca|rtc|` +
    String.raw`review (?:in|after|on|tomorrow|by|with|\d)|for (?:review|admission|theatre|discharge|referral|transfusion)|(?:booked|scheduled|listed|posted) (?:for|on)|counsel(?:l?ed)?|advised?|educated?|health educat\w*|inform|recheck|monitor|(?:daily |dry |clean )+dressings?|dressings? (?:daily|twice|bd|od|tds|alternate)|(?:remove|removal of) (?:stitches|sutures|pop|cast|drain)|send (?:for|new|a|sample|specimen))\b` +
    String.raw`|^(?:i|we) (?:have )?(?:started|changed|switched|stopped|added|gave|given|prescribed|increased|reduced|referred|admitted|requested|ordered|arranged|booked)\b` +
    String.raw`|^[a-z][a-z-]{3,}(?: [a-z]{2,})? \d+(?:\.\d+)? ?(?:mg|mcg|g|ml|iu|units?|tabs?)(?![\w/])`,
  "i",
);

/** A line that names a medicine and is no report of what the patient takes ("on metformin", "takes PCM"). */
const prescribes = (l: NoteLine, marks: EntityMark[]) =>
  !/^(?:on|takes?|taking|was|were|had|known|uses?|using)\b/i.test(l.text) && marks.some((m) => m.type === "medication" && m.assertion === "present" && m.start >= l.at && m.start < l.at + l.text.length);

/** A line that opens with a test's name reports its result ("VL 2 weeks ago: 80 copies/ml (suppressed)"). */
const opensWithResult = (l: NoteLine, marks: EntityMark[]) => marks.some((m) => m.type === "lab_test" && m.start >= l.at && m.start <= l.at + 3);

const sectionAt = (hs: Heading[], at: number) => [...hs].reverse().find((h) => h.at <= at);
const insideHeading = (hs: Heading[], at: number) => hs.some((h) => h.at <= at && at < h.after);

/**
 * The headings the note implies: the examination at the first line or sentence that opens with vital signs
 * while the note is still in its history, and the plan at the first order that opens a line, sentence or
 * dashed clause of the examination or assessment.
 */
export function unwrittenHeadings(note: string, written: Heading[], marks: EntityMark[] = []): Heading[] {
  const out = [...written].sort((a, b) => a.at - b.at);
  const add = (at: number, section: SoapSection, text: string) => {
    out.push({ at, after: at, section, text });
    out.sort((a, b) => a.at - b.at);
  };
  for (const u of units(note).filter((x) => !insideHeading(out, x.at))) {
    const now = sectionAt(out, u.at)?.section ?? "subjective";
    const examination = now === "subjective" ? examinationIn(u, note) : null;
    if (examination !== null) add(examination, "objective", "(vital signs)");
    else if ((now === "objective" || now === "assessment") && ORDER.test(u.text.trim())) {
      add(u.at, "plan", "(orders)");
      break;
    }
  }
  addAssessment(note, out, marks, add);
  return out;
}

/**
 * The assessment written as a line of its own before any plan: a hedged diagnosis, or a diagnosis or its
 * course just before a line of orders; the line after it begins the plan when no plan has begun. When the
 * assessment (written or not) follows the history with no examination between, the first line of findings
 * between them begins the examination.
 */
function addAssessment(note: string, out: Heading[], marks: EntityMark[], add: (at: number, section: SoapSection, text: string) => void) {
  const lines = noteLines(note).slice(1);
  const sectionOf = (l: NoteLine) => sectionAt(out, l.at)?.section ?? "subjective";
  const headed = (l: NoteLine) => out.find((h) => h.at >= l.at && h.at <= l.at + 3);
  const opensOrder = (l: NoteLine | undefined) => !!l && (headed(l)?.section ?? "plan") === "plan" && (ORDER.test(l.text.replace(/^(?:[-*•]\s*|\d{1,2}[.)]\s+)/, "")) || prescribes(l, marks));
  const i = lines.findIndex((l, j) => {
    if (insideHeading(out, l.at) || (sectionOf(l) !== "subjective" && sectionOf(l) !== "objective")) return false;
    if (isHedged(l) || (!opensWithResult(l, marks) && statesDiagnosis(l, marks) && (opensOrder(lines[j + 1]) || sectionOf(lines[j + 1] ?? l) === "plan"))) return true;
    // After an examination the note implied (its vitals), a line of judgement that names no finding, just before a line of orders.
    const examination = sectionAt(out, l.at);
    return examination?.section === "objective" && examination.text.startsWith("(") && examination.at < l.at && !ORDER.test(l.text) && judgesWithoutFindings(l, marks) && opensOrder(lines[j + 1]);
  });
  if (i >= 0) {
    add(lines[i].at, "assessment", "(assessment line)");
    let next = i + 1;
    while (next < lines.length && sectionOf(lines[next]) === "assessment" && !insideHeading(out, lines[next].at) && (isHedged(lines[next]) || statesDiagnosis(lines[next], marks))) next++;
    const plan = lines[next];
    if (plan && sectionOf(plan) === "assessment" && !insideHeading(out, plan.at) && !out.some((h) => h.at === plan.at)) add(plan.at, "plan", "(orders)");
  }
  const assessment = out.find((h) => h.section === "assessment");
  if (assessment && !out.some((h) => h.section === "objective" && h.at < assessment.at)) {
    const at = examinationBefore(note, assessment.at, marks);
    if (at !== null && !insideHeading(out, at)) add(at, "objective", "(findings)");
  }
}
