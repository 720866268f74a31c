import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { doseInMg, round, unitsInDose, writtenStrength } from "./daily-dose.js";

/**
 * A dose against the dose for the patient's weight where the knowledge gives one (drugs.json, sourced per
 * drug): tablets a dose by weight band (`weight_band_doses`: artemether-lumefantrine, RHZE, RHZ,
 * dihydroartemisinin-piperaquine), the least mg per kg a dose (`min_dose_per_kg`: artesunate) and the most
 * (`max_dose_per_kg`: artesunate, session 20). Weight
 * bands are how WHO doses these medicines for adults and children alike, so the check needs the weight,
 * not an age. Null when nothing can be said (no weight, no band data, a dose in other units, a strength
 * that is not a multiple of the band's); else the message of a major issue: the dose is below or above it.
 */
export function checkWeightBandDose(drug: DrugEntry | undefined, productName: string, dose: string | null, weightKg: number | null | undefined, dosesADay: number | null = null): string | null {
  if (!drug || !dose || !weightKg) return null;
  return tabletsForBand(drug, productName, dose, weightKg, dosesADay) ?? leastPerKg(drug, productName, dose, weightKg) ?? mostPerKg(drug, productName, dose, weightKg);
}

const inBand = (b: { min_kg: number; max_kg: number | null }, kg: number) => kg >= b.min_kg && (b.max_kg === null || kg < b.max_kg);
const kgRange = (b: { min_kg: number; max_kg: number | null }) => (b.max_kg === null ? `${b.min_kg} kg or more` : `${b.min_kg} to under ${b.max_kg} kg`);

/**
 * Tablets of the band's strength in the dose: the count as written, times how many band-strength tablets
 * one written tablet holds ("80/480" is 4 of "20/120"); no strength written, the band's. Null when the
 * written strength is not a whole multiple of the band's in every component.
 */
function bandUnits(unitStrength: string, productName: string, units: number): number | null {
  const written = writtenStrength(productName).split("/").filter(Boolean).map(Number);
  const band = unitStrength.split("/").map(Number);
  if (written.length === 0) return units;
  if (written.length !== band.length) return null;
  const ratios = written.map((x, i) => x / band[i]);
  return ratios.every((r) => Math.abs(r - ratios[0]) < 1e-9) ? round(units * ratios[0]) : null;
}

/**
 * Tablets a dose against the band's; with `per_day` bands (a day's tablets, once daily or divided: paediatric ABC/3TC),
 * the dose × the scheduled doses a day, not checked when the doses a day are not known (as needed, stat, unread).
 */
function tabletsForBand(drug: DrugEntry, productName: string, dose: string, kg: number, dosesADay: number | null): string | null {
  const bands = drug.weight_band_doses;
  const units = unitsInDose(dose);
  const band = bands?.bands.find((b) => inBand(b, kg));
  if (!bands || units === null || !band || (bands.per_day && !dosesADay)) return null;
  const perDose = bandUnits(bands.unit_strength, productName, units);
  const given = perDose === null ? null : bands.per_day ? round(perDose * dosesADay!) : perDose;
  if (given === null || given === band.units) return null;
  const strength = `${bands.unit_strength} tablets`;
  const side = given < band.units ? "below" : "above";
  const per = bands.per_day ? "a day" : "a dose";
  const how = bands.per_day ? ` (${perDose} × ${dosesADay} a day)` : "";
  return `${productName} ${dose}: ${given} ${strength} ${per}${how} for ${kg} kg, ${side} the dose for the weight band ${kgRange(band)} of ${band.units} ${strength} ${per} (${bands.source})`;
}

function leastPerKg(drug: DrugEntry, productName: string, dose: string, kg: number): string | null {
  const band = drug.min_dose_per_kg?.find((b) => inBand(b, kg));
  const mg = band ? doseInMg(dose, productName) : null;
  if (!band || mg === null) return null;
  const least = round(band.mg_per_kg * kg);
  if (round(mg) >= least) return null;
  return `${productName} ${dose}: ${round(mg)} mg = ${round(mg / kg)} mg/kg for ${kg} kg, below the least dose of ${band.mg_per_kg} mg/kg (${least} mg) for ${kgRange(band)} (${band.source})`;
}

/** A dose above the most mg per kg for the weight band (`max_dose_per_kg`: artesunate 240 mg for 10 kg). */
function mostPerKg(drug: DrugEntry, productName: string, dose: string, kg: number): string | null {
  const band = drug.max_dose_per_kg?.find((b) => inBand(b, kg));
  const mg = band ? doseInMg(dose, productName) : null;
  if (!band || mg === null) return null;
  const most = round(band.mg_per_kg * kg);
  if (round(mg) <= most) return null;
  return `${productName} ${dose}: ${round(mg)} mg = ${round(mg / kg)} mg/kg for ${kg} kg, above the most of ${band.mg_per_kg} mg/kg a dose (${most} mg) for ${kgRange(band)} (${band.source})`;
}
