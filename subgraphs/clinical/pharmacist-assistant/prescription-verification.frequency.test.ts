import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { dosesPerDay } from "./daily-dose.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const one = (name: string, dose: string, frequency: string) => verifyPrescription(k, [{ name, dose, frequency }], none);

/** Every N with standard administration times: the divisors of 24. */
const HOURS = Object.keys(k.administrationTimes.every_hours).map(Number);
const WORDS: Record<number, string> = { 1: "one", 2: "two", 3: "three", 4: "four", 6: "six", 8: "eight", 12: "twelve", 24: "twenty four" };

/** How prescribers write "every N hours" (N as digits; the word form where one exists). */
const SPELLINGS: ((n: string) => string)[] = [
  (n) => `every ${n} hours`, (n) => `Every ${n} hrs`, (n) => `every ${n} hr`, (n) => `every ${n}h`, (n) => `every ${n} hourly`,
  (n) => `q${n}h`, (n) => `Q${n}H`, (n) => `q ${n} h`, (n) => `q${n}hr`, (n) => `q${n}hrs`, (n) => `q${n}hrly`, (n) => `q.${n}.h.`, (n) => `q${n} hours`,
  (n) => `${n} hourly`, (n) => `${n}-hourly`, (n) => `${n} - hourly`, (n) => `${n}–hourly`, (n) => `${n}hourly`, (n) => `${n} hrly`, (n) => `${n}hrly`,
  (n) => `${n}-hrly`, (n) => `${n} HRLY`, (n) => `${n} hly`, (n) => `each ${n} hours`,
];

describe("every N hours in all common spellings (issue: 6 hrly, 6hrly, 12 hrly were unreadable)", () => {
  it("has administration times for every divisor of 24, 24/N of them", () => {
    expect(HOURS.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 8, 12, 24]);
    for (const n of HOURS) expect(k.administrationTimes.every_hours[String(n)], `every ${n} hours`).toHaveLength(24 / n);
  });

  it("reads every spelling × N as every N hours, 24/N doses a day, and the day's total as dose × 24/N", () => {
    fc.assert(
      fc.property(fc.constantFrom(...HOURS), fc.constantFrom(...SPELLINGS), fc.boolean(), fc.integer({ min: 1, max: 40 }), (n, spell, asWord, tens) => {
        const text = spell(asWord && WORDS[n] ? WORDS[n] : String(n));
        const parsed = parseFrequency(k.administrationTimes, text);
        expect(parsed, text).toMatchObject({ kind: "scheduled", pattern: `every_${n}_hours` });
        expect(dosesPerDay(parsed)?.count, text).toBe(24 / n);
        const dose = tens * 10;
        const r = one("Paracetamol", `${dose} mg`, text);
        expect(r.items[0].frequencyPattern, text).toBe(`every_${n}_hours`);
        expect(r.items[0].dailyDoseMg, text).toBe((dose * 24) / n);
        expect(r.items[0].doseCheck, text).toBe((dose * 24) / n > 4000 ? "above_adult_maximum" : "within_adult_maximum");
      }),
      { numRuns: 600 },
    );
  });

  it("keeps a course length and a food instruction after any spelling", () => {
    for (const spell of SPELLINGS) {
      expect(parseFrequency(k.administrationTimes, `${spell("8")} for 5 days`), spell("8")).toMatchObject({ kind: "scheduled", pattern: "every_8_hours", courseDays: 5 });
      expect(parseFrequency(k.administrationTimes, `${spell("12")} with food`), spell("12")).toMatchObject({ kind: "scheduled", pattern: "every_12_hours", instruction: "with food" });
    }
  });

  it("names an N without standard times instead of guessing, and does not read a bare 8h (a clock time in francophone East Africa)", () => {
    for (const text of ["every 5 hours", "q5h", "7 hourly", "q48h"]) expect(parseFrequency(k.administrationTimes, text), text).toMatchObject({ kind: "unparseable", reason: expect.stringMatching(/no standard administration times/) });
    for (const text of ["8h", "6 hrs", "q6", "hourly-ish"]) expect(parseFrequency(k.administrationTimes, text).kind, text).toBe("unparseable");
  });
});

