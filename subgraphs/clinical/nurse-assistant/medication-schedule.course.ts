import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { normaliseFrequency, type ParsedFrequency } from "./medication-schedule.frequency.js";

/**
 * Course lengths and courses in steps (tapers) as the frequency parser reads them, and the dates they give.
 * Split from medication-schedule.engine.ts (session 18, no behaviour change).
 */

/**
 * One step of a course written in steps ("40mg od x5/7 then reduce by 10mg every 5 days", "6 tabs mane x1/52
 * then 4 tabs x1/52 then stop"): `days` long, giving `dose` (null: the dose as written, the first step).
 */
export interface CourseStep {
  days: number;
  dose: string | null;
  /** The step's own times ("then od x 3/7" after "bd x 2/7"); absent, the first step's. */
  times?: string[];
}

/** Swahili numbers one to ten (TUKI English-Swahili Dictionary), as course lengths are written ("kwa siku tano"). */
const SWAHILI_NUMBERS: Record<string, number> = { moja: 1, mbili: 2, tatu: 3, nne: 4, tano: 5, sita: 6, saba: 7, nane: 8, tisa: 9, kumi: 10 };
const COURSE_N = `(\\d+|${Object.keys(SWAHILI_NUMBERS).join("|")})`;
/**
 * A course length at the end: "for 5 days", "x 2 weeks", "x3d", "x 2 wks", "for 2 months", the British
 * shorthand "x 5/7" (days), "x 2/52" (weeks), "x 2/12" (months), and Swahili "kwa siku 5" / "siku tano"
 * (days), "kwa wiki 2" (weeks), "kwa mwezi 1" / "miezi 2" (months) (TUKI dictionary).
 */
const COURSE = new RegExp(
  `\\s+(?:(?:for|x)\\s*${COURSE_N}\\s*(?:(days?|d|weeks?|wks?|w|months?|mo)|\\/\\s*(7|52|12))|(?:kwa\\s+)?(siku|wiki|mwezi|miezi)\\s+${COURSE_N})$`,
);
const SWAHILI_UNITS: Record<string, string> = { siku: "d", wiki: "w", mwezi: "mo", miezi: "mo" };

/** A course in hours ("x 24 hrs", "for 48 hours") or in doses ("x 4 doses", "for 3 doses") at the end (session 18). */
const COURSE_HOURS = /\s+(?:for|x)\s*(\d+)\s*(?:h|hrs?|hours?)$/;
const COURSE_DOSES = /\s+(?:for|x)\s*(\d+)\s*doses?$/;

/**
 * A course length at the end of a (normalised) text, in days or calendar months, and the text before it. Hours count
 * as days only in whole days (24 hours is one day; 36 hours is not read); doses are returned as `doses`, for the
 * caller to turn into days by the doses a day.
 */
export function splitCourse(s: string): { days: number | null; months?: number; doses?: number; rest: string } {
  const hours = COURSE_HOURS.exec(s);
  if (hours && Number(hours[1]) > 0 && Number(hours[1]) % 24 === 0) return { days: Number(hours[1]) / 24, rest: s.slice(0, hours.index).trim() };
  const doses = COURSE_DOSES.exec(s);
  if (doses && Number(doses[1]) > 0) return { days: null, doses: Number(doses[1]), rest: s.slice(0, doses.index).trim() };
  const course = COURSE.exec(s);
  if (!course) return { days: null, rest: s };
  const [n, unit] = course[1] !== undefined ? [course[1], course[2] ?? `/${course[3]}`] : [course[5], SWAHILI_UNITS[course[4]]];
  const count = SWAHILI_NUMBERS[n] ?? Number(n);
  const rest = s.slice(0, course.index).trim();
  if (/^mo/.test(unit) || unit === "/12") return { days: null, months: count, rest };
  return { days: count * (/^w/.test(unit) || unit === "/52" ? 7 : 1), rest };
}

/**
 * "reduce by 10mg every 5 days": a taper step down by an amount, every so many days or weeks; "to stop", "until
 * off", "to zero" after it says what the step down already means (down until none is left).
 */
const REDUCE_BY = /^(?:reduce|reducing|decrease|decreasing|taper|tapering|wean)\s+(?:by\s+)?(\d+(?:\.\d+)?)\s*(mg|tabs?|tablets?)\s+(?:every|each)\s+(\d+)\s*(?:(days?|d|weeks?|wks?|w)|\/\s*(7|52))(?:\s+(?:to|until|till|untill)\s+(?:stop|stopped|off|zero|nil|none|discontinued))?$/;
const STOP = /^(?:stop|off|discontinue|then stop)$/;

