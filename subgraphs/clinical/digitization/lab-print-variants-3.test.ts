import { describe, expect, it } from "vitest";
import { observationsOf, validateFhir } from "./fhir.test-support.js";
import { readNumber } from "./lab-numbers.js";
import { oneEditApart } from "../../../lib/spelling.js";
import { withGradeSpellingRepaired } from "./lab-ordinals.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the third blind set (test/fixtures/digitization/lab-reports-blind-3.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 17): third blind set), each
 * tested here on wordings that are in no blind set.
 */
const read = (text: string) => {
  const r = parseLabResults(text);
  return { tests: r.tests.map((t) => [t.name, t.valueText ?? t.value, t.unit, t.reference, t.abnormalFlag]), warnings: r.warnings, unread: r.unread };
};
const report = (...lines: string[]) => read(lines.join("\n"));

describe("antimicrobial susceptibility: one result per antibiotic (and isolate), its category as text", () => {
  it.each([
    ["Cefuroxime          CXM 30       S", [["Cefuroxime", "Susceptible", null, null, null]]],
    ["Nalidixic acid      14           R", [["Nalidixic acid", "Resistant", null, null, null]]],
    ["Azithromycin   AZM 15   Intermediate", [["Azithromycin", "Intermediate", null, null, null]]],
    ["Vancomycin: Sensitive", [["Vancomycin", "Susceptible", null, null, null]]],
    ["Imipenem   10mm   RESISTANT", [["Imipenem", "Resistant", null, null, null]]],
    ["Sulfamethoxazole-trimethoprim   SXT 1.25/23.75   R", [["Sulfamethoxazole-trimethoprim", "Resistant", null, null, null]]],
    [
      "Tetracycline    R    S",
      [
        ["Tetracycline (isolate 1)", "Resistant", null, null, null],
        ["Tetracycline (isolate 2)", "Susceptible", null, null, null],
      ],
    ],
    ["Amikacin    NT    S", [["Amikacin (isolate 2)", "Susceptible", null, null, null]]],
  ])("under a culture heading: %s", (row, expected) => {
    expect(report("URINE CULTURE & SENSITIVITY", "Antibiotic   Disc   Result", row).tests).toEqual(expected);
  });

  it("reads lists of one category after a culture", () => {
    const r = report("Culture: Pure growth of Proteus mirabilis", "Susceptible to - Levofloxacin; Doxycycline", "RESISTANT TO: Ampicillin and Cotrimoxazole", "Intermediate: Cefixime.");
    expect(r.tests).toEqual([
      ["Levofloxacin", "Susceptible", null, null, null],
      ["Doxycycline", "Susceptible", null, null, null],
      ["Ampicillin", "Resistant", null, null, null],
      ["Cotrimoxazole", "Resistant", null, null, null],
      ["Cefixime", "Intermediate", null, null, null],
    ]);
  });

  it("never outside the culture part of a report, and never a key or a legend", () => {
    expect(report("HAEMATOLOGY", "Cefuroxime S", "Stage I", "Sensitive to: dust").tests).toEqual([]);
    expect(report("ANTIBIOGRAM", "S = Sensitive, I = Intermediate, R = Resistant", "Key: S - Susceptible; R - Resistant", "Interpretation: R = Resistant", "Antibiotic Zone (mm) Interpretation").tests).toEqual([]);
  });

  it("goes to FHIR as an Observation whose interpretation is v3 S, I or R, valid against the FHIR R4 schema", () => {
    const { tests } = parseLabResults(["ANTIMICROBIAL SUSCEPTIBILITY", "Cefotaxime  CTX 30  S", "Ciprofloxacin  CIP 5  I", "Ampicillin  AMP 10  R"].join("\n"));
    const observations = observationsOf(tests);
    expect(observations.map((o) => [o.valueString, o.interpretation])).toEqual(
      [
        ["Susceptible", "S"],
        ["Intermediate", "I"],
        ["Resistant", "R"],
      ].map(([text, code]) => [text, [{ coding: [{ system: "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation", code, display: text }] }]]),
    );
    for (const o of observations) expect(validateFhir(o) ? [] : validateFhir.errors).toEqual([]);
  });
});

