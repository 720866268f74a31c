/**
 * Chemistry tests added in session 16 (lab-limits 2026.11.10, critical-value engine 1.4.0): magnesium,
 * phosphate, urea, urea nitrogen, ALT, AST, total bilirubin, total CO2 (bicarbonate), chloride. Units and
 * conversions, boundaries of the reference interval and of the critical limits, and the wording of a test
 * with no critical limit. Values are not those of the blind sets.
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, childWithoutCriticalLimit, conversionFactor, identifyTest, NO_CRITICAL_LIMITS } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};
const deviation = (loinc: string, value: number, unit: string) => assessCriticalValue(test(loinc), value, unit).deviation;
const NO_LIMIT = ["22664-7", "3094-0", "1742-6", "1920-8", "1975-2", "2075-0"];

describe("unit conversions of the new tests (molar masses and UCUM)", () => {
  it.each([
    ["19123-9", "mmol/L", 2.4305], // Mg 24.305 g/mol
    ["19123-9", "mEq/L", 1.21525], // divalent
    ["19123-9", "mg/L", 0.1],
    ["2777-1", "mmol/L", 3.0974], // P 30.974 g/mol
    ["22664-7", "mg/dL", 1 / 6.006], // urea 60.06 g/mol
    ["3094-0", "mmol/L", 2.8014], // 2 N × 14.007
    ["1975-2", "µmol/L", 0.05847], // 584.7 g/mol
    ["1975-2", "umol/l", 0.05847],
    ["1742-6", "IU/L", 1],
    ["1742-6", "µkat/L", 60], // 1 µkat = 60 µmol/min
    ["1920-8", "ukat/L", 60],
    ["2028-9", "mEq/L", 1],
    ["2075-0", "mEq/L", 1],
  ])("%s: 1 %s = %d × canonical", (loinc, unit, factor) => {
    expect(conversionFactor(test(loinc), unit)).toBeCloseTo(factor, 10);
  });

  it("urea and urea nitrogen agree: 10 mmol/L of urea is 28.0 mg/dL urea nitrogen and 60.1 mg/dL urea", () => {
    expect(assessCriticalValue(test("3094-0"), 10, "mmol/L").canonicalValue).toBeCloseTo(28.014, 6);
    expect(assessCriticalValue(test("22664-7"), 60.06, "mg/dL").canonicalValue).toBeCloseTo(10, 10);
  });

  it("refuses units that are another quantity (phosphate in mEq/L, an enzyme in mmol/L)", () => {
    expect(conversionFactor(test("2777-1"), "mEq/L")).toBeUndefined();
    expect(conversionFactor(test("1742-6"), "mmol/L")).toBeUndefined();
    expect(conversionFactor(test("1975-2"), "mmol/L")).toBeUndefined();
  });
});

describe("boundaries", () => {
  it.each([
    // magnesium: ≤ 1.0 and ≥ 5.0 mg/dL (inclusive, WakeMed), interval 1.6-2.6
    ["19123-9", 1.0, "mg/dL", "severely_low"],
    ["19123-9", 1.01, "mg/dL", "low"],
    ["19123-9", 1.6, "mg/dL", "normal"],
    ["19123-9", 2.6, "mg/dL", "normal"],
    ["19123-9", 2.61, "mg/dL", "high"],
    ["19123-9", 4.99, "mg/dL", "high"],
    ["19123-9", 5.0, "mg/dL", "severely_high"],
    ["19123-9", 0.41, "mmol/L", "severely_low"], // 0.9965 mg/dL
    ["19123-9", 0.42, "mmol/L", "low"], // 1.021 mg/dL
    ["19123-9", 2.06, "mmol/L", "severely_high"], // 5.007 mg/dL
    // phosphate: ≤ 1.0 and > 9.0 mg/dL
    ["2777-1", 1.0, "mg/dL", "severely_low"],
    ["2777-1", 2.49, "mg/dL", "low"],
    ["2777-1", 9.0, "mg/dL", "high"],
    ["2777-1", 9.01, "mg/dL", "severely_high"],
    ["2777-1", 0.32, "mmol/L", "severely_low"], // 0.991 mg/dL
    ["2777-1", 0.33, "mmol/L", "low"], // 1.022 mg/dL
    // total CO2: ≤ 11 and ≥ 40 mmol/L
    ["2028-9", 11, "mmol/L", "severely_low"],
    ["2028-9", 12, "mmol/L", "low"],
    ["2028-9", 22, "mmol/L", "normal"],
    ["2028-9", 39, "mmol/L", "high"],
    ["2028-9", 40, "mEq/L", "severely_high"],
    // no critical limit: flagged against the reference interval only, however far out
    ["1742-6", 56, "U/L", "normal"],
    ["1742-6", 57, "U/L", "high"],
    ["1742-6", 5000, "U/L", "high"],
    ["1920-8", 9, "U/L", "low"],
    ["1975-2", 20.5, "µmol/L", "normal"], // 1.199 mg/dL
    ["1975-2", 21, "µmol/L", "high"], // 1.228 mg/dL
    ["1975-2", 30, "mg/dL", "high"],
    ["22664-7", 7.1, "mmol/L", "normal"],
    ["22664-7", 60, "mmol/L", "high"],
    ["3094-0", 5.9, "mg/dL", "low"],
    ["2075-0", 97, "mmol/L", "low"],
    ["2075-0", 107, "mEq/L", "normal"],
  ])("LOINC %s %s %s → %s", (loinc, value, unit, expected) => {
    expect(deviation(loinc, value, unit)).toBe(expected);
  });
});

describe("a test with no critical limit", () => {
  it.each(NO_LIMIT)("%s is never critical and says no critical limit is defined (never an empty range)", (loinc) => {
    const t = test(loinc);
    expect(t.critical_low).toBeNull();
    expect(t.critical_high).toBeNull();
    for (const value of [t.reference_range[0] / 2, t.reference_range[1] * 20]) {
      const a = assessCriticalValue(t, value, t.canonical_unit);
      expect(a.isCritical).toBe(false);
      expect(a.urgency).toBe("moderate");
      expect(a.criticalLimits).toBe(NO_CRITICAL_LIMITS);
      expect(a.clinicalSignificance).toMatch(/no (adult )?critical limit is defined for/);
      expect(a.clinicalSignificance).not.toMatch(/\(\s*[a-zA-Z/]*\s*\)\.?$|critical range \(/);
    }
  });

  it("a test with a limit on one side only says so for the other side (creatinine low, INR low)", () => {
    const a = assessCriticalValue(test("2160-0"), 0.3, "mg/dL");
    expect(a.clinicalSignificance).toBe("Below the reference interval (0.6–1.3 mg/dL); no critical low limit is defined for creatinine (critical only > 5 mg/dL).");
    expect(assessCriticalValue(test("2160-0"), 3, "mg/dL").clinicalSignificance).toMatch(/but not in the critical range \(> 5 mg\/dL\)/);
  });

  it("refuses a child's result of a test without critical limits, and not an adult's or a test with limits", () => {
    expect(childWithoutCriticalLimit(test("1975-2"), 0)).toMatch(/no critical limit is defined for total bilirubin after the newborn period/);
    expect(childWithoutCriticalLimit(test("1742-6"), 17)).toMatch(/under 18/);
    expect(childWithoutCriticalLimit(test("1742-6"), 18)).toBeNull();
    expect(childWithoutCriticalLimit(test("19123-9"), 2)).toBeNull();
    expect(childWithoutCriticalLimit(test("2160-0"), 2)).toBeNull(); // a high limit is held
  });
});

describe("identification of the new tests", () => {
  it.each([
    ["MG", "Serum magnesium", "19123-9"],
    ["", "Phosphorus", "2777-1"],
    ["LAB9", "S. urea", "22664-7"],
    ["LAB9", "BUN", "3094-0"],
    ["X", "Blood urea nitrogen", "3094-0"],
    ["SGPT", "ALT (SGPT)", "1742-6"],
    ["X", "SGOT/AST", "1920-8"],
    ["X", "T. bilirubin", "1975-2"],
    ["X", "HCO3", "2028-9"],
    ["X", "Bicarbonate, serum", "2028-9"],
    ["X", "Cl-", "2075-0"],
  ])("local code %j with display %j is %s", (code, display, loinc) => {
    expect(identifyTest(k.labTests, code, display).identified?.test.loinc).toBe(loinc);
  });

  it("urea is not urea nitrogen, and an equivalent code is assessed with its own unit", () => {
    expect(identifyTest(k.labTests, "X", "Urea").identified?.test.loinc).toBe("22664-7");
    const mg = identifyTest(k.labTests, "2601-3", null).identified;
    expect(mg?.test.loinc).toBe("19123-9");
    expect(assessCriticalValue(mg!.test, 0.35, "mmol/L").deviation).toBe("severely_low");
    expect(identifyTest(k.labTests, "14631-6", null).identified?.test.loinc).toBe("1975-2");
    expect(identifyTest(k.labTests, "3091-6", null).identified?.test.loinc).toBe("22664-7");
    expect(identifyTest(k.labTests, "14937-7", null).identified?.test.loinc).toBe("3094-0");
  });

  it("names stay unambiguous across all tests: no name or synonym belongs to two tests", () => {
    const seen = new Map<string, string>();
    for (const t of k.labTests.values()) {
      for (const n of [t.name, ...t.synonyms]) {
        const key = n.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
        expect(seen.get(key) ?? t.loinc, `${n}`).toBe(t.loinc);
        seen.set(key, t.loinc);
      }
    }
  });
});

describe("haematocrit (20570-8) and absolute neutrophil count (751-8)", () => {
  it.each([
    ["20570-8", 20, "%", "low"], // < 20 % strictly
    ["20570-8", 19.9, "%", "severely_low"],
    ["20570-8", 0.199, "L/L", "severely_low"],
    ["20570-8", 0.2, "l/l", "low"],
    ["20570-8", 45, "%", "normal"],
    ["20570-8", 59.9, "%", "high"],
    ["20570-8", 60, "%", "severely_high"], // ≥ 60 % (WakeMed, inclusive)
    ["20570-8", 0.6, "L/L", "severely_high"],
    ["751-8", 0.5, "x10^9/L", "severely_low"], // ≤ 0.5 (inclusive)
    ["751-8", 0.51, "10^9/L", "low"],
    ["751-8", 500, "cells/mm³", "severely_low"], // 500/mm³ = 0.5 ×10⁹/L
    ["751-8", 510, "/µL", "low"],
    ["751-8", 2.0, "10^3/uL", "normal"],
    ["751-8", 40, "10^9/L", "high"], // no high limit: the leukocyte limit alerts a high count
  ])("LOINC %s %s %s → %s", (loinc, value, unit, expected) => {
    expect(deviation(loinc, value, unit)).toBe(expected);
  });

  it("reads a bare % as a percentage (haematocrit), and mg% / g% still as per dL", () => {
    expect(conversionFactor(test("20570-8"), "%")).toBe(1);
    expect(conversionFactor(test("2345-7"), "mg%")).toBe(1);
    expect(conversionFactor(test("718-7"), "g%")).toBe(1);
    expect(conversionFactor(test("2345-7"), "%")).toBeUndefined();
  });

  it("refuses a neutrophil percentage and a haematocrit above 100 %", () => {
    expect(conversionFactor(test("751-8"), "%")).toBeUndefined();
    expect(identifyTest(k.labTests, "X", "Neutrophils").identified).toBeUndefined(); // the percentage or the count
    expect(identifyTest(k.labTests, "X", "ANC").identified?.test.loinc).toBe("751-8");
    expect(identifyTest(k.labTests, "X", "PCV").identified?.test.loinc).toBe("20570-8");
    expect(assessCriticalValue(test("20570-8"), 40, "%", "female").normalRange).toBe("37–47 %");
  });
});
