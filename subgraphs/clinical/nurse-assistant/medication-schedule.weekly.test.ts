import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { verifyPrescription } from "../pharmacist-assistant/prescription-verification.engine.js";
import { buildMedicationSchedule, parseFrequency } from "./medication-schedule.engine.js";

/**
 * Frequencies by the week (session 17): "once weekly", "every 7 days", Swahili "kila wiki" are read as one day
 * in seven, given on the start date's weekday, and checked against a weekly maximum. Wordings in no blind set.
 */
const knowledge = knowledgeFromFiles();
const k = knowledge.administrationTimes;
const START = "2026-05-06";
const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
const WEEKLY = ["once weekly", "Once a week", "weekly", "every week", "once per week", "each week", "every 7 days", "every seven days", "1x weekly", "kila wiki", "mara moja kwa wiki", "Mara 1 kila wiki"];
const DECORATIONS = ["", " with food", " po", " x 4/52", " for 6 weeks", " kwa wiki 4"];

describe("a frequency by the week is read as once every 7 days", () => {
  it("reads every wording, with a route, food instruction or course after it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEKLY), fc.constantFrom(...DECORATIONS), (f, extra) => {
        const parsed = parseFrequency(k, `${f}${extra}`);
        expect(parsed.kind, `${f}${extra}`).toBe("scheduled");
        if (parsed.kind !== "scheduled") return;
        expect(parsed.pattern).toBe("once_weekly");
        expect(parsed.everyDays).toBe(7);
        expect(parsed.times).toHaveLength(1);
      }),
    );
  });
  it("keeps a count before it as the dose's units ('3 tabs weekly')", () => {
    const parsed = parseFrequency(k, "3 tabs weekly");
    expect(parsed.kind === "scheduled" && parsed.unitsPerDose).toBe(3);
  });
  it("reads 'weekly prn' as as needed at most once a week", () => {
    const parsed = parseFrequency(k, "weekly prn");
    expect(parsed.kind === "prn" && parsed.interval).toEqual({ minHours: 168, maxHours: 168 });
  });
});

describe("the nurse's schedule gives a weekly dose on one weekday", () => {
  it("lists it on the start date and every 7th day after, never between", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEEKLY), fc.integer({ min: 0, max: 60 }), (f, day) => {
        const s = buildMedicationSchedule(k, [{ name: "Methotrexate", dose: "10 mg", frequency: f, startDate: START }], addDays(START, day));
        expect(s.doses.length, `${f} day ${day}`).toBe(day % 7 === 0 ? 1 : 0);
        expect(s.unparseable).toHaveLength(0);
      }),
    );
  });
  it("ends with its course: 'x 4/52' is four doses, the last on day 22", () => {
    const dosesOn = (d: number) => buildMedicationSchedule(k, [{ name: "M", dose: "10 mg", frequency: "once weekly x 4/52", startDate: START }], addDays(START, d));
    const given = Array.from({ length: 40 }, (_, d) => dosesOn(d).doses.length);
    expect(given.reduce((a, b) => a + b, 0)).toBe(4);
    expect(dosesOn(28).completedCourses).toHaveLength(1);
  });
  it("without a start date, says the day is not known rather than giving it daily", () => {
    const s = buildMedicationSchedule(k, [{ name: "M", dose: "10 mg", frequency: "kila wiki", startDate: null }], START);
    expect(s.doses).toHaveLength(0);
    expect(s.unparseable[0]?.reason).toMatch(/start date/);
  });
  it("leaves a daily frequency daily", () => {
    const s = buildMedicationSchedule(k, [{ name: "M", dose: "10 mg", frequency: "od", startDate: START }], addDays(START, 3));
    expect(s.doses).toHaveLength(1);
  });
});

describe("a weekday written with the frequency is the day it is given", () => {
  // 2026-05-06 is a Wednesday (getUTCDay 3).
  const NAMED: [string, number][] = [
    ["every Monday", 1],
    ["weekly on Mondays", 1],
    ["once weekly (Friday)", 5],
    ["each sunday", 0],
    ["on Saturdays", 6],
    ["kila Jumatatu", 1],
    ["mara moja kwa wiki siku ya ijumaa", 5],
    ["Jumapili", 0],
  ];
  it.each(NAMED)("%s → given on weekday %d only, with or without a start date", (f, weekday) => {
    const parsed = parseFrequency(k, f);
    expect(parsed.kind === "scheduled" && parsed.weekday).toBe(weekday);
    for (const startDate of [START, null]) {
      for (let d = 0; d < 14; d++) {
        const date = addDays(START, d);
        const s = buildMedicationSchedule(k, [{ name: "M", dose: "10 mg", frequency: f, startDate }], date);
        expect(s.doses.length, `${f} ${date}`).toBe(new Date(`${date}T00:00:00Z`).getUTCDay() === weekday ? 1 : 0);
      }
    }
  });
  it("never gives it before the start date", () => {
    expect(buildMedicationSchedule(k, [{ name: "M", dose: "10 mg", frequency: "every monday", startDate: START }], "2026-05-04").doses).toHaveLength(0);
  });
  it("does not read a weekday with a daily frequency ('od monday'): the meaning is unclear", () => {
    expect(parseFrequency(k, "od monday").kind).toBe("unparseable");
  });
});

describe("a once-weekly drug written weekly is checked against its weekly maximum", () => {
  const verify = (dose: string, frequency: string, name = "Methotrexate") =>
    verifyPrescription(knowledge, [{ name, dose, frequency }], { activeMedications: [], conditions: [], allergies: [], age: ageFromYears(50) });
  const max = knowledge.drugs.byId.get("methotrexate")!.adult_max_weekly_dose!.mg;
  it("passes the weekly maximum exactly, and flags above it", () => {
    expect(verify(`${max} mg`, "once a week").items[0].doseCheck).toBe("within_adult_maximum");
    const over = verify(`${max + 2.5} mg`, "mara moja kwa wiki");
    expect(over.items[0].doseCheck).toBe("above_adult_maximum");
    expect(over.issues.some((x) => x.severity === "major" && /a week/.test(x.message))).toBe(true);
  });
  it("counts tablets of the strength in the name ('Methotrexate 2.5mg' '4 tabs' weekly = 10 mg a week)", () => {
    const r = verify("4 tabs", "every week", "Methotrexate 2.5mg");
    expect(r.items[0].frequencyPattern).toBe("once_weekly");
    expect(r.items[0].doseCheck).toBe("within_adult_maximum");
    expect(r.items[0].doseCheckNote).toMatch(/10 mg a week/);
  });
  it("still reports a daily frequency for a weekly drug", () => {
    expect(verify("7.5 mg", "kila siku").items[0].doseCheck).toBe("above_adult_maximum");
  });
  it("checks a weekly dose of a drug with a daily maximum on the day it is given", () => {
    const r = verifyPrescription(knowledge, [{ name: "Paracetamol", dose: "5 g", frequency: "weekly" }], { activeMedications: [], conditions: [], allergies: [] });
    expect(r.items[0].doseCheck).toBe("above_adult_maximum");
  });
});
