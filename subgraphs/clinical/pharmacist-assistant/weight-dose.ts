import { ageInBand, isLocalPreparationName, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry, PaediatricMaxDailyDose } from "../knowledge/knowledge.types.js";
import { grams, round } from "./daily-dose.js";

/**
 * A child's day's total against the maximum for the child's weight (drugs.json `paediatric_max_daily_dose`,
 * BNF for Children / WHO Pocket Book, cited per band): mg/kg a day × weight, capped by the band's absolute
 * maximum and the adult maximum. Null for an adult, when no age is known, or for an unidentified drug:
 * - `above_weight_maximum`: the day's total is above that limit (a major issue, the arithmetic in the note);
 * - `within_weight_maximum`: it is not (exactly at the limit is within);
 * - `not_checked_no_weight`: a per-kg maximum exists but no weight was given (a warning);
 * - `not_checked_no_paediatric_maximum`: no sourced band for this drug at this age and route (a warning);
 * - `not_checked_unreadable`: the day's total could not be worked out (unreadable dose, as needed; a warning);
 * - `not_applicable_local`: an eye, ear or skin preparation (no systemic maximum applies).
 */
export interface WeightDoseCheck {
  weightDoseCheck: "within_weight_maximum" | "above_weight_maximum" | "not_checked_no_weight" | "not_checked_no_paediatric_maximum" | "not_checked_unreadable" | "not_applicable_local" | null;
  /** The most for this child per day in mg (weight × mg/kg, capped), when worked out. */
  weightMaxDailyDoseMg: number | null;
  weightDoseCheckNote: string | null;
  weightDoseCheckSource: string | null;
}

export const NOT_A_CHILD: WeightDoseCheck = { weightDoseCheck: null, weightMaxDailyDoseMg: null, weightDoseCheckNote: null, weightDoseCheckSource: null };

/** Under this age (years) the patient is a child and the weight-based maximum applies. */
export const CHILD_UNDER_YEARS = 18;


/** An injection or infusion by its name or dose ("Ceftriaxone 1g IV", "Gentamicin 80mg IM", "inj"), else oral. */
const PARENTERAL = /\b(iv|im|sc|inj|injection|injectable|infusion|ivi|vial|vials|ampoule|ampoules|amp|amps|intravenous|intramuscular)\b/i;
export const routeOf = (name: string, dose: string | null): "oral" | "parenteral" => (PARENTERAL.test(`${name} ${dose ?? ""}`.replace(/[^a-z0-9]+/gi, " ")) ? "parenteral" : "oral");

/** A weight within a band's weight limits (a neonate under 2 kg); no weight known, every band of the age (per-kg bands then need it). */
const fitsWeight = (b: PaediatricMaxDailyDose, kg: number | null | undefined) => kg === null || kg === undefined || ((b.min_weight_kg === undefined || kg >= b.min_weight_kg) && (b.below_weight_kg === undefined || kg < b.below_weight_kg));

/** The bands of a drug's paediatric limits (drugs.json) for the child's age and weight. */
export const bandsAt = (bands: PaediatricMaxDailyDose[] | undefined, age: PatientAge, weightKg: number | null | undefined) => (bands ?? []).filter((b) => ageInBand(b, age) && fitsWeight(b, weightKg));

export const ageInWords = (age: PatientAge) => (age.years < 1 ? `${age.days} days old` : `${Math.floor(age.years)} years old`);

/** The item's day's total against the child's weight-based maximum (see WeightDoseCheck). */
export function checkWeightDose(
  drug: DrugEntry | undefined,
  productName: string,
  dose: string | null,
  dailyDoseMg: number | null,
  patient: { age: PatientAge | null | undefined; weightKg: number | null | undefined },
): WeightDoseCheck {
  const { age, weightKg } = patient;
  if (!age || age.years >= CHILD_UNDER_YEARS || !drug) return NOT_A_CHILD;
  const child = `a child ${ageInWords(age)}`;
  if (isLocalPreparationName(productName)) {
    return { ...NOT_A_CHILD, weightDoseCheck: "not_applicable_local", weightDoseCheckNote: `${productName}: an eye, ear or skin preparation: no weight-based maximum applies` };
  }
  const route = routeOf(productName, dose);
  const atAge = bandsAt(drug.paediatric_max_daily_dose, age, weightKg);
  const band = atAge.find((b) => !b.routes || b.routes.includes(route));
  if (!band) {
    const why = atAge.length ? ` given ${route === "parenteral" ? "by injection" : "by mouth"} (the sourced maximum is for ${atAge.flatMap((b) => b.routes ?? []).join(", ")} use)` : "";
    return {
      ...NOT_A_CHILD,
      weightDoseCheck: "not_checked_no_paediatric_maximum",
      weightDoseCheckNote: `No sourced maximum daily dose by weight for ${drug.name} for ${child}${why} in the knowledge base: the dose was NOT checked against the child's weight`,
    };
  }
  const perKg = band.mg_per_kg;
  const limitWords = (w: number | null) => (perKg === null ? `${grams(band.max_mg!)} a day` : w === null ? `${perKg} mg/kg a day` : `${perKg} mg/kg a day × ${w} kg = ${grams(round(perKg * w))} a day`);
  if (perKg !== null && (weightKg === null || weightKg === undefined)) {
    return { ...NOT_A_CHILD, weightDoseCheck: "not_checked_no_weight", weightDoseCheckSource: band.source, weightDoseCheckNote: `${productName}: the patient is ${child} and no weight was given (patientWeightKg): the dose was NOT checked against the maximum of ${limitWords(null)}` };
  }
  const weight = weightKg ?? null;
  const caps: { mg: number; what: string }[] = [];
  if (perKg !== null && weight !== null) caps.push({ mg: round(perKg * weight), what: limitWords(weight) });
  if (band.max_mg !== null) caps.push({ mg: band.max_mg, what: perKg === null ? limitWords(null) : `the cap of ${grams(band.max_mg)} a day` });
  if (drug.adult_max_daily_dose) caps.push({ mg: drug.adult_max_daily_dose.mg, what: `the adult maximum of ${grams(drug.adult_max_daily_dose.mg)} a day` });
  const limit = caps.reduce((a, b) => (b.mg < a.mg ? b : a));
  const limitText = caps[0] === limit ? limit.what : `${limit.what} (lower than ${caps[0].what})`;
  const base = { weightMaxDailyDoseMg: limit.mg, weightDoseCheckSource: band.source };
  if (dailyDoseMg === null) {
    return { ...base, weightDoseCheck: "not_checked_unreadable", weightDoseCheckNote: `${productName}: the day's total could not be worked out (an unreadable dose, or as needed): not checked against the maximum for ${child}${weight !== null ? ` of ${weight} kg` : ""}: ${limitText}` };
  }
  const perKgGiven = weight !== null && perKg !== null ? ` = ${round(dailyDoseMg / weight).toFixed(1).replace(/\.0$/, "")} mg/kg a day` : "";
  const who = `${child}${weight !== null ? ` weighing ${weight} kg` : ""}`;
  if (dailyDoseMg > limit.mg) {
    return { ...base, weightDoseCheck: "above_weight_maximum", weightDoseCheckNote: `${productName}: ${grams(dailyDoseMg)} a day${perKgGiven} for ${who}, above the maximum of ${limitText} (${band.source})` };
  }
  return { ...base, weightDoseCheck: "within_weight_maximum", weightDoseCheckNote: `${productName}: ${grams(dailyDoseMg)} a day${perKgGiven} for ${who}, within the maximum of ${limitText}` };
}
