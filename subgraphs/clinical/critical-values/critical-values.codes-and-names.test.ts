/**
 * Classes fixed after the second blind set (critical-value engine 1.5.0, lab-limits 2026.11.11): ionised
 * calcium and its four LOINC codes, the automated-count haematocrit and unmethoded platelet codes, dotted
 * abbreviations ("P.C.V") and patient-group words ("(neonate)") in a display. Wordings and values are not
 * those of test/fixtures/critical-values/requests-blind-2.json.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, checkObservation, conversionFactor, identifyTest, withoutAbbreviationDots } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};

/** What the service does: the errors by field and the test. */
function check(code: string, display: string | null, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const t = checkObservation(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m), "unknown", { notes: [] });
  return { test: t, errors };
}

describe("equivalent codes added in lab-limits 2026.11.11", () => {
  it.each([
    ["4544-3", "20570-8", "%"],
    ["4544-3", "20570-8", "L/L"],
    ["26515-7", "777-3", "cells/µL"],
    ["26515-7", "777-3", "x10^9/L"],
    ["1995-0", "1994-3", "mmol/L"],
    ["38230-9", "1994-3", "mg/dL"],
    ["17863-2", "1994-3", "mg/dL"],
  ])("%s is assessed as %s in %s, at every value, exactly as the held code", (code, held, unit) => {
    expect(identifyTest(k.labTests, code, null).identified?.test.loinc).toBe(held);
    const t = test(held);
    const factor = conversionFactor(t, unit)!;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 * (t.critical_high?.value ?? 100), noNaN: true }), (canonical) => {
        const value = canonical / factor;
        expect(assessCriticalValue(identifyTest(k.labTests, code, null).identified!.test, value, unit)).toEqual(assessCriticalValue(t, value, unit));
      }),
      { numRuns: 50 },
    );
  });
});

describe("ionised calcium (1994-3)", () => {
  const ica = () => test("1994-3");
  it("holds the WakeMed limits (≤ 3.5 / ≥ 5.8 mg/dL) in mmol/L, rounded in the safe direction, in both units", () => {
    expect(assessCriticalValue(ica(), 0.874, "mmol/L").deviation).toBe("severely_low");
    expect(assessCriticalValue(ica(), 0.875, "mmol/L").deviation).toBe("low");
    expect(assessCriticalValue(ica(), 3.5, "mg/dL").isCritical).toBe(true);
    expect(assessCriticalValue(ica(), 5.8, "mg/dL").isCritical).toBe(true);
    expect(assessCriticalValue(ica(), 1.446, "mmol/L").deviation).toBe("high");
    expect(assessCriticalValue(ica(), 1.25, "mmol/L").deviation).toBe("normal");
    expect(assessCriticalValue(ica(), 2.0, "mEq/L").canonicalValue).toBeCloseTo(1.0, 9); // divalent
  });

  it.each(["Calcium (ionized)", "Calcium, ionised (whole blood)", "IONIZED CALCIUM", "Ca ionized, arterial", "free calcium"])("a local code with %j is ionised calcium, not total calcium", (display) => {
    expect(check("LAB-ICA", display, 1.1, "mmol/L").test?.loinc).toBe("1994-3");
  });

  it.each(["Calcium (total)", "Total serum calcium", "Calcium"])("a local code with %j stays total calcium", (display) => {
    expect(check("LAB-CA", display, 2.3, "mmol/L").test?.loinc).toBe("17861-6");
  });

  it("refuses total calcium's code sent with an ionised calcium name, and an ionised calcium in g/dL", () => {
    expect(check("17861-6", "Ionized calcium", 1.1, "mmol/L").errors["observation.display"]).toMatch(/names Calcium.ionized/);
    expect(check("1994-3", "Ionised calcium", 1.1, "g/dL").errors["observation.unit"]).toBeDefined();
  });
});

describe("display wordings", () => {
  it.each([
    ["H.B", "718-7"],
    ["W.B.C.", "6690-2"],
    ["P.L.T", "777-3"],
    ["h.c.t.", "20570-8"],
  ])("reads the dotted abbreviation %j as its letters", (display, loinc) => {
    expect(check("LAB-22", display, 5, null).test?.loinc).toBe(loinc);
  });

  it("leaves a dot after a word or an initial of a longer word alone", () => {
    expect(withoutAbbreviationDots("S. creatinine")).toBe("S. creatinine");
    expect(withoutAbbreviationDots("T.Bil")).toBe("T.Bil");
    expect(withoutAbbreviationDots("P.C.V.")).toBe("PCV.");
  });

  it.each([
    ["Glucose (newborn)", "2345-7"],
    ["Neonatal bilirubin, total", "1975-2"],
    ["Haemoglobin - paediatric", "718-7"],
    ["Sodium (child)", "2951-2"],
  ])("a patient-group word does not change the test: %j", (display, loinc) => {
    expect(identifyTest(k.labTests, "LOCAL-9", display).identified?.test.loinc).toBe(loinc);
  });

  it.each(["Glucose (urine)", "Bilirubin (direct)", "Potassium (urine, child)"])("while a specimen or analyte qualifier still names no test: %j", (display) => {
    expect(identifyTest(k.labTests, "LOCAL-9", display).identified).toBeUndefined();
  });
});
