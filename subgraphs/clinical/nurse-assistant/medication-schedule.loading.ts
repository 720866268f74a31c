import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { splitCourse } from "./medication-schedule.course.js";

/**
 * A loading schedule written as hours from the first dose, then daily (session 20): "at 0, 12 and 24 hrs then
 * once daily", "0h, 12h, 24h thereafter od", "stat, repeat at 12 & 24 hrs then daily" (WHO guidelines for malaria
 * 2023: severe malaria artesunate at 0, 12 and 24 h, then once a day). The first day has the doses at the hours
 * under 24, at the standard times of that interval (knowledge/administration-times.json `every_hours`); from the
 * next day one dose a day, at the first of those times (24 hours from the first dose). Read only when the hours
 * start at 0 (or "stat"), are evenly spaced by an interval that divides the day and has standard times, the hours
 * from 24 on are whole days (24, 48), and what follows "then" is once a day: anything else is left to the other
 * readers (never a guessed time).
 */
export interface LoadingThenDaily {
  kind: "scheduled";
  pattern: string;
  /** The first day's times: the loading doses. */
  times: string[];
  /** From the day after the start: one dose a day at this time. */
  thereafter: { times: string[] };
  courseDays: number | null;
  instruction: null;
}

/** The last "then"/"thereafter": the hours before it (which may say "stat then repeat at 12 and 24 h"), the daily after. */
const THEN = /^(.+)\s*,?\s*(?:and\s+)?(?:then|thereafter|there after)\s+(.+?)$/;
const HOUR_UNIT = /(\d+)\s*(?:h|hr|hrs|hour|hours)\b/g;
const FILLER = /\b(?:at|given|give|repeat|repeated|and|then|doses?|hrs?|hours?|h)\b|[,&;+]/g;
const DAILY = /^(?:once\s+)?(?:daily|a day|per day|od|o\.d|24\s*(?:hourly|hrly)|every 24 (?:h|hrs|hours)|q24h)$/;

export function parseLoadingThenDaily(k: AdministrationTimes, normalised: string): LoadingThenDaily | null {
  const then = THEN.exec(normalised);
  if (!then) return null;
  // A course after "then daily" ("then od x 6 days") may count from the start or from the second day: not read.
  const { days, months, doses } = splitCourse(then[2].trim());
  if (days !== null || months !== undefined || doses !== undefined || !DAILY.test(then[2].trim())) return null;
  const list = then[1].replace(/\bstat\b/, " 0 ").replace(HOUR_UNIT, "$1").replace(FILLER, " ").trim();
  if (!/^\d+(?:\s+\d+)+$/.test(list)) return null;
  const hours = list.split(/\s+/).map(Number);
  if (hours[0] !== 0 || hours.some((h, i) => i > 0 && h <= hours[i - 1])) return null;
  const firstDay = hours.filter((h) => h < 24);
  const step = firstDay[1] ?? 24;
  if (firstDay.length < 2 || 24 % step !== 0 || firstDay.some((h, i) => h !== i * step) || firstDay.length !== 24 / step) return null;
  const later = hours.filter((h) => h >= 24);
  if (later.some((h, i) => h !== 24 * (i + 1))) return null;
  const times = k.every_hours[String(step)];
  if (!times || times.length !== firstDay.length) return null;
  return { kind: "scheduled", pattern: `every_${step}_hours_then_once_daily`, times, thereafter: { times: [times[0]] }, courseDays: null, instruction: null };
}
