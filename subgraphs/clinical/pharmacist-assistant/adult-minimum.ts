import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams } from "./daily-dose.js";

/**
 * An adult's day's total below the least usual adult daily dose (`adult_min_daily_dose` in drugs.json, sourced per
 * drug): most often a child's dose written for an adult ("Phenobarbitone 15mg od" for a 60 kg adult, "Amoxicillin
 * 125mg tds"). A moderate dose issue, since a low dose can be intended (started low, renal impairment): the
 * prescriber confirms. Not for a child or an unknown age, nor a stat or as-needed dose (no day's total).
 */
export function checkAdultMinimum(drug: DrugEntry | undefined, productName: string, dailyDoseMg: number | null, isAdult: boolean): string | null {
  const least = drug?.adult_min_daily_dose;
  if (!least || !isAdult || dailyDoseMg === null || dailyDoseMg <= 0 || dailyDoseMg >= least.mg) return null;
  return `${productName}: ${grams(dailyDoseMg)} a day is below the least usual adult dose of ${grams(least.mg)} a day (${least.source}): a child's dose written for an adult? Confirm the dose`;
}
