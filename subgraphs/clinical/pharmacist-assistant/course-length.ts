import type { Knowledge } from "../knowledge/knowledge.js";
import type { DrugEntry } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "../nurse-assistant/medication-schedule.engine.js";

/** A systemic antibacterial: a class of ATC group J01 (WHO ATC/DDD Index: antibacterials for systemic use). */
export function isSystemicAntibacterial(k: Knowledge, drug: DrugEntry): boolean {
  return drug.classes.some((c) => (k.drugs.classes.get(c)?.atc ?? "").startsWith("J01"));
}

/**
 * A systemic antibacterial given on a repeating schedule with no course length ("Ciprofloxacin 500mg bd"): the
 * course must be written (how long to dispense and give; WHO AWaRe antibiotic book 2022 gives a duration for every
 * treatment). A stat or as-needed dose, a course in days, weeks, months or steps, or an open end written ("till
 * delivery") is not reported. Long-term prophylaxis (co-trimoxazole preventive therapy) is named in the message.
 */
export function missingCourseLength(k: Knowledge, drug: DrugEntry | undefined, name: string, parsed: ParsedFrequency | null): string | null {
  if (!drug || parsed?.kind !== "scheduled" || !isSystemicAntibacterial(k, drug)) return null;
  if (parsed.courseDays !== null || parsed.courseMonths || parsed.steps || parsed.openEnded) return null;
  return `${name}: no course length (duration) given for ${drug.name}, an antibacterial: write how many days (e.g. x 5/7), or that it is long-term prophylaxis (e.g. co-trimoxazole preventive therapy)`;
}
