import { namesRelative, type Assertion } from "./context.js";

/**
 * Section defaults of a note (moved out of context.ts unchanged, session 20): a heading ("PMH:", "Family history:",
 * "Allergies:") sets the assertion of what follows it until the next heading, with the ends of inline lists below.
 */
const SECTION_HEADINGS: Array<[RegExp, Assertion]> = [
  [/^(family (medical )?history|fhx|fh|family hx)$/i, "family"],
  [/^(past medical history|pmh|pmhx|past history|medical history|past surgical history|psh|surgical history|past hx)$/i, "historical"],
  [/^(allerg(y|ies)|drug allergies|known allerg(y|ies)|adverse reactions|allergic to)$/i, "allergy"],
  [/^(advice|counsell?ing|return precautions|safety netting|warning signs|danger signs|health education)$/i, "hypothetical"],
];
const HEADING = /(^|\n|[.;]\s+)\s*([A-Za-z][A-Za-z /]{0,30}?)\s*:/g;

/**
 * An allergy heading answered with a denial of any drug allergy ("Allergies: none", "Allergy - nil known",
 * "Allergies: NKDA", "no known drug allergies"), the clause ending there. A narrower denial ("no known food
 * allergies; penicillin") is not one: what follows may be an allergen.
 */
const DENIED_ALLERGY_ANSWER = /^[\s:=-]*(?:none|nil|nkda|no|not|unknown)(?:\s+(?:known|reported|to\s+date|drug|allerg(?:y|ies)))*\s*(?=[,;.\n]|$)/i;
/**
 * A sentence after an inline allergy list that says what the patient takes ("Allergies: penicillin. On
 * amoxicillin", "Allergy: sulfa. Currently taking metformin"): the list ended with its sentence.
 */
const USE_LEAD = /^[.;]\s+(?:on|taking|takes|currently|started|starting|continue|continues|cont|given|using|uses)\b/i;
/**
 * Where the patient's own story starts after an inline allergy list written on the same line (session 20): a sentence,
 * or after a closing bracket the next words, opening with the patient's age and sex ("45 yo M", "58F", "32 yrs F"), a
 * title and name ("Mr K", "Mrs Nakato", "Mama Achieng", "Mzee Juma") or the presenting complaint ("presenting with",
 * "presents", "c/o", "complains of"): "Allergies: PCN - rash; NKFA. 45 yo M presenting with cellulitis" is the
 * patient's cellulitis, not an allergy. An allergy list names substances and reactions, never the patient.
 */
const STORY_LEAD = /^(?:[.;]|\))\s+(?:\d{1,3}\s*(?:yo|y\/o|yrs?|years?(?:\s+old)?|y)?\s*[-,]?\s*(?:m|f|male|female|man|woman|boy|girl)\b|(?:mr|mrs|ms|miss|mama|mzee|baba)\.?\s+\p{Lu}|(?:presenting|presents|presented|c\/o|complains|complaining)\b)/iu;
/**
 * An allergy heading the general heading pattern misses: written with a dash ("Allergies - quinine (tinnitus)") or
 * after another heading on the same line ("S: Allergies: egg, chloramphenicol").
 */
const ALLERGY_HEADING = /(^|\n|[.;:]\s+)\s*(allerg(?:y|ies)|drug allerg(?:y|ies)|known allerg(?:y|ies)|allergic to)\s*(?::|[-–—](?=\s))\s*/gi;

/**
 * Section defaults: each heading ("PMH:", "Allergies:") sets the assertion until the next heading. An allergy
 * heading answered with a denial ("Allergies: none, on amoxicillin") names no allergen, so what follows the
 * denial's clause is back to the default; an inline allergy list ends at a sentence that states a medicine in use or
 * opens the patient's own story.
 */
/**
 * Where a family history written on one line with the rest of the note ends: at the first sentence after the heading's
 * own that names no relative ("FH: mother had schizophrenia. Review in 2 weeks; DMPA given." ends before "Review").
 */
function familyListEnd(text: string, at: number): number | null {
  const lineEnd = text.indexOf("\n", at);
  const line = text.slice(at, lineEnd === -1 ? undefined : lineEnd);
  const starts = [...line.matchAll(/[.;]\s+(?=\S)/g)].map((u) => u.index! + u[0].length);
  for (const [n, start] of starts.entries()) {
    if (!namesRelative(line.slice(start, starts[n + 1] ?? line.length))) return at + start;
  }
  return null;
}

export function sectionDefaults(text: string): (offset: number) => Assertion {
  const marks: Array<{ at: number; assertion: Assertion }> = [];
  const headings: Array<{ at: number; kind: Assertion }> = [];
  for (const m of text.matchAll(HEADING)) {
    const name = m[2].trim();
    headings.push({ at: m.index! + m[0].length, kind: SECTION_HEADINGS.find(([re]) => re.test(name))?.[1] ?? "present" });
  }
  for (const m of text.matchAll(ALLERGY_HEADING)) {
    const at = m.index! + m[0].trimEnd().length;
    if (!headings.some((h) => h.at === at && h.kind === "allergy")) headings.push({ at, kind: "allergy" });
  }
  for (const { at, kind } of headings) {
    marks.push({ at, assertion: kind });
    const familyEnd = kind === "family" ? familyListEnd(text, at) : null;
    if (familyEnd !== null) marks.push({ at: familyEnd, assertion: "present" });
    if (kind !== "allergy") continue;
    const denied = DENIED_ALLERGY_ANSWER.exec(text.slice(at - 1));
    if (denied) {
      marks.push({ at: at - 1 + denied[0].length, assertion: "present" });
      continue;
    }
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(at, lineEnd === -1 ? undefined : lineEnd);
    for (const u of line.matchAll(/(?:[.;]|\))\s+\S/g)) {
      const rest = line.slice(u.index!);
      if (USE_LEAD.test(rest) || STORY_LEAD.test(rest)) {
        marks.push({ at: at + u.index! + 1, assertion: "present" });
        break;
      }
    }
  }
  marks.sort((a, b) => a.at - b.at);
  return (offset) => {
    let current: Assertion = "present";
    for (const mark of marks) {
      if (mark.at > offset) break;
      current = mark.assertion;
    }
    return current;
  };
}
