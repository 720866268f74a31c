/**
 * Classes from blind set 12 (session 22, critical-value engine 1.16.0, lab-limits 2026.11.28), with wordings and values
 * in no fixture: results from point-of-care devices named in the display, sent with local codes.
 * 1. a display naming only a single-analyte device (lab-limits `point_of_care_devices`) names its analyte, model words
 *    included; multi-analyte analysers and ketone meters never do; 2. analyser abbreviations (Glu, Lac, cHgb, Hb
 *    calculated from Hct) and cartridge names; 3. temperature-corrected gases are the same analyte (lab-limits
 *    `temperature_corrected`), and "(T)" elsewhere is left alone; 4. a haemolysed potassium follows the session-18
 *    policy wherever haemolysis is written (brackets, a part of a qualifier, after a dash or colon, the value with a
 *    grade or an abbreviation's dot): high limits dropped, low ones kept.
 */
import { describe, expect, it } from "vitest";
import { assessReportedValue, type QuantityComparator } from "./censored-result.js";
import { identify } from "./critical-values.test-support.js";

function assess(code: string, display: string, value: number | string, unit: string | null, ageYears?: number) {
  const r = identify(code, display, value, unit);
  expect(r.errors, `${display} ${value}`).toEqual({});
  const ageDays = ageYears === undefined ? undefined : Math.floor(ageYears * 365.25);
  const a = assessReportedValue(r.test!, r.value, r.comparator as QuantityComparator | null, r.unit, "male", ageDays);
  return { loinc: r.test!.loinc, value: r.value, critical: a.assessment.isCritical, deviation: a.assessment.deviation, notes: r.notes };
}

const refusedFields = (code: string, display: string, value: number | string, unit: string | null) => Object.keys(identify(code, display, value, unit).errors);

describe("a display naming only a single-analyte point-of-care device", () => {
  it.each([
    ["Accu-Chek Guide", "LO", null, "2345-7", true],
    ["OneTouch Verio Flex", "HI", null, "2345-7", true],
    ["Contour Next", "3,3", "mmol/L", "2345-7", false],
    ["On-Call Extra", "HI", "mmol/L", "2345-7", true],
    ["glucometre (ward 6)", "2.4", "mmol/L", "2345-7", true],
    ["Hemocue 301 (OPD)", "5.4", "g/dL", "718-7", true],
    ["POC: FreeStyle Lite", "LO", null, "2345-7", true],
  ])("%s %s %s names %s", (display, value, unit, loinc, critical) => {
    const r = assess("DEV-LOCAL", display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
    expect(r.notes.join(" ")).toMatch(/point-of-care device|out-of-range mark|decimal comma/);
  });
  it("says it read the device as the test", () => {
    expect(assess("DEV-LOCAL", "Contour Next", 4.1, "mmol/L").notes.join(" ")).toMatch(/names only the point-of-care device Contour/);
  });
  it("model words after a meter named in a qualifier leave the test the name names", () => {
    expect(assess("DEV-LOCAL", "Sugar (Accu-Chek Instant)", 36, "mmol/L").loinc).toBe("2345-7");
  });
  it.each([
    ["i-STAT", 4.2, "mmol/L"],
    ["iSTAT CHEM8+", 4.2, "mmol/L"],
    ["FreeStyle Optium Neo", 4.2, "mmol/L"],
    ["HemoCue 201", 9.1, "g/dL"],
    ["epoc BGEM", 4.2, "mmol/L"],
    ["Accutrend Plus", 4.2, "mmol/L"],
  ])("%s names no test (several analytes)", (display, value, unit) => {
    expect(refusedFields("DEV-LOCAL", display, value, unit)).toContain("observation.code");
  });
  it("a model word alone is not a device", () => {
    expect(refusedFields("DEV-LOCAL", "Guide", 4.2, "mmol/L")).toContain("observation.code");
  });
});

describe("analyser abbreviations and cartridges", () => {
  it.each([
    ["cGlu (blood gas analyser)", 2.1, "mmol/L", "2345-7", true],
    ["Glu - CHEM8+", 152, "mg/dL", "2345-7", false],
    ["cLac", 7.3, "mmol/L", "2524-7", true],
    ["Lac, epoc BGEM", 2.2, "mmol/L", "2524-7", false],
    ["ctHb", 6.2, "g/dL", "718-7", true],
    ["Haemoglobin calculated from haematocrit", 8.4, "g/dL", "718-7", false],
  ])("%s %s %s", (display, value, unit, loinc, critical) => {
    const r = assess("AN-LOCAL", display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
  });
});

describe("temperature-corrected blood gases", () => {
  it.each([
    ["PaCO2 (T)", 71, "mmHg", "2019-8", true],
    ["pO2(T)", 44, "mmHg", "2703-7", true],
    ["pH - temp. corr.", 7.16, null, "2744-1", true],
    ["pCO2 at patient temp", 6.1, "kPa", "2019-8", false],
    ["Arterial pH (T)", 7.44, null, "2744-1", false],
  ])("%s %s %s", (display, value, unit, loinc, critical) => {
    const r = assess("GAS-LOCAL", display, value, unit);
    expect(r.loinc).toBe(loinc);
    expect(r.critical).toBe(critical);
    expect(r.notes.join(" ")).toMatch(/patient's temperature/);
  });
  it("a venous temperature-corrected gas is still refused (another specimen)", () => {
    expect(refusedFields("GAS-LOCAL", "pCO2(T) venous", 52, "mmHg").length).toBeGreaterThan(0);
  });
  it("'(T)' on a test not held at the patient's temperature is not read as a correction", () => {
    const r = identify("CHEM-LOCAL", "Bilirubin (T)", 3.1, "mg/dL");
    expect(r.notes.join(" ")).not.toMatch(/patient's temperature/);
  });
});

describe("haemolysed potassium, wherever the report writes it", () => {
  it.each([
    ["K+ [haemolysed]", 7.3, false],
    ["Potassium: hemolysed", 6.95, false],
    ["K (ward 3, grossly haemolysed)", 8.1, false],
    ["Potassium - slight haemolysis", 6.6, false],
    ["K+ [hemolysis 3+]", 2.1, true],
    ["Potassium (ICU, haemolysed)", 2.35, true],
  ])("%s %s", (display, value, critical) => {
    const r = assess("K-LOCAL", display, value, "mmol/L");
    expect(r.loinc).toBe("2823-3");
    expect(r.critical).toBe(critical);
    expect(r.notes.join(" ")).toMatch(/haemolysed/);
  });
  it.each([
    ["8.4 hemolysed +++", false],
    ["7.7 HAEM 2+", false],
    ["6.75 Hem.", false],
    ["2.05 haem.", true],
  ])("value %s", (value, critical) => {
    expect(assess("K-LOCAL", "Kalium", value, "mmol/L").critical).toBe(critical);
  });
  it("a child's haemolysed heel-prick potassium drops the child band's high limit too", () => {
    expect(assess("K-LOCAL", "K (NICU, haemolysed +)", 7.9, "mmol/L", 0.05).critical).toBe(false);
  });
  it("a grade without the word haemolysed is not read", () => {
    expect(refusedFields("K-LOCAL", "Potassium", "6.9 ++", "mmol/L")).toContain("observation.value");
  });
});
