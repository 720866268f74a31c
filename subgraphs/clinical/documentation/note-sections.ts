/**
 * The SOAP sections a clinician's own note already has. Notes are written with headings ("c/o … O/E: …
 * Imp: … Plan: …", "Hx:", "Dx:", "Mx:", "S:/O:/A:/P:" on their own lines); the generated SOAP note puts each
 * part of the note under its own section instead of quoting the whole note as the history. Where no heading
 * is written, vital signs begin the examination and an order the plan (note-unwritten-headings.ts); the rest
 * stays subjective. Headings are a writing convention, not clinical knowledge: the SOAP order
 * (Weed LL. Medical records that guide and teach. N Engl J Med 1968;278:593-600) and the abbreviations
 * East African notes use for each part (the extraction sets' notes: O/E, Imp, Dx, Mx, Ix, Rx; "Ass:"; the
 * Kiswahili historia/malalamiko, uchunguzi/vipimo, utambuzi, matibabu/mpango/ushauri: history/complaints,
 * examination/tests, diagnosis, treatment/plan/advice).
 */
import { spokenHeadings, surveyLines } from "./note-spoken-headings.js";
import { unwrittenHeadings, type Heading } from "./note-unwritten-headings.js";
import type { EntityMark } from "./note-unwritten-examination.js";

export type SoapSection = "subjective" | "objective" | "assessment" | "plan";

export interface NoteSpan {
  section: SoapSection;
  /** Offsets of the part's text in the note, after its heading. */
  start: number;
  end: number;
  /** The heading as written, null for the text before the first heading. */
  heading: string | null;
  /** Under a heading of what was already done ("Treatment given:"): a plan part that orders nothing. */
  done?: true;
}

/**
 * Headings by the section they open; each ends with ":", a dash or "/" before a space ("Imp/ malaria"), or
 * stands alone on its line ("Plan" above a list). O/E and OE need neither.
 */
const HEADINGS: Record<SoapSection, string[]> = {
  subjective: ["subjective", "history", "hx", "hpi", "hpc", "history of present(?:ing)? (?:illness|complaints?)", "presenting complaints?", "chief complaints?", "complaints?", "pc", "cc", "c\\/o", "historia", "malalamiko"],
  objective: [
    "objective", "on exam(?:ination)?", "(?:physical |general |gen |systemic )?exam(?:ination)?", "(?:clinical |exam(?:ination)? )?findings", "pe", "ge", "gen",
    "vitals?", "vital signs", "obs", "observations", "investigations?", "ix", "inv", "labs?", "lab results", "results?",
    "(?:primary|secondary) survey", "mse", "mental state exam(?:ination)?", "uchunguzi", "vipimo",
    // Examinations named by their route or instrument (per abdomen, vaginal, speculum, rectal, ear, fundus, local):
    // "P/A: FH 32cm", "V/E: os 4cm", "Otoscopy: TM dull". "PR" is left out: "PR: 88" is a pulse.
    "p\\/a", "v\\/e", "ve", "pv", "pv exam(?:ination)?", "vaginal exam(?:ination)?", "speculum(?: exam(?:ination)?)?", "dre",
    "otoscopy", "fundoscopy", "local exam(?:ination)?", "anthropometry",
  ],
  assessment: ["assessment", "imp", "impression", "dx", "diagnos[ie]s", "(?:provisional|working|final|clinical) (?:diagnos[ie]s|dx|impression)", "ddx", "differentials?", "differential diagnos[ie]s", "a\\/p", "assessment (?:and|&) plan", "ass", "assess", "utambuzi"],
  plan: [
    "plan", "mx", "management", "rx", "tx", "treatment", "disposition", "follow[- ]?up", "f\\/u", "advice",
    "plan (?:for (?:the )?day|of care|of management)", "reasons? for referral", "recommendations?", "actions?", "matibabu", "mpango", "ushauri",
  ],
};
/** Plan headings for what was already done ("Treatment given:", "Action taken:"): part of the plan, but a medicine under them was given, not to prescribe. */
const DONE = ["treatment given", "actions? taken", "given", "drugs given", "pre-?referral treatment", "interventions? done"];

