import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "./medication-schedule.engine.js";

/**
 * Classes of frequency and course wordings found by the second blind prescription set (session 17), tested
 * over wordings that are in no set: roman counts, a route or a Latin food instruction written with the
 * frequency, courses in months and in Swahili, "after every …" as needed, and courses in steps (tapers).
 */
const k = knowledgeFromFiles().administrationTimes;
const START = "2026-03-10";
const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const on = (frequency: string, dose: string, date: string) => buildMedicationSchedule(k, [{ name: "X", dose, frequency, startDate: START }], date);

const BASE: [string, string, number][] = [
  ["od", "once_daily", 1],
  ["bd", "twice_daily", 2],
  ["tds", "three_times_daily", 3],
  ["qid", "four_times_daily", 4],
  ["nocte", "once_daily_night", 1],
  ["q6h", "every_6_hours", 4],
];

describe("a route written with the frequency is taken off (IV bd, tds po)", () => {
  const ROUTES = ["IV", "im", "SC", "s/c", "po", "P.O.", "sl", "PR", "orally", "by mouth", "subcut", "i.v."];
  it("reads every route before or after every base frequency as the frequency alone", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASE), fc.constantFrom(...ROUTES), fc.boolean(), ([f, pattern, n], route, before) => {
        const text = before ? `${route} ${f}` : `${f} ${route}`;
        const p = parseFrequency(k, text);
        expect(p, text).toMatchObject({ kind: "scheduled", pattern });
        expect(p.kind === "scheduled" && p.times.length, text).toBe(n);
      }),
    );
  });
  it("never reads iv as the roman numeral four", () => expect(parseFrequency(k, "iv qid")).toMatchObject({ kind: "scheduled", pattern: "four_times_daily" }));
});

describe("roman numeral counts (i bd, ii tds, iii od)", () => {
  it.each([
    ["i od", 1, "once_daily"],
    ["ii bd", 2, "twice_daily"],
    ["iii tds", 3, "three_times_daily"],
    ["ii tabs nocte", 2, "once_daily_night"],
    ["i cap qid x 5/7", 1, "four_times_daily"],
  ])("%s → %d a dose, %s", (text, units, pattern) => expect(parseFrequency(k, text)).toMatchObject({ kind: "scheduled", pattern, unitsPerDose: units }));
});

describe("food instructions anywhere, with the Latin a.c. and p.c. (BNF)", () => {
  it.each([
    ["bd a.c.", "twice_daily", "before food"],
    ["qid p.c.", "four_times_daily", "after food"],
    ["ac tds", "three_times_daily", "before food"],
    ["od with meals x 10/7", "once_daily", "with meals"],
  ])("%s → %s, %s", (text, pattern, instruction) => expect(parseFrequency(k, text)).toMatchObject({ kind: "scheduled", pattern, instruction }));
  it("reads a PRN after the instruction as needed", () => expect(parseFrequency(k, "qid pc prn")).toMatchObject({ kind: "prn", interval: { minHours: 6 } }));
});

describe("course lengths in months and in Swahili", () => {
  it.each([
    ["od x 3/12", 3],
    ["bd for 6 months", 6],
    ["nocte x 1 month", 1],
    ["mara 2 kila siku kwa mwezi 2", 2],
    ["kila siku miezi sita", 6],
  ])("%s lasts %d calendar months", (text, months) => expect(parseFrequency(k, text)).toMatchObject({ kind: "scheduled", courseDays: null, courseMonths: months }));

  it.each([
    ["mara 2 kila siku kwa siku saba", 7, "twice_daily"],
    ["mara 4 kila siku kwa wiki 2", 14, "four_times_daily"],
    ["mara tatu kwa siku siku kumi", 10, "three_times_daily"],
    ["mara 1 kila siku kwa siku 14", 14, "once_daily"],
  ])("%s lasts %d days (%s)", (text, days, pattern) => expect(parseFrequency(k, text)).toMatchObject({ kind: "scheduled", pattern, courseDays: days }));

  it("keeps a months course scheduled to the day before the same date months on, then completed", () => {
    expect(on("od x 2/12", "1 tab", "2026-05-09").doses).toHaveLength(1);
    const after = on("od x 2/12", "1 tab", "2026-05-10");
    expect(after.doses).toHaveLength(0);
    expect(after.completedCourses).toHaveLength(1);
  });

  it("does not read 'mara N kwa siku' (times a day) as a course", () => expect(parseFrequency(k, "mara 3 kwa siku")).toMatchObject({ courseDays: null }));
});

describe("as needed 'after every …'", () => {
  it("reads after every episode as needed with its condition", () =>
    expect(parseFrequency(k, "after every episode of vomiting")).toMatchObject({ kind: "prn", condition: "after every episode of vomiting" }));
});

describe("courses in steps joined by 'then' (tapers)", () => {
  it.each([
    ["od x 3/7 then reduce by 5mg every 3 days", "20mg", "once_daily", [["20mg", 1, 3], ["15 mg", 1, 3], ["10 mg", 1, 3], ["5 mg", 1, 3]]],
    ["mane x 4/7 then reduce by 10 mg every 1/52", "30 mg", "once_daily", [["30 mg", 1, 4], ["20 mg", 1, 7], ["10 mg", 1, 7]]],
    ["8 tabs mane x 1/52 then 6 tabs x 1/52 then 3 tabs x 5/7 then stop", "8 tabs", "once_daily", [["8 tabs", 1, 7], ["6 tabs", 1, 7], ["3 tabs", 1, 5]]],
    ["bd x 2/7, then od x 3/7, then stop", "1 tab", "twice_daily", [["1 tab", 2, 2], ["1 tab", 1, 3]]],
    ["tds x 1/52 then 250mg bd x 1/52", "500mg", "three_times_daily", [["500mg", 3, 7], ["250mg", 2, 7]]],
  ] as [string, string, string, [string, number, number][]][])("%s (dose %s): %s, each step's dose and times on its days, then completed", (text, dose, pattern, steps) => {
    const total = steps.reduce((n, [, , days]) => n + days, 0);
    expect(parseFrequency(k, text, dose)).toMatchObject({ kind: "scheduled", pattern, courseDays: total });
    let from = 0;
    for (const [stepDose, perDay, days] of steps) {
      for (const day of [from, from + days - 1]) {
        const doses = on(text, dose, addDays(START, day)).doses;
        expect(doses.map((d) => d.dose), `${text} day ${day + 1}`).toEqual(Array(perDay).fill(stepDose));
      }
      from += days;
    }
    expect(on(text, dose, addDays(START, total)).completedCourses).toHaveLength(1);
  });

  it("leaves the course open when a step has no length (never guessed)", () =>
    expect(parseFrequency(k, "od x 5/7 then reduce slowly", "40mg")).toMatchObject({ kind: "scheduled", courseDays: null }));

  it("does not change stat-then-infusion wordings (not a taper)", () => expect(parseFrequency(k, "stat then 2g/hr").kind).toBe("unparseable"));
});
