/**
 * Classes of outpatient prescription writing found by the fifth blind set
 * (test/fixtures/prescriptions/prescriptions-blind-5.json, session 18), tested over wordings that are NOT in that set:
 * dosing-slot notation (morning-midday-evening[-night]), Swahili times of day and "kila saa N", the quantity dispensed,
 * the symmetric "a x a" shorthand, a bare count with the strength in the name, a paracetamol combination's share of the
 * day, and a child's day's total across two lines against the maximum for the weight.
 */
import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { parseFrequency } from "../nurse-assistant/medication-schedule.engine.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

const k = knowledgeFromFiles();
const at = k.administrationTimes;
const none = { activeMedications: [], conditions: [], allergies: [] };
const read = (text: string) => parseFrequency(at, text);
const pattern = (text: string) => {
  const p = read(text);
  return p.kind === "scheduled" ? p.pattern : p.kind;
};
const units = (text: string) => {
  const p = read(text);
  return p.kind === "scheduled" ? p.unitsPerDose : undefined;
};

describe("dosing slots (morning-midday-evening[-night])", () => {
  const READ: [string, string, number][] = [
    ["2-0-2", "twice_daily", 2],
    ["1 - 0 - 1", "twice_daily", 1],
    ["1+0+1", "twice_daily", 1],
    ["3-3-3", "three_times_daily", 3],
    ["½+½+½", "three_times_daily", 0.5],
    ["1/2-0-1/2", "twice_daily", 0.5],
    ["6-0-0", "once_daily", 6],
    ["0-0-2", "once_daily_night", 2],
    ["0-0-0-1", "once_daily_night", 1],
    ["2-2-2-2", "four_times_daily", 2],
    ["1-0-0-1", "twice_daily", 1],
  ];
  it.each(READ)("%s is %s with %s a dose", (text, id, n) => {
    expect(pattern(text), text).toBe(id);
    expect(units(text), text).toBe(n);
    expect(pattern(`${text} x 10/7`), text).toBe(id);
  });
  it("no dose at any time is not guessed", () => {
    expect(pattern("0-0-0")).toBe("unparseable");
  });
  // Session 20: different amounts at different times ("1-2-1", "2-0-1-0") and slots with no standard frequency
  // ("0-1-0", "1-1-0") are read, each slot's amount at its time (prescription-verification.timed-doses.test.ts).
  it.each(["1-2-1", "0-1-0", "1-1-0", "2-0-1-0"])("%s (different amounts, or no standard set of times) is read per slot", (text) => {
    expect(pattern(text)).not.toBe("unparseable");
  });
  it("a range is still a range, not slots", () => {
    expect(pattern("4-6 hourly")).toBe("prn");
  });
  it("the dose is multiplied by the slot's count", () => {
    const r = verifyPrescription(k, [{ name: "Paracetamol", dose: "500mg", frequency: "2-2-2" }], none).items[0];
    expect(r.dailyDoseMg).toBe(3000);
  });
});

describe("Swahili times of day and hours", () => {
  it.each([
    ["1 asubuhi na usiku", "twice_daily"],
    ["asubuhi mchana jioni", "three_times_daily"],
    ["2 asubuhi", "once_daily"],
    ["kila saa 6", "every_6_hours"],
    ["kila saa 12 kwa siku 3", "every_12_hours"],
    ["1 asubuhi baada ya kula", "once_daily"],
  ])("%s is %s", (text, id) => expect(pattern(text)).toBe(id));
  it("a bare 'saa 8' is a Swahili clock time, not every 8 hours", () => expect(pattern("saa 8")).toBe("unparseable"));
  it("kabla ya chakula is the instruction 'before food'", () => {
    const p = read("asubuhi na jioni kabla ya chakula");
    expect(p.kind === "scheduled" && p.instruction).toBe("before food");
  });
});

describe("the quantity dispensed is not a frequency or a course", () => {
  it.each([["od #28", "once_daily"], ["bd qty 56", "twice_daily"], ["nocte # 30", "once_daily_night"], ["tds quantity: 84 tabs", "three_times_daily"]])("%s is %s", (text, id) => {
    const p = read(text);
    expect(p.kind === "scheduled" && p.pattern).toBe(id);
    expect(p.kind === "scheduled" && p.courseDays).toBe(null);
  });
  it("a month's supply is a course in months", () => {
    const p = read("bd x 3/12 supply");
    expect(p.kind === "scheduled" && p.courseMonths).toBe(3);
  });
});

describe("the 'a x b' shorthand", () => {
  it.each([["1x1", "once_daily", 1], ["3 x 3", "three_times_daily", 3], ["4x4", "four_times_daily", 4]])("%s, the same either way, is read", (text, id, n) => {
    expect(pattern(text)).toBe(id);
    expect(units(text)).toBe(n);
  });
  it.each(["1x2", "2x1", "3x2"])("%s stays unread (the ambiguity rule), its day's total kept", (text) => {
    const p = read(text);
    expect(p.kind).toBe("unparseable");
    expect(p.kind === "unparseable" && p.unitsPerDay).toBe(Number(text[0]) * Number(text[2]));
  });
});

describe("a bare count with the strength in the name", () => {
  it("is that many tablets of the strength", () => {
    const r = verifyPrescription(k, [{ name: "Ibuprofen 200mg", dose: "3", frequency: "tds" }], none);
    expect(r.items[0].dailyDoseMg).toBe(1800);
    expect(r.issues.filter((x) => x.field === "dose" && /not a dose/.test(x.message))).toEqual([]);
  });
  it("is not read with a concentration (the count could be mL) or no strength", () => {
    expect(verifyPrescription(k, [{ name: "Ibuprofen 100mg/5ml", dose: "5", frequency: "tds" }], none).items[0].dailyDoseMg).toBe(null);
    expect(verifyPrescription(k, [{ name: "Ibuprofen", dose: "2", frequency: "tds" }], none).items[0].dailyDoseMg).toBe(null);
  });
});

describe("paracetamol summed across lines", () => {
  it("counts a paracetamol-caffeine product's paracetamol", () => {
    const r = verifyPrescription(k, [{ name: "Paracetamol/caffeine", dose: "2 tabs", frequency: "qid" }, { name: "Paracetamol", dose: "500mg", frequency: "tds" }], none);
    expect(r.issues.some((x) => x.item === null && x.field === "dose" && /paracetamol/i.test(x.message))).toBe(true);
  });
  it("checks a child's two lines together against the maximum for the weight, each within it alone", () => {
    const child = { ...none, age: ageFromYears(2), weightKg: 12 };
    const r = verifyPrescription(k, [{ name: "Paracetamol syrup 120mg/5ml", dose: "5ml", frequency: "qid" }, { name: "Paracetamol suppository", dose: "125mg PR", frequency: "tds" }], child);
    expect(r.issues.filter((x) => x.item !== null && x.field === "dose")).toEqual([]);
    expect(r.issues.some((x) => x.item === null && x.field === "dose" && /mg\/kg/.test(x.message))).toBe(true);
  });
  it("leaves a child's two lines within the maximum alone", () => {
    const child = { ...none, age: ageFromYears(2), weightKg: 12 };
    const r = verifyPrescription(k, [{ name: "Paracetamol syrup 120mg/5ml", dose: "5ml", frequency: "bd" }, { name: "Paracetamol suppository", dose: "125mg PR", frequency: "bd" }], child);
    expect(r.issues.filter((x) => x.field === "dose")).toEqual([]);
  });
});
