import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { calendarDate } from "../../../lib/calendar.js";
import { dueOn, everyDaysOf, weekdayIn } from "./weekly-frequency.js";

export const MEDICATION_SCHEDULE_ENGINE_VERSION = "medication-schedule-engine@1.5.0";

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

/**
 * What a frequency text means: scheduled clock times, as needed (PRN), or not understood. `courseMonths`:
 * a course written in months ("x 2/12", "for 2 months"), counted in calendar months from the start.
 */
export type ParsedFrequency =
  /**
   * `unitsPerDose`: a count written before the frequency ("1 bd", "2 tabs tds", "i bd"): tablets (or other units) a dose.
   * `steps`: a course written in steps (a taper), `courseDays` their total.
   * `everyDays`: given on one day in so many ("once weekly": 7), at `times` on that day; absent, every day.
   * `weekday`: the day of the week written ("weekly on Mondays", "kila Jumapili"), 0 Sunday to 6 Saturday.
   */
  | { kind: "scheduled"; pattern: string; times: string[]; courseDays: number | null; courseMonths?: number; instruction: string | null; unitsPerDose?: number; steps?: CourseStep[]; everyDays?: number; weekday?: number }
  /**
   * As needed. `interval` when the text gives the hours between doses ("q6h prn", "4-6 hourly": the
   * nurse chooses when, within the range): at most one dose every `minHours`.
   */
  | { kind: "prn"; condition: string | null; courseDays: number | null; courseMonths?: number; interval?: { minHours: number; maxHours: number }; unitsPerDose?: number }
  /** One dose at once ("stat"): given on the day it was prescribed, never a daily time. */
  | { kind: "stat"; courseDays: null }
  /**
   * `unitsPerDay`: "1x3", "2 x 2": the units a day (a × b), the same whichever way the shorthand is read,
   * though when to give them is not (the prescription's day's total can be checked; the times cannot).
   */
  | { kind: "unparseable"; reason: string; unitsPerDay?: number };

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
/** Roman numerals as prescribers count tablets ("i bd", "ii tds"); "iv" is the route, never four. */
const ROMAN_COUNTS: Record<string, number> = { i: 1, ii: 2, iii: 3 };
/** A count of units before the frequency: "1 bd", "2 tds", "1 tab od", "2 puffs bd", "i bd" (the dose's units, not the times a day). */
const UNITS_BEFORE = /^(\d+(?:\.\d+)?|iii|ii|i)\s*(?:tabs?|tablets?|caps?|capsules?|puffs?|drops?)?\s+(?=[a-z])(.+)$/;
const countOf = (n: string) => ROMAN_COUNTS[n] ?? Number(n);
/**
 * A food instruction anywhere in the text ("tds with meals", "tds pc prn"), with the BNF Latin abbreviations
 * a.c. (ante cibum, before food) and p.c. (post cibum, after food).
 */
const INSTRUCTION = /(?:^|\s)(with food|with meals|after food|after meals|before food|before meals|on an empty stomach|ac|pc)(?=\s|$)/;
const LATIN_INSTRUCTIONS: Record<string, string> = { ac: "before food", pc: "after food" };
/** A route written with the frequency ("IV bd", "tds po", "s/c od"): the route, not a time; taken off before reading. */
const ROUTE_WORDS = /^(?:(?:iv|im|sc|s\/c|po|sl|pr|ivi|subcut|orally|oral|by mouth)\s+)?(.+?)(?:\s+(?:iv|im|sc|s\/c|po|sl|pr|ivi|subcut|orally|oral|by mouth))?$/;
/** Hours written as a word ("every six hours", "eight hourly"). */
const HOUR_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, "twenty four": 24, "twenty-four": 24 };
const HOURS_N = `(\\d+|${Object.keys(HOUR_WORDS).join("|")})`;
/** A number of hours, or a range of them ("4-6", "4 to 6", "4 or 6"). */
const HOURS_RANGE = `${HOURS_N}(?:\\s*(?:-|to|or)\\s*${HOURS_N})?`;
/**
 * Every N hours in its common spellings, N a number, a word or a range: "every 6 hours", "every 6 hrs",
 * "every 6h", "q6h", "q 6 h", "q6hrs", "q6hrly", "6 hourly", "6-hourly", "6hrly", "6 hrly", "6 hly",
 * "4-6 hourly", "every 4 to 6 hours", "six hourly"; "hourly" and "every hour" are every 1 hour. A bare
 * "6h" or "6 hrs" is not read ("8h" is a clock time in French-speaking East Africa).
 */
