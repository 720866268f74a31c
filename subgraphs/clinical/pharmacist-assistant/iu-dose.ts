import { ageInBand, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { ageInWords } from "./weight-dose.js";

/**
 * A dose in international units ("200,000 IU", "100000iu", "50 000 IU") against the most a single dose holds for the
 * patient's age (drugs.json `max_single_dose_iu_by_age`, sourced per band: vitamin A by IMCI age band), session 20.
 * A dose in IU has no mg to compare with the mg limits, so without this check it went unchecked.
 */
const IU_DOSE = /^(\d{1,3}(?:[, ]\d{3})+|\d+(?:\.\d+)?)\s*(?:iu|i\.u\.?|international units?)\b/i;

/** The IU in a dose, or null when the dose is not written in IU. */
export function doseInIu(dose: string): number | null {
  const m = IU_DOSE.exec(dose.trim());
  return m ? Number(m[1].replace(/[, ]/g, "")) : null;
}

/** The dose above the age band's most a single dose: the message; else null (no IU dose, no band, no age). */
export function checkIuDoseByAge(drug: DrugEntry | undefined, productName: string, dose: string | null, age: PatientAge | null | undefined): string | null {
  const bands = drug?.max_single_dose_iu_by_age;
  const iu = dose ? doseInIu(dose) : null;
  if (!bands || iu === null || !age) return null;
  const band = bands.find((b) => ageInBand(b, age));
  if (!band || iu <= band.max_iu) return null;
  const times = Math.round((iu / band.max_iu) * 10) / 10;
  return `${productName} ${dose}: ${iu.toLocaleString("en-US")} IU is above the single dose of ${band.max_iu.toLocaleString("en-US")} IU for the patient's age (${ageInWords(age)}; ${times} times it) (${band.source}): confirm the dose for the age`;
}
