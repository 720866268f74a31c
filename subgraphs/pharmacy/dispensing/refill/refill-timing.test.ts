import { describe, expect, it } from "vitest";
import { daysSupply, dosesPerDay, durationDays, unitsPerDose } from "./refill-timing.js";

describe("reading the directions", () => {
  it.each([
    ["once daily", 1],
    ["once daily at night", 1],
    ["twice daily", 2],
    ["bd", 2],
    ["tds", 3],
    ["three times a day for 5 days", 3],
    ["qid", 4],
    ["every 4 hours", 6],
    ["every 8 hours as needed for pain", null],
    ["2 times a day", 2],
    ["weekly", 1 / 7],
    ["as needed", null],
    ["as directed", null],
  ])("%j is %s doses a day", (frequency, n) => {
    expect(dosesPerDay(frequency)).toBe(n);
  });

  it.each([
    ["1 tablet", "6809", 1],
    ["2 tablets", null, 2],
    ["two capsules", null, 2],
    ["500 mg", "6809", 1],
    ["1 g", "6809", 2],
    ["250 mg", "6809", 0.5],
    ["5 ml", "6809", null],
    ["500 mg", null, null],
  ])("%j of %s is %s units a dose", (dose, code, n) => {
    expect(unitsPerDose(dose, code)).toBe(n);
  });

  it.each([
    ["twice daily for 30 days", 30],
    ["once daily x 2 weeks", 14],
    ["for 1 month", 30],
    ["twice daily", null],
  ])("%j lasts %s days", (frequency, days) => {
    expect(durationDays(frequency)).toBe(days);
  });

  it("counts units given over units a day, else the duration written, else nothing", () => {
    expect(daysSupply({ dose: "500 mg", frequency: "twice daily", medicationCode: "6809" }, 60)).toBe(30);
    expect(daysSupply({ dose: "1 tablet", frequency: "daily for 28 days", medicationCode: null }, 60)).toBe(60);
    expect(daysSupply({ dose: "as directed", frequency: "as directed for 28 days", medicationCode: null }, 60)).toBe(28);
    expect(daysSupply({ dose: "2 puffs", frequency: "as needed", medicationCode: null }, 200)).toBeNull();
  });
});
