/**
 * Units printed in a display, as laboratory information systems export and analysers print results: the unit
 * in the test's name ("GLUCOSE (MMOL/L)", "CREA (UMOL/L)") or after it ("PLT 10^3/UL", "HGB G/DL"), with
 * the unit field left empty (critical-value engine 1.9.0, session 18 fifth blind set).
 */

/** A word that is a unit as reports print them (counts per volume, mass or moles per volume, %, mmHg, fL, pg). */
const UNIT_WORD = /^(?:x?10[\^*e]?\d+\/(?:u|µ|mc|m)?l|[a-zµ]{0,4}(?:mol|g|iu|u|eq|l)\/(?:d|m|µ|u|mc)?l|k\/ul|%|mmhg|kpa|fl|pg)$/i;

/** Whether a word of a display is a printed unit. */
export const isUnitWord = (word: string): boolean => UNIT_WORD.test(word.trim());

/** The display without a unit printed after the name ("PLT 10^3/UL" → "PLT"); a unit in parentheses is left to the name matching. */
export function withoutTrailingUnit(display: string): string {
  const words = display.trim().split(/\s+/);
  return words.length > 1 && isUnitWord(words[words.length - 1]) ? words.slice(0, -1).join(" ") : display;
}

/** Parts of a display that may be a printed unit: each parenthesised group, then the last word outside them. */
function unitCandidates(display: string): string[] {
  const groups = [...display.matchAll(/\(([^)]*)\)/g)].map((m) => m[1].trim());
  const last = display.replace(/\([^)]*\)/g, " ").trim().split(/\s+/).at(-1) ?? "";
  return [...groups, ...(isUnitWord(last) ? [last] : [])].filter(Boolean);
}

/** The unit a display prints that the test accepts (`accepts`), or undefined. */
export function unitPrintedIn(display: string | null | undefined, accepts: (unit: string) => boolean): string | undefined {
  return display ? unitCandidates(display).find((u) => /[a-z%]/i.test(u) && accepts(u)) : undefined;
}
