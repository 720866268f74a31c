/**
 * Classes from blind set 10 (session 20 round 4, lab-limits 2026.11.24, engine 1.14.0), with wordings and values in
 * no fixture:
 * 1. "G/L" (giga per litre) on cell counts (platelets, white cells, neutrophils) is 10^9/L, while g/L on
 *    haemoglobin stays grams per litre;
 * 2. the word "total" added to one of the test's names ("Ca total", "WCC total") names the test when another of its
 *    names says total; a test none of whose names says total is not named so.
 */
import { describe, expect, it } from "vitest";
import { assessCriticalValue } from "./critical-values.engine.js";
import { identify } from "./critical-values.test-support.js";

function assess(code: string, display: string, value: number, unit: string | null) {
  const { test, errors } = identify(code, display, value, unit);
  expect(errors, display).toEqual({});
  const a = assessCriticalValue(test!, value, unit, "male");
  return { loinc: test!.loinc, critical: a.isCritical, deviation: a.deviation, canonical: a.canonicalValue };
}

const refused = (code: string, display: string, value: number, unit: string | null) => {
  const { errors } = identify(code, display, value, unit);
  expect(Object.keys(errors).length, display).toBeGreaterThan(0);
  return errors;
};

describe("G/L on cell counts", () => {
  it.each([
    ["Thrombocytes", 41, "G/L", "777-3", true],
    ["Platelet count", 210, "G/L", "777-3", false],
    ["Total WBC", 33, "G/L", "6690-2", true],
    ["Neut abs", 0.3, "G/L", "751-8", true],
  ])("%s %s %s", (display, value, unit, loinc, critical) => {
    const r = assess("LC", display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
    expect(r.canonical).toBeCloseTo(value, 6);
  });

  it("keeps g/L on haemoglobin as grams per litre", () => {
    const r = assess("LHB", "Hgb", 95, "g/L");
    expect(r.canonical).toBeCloseTo(9.5, 6);
    expect(r.critical).toBe(false);
  });
});

describe('"total" added to a name', () => {
  it.each([
    ["Ca total", 1.6, "mmol/L", "17861-6", true],
    ["Ca (total)", 2.3, "mmol/L", "17861-6", false],
    ["WCC total", 1.2, "x10^9/L", "6690-2", true],
  ])("%s", (display, value, unit, loinc, critical) => {
    const r = assess("LT", display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
  });

  it.each([
    ["Total K", 7.2, "mmol/L"],
    ["iCa total", 0.7, "mmol/L"],
    ["Total protein", 60, "g/L"],
  ])("names no test: %s", (display, value, unit) => {
    refused("LT", display, value, unit);
  });
});
