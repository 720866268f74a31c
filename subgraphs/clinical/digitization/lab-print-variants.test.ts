import { describe, expect, it } from "vitest";
import { classifyDocument } from "./classification.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the blind set of East African reports (test/fixtures/digitization/
 * lab-reports-blind.json, docs/decisions/clinical.md "Document digitization", 2026-11-28), each tested
 * here on variants that are not in the blind set.
 */
const read = (text: string) => {
  const r = parseLabResults(text);
  return { tests: r.tests.map((t) => [t.name, t.value, t.unit, t.reference, t.abnormalFlag]), warnings: r.warnings, unread: r.unread };
};

describe("OCR's digit look-alikes (O for 0, l and I for 1) in numbers, ranges and units", () => {
  it.each([
    ["Hb l2.4 g/dL 13.O-17.O L", ["Hb", 12.4, "g/dL", "13.0-17.0", "L"]],
    ["Platelets 2l5 x1O^9/L 15O-4OO", ["Platelets", 215, "x10^9/L", "150-400", "N"]],
    ["Sodium l4O mmol/L 135-145 H", ["Sodium", 140, "mmol/L", "135-145", "H"]],
    ["Creatinine 9O umoI/L (62-1O6)", ["Creatinine", 90, "umol/L", "62-106", "N"]],
    ["Calcium 2.l mmo1/L 2.15-2.55 L", ["Calcium", 2.1, "mmol/L", "2.15-2.55", "L"]],
    ["Lymph0cytes 32 % 20-4O", ["Lymphocytes", 32, "%", "20-40", "N"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
  it.each([
    ["Blood group: O", []],
    ["HbA1c 6.1 % 4.0-5.6 H", [["HbA1c", 6.1, "%", "4.0-5.6", "H"]]],
    ["Sample ID: OL-22", []],
    ["Urine volume 2l", []],
  ])("leaves words and units alone: %j", (line, expected) => {
    expect(read(line).tests).toEqual(expected);
  });
});

describe("an asterisk printed against the value marks it abnormal, in the direction of the range", () => {
  it.each([
    ["Hb 6.9* g/dL 12.0-16.0", "L"],
    ["Platelets 512* x10^9/L 150-400", "H"],
    ["ESR 40** mm/hr", "A"],
    ["MCV 85* fL 80-100", "A"],
  ])("%s → %s (document)", (line, flag) => {
    expect(parseLabResults(line).tests).toMatchObject([{ abnormalFlag: flag, flagSource: "document" }]);
  });
  it("a flag printed after the range wins over the asterisk", () => {
    expect(parseLabResults("Potassium 2.4* mmol/L 3.5-5.1 LL").tests).toMatchObject([{ value: 2.4, abnormalFlag: "LL" }]);
  });
});

describe("names with a symbol, a separator or a virus type", () => {
  it.each([
    ["Monocytes % 9.1 % 2-10", ["Monocytes %", 9.1, "%", "2-10", "N"]],
    ["EOS # 0.9 x10^9/L 0.0-0.5", ["EOS #", 0.9, "x10^9/L", "0.0-0.5", "H"]],
    ["Basophils (%) 0.6 % 0-1", ["Basophils (%)", 0.6, "%", "0-1", "N"]],
    ["SGPT / ALT 35 U/L 0-41", ["SGPT / ALT", 35, "U/L", "0-41", "N"]],
    ["Sodium & Potassium ratio 28 mmol/L", ["Sodium & Potassium ratio", 28, "mmol/L", null, null]],
    ["HIV-1 RNA 2,350 copies/mL", ["HIV-1 RNA", 2350, "copies/mL", null, null]],
    ["HSV-2 IgG 1.8 U/mL <0.9", ["HSV-2 IgG", 1.8, "U/mL", "<0.9", "H"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
});

describe("a result broken over two lines is joined when the two read as one result", () => {
  it.each([
    ["Chloride\n101 mmol/L 98-107", ["Chloride", 101, "mmol/L", "98-107", "N"]],
    ["Total Protein:\n59 g/L 66-87 L", ["Total Protein", 59, "g/L", "66-87", "L"]],
    ["Calcium 2.1 mmol/L\n2.15-2.55 L", ["Calcium", 2.1, "mmol/L", "2.15-2.55", "L"]],
    ["Albumin 30 g/L\n(35 - 52)", ["Albumin", 30, "g/L", "35-52", "L"]],
  ])("%j", (text, expected) => {
    expect(read(text).tests).toEqual([expected]);
  });
  it.each([
    ["HAEMATOLOGY\nPage 2 of 3", []],
    ["Sodium 140 mmol/L 135-145\n3.5-5.1", [["Sodium", 140, "mmol/L", "135-145", "N"]]],
    ["Comment\n12 samples received", []],
  ])("does not join %j", (text, expected) => {
    expect(read(text).tests).toEqual(expected);
  });
});

describe("tests whose results have no unit are read without one", () => {
  it.each([
    ["Urine pH 7.5", ["Urine pH", 7.5, null, null, null]],
    ["S.G. 1.030", ["S.G", 1.03, null, null, null]],
    ["INR 1.1", ["INR", 1.1, null, null, null]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
  it.each(["Weight 70", "Bed 12", "Sample 3"])("%j stays unread", (line) => {
    expect(read(line).tests).toEqual([]);
  });
});

describe("a susceptibility table (zone in mm, S/I/R) is not read as numbers in seconds", () => {
  it.each(["Ceftazidime 18 S", "Meropenem 25 R", "Vancomycin 15 I"])("%s", (line) => {
    const r = read(line);
    expect(r.tests).toEqual([]);
  });
  it("a prothrombin time in seconds is still read", () => {
    expect(read("Prothrombin time 14.2 s 11-13.5").tests).toEqual([["Prothrombin time", 14.2, "s", "11-13.5", "H"]]);
  });
});

describe("a facility named 'Referral Hospital' is not a referral letter", () => {
  it.each([
    "MBEYA ZONAL REFERRAL HOSPITAL\nStool for occult blood",
    "Moi Teaching and Referral Hospital\nSputum AFB smear",
    "BUGANDO REFERRAL & TEACHING HOSPITAL\nBrucella agglutination",
    "Kakamega County Referral Hospital\nSerology",
    "Arua Regional Referral Hospital\nBlood slide for malaria parasites: ++",
  ])("%j, declared a lab report, stays one", (text) => {
    expect(classifyDocument(text, "lab_report", parseLabResults(text).tests.length)).toMatchObject({ type: "lab_report" });
  });
  it("a referral letter written at a referral hospital is still a referral", () => {
    const text = "MBEYA ZONAL REFERRAL HOSPITAL\nReason for referral: suspected TB meningitis\nReferred to: Muhimbili National Hospital\nThank you for seeing this patient";
    expect(classifyDocument(text, "other", 0)).toMatchObject({ type: "referral" });
  });
});