const SECTION_OF = new Map<string, SoapSection>();
/** Where a heading may stand: the note's start, a line's start (after a bullet or number), or a sentence's start. */
const AT = String.raw`(?:^|\n|(?<=[.;!?])[ \t]+)[ \t]*(?:[-*•]\s*|\d{1,2}[.)]\s+)?`;
const LINE_START = String.raw`(?:^|\n)[ \t]*(?:[-*•]\s*|\d{1,2}[.)]\s+)?`;
const NAMES = [...Object.values(HEADINGS).flat(), ...DONE].join("|");
/** An optional time after the heading ("Obs 0600:", "Vitals at 1400hrs:"). */
const TIME = String.raw`(?:[ \t]+(?:at[ \t]+)?\d{4}[ \t]*(?:hrs?|h)?)?`;
const NAMED = new RegExp(`${AT}(${NAMES})${TIME}[ \\t]*(?::|[-–—/](?=\\s))[ \\t]*`, "gi");
const ALONE = new RegExp(`${LINE_START}(${NAMES})${TIME}[ \\t]*(?=\\n)`, "gi");
/** "O/E alert, GCS 15", "OE: chest clear", "On exam he was febrile": the examination needs no colon. */
const EXAMINATION = new RegExp(`${AT}(o\\/e|oe|on exam(?:ination)?)\\b[ \\t]*[:\\-–—]?[ \\t]*`, "gi");
/** "S:", "O:", "A:", "P:" at a line's start; "P" not before a number ("P: 84" is a pulse). */
const LETTER = /(?:^|\n)[ \t]*([SOAP])[ \t]*[:\-–—](?!(?<=P[ \t]*[:\-–—])[ \t]*\d)[ \t]*/g;
/**
 * The looser letter forms ("s) … o) …", "S: … O: … A: …" run on in one line) only in a note that has at least
 * three of the four letters so written: a lone "a)" is a list item, a lone ". A:" a sentence.
 */
const LOOSE_LETTER = /(?:^|\n|(?<=[.;])[ \t]+)[ \t]*([SOAPsoap])[ \t]*(?:[:)]|[-–—](?=\s))(?!(?<=[Pp][ \t]*[:)\-–—])[ \t]*\d)[ \t]*/g;
const LETTER_SECTION: Record<string, SoapSection> = { S: "subjective", O: "objective", A: "assessment", P: "plan" };

for (const [section, names] of Object.entries(HEADINGS) as [SoapSection, string[]][]) for (const name of names) SECTION_OF.set(name, section);
const isDone = (heading: string) => DONE.some((d) => new RegExp(`^(?:${d})$`, "i").test(heading.replace(/\s+/g, " ")));
const sectionOfHeading = (heading: string): SoapSection => {
  const word = heading.toLowerCase().replace(/\s+/g, " ");
  if (isDone(word)) return "plan";
  for (const [pattern, section] of SECTION_OF) if (new RegExp(`^(?:${pattern})$`, "i").test(word)) return section;
  return "subjective";
};

const found = (m: RegExpMatchArray, section: SoapSection): Heading => ({ at: m.index!, after: m.index! + m[0].length, section, text: m[1] });

/** Letter headings: the strict form always, the loose forms when three or more letters are so written. */
function letterHeadings(note: string): Heading[] {
  const strict = [...note.matchAll(LETTER)].map((m) => found(m, LETTER_SECTION[m[1]]));
  const loose = [...note.matchAll(LOOSE_LETTER)].map((m) => found(m, LETTER_SECTION[m[1].toUpperCase()]));
  return new Set(loose.map((h) => h.section)).size >= 3 ? [...strict, ...loose] : strict;
}

