/**
 * Classes from blind set 11 (session 21, critical-value engine 1.15.0, lab-limits 2026.11.25), with wordings and values
 * in no fixture: results as analysers, point-of-care devices and laboratory systems print them.
 * 1. decimal commas and thousand separators; 2. a power-of-ten unit printed with a count; 3. the sender's flags
 * (not read: our limits apply); 4. a comparator printed before the number; 5. "repeated"/"confirmed" and a haemolysed
 * sample written after the value; 6. values without a number refused; 7. a meter's HI/LO read only where lab-limits
 * holds the marks' bounds (glucose, HemoCue haemoglobin); 8. "%PCV" as a haematocrit unit; 9. contradictions refused.
 */
import { describe, expect, it } from "vitest";
import { assessReportedValue, type QuantityComparator } from "./censored-result.js";
import { identify } from "./critical-values.test-support.js";

function assess(code: string, display: string, value: number | string, unit: string | null, comparator?: string) {
  const r = identify(code, display, value, unit, comparator);
  expect(r.errors, `${display} ${value}`).toEqual({});
  const a = assessReportedValue(r.test!, r.value, r.comparator as QuantityComparator | null, r.unit, "female");
  return { loinc: r.test!.loinc, value: r.value, comparator: r.comparator, unit: r.unit, critical: a.assessment.isCritical, deviation: a.assessment.deviation, undecidable: a.undecidable, canonical: a.assessment.canonicalValue, notes: r.notes };
}

const refusedOn = (code: string, display: string, value: number | string, unit: string | null, comparator?: string) => {
  const { errors } = identify(code, display, value, unit, comparator);
  expect(Object.keys(errors).length, `${display} ${value}`).toBeGreaterThan(0);
  return Object.keys(errors);
};

describe("decimal commas and thousand separators", () => {
  it.each([
    ["Potassium", "2,3", "mmol/L", 2.3, true],
    ["Potassium", "5,9", "mmol/L", 5.9, false],
    ["Glucose", "27,6", "mmol/L", 27.6, false],
    ["Glucose", "31,2", "mmol/L", 31.2, true],
    ["Platelets", "1,080", "x10^9/L", 1080, true],
    ["Platelets", "38,500", "/mm3", 38500, true],
    ["WBC", "32,400", "/uL", 32400, true],
    ["WBC", "3,100", "cells/uL", 3100, false],
  ])("%s %s %s", (display, value, unit, read, critical) => {
    const r = assess("LOCAL", display, value, unit);
    expect(r.value).toBeCloseTo(read, 6);
    expect(r.critical).toBe(critical);
  });
  it("a comma before a group of three digits starting with 0 is a decimal comma", () => {
    expect(assess("LOCAL", "Calcium ionised", "0,850", "mmol/L").value).toBeCloseTo(0.85, 6);
  });
});

describe("a power-of-ten unit printed with a count", () => {
  it.each([
    ["WBC", "1.7 x10^9/L", true, 1.7],
    ["Platelets", "48 ×10⁹/L", true, 48],
    ["Absolute neutrophil count", "0.3 10*9/L", true, 0.3],
    ["Platelets", "250 x10³/µL", false, 250],
  ])("%s %s", (display, value, critical, canonical) => {
    const r = assess("LOCAL", display, value, null);
    expect(r.critical).toBe(critical);
    expect(r.canonical).toBeCloseTo(canonical, 6);
  });
});

describe("the sender's flags are not read: our limits apply", () => {
  it.each([
    ["Potassium", "7.8 HH", "mmol/L", true],
    ["Potassium", "6.1 H", "mmol/L", false],
    ["Sodium", "116 L", "mmol/L", true],
    ["Potassium", "2.4 LL", "mmol/L", true],
    ["Calcium", "12.9 (H)", "mg/dL", true],
    ["Potassium", "3.3 !", "mmol/L", false],
    ["Sodium", "131 ↓", "mmol/L", false],
    ["Haemoglobin", "5.4 L*", "g/dL", true],
  ])("%s %s", (display, value, unit, critical) => {
    const r = assess("LOCAL", display, value, unit);
    expect(r.critical).toBe(critical);
    expect(r.notes.join(" ")).toMatch(/flag/);
  });
});

