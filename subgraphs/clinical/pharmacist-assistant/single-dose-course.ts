import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";

/** Doses this many days apart or more are repeat treatments (IPTp-SP monthly), not one course given daily. */
const REPEAT_TREATMENT_DAYS = 28;

/**
 * A medicine given as one dose per treatment (drugs.json `single_dose_course`, sourced per drug: sulfadoxine-
 * pyrimethamine) written on a daily schedule ("3 tabs od x 3 days"): each day after the first repeats the whole
 * treatment. A stat dose, or one repeated a month or more apart (IPTp monthly), is not reported. Null when nothing
 * can be said; else the message of a major issue.
 */
export function checkSingleDoseCourse(drug: DrugEntry | undefined, productName: string, frequency: ParsedFrequency | null): string | null {
  const single = drug?.single_dose_course;
  if (!drug || !single || frequency?.kind !== "scheduled") return null;
  if (frequency.everyDays && frequency.everyDays >= REPEAT_TREATMENT_DAYS) return null;
  if (frequency.courseDays === 1 && frequency.times.length === 1) return null;
  const days = frequency.courseDays ? `for ${frequency.courseDays} days` : "every day";
  return `${productName}: ${drug.name} is given as a SINGLE dose per treatment; written ${frequency.pattern.replace(/_/g, " ")} ${days}, each further dose repeats the whole treatment, above the single dose: confirm (${single.source})`;
}
