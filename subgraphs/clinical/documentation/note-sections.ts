/**
 * The SOAP sections a clinician's own note already has. Notes are written with headings ("c/o … O/E: …
 * Imp: … Plan: …", "Hx:", "Dx:", "Mx:", "S:/O:/A:/P:" on their own lines); the generated SOAP note puts each
 * part of the note under its own section instead of quoting the whole note as the history. A note without
 * headings stays subjective. Headings are a writing convention, not clinical knowledge: the SOAP order
 * (Weed LL. Medical records that guide and teach. N Engl J Med 1968;278:593-600) and the abbreviations
 * East African notes use for each part (the extraction sets' notes: O/E, Imp, Dx, Mx, Ix, Rx).
 */
export type SoapSection = "subjective" | "objective" | "assessment" | "plan";

export interface NoteSpan {
  section: SoapSection;
  /** Offsets of the part's text in the note, after its heading. */
  start: number;
  end: number;
  /** The heading as written, null for the text before the first heading. */
  heading: string | null;
}

/** Headings by the section they open; each must end with ":" or a dash (O/E and OE need neither). */
const HEADINGS: Record<SoapSection, string[]> = {
  subjective: ["subjective", "history", "hx", "hpi", "hpc", "history of present(?:ing)? (?:illness|complaints?)", "presenting complaints?", "chief complaints?", "complaints?", "pc", "cc"],
  objective: [
    "objective", "on examination", "(?:physical |general |systemic )?exam(?:ination)?", "pe", "vitals?", "vital signs", "investigations?", "ix", "inv",
    "labs?", "lab results", "results?", "findings",
  ],
  assessment: ["assessment", "imp", "impression", "dx", "diagnos[ie]s", "(?:provisional|working|final) (?:diagnos[ie]s|dx)", "ddx", "differentials?", "differential diagnos[ie]s", "a\\/p", "assessment (?:and|&) plan"],
  plan: ["plan", "mx", "management", "rx", "tx", "treatment", "disposition", "follow[- ]?up", "f\\/u", "advice"],
};

const SECTION_OF = new Map<string, SoapSection>();
/** Where a heading may stand: the note's start, a line's start (after a bullet or number), or a sentence's start. */
const AT = String.raw`(?:^|\n|(?<=[.;!?])[ \t]+)[ \t]*(?:[-*•]\s*|\d{1,2}[.)]\s+)?`;
const NAMED = new RegExp(
  `${AT}(${Object.values(HEADINGS).flat().join("|")})[ \\t]*(?::|[-–—](?=\\s))[ \\t]*`,
  "gi",
);
/** "O/E alert, GCS 15", "OE: chest clear": the examination needs no colon. */
const EXAMINATION = new RegExp(`${AT}(o\\/e|oe)\\b[ \\t]*[:\\-–—]?[ \\t]*`, "gi");
/** "S:", "O:", "A:", "P:" only at a line's start and not before a number ("P: 84" is a pulse). */
const LETTER = /(?:^|\n)[ \t]*([SOAP])[ \t]*[:\-–—](?![ \t]*\d)[ \t]*/g;
const LETTER_SECTION: Record<string, SoapSection> = { S: "subjective", O: "objective", A: "assessment", P: "plan" };

for (const [section, names] of Object.entries(HEADINGS) as [SoapSection, string[]][]) for (const name of names) SECTION_OF.set(name, section);
const sectionOfHeading = (heading: string): SoapSection => {
  const word = heading.toLowerCase().replace(/\s+/g, " ");
  for (const [pattern, section] of SECTION_OF) if (new RegExp(`^(?:${pattern})$`, "i").test(word)) return section;
  return "subjective";
};

interface Heading {
  at: number;
  after: number;
  section: SoapSection;
  text: string;
}

function headings(note: string): Heading[] {
  const found: Heading[] = [];
  for (const m of note.matchAll(NAMED)) found.push({ at: m.index, after: m.index + m[0].length, section: sectionOfHeading(m[1]), text: m[1] });
  for (const m of note.matchAll(EXAMINATION)) found.push({ at: m.index, after: m.index + m[0].length, section: "objective", text: m[1] });
  for (const m of note.matchAll(LETTER)) found.push({ at: m.index, after: m.index + m[0].length, section: LETTER_SECTION[m[1]], text: m[1] });
  found.sort((a, b) => a.at - b.at);
  // Two patterns on one heading ("OE:" is also no named heading, but keep the first of any overlap).
  return found.filter((h, i) => i === 0 || h.at >= found[i - 1].after);
}

/** The note's parts, in order, each under the section its heading opens (the text before any heading: subjective). */
export function splitNoteSections(note: string): NoteSpan[] {
  const spans: NoteSpan[] = [];
  const hs = headings(note);
  const push = (section: SoapSection, start: number, end: number, heading: string | null) => {
    const text = note.slice(start, end);
    const lead = text.length - text.trimStart().length;
    const trail = text.length - text.trimEnd().length;
    if (end - trail > start + lead) spans.push({ section, start: start + lead, end: end - trail, heading });
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
  return spans.find((s) => offset >= s.start && offset < s.end)?.section ?? "subjective";
}
