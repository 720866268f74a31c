import type { Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { volumeInMl } from "./liquid-volume.js";

/**
 * How an item's dose compares with the adult maximum per day of `knowledge/drugs.json`
 * (`adult_max_daily_dose`, BNF / WHO Model Formulary / SmPC, cited per drug):
 * - `above_adult_maximum`: the day's total (dose × doses a day; a stat or PRN dose on its own; "4-6
 *   hourly" or "q6h prn" at the most doses its interval allows) is above it;
 * - `within_adult_maximum`: it is not;
 * - `not_checked_unreadable`: the drug has a maximum but the day's total could not be worked out
 *   (a dose in tablets with no strength in the name, mL without a concentration, no frequency);
 * - `not_checked_prn`: as needed, the day's total depends on how often it is given (the single dose is
 *   still checked: one dose above the day's maximum is above it);
 * - `not_checked_no_maximum`: no sourced adult maximum for this drug, or the drug is not identified.
 * A combination product is checked per component that has a maximum (co-codamol: codeine and paracetamol).
 */
export interface DoseCheck {
  doseCheck: "within_adult_maximum" | "above_adult_maximum" | "not_checked_unreadable" | "not_checked_prn" | "not_checked_no_maximum";
  /** The day's total in mg, when it could be worked out (a combination: of its most limiting component). */
  dailyDoseMg: number | null;
  maxDailyDoseMg: number | null;
  doseCheckNote: string | null;
  doseCheckSource: string | null;
}

const MG_PER: Record<string, number> = { mg: 1, g: 1000, gm: 1000, mcg: 0.001, µg: 0.001, ug: 0.001, ng: 0.000001 };
const AMOUNT = /^(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?\s*([a-zµ]+)/i;
/** Units counted in a dose of a product whose strength is in its name: tablets, capsules, suppositories ("1 supp PR"), pessaries. */
const FORM_UNITS = /^(tablets?|tabs?|capsules?|caps?|suppositor(?:y|ies)|supps?|pessar(?:y|ies))$/i;
/** Plurals and whole words written on prescriptions: "10mls", "2 gms", "100 micrograms", "1 gram". */
const UNIT_ALIASES: Record<string, string> = { mls: "ml", mgs: "mg", gms: "g", milligram: "mg", milligrams: "mg", microgram: "mcg", micrograms: "mcg", nanogram: "ng", nanograms: "ng", gram: "g", grams: "g" };
/** One strength in a product name: "Paracetamol 500mg tabs" (not "Septrin 80/480mg", not two strengths). */
const STRENGTH_IN_NAME = /(?<![\d/.])(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\b(?!\s*\/)/gi;
/** A liquid's concentration in its name: "Amoxicillin 250mg/5ml". */
const CONCENTRATION_IN_NAME = /(\d+(?:\.\d+)?)\s*(mg|g|mcg)\s*\/\s*(\d+(?:\.\d+)?)?\s*ml\b/i;

/** One percentage strength in a product name ("Lidocaine 2%", "Dextrose 10%"): w/v, g per 100 mL. */
const PERCENT_IN_NAME = /(?<![\d.])(\d+(?:\.\d+)?)\s*%(?!.*\d\s*%)/;

/** To three decimals (milligram amounts in notes). */
export const round = (x: number) => Math.round(x * 1000) / 1000;
export const grams = (mg: number) => (mg >= 1000 ? `${round(mg / 1000)} g` : `${round(mg)} mg`);

/** A count of tablets in roman numerals, as prescribers write it ("i", "ii tabs"); "iv" is the route, never four. */
const ROMAN_DOSE = /^(iii|ii|i)(?:\s*(tabs?|tablets?|caps?|capsules?))?$/i;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3 };
/** A range of tablets in roman numerals ("i-ii tabs", "i to ii"): as "1-2 tab", whose worst case is the larger (session 21). */
const ROMAN_RANGE = /^(iii|ii|i)\s*(?:-|to)\s*(iii|ii|i)(?:\s*(tabs?|tablets?|caps?|capsules?))?$/i;
/**
 * Latin "ss" (semis, one half) in a count of tablets, as written on East African charts: "ss tab", "tab ss", "i ss tabs"
 * (one and a half). Read as the half it means; the notation itself is reported as error-prone (ISMP: misread as 55;
 * error-prone-notation.ts). Session 21.
 */
const SEMIS_DOSE = /^(?:(tabs?|tablets?)\s+)?(?:(iii|ii|i)\s*)?ss(?:\s*(tabs?|tablets?))?$/i;
/** A dose per kilogram of body weight: "5mg/kg IV", "2.4 mg/kg". */
const PER_KG_DOSE = /^(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\s*\/\s*kg\b(.*)$/i;

/** A tablet's strength then a count of tablets in the dose ("10mg 2 tabs", "250 mg 2 tablets"): the count × the strength. */
const STRENGTH_THEN_COUNT = /^(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\s+(\d+(?:\.\d+)?)\s*(?:tabs?|tablets?|caps?|capsules?)\b(.*)$/i;
/** The count first, then the strength of each (session 20): "1 tab of 250mg", "2 tablets of 500 mg", "2 x 250mg tabs", "2 caps (250mg)". */
const COUNT_OF_STRENGTH = /^(\d+(?:\.\d+)?)\s*(?:(?:tabs?|tablets?|caps?|capsules?)\s*(?:of|\(|@)|x)\s*(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\b\)?(?:\s*(?:each|tabs?|tablets?|caps?|capsules?)\b)?(.*)$/i;
/** "/dose" after a per-kg amount ("40mg/kg/dose"): the amount is already one dose. */
const PER_DOSE_SUFFIX = /^\s*\/\s*(?:dose|dos)\b/i;
/** A day's total written as such ("75 mg/day", "30mg/kg/day" × weight, "750 mg/24 hrs"): the dose a day, to be divided by the doses a day. */
const PER_DAY_TOTAL = /^(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\s*\/\s*(?:day|d|24\s*(?:h|hrs?|hours?))\b(.*)$/i;

/** A rate of a continuous infusion ("1g/hr IV infusion", "2 mg/hour"): an amount an hour. */
const PER_HOUR_RATE = /^(\d+(?:\.\d+)?)\s*(mg|g|mcg|µg|ug)\s*\/\s*(?:h|hr|hrs|hour)\b(.*)$/i;

/**
 * A continuous infusion's day (the dose written as a rate an hour, "1g/hr IV infusion"): the amount in 24 hours as
 * one dose of the day ("24 g IV infusion"), read with one administration a day, so that the day's total is checked
 * against the maximum whatever the frequency says ("x 24 hrs", "continuous"). Null for any other dose.
 */
export function infusionDay(given: string): { dose: string; frequency: ParsedFrequency } | null {
  const m = PER_HOUR_RATE.exec(given);
  if (!m) return null;
  const day: ParsedFrequency = { kind: "scheduled", pattern: "continuous_infusion", times: ["00:00"], courseDays: null, instruction: null };
  return { dose: `${round(Number(m[1]) * 24)} ${m[2]}${m[3]}`, frequency: day };
}

/** The dose is written per kg of body weight ("5mg/kg"). */
export const isPerKgDose = (dose: string) => PER_KG_DOSE.test(dose.trim());

/**
 * ISMP error-prone forms of a number: a missing leading zero (".5 mg" is 0.5 mg, never 5 mg or 500 mg). A trailing
 * zero ("1.0 mg") already reads as written. Anything else unchanged.
 */
export const withLeadingZero = (dose: string) => dose.replace(/^\.(\d)/, "0.$1");

/**
 * A day's total written as a dose ("75 mg/day IV", from "7.5mg/kg/day"; "750mg/24 hrs") read as one dose: the total
 * divided by the doses a scheduled frequency gives ("in 3 divided doses", "tds"). Unchanged when the frequency is not
 * scheduled (stat, as needed, unreadable) or the dose is not a day's total.
 */
export function dailyTotalAsDose(given: string, f: ParsedFrequency | null): string {
  const m = PER_DAY_TOTAL.exec(given);
  if (!m || f?.kind !== "scheduled" || f.times.length === 0 || f.everyDays) return given;
  return `${round(Number(m[1]) / f.times.length)} ${m[2]}${m[3]}`;
}

/** A bare count ("1", "2", "½") with one tablet strength in the product's name ("Paracetamol 500mg"). */
const BARE_COUNT = /^(\d+(?:\.\d+)?|½|¼|1\/2)$/;

/**
 * A bare count as the dose column of an outpatient prescription writes it ("Paracetamol 500mg" dose "2"): that many of
 * the one strength the name writes ("2 tab"), session 18. A name with no strength, several, or a concentration
 * ("120mg/5ml": the count could be mL) is left unread.
 */
export function countOfStrength(dose: string, productName: string): string {
  const m = BARE_COUNT.exec(dose);
  if (!m || CONCENTRATION_IN_NAME.test(productName) || [...productName.matchAll(STRENGTH_IN_NAME)].length !== 1) return dose;
  return `${VULGAR[m[1]] ?? (m[1] === "1/2" ? 0.5 : Number(m[1]))} tab`;
}

/**
 * A dose as the checks read it: a bare count with one strength in the name as that many tablets ("2" → "2 tab"), a roman count as that many tablets ("ii" → "2 tab"), a missing leading zero
 * restored (".5mg" → "0.5mg"), a strength then a count as their product ("10mg 2 tabs" → "20 mg"), and a dose per kg times the patient's weight ("5mg/kg IV", 60 kg → "300 mg IV";
 * "40mg/kg/dose" is one dose; "7.5mg/kg/day" stays a day's total: dailyTotalAsDose); a dose per kg without a weight is kept
 * as written (it cannot be read: the weight is needed). Anything else unchanged.
 */
export function doseAsGiven(dose: string, weightKg: number | null | undefined, productName = ""): string {
  const text = volumeInMl(fractionOfUnit(withLeadingZero(countOfStrength(dose.trim(), productName))));
  const roman = ROMAN_DOSE.exec(text);
  if (roman) return `${ROMAN[roman[1].toLowerCase()]} ${roman[2] ?? "tab"}`;
  const range = ROMAN_RANGE.exec(text);
  if (range) return `${ROMAN[range[1].toLowerCase()]}-${ROMAN[range[2].toLowerCase()]} ${range[3] ?? "tab"}`;
  const semis = SEMIS_DOSE.exec(text);
  if (semis) return `${(semis[2] ? ROMAN[semis[2].toLowerCase()] : 0) + 0.5} ${semis[1] ?? semis[3] ?? "tab"}`;
  const counted = STRENGTH_THEN_COUNT.exec(text);
  if (counted) return `${round(Number(counted[1]) * Number(counted[3]))} ${counted[2]}${counted[4]}`;
  const each = COUNT_OF_STRENGTH.exec(text);
  if (each) return `${round(Number(each[1]) * Number(each[2]))} ${each[3]}${each[4]}`;
  const perKg = PER_KG_DOSE.exec(text);
  if (perKg && weightKg) return `${round(Number(perKg[1]) * weightKg)} ${perKg[2]}${perKg[3].replace(PER_DOSE_SUFFIX, "")}`;
  return text;
}

const VULGAR: Record<string, number> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3 };
/** A part of a tablet or the like: "½ tab", "1½ tabs", "1/2 tab", "1 1/2 tabs"; the whole "80/480" of a strength is never a fraction (it has no form unit after it, or a numerator not below its denominator). */
const FRACTION_OF_UNIT = /^(?:(\d+)\s*)?(?:([½¼¾⅓⅔])|(\d)\s*\/\s*([234]))\s*(?=(?:tabs?|tablets?|caps?|capsules?|supps?|suppositor(?:y|ies))\b)/i;

/** "½ tab" → "0.5 tab", "1 1/2 tabs" → "1.5 tabs" (a roman or plain count is left alone). */
export function fractionOfUnit(dose: string): string {
  const m = FRACTION_OF_UNIT.exec(dose);
  if (!m) return dose;
  const part = m[2] ? VULGAR[m[2]] : Number(m[3]) < Number(m[4]) ? Number(m[3]) / Number(m[4]) : null;
  if (part === null) return dose;
  return `${round(Number(m[1] ?? 0) + part)} ${dose.slice(m[0].length)}`;
}

/** mg in one dose (the upper end of a range such as "1-2 tablets"), or null when it cannot be worked out. */
export function doseInMg(dose: string, productName: string): number | null {
  const m = AMOUNT.exec(dose.trim());
  if (!m) return null;
  const amount = Number(m[2] ?? m[1]);
  const unit = UNIT_ALIASES[m[3].toLowerCase()] ?? m[3].toLowerCase();
  if (MG_PER[unit] !== undefined) return amount * MG_PER[unit];
  if (FORM_UNITS.test(unit)) {
    const strengths = [...productName.matchAll(STRENGTH_IN_NAME)];
    if (strengths.length !== 1 || CONCENTRATION_IN_NAME.test(productName)) return null;
    return amount * Number(strengths[0][1]) * MG_PER[strengths[0][2].toLowerCase()];
  }
  if (unit === "ml") {
    const c = CONCENTRATION_IN_NAME.exec(productName);
    // A solution's strength as a percentage ("Lidocaine 2%", w/v: 2 g in 100 mL = 20 mg/mL), session 20.
    const percent = c ? null : PERCENT_IN_NAME.exec(productName);
    if (percent) return round(amount * Number(percent[1]) * 10);
    if (!c) return null;
    return (amount * Number(c[1]) * MG_PER[c[2].toLowerCase()]) / Number(c[3] ?? 1);
  }
  return null;
}

/**
 * mg in one dose, with a count written before the frequency ("Paracetamol" "500mg" "2 tds": 2 × 500 mg):
 * the dose in mg is then the strength of one unit, as East African prescriptions write it. A dose already
 * in tablets ("1 tab" with "2 tds") is not multiplied again.
 */
export function mgPerDose(dose: string, productName: string, f: ParsedFrequency | null): number | null {
  const mg = doseInMg(dose, productName);
  const units = f && f.kind !== "unparseable" && f.kind !== "stat" ? f.unitsPerDose : undefined;
  if (mg === null || !units || units === 1) return mg;
  const m = AMOUNT.exec(dose.trim());
  return m && MG_PER[UNIT_ALIASES[m[3].toLowerCase()] ?? m[3].toLowerCase()] !== undefined ? round(mg * units) : mg;
}

/**
 * Doses in a day as the frequency reads: its clock times (once a week: the doses of the day it is given, and
 * `everyDays` 7, so that a maximum per day is checked on that day); a stat dose, one; as needed at most every N
 * hours ("q6h prn", "4-6 hourly"), the most that allows in 24 hours (⌈24/N⌉, the worst case, said in
 * `worstCase`); plain PRN, one known dose (`open`: how many more is not known); unreadable, null.
 */
export function dosesPerDay(f: ParsedFrequency | null, dose: string | null = null): { count: number; open: boolean; worstCase: string | null; everyDays?: number } | null {
  if (!f || f.kind === "unparseable") return null;
  if (f.kind === "scheduled") return { count: f.times.length, open: false, worstCase: null, ...(f.everyDays ? { everyDays: f.everyDays } : {}) };
  if (f.kind === "stat") return { count: 1, open: false, worstCase: null };
  const capped = f.maxPerDay ? writtenMaximum(f, dose) : null;
  if (capped) return capped;
  if (!f.interval) return { count: 1, open: true, worstCase: null };
  const { minHours, maxHours } = f.interval;
  const count = Math.ceil(24 / minHours);
  const written = minHours === maxHours ? `as needed every ${minHours} hours` : `every ${minHours} to ${maxHours} hours`;
  return { count, open: false, worstCase: `${written} read at its worst case: a dose every ${minHours} hours, ${count} a day` };
}

/**
 * As needed with a written maximum a day ("q6h prn max 8/day", "tds prn, max 6 tabs/24 hrs"): the most doses a day
 * the maximum allows, in doses or in the dose's tablets ("1-2 tabs", max 8 tablets: 4 doses of 2), and never more
 * than the interval allows. The worst case the prescriber wrote, said in `worstCase`. Null when the maximum's unit
 * cannot be matched to the dose (tablets against a dose in mg).
 */
function writtenMaximum(f: Extract<ParsedFrequency, { kind: "prn" }>, dose: string | null): ReturnType<typeof dosesPerDay> {
  const max = f.maxPerDay!;
  const units = unitsInDose(dose);
  const doses = max.unit === "dose" || (max.unit === null && units === null) ? max.amount : units ? max.amount / units : null;
  if (doses === null) return null;
  const byInterval = f.interval ? Math.ceil(24 / f.interval.minHours) : Infinity;
  const count = round(Math.min(doses, byInterval));
  const what = max.unit === "dose" || units === null ? `${max.amount} doses` : `${max.amount} tablets or capsules`;
  return { count, open: false, worstCase: `as needed with a written maximum of ${what} a day: at most ${count} doses` };
}

/**
 * A number inside an abbreviation, not a strength: after a letter ("d4T") or before letters other than a unit
 * ("3TC", lamivudine; "ABC/3TC 120/60" writes the strength 120/60).
 */
const IN_ABBREVIATION = /(?<=[a-z])\d+(?:\.\d+)?|\d+(?:\.\d+)?(?=[a-z])(?!(?:mg|g|mcg|ug|µg|ml|iu)\b)/gi;
/** Numbers of a product name's strength as written ("Co-codamol 30/500 tabs" → "30/500"; "TDF/3TC/DTG" → ""). */
export const writtenStrength = (productName: string) => (productName.replace(IN_ABBREVIATION, " ").match(/\d+(?:\.\d+)?/g) ?? []).join("/");

/** Tablets or capsules in a dose ("2 tabs" → 2, "1-2 tablets" → 2), or null for a dose in other units. */
export function unitsInDose(dose: string | null): number | null {
  const m = dose ? AMOUNT.exec(dose.trim()) : null;
  return m && FORM_UNITS.test(m[3]) ? Number(m[2] ?? m[1]) : null;
}

/**
 * mg of each component with a maximum in one dose of a combination product (dose in tablets or
 * capsules × `unit_strengths` of the presentation its name writes, or of its only presentation when the name writes
 * no strength: "TLD"), null where it cannot be worked out.
 */
export function componentDosesMg(k: Knowledge, drug: DrugEntry, productName: string, dose: string | null): { component: DrugEntry; mg: number | null }[] {
  const limited = (drug.components ?? []).map((id) => k.drugs.byId.get(id)!).filter((c) => c?.adult_max_daily_dose);
  const units = unitsInDose(dose);
  const written = writtenStrength(productName);
  // No strength written ("TLD 1 tab"): the product's only presentation, where it has one.
  const only = written === "" && drug.unit_strengths?.length === 1 ? drug.unit_strengths[0] : undefined;
  const presentation = drug.unit_strengths?.find((p) => p.written.includes(written)) ?? only;
  return limited.map((component) => ({ component, mg: units !== null && presentation?.mg[component.id] !== undefined ? units * presentation.mg[component.id] : null }));
}

/** The item's dose against the drug's adult maximum per day (see DoseCheck); a combination, per component. */
export function checkDailyDose(k: Knowledge, drug: DrugEntry | undefined, productName: string, dose: string | null, frequency: ParsedFrequency | null): DoseCheck {
  if (drug && !drug.adult_max_daily_dose && drug.components?.some((id) => k.drugs.byId.get(id)?.adult_max_daily_dose)) return checkCombinationDailyDose(k, drug, productName, dose, frequency);
  const max = drug?.adult_max_daily_dose;
  const none = { dailyDoseMg: null, maxDailyDoseMg: max?.mg ?? null, doseCheckSource: max?.source ?? null };
  const perDose = dose ? mgPerDose(dose, productName, frequency) : null;
  const perDay = dosesPerDay(frequency, dose);
  // "500mg" "1x3": the times are unreadable, but the day's total (a × b units of the strength) is the same either way.
  const units = frequency?.kind === "unparseable" ? frequency.unitsPerDay : undefined;
  const amount = dose ? AMOUNT.exec(dose.trim()) : null;
  const shorthand = units !== undefined && perDose !== null && amount !== null && MG_PER[UNIT_ALIASES[amount[3].toLowerCase()] ?? amount[3].toLowerCase()] !== undefined;
  if (drug?.adult_max_weekly_dose && !max) return checkWeeklyDose(drug, productName, perDose, perDay, frequency);
  if (frequency?.kind === "scheduled" && frequency.doseAtTimes) return checkTimedDoses(drug, productName, dose, frequency.doseAtTimes);
  if (!drug || !max) {
    // The day's total is still given when it can be worked out (the pharmacist compares it with the reference).
    const total = !drug || perDose === null ? null : shorthand ? round(perDose * units!) : perDay && !perDay.open ? round(perDose * perDay.count) : null;
    return { ...none, dailyDoseMg: total, doseCheck: "not_checked_no_maximum", doseCheckNote: drug ? `No sourced adult maximum daily dose for ${drug.name} in the knowledge base: the dose was not checked against a maximum` : null };
  }
  if (shorthand && units && perDose !== null) {
    const total = round(perDose * units);
    const how = `${grams(perDose)} × ${units} a day (the "a x b" shorthand: ${units} units a day whichever way it is read; when to give them is not read) = ${grams(total)}`;
    if (total > max.mg) return { ...none, dailyDoseMg: total, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${how}, above the adult maximum of ${grams(max.mg)} a day (${max.source})` };
    return { ...none, dailyDoseMg: total, doseCheck: "within_adult_maximum", doseCheckNote: `Within the adult maximum of ${grams(max.mg)} a day: ${how}; the frequency itself must be confirmed (the adult maximum; a child's dose is checked by weight: weightDoseCheck)` };
  }
  if (perDose === null || perDay === null) {
    const why = perDose === null ? `the dose "${dose ?? ""}" does not give an amount in mg (a strength, e.g. 500 mg, or a tablet strength in the name)` : "the frequency could not be read";
    return { ...none, doseCheck: "not_checked_unreadable", doseCheckNote: `${productName}: the day's total could not be worked out (${why}): not checked against the adult maximum of ${grams(max.mg)} a day` };
  }
  const total = round(perDose * perDay.count);
  const worst = perDay.worstCase ? ` (${perDay.worstCase})` : "";
  if (total > max.mg) {
    const how = perDay.open ? `one as-needed dose of ${grams(perDose)}` : frequency!.kind === "stat" ? `one stat dose of ${grams(perDose)}` : `${grams(perDose)} × ${perDay.count} a day = ${grams(total)}${worst}`;
    return { ...none, dailyDoseMg: total, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${how}, above the adult maximum of ${grams(max.mg)} a day (${max.source})` };
  }
  if (perDay.open) {
    return { ...none, doseCheck: "not_checked_prn", doseCheckNote: `${productName} as needed: the day's total depends on how often it is given; an adult must not exceed ${grams(max.mg)} a day` };
  }
  return { ...none, dailyDoseMg: total, doseCheck: "within_adult_maximum", doseCheckNote: `Within the adult maximum of ${grams(max.mg)} a day${worst ? `: ${grams(perDose)} × ${perDay.count} = ${grams(total)}${worst}` : ""} (the adult maximum; a child's dose is checked by weight: weightDoseCheck)` };
}

/**
 * mg a day of a different dose at each time ("2-1-0", "500mg mane 1g nocte"; session 20): the sum of each time's amount,
 * an amount with no unit being that many of the prescribed unit (the dose in mg, or one tablet of the strength in the
 * name). Null when any time's amount cannot be put in mg (insulin units, mL without a concentration).
 */
export function timedDailyMg(dose: string | null, productName: string, doses: { amount: number; unit: string | null }[]): number | null {
  const m = dose ? AMOUNT.exec(dose.trim()) : null;
  const inMg = m !== null && MG_PER[UNIT_ALIASES[m[3].toLowerCase()] ?? m[3].toLowerCase()] !== undefined;
  const oneUnit = inMg ? doseInMg(dose!, productName) : doseInMg("1 tab", productName);
  let total = 0;
  for (const d of doses) {
    const mg = d.unit === null ? (oneUnit === null ? null : d.amount * oneUnit) : doseInMg(`${d.amount} ${d.unit}`, productName);
    if (mg === null) return null;
    total += mg;
  }
  return round(total);
}

/** A different dose at each time, the day's total (their sum) against the adult maximum. */
function checkTimedDoses(drug: DrugEntry | undefined, productName: string, dose: string | null, doses: { time: string; amount: number; unit: string | null }[]): DoseCheck {
  const max = drug?.adult_max_daily_dose;
  const none = { maxDailyDoseMg: max?.mg ?? null, doseCheckSource: max?.source ?? null };
  const total = drug ? timedDailyMg(dose, productName, doses) : null;
  const written = doses.map((d) => `${d.amount}${d.unit ? ` ${d.unit}` : ""} at ${d.time}`).join(", ");
  if (!drug || !max) return { ...none, dailyDoseMg: total, doseCheck: "not_checked_no_maximum", doseCheckNote: drug ? `No sourced adult maximum daily dose for ${drug.name} in the knowledge base: the dose was not checked against a maximum` : null };
  if (total === null) return { ...none, dailyDoseMg: null, doseCheck: "not_checked_unreadable", doseCheckNote: `${productName}: a different dose at each time (${written}), not all in mg: not checked against the adult maximum of ${grams(max.mg)} a day` };
  const how = `a different dose at each time (${written}): ${grams(total)} a day`;
  if (total > max.mg) return { ...none, dailyDoseMg: total, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${how}, above the adult maximum of ${grams(max.mg)} a day (${max.source})` };
  return { ...none, dailyDoseMg: total, doseCheck: "within_adult_maximum", doseCheckNote: `Within the adult maximum of ${grams(max.mg)} a day: ${how} (the adult maximum; a child's dose is checked by weight: weightDoseCheck)` };
}

/**
 * A drug taken once a week (`adult_max_weekly_dose`) written with a daily frequency: the week's total is
 * the day's × 7, above the weekly maximum or not, and a repeating daily frequency is itself the error
 * (MHRA: fatal daily-dosing errors with once-weekly methotrexate). A stat or as-needed dose is one dose
 * of the week. Written once a week ("once weekly", "kila wiki"), the week's total is the dose × doses on its day.
 */
function checkWeeklyDose(drug: DrugEntry, productName: string, perDose: number | null, perDay: ReturnType<typeof dosesPerDay>, frequency: ParsedFrequency | null): DoseCheck {
  const max = drug.adult_max_weekly_dose!;
  const none = { maxDailyDoseMg: null, doseCheckSource: max.source };
  if (perDose === null || perDay === null) {
    return { ...none, dailyDoseMg: null, doseCheck: "not_checked_unreadable", doseCheckNote: `${productName}: the dose could not be worked out: not checked against the maximum of ${grams(max.mg)} a week (${drug.name} is taken once a week)` };
  }
  if (frequency?.kind !== "scheduled") {
    const above = perDose > max.mg;
    return { ...none, dailyDoseMg: perDose, doseCheck: above ? "above_adult_maximum" : "within_adult_maximum", doseCheckNote: `${productName}: one dose of ${grams(perDose)}, ${above ? "above" : "within"} the maximum of ${grams(max.mg)} a week (${drug.name} is taken once a week; ${max.source})` };
  }
  const day = round(perDose * perDay.count);
  if (perDay.everyDays) return weeklyTotal(drug, productName, day, perDay.everyDays);
  const week = round(day * 7);
  const against = week > max.mg ? `above the maximum of ${grams(max.mg)} a week` : `within ${grams(max.mg)} a week, but a daily frequency for a once-weekly drug is the error to rule out`;
  return { ...none, dailyDoseMg: day, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${drug.name} is taken ONCE A WEEK; written ${frequency.pattern.replace(/_/g, " ")}: ${grams(day)} a day = ${grams(week)} a week, ${against} (${max.source})` };
}

/** A drug taken once a week written as such: the week's total (the day's doses, once in `everyDays` days) against its weekly maximum. */
function weeklyTotal(drug: DrugEntry, productName: string, day: number, everyDays: number): DoseCheck {
  const max = drug.adult_max_weekly_dose!;
  const week = round((day * 7) / everyDays);
  const above = week > max.mg;
  const note = `${productName}: ${grams(week)} a week, ${above ? "above" : "within"} the maximum of ${grams(max.mg)} a week (${drug.name} is taken once a week; ${max.source})`;
  return { maxDailyDoseMg: null, doseCheckSource: max.source, dailyDoseMg: day, doseCheck: above ? "above_adult_maximum" : "within_adult_maximum", doseCheckNote: note };
}

/** A combination product per component with a maximum: the worst component decides (above, then unreadable). */
function checkCombinationDailyDose(k: Knowledge, drug: DrugEntry, productName: string, dose: string | null, frequency: ParsedFrequency | null): DoseCheck {
  const perDay = dosesPerDay(frequency, dose);
  const parts = componentDosesMg(k, drug, productName, dose).map(({ component, mg }) => {
    const max = component.adult_max_daily_dose!;
    const total = mg === null || perDay === null ? null : round(mg * perDay.count);
    return { component, max, mg, total, above: total !== null && total > max.mg };
  });
  const source = parts.map((p) => `${p.component.name}: ${p.max.source}`).join("; ");
  const worst = perDay?.worstCase ? ` (${perDay.worstCase})` : "";
  const above = parts.filter((p) => p.above).sort((a, b) => b.total! / b.max.mg - a.total! / a.max.mg);
  if (above.length) {
    const p = above[0];
    const how = perDay!.open ? `one as-needed dose holds ${grams(p.mg!)} of ${p.component.name}` : `${p.component.name} ${grams(p.mg!)} × ${perDay!.count} a day = ${grams(p.total!)}${worst}`;
    return { dailyDoseMg: p.total, maxDailyDoseMg: p.max.mg, doseCheckSource: source, doseCheck: "above_adult_maximum", doseCheckNote: `${productName}: ${how}, above the adult maximum of ${grams(p.max.mg)} of ${p.component.name} a day (${p.max.source})` };
  }
  const unknown = parts.filter((p) => p.total === null);
  if (unknown.length) {
    const why = perDay === null ? "the frequency could not be read" : `the amount of ${unknown.map((p) => p.component.name).join(" and ")} per dose is not known (a dose in tablets of a strength such as ${drug.unit_strengths?.[0]?.written[0] ?? "one listed in the knowledge base"})`;
    return { dailyDoseMg: null, maxDailyDoseMg: null, doseCheckSource: source, doseCheck: "not_checked_unreadable", doseCheckNote: `${productName}: the day's total could not be worked out (${why}): not checked against the adult maximum of ${unknown.map((p) => `${grams(p.max.mg)} of ${p.component.name}`).join(" and ")} a day` };
  }
  const limiting = [...parts].sort((a, b) => b.total! / b.max.mg - a.total! / a.max.mg)[0];
  if (perDay!.open) {
    return { dailyDoseMg: null, maxDailyDoseMg: limiting.max.mg, doseCheckSource: source, doseCheck: "not_checked_prn", doseCheckNote: `${productName} as needed: the day's total depends on how often it is given; an adult must not exceed ${parts.map((p) => `${grams(p.max.mg)} of ${p.component.name}`).join(" or ")} a day` };
  }
  return {
    dailyDoseMg: limiting.total,
    maxDailyDoseMg: limiting.max.mg,
    doseCheckSource: source,
    doseCheck: "within_adult_maximum",
    doseCheckNote: `Within the adult maximum: ${parts.map((p) => `${p.component.name} ${grams(p.total!)} of ${grams(p.max.mg)} a day`).join(", ")}${worst} (the adult maximum; a child's dose is checked by weight: weightDoseCheck)`,
  };
}