describe("a comparator printed before the number", () => {
  it("'>7.0' potassium is critical, '<3.0' glucose in mmol/L cannot be judged", () => {
    expect(assess("LOCAL", "Potassium", ">7.0", "mmol/L")).toMatchObject({ comparator: ">", critical: true });
    expect(assess("LOCAL", "Glucose", "<3.0", "mmol/L")).toMatchObject({ comparator: "<", critical: false, undecidable: true });
    expect(assess("LOCAL", "Glucose", "≥ 650", "mg/dL")).toMatchObject({ comparator: ">=", critical: true });
  });
  it("a printed comparator contradicting the one sent is refused", () => {
    expect(refusedOn("LOCAL", "Potassium", "> 6.0", "mmol/L", "<")).toContain("observation.comparator");
  });
});

describe("repeated, confirmed and haemolysed written after the value", () => {
  it("a repeated or confirmed result is assessed as the result", () => {
    expect(assess("LOCAL", "Potassium", "6.7 rpt", "mmol/L").critical).toBe(true);
    expect(assess("LOCAL", "Sodium", "119 confirmed", "mmol/L").critical).toBe(true);
  });
  it("haemolysed after the value is read as a haemolysed display is (a high potassium not alerted, a low one still)", () => {
    expect(assess("LOCAL", "Potassium", "6.8 grossly haemolysed", "mmol/L").critical).toBe(false);
    expect(assess("LOCAL", "Potassium", "2.2 (haemolysed)", "mmol/L")).toMatchObject({ critical: true, deviation: "severely_low" });
  });
});

describe("values without a number, or with words not read, are refused", () => {
  it.each(["QNS", "Refer to comment", "****", "clotted", "6.9 see lab", "-2.0", "6.9 8.1"])("%s", (value) => {
    expect(refusedOn("LOCAL", "Potassium", value, "mmol/L")).toContain("observation.value");
  });
  it("a clotted note after the value is refused on the value", () => {
    expect(refusedOn("LOCAL", "Platelets", "22 sample clotted", "x10^9/L")).toContain("observation.value");
  });
});

describe("a device's HI/LO marks", () => {
  it("glucose HI and LO are read as the bounds held (any unit) and are critical", () => {
    expect(assess("LOCAL", "Blood sugar", "HI", null)).toMatchObject({ comparator: ">", value: 500, unit: "mg/dL", critical: true, deviation: "severely_high" });
    const lo = assess("LOCAL", "Blood sugar", "Lo", "mmol/L");
    expect(lo).toMatchObject({ comparator: "<", critical: true, deviation: "severely_low" });
    expect(lo.value).toBeCloseTo(1.11, 2);
  });
  it("HemoCue's HHH is above 25.6 g/dL; in g/L too", () => {
    expect(assess("LOCAL", "Haemoglobin", "HHH", "g/L")).toMatchObject({ comparator: ">", value: 256, critical: true });
  });
  it("a mark is refused where no bound is held (potassium HI, haemoglobin LO)", () => {
    expect(refusedOn("LOCAL", "Potassium", "HI", "mmol/L")).toContain("observation.value");
    expect(refusedOn("LOCAL", "Haemoglobin", "LO", "g/dL")).toContain("observation.value");
  });
});

describe("units printed as analysers print them", () => {
  it("'%PCV' is a haematocrit percentage, not a unit of other tests", () => {
    expect(assess("LOCAL", "Haematocrit", 17, "%PCV")).toMatchObject({ loinc: "20570-8", critical: true });
    expect(refusedOn("LOCAL", "Potassium", 4, "%PCV")).toContain("observation.unit");
  });
  it("a unit printed with the value contradicting the unit sent is refused", () => {
    expect(refusedOn("LOCAL", "WBC", "2.6x10^9/L", "/mm3")).toContain("observation.unit");
  });
});
