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

/** Age band for a breakdown (years). */
export function ageBand(age: number): string {
  return age < 18 ? "0-17" : age < 40 ? "18-39" : age < 65 ? "40-64" : "65+";
}
export const AGE_BANDS = ["0-17", "18-39", "40-64", "65+"];
