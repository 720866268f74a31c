import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "./medication-schedule.engine.js";

/**
 * Directions written with a frequency (session 18): how to give, an open end, a course in hours or doses and a
 * written maximum a day are not the timing. Wordings in no blind set.
 */
const k = knowledgeFromFiles().administrationTimes;
const START = "2026-03-10";
const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const BASES = ["once daily", "bd", "tid", "qds", "12 hourly", "q8h", "at night", "stat", "every 6 hours"];
const HOW = ["over 30 minutes", "over 5-10 mins", "(observed)", "slowly", "into alternate thighs", "in each buttock", "deep", "(directly observed therapy)"];

describe("how to give is not the timing", () => {
  for (const base of BASES) {
    for (const how of HOW) {
      it(`"${base} ${how}" reads as "${base}"`, () => {
        const plain = parseFrequency(k, base);
        const given = parseFrequency(k, `${base} ${how}`);
        expect(given.kind).toBe(plain.kind);
        if (given.kind === "scheduled" && plain.kind === "scheduled") {
          expect(given.times).toEqual(plain.times);
          expect(given.instruction).toContain(how.replace(/[()]/g, ""));
        }
      });
    }
  }

  it("keeps a weekday in brackets as the weekday", () => {
    expect(parseFrequency(k, "once weekly (friday)")).toMatchObject({ kind: "scheduled", weekday: 5 });
  });
});

describe("an open end leaves the course open on purpose", () => {
  it.each(["until next review", "till discharge", "throughout pregnancy", "until further notice", "to term", "continuously"])("bd %s", (end) => {
    expect(parseFrequency(k, `bd ${end}`)).toMatchObject({ kind: "scheduled", pattern: "twice_daily", courseDays: null, openEnded: true });
  });
  it("is not said when a course is written", () => {
    expect(parseFrequency(k, "bd x 10/7")).not.toHaveProperty("openEnded");
  });
});

describe("a course in hours or doses", () => {
  it.each([
    ["tds x 48 hours", 2], ["q6h for 72hrs", 3], ["8 hourly x 6 doses", 2], ["bd for 10 doses", 5], ["every 4 hours x 12 doses", 2], ["daily x 3 doses", 3],
  ])("%s is %i days, given on the last and completed the day after", (frequency, days) => {
    expect(parseFrequency(k, frequency)).toMatchObject({ kind: "scheduled", courseDays: days });
    const med = [{ name: "X", dose: "1 tab", frequency, startDate: START }];
    expect(buildMedicationSchedule(k, med, addDays(START, days - 1)).doses.length).toBeGreaterThan(0);
    expect(buildMedicationSchedule(k, med, addDays(START, days)).completedCourses).toHaveLength(1);
  });
  it.each(["tds x 4 doses", "bd x 3 doses", "od x 36 hours"])("%s (not whole days) is never guessed", (frequency) => {
    expect(parseFrequency(k, frequency).kind).toBe("unparseable");
  });
});

describe("a written maximum a day", () => {
  it.each([
    ["q4h prn, maximum 6 doses per day", { amount: 6, unit: "dose" }, 4],
    ["prn max 3 caps/24 hours", { amount: 3, unit: "unit" }, undefined],
    ["4-6 hourly prn not more than 8 tablets in 24 hours", { amount: 8, unit: "unit" }, 4],
    ["as required (max 5 a day)", { amount: 5, unit: null }, undefined],
    ["8 hrly prn up to 2/day", { amount: 2, unit: null }, 8],
  ])("%s", (frequency, maxPerDay, minHours) => {
    const r = parseFrequency(k, frequency);
    expect(r).toMatchObject({ kind: "prn", maxPerDay });
    if (minHours !== undefined) expect(r).toMatchObject({ interval: { minHours } });
  });
});
