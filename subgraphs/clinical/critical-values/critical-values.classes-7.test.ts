/**
 * Classes from blind set 7 (session 19, lab-limits 2026.11.19, engine 1.11.0), with wordings and values in no fixture:
 * 1. therapeutic drug levels a laboratory calls (digoxin, phenytoin, carbamazepine, lithium, vancomycin trough,
 *    gentamicin trough and peak): a high limit only, in mass or molar units; a random gentamicin is another code;
 * 2. CSF glucose is its own test with its own limits, never the blood glucose ones;
 * 3. newborn bilirubin in the first two days of life against the NICE CG98 phototherapy thresholds;
 * 4. a qualifier in parentheses that with the name forms another name of the same test ("Phosphorus (inorganic)").
 */
import { describe, expect, it } from "vitest";
import { assessCriticalValue } from "./critical-values.engine.js";
import { identify } from "./critical-values.test-support.js";

function assess(display: string, value: number, unit: string, ageDays?: number) {
  const { test, errors } = identify("", display, value, unit);
  expect(errors).toEqual({});
  const a = assessCriticalValue(test!, value, unit, "female", ageDays);
  return { loinc: test!.loinc, critical: a.isCritical, deviation: a.deviation };
}

describe("therapeutic drug levels", () => {
  it.each([
    ["Digoxin, serum", 3.1, "nmol/L", "10535-3", true],
    ["Serum digoxin", 1.4, "ug/L", "10535-3", false],
    ["Total phenytoin", 35, "ug/mL", "3968-5", true],
    ["Phenytoin, plasma", 70, "umol/L", "3968-5", false],
    ["Tegretol level", 13.5, "mg/L", "3432-2", true],
    ["Serum lithium", 1.7, "mEq/L", "14334-7", true],
    ["Lithium, plasma", 1.0, "mmol/L", "14334-7", false],
    ["Trough vancomycin", 24, "mg/L", "4092-3", true],
    ["Genta trough", 2.6, "mcg/mL", "3665-7", true],
    ["Peak gentamicin", 9, "ug/mL", "3663-2", false],
  ])("%s %s %s is %s, critical %s", (display, value, unit, loinc, critical) => {
    const a = assess(display, value, unit);
    expect(a.loinc).toBe(loinc);
    expect(a.critical).toBe(critical);
    if (critical) expect(a.deviation).toBe("severely_high");
  });

  it("holds no critical low limit: a subtherapeutic digoxin is not critical", () => {
    expect(assess("Digoxin, serum", 0.2, "ng/mL").critical).toBe(false);
  });

  it("does not take a random gentamicin (another code) for a trough or a peak", () => {
    expect(identify("", "Gentamicin", 6, "mg/L").test).toBeUndefined();
  });
});

describe("CSF glucose", () => {
  it("is its own test with its own limits", () => {
    expect(assess("Cerebrospinal fluid glucose", 1.5, "mmol/L")).toMatchObject({ loinc: "2342-4", critical: true, deviation: "severely_low" });
    expect(assess("Glucose (CSF)", 45, "mg/dL")).toMatchObject({ loinc: "2342-4", critical: false });
    // the same 45 mg/dL in blood is critical (< 50 mg/dL)
    expect(assess("Plasma glucose", 45, "mg/dL")).toMatchObject({ loinc: "2345-7", critical: true });
  });
});

describe("newborn bilirubin by day of life (NICE CG98 phototherapy thresholds)", () => {
  it.each([
    [0, 170, true],
    [0, 120, false],
    [1, 240, true],
    [1, 205, false],
    [2, 240, false],
    [2, 265, true],
  ])("day %s: %s umol/L critical %s", (ageDays, umol, critical) => {
    expect(assess("Bilirubin, total (serum)", umol, "umol/L", ageDays).critical).toBe(critical);
  });
});

describe("a qualifier that with the name forms another name of the test", () => {
  it("identifies Phosphorus (inorganic) as phosphate and Calcium (ionised) as ionised calcium, never as total calcium", () => {
    expect(identify("", "Phosphorus (inorganic)", 1.1, "mmol/L").test?.loinc).toBe("2777-1");
    expect(identify("", "Calcium (ionised)", 1.1, "mmol/L").test?.loinc).toBe("1994-3");
    expect(identify("", "Magnesium (urine)", 1.1, "mmol/L").test).toBeUndefined();
  });
});
