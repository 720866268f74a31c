/**
 * Classes from blind set 9 (session 20, lab-limits 2026.11.22, engine 1.13.0), with wordings and values in no fixture:
 * 1. the analytical method or assay generation in brackets ("(GOD-POD)", "(Jaffe, kinetic)", "(ISE direct)", "(4th
 *    generation)") leaves the test named; "direct"/"indirect" without "ISE", "hs" and specimens still name no test;
 * 2. "Pl." (plasma) as a specimen prefix;
 * 3. a qualifier that with another of the test's names forms one of its names ("Phos (inorganic)");
 * 4. context written after the name with no separator ("Na 70yrs convulsions", "INR on warfarin"), but
 *    never a word that may be part of another test ("Hb SS", "WBC ANC");
 * 5. French names with accents ("Kaliémie", "Magnésémie"), compared without their accents.
 * Lab interpretation identifies results with the same identifyLabResult.
 */
import { describe, expect, it } from "vitest";
import { assessCriticalValue, normaliseName } from "./critical-values.engine.js";
import { identify } from "./critical-values.test-support.js";
import { isMethodQualifier, withoutContextQualifiers } from "./display-context.js";

function assess(code: string, display: string, value: number, unit: string | null) {
  const { test, errors } = identify(code, display, value, unit);
  expect(errors, display).toEqual({});
  const a = assessCriticalValue(test!, value, unit, "female");
  return { loinc: test!.loinc, critical: a.isCritical };
}

const refused = (code: string, display: string, value: number, unit: string | null) => {
  const { errors } = identify(code, display, value, unit);
  expect(Object.keys(errors).length, display).toBeGreaterThan(0);
};

describe("method or assay generation in brackets", () => {
  it.each([
    ["GLX", "Glucose (GOD-POD)", 1.8, "mmol/L", "2345-7", true],
    ["GLX2", "Blood sugar (glucose oxidase)", 6.0, "mmol/L", "2345-7", false],
    ["CRJ", "Creatinine (Jaffe, kinetic)", 9.9, "mg/dL", "2160-0", true],
    ["CRE2", "Creatinine (enzymatic)", 80, "umol/L", "2160-0", false],
    ["NAD", "Sodium (ISE direct)", 117, "mmol/L", "2951-2", true],
    ["KIND", "Potassium (indirect ISE)", 4.0, "mmol/L", "2823-3", false],
    ["TSH4", "TSH (4th generation)", 12, "mIU/L", "3016-3", false],
    ["CRPT", "CRP (immunoturbidimetric)", 40, "mg/L", "1988-5", false],
  ])("%s %s %s %s → %s, critical %s", (code, display, value, unit, loinc, critical) => {
    expect(assess(code, display, value, unit)).toEqual({ loinc, critical });
  });

  it("a method word never hides a property or specimen", () => {
    expect(isMethodQualifier("direct")).toBe(false);
    expect(isMethodQualifier("indirect")).toBe(false);
    expect(isMethodQualifier("hs")).toBe(false);
    expect(isMethodQualifier("glucose")).toBe(false);
    expect(isMethodQualifier("urine, enzymatic")).toBe(false);
    expect(isMethodQualifier("ISE, indirect")).toBe(true);
    refused("BILD", "Bilirubin (direct)", 3, "mg/dL");
    refused("CRPH", "CRP (hs)", 12, "mg/L");
    refused("UGL", "Glucose (urine, enzymatic)", 30, "mmol/L");
    refused("CAI", "Calcium (ionised, ISE)", 0.6, "mmol/L");
  });
});

describe("specimen prefixes and names formed with another of the test's names", () => {
  it.each([
    ["PNA", "Pl. sodium", 165, "mmol/L", "2951-2", true],
    ["PLK", "Pl potassium", 4.2, "mmol/L", "2823-3", false],
    ["PHI", "PO4 (inorganic)", 0.2, "mmol/L", "2777-1", true],
  ])("%s %s %s %s → %s, critical %s", (code, display, value, unit, loinc, critical) => {
    expect(assess(code, display, value, unit)).toEqual({ loinc, critical });
  });

  it("a pleural fluid is still no test", () => {
    refused("PFG", "Pl. fluid glucose", 1.0, "mmol/L");
  });
});

describe("context after the name without a separator", () => {
  it.each([
    ["NAX", "Na 70yrs convulsions", 116, "mmol/L", "2951-2", true],
    ["GLS", "Glucose sepsis ICU", 1.9, "mmol/L", "2345-7", true],
    ["INRQ", "INR on warfarin", 7.2, null, "6301-6", true],
    ["KHD", "Potassium post-dialysis", 3.9, "mmol/L", "2823-3", false],
  ])("%s %s %s %s → %s, critical %s", (code, display, value, unit, loinc, critical) => {
    expect(assess(code, display, value, unit)).toEqual({ loinc, critical });
  });

  it("never drops a word that may belong to another test, nor a specimen or property", () => {
    expect(withoutContextQualifiers("Hb SS")).toBe("Hb SS");
    expect(withoutContextQualifiers("WBC ANC")).toBe("WBC ANC");
    expect(withoutContextQualifiers("Glucose urine DKA")).toContain("urine");
    refused("HSS", "Hb SS", 7.0, "g/dL");
    refused("GU", "Glucose urine DKA", 30, "mmol/L");
    refused("KU", "Potassium 24h urine", 40, "mmol/L");
  });
});

describe("French names with accents", () => {
  it.each([
    ["MGF", "Magnésémie", 0.25, "mmol/L", "19123-9", true],
    ["PHF", "Phosphatémie", 1.1, "mmol/L", "2777-1", false],
    ["HTF", "Hématocrite", 15, "%", "20570-8", true],
    ["GBF", "Globules blancs", 0.6, "10^9/L", "6690-2", true],
    ["GLF", "GLYCÉMIE", 0.35, "g/L", "2345-7", true],
  ])("%s %s %s %s → %s, critical %s", (code, display, value, unit, loinc, critical) => {
    expect(assess(code, display, value, unit)).toEqual({ loinc, critical });
  });

  it("accents are dropped before comparing, so an accented other test is still another test", () => {
    expect(normaliseName("Créatininémie")).toBe("creatininemie");
    refused("CAF", "Calcémie ionisée", 0.7, "mmol/L");
  });
});
