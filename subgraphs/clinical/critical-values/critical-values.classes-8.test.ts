/**
 * Classes from blind set 8 (session 20, lab-limits 2026.11.21, engine 1.12.0), with wordings and values in no fixture:
 * 1. clinical context written after the name: after a dash, a comma or a question mark, several parts in one
 *    qualifier, the suspected diagnosis ("?sepsis"), the patient's age and gestation, a treatment "for" a condition,
 *    a sample said not to be haemolysed, the panel it came in ("U&E", "FBC:"); a specimen or property word in any
 *    of these still names no test;
 * 2. ammonia has critical limits (> 150 umol/L; newborns > 200 umol/L);
 * 3. blasts in the blood (26446-5) are critical whenever present;
 * 4. "abs." for absolute neutrophils.
 */
import { describe, expect, it } from "vitest";
import { assessCriticalValue } from "./critical-values.engine.js";
import { identify } from "./critical-values.test-support.js";
import { isPatientContext, withoutContextQualifiers } from "./display-context.js";

function assess(code: string, display: string, value: number, unit: string | null, ageDays?: number) {
  const { test, errors } = identify(code, display, value, unit);
  expect(errors, display).toEqual({});
  const a = assessCriticalValue(test!, value, unit, "male", ageDays);
  return { loinc: test!.loinc, critical: a.isCritical, deviation: a.deviation, limits: a.criticalLimits };
}

describe("clinical context written after the test's name", () => {
  it.each([
    ["SOD", "Sodium - ?SIADH, 70 yrs", 118, "mmol/L", "2951-2", true],
    ["KAL", "Potassium, on chemotherapy", 6.8, "mmol/L", "2823-3", true],
    ["PLTS", "Platelet count (pregnant, 36 wks, ?pre-eclampsia)", 120, "10^9/L", "777-3", false],
    ["HGB", "Haemoglobin ?severe malaria", 4.1, "g/dL", "718-7", true],
    ["CAL", "Calcium – 3 months, girl", 6.2, "mg/dL", "17861-6", true],
    ["LACT", "Lactic acid (?septic shock, ICU)", 5.5, "mmol/L", "2524-7", true],
    ["KK", "K+ (not haemolysed)", 7.1, "mmol/L", "2823-3", true],
    ["MAG", "Magnesium (insulin for DKA)", 0.3, "mmol/L", "19123-9", true],
    ["NAT", "U&Es Sodium", 131, "mmol/L", "2951-2", false],
    ["HGB2", "FBC: Haemoglobin", 6.1, "g/dL", "718-7", true],
    ["PC", "pCO2 (ABG, asthma)", 9.9, "kPa", "2019-8", true],
  ])("%s %s %s %s is %s, critical %s", (code, display, value, unit, loinc, critical) => {
    const r = assess(code, display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
  });

  it("still names no test when the context names a specimen or property", () => {
    for (const display of ["Glucose - ?CSF", "Potassium, urine", "Calcium (ionised, ICU)", "Glucose (?urine, DKA)", "Bilirubin - direct"]) {
      const { test, errors } = identify("LOC1", display, 1, "mmol/L");
      expect(test?.loinc === "2345-7" || test?.loinc === "2823-3" || test?.loinc === "17861-6", display).toBe(false);
      if (!test) expect(errors["observation.code"], display).toBeDefined();
    }
  });

  it("keeps a haemolysed sample's qualifier meaning when context stands beside it", () => {
    // "(haemolysed, repeat)" is never read as an unhaemolysed potassium. Since session 22 (engine 1.16.0) the haemolysed
    // part is read wherever it stands, so it is a haemolysed potassium: high limits dropped, repeat advised
    const { test, notes } = identify("KX", "Potassium (haemolysed, repeat)", 7.4, "mmol/L");
    expect(test?.loinc).toBe("2823-3");
    expect(test?.critical_high).toBeNull();
    expect(notes.join(" ")).toMatch(/haemolysed/);
    expect(isPatientContext("haemolysed")).toBe(false);
    expect(isPatientContext("non-haemolysed")).toBe(true);
  });

  it("keeps the name's own specimen and the sender's range, drops only context", () => {
    expect(withoutContextQualifiers("Potassium, serum")).toBe("Potassium, serum");
    expect(withoutContextQualifiers("Sodium (REF 135,0-145,0)")).toBe("Sodium");
    expect(withoutContextQualifiers("Glucose - 2 yrs (capillary)")).toBe("Glucose (capillary)");
    expect(withoutContextQualifiers("pO2 (VBG, COPD)")).toBe("pO2 (VBG)");
  });
});

describe("a result read on a venous blood gas", () => {
  it("is the analyte's result, except for the arterial gases", () => {
    expect(assess("LC", "Lactate, VBG", 6.3, "mmol/L").critical).toBe(true);
    expect(assess("KV", "K+ (VBG)", 2.1, "mmol/L").loinc).toBe("2823-3");
    expect(identify("PO", "pO2 (VBG)", 30, "mmHg").test).toBeUndefined();
  });
});

describe("ammonia", () => {
  it("is critical above 150 umol/L from 28 days, above 200 umol/L in a newborn", () => {
    expect(assess("AMM", "Ammonia", 165, "umol/L", 40 * 365).critical).toBe(true);
    expect(assess("AMM", "Ammonia", 140, "umol/L", 40 * 365).critical).toBe(false);
    expect(assess("AMM", "Ammonia", 150, "umol/L", 40 * 365).critical).toBe(false);
    expect(assess("AMM", "Ammonia", 180, "umol/L", 5).critical).toBe(false);
    expect(assess("AMM", "Ammonia", 215, "umol/L", 5).critical).toBe(true);
    expect(assess("AMM", "Ammonia", 300, "ug/dL", 60).critical).toBe(true);
    expect(assess("AMM", "Ammonia", 150, "umol/L", 40 * 365).limits).toBe("> 150 umol/L");
  });
});

describe("blasts in the blood", () => {
  it("are critical whenever present, as a percentage of leukocytes", () => {
    expect(assess("BL", "Blasts", 2, "%").critical).toBe(true);
    expect(assess("BL", "Blast count (peripheral smear)", 0, "%").critical).toBe(false);
    expect(assess("26446-5", "Blasts/100 leukocytes in Blood", 60, "%").deviation).toBe("severely_high");
    expect(identify("BL", "Blasts", 120, "%").errors["observation.value"]).toMatch(/not a possible/);
    expect(identify("BL", "Blasts", 2, "10^9/L").errors["observation.unit"]).toBeDefined();
  });
});

describe("absolute neutrophils written abs.", () => {
  it.each([["Abs. neutrophils", 0.4, true], ["Neut abs", 1.2, false]])("%s %s critical %s", (display, value, critical) => {
    const r = assess("N1", display, value, "10^9/L");
    expect(r.loinc).toBe("751-8");
    expect(r.critical).toBe(critical);
  });
});
