import type { DrugEntry } from "../knowledge/knowledge.types.js";
import { grams, round } from "./daily-dose.js";
import { writtenInjectionRoutes } from "./injection-route.js";

/** Said of a route in a message. */
const SAID = { iv: "intravenous (IV)", im: "intramuscular (IM)", sc: "subcutaneous (SC)" } as const;

/**
 * A line given over hours rather than as one injection ("in 500 ml N/S", "infusion", "drip", "over 4 hours", "1 g/hr"):
 * its amount is not one dose by the route, so the route's single-dose maximum does not apply.
 */
const INFUSION = /infusion|\bdrip\b|\bin\s*\d+(?:\.\d+)?\s*(?:ml|mls|l|litres?|liters?)\b|\bover\s*\d+(?:\.\d+)?\s*(?:h|hr|hrs|hours?)\b|\/\s*(?:h|hr|hour)\b/i;

/**
 * One injection dose against the most one dose by that route holds (`max_single_dose_by_route`, drugs.json, sourced per
 * drug; session 22): magnesium sulfate 4 g by IV injection (WHO 2011: the IV loading dose; 10 g is the IM Pritchard total,
 * never an IV bolus). Only when exactly one injection route is written and the line is not an infusion; the message of a
 * major issue, or null.
 */
export function checkRouteSingleDose(drug: DrugEntry | undefined, name: string, dose: string | null, frequency: string | null, mg: number | null): string | null {
  const limits = drug?.max_single_dose_by_route;
  if (!limits || !dose || mg === null || INFUSION.test(`${name} ${dose} ${frequency ?? ""}`)) return null;
  const routes = writtenInjectionRoutes(name, dose, frequency);
  if (routes.length !== 1) return null;
  const limit = limits.find((l) => l.route === routes[0]);
  if (!limit || round(mg) <= limit.mg) return null;
  return `${name} ${dose}: one ${SAID[limit.route]} dose of ${grams(mg)}, above the most a single ${limit.route.toUpperCase()} dose holds, ${grams(limit.mg)} (${limit.source})`;
}
