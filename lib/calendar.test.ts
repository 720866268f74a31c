import { afterEach, describe, expect, it } from "vitest";
import { addCalendarYears, calendarDate, dateTimeFormat, formattersKept, MAX_FORMATTERS } from "./calendar.js";

/** Counts `new Intl.DateTimeFormat` from here until the test ends. */
function countBuilds(): () => number {
  const Real = Intl.DateTimeFormat;
  let built = 0;
  Intl.DateTimeFormat = new Proxy(Real, {
    construct(target, args) {
      built++;
      return Reflect.construct(target, args);
    },
  });
  restore.push(() => (Intl.DateTimeFormat = Real));
  return () => built;
}
const restore: (() => void)[] = [];

describe("calendar dates and kept formatters", () => {
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  it("dates an instant in its zone, at the zone's midnight (Kampala UTC+03:00, Los Angeles on both sides of DST)", () => {
    expect(calendarDate(new Date("2026-11-26T20:59:59.999Z"), "Africa/Kampala")).toBe("2026-11-26");
    expect(calendarDate(new Date("2026-11-26T21:00:00.000Z"), "Africa/Kampala")).toBe("2026-11-27");
    expect(calendarDate(new Date("2026-03-08T07:59:59.999Z"), "America/Los_Angeles")).toBe("2026-03-07");
    expect(calendarDate(new Date("2026-03-08T08:00:00.000Z"), "America/Los_Angeles")).toBe("2026-03-08");
    expect(calendarDate(new Date("2026-07-01T06:59:59.999Z"), "America/Los_Angeles")).toBe("2026-06-30");
    expect(calendarDate(new Date("2026-07-01T07:00:00.000Z"), "America/Los_Angeles")).toBe("2026-07-01");
    expect(calendarDate(new Date("2028-02-29T12:00:00Z"), "UTC")).toBe("2028-02-29");
  });

  it("builds a formatter once per locale and options, however often it is used, with each call's instant", () => {
    const built = countBuilds();
    const zone = "Pacific/Chatham"; // a zone no other test in this file has used
    const days = Array.from({ length: 500 }, (_, i) => calendarDate(new Date(Date.UTC(2026, 0, 1) + i * 86_400_000), zone));
    expect(built()).toBe(1);
    expect(new Set(days).size).toBe(500);
    expect(days[0]).toBe("2026-01-01"); // Chatham is UTC+13:45 in January: midnight UTC is 13:45 there
    dateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" });
    dateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" });
    expect(built()).toBe(2);
  });

  it("refuses an unknown zone with RangeError every time and keeps nothing for it", () => {
    const before = formattersKept();
    for (let i = 0; i < 3; i++) expect(() => calendarDate(new Date(), "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(formattersKept()).toBe(before);
  });

  it("keeps at most MAX_FORMATTERS, however many distinct options it is asked for", () => {
    // Private-use locale tags (en-x-…): as many distinct, valid locales as asked for.
    for (let i = 0; i < MAX_FORMATTERS * 2 + 7; i++) dateTimeFormat(`en-x-k${i}`, { timeZone: "UTC" });
    expect(formattersKept()).toBeLessThanOrEqual(MAX_FORMATTERS);
  });
});

describe("addCalendarYears", () => {
  it.each([
    ["2026-11-28", 10, "2036-11-28"],
    ["2026-11-28", -10, "2016-11-28"],
    ["2028-02-29", 1, "2029-02-28"],
    ["2028-02-29", -4, "2024-02-28"],
    ["0999-01-01", 1, "1000-01-01"],
  ])("%s plus %i years is %s", (date, years, expected) => {
    expect(addCalendarYears(date, years)).toBe(expected);
  });
});
