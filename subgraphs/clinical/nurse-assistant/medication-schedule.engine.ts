import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { calendarDate } from "../../../lib/calendar.js";
import { courseLastDay, stepOn } from "./medication-schedule.course.js";
import { normaliseFrequency, parseFrequency } from "./medication-schedule.frequency.js";
import { dueOn } from "./weekly-frequency.js";

export const MEDICATION_SCHEDULE_ENGINE_VERSION = "medication-schedule-engine@1.9.0";
export type { CourseStep } from "./medication-schedule.course.js";
export { everyHours, normaliseFrequency, parseFrequency, type ParsedFrequency } from "./medication-schedule.frequency.js";

export interface ScheduleMedication {
  name: string;
  dose: string;
  frequency: string;
  /** ISO date the course started (for "for N days" courses). */
  startDate: string | null;
  /** Active ingredients, when the drug knowledge base identifies the medicine (for the duplicate check). */
  ingredients?: string[] | null;
}

export interface ScheduledDose {
  /** Local time (HH:MM) and the instant with the zone's offset, e.g. 2026-11-23T08:00:00+03:00. */
  time: string;
  at: string;
  medication: string;
  dose: string;
  frequency: string;
  instruction: string | null;
  /** Set when another active medication has the same ingredient: confirm before giving. */
  alert: string | null;
}

export interface MedicationSchedule {
  date: string;
  timezone: string;
  doses: ScheduledDose[];
  prn: { medication: string; dose: string; frequency: string; condition: string | null }[];
  unparseable: { medication: string; dose: string; frequency: string; reason: string }[];
  /** Courses with a length ("for 5 days") that ended before the date. */
  completedCourses: { medication: string; frequency: string; lastDay: string }[];
  /** Active medications that share an ingredient: never silently given twice. */
  duplicates: ScheduleDuplicate[];
  warnings: string[];
}

export interface ScheduleDuplicate {
  /** The records, as "name dose frequency". */
  medications: string[];
  ingredients: string[];
  /** True when the records were identical (same name, dose and frequency) and are scheduled once. */
  scheduledOnce: boolean;
}

const describeMed = (m: ScheduleMedication) => `${m.name} ${m.dose} ${m.frequency}`;
const sameRecord = (a: ScheduleMedication, b: ScheduleMedication) =>
  a.name.trim().toLowerCase() === b.name.trim().toLowerCase() && a.dose.trim().toLowerCase() === b.dose.trim().toLowerCase() && normaliseFrequency(a.frequency) === normaliseFrequency(b.frequency);

/**
 * Groups the medications that share an active ingredient (the same drug recorded twice, or two
 * products with one ingredient in common). A medicine the knowledge base does not identify is compared
 * by its name as written.
 */
function findDuplicates(meds: ScheduleMedication[]): { groups: number[][]; shared: string[][] } {
  const keys = meds.map((m) => new Set(m.ingredients?.length ? m.ingredients : [m.name.trim().toLowerCase()]));
  const groupOf = meds.map((_, i) => i);
  const find = (i: number): number => (groupOf[i] === i ? i : (groupOf[i] = find(groupOf[i])));
  for (let i = 0; i < meds.length; i++) for (let j = i + 1; j < meds.length; j++) if ([...keys[i]].some((x) => keys[j].has(x))) groupOf[find(j)] = find(i);
  const byRoot = new Map<number, number[]>();
  meds.forEach((_, i) => byRoot.set(find(i), [...(byRoot.get(find(i)) ?? []), i]));
  const groups = [...byRoot.values()].filter((g) => g.length > 1);
  return { groups, shared: groups.map((g) => [...keys[g[0]]].filter((x) => g.every((i) => keys[i].has(x)))) };
}


