import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { parseSteps, splitCourse, type CourseStep } from "./medication-schedule.course.js";
import { takeDirections } from "./medication-schedule.directions.js";
import { parseLoadingThenDaily } from "./medication-schedule.loading.js";
import { parseDosingSlots, parsePartsOfDay, parseTimedDoses, slotAmounts, splitUnitsAtTimes, type DoseAtTime } from "./medication-schedule.slots.js";
import { everyDaysOf, weekdayIn } from "./weekly-frequency.js";

/**
 * Reading a frequency as prescribers write it (knowledge/administration-times.json phrases only; never a
 * guessed time). Split from medication-schedule.engine.ts (session 18, no behaviour change).
 */

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
  | {
      kind: "scheduled";
      pattern: string;
      times: string[];
      courseDays: number | null;
      courseMonths?: number;
      instruction: string | null;
      unitsPerDose?: number;
      steps?: CourseStep[];
      everyDays?: number;
      weekday?: number;
      /** An open end was written ("od till delivery", "until review"): no course length, on purpose. */
      openEnded?: true;
      /**
       * A loading schedule ("at 0, 12, 24 h then daily", medication-schedule.loading.ts): `times` are the first
       * day's, these every later day's.
       */
      thereafter?: { times: string[] };
      /**
       * A different dose at each time ("2-1-0", "10U mane 6U nocte"; medication-schedule.slots.ts), parallel to
       * `times`: the day's total is their sum (session 20).
       */
      doseAtTimes?: DoseAtTime[];
    }
  /**
   * As needed. `interval` when the text gives the hours between doses ("q6h prn", "4-6 hourly": the
   * nurse chooses when, within the range): at most one dose every `minHours`.
   */
  | {
      kind: "prn";
      condition: string | null;
      courseDays: number | null;
      courseMonths?: number;
      interval?: { minHours: number; maxHours: number };
      unitsPerDose?: number;
      /** The most a day as written ("max 8/day", "max 6 tabs/24 hrs"; unit null: the dose's own units). */
      maxPerDay?: { amount: number; unit: "dose" | "unit" | null };
    }
  /** One dose at once ("stat"): given on the day it was prescribed, never a daily time. */
  | { kind: "stat"; courseDays: null }
  /**
   * `unitsPerDay`: "1x3", "2 x 2": the units a day (a × b), the same whichever way the shorthand is read,
   * though when to give them is not (the prescription's day's total can be checked; the times cannot).
   */
  | { kind: "unparseable"; reason: string; unitsPerDay?: number };


/** Roman numerals as prescribers count tablets ("i bd", "ii tds"); "iv" is the route, never four. */
const ROMAN_COUNTS: Record<string, number> = { i: 1, ii: 2, iii: 3 };
/** A count of units before the frequency: "1 bd", "2 tds", "1 tab od", "2 puffs bd", "i bd" (the dose's units, not the times a day). */
const UNITS_BEFORE = /^(\d+(?:\.\d+)?|iii|ii|i)\s*(?:tabs?|tablets?|caps?|capsules?|puffs?|drops?)?\s+(?=[a-z])(.+)$/;
const countOf = (n: string) => ROMAN_COUNTS[n] ?? Number(n);
/**
 * A food instruction anywhere in the text ("tds with meals", "tds pc prn"), with the BNF Latin abbreviations
 * a.c. (ante cibum, before food) and p.c. (post cibum, after food).
 */
const INSTRUCTION = /(?:^|\s)(with food|with meals|after food|after meals|before food|before meals|on an empty stomach|ac|pc|kabla ya (?:kula|chakula)|baada ya (?:kula|chakula))(?=\s|$)/;
/** Latin a.c./p.c. (BNF) and Swahili "kabla ya kula/chakula" (before eating/food), "baada ya kula/chakula" (after) (TUKI dictionary). */
const LATIN_INSTRUCTIONS: Record<string, string> = { ac: "before food", pc: "after food", "kabla ya kula": "before food", "kabla ya chakula": "before food", "baada ya kula": "after food", "baada ya chakula": "after food" };
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
 * "4-6 hourly", "every 4 to 6 hours", "six hourly", Swahili "kila saa 8" (every 8 hours; TUKI dictionary: saa = hour;
 * a bare "saa 8" is a Swahili clock time, 2 pm, and is not read); "hourly" and "every hour" are every 1 hour. A bare
 * "6h" or "6 hrs" is not read ("8h" is a clock time in French-speaking East Africa).
 */