function headings(note: string, marks: EntityMark[]): Heading[] {
  const all: Heading[] = [
    ...[...note.matchAll(NAMED)].map((m) => found(m, sectionOfHeading(m[1]))),
    ...[...note.matchAll(ALONE)].map((m) => found(m, sectionOfHeading(m[1]))),
    ...[...note.matchAll(EXAMINATION)].map((m) => found(m, "objective")),
    ...letterHeadings(note),
  ];
  all.sort((a, b) => a.at - b.at || b.after - a.after);
  // Two patterns on one heading ("OE:" is also no named heading, but keep the first of any overlap).
  const kept: Heading[] = [];
  for (const h of all) if (!kept.length || h.at >= kept[kept.length - 1].after) kept.push(h);
  // A primary survey's "A - … B - … C - …" line is the examination; its letters open no sections.
  for (const line of surveyLines(note)) {
    const inside = kept.filter((h) => h.at >= line.at - 1 && h.at < line.end);
    kept.splice(0, kept.length, ...kept.filter((h) => !inside.includes(h)), { at: line.at, after: line.at, section: "objective", text: "(primary survey)" });
    kept.sort((a, b) => a.at - b.at);
  }
  // A dictated note with no written heading: the sections' names as spoken.
  if (!kept.length) kept.push(...spokenHeadings(note));
  const history = historyAfterTitleDiagnosis(note, kept);
  if (history !== null) kept.splice(1, 0, { at: history, after: history, section: "subjective", text: "(history)" });
  return unwrittenHeadings(note, kept, marks);
}

/**
 * A diagnosis written as the note's first line, as ward notes title themselves ("Dx: CAP day 3"), ends with
 * that line: an unheaded line after it that is no list item ("1. …", "- …") is the history again. The
 * assessment then stands before the history; SOAP (Weed 1968) keeps each part in its section, not in the
 * order written. Null when the note does not open so.
 */
function historyAfterTitleDiagnosis(note: string, kept: Heading[]): number | null {
  const first = kept[0];
  if (!first || first.section !== "assessment" || note.slice(0, first.at).trim() !== "") return null;
  const lineEnd = note.indexOf("\n", first.after);
  if (lineEnd < 0 || note.slice(first.after, lineEnd).trim() === "") return null;
  const next = lineEnd + 1;
  if (kept.length > 1 && note.slice(next, kept[1].at).trim() === "") return null;
  return /^[ \t]*(?:[-*•]|\d{1,2}[.)]|[a-z]\)|#)/i.test(note.slice(next)) ? null : next + (note.slice(next).length - note.slice(next).trimStart().length);
}

/**
 * The note's parts, in order, each under the section its heading opens (the text before any heading:
 * subjective). The extraction's entities on the same text, when given, tell a diagnosis line from a finding.
 */
export function splitNoteSections(note: string, marks: EntityMark[] = []): NoteSpan[] {
  const spans: NoteSpan[] = [];
  const hs = headings(note, marks);
  const push = (section: SoapSection, start: number, end: number, heading: string | null) => {
    const text = note.slice(start, end);
    const lead = text.length - text.trimStart().length;
    const trail = text.length - text.trimEnd().length;
    if (end - trail > start + lead) spans.push({ section, start: start + lead, end: end - trail, heading, ...(heading && isDone(heading) ? { done: true as const } : {}) });
  };
  push("subjective", 0, hs.length ? hs[0].at : note.length, null);
  hs.forEach((h, i) => push(h.section, h.after, i + 1 < hs.length ? hs[i + 1].at : note.length, h.text));
  return spans;
}

/** The text of each section, its parts joined; a section the note does not have is absent. */
export function noteSectionTexts(note: string, spans = splitNoteSections(note)): Partial<Record<SoapSection, string>> {
  const out: Partial<Record<SoapSection, string[]>> = {};
  for (const s of spans) (out[s.section] ??= []).push(note.slice(s.start, s.end).replace(/\s*\n\s*/g, " ").replace(/[.;,]*$/, ""));
  return Object.fromEntries(Object.entries(out).map(([k, parts]) => [k, parts!.join(". ")]));
}

/** The section the offset of the note falls in. */
export function sectionAt(spans: NoteSpan[], offset: number): SoapSection {
  return spanAt(spans, offset)?.section ?? "subjective";
}

/** The part of the note the offset falls in, if any. */
export const spanAt = (spans: NoteSpan[], offset: number): NoteSpan | undefined => spans.find((s) => offset >= s.start && offset < s.end);
