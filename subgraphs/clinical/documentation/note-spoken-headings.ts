/**
 * Headings a note says rather than writes. A note dictated into a phone or typed by speech recognition comes
 * as one run of words with no punctuation ("… vomiting twice no diarrhoea on examination he is febrile
 * temperature 38.7 … diagnosis uncomplicated malaria plan artemether lumefantrine …"): the clinician speaks
 * the sections' names, in the SOAP order (Weed LL. N Engl J Med 1968;278:593-600), where a written note puts
 * its headings. An emergency primary survey written as one line ("A - patent. B - RR 32 … C - PR 124 … D - GCS
 * 15 … E - …") is the examination (ATLS 10th ed; WHO Basic Emergency Care 2018): its "A -" is the airway, not
 * the assessment.
 */
import type { SoapSection } from "./note-sections.js";
import type { Heading } from "./note-unwritten-headings.js";

/** A dictation: this many words at least, with at most one sentence stop, colon or semicolon per this many words. */
const DICTATION_MIN_WORDS = 25;
const WORDS_PER_STOP = 40;

/** The section names a clinician speaks, by the section they open; each is looked for after the previous section's. */
const SPOKEN: [SoapSection, RegExp][] = [
  ["objective", /\b(?:on examination|on exam|examination findings|examination|exam findings|findings on exam\w*)\b/i],
  ["assessment", /\b(?:working diagnosis|provisional diagnosis|diagnosis|assessment|impression)\b/i],
  ["plan", /\b(?:plan|management plan|management)\b/i],
];

/** The note reads as dictated: many words and (almost) no punctuation between them. */
export function isDictated(note: string): boolean {
  const words = note.split(/\s+/).filter(Boolean).length;
  const stops = (note.match(/[.;:!?](?=\s|$)/g) ?? []).length;
  return words >= DICTATION_MIN_WORDS && stops <= Math.floor(words / WORDS_PER_STOP);
}

/** A vital sign spoken with its reading ("blood sugar today 3.2", "pulse 104"), not one from another time or place. */
const SPOKEN_VITAL = /\b(?:temperature|temp|pulse(?: rate)?|heart rate|blood pressure|bp|respiratory rate|resp rate|oxygen saturation|saturation|spo2|weight|blood sugar|random blood sugar|rbs)(?:\s+(?!at\b|home\b|yesterday\b|was\b|last\b|before\b)[a-z]+)?\s+\d/i;

/**
 * The sections' names spoken in a dictated note, in SOAP order; none when the note is not dictated. Where no
 * examination is named, the first vital sign spoken with its reading before the assessment begins it.
 */
export function spokenHeadings(note: string): Heading[] {
  if (!isDictated(note)) return [];
  const out: Heading[] = [];
  let from = 0;
  for (const [section, name] of SPOKEN) {
    const m = name.exec(note.slice(from));
    if (!m) continue;
    const at = from + m.index;
    out.push({ at, after: at + m[0].length, section, text: m[0] });
    from = at + m[0].length;
  }
  if (!out.some((h) => h.section === "objective")) {
    const end = out[0]?.at ?? note.length;
    const vital = SPOKEN_VITAL.exec(note.slice(0, end));
    if (vital) out.unshift({ at: vital.index, after: vital.index, section: "objective", text: "(vital signs)" });
  }
  return out;
}

/** "A - patent … B - RR 32 … C - PR 124": a line that runs the primary survey's letters A, B and C in order. */
const SURVEY = /^[ \t]*A[ \t]*[-–—:)][ \t]*\S.*?\bB[ \t]*[-–—:)][ \t]*\S.*?\bC[ \t]*[-–—:)][ \t]*\S/;

/** The primary-survey lines of a note: each is examination, from its start to its end. */
export function surveyLines(note: string): { at: number; end: number }[] {
  return [...note.matchAll(/[^\n]+/g)].filter((m) => SURVEY.test(m[0])).map((m) => ({ at: m.index + m[0].length - m[0].trimStart().length, end: m.index + m[0].length }));
}