describe("two result columns side by side, told apart by the header", () => {
  it("a control column is not the patient's result", () => {
    const r = report("Test  Result  Control  Units  Normal range", "Prothrombin time  15.2  12.0  s  11.0-14.0", "Activated PTT  44.0 H  33.5  s  26-36");
    expect(r.tests).toEqual([
      ["Prothrombin time", 15.2, "s", "11.0-14.0", "H"],
      ["Activated PTT", 44, "s", "26-36", "H"],
    ]);
  });

  it("a cumulative report gives only the latest date's result, whichever side it is printed on", () => {
    const r = report("Investigation  03/06/2026  10/11/2026  Unit  Ref", "Creatinine  88  140 H  umol/L  62-106", "Urea  6.1  9.8  mmol/L  2.5-7.8");
    expect(r.tests).toEqual([
      ["Creatinine", 140, "umol/L", "62-106", "H"],
      ["Urea", 9.8, "mmol/L", "2.5-7.8", "H"],
    ]);
  });

  it("two specimens give two results named after their column, without a range the row does not assign", () => {
    const r = report("Analyte  Ascitic fluid  Serum  Unit", "Albumin  12  31  g/L", "Total protein  25  68  g/L  60-80");
    expect(r.tests).toEqual([
      ["Albumin (ascitic fluid)", 12, "g/L", null, null],
      ["Albumin (serum)", 31, "g/L", null, null],
      ["Total protein (ascitic fluid)", 25, "g/L", null, null],
      ["Total protein (serum)", 68, "g/L", null, null],
    ]);
    expect(r.warnings.join(" ")).toMatch(/printed once for two specimen columns/);
  });

  it("without such a header, two numbers side by side are never read as one", () => {
    const r = report("Amylase  420 180  U/L");
    expect(r.tests).toEqual([]);
    expect(r.unread.join(" ")).toMatch(/two numbers side by side/);
  });
});

describe("a single space group of three digits is thousands only in an unscaled count", () => {
  it.each([
    ["1 245", { countUnit: false }, null],
    ["1 245", { countUnit: true, scaledUnit: true }, null],
    ["12 500", { countUnit: true }, 12500],
    ["1 250 000", { countUnit: false }, 1250000],
  ])("%s %o", (written, context, value) => {
    const r = readNumber(written, context);
    expect("value" in r ? r.value : null).toBe(value);
  });
  it("reads a viral load with a space between its thousands", () => {
    expect(read("HIV-1 RNA 12 500 copies/mL").tests).toEqual([["HIV-1 RNA", 12500, "copies/mL", null, null]]);
  });
});

describe("a grade word copied one letter off is read as the grade meant, with a warning", () => {
  it.each([
    ["Hepatitis B surface antigen - Negativ", "Hepatitis B surface antigen", "Negative"],
    ["Syphilis RPR: Non-reactiv", "Syphilis RPR", "Non-reactive"],
    ["Pregnancy test Psoitive", "Pregnancy test", "Positive"],
    ["HIV-1 DNA PCR: NOT DETECTD", "HIV-1 DNA PCR", "Not detected"],
  ])("%s", (line, name, text) => {
    const r = read(line);
    expect(r.tests).toEqual([[name, text, null, null, null]]);
    expect(r.warnings.join(" ")).toMatch(/one letter apart/);
  });
  it("leaves short words, words two letters off and words near two grades alone", () => {
    expect(withGradeSpellingRepaired("Sugar: Nill")).toBeNull();
    expect(withGradeSpellingRepaired("Albumin: Pstve")).toBeNull();
    expect(withGradeSpellingRepaired("Comment: Posted")).toBeNull();
    expect(oneEditApart("postive", "positive")).toBe(true);
    expect(oneEditApart("negtaive", "negative")).toBe(true);
    expect(oneEditApart("negative", "positive")).toBe(false);
  });
});