describe("a range of hours, or an interval with PRN: the worst case for the maximum daily dose", () => {
  const RANGES: ((a: string, b: string) => string)[] = [(a, b) => `${a}-${b} hourly`, (a, b) => `${a} - ${b} hrly`, (a, b) => `${a}-${b}hrly`, (a, b) => `every ${a} to ${b} hours`, (a, b) => `every ${a}-${b} hours`, (a, b) => `q${a}-${b}h`, (a, b) => `${a} to ${b} hourly`, (a, b) => `${a}–${b} hourly`];

  it("reads 'A-B hourly' in any spelling as needed at most every A hours: ⌈24/A⌉ doses a day at worst, said so", () => {
    fc.assert(
      fc.property(fc.constantFrom(...RANGES), fc.constantFrom(...HOURS.filter((n) => n < 24)), fc.integer({ min: 1, max: 12 }), (spell, a, extra) => {
        const b = a + extra;
        const text = spell(String(a), String(b));
        const parsed = parseFrequency(k.administrationTimes, text);
        expect(parsed, text).toMatchObject({ kind: "prn", interval: { minHours: a, maxHours: b } });
        expect(dosesPerDay(parsed), text).toMatchObject({ count: Math.ceil(24 / a), open: false, worstCase: expect.stringMatching(new RegExp(`every ${a} hours`)) });
      }),
      { numRuns: 300 },
    );
  });

  it("paracetamol 1 g 4-6 hourly is 6 g a day at worst: a major issue that says it took the worst case", () => {
    const r = one("Paracetamol", "1 g", "4-6 hourly");
    expect(r.items[0]).toMatchObject({ frequencyPattern: "every_4_to_6_hours", doseCheck: "above_adult_maximum", dailyDoseMg: 6000, doseCheckNote: expect.stringMatching(/worst case: a dose every 4 hours, 6 a day/) });
    expect(r.verified).toBe(false);
  });

  it("500 mg 4-6 hourly (3 g at worst) is within, and the note still says it is the worst case", () => {
    const r = one("Paracetamol", "500 mg", "4-6 hourly");
    expect(r.items[0]).toMatchObject({ doseCheck: "within_adult_maximum", dailyDoseMg: 3000, doseCheckNote: expect.stringMatching(/worst case/) });
    expect(r.verified).toBe(true);
  });

  it.each([
    ["q6h prn", 6], ["prn q6h", 6], ["6 hrly prn", 6], ["6 hourly as needed", 6], ["every 8 hours as required", 8], ["PRN 4 hourly", 4],
  ])("%s is as needed at most every %i hours", (text, n) => {
    const parsed = parseFrequency(k.administrationTimes, text);
    expect(parsed).toMatchObject({ kind: "prn", interval: { minHours: n, maxHours: n } });
    const r = one("Ibuprofen", "400 mg", text);
    expect(r.items[0]).toMatchObject({ frequencyPattern: `prn_every_${n}_hours`, dailyDoseMg: (400 * 24) / n });
  });

  it("lists a range under as-needed in the nurse's day, never at guessed clock times", () => {
    expect(parseFrequency(k.administrationTimes, "4-6 hourly")).toMatchObject({ kind: "prn", condition: "every 4 to 6 hours" });
  });
});

describe("named frequencies as written on prescriptions", () => {
  it.each([
    ["nocte", "once_daily_night", 1], ["mane", "once_daily", 1], ["od", "once_daily", 1], ["OD", "once_daily", 1], ["o.d.", "once_daily", 1],
    ["bd", "twice_daily", 2], ["b.d.", "twice_daily", 2], ["BID", "twice_daily", 2], ["tds", "three_times_daily", 3], ["t.d.s", "three_times_daily", 3],
    ["thrice daily", "three_times_daily", 3], ["qid", "four_times_daily", 4], ["qds", "four_times_daily", 4], ["stat", "stat", 1], ["STAT", "stat", 1],
  ])("%s → %s, %i dose(s) a day", (text, pattern, perDay) => {
    const r = one("Paracetamol", "100 mg", text);
    expect(r.items[0]).toMatchObject({ frequencyPattern: pattern, dailyDoseMg: 100 * perDay });
  });

  it("prn alone is as needed: the single dose is checked, the day's total is not known", () => {
    expect(one("Paracetamol", "1 g", "prn").items[0]).toMatchObject({ frequencyPattern: "prn", doseCheck: "not_checked_prn" });
  });
});
