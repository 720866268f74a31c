/**
 * Session 18, fourth blind sets (critical-value engine 1.8.0, lab-limits 2026.11.15), by class; wordings and
 * values are not those of the blind sets:
 * - what a qualifier says about the sample (specimen-quality.ts): clotted → refused; haemolysed → potassium's
 *   high critical limit not applied, the low one kept;
 * - the point-of-care device a result was read on ("(HaemoCue)", "POCT glucose") does not change the test;
 * - a stated trimester of pregnancy sets haemoglobin's low reference end (WHO 2024), not its critical limits;
 * - tests added: fibrinogen (critical < 100 mg/dL), aPTT (critical > 85 s), albumin, ammonia, creatine kinase,
 *   cholesterol, LDL cholesterol, triglyceride (reference intervals or decision limits, no critical limit).
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, identifyLabResult } from "./critical-values.engine.js";
import { specimenQuality, withoutQualityQualifiers } from "./specimen-quality.js";
import { trimesterOf } from "./pregnancy-reference.js";

const k = knowledgeFromFiles();

function check(code: string, display: string | null, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  return { ...r, errors };
}

const assess = (code: string, display: string | null, value: number, unit: string | null, sex: string | null = null) => {
  const r = check(code, display, value, unit);
  expect(r.errors).toEqual({});
  return { ...assessCriticalValue(r.test!, value, unit, sex), loinc: r.test!.loinc, notes: r.notes };
};

describe("what a qualifier says about the sample", () => {
  it.each([
    ["Potassium (grossly hemolyzed)", "haemolysed"],
    ["Serum K (slightly haemolysed sample)", "haemolysed"],
    ["WBC (specimen clotted)", "clotted"],
    ["Platelet count (clots)", "clotted"],
    ["Calcium (ionised)", undefined],
    ["Bilirubin (total)", undefined],
    ["Haemolysis index", undefined],
  ])("%s → %s", (display, quality) => {
    expect(specimenQuality(display)).toBe(quality);
  });

  it("drops only the quality qualifier from the name", () => {
    expect(withoutQualityQualifiers("Serum K (hemolysed) (repeat)")).toBe("Serum K (repeat)");
  });

  it("refuses a result from a clotted sample (observation.display), whatever the value", () => {
    for (const [code, display, value, unit] of [["PLT", "Platelets (clotted specimen)", 250, "x10^9/L"], ["777-3", "Platelet count (clotted)", 9, "10^9/L"], ["INR", "INR (sample clotted)", 1.1, null]] as const) {
      const r = check(code, display, value, unit);
      expect(r.errors["observation.display"]).toMatch(/clotted/);
    }
  });

  it("does not alert a haemolysed potassium as critically high, but still alerts a low one, and says why", () => {
    const high = assess("K", "Serum potassium (hemolyzed)", 7.9, "mmol/L");
    expect(high.isCritical).toBe(false);
    expect(high.deviation).toBe("high");
    expect(high.notes.join(" ")).toMatch(/haemolysed.*not alerted as critical/);
    const low = assess("2823-3", "Potassium (haemolysed)", 2.1, "mmol/L");
    expect(low.deviation).toBe("severely_low");
  });

  it("assesses another haemolysed test as given, with a note", () => {
    const r = assess("NA", "Sodium (haemolysed)", 112, "mmol/L");
    expect(r.deviation).toBe("severely_low");
    expect(r.notes.join(" ")).toMatch(/haemolysed/);
  });

  it("a potassium without a quality qualifier keeps its high limit", () => {
    expect(assess("K", "Potassium", 7.9, "mmol/L").deviation).toBe("severely_high");
  });
});

describe("the point-of-care device a result was read on", () => {
  it.each([
    ["HB", "Hb (HaemoCue)", 3.9, "g/dL", "718-7", "severely_low"],
    ["HGB", "HemoCue haemoglobin", 13.1, "g/dL", "718-7", "normal"],
    ["GLU", "Glucose (POCT)", 1.9, "mmol/L", "2345-7", "severely_low"],
    ["", "Glucometer blood sugar", 32.1, "mmol/L", "2345-7", "severely_high"],
    ["INR", "INR (CoaguChek)", 6.4, null, "6301-6", "severely_high"],
  ])("%s %s %s %s → %s %s", (code, display, value, unit, loinc, deviation) => {
    const r = assess(code, display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.deviation).toBe(deviation);
  });
});

describe("a stated trimester of pregnancy (haemoglobin, WHO 2024)", () => {
  it.each([
    ["Hb (2nd trimester)", 2],
    ["Haemoglobin (pregnant, T3)", 3],
    ["Hb (first trimester)", 1],
    ["Hb (ANC)", undefined],
    ["Hb (T-cells)", undefined],
  ])("%s → trimester %s", (display, t) => {
    expect(trimesterOf(display)).toBe(t);
  });

  it.each([
    ["Haemoglobin (second trimester)", 10.6, "normal"],
    ["Haemoglobin (T2)", 10.4, "low"],
    ["Haemoglobin (third trimester)", 10.8, "low"],
    ["Haemoglobin (1st trimester)", 11.2, "normal"],
    ["Haemoglobin (T2)", 4.6, "severely_low"],
  ])("%s %s g/dL in a woman → %s", (display, value, deviation) => {
    expect(assess("HB", display, value, "g/dL", "female").deviation).toBe(deviation);
  });

  it("leaves a non-pregnant woman's interval and other tests alone", () => {
    expect(assess("HB", "Haemoglobin", 11.2, "g/dL", "female").deviation).toBe("low");
    expect(assess("PLT", "Platelets (2nd trimester)", 140, "x10^9/L", "female").deviation).toBe("low");
  });
});

describe("tests added in lab-limits 2026.11.15", () => {
  it.each([
    ["3255-7", "Plasma fibrinogen", 0.9, "g/L", "severely_low"],
    ["FIBR", "Fibrinogen level", 95, "mg/dL", "severely_low"],
    ["FIBR", "Fibrinogen", 1.0, "g/L", "low"],
    ["FIBR", "Fibrinogen", 5.2, "g/L", "high"],
    ["3173-2", "Activated partial thromboplastin time", 86, "s", "severely_high"],
    ["KCCT", "KCCT", 85, "seconds", "high"],
    ["PTT", "PTT", 30, "sec", "normal"],
    ["1751-7", "Serum albumin", 2.8, "g/dL", "low"],
    ["ALBU", "Albumin", 41, "g/L", "normal"],
    ["22763-7", "Plasma ammonia", 70, "umol/L", "high"],
    ["CPK", "Creatine phosphokinase", 95, "IU/L", "normal"],
    ["2093-3", "Serum cholesterol", 6.5, "mmol/L", "high"],
    ["LDLC", "LDL cholesterol", 3.0, "mmol/L", "normal"],
    ["LDLC", "LDL-C", 4.4, "mmol/L", "high"],
    ["TRIG", "Triglycerides", 2.0, "mmol/L", "high"],
  ])("%s %s %s %s → %s", (code, display, value, unit, deviation) => {
    expect(assess(code, display, value, unit).deviation).toBe(deviation);
  });

  it("flags creatine kinase against the sex's interval", () => {
    expect(assess("CK", "Total CK", 160, "U/L", "female").deviation).toBe("high");
    expect(assess("CK", "Total CK", 160, "U/L", "male").deviation).toBe("normal");
  });

  it("says no critical limit is defined for the tests held without one", () => {
    // ammonia has had limits since lab-limits 2026.11.21 (session 20)
    for (const loinc of ["1751-7", "2157-6", "2093-3", "2089-1", "2571-8"]) {
      const t = k.labTests.get(loinc)!;
      expect(t.critical_low).toBeNull();
      expect(t.critical_high).toBeNull();
      expect(assessCriticalValue(t, t.reference_range[1] * 3, t.canonical_unit).criticalLimits).toBe("none defined");
    }
  });

  it("does not read a urine albumin/creatinine ratio as serum albumin or creatinine", () => {
    // Since lab-limits 2026.11.23 the ratio is a test of its own (9318-7, KDIGO A1-A3).
    expect(check("", "Urine albumin/creatinine ratio", 40, "mg/g").test?.loinc).toBe("9318-7");
    expect(check("", "Urine albumin", 40, "mg/L").test).toBeUndefined();
  });
});
