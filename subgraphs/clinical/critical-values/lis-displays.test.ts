/**
 * Results as laboratory information systems export them and analysers print them (critical-value engine
 * 1.9.0, session 18 fifth blind set), by class over every test: the unit printed in or after the name with
 * the unit field empty, the sending laboratory's reference interval in the display, and the patient's
 * context (age in hours or days of life, dialysis, anticoagulation, sickle cell genotype). Wordings are not those of the blind sets.
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { identifyLabResult, testsNamed } from "./critical-values.engine.js";
import { isPatientContext, isReportedRange } from "./display-context.js";
import { unitPrintedIn, withoutTrailingUnit } from "./display-unit.js";

const k = knowledgeFromFiles();
const tests = [...k.labTests.values()];
const identify = (code: string, display: string, value: number, unit: string | null) => {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  return { ...r, errors };
};

describe("a unit printed in the display", () => {
  // Each test's named units (not "" of unitless tests) printed after its name, in parentheses and after it.
  // Unitless tests (pH, INR) accept an empty unit and need none read.
  const cases = tests.filter((t) => t.units[""] === undefined).flatMap((t) => Object.keys(t.units).filter((u) => /[a-z%]/.test(u)).map((u) => [t.loinc, t.name, u] as const));
  it.each(cases)("%s %s: \"(%s)\" and a trailing unit are read when no unit is sent", (loinc, name, unit) => {
    const printed = unit.toUpperCase();
    for (const display of [`${name.toUpperCase()} (${printed})`]) {
      const r = identify("LOCAL-1", display, 1, null);
      expect(r.test?.loinc, display).toBe(loinc);
      expect(r.unit, display).toBe(printed);
      expect(r.errors["observation.unit"], display).toBeUndefined();
    }
  });

  it("reads counts and concentrations printed after the name, and leaves names alone", () => {
    expect(withoutTrailingUnit("PLATELET COUNT 10^9/L")).toBe("PLATELET COUNT");
    expect(withoutTrailingUnit("Sodium MEQ/L")).toBe("Sodium");
    expect(withoutTrailingUnit("Albumin/creatinine ratio")).toBe("Albumin/creatinine ratio");
    expect(withoutTrailingUnit("Potassium")).toBe("Potassium");
    expect(unitPrintedIn("Platelet count x10^3/uL", () => true)).toBe("x10^3/uL");
    expect(unitPrintedIn("Haemoglobin", () => true)).toBeUndefined();
  });

  it("refuses a sent unit that contradicts the printed one, and accepts one that agrees", () => {
    expect(identify("LOCAL-2", "Random glucose (mg/dL)", 6.2, "mmol/L").errors["observation.unit"]).toMatch(/contradicts/);
    const same = identify("LOCAL-2", "Serum sodium (mEq/L)", 139, "mmol/L");
    expect(same.errors).toEqual({});
    expect(same.unit).toBe("mmol/L");
  });

  it("still refuses when the printed unit does not fit the test", () => {
    expect(Object.keys(identify("LOCAL-3", "Haemoglobin (mmol/L)", 9, null).errors).length).toBeGreaterThan(0);
    expect(identify("LOCAL-3", "Glucose (g/dL)", 9, null).unit).toBeNull();
  });
});

describe("qualifiers that do not change the test", () => {
  it("reads a sender's reference interval as one, and not a timed or specimen qualifier", () => {
    for (const q of ["3.4-5.0", "Ref: 136 - 146 mmol/L", "normal 4.0-11.0 x10^9/L", "120-160 g/L", "reference 0,6-1,2"]) expect(isReportedRange(q), q).toBe(true);
    for (const q of ["24 h", "urine", "2 h post", "fasting", "ionised", "1:40"]) expect(isReportedRange(q), q).toBe(false);
  });

  it("reads ages of life, dialysis, anticoagulation and genotype as context, but not timed samples", () => {
    for (const q of ["12 hours old", "newborn, 2 days", "day 3 of life", "post-dialysis", "haemodialysis", "CKD stage 4", "on enoxaparin", "heparin, target 0.3-0.7", "mechanical valve", "HbSC", "steady state 8.1"]) {
      expect(isPatientContext(q), q).toBe(true);
    }
    for (const q of ["24 h", "2 hours", "2 h post", "post", "urine", "timed"]) expect(isPatientContext(q), q).toBe(false);
  });

  it.each(tests.flatMap((t) => [t.name, ...t.synonyms].map((n) => [t.loinc, n] as const)))("%s: \"%s\" with a reference interval or context names what the plain name names", (_loinc, name) => {
    const plain = testsNamed(tests, name).map((t) => t.loinc);
    for (const d of [`${name} (Ref 1.0-2.0)`, `${name} [10-20]`, `${name} (4 days old)`, `${name} (on heparin)`, `${name} (CKD 3)`]) {
      expect(testsNamed(tests, d).map((t) => t.loinc), d).toEqual(plain);
    }
  });

  it("identifies a local-code result whose display carries both and refuses one naming another test", () => {
    const r = identify("Z-99", "SERUM POTASSIUM [3.6-5.2]", 4.4, "mmol/L");
    expect(r.test?.loinc).toBe("2823-3");
    expect(r.errors).toEqual({});
    expect(identify("2823-3", "Sodium (ref 135-145)", 140, "mmol/L").errors["observation.display"]).toBeDefined();
  });
});
