/**
 * The four-eyes rule of the controlled register, dispensing and destruction: the witness must be another
 * person than the one recording. Witnesses are free text (there is no staff directory yet), so the
 * comparison has to see through the ways one name can be written twice: letter case, Unicode
 * compatibility forms (full-width letters, ligatures), invisible format characters (zero-width space,
 * joiners, BOM), diacritics, spacing and punctuation ("Pharm. Nakato" = "pharm nakato" = "PHARM NAKATO").
 * docs/decisions/pharmacy.md, "Drug safety".
 */

/** Longest witness name any controlled-drug record takes (register entries, receipts, dispenses, returns, destruction, preparations). */
export const MAX_WITNESS = 200;

/** Why a witness name is too long to record, or null. */
export function witnessLengthProblem(witness: string): string | null {
  return witness.length > MAX_WITNESS ? `must be at most ${MAX_WITNESS} characters` : null;
}

/**
 * A name or subject reduced to what identifies a person: Unicode NFKC, case-folded (upper then lower,
 * so "ß" and "SS" meet), decomposed and stripped of everything but letters and digits (marks,
 * format characters such as U+200B, punctuation, symbols and whitespace all go).
 */
export function personKey(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFKC")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Why `witness` cannot witness an entry recorded by `recorders` (the caller's subject and any name the
 * request gives for the person recording, e.g. a dispense's pharmacist), or null when it can. A
 * witness with no letter or digit names nobody.
 */
export function witnessProblem(witness: string, recorders: readonly (string | null | undefined)[]): string | null {
  const key = personKey(witness);
  if (!key) return "must name a person (letters or digits)";
  const same = recorders.some((r) => personKey(r) === key);
  return same ? "must be another member of staff, not the one recording (names are compared ignoring case, spacing, punctuation and invisible characters)" : null;
}
