/**
 * Titres ("S. typhi O 1:160", "RPR 1:8 (<1:2)", "Brucella abortus: 1:320 <1:80 H"): the highest dilution
 * at which a serological test still reacts. The result is charted as the reciprocal of the dilution (160),
 * which orders titres, with the titre as written ("1:160") as its text; FHIR gets it as a Ratio.
 * Only dilutions of a doubling series from 1, 5 or 25 are titres (1:2 … 1:4096, 1:5 … 1:5120, 1:25 …
 * 1:1600): "1:30" on a report is a time or a proportion, not a titre.
 */
export interface Titre {
  /** The reciprocal of the dilution: 160 for 1:160. */
  dilution: number;
  /** As charted: "1:160". */
  text: string;
  /** The reference as written ("<1:80"), null when none is printed. */
  reference: string | null;
  /** H when the titre reaches the printed upper limit ("<1:80" and 1:80 or more), N below it; null without a limit. */
  flagFromReference: "H" | "N" | null;
  /** A flag printed after the result (H, A, N), null when none. */
  flagWritten: string | null;
}

const RATIO = String.raw`1\s?:\s?(\d{1,5})`;
const TITRE_TAIL = new RegExp(
  String.raw`^(?:[:=\-]\s?)?${RATIO}` +
    String.raw`(?:\s[(\[]?\s?(?:[Rr]ef(?:erence)?\.?(?:\s(?:range|interval))?\s?:?\s?)?(?<cmp><=?|≤|>=?|≥)?\s?(?<ref>${RATIO})\s?[)\]]?)?` +
    String.raw`(?:\s(?<flag>H|HH|A|N))?$`,
);

/** Is n a dilution of a doubling series starting at 1, 5 or 25? */
function isDilution(n: number): boolean {
  if (!Number.isInteger(n) || n < 2 || n > 5120) return false;
  let m = n;
  while (m % 2 === 0) m /= 2;
  return m === 1 || m === 5 || m === 25;
}

/** The titre that the rest of a result line (after the test name) states, or null when it is not a titre. */
export function readTitre(rest: string): Titre | null {
  const m = TITRE_TAIL.exec(rest.trim());
  if (!m) return null;
  const dilution = Number(m[1]);
  const limit = m.groups?.ref ? Number(m.groups.ref.replace(/^1\s?:\s?/, "")) : null;
  if (!isDilution(dilution) || (limit !== null && !isDilution(limit))) return null;
  const cmp = m.groups?.cmp ?? null;
  const reference = m.groups?.ref ? `${cmp ?? ""}1:${limit}` : null;
  let flagFromReference: Titre["flagFromReference"] = null;
  // "<1:80": normal below 1:80; "≤1:80": normal up to 1:80. A bare "1:80" or ">1:80" is not a normal limit.
  if (limit !== null && (cmp === "<" || cmp === "<=" || cmp === "≤")) flagFromReference = dilution < limit || (cmp !== "<" && dilution === limit) ? "N" : "H";
  return { dilution, text: `1:${dilution}`, reference, flagFromReference, flagWritten: m.groups?.flag ?? null };
}