const EVERY_HOURS = new RegExp(`^(?:(?:every|each|q)\\s*${HOURS_RANGE}\\s*-?\\s*(?:h|hr|hrs|hour|hours|hrly|hourly|hly)|${HOURS_RANGE}\\s*-?\\s*(?:hrly|hourly|hly))$`);
const EVERY_HOUR = /^(?:hourly|every hour|q1h|qh)$/;
const hoursOf = (n: string) => HOUR_WORDS[n] ?? Number(n);

/** The hours between doses a text gives ("q6h" → 6 to 6, "4-6 hourly" → 4 to 6), or null. */
export function everyHours(s: string): { minHours: number; maxHours: number } | null {
  if (EVERY_HOUR.test(s)) return { minHours: 1, maxHours: 1 };
  const m = EVERY_HOURS.exec(s);
  if (!m) return null;
  const [a, b] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
  const x = hoursOf(a);
  const y = b === undefined ? x : hoursOf(b);
  return { minHours: Math.min(x, y), maxHours: Math.max(x, y) };
}

/** "Twice daily for 3 days." → "twice daily for 3 days" (lower case, no full stops, single spaces). */
export function normaliseFrequency(text: string): string {
  // "1*3" and "1×3" are the "1x3" shorthand.
  return text.toLowerCase().replace(/\./g, "").replace(/[\u2010-\u2015]/g, "-").replace(/[×*]/g, "x").replace(/\s+/g, " ").trim();
}

/** The scheduled times of a frequency phrase with an optional count before it ("tds", "1 bd", "1 weekly"), or null. */
function scheduledAs(k: AdministrationTimes, s: string): { times: string[]; unitsPerDose?: number; everyDays?: number } | null {
  const units = UNITS_BEFORE.exec(s);
  const phrase = units ? units[2] : s;
  const f = k.frequencies.find((x) => x.phrases.includes(phrase));
  if (f) return { times: f.times, ...everyDaysOf(f), ...(units ? { unitsPerDose: countOf(units[1]) } : {}) };
  const every = everyHours(phrase);
  const times = every && every.minHours === every.maxHours ? k.every_hours[String(every.minHours)] : undefined;
  return times ? { times, ...(units ? { unitsPerDose: countOf(units[1]) } : {}) } : null;
}

/**
 * Reads a frequency as written on a prescription ("bd", "TDS", "q8h", "every 6 hours", "nocte",
 * "once daily for 5 days", "PRN for pain"), using only the phrases in knowledge/administration-times.json.
 * Anything else is "unparseable" with a reason: a dose time is never guessed.
 */
export function parseFrequency(k: AdministrationTimes, text: string, dose?: string | null): ParsedFrequency {
  const stepped = parseSteps(k, text, dose ?? null);
  if (stepped) return stepped;
  let s = normaliseFrequency(text);
  if (!s) return { kind: "unparseable", reason: "no frequency given" };
  const { days: courseDays, months, rest } = splitCourse(s);
  s = rest;
  const courseMonths = months !== undefined ? { courseMonths: months } : {};
  let instruction: string | null = null;
  const food = INSTRUCTION.exec(s);
  if (food) {
    instruction = LATIN_INSTRUCTIONS[food[1]] ?? food[1];
    s = `${s.slice(0, food.index)} ${s.slice(food.index + food[0].length)}`.replace(/\s+/g, " ").trim();
  }
  s = ROUTE_WORDS.exec(s)?.[1] ?? s;
  const parsed = parseTiming(k, text, s, courseDays, instruction);
  return parsed.kind === "scheduled" || parsed.kind === "prn" ? { ...parsed, ...courseMonths } : parsed;
}

