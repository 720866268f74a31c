import { calendarDate, dateTimeFormat } from "../../../lib/calendar.js";

/** "HH:MM" on a 24-hour clock. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeZone(tz: string): boolean {
  try {
    dateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Local wall-clock time of `at` in `timeZone` as minutes and seconds since midnight. */
function localClock(at: Date, timeZone: string): { minutes: number; seconds: number } {
  const parts = dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: get("hour") * 60 + get("minute"), seconds: get("second") };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When `at` falls inside the quiet hours [start, end) in the recipient's time zone, the moment they
 * end; otherwise null. Windows may wrap midnight (22:00–07:00); equal start and end means none.
 * (Novu: delays follow the subscriber's time zone.) Counted in minutes from `at`, which is exact
 * for zones without a daylight-saving change inside the window, such as Africa/Kampala.
 */
export function quietHoursEnd(at: Date, start: string | null, end: string | null, timeZone: string): Date | null {
  if (!start || !end || start === end) return null;
  const s = toMinutes(start);
  const e = toMinutes(end);
  const { minutes, seconds } = localClock(at, timeZone);
  const inside = s < e ? minutes >= s && minutes < e : minutes >= s || minutes < e;
  if (!inside) return null;
  const untilEnd = (e - minutes + 1440) % 1440;
  return new Date(at.getTime() + untilEnd * 60_000 - seconds * 1000 - at.getMilliseconds());
}

/** Calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  return calendarDate(at, timeZone);
}
