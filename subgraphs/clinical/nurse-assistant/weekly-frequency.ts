import type { AdministrationTimes } from "../knowledge/knowledge.types.js";

/**
 * Frequencies given on one day in several ("once weekly", "every 7 days", "kila wiki": administration-times.json
 * `every_days`), and the weekday a prescriber may name ("weekly on Mondays", "every Sunday", "kila Jumatatu").
 */

/** `everyDays` of a frequency given on one day in several, as a spreadable field (absent for a daily one). */
export const everyDaysOf = (f: { every_days?: number }) => (f.every_days && f.every_days > 1 ? { everyDays: f.every_days } : {});

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/**
 * A weekday named in a (normalised) frequency, 0 Sunday to 6 Saturday, with "on", "every", "each" or "kila" before
 * it (Swahili "kila", "siku ya": every, on the day of) and a plural or brackets ("on mondays", "(monday)"), and the text without it: an empty rest is once a week
 * ("every monday"). Null when no weekday is named.
 */
export function weekdayIn(k: AdministrationTimes, s: string): { weekday: number; rest: string } | null {
  const names = (k.weekdays ?? []).map((words, day) => ({ day, words }));
  for (const { day, words } of names) {
    const m = new RegExp(`(?:^|\\s)(?:on\\s+|every\\s+|each\\s+|kila\\s+|siku\\s+ya\\s+)?\\(?(?:${words.join("|")})s?\\)?(?=\\s|$)`).exec(s);
    if (m) return { weekday: day, rest: `${s.slice(0, m.index)} ${s.slice(m.index + m[0].length)}`.replace(/\s+/g, " ").trim() };
  }
  return null;
}

/**
 * Whether a dose given one day in `everyDays` falls on `date`: on the weekday named (from the start date, when
 * known), else on the start date and every `everyDays` days after; null when neither says which day.
 */
export function dueOn(parsed: { everyDays: number; weekday?: number }, start: string | null, date: string): boolean | null {
  if (start && date < start) return false;
  if (parsed.weekday !== undefined) return new Date(`${date}T00:00:00Z`).getUTCDay() === parsed.weekday;
  if (!start) return null;
  return (dayNumber(date) - dayNumber(start)) % parsed.everyDays === 0;
}
