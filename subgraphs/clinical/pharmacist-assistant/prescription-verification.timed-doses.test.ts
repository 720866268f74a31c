/**
 * Classes found by the tenth blind set (test/fixtures/prescriptions/prescriptions-blind-10.json, session 20), tested over
 * wordings that are NOT in that set: a different dose at each time of day (dosing slots with unequal amounts, an amount
 * per part of the day, "a/b units" twice a day), the dose written as the timing with no frequency or only a course, parts
 * of the day named as the frequency, a dose in IU against the age band's single dose (vitamin A, IMCI), a percentage
 * strength in mL (lidocaine 2% = 20 mg/mL), and a child's morphine against the per-kg maximum (a decimal point lost).
 */
import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { buildMedicationSchedule, parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

const k = knowledgeFromFiles();
const at = k.administrationTimes;
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (name: string, dose: string | null, frequency: string | null, ctx: { years?: number; kg?: number } = {}) =>
  verifyPrescription(k, [{ name, dose, frequency }], { ...none, age: ctx.years === undefined ? null : ageFromYears(ctx.years), weightKg: ctx.kg ?? null });
const overdose = (r: ReturnType<typeof verify>) => r.items[0].doseCheck === "above_adult_maximum" || r.issues.some((x) => x.item === 0 && x.field === "dose" && /above/i.test(x.message));
const day = (name: string, dose: string, frequency: string) => buildMedicationSchedule(at, [{ name, dose, frequency, startDate: "2026-12-01" }], "2026-12-01");

describe("a different dose at each time of day: the day's total is their sum", () => {
  it.each([
    ["Metformin 850mg", "1-0-2", null, 2550],
    ["Furosemide 20mg tabs", "3-1-0", null, 80],
    ["Carbamazepine 100mg", "2 - 0 - 3", null, 500],
    ["Gliclazide 80mg", "1 tab", "2-0-1", 240],
    ["Carbamazepine 200mg", "1-1-2", "for 30 days", 800],
  ])("%s %s %s → %s mg a day", (name, dose, frequency, mg) => {
    expect(verify(name, dose, frequency).items[0].dailyDoseMg).toBe(mg);
  });
  it("their sum above the adult maximum is flagged, though each time's dose is not", () => {
    // Ibuprofen BNF max 2.4 g a day: 1.2 g + 0.4 g + 1.2 g; no one time's dose is above it.
    expect(overdose(verify("Ibuprofen 400mg", "3-1-3", null))).toBe(true);
    expect(overdose(verify("Ibuprofen 400mg", "1-1-1", null))).toBe(false);
  });
  it("no frequency is not reported when the dose gives the times", () => {
    const r = verify("Metformin 1g", "1-0-1", null);
    expect(r.issues.filter((x) => x.field === "frequency")).toEqual([]);
    expect(r.items[0].dailyDoseMg).toBe(2000);
  });
  it("each time's amount at its ward time on the chart", () => {
    const s = day("Furosemide 40mg", "", "2-1-0");
    expect(s.doses.map((d) => [d.time, d.dose])).toEqual([["08:00", "2 × unit"], ["14:00", "1 × unit"]]);
    const t = day("Carbamazepine 200mg", "1 tab", "1-0-2");
    expect(t.doses.map((d) => d.dose)).toEqual(["1 × 1 tab", "2 × 1 tab"]);
  });
  it("a course after the slots still ends the course", () => {
    const p = parseFrequency(at, "for 4 days", "1-0-2");
    expect(p.kind === "scheduled" && p.courseDays).toBe(4);
  });
});

describe("an amount at each part of the day", () => {
  it.each([
    ["14 units am, 8 units pm", 2, "twice_daily"],
    ["12iu mane 4iu nocte", 2, "twice_daily"],
    ["8u morning + 6u midday + 10u evening", 3, "three_times_daily"],
    ["500mg mane, 1g nocte", 2, "twice_daily"],
  ])("%s → %s doses (%s)", (text, n, id) => {
    const p = parseFrequency(at, text);
    expect(p.kind).toBe("scheduled");
    if (p.kind !== "scheduled") return;
    expect(p.times.length).toBe(n);
    expect(p.pattern).toBe(id);
    expect(p.doseAtTimes?.length).toBe(n);
  });
  it("insulin units on the chart at each time, with no mg total", () => {
    const s = day("Insulatard", "18 units mane, 10 units nocte", "");
    expect(s.doses.map((d) => d.dose)).toEqual(["18 units", "10 units"]);
    expect(verify("Insulatard", "18 units mane, 10 units nocte", null).items[0].dailyDoseMg).toBeNull();
  });
  it("mg amounts are summed against the maximum", () => {
    // Paracetamol BNF max 4 g a day: 2 g + 1.5 g + 1 g.
    expect(overdose(verify("Paracetamol", "2g morning, 1.5g midday, 1000mg night", null))).toBe(true);
    expect(overdose(verify("Paracetamol", "1g morning, 1g night", null))).toBe(false);
  });
  it("one part of the day is an ordinary frequency, not a split dose", () => {
    const p = parseFrequency(at, "2 tabs mane");
    expect(p.kind === "scheduled" && p.doseAtTimes).toBeFalsy();
  });
  it("parts of the day named as the frequency make the standard frequency", () => {
    expect(parseFrequency(at, "before breakfast and before dinner")).toMatchObject({ kind: "scheduled", pattern: "twice_daily" });
    expect(parseFrequency(at, "morning, midday & evening")).toMatchObject({ kind: "scheduled", pattern: "three_times_daily" });
  });
  it("a premixed insulin written a/b units twice a day gives each time its amount", () => {
    const s = day("Mixtard 30/70 penfill", "26/14 units", "bd");
    expect(s.doses.map((d) => [d.time, d.dose])).toEqual([["08:00", "26 units"], ["20:00", "14 units"]]);
  });
});

describe("a dose in IU against the single dose for the age (vitamin A, IMCI 2014)", () => {
  it.each([
    [0.4, "100 000 IU", true],
    [0.4, "50,000 iu", false],
    [0.9, "200000 IU", true],
    [0.9, "100000 IU", false],
    [4, "200,000 IU", false],
    [4, "400,000 IU", true],
  ])("age %s years, %s → above: %s", (years, dose, above) => {
    expect(overdose(verify("Retinol caps", dose, "stat", { years }))).toBe(above);
  });
  it("no age, no check", () => {
    expect(overdose(verify("Retinol caps", "400,000 IU", "stat"))).toBe(false);
  });
});

describe("percentage strengths in mL, and a lost decimal point in a child", () => {
  it("lidocaine 1% is 10 mg/mL: 30 mL is 300 mg, above the 200 mg plain maximum", () => {
    const r = verify("Xylocaine 1%", "30 mls", "stat");
    expect(r.items[0].dailyDoseMg).toBe(300);
    expect(overdose(r)).toBe(true);
    expect(overdose(verify("Xylocaine 1%", "8 mls", "stat"))).toBe(false);
  });
  it("IV morphine in a child above the per-kg maximum; a per-kg dose is not", () => {
    expect(overdose(verify("Morphine sulphate inj", "50mg IV", "stat", { years: 6, kg: 20 }))).toBe(true);
    expect(overdose(verify("Morphine sulphate inj", "2mg IV", "4 hourly", { years: 6, kg: 20 }))).toBe(false);
  });
});