/** A course length at the end of a (normalised) text, in days or calendar months, and the text before it. */
function splitCourse(s: string): { days: number | null; months?: number; rest: string } {
  const course = COURSE.exec(s);
  if (!course) return { days: null, rest: s };
  const [n, unit] = course[1] !== undefined ? [course[1], course[2] ?? `/${course[3]}`] : [course[5], SWAHILI_UNITS[course[4]]];
  const count = SWAHILI_NUMBERS[n] ?? Number(n);
  const rest = s.slice(0, course.index).trim();
  if (/^mo/.test(unit) || unit === "/12") return { days: null, months: count, rest };
  return { days: count * (/^w/.test(unit) || unit === "/52" ? 7 : 1), rest };
}

/** "reduce by 10mg every 5 days": a taper step down by an amount, every so many days or weeks. */
const REDUCE_BY = /^(?:reduce|reducing|decrease|decreasing|taper|tapering|wean)\s+(?:by\s+)?(\d+(?:\.\d+)?)\s*(mg|tabs?|tablets?)\s+(?:every|each)\s+(\d+)\s*(?:(days?|d|weeks?|wks?|w)|\/\s*(7|52))$/;
const STOP = /^(?:stop|off|discontinue|then stop)$/;

/**
 * A course written in steps, "then" between them: the first step gives the times (and its own course
 * length), each later one a dose and a length ("then 4 tabs x1/52", "then 20mg od x 5/7"), or a step down
 * by an amount every so many days until none is left ("then reduce by 10mg every 5 days", from the dose
 * written); "then stop" ends it. The course is the steps' total; a step without a length leaves it unknown
 * (never guessed). Null when the text has no "then".
 */
function parseSteps(k: AdministrationTimes, text: string, dose: string | null): ParsedFrequency | null {
  const parts = normaliseFrequency(text).split(/\s*,?\s*\bthen\b\s*/).filter(Boolean);
  if (parts.length < 2) return null;
  const first = parseFrequency(k, parts[0], dose);
  if (first.kind !== "scheduled") return null;
  const steps: CourseStep[] | null = first.courseDays ? [{ days: first.courseDays, dose: null }] : null;
  for (const part of parts.slice(1)) {
    if (!steps || STOP.test(part)) break;
    const more = laterSteps(k, part, dose);
    if (!more) return { ...first, courseDays: null };
    steps.push(...more);
  }
  if (!steps) return { ...first, courseDays: null };
  return { ...first, courseDays: steps.reduce((n, x) => n + x.days, 0), steps };
}

/** The steps one "then …" part adds (see parseSteps), or null when its length or its times cannot be read. */
function laterSteps(k: AdministrationTimes, part: string, dose: string | null): CourseStep[] | null {
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
  const own = parseFrequency(k, timing);
  return own.kind === "scheduled" ? [{ days, dose: stepDose, times: own.times }] : null;
}

/** A frequency naming a weekday: once a week on that day ("every monday", "weekly on mondays"); with any other frequency, unread. */
function onWeekday(k: AdministrationTimes, text: string, day: { weekday: number; rest: string }, courseDays: number | null, instruction: string | null): ParsedFrequency {
  const weekly = k.frequencies.find((f) => f.every_days === 7);
  const parsed = day.rest === "" && weekly ? ({ kind: "scheduled", pattern: weekly.id, times: weekly.times, courseDays, instruction, ...everyDaysOf(weekly) } as const) : parseTiming(k, text, day.rest, courseDays, instruction);
  if (parsed.kind === "scheduled" && parsed.everyDays === 7) return { ...parsed, weekday: day.weekday };
  return { kind: "unparseable", reason: `"${text.trim()}" names a day of the week with a frequency that is not once a week (e.g. "weekly on Mondays", "every Sunday", "kila Jumatatu")` };
}

