import { isLocalPreparationName, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams } from "./daily-dose.js";

/**
 * An older adult's day's total against the lower maximum for that age (drugs.json `older_adult_max_daily_dose`:
 * tramadol over 75 years, digoxin, zolpidem, diazepam), where the adult maximum would let it pass. Null when nothing
 * can be said (age unknown or under the drug's age, no sourced maximum, no day's total, an eye, ear or skin
 * preparation, or the dose is already above the adult maximum); else the message of a major issue.
 */
export function checkOlderAdultMaximum(
  drug: DrugEntry | undefined,
  productName: string,
  dailyDoseMg: number | null,
  age: PatientAge | null | undefined,
): string | null {
  const max = drug?.older_adult_max_daily_dose;
  if (!max || !age || age.years < max.from_age_years || dailyDoseMg === null || isLocalPreparationName(productName)) return null;
  if (dailyDoseMg <= max.mg) return null;
  return `${productName}: ${grams(dailyDoseMg)} a day is above the maximum of ${grams(max.mg)} a day for adults aged ${max.from_age_years} years and over (patient ${age.years} years; ${max.source})`;
}
