import { isLocalPreparationName } from "../drug-safety/drug-safety.engine.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams, round } from "./daily-dose.js";

/**
 * How far from the usual adult single dose a dose must be before it is read as a unit slip: more than ten
 * times the most (a thousandfold mg-for-micrograms slip is far beyond it; a real high dose is not), or less
 * than a tenth of the least.
 */
export const UNIT_SLIP_FACTOR = 10;

/** A single dose read against the drug's usual adult single dose: a major issue, a warning, or nothing to say. */
export type SingleDoseFinding = { severity: "major"; message: string } | { severity: "warning"; message: string } | null;

/** Doses converted from micrograms or ng carry binary rounding: "25 ng" is not below a tenth of 250 ng. */
const TOLERANCE = 1e-9;

/** Micrograms (or mg) as a person writes them: 0.2 mg is "200 micrograms". */
const inWords = (mg: number) => (mg < 1 ? `${round(mg * 1000)} micrograms` : grams(mg));

/**
 * One dose (mg) against `adult_single_dose` (drugs.json, sourced per drug): above UNIT_SLIP_FACTOR × the most
 * (or × the adult maximum a day, where the source states no single maximum) it is probably milligrams written
 * for micrograms, at any age (a child's dose is smaller still); an adult's dose below the least ÷ UNIT_SLIP_FACTOR is
 * probably micrograms written for milligrams (a warning: a child's dose may be that small). Exactly at ten
 * times is not flagged. Eye, ear and skin preparations are never checked against a systemic dose.
 */
export function checkSingleDose(drug: DrugEntry | undefined, productName: string, dose: string, mg: number | null, isChild: boolean): SingleDoseFinding {
  const usual = drug?.adult_single_dose;
  if (!drug || !usual || mg === null || mg <= 0 || isLocalPreparationName(productName)) return null;
  const most = usual.max_mg ?? drug.adult_max_daily_dose?.mg ?? null;
  const what = usual.max_mg !== null ? "the usual adult maximum single dose" : "the adult maximum a day";
  if (most !== null && mg > UNIT_SLIP_FACTOR * most * (1 + TOLERANCE)) {
    const times = round(mg / most);
    return { severity: "major", message: `${productName} ${dose}: ${inWords(mg)} is ${times} times ${what} of ${inWords(most)} (${usual.source}): probably mg and micrograms confused; confirm the dose and its unit` };
  }
  if (!isChild && usual.min_mg !== null && mg < (usual.min_mg / UNIT_SLIP_FACTOR) * (1 - TOLERANCE)) {
    return { severity: "warning", message: `${productName} ${dose}: ${inWords(mg)} is below a tenth of the least usual adult dose of ${inWords(usual.min_mg)} (${usual.source}): probably micrograms written for mg (or ng for micrograms); confirm the dose and its unit` };
  }
  return null;
}
