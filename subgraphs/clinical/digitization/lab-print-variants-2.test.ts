import { describe, expect, it } from "vitest";
import { readOrdinalLine } from "./lab-ordinals.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the second blind set (test/fixtures/digitization/lab-reports-blind-2.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 16): second blind set), each
 * tested here on variants that are in neither blind set.
 */
const read = (text: string) => {
  const r = parseLabResults(text);
  return { tests: r.tests.map((t) => [t.name, t.value, t.unit, t.reference, t.abnormalFlag]), warnings: r.warnings, unread: r.unread };
};

describe("a flag printed between the value and its unit (Result | Flag | Units | Range)", () => {
  it.each([
    ["Platelets 88 L x10^9/L 150-400", ["Platelets", 88, "x10^9/L", "150-400", "L"]],
    ["Glucose 12.4 H mmol/L (3.9-6.1)", ["Glucose", 12.4, "mmol/L", "3.9-6.1", "H"]],
    ["Eosinophils 9.5 H % 1-6", ["Eosinophils", 9.5, "%", "1-6", "H"]],
    ["Albumin 28 L g/L 35 - 50", ["Albumin", 28, "g/L", "35-50", "L"]],
    ["Troponin I 0.9 HH ng/mL <0.04", ["Troponin I", 0.9, "ng/mL", "<0.04", "HH"]],
    ["Lymphocytes 2.3 N 10^9/L 1.0-4.0", ["Lymphocytes", 2.3, "10^9/L", "1.0-4.0", "N"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });

  it("reads '+' and '-' as H and L only where the printed range agrees", () => {
    expect(read("Monocytes 1.4 + 10^9/L 0.2-1.0").tests).toEqual([["Monocytes", 1.4, "10^9/L", "0.2-1.0", "H"]]);
    expect(read("Haematocrit 29.5 - % 36-46").tests).toEqual([["Haematocrit", 29.5, "%", "36-46", "L"]]);
    // A sign that disagrees with the range is not a flag: the range decides, and a warning says so.
    const r = read("Neutrophils 5.0 + 10^9/L 2.0-7.5");
    expect(r.tests).toEqual([["Neutrophils", 5, "10^9/L", "2.0-7.5", "N"]]);
    expect(r.warnings.join(" ")).toMatch(/does not agree with the range/);
  });

  it("refuses two different flags, and never reads a bare range as a value with a '-' flag", () => {
    expect(read("Potassium 5.9 H mmol/L 3.5-5.1 L").tests).toEqual([]);
    expect(read("Potassium 5.9 H mmol/L 3.5-5.1 L").unread.join(" ")).toMatch(/two different flags/);
    expect(read("Haemoglobin 12.0 - 16.0 g/dL").tests).toEqual([]);
  });
});

describe("a qualifier in brackets, holding digits, is part of the test name", () => {
  it.each([
    ["eGFR (MDRD 175) 52 mL/min/1.73m2 >60", ["eGFR (MDRD 175)", 52, "mL/min/1.73m2", ">60", "L"]],
    ["PSA (2nd generation) 6.2 ng/mL 0.0-4.0", ["PSA (2nd generation)", 6.2, "ng/mL", "0.0-4.0", "H"]],
    ["Glucose (2 hr post load) 9.1 mmol/L <7.8", ["Glucose (2 hr post load)", 9.1, "mmol/L", "<7.8", "H"]],
    ["HIV-1 RNA (log10) 3.2 log copies/mL", ["HIV-1 RNA (log10)", 3.2, "logcopies/mL", null, null]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });

  it("a range in brackets is not a qualifier", () => {
    expect(read("Haemoglobin (12.0 - 16.0) 10.1 g/dL").tests).toEqual([]);
  });
});

describe("dot leaders between the name and the value", () => {
  it.each([
    ["Sodium .......... 131 mmol/L 135-145", ["Sodium", 131, "mmol/L", "135-145", "L"]],
    ["Urea…… 4.2 mmol/L (2.5-7.8)", ["Urea", 4.2, "mmol/L", "2.5-7.8", "N"]],
    ["Platelets.............98 x10^9/L 150-400", ["Platelets", 98, "x10^9/L", "150-400", "L"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
  it("a signature line of dots is not a result", () => {
    expect(read("Checked by: ................ Date: ..........").tests).toEqual([]);
  });
});

describe("reference limits in separate Low and High columns", () => {
  it.each([
    ["Parameter Value Units Min Max", "GLU 7.9 mmol/L 3.9 6.1 H", ["GLU", 7.9, "mmol/L", "3.9-6.1", "H"]],
    ["Test Result Unit Lower limit Upper limit", "CREA 64 umol/L 45 90", ["CREA", 64, "umol/L", "45-90", "N"]],
    ["Test Result Unit Ref Low Ref High Flag", "CHOL 3.1 mmol/L 3.6 5.2 L", ["CHOL", 3.1, "mmol/L", "3.6-5.2", "L"]],
  ])("%s / %s", (header, line, expected) => {
    expect(read(`${header}\n${line}`).tests).toEqual([expected]);
  });
  it("without such a header, two numbers after the unit are not a range (a cumulative report's earlier results)", () => {
    expect(read("Test Result Unit Previous Previous\nHb 10.2 g/dL 9.8 11.1").tests).toEqual([]);
  });
});

describe("a comma that may be a decimal comma or a thousands separator, decided by the printed flag", () => {
  it("takes the one reading that agrees with the flag and the range, with a warning", () => {
    const r = read("ALP 1,120 U/L 40-129 H");
    expect(r.tests).toEqual([["ALP", 1120, "U/L", "40-129", "H"]]);
    expect(r.warnings.join(" ")).toMatch(/agrees with the printed flag/);
    expect(read("Ferritin 1,250 ng/mL 30-400 H").tests).toEqual([["Ferritin", 1250, "ng/mL", "30-400", "H"]]);
  });
  it("stays unread without a flag, or when both readings agree", () => {
    expect(read("ALP 1,120 U/L 40-129").tests).toEqual([]);
    expect(read("ALP 1,120 U/L 40-129").unread.join(" ")).toMatch(/thousands separator/);
    expect(read("Amylase 1,500 U/L 0-2000 N").tests).toEqual([]);
    // The flag only ever confirms the thousands reading; a scaled count unit has no thousands.
    expect(read("Haemoglobin 1,000 g/dL 2-5 L").tests).toEqual([]);
    expect(read("WBC 1,250 x10^9/L 4.0-11.0 H").tests).toEqual([]);
  });
});

describe("method statements are not results", () => {
  it.each(["Lower limit of detection: 40 copies/mL", "Detection limit 20 copies/mL", "LLOQ 20 copies/mL", "Limit of quantification (LOQ) 34 copies/mL"])("%s", (line) => {
    expect(read(line).tests).toEqual([]);
  });
  it("LDL cholesterol is still a result", () => {
    expect(read("LDL 3.9 mmol/L <3.4").tests).toEqual([["LDL", 3.9, "mmol/L", "<3.4", "H"]]);
  });
});

describe("units with a plural written into them", () => {
  it.each([
    ["Glucose 6.9 mmols/L 3.9-6.1", ["Glucose", 6.9, "mmol/L", "3.9-6.1", "H"]],
    ["Creatinine 88 umols/l 45-90", ["Creatinine", 88, "umol/l", "45-90", "N"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
});

describe("grades: '<LDL', the level of an Xpert 'detected', a plus-grade and a reference after a qualifier", () => {
  const ordinal = (text: string) => parseLabResults(text).tests.map((t) => [t.name, t.valueText, t.unit, t.reference, t.abnormalFlag]);
  it.each([
    ["Viral load: < LDL", ["Viral load", "Below detection limit", null, null, null]],
    ["HIV VL - <LDL cp/mL", ["HIV VL", "Below detection limit", "cp/mL", null, null]],
    ["HIV-1 RNA below detection limit", ["HIV-1 RNA", "Below detection limit", null, null, null]],
    ["MTB DETECTED MEDIUM", ["MTB", "Detected (medium)", null, null, null]],
    ["M. tuberculosis: Detected very low", ["M. tuberculosis", "Detected (very low)", null, null, null]],
    ["Malaria smear Positive (+++) Negative", ["Malaria smear", "Positive (+++)", null, "Negative", "A"]],
    ["Syphilis RPR Reactive (weak) Non-reactive", ["Syphilis RPR", "Reactive (weak)", null, "Non-reactive", "A"]],
    ["Protein ++ (Negative)", ["Protein", "2+", null, "Negative", "A"]],
  ])("%s", (line, expected) => {
    expect(ordinal(line)).toEqual([expected]);
  });
  it("a level after another grade, or a unit after a grade other than <LDL, is not read", () => {
    expect(readOrdinalLine("Protein ++ high")).toBeNull();
    expect(readOrdinalLine("Glucose Negative copies/mL")).toBeNull();
    expect(parseLabResults("HBsAg: Positive (repeat in 2 weeks)").tests).toEqual([]);
  });
});
