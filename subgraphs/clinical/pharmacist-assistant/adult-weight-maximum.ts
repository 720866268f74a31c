import { isLocalPreparationName, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams, round } from "./daily-dose.js";
import { CHILD_UNDER_YEARS } from "./weight-dose.js";

/**
 * An adult's day's total against the most per kg of body weight (drugs.json `adult_max_daily_dose_per_kg`: drugs an
 * adult is dosed by weight, such as enoxaparin, gentamicin and quinine, where a fixed maximum in mg would pass a
 * ten-fold dose in a small adult). A child is checked by `paediatric_max_daily_dose` instead (weight-dose.ts). Null
 * when nothing can be said (no weight, a weight at or over `below_weight_kg`, no sourced maximum per kg, no day's total, an eye, ear or skin preparation);
 * else the message of a major issue. `mg_per_kg_divided`, where sourced, is the maximum when the day is given as more
 * than one dose (`dosesADay`).
 */
export function checkAdultDosePerKg(
  drug: DrugEntry | undefined,
  productName: string,
  dailyDoseMg: number | null,
  patient: { age: PatientAge | null | undefined; weightKg: number | null | undefined },
  dosesADay: number | null = null,
): string | null {
  const max = drug?.adult_max_daily_dose_per_kg;
  const { age, weightKg } = patient;
  if (!max || dailyDoseMg === null || !weightKg || weightKg <= 0 || isLocalPreparationName(productName)) return null;
  if ((age && age.years < CHILD_UNDER_YEARS) || (max.below_weight_kg && weightKg >= max.below_weight_kg)) return null;
  const divided = max.mg_per_kg_divided !== undefined && dosesADay !== null && dosesADay > 1;
  const mgPerKg = divided ? max.mg_per_kg_divided! : max.mg_per_kg;
  const limit = round(mgPerKg * weightKg);
  if (dailyDoseMg <= limit) return null;
  const perKg = round(dailyDoseMg / weightKg).toFixed(1).replace(/\.0$/, "");
  const regimen = divided ? ` in ${dosesADay} divided doses` : max.below_weight_kg ? ` under ${max.below_weight_kg} kg` : "";
  return `${productName}: ${grams(dailyDoseMg)} a day = ${perKg} mg/kg a day for ${weightKg} kg, above the maximum of ${mgPerKg} mg/kg a day${regimen} × ${weightKg} kg = ${grams(limit)} (${max.source})`;
}
