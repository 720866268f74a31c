import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";

/**
 * How an item's dose compares with the adult maximum per day of `knowledge/drugs.json`
 * (`adult_max_daily_dose`, BNF / WHO Model Formulary / SmPC, cited per drug):
 * - `above_adult_maximum`: the day's total (dose × doses a day; a stat or PRN dose on its own) is above it;
 * - `within_adult_maximum`: it is not;
 * - `not_checked_unreadable`: the drug has a maximum but the day's total could not be worked out
 *   (a dose in tablets with no strength in the name, mL without a concentration, no frequency);
 * - `not_checked_prn`: as needed, the day's total depends on how often it is given (the single dose is
 *   still checked: one dose above the day's maximum is above it);
 * - `not_checked_no_maximum`: no sourced adult maximum for this drug, or the drug is not identified.
 */
export interface DoseCheck {
  doseCheck: "within_adult_maximum" | "above_adult_maximum" | "not_checked_unreadable" | "not_checked_prn" | "not_checked_no_maximum";
  /** The day's total in mg, when it could be worked out. */
  dailyDoseMg: number | null;
  maxDailyDoseMg: number | null;
  doseCheckNote: string | null;
  doseCheckSource: string | null;
}

const MG_PER: Record<string, number> = { mg: 1, g: 1000, gm: 1000, mcg: 0.001, µg: 0.001, ug: 0.001 };
const AMOUNT = /^(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*([a-zµ]+)/i;
const FORM_UNITS = /^(tablets?|tabs?|capsules?|caps?)$/i;
/** One strength in a product name: "Paracetamol 500mg tabs" (not "Septrin 80/480mg", not two strengths). */
const STRENGTH_IN_NAME = /(?<![\d/.])(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\b(?!\s*\/)/gi;
/** A liquid's concentration in its name: "Amoxicillin 250mg/5ml". */
const CONCENTRATION_IN_NAME = /(\d+(?:\.\d+)?)\s*(mg|g|mcg)\s*\/\s*(\d+(?:\.\d+)?)?\s*ml\b/i;

const round = (x: number) => Math.round(x * 1000) / 1000;
const grams = (mg: number) => (mg >= 1000 ? `${round(mg / 1000)} g` : `${round(mg)} mg`);

/** mg in one dose (the upper end of a range such as "1-2 tablets"), or null when it cannot be worked out. */
export function doseInMg(dose: string, productName: string): number | null {
  const m = AMOUNT.exec(dose.trim());
  if (!m) return null;
  const amount = Number(m[2] ?? m[1]);
  const unit = m[3].toLowerCase();
  if (MG_PER[unit] !== undefined) return amount * MG_PER[unit];
  if (FORM_UNITS.test(unit)) {
    const strengths = [...productName.matchAll(STRENGTH_IN_NAME)];
    if (strengths.length !== 1 || CONCENTRATION_IN_NAME.test(productName)) return null;
    return amount * Number(strengths[0][1]) * MG_PER[strengths[0][2].toLowerCase()];
  }
  if (unit === "ml") {
    const c = CONCENTRATION_IN_NAME.exec(productName);
    if (!c) return null;
    return (amount * Number(c[1]) * MG_PER[c[2].toLowerCase()]) / Number(c[3] ?? 1);
  }
  return null;
}

/** The item's dose against the drug's adult maximum per day (see DoseCheck). */
export function checkDailyDose(drug: DrugEntry | undefined, productName: string, dose: string | null, frequency: ParsedFrequency | null): DoseCheck {
  const max = drug?.adult_max_daily_dose;
  const none = { dailyDoseMg: null, maxDailyDoseMg: max?.mg ?? null, doseCheckSource: max?.source ?? null };
  if (!drug || !max) {
    return { ...none, doseCheck: "not_checked_no_maximum", doseCheckNote: drug ? `No sourced adult maximum daily dose for ${drug.name} in the knowledge base: the dose was not checked against a maximum` : null };
  }
  const perDose = dose ? doseInMg(dose, productName) : null;
  const perDay = !frequency || frequency.kind === "unparseable" ? null : frequency.kind === "scheduled" ? frequency.times.length : 1;
  if (perDose === null || perDay === null) {
    const why = perDose === null ? `the dose "${dose ?? ""}" does not give an amount in mg (a strength, e.g. 500 mg, or a tablet strength in the name)` : "the frequency could not be read";
    return { ...none, doseCheck: "not_checked_unreadable", doseCheckNote: `${productName}: the day's total could not be worked out (${why}): not checked against the adult maximum of ${grams(max.mg)} a day` };
  }
  const total = round(perDose * perDay);
  if (total > max.mg) {
    const how = frequency!.kind === "scheduled" ? `${grams(perDose)} × ${perDay} a day = ${grams(total)}` : `one ${frequency!.kind === "prn" ? "as-needed" : "stat"} dose of ${grams(perDose)}`;
    return { ...none, dailyDoseMg: total, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${how}, above the adult maximum of ${grams(max.mg)} a day (${max.source})` };
  }
  if (frequency!.kind === "prn") {
    return { ...none, doseCheck: "not_checked_prn", doseCheckNote: `${productName} as needed: the day's total depends on how often it is given; an adult must not exceed ${grams(max.mg)} a day` };
  }
  return { ...none, dailyDoseMg: total, doseCheck: "within_adult_maximum", doseCheckNote: `Within the adult maximum of ${grams(max.mg)} a day (a child's dose needs weight-based checking, not done here)` };
}
