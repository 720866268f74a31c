/**
 * Small-cell suppression for de-identified counts: a count below the threshold (0 included, as the
 * issue asks) is withheld, and when a breakdown would reveal a withheld cell by subtraction from a
 * shown total, the next smallest cell is withheld too (complementary suppression).
 */
export const SUPPRESSION_THRESHOLD = 5;

export interface CountCell {
  label: string;
  count: number;
}

export interface ShownCell {
  label: string;
  count: number | null;
  suppressed: boolean;
}

export function suppressCells(cells: CountCell[], threshold = SUPPRESSION_THRESHOLD): ShownCell[] {
  const shown = cells.map((c) => ({ label: c.label, count: c.count as number | null, suppressed: c.count < threshold }));
  const hidden = shown.filter((c) => c.suppressed);
  // One hidden cell next to a shown total could be recovered: hide the smallest shown cell as well.
  if (hidden.length === 1) {
    const next = shown.filter((c) => !c.suppressed).sort((a, b) => a.count! - b.count!)[0];
    if (next) next.suppressed = true;
  }
  for (const c of shown) if (c.suppressed) c.count = null;
  return shown;
}

/**
 * Cell-key perturbation (the Australian Bureau of Statistics' cell key method: Fraser & Wooton 2005,
 * "A proposed method for confidentialising tabular output to protect against differencing"; Thompson,
 * Broadfoot & Elazar 2013, "Methodology for the automatic confidentialisation of statistical outputs
 * from remote servers at the Australian Bureau of Statistics"). Each patient carries a fixed random
 * record key in 0-255 (a keyed hash of the UHID, so it cannot be recomputed without the deployment's
 * secret); a cell's key is the sum of its patients' keys modulo 256. The same set of patients therefore
 * always gets the same noise (asking again teaches nothing), while two sets that differ by one patient
 * get unrelated noise: subtracting "age ≥ 20" from "age ≥ 21" no longer reveals that one 20-year-old
 * exists and what they have. Without it, the small-cell rule held only inside one answer.
 */
export const CELL_KEY_MODULUS = 256;

/**
 * The noise for a cell key: 0 for half the keys, ±1 for 3/16 each, ±2 for 1/16 each (zero mean, so
 * totals over many cells stay unbiased). A project choice within the ABS method's usual range (noise of
 * at most ±2 on counts of people).
 */
export function cellNoise(cellKey: number): number {
  const k = ((cellKey % CELL_KEY_MODULUS) + CELL_KEY_MODULUS) % CELL_KEY_MODULUS;
  return k < 128 ? 0 : k < 176 ? 1 : k < 224 ? -1 : k < 240 ? 2 : -2;
}

/**
 * The count a researcher sees for a cell that is not withheld: the true count plus its cell's noise,
 * never below the threshold (a shown "3" would say the true count is 5 and the noise -2).
 */
export function perturbedCount(count: number, cellKey: number, threshold = SUPPRESSION_THRESHOLD): number {
  return Math.max(threshold, count + cellNoise(cellKey));
}

/** Age band for a breakdown (years). */
export function ageBand(age: number): string {
  return age < 18 ? "0-17" : age < 40 ? "18-39" : age < 65 ? "40-64" : "65+";
}
export const AGE_BANDS = ["0-17", "18-39", "40-64", "65+"];