describe("results listed on one line after a panel's label", () => {
  it.each([
    ["Electrolytes: Na 138 mmol/L, K 4.2 mmol/L", [["Na", 138, "mmol/L", null, null], ["K", 4.2, "mmol/L", null, null]]],
    ["Urine dipstick: protein ++, glucose negative, ketones trace", [["protein", "2+", null, null, null], ["glucose", "Negative", null, null, null], ["ketones", "Trace", null, null, null]]],
    ["Truenat MTB Plus: MTB Detected; RIF Not detected", [["MTB", "Detected", null, null, null], ["RIF", "Not detected", null, null, null]]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual(expected);
  });
  it.each(["Comment: sample haemolysed, please repeat", "Gram stain: Gram negative rods, many pus cells", "Collected: 12/11/2026, 08:00"])("not %j", (line) => {
    expect(read(line).tests).toEqual([]);
  });
});

describe("a range printed for one population keeps its label and does not flag", () => {
  it.each([
    ["LH 35.2 mIU/mL Mid-cycle 14.0-95.6", ["LH", 35.2, "mIU/mL", "Mid-cycle 14.0-95.6", null]],
    ["Testosterone 0.9 nmol/L Female: 0.3-1.7", ["Testosterone", 0.9, "nmol/L", "Female 0.3-1.7", null]],
    ["Progesterone 0.4 ng/mL <1.0 (postmenopausal)", ["Progesterone", 0.4, "ng/mL", "<1.0 (postmenopausal)", null]],
    ["Haemoglobin 10.9 g/dL Adult 12.0-16.0 L", ["Haemoglobin", 10.9, "g/dL", "Adult 12.0-16.0", "L"]],
  ])("%s", (line, expected) => {
    const r = read(line);
    expect(r.tests).toEqual([expected]);
    expect(r.warnings.join(" ")).toMatch(/for one population only/);
  });
  it("lines that only continue the list of ranges are neither results nor unread", () => {
    const r = report("Progesterone 8.1 ng/mL Follicular phase 0.2-1.5", "Luteal phase 1.7-27.0", "Postmenopause 0.1-0.8");
    expect(r.tests).toHaveLength(1);
    expect(r.unread).toEqual([]);
  });
});

describe("names: ions with their charge, a sampling time in brackets, unitless ratios", () => {
  it.each([
    ["K+ 3.1 mmol/L 3.5-5.1 L", ["K+", 3.1, "mmol/L", "3.5-5.1", "L"]],
    ["Cl- 110 mmol/L 98-107", ["Cl", 110, "mmol/L", "98-107", "H"]],
    ["Ca++ 1.05 mmol/L 1.15-1.33", ["Ca++", 1.05, "mmol/L", "1.15-1.33", "L"]],
    ["Cortisol (16:00) 190 nmol/L", ["Cortisol (16:00)", 190, "nmol/L", null, null]],
    ["Albumin/globulin ratio 0.8 1.1-2.5", ["Albumin/globulin ratio", 0.8, null, "1.1-2.5", "L"]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
  it("a bare 'Ratio' is no test name", () => {
    expect(read("Ratio 3").tests).toEqual([]);
  });
});

describe("AFB smear grades and their counts; findings and blood groups before a grade", () => {
  it.each([
    ["ZN smear: Scanty (3 AFB/100 fields)", "Scanty (3 AFB/100 fields)"],
    ["Fluorescence microscopy - SCANTY (12 AFB / 40 fields)", "Scanty (12 AFB / 40 fields)"],
    ["AFB: 3+", "3+"],
  ])("%s", (line, text) => {
    expect(read(line).tests.map((t) => t[1])).toEqual([text]);
  });
  it.each(["Ova  Ascaris ova seen  Not seen", "ABO/Rh  A Rh positive", "Blood group: B RH negative", "Organism  Candida isolated  Absent"])("does not read the grade of %j as its result", (line) => {
    expect(read(line).tests).toEqual([]);
  });
});

describe("a base excess keeps its sign and its signed range; a '-' elsewhere stays a separator", () => {
  it.each([
    ["Base excess (ecf) -7.4 mmol/L (-3.0 - 3.0)", ["Base excess (ecf)", -7.4, "mmol/L", "-3.0-3.0", "L"]],
    ["ABE: +4.0 mmol/L -2 to +2", ["ABE", 4, "mmol/L", "-2-+2", "H"]],
    ["cBase(B) -1.1 mmol/L -2.3 - 2.3", ["cBase(B)", -1.1, "mmol/L", "-2.3-2.3", "N"]],
    ["BE -9 mmol/L", ["BE", -9, "mmol/L", null, null]],
  ])("%s", (line, expected) => {
    expect(read(line).tests).toEqual([expected]);
  });
  it("never reads a sign before another test's value", () => {
    expect(read("Sodium -135 mmol/L").tests).toEqual([]);
    expect(read("Hb - 8.9 g/dL").tests).toEqual([["Hb", 8.9, "g/dL", null, null]]);
  });
});

describe("the number of a specimen in a series is part of the name", () => {
  it.each([
    ["Specimen 1 (early morning)  Negative", "Specimen 1 (early morning)", "Negative"],
    ["Slide 2: Scanty (4 AFB/100 fields)", "Slide 2", "Scanty (4 AFB/100 fields)"],
  ])("%s", (line, name, text) => {
    expect(read(line).tests).toEqual([[name, text, null, null, null]]);
  });
  it("not after other words", () => {
    expect(read("Week 6 Negative").tests).toEqual([]);
  });
});
