import { isLocalPreparationName, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams, round } from "./daily-dose.js";
import { ageInWords, bandsAt, CHILD_UNDER_YEARS, routeOf } from "./weight-dose.js";

/**
 * How far below the least a day's total must be before it is reported: a dose rounded to a vial, a tablet or a
 * whole 5 mL (ceftriaxone 600 mg for 13 kg is 46 mg/kg, the 50 mg/kg the source names) is not an underdose.
 */
export const ROUNDING_ALLOWANCE = 0.8;

/**
 * A child's day's total against the least usual dose for the child's age and weight (drugs.json
 * `paediatric_min_daily_dose`, WHO Pocket Book / BNF for Children, cited per band): ceftriaxone 250 mg a day for
 * 12 kg (21 mg/kg), zinc 10 mg for a 2-year-old. Only a repeating schedule has a day's total to compare (a stat
 * or as-needed dose does not). Null when nothing can be said; else the message of a moderate issue (a lower dose
 * can be intended: the prescriber confirms).
 */
export function checkWeightMinimum(
  drug: DrugEntry | undefined,
  productName: string,
  dose: string | null,
  dailyDoseMg: number | null,
  patient: { age: PatientAge | null | undefined; weightKg: number | null | undefined; scheduled: boolean },
): string | null {
  const { age, weightKg } = patient;
  if (!drug || !age || age.years >= CHILD_UNDER_YEARS || !patient.scheduled || dailyDoseMg === null || dailyDoseMg <= 0 || isLocalPreparationName(productName)) return null;
  const route = routeOf(productName, dose);
  const band = bandsAt(drug.paediatric_min_daily_dose, age, weightKg).find((b) => !b.routes || b.routes.includes(route));
  if (!band || (band.mg_per_kg !== null && !weightKg)) return null;
  const perKg = band.mg_per_kg !== null && weightKg ? round(band.mg_per_kg * weightKg) : null;
  const least = Math.min(perKg ?? Infinity, band.max_mg ?? Infinity);
  if (dailyDoseMg >= least * ROUNDING_ALLOWANCE) return null;
  const leastWords = perKg !== null && least === perKg ? `${band.mg_per_kg} mg/kg a day × ${weightKg} kg = ${grams(least)} a day` : `${grams(least)} a day`;
  const given = weightKg && band.mg_per_kg !== null ? ` (${round(dailyDoseMg / weightKg)} mg/kg a day)` : "";
  return `${productName}: ${grams(dailyDoseMg)} a day${given} for a child ${ageInWords(age)}${weightKg ? ` weighing ${weightKg} kg` : ""} is below the least usual dose of ${leastWords} (${band.source}): too low to treat? Confirm the dose`;
}
