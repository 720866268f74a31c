import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { calendarDate } from "../../../lib/calendar.js";

export const MEDICATION_SCHEDULE_ENGINE_VERSION = "medication-schedule-engine@1.0.0";

/** What a frequency text means: scheduled clock times, as needed (PRN), or not understood. */
export type ParsedFrequency =
  | { kind: "scheduled"; pattern: string; times: string[]; courseDays: number | null; instruction: string | null }
  | { kind: "prn"; condition: string | null; courseDays: number | null }
  | { kind: "unparseable"; reason: string };

const COURSE = /\s+(?:for|x)\s+(\d+)\s*(day|days|week|weeks)$/;
const INSTRUCTION = /\s+(with food|with meals|after food|after meals|before food|before meals|on an empty stomach)$/;
const EVERY_HOURS = /^(?:every|q)\s*(\d+)\s*(?:h|hr|hrs|hour|hours|hourly)$/;

/** "Twice daily for 3 days." → "twice daily for 3 days" (lower case, no full stops, single spaces). */
export function normaliseFrequency(text: string): string {
  return text.toLowerCase().replace(/\./g, "").replace(/\s+/g, " ").trim();
}

/**
 * Reads a frequency as written on a prescription ("bd", "TDS", "q8h", "every 6 hours", "nocte",
 * "once daily for 5 days", "PRN for pain"), using only the phrases in knowledge/administration-times.json.
 * Anything else is "unparseable" with a reason: a dose time is never guessed.
 */
export function parseFrequency(k: AdministrationTimes, text: string): ParsedFrequency {
  let s = normaliseFrequency(text);
  if (!s) return { kind: "unparseable", reason: "no frequency given" };
  let courseDays: number | null = null;
  const course = COURSE.exec(s);
  if (course) {
    courseDays = Number(course[1]) * (course[2].startsWith("week") ? 7 : 1);
    s = s.slice(0, course.index).trim();
  }
  let instruction: string | null = null;
  const food = INSTRUCTION.exec(s);
  if (food) {
    instruction = food[1];
    s = s.slice(0, food.index).trim();
  }
  if (k.prn_phrases.includes(s)) return { kind: "prn", condition: null, courseDays };
  const prefix = k.prn_prefixes.find((p) => s.startsWith(p));
  if (prefix) return { kind: "prn", condition: prefix.startsWith("after each") ? s : s.slice(prefix.length).trim() || null, courseDays };
  for (const f of k.frequencies) {
    if (f.phrases.includes(s)) return { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction };
  }
  const every = EVERY_HOURS.exec(s);
  if (every) {
    const times = k.every_hours[String(Number(every[1]))];
    if (times) return { kind: "scheduled", pattern: `every_${Number(every[1])}_hours`, times, courseDays, instruction };
    return { kind: "unparseable", reason: `every ${every[1]} hours has no standard administration times (known: every ${Object.keys(k.every_hours).join(", ")} hours)` };
  }
  return { kind: "unparseable", reason: `"${text.trim()}" is not a frequency we can read (e.g. once daily, bd, tds, qid, q8h, every 6 hours, nocte, PRN)` };
}

export interface ScheduleMedication {
  name: string;
  dose: string;
  frequency: string;
  /** ISO date the course started (for "for N days" courses). */
  startDate: string | null;
}

export interface ScheduledDose {
  /** Local time (HH:MM) and the instant with the zone's offset, e.g. 2026-11-23T08:00:00+03:00. */
  time: string;
  at: string;
  medication: string;
  dose: string;
  frequency: string;
  instruction: string | null;
}

export interface MedicationSchedule {
  date: string;
  timezone: string;
  doses: ScheduledDose[];
  prn: { medication: string; dose: string; frequency: string; condition: string | null }[];
  unparseable: { medication: string; dose: string; frequency: string; reason: string }[];
  /** Courses with a length ("for 5 days") that ended before the date. */
  completedCourses: { medication: string; frequency: string; lastDay: string }[];
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day's administration times (in the knowledge's time zone), PRN medicines apart, unreadable frequencies reported. */
export function buildMedicationSchedule(k: AdministrationTimes, meds: ScheduleMedication[], date: string): MedicationSchedule {
  const schedule: MedicationSchedule = { date, timezone: k.timezone, doses: [], prn: [], unparseable: [], completedCourses: [] };
  for (const m of meds) {
    const parsed = parseFrequency(k, m.frequency);
    if (parsed.kind === "unparseable") {
      schedule.unparseable.push({ medication: m.name, dose: m.dose, frequency: m.frequency, reason: parsed.reason });
      continue;
    }
    if (parsed.courseDays !== null && m.startDate) {
      const lastDay = addDays(m.startDate, parsed.courseDays - 1);
      if (lastDay < date) {
        schedule.completedCourses.push({ medication: m.name, frequency: m.frequency, lastDay });
        continue;
      }
    }
    if (parsed.kind === "prn") {
      schedule.prn.push({ medication: m.name, dose: m.dose, frequency: m.frequency, condition: parsed.condition });
      continue;
    }
    for (const time of parsed.times) {
      schedule.doses.push({ time, at: `${date}T${time}:00${k.utc_offset}`, medication: m.name, dose: m.dose, frequency: m.frequency, instruction: parsed.instruction });
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
