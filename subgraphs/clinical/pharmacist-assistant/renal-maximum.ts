import { isLocalPreparationName } from "../drug-safety/drug-safety.engine.js";
import { egfrInWords } from "../drug-safety/egfr-rules.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams } from "./daily-dose.js";

/** The band of the drug's renal maxima that applies at the eGFR: the lowest `egfr_below` above it. */
export function renalMaximumAt(drug: DrugEntry | undefined, egfr: number | null | undefined) {
  if (egfr == null || !drug?.renal_max_daily_dose) return null;
  const applying = drug.renal_max_daily_dose.filter((b) => egfr < b.egfr_below);
  return applying.length ? applying.reduce((a, b) => (b.egfr_below < a.egfr_below ? b : a)) : null;
}

/**
 * A day's total against the lower maximum for the patient's kidney function (drugs.json `renal_max_daily_dose`:
 * gabapentin, metformin, allopurinol, ciprofloxacin), where the adult maximum lets it pass. Null when nothing can be
 * said (no eGFR, no band at that eGFR, no day's total, an eye, ear or skin preparation, or already above the adult
 * maximum); else the message of a major dose issue.
 */
export function checkRenalMaximum(
  drug: DrugEntry | undefined,
  productName: string,
  dailyDoseMg: number | null,
  egfr: number | null | undefined,
): string | null {
  const band = renalMaximumAt(drug, egfr);
  if (!band || dailyDoseMg === null || isLocalPreparationName(productName) || dailyDoseMg <= band.mg) return null;
  return `${productName}: ${grams(dailyDoseMg)} a day is above the maximum of ${grams(band.mg)} a day for the kidney function (${egfrInWords(egfr!)}, below ${band.egfr_below}; ${band.source})`;
}