const EVERY_HOURS = new RegExp(`^(?:(?:every|each|q)\\s*${HOURS_RANGE}\\s*-?\\s*(?:h|hr|hrs|hour|hours|hrly|hourly|hly)|${HOURS_RANGE}\\s*-?\\s*(?:hrly|hourly|hly)|kila\\s+saa\\s*${HOURS_RANGE})$`);
const EVERY_HOUR = /^(?:hourly|every hour|q1h|qh)$/;
const hoursOf = (n: string) => HOUR_WORDS[n] ?? Number(n);

/** The hours between doses a text gives ("q6h" → 6 to 6, "4-6 hourly" → 4 to 6), or null. */
export function everyHours(s: string): { minHours: number; maxHours: number } | null {
  if (EVERY_HOUR.test(s)) return { minHours: 1, maxHours: 1 };
  const m = EVERY_HOURS.exec(s);
  if (!m) return null;
  const [a, b] = m[1] !== undefined ? [m[1], m[2]] : m[3] !== undefined ? [m[3], m[4]] : [m[5], m[6]];
  const x = hoursOf(a);
  const y = b === undefined ? x : hoursOf(b);
  return { minHours: Math.min(x, y), maxHours: Math.max(x, y) };
}

/** "Twice daily for 3 days." → "twice daily for 3 days" (lower case, no full stops, single spaces). */
export function normaliseFrequency(text: string): string {
  // "1*3" and "1×3" are the "1x3" shorthand.
  // Full stops go ("o.d.", "t.d.s."), a decimal point between digits stays ("1.5 tabs", "0.5mg mane"; session 20).
  return text.toLowerCase().replace(/(?<!\d)\.|\.(?!\d)/g, "").replace(/[\u2010-\u2015]/g, "-").replace(/[×*]/g, "x").replace(/\s+/g, " ").trim();
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
  const loading = parseLoadingThenDaily(k, normaliseFrequency(text));
  if (loading) return loading;
  const stepped = parseSteps(k, text, dose ?? null, parseFrequency);
  if (stepped) return stepped;
  const normalised = normaliseFrequency(text);
  // No frequency, and the dose written per time of day ("2-1-0", "10U mane 6U nocte"): the dose is the timing (session 20).
  if (!normalised && dose && dosePerTimeOfDay(dose)) return parseFrequency(k, dose);
  if (!normalised) return { kind: "unparseable", reason: "no frequency given" };
  // How to give, an open end and a written maximum a day are not the timing (medication-schedule.directions.ts).
  const { rest: undirected, directions, maxPerDay, openEnded } = takeDirections(k, normalised);
  const { days: courseDays, months, doses, rest } = splitCourse(undirected);
  // Only a course ("x 5/7") as the frequency, the dose written per time of day ("2-2-2-2"): the dose then the course (session 20).
  if (dose && isCourseOnly(text) && dosePerTimeOfDay(dose)) return parseFrequency(k, `${dose} ${text}`);
  let s = rest;
  const courseMonths = months !== undefined ? { courseMonths: months } : {};
  const said: string[] = [];
  const food = INSTRUCTION.exec(s);
  if (food) {
    said.push(LATIN_INSTRUCTIONS[food[1]] ?? food[1]);
    s = `${s.slice(0, food.index)} ${s.slice(food.index + food[0].length)}`.replace(/\s+/g, " ").trim();
  }
  s = ROUTE_WORDS.exec(s)?.[1] ?? s;
  const instruction = [...said, ...directions].join("; ") || null;
  const timed = parseTiming(k, text, s, courseDays, instruction);
  // The frequency itself in brackets after an instruction ("before meals (tds)", "with food (bd)"): brackets are
  // taken off as directions first, so when nothing else is a timing, read again with them opened (session 20).
  const opened = timed.kind === "unparseable" && /\([^)]*\)/.test(text) ? parseFrequency(k, text.replace(/[()]/g, " "), dose) : null;
  if (opened && opened.kind !== "unparseable") return opened;
  const parsed = timed;
  if (parsed.kind === "prn") return { ...parsed, ...courseMonths, ...(maxPerDay ? { maxPerDay } : {}) };
  if (parsed.kind !== "scheduled") return parsed;
  const open = openEnded && parsed.courseDays === null ? { openEnded: true as const } : {};
  const split = splitUnitsAtTimes(parsed, dose) as typeof parsed;
  return doses === undefined ? { ...split, ...courseMonths, ...open } : courseOfDoses(text, split, doses);
}