/**
 * A course written in steps, "then" between them: the first step gives the times (and its own course
 * length), each later one a dose and a length ("then 4 tabs x1/52", "then 20mg od x 5/7"), or a step down
 * by an amount every so many days until none is left ("then reduce by 10mg every 5 days", from the dose
 * written); "then stop" ends it. The course is the steps' total; a step without a length leaves it unknown
 * (never guessed). Null when the text has no "then".
 */
/** `parse` reads one step's frequency (parseFrequency, passed in to keep the modules acyclic). */
export type ReadFrequency = (k: AdministrationTimes, text: string, dose?: string | null) => ParsedFrequency;

export function parseSteps(k: AdministrationTimes, text: string, dose: string | null, parse: ReadFrequency): ParsedFrequency | null {
  const parts = normaliseFrequency(text).split(/\s*,?\s*\bthen\b\s*/).filter(Boolean);
  if (parts.length < 2) return null;
  const first = parse(k, parts[0], dose);
  if (first.kind !== "scheduled") return null;
  const steps: CourseStep[] | null = first.courseDays ? [{ days: first.courseDays, dose: null }] : null;
  for (const part of parts.slice(1)) {
    if (!steps || STOP.test(part)) break;
    const more = laterSteps(k, part, dose, parse);
    if (!more) return { ...first, courseDays: null };
    steps.push(...more);
  }
  if (!steps) return { ...first, courseDays: null };
  return { ...first, courseDays: steps.reduce((n, x) => n + x.days, 0), steps };
}

/** The steps one "then …" part adds (see parseSteps), or null when its length or its times cannot be read. */
function laterSteps(k: AdministrationTimes, part: string, dose: string | null, parse: ReadFrequency): CourseStep[] | null {
  const reduce = REDUCE_BY.exec(part);
  if (reduce) {
    const start = dose ? /^(\d+(?:\.\d+)?)\s*(mg|tabs?|tablets?)\b/i.exec(dose.trim()) : null;
    const sameUnit = start && start[2].toLowerCase().startsWith("mg") === reduce[2].startsWith("mg");
    if (!start || !sameUnit) return null;
    const by = Number(reduce[1]);
    const every = Number(reduce[3]) * (/^w/.test(reduce[4] ?? "") || reduce[5] === "52" ? 7 : 1);
    const steps: CourseStep[] = [];
    for (let amount = Number(start[1]) - by; amount > 0; amount -= by) steps.push({ days: every, dose: `${Math.round(amount * 1000) / 1000} ${start[2]}` });
    return steps;
  }
  const { days, rest } = splitCourse(part);
  if (days === null) return null;
  // "4 tabs x1/52", "20mg od x5/7", "od x 3/7": the step's dose comes before its times; no times, the first step's.
  const stepDose = /^(\d+(?:\.\d+)?\s*(?:mg|g|mcg|micrograms?|milligrams?|ml|tabs?|tablets?|caps?|capsules?|puffs?|units?|iu)\b)/.exec(rest)?.[1] ?? null;
  const timing = rest.slice(stepDose?.length ?? 0).trim();
  if (!timing) return [{ days, dose: stepDose }];
  const own = parse(k, timing);
  return own.kind === "scheduled" ? [{ days, dose: stepDose, times: own.times }] : null;
}

export const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day of the month `months` later (the month's last day when it has no such day: 31 Jan + 1 month is 28/29 Feb). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The last day of a course started on `start` ("x 5/7": 5 days; "x 2/12": up to the day before the same date 2 months on), or null. */
export function courseLastDay(parsed: { courseDays: number | null; courseMonths?: number }, start: string): string | null {
  if (parsed.courseDays !== null) return addDays(start, parsed.courseDays - 1);
  return parsed.courseMonths ? addDays(addMonths(start, parsed.courseMonths), -1) : null;
}

/** The step of a stepped course (a taper) a date falls in, or null (no steps, no start, or after them). */
export function stepOn(parsed: { steps?: CourseStep[] }, start: string | null, date: string): CourseStep | null {
  if (!parsed.steps || !start) return null;
  let from = 0;
  for (const step of parsed.steps) {
    if (date <= addDays(start, from + step.days - 1)) return step;
    from += step.days;
  }
  return null;
}