/** The day's administration times (in the knowledge's time zone), PRN medicines apart, unreadable frequencies reported. */
export function buildMedicationSchedule(k: AdministrationTimes, meds: ScheduleMedication[], date: string): MedicationSchedule {
  const schedule: MedicationSchedule = { date, timezone: k.timezone, doses: [], prn: [], unparseable: [], completedCourses: [], duplicates: [], warnings: [] };
  // The same ingredient twice: identical records are scheduled once, different ones both, each dose
  // flagged; either way a warning (before, furosemide recorded twice gave two 08:00 doses, silently).
  const alerts = new Map<number, string>();
  const skip = new Set<number>();
  const { groups, shared } = findDuplicates(meds);
  groups.forEach((g, n) => {
    const identical = g.every((i) => sameRecord(meds[i], meds[g[0]]));
    const names = g.map((i) => describeMed(meds[i]));
    const what = shared[n].join(", ") || meds[g[0]].name;
    schedule.duplicates.push({ medications: names, ingredients: shared[n], scheduledOnce: identical });
    if (identical) {
      g.slice(1).forEach((i) => skip.add(i));
      schedule.warnings.push(`${names[0]} is recorded ${g.length} times as an active medication: scheduled once; confirm and correct the record`);
    } else {
      schedule.warnings.push(`Duplicate active medications with ${what}: ${names.join("; ")}. Both are listed; confirm which is meant before giving either (never both without a prescriber's confirmation)`);
    }
    for (const i of g) alerts.set(i, identical ? `Recorded ${g.length} times: given once` : `Same ingredient (${what}) as ${names.filter((_, j) => g[j] !== i).join("; ")}: confirm before giving`);
  });
  for (const [index, m] of meds.entries()) {
    if (skip.has(index)) continue;
    const parsed = parseFrequency(k, m.frequency, m.dose);
    if (parsed.kind === "unparseable") {
      schedule.unparseable.push({ medication: m.name, dose: m.dose, frequency: m.frequency, reason: parsed.reason });
      continue;
    }
    const lastDay = parsed.kind === "stat" || !m.startDate ? null : courseLastDay(parsed, m.startDate);
    if (lastDay !== null) {
      if (lastDay < date) {
        schedule.completedCourses.push({ medication: m.name, frequency: m.frequency, lastDay });
        continue;
      }
    }
    if (parsed.kind === "stat") {
      // A stat dose is given once, at once, on the day it was prescribed; on a later day it is done.
      if (!m.startDate || m.startDate === date) schedule.prn.push({ medication: m.name, dose: m.dose, frequency: m.frequency, condition: "stat: one dose, at once (not a daily time)" });
      else schedule.completedCourses.push({ medication: m.name, frequency: m.frequency, lastDay: m.startDate });
      continue;
    }
    if (parsed.kind === "prn") {
      schedule.prn.push({ medication: m.name, dose: m.dose, frequency: m.frequency, condition: parsed.condition });
      continue;
    }
    // Once a week (or one day in N): on the weekday written, else the start date's, every N days; neither, no known day.
    if (parsed.everyDays) {
      const due = dueOn({ everyDays: parsed.everyDays, weekday: parsed.weekday }, m.startDate, date);
      if (due === null) schedule.unparseable.push({ medication: m.name, dose: m.dose, frequency: m.frequency, reason: `given once every ${parsed.everyDays} days, and neither a weekday nor a start date says on which day: write the day ("weekly on Mondays") or record the start date` });
      if (!due) continue;
    }
    // A taper gives each day its step's dose and times.
    const step = stepOn(parsed, m.startDate, date);
    const dose = step?.dose ?? m.dose;
    // A loading schedule ("at 0, 12, 24 h then daily"): the first day's times on the start day, one a day after it.
    const laterDay = parsed.thereafter && m.startDate && date > m.startDate ? parsed.thereafter.times : null;
    for (const time of step?.times ?? laterDay ?? parsed.times) {
      // A different dose at each time ("2-1-0", "10U mane 6U nocte"): that time's amount (session 20).
      const at = !step && !laterDay ? parsed.doseAtTimes?.find((d) => d.time === time) : undefined;
      const given = at ? (at.unit ? `${at.amount} ${at.unit === "u" ? "units" : at.unit}` : `${at.amount} × ${m.frequency.trim() && m.dose.trim() ? m.dose.trim() : "unit"}`) : dose;
      schedule.doses.push({ time, at: `${date}T${time}:00${k.utc_offset}`, medication: m.name, dose: given, frequency: m.frequency, instruction: parsed.instruction, alert: alerts.get(index) ?? null });
    }
  }
  schedule.doses.sort((a, b) => a.time.localeCompare(b.time) || a.medication.localeCompare(b.medication));
  return schedule;
}

/** Today's date in the schedule's time zone (Africa/Kampala is UTC+03:00 all year). */
export function todayIn(timezone: string, now = new Date()): string {
  return calendarDate(now, timezone);
}

export { isCalendarDate } from "../../../lib/calendar.js";