/**
 * A course written in doses ("12hrly x 4 doses"): whole days of the frequency's doses (4 doses 12-hourly: 2 days).
 * Doses that end part-way through a day, or a frequency not given every day, are not read: the last day's doses would be guessed.
 */
function courseOfDoses(text: string, parsed: Extract<ParsedFrequency, { kind: "scheduled" }>, doses: number): ParsedFrequency {
  const perDay = parsed.times.length;
  if (parsed.everyDays || perDay === 0 || doses % perDay !== 0) {
    return { kind: "unparseable", reason: `"${text.trim()}": ${doses} doses at ${perDay} a day do not make whole days, so the last day's doses cannot be scheduled: write the course in days, or the times of the last doses` };
  }
  return { ...parsed, courseDays: doses / perDay };
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
  const slots = parseDosingSlots(k, text, s, courseDays, instruction);
  if (slots) return slots;
  const timed = parseTimedDoses(k, s, courseDays, instruction) ?? parsePartsOfDay(k, s, courseDays, instruction);
  if (timed) return timed;
  // "1 bd", "2 tabs tds": the count is the dose's units; the frequency after it is read as usual.
  const units = UNITS_BEFORE.exec(s);
  if (units) {
    const rest = parseFrequency(k, units[2]);
    if (rest.kind === "scheduled" || rest.kind === "prn") return { ...rest, courseDays: rest.courseDays ?? courseDays, unitsPerDose: countOf(units[1]) };
  }
  // "1x3", "2 x 2", "1*3": dose-times-frequency shorthand, read differently from place to place: never guessed.
  const shorthand = /^(\d+)\s*x\s*(\d+)(\s|$)/.exec(s);
  const same = shorthand && shorthand[1] === shorthand[2] ? symmetricShorthand(k, s, Number(shorthand[1]), courseDays, instruction) : null;
  if (same) return same;
  if (shorthand) return { kind: "unparseable", unitsPerDay: Number(shorthand[1]) * Number(shorthand[2]), reason: `"${text.trim()}" gives the dose and the times a day together, which is read in more than one way: write the dose in the dose and the frequency as e.g. tds` };
  return { kind: "unparseable", reason: `"${text.trim()}" is not a frequency we can read (e.g. once daily, bd, tds, qid, q8h, 8 hourly, 6 hrly, every 6 hours, 4-6 hourly, nocte, o.n., once weekly, stat, PRN)` };
}

/**
 * "2x2", "1x1", "3 x 3": the same number each side, so both readings of the shorthand (N units M times a day, or
 * M units N times a day) give N units N times a day: read as that standard frequency (session 18). "1x3" and
 * "3x1" stay unread (the ambiguity rule).
 */
function symmetricShorthand(k: AdministrationTimes, s: string, n: number, courseDays: number | null, instruction: string | null): ParsedFrequency | null {
  if (s.replace(/^\d+\s*x\s*\d+/, "").trim() !== "") return null;
  const f = k.frequencies.find((x) => !x.every_days && x.times.length === n);
  return f ? { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction, unitsPerDose: n } : null;
}

/**
 * A dose written per time of day, which then also gives the timing: dosing slots ("2-1-0", "1+0+1") or an amount at
 * each part of the day ("10U mane 6U nocte"). Used when no frequency is written (session 20).
 */
export function dosePerTimeOfDay(dose: string): boolean {
  if (/\d\s*\/\s*(?:7|52|12)\b|\bfor\b|\bdays?\b/i.test(dose)) return false;
  const s = dose.trim().toLowerCase().replace(/\s+/g, " ");
  return slotAmounts(s) !== null || parseTimedDoses(TIMES_PROBE, s, null, null) !== null;
}
/** Only the four standard frequencies' times are needed to recognise the form (the times themselves come from the caller's knowledge). */
const TIMES_PROBE: AdministrationTimes = { frequencies: [{ id: "once_daily", times: ["08:00"] }, { id: "three_times_daily", times: ["08:00", "14:00", "20:00"] }, { id: "twice_daily", times: ["08:00", "20:00"] }, { id: "once_daily_night", times: ["22:00"] }] } as unknown as AdministrationTimes;

/** A frequency text that gives only a course length ("x 5/7", "for 3 days") and no timing. */
export function isCourseOnly(text: string): boolean {
  // A course alone is read after a timing: probe with one ("od x 5/7").
  const { rest, days, months } = splitCourse(`od ${normaliseFrequency(text)}`);
  return rest === "od" && (days !== null || months !== undefined);
}
