import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";

/**
 * A drug given only once a day (drugs.json `once_daily_only`, sourced per drug: azithromycin, amlodipine) written with
 * more than one dose a day ("Azithromycin 500mg tds"): ISMP lists a once-daily drug charted at another frequency among
 * the wrong-frequency errors; each extra dose is above the once-daily dose. Null when nothing can be said (no such
 * drug, a frequency that is not scheduled, one dose a day or less); else the message of a major issue.
 */
export function checkOnceDaily(drug: DrugEntry | undefined, productName: string, frequency: ParsedFrequency | null): string | null {
  const once = drug?.once_daily_only;
  if (!drug || !once || frequency?.kind !== "scheduled" || frequency.everyDays || frequency.times.length <= 1) return null;
  const count = frequency.times.length;
  return `${productName}: ${drug.name} is given ONCE a day; written ${frequency.pattern.replace(/_/g, " ")} (${count} doses a day), ${count} times the once-daily dose, above it: confirm the frequency (${once.source})`;
}