/** The frequency proper (course, food instruction and route taken off): stat, PRN, times or unparseable. */
function parseTiming(k: AdministrationTimes, text: string, s: string, courseDays: number | null, instruction: string | null): ParsedFrequency {
  const day = weekdayIn(k, s);
  if (day) return onWeekday(k, text, day, courseDays, instruction);
  if (k.stat_phrases.includes(s)) return { kind: "stat", courseDays: null };
  if (k.prn_phrases.includes(s)) return { kind: "prn", condition: null, courseDays };
  // As needed at most every N hours, PRN before or after: "q6h prn", "prn 6 hourly", "4-6 hourly as required".
  for (const p of k.prn_phrases) {
    const rest = s.startsWith(`${p} `) ? s.slice(p.length + 1) : s.endsWith(` ${p}`) ? s.slice(0, -p.length - 1) : null;
    const interval = rest === null ? null : everyHours(rest.trim());
    if (interval) return { kind: "prn", condition: null, courseDays, interval };
    // "tds prn", "prn bd", "1 tds prn": as needed, at most that many times a day (read as at most every 24/N hours; "weekly prn", every 7 × 24).
    const times = rest === null ? null : scheduledAs(k, rest.trim());
    if (times && times.times.length > 0 && 24 % times.times.length === 0) {
      const hours = (24 * (times.everyDays ?? 1)) / times.times.length;
      return { kind: "prn", condition: null, courseDays, interval: { minHours: hours, maxHours: hours }, ...(times.unitsPerDose ? { unitsPerDose: times.unitsPerDose } : {}) };
    }
  }
  const prefix = k.prn_prefixes.find((p) => s.startsWith(p));
  if (prefix) return { kind: "prn", condition: prefix.startsWith("after ") ? s : s.slice(prefix.length).trim() || null, courseDays };
  for (const f of k.frequencies) {
    if (f.phrases.includes(s)) return { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction, ...everyDaysOf(f) };
  }
  const every = everyHours(s);
  if (every && every.minHours !== every.maxHours) {
    // "4-6 hourly": when to give is the nurse's call within the range, so it is listed as needed, never
    // at guessed clock times; a day has at most one dose every 4 hours (the maximum-dose check's worst case).
    return { kind: "prn", condition: `every ${every.minHours} to ${every.maxHours} hours`, courseDays, interval: every };
  }
  if (every) {
    const hours = every.minHours;
    const times = k.every_hours[String(hours)];
    if (times) return { kind: "scheduled", pattern: `every_${hours}_hours`, times, courseDays, instruction };
    return { kind: "unparseable", reason: `every ${hours} hours has no standard administration times (known: every ${Object.keys(k.every_hours).join(", ")} hours)` };
  }
  // "1 bd", "2 tabs tds": the count is the dose's units; the frequency after it is read as usual.
  const units = UNITS_BEFORE.exec(s);
  if (units) {
    const rest = parseFrequency(k, units[2]);
    if (rest.kind === "scheduled" || rest.kind === "prn") return { ...rest, courseDays: rest.courseDays ?? courseDays, unitsPerDose: countOf(units[1]) };
  }
  // "1x3", "2 x 2", "1*3": dose-times-frequency shorthand, read differently from place to place: never guessed.
  const shorthand = /^(\d+)\s*x\s*(\d+)(\s|$)/.exec(s);
  if (shorthand) return { kind: "unparseable", unitsPerDay: Number(shorthand[1]) * Number(shorthand[2]), reason: `"${text.trim()}" gives the dose and the times a day together, which is read in more than one way: write the dose in the dose and the frequency as e.g. tds` };
  return { kind: "unparseable", reason: `"${text.trim()}" is not a frequency we can read (e.g. once daily, bd, tds, qid, q8h, 8 hourly, 6 hrly, every 6 hours, 4-6 hourly, nocte, o.n., once weekly, stat, PRN)` };
}

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

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day of the month `months` later (the month's last day when it has no such day: 31 Jan + 1 month is 28/29 Feb). */
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The last day of a course started on `start` ("x 5/7": 5 days; "x 2/12": up to the day before the same date 2 months on), or null. */
function courseLastDay(parsed: { courseDays: number | null; courseMonths?: number }, start: string): string | null {
  if (parsed.courseDays !== null) return addDays(start, parsed.courseDays - 1);
  return parsed.courseMonths ? addDays(addMonths(start, parsed.courseMonths), -1) : null;
}

/** The step of a stepped course (a taper) a date falls in, or null (no steps, no start, or after them). */
function stepOn(parsed: { steps?: CourseStep[] }, start: string | null, date: string): CourseStep | null {
  if (!parsed.steps || !start) return null;
  let from = 0;
  for (const step of parsed.steps) {
    if (date <= addDays(start, from + step.days - 1)) return step;
    from += step.days;
  }
  return null;
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
    for (const time of step?.times ?? parsed.times) {
      schedule.doses.push({ time, at: `${date}T${time}:00${k.utc_offset}`, medication: m.name, dose, frequency: m.frequency, instruction: parsed.instruction, alert: alerts.get(index) ?? null });
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
