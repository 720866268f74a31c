import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { writtenStrength } from "./daily-dose.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

/**
 * Inpatient charts and ISMP error-prone forms (session 18, blind set 4): a missing leading zero, doses per kg per dose
 * and per day, a day's total "in N divided doses", a continuous infusion's rate, an adult dosed by weight, a once-daily
 * drug charted more often, a fixed-dose combination written without its strength, and abbreviations with digits.
 * Wordings are in no fixture.
 */
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (name: string, dose: string, frequency: string, years: number, weightKg: number | null) =>
  verifyPrescription(k, [{ name, dose, frequency }], { ...none, age: ageFromYears(years), weightKg });
const above = (r: ReturnType<typeof verify>) => r.issues.filter((x) => x.item === 0 && x.field === "dose" && /above/.test(x.message));

describe("a dose as written on a ward chart", () => {
  it.each([
    ["Digoxin", ".0625 mg", "once daily", 0.0625],
    ["Haloperidol", ".5 mg", "twice daily", 1],
    ["Warfarin", "3.0 mg", "once daily", 3],
    ["Metformin", "0.5 g", "three times daily", 1500],
    ["Carbamazepine", "200mg 2 tablets", "twice daily", 800],
    ["Nevirapine", "200 mg 1 tab", "once daily", 200],
  ])("%s %s %s is %s mg a day, not a slip", (name, dose, frequency, daily) => {
    const r = verify(name, dose, frequency, 50, 70);
    // Milligram amounts are kept to three decimals (round in daily-dose.ts).
    expect(r.items[0].dailyDoseMg).toBeCloseTo(daily, 2);
    expect(above(r)).toEqual([]);
  });

  it.each([
    ["Ceftriaxone", "50 mg/kg/dose IV", "every 12 hours", 6, 20, 2000],
    ["Amoxicillin", "25mg/kg/dose", "three times daily", 2, 12, 900],
    ["Amoxicillin", "90mg/kg/day", "in two divided doses", 2, 10, 900],
    ["Metronidazole", "1200mg/day", "in three divided doses", 40, 60, 1200],
    ["Paracetamol", "60 mg/kg/24 hrs", "6 hourly", 3, 12, 720],
    ["Gentamicin", "6mg/kg/day IV", "once daily", 4, 16, 96],
  ])("%s %s %s (%s y, %s kg): %s mg a day", (name, dose, frequency, years, kg, daily) => {
    const r = verify(name, dose, frequency, years, kg);
    expect(r.items[0].dailyDoseMg).toBeCloseTo(daily, 6);
    expect(r.issues.filter((x) => x.item === 0 && x.field === "dose")).toEqual([]);
  });

  it.each(["in 2 divided doses", "in two divided doses", "in 3 divided doses", "in three divided doses", "in four divided doses", "4 divided doses"])("'%s' is that many doses a day", (text) => {
    const n = { two: 2, three: 3, four: 4 }[/(two|three|four)/.exec(text)?.[1] as "two"] ?? Number(/\d/.exec(text)![0]);
    const f = parseFrequency(k.administrationTimes, `${text} x 5/7`);
    expect(f.kind).toBe("scheduled");
    if (f.kind === "scheduled") expect([f.times.length, f.courseDays]).toEqual([n, 5]);
  });
});

describe("continuous infusions and adults dosed by weight", () => {
  it.each([
    ["Magnesium sulfate", "1 g/hour IV infusion", "continuous", 24000, false],
    ["Magnesium sulfate", "2g/hr IV", "for 24 hours", 48000, true],
  ])("%s %s %s: %s mg a day, above the maximum %s", (name, dose, frequency, daily, isAbove) => {
    const r = verify(name, dose, frequency, 30, 65);
    expect(r.items[0].dailyDoseMg).toBe(daily);
    expect(above(r).length > 0).toBe(isAbove);
  });

  it.each([
    ["Gentamicin", "400mg IV", "once daily", 50, true],
    ["Gentamicin", "300mg IV", "once daily", 60, false],
    ["Clexane", "150mg SC", "twice daily", 75, true],
    ["Enoxaparin", "75mg SC", "every 12 hours", 75, false],
    ["Quinine", "900mg IV", "every 8 hours", 50, true],
    ["Quinine", "500mg IV", "every 8 hours", 50, false],
  ])("an adult: %s %s %s at %s kg above the most per kg: %s", (name, dose, frequency, kg, isAbove) => {
    const r = verify(name, dose, frequency, 40, kg);
    expect(above(r).length > 0, JSON.stringify(r.issues)).toBe(isAbove);
    if (isAbove) expect(above(r)[0].message).toMatch(/mg\/kg a day/);
  });

  it("the per-kg maximum needs the weight, and leaves a child to the child's maximum", () => {
    expect(above(verify("Gentamicin", "400mg IV", "once daily", 40, null))).toEqual([]);
    for (const d of ["enoxaparin", "gentamicin", "quinine"]) expect(k.drugs.byId.get(d)!.adult_max_daily_dose_per_kg!.source).toMatch(/BNF|WHO/);
  });

  it.each([
    ["Quinine", "400mg", "every 8 hours", 6, 20, true],
    ["Quinine", "200mg IV", "8 hourly", 6, 20, false],
    ["Phenobarbital", "100mg", "at night", 3, 12, true],
    ["Phenobarbitone", "240mg IV", "stat", 3, 12, false],
  ])("a child: %s %s %s (%s y, %s kg) above the weight maximum: %s", (name, dose, frequency, years, kg, isAbove) => {
    expect(above(verify(name, dose, frequency, years, kg)).length > 0).toBe(isAbove);
  });
});

describe("wrong frequency and fixed-dose combinations", () => {
  it.each([
    ["Azithromycin", "250mg", "twice daily", true],
    ["Azithromycin", "1g", "stat", false],
    ["Azithromycin", "500mg", "once daily x 3/7", false],
    ["Amlodipine", "5mg", "three times a day", true],
  ])("%s %s %s is reported as more than once a day: %s", (name, dose, frequency, reported) => {
    const r = verify(name, dose, frequency, 45, 70);
    expect(r.issues.some((x) => x.item === 0 && x.field === "dose" && /ONCE a day/.test(x.message))).toBe(reported);
  });

  it.each([
    ["TDF/3TC/DTG", "1 tablet", "twice a day", true],
    ["Tenofovir/lamivudine/dolutegravir", "1 tab", "once daily", false],
    ["TDF/3TC", "2 tabs", "once daily", true],
  ])("%s %s %s: above a component's maximum %s", (name, dose, frequency, isAbove) => {
    expect(above(verify(name, dose, frequency, 35, 60)).length > 0).toBe(isAbove);
  });

  it.each([
    ["ABC/3TC 120/60", "120/60"],
    ["TDF/3TC/DTG", ""],
    ["d4T 30", "30"],
    ["Co-trimoxazole 960mg", "960"],
  ])("the strength written in %s is %j", (name, strength) => expect(writtenStrength(name)).toBe(strength));
});
