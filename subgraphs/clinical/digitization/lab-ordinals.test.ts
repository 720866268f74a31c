import { describe, expect, it } from "vitest";
import { observationsOf } from "./fhir.test-support.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Ordinal (semi-quantitative) results are charted with their grade (knowledge/lab-ordinal-scales.json;
 * docs/decisions/clinical.md, "Document digitization", 2026-11-28): urine dipstick, microscopy amounts,
 * presence results. A printed reference grade flags them; without one there is no flag.
 */
const one = (line: string) => {
  const r = parseLabResults(line);
  return { tests: r.tests.map((t) => ({ name: t.name, value: t.value, valueText: t.valueText, unit: t.unit, reference: t.reference, abnormalFlag: t.abnormalFlag })), warnings: r.warnings, unread: r.unread };
};

describe("grades are read as ordinal results, every spelling of a grade to one text and rank", () => {
  it.each([
    // line, name, grade text, rank
    ["Albumin (urine): +++", "Albumin (urine)", "3+", 3],
    ["Urine sugar ++++", "Urine sugar", "4+", 4],
    ["Ketone bodies 1+", "Ketone bodies", "1+", 1],
    ["Blood (dipstick) = 3+", "Blood (dipstick)", "3+", 3],
    ["Urine albumin - Trace", "Urine albumin", "Trace", 0.5],
    ["Glucose (urine): TRACES", "Glucose (urine)", "Trace", 0.5],
    ["Protein: NIL", "Protein", "Negative", 0],
    ["Urobilinogen -ve", "Urobilinogen", "Negative", 0],
    ["Nitrites +ve", "Nitrites", "Positive", 1],
    ["Bacteria: Moderate", "Bacteria", "Moderate", 2],
    ["Mucus threads Many", "Mucus threads", "Many", 3],
    ["Squamous epithelial cells: FEW", "Squamous epithelial cells", "Few", 1],
    ["Crystals none seen", "Crystals", "Not seen", 0],
    ["Hepatitis C antibody: REACTIVE", "Hepatitis C antibody", "Reactive", 1],
    ["TPHA Non Reactive", "TPHA", "Non-reactive", 0],
    ["HIV-1 RNA: Undetected", "HIV-1 RNA", "Not detected", 0],
    ["H. pylori stool antigen: Positive", "H. pylori stool antigen", "Positive", 1],
    ["Fecal occult blood Absent", "Fecal occult blood", "Absent", 0],
    // Held over from "qualitative results are not charted" (lab-lines.test.ts): now charted.
    ["Protein ++", "Protein", "2+", 2],
    ["Nitrite Positive", "Nitrite", "Positive", 1],
    ["Glucose Nil", "Glucose", "Negative", 0],
    ["Urine hCG (pregnancy test): Positive", "Urine hCG (pregnancy test)", "Positive", 1],
    ["Blood slide for malaria parasites: +++", "Blood slide for malaria parasites", "3+", 3],
    ["Viral Load Result: Target Not Detected", "Viral Load Result", "Not detected", 0],
  ])("%s", (line, name, valueText, value) => {
    expect(one(line).tests).toEqual([{ name, value, valueText, unit: null, reference: null, abnormalFlag: null }]);
  });
});

describe("a printed reference grade flags the result: A above it, N at or below it", () => {
  it.each([
    ["Urine protein  +  (Negative)", "1+", "Negative", "A"],
    ["Sugar: Trace   Ref: Nil", "Trace", "Nil", "A"],
    ["Ketones  Negative  Negative", "Negative", "Negative", "N"],
    ["Nitrite: NEG (Neg)", "Negative", "Neg", "N"],
    ["Leukocyte esterase 3+ Normal: Negative", "3+", "Negative", "A"],
    ["VDRL Reactive  Non-reactive", "Reactive", "Non-reactive", "A"],
    ["Epithelial cells  Many  (Few)", "Many", "Few", "A"],
    ["Epithelial cells  Few  (Few)", "Few", "Few", "N"],
  ])("%s → %s against %s: %s", (line, valueText, reference, flag) => {
    expect(one(line).tests).toMatchObject([{ valueText, reference, abnormalFlag: flag }]);
  });
});

describe("not every word after a label is a result", () => {
  it.each([
    "Patient: Negative",
    "Result: Positive",
    "Comment: Nil",
    "Interpretation: Reactive",
    "Diagnosis: Malaria positive",
    "Blood slide: No parasites seen",
    "Suppression status: Suppressed",
    "Key: S - Sensitive, I - Intermediate, R - Resistant",
    "Dear Doctor, the test was positive",
    "The malaria test was positive",
    "Malaria RDT is negative",
  ])("%j is not charted", (line) => {
    expect(one(line).tests).toEqual([]);
  });
});

describe("an ordinal result in FHIR is a string, never a quantity", () => {
  it("valueString with the grade, its interpretation and reference text; numeric results keep valueQuantity", () => {
    const tests = parseLabResults("Protein ++ Negative\nPotassium 5.9 mmol/L 3.5-5.1 H").tests;
    const [protein, potassium] = observationsOf(tests);
    expect(protein).toMatchObject({ valueString: "2+", interpretation: [{ coding: [{ code: "A" }] }], referenceRange: [{ text: "Negative" }] });
    expect(protein).not.toHaveProperty("valueQuantity");
    expect(potassium).toMatchObject({ valueQuantity: { value: 5.9, unit: "mmol/L" } });
    expect(potassium).not.toHaveProperty("valueString");
  });
});

describe("rapid tests as printed at antenatal and malaria clinics: a qualifier in brackets stays with the grade, '1&2' is part of a name", () => {
  it.each([
    // line, name, rank, text, reference
    ["mRDT (Pf/Pan)        : POSITIVE (Pf)", "mRDT (Pf/Pan)", 1, "Positive (Pf)", null],
    ["Malaria RDT: Positive (P. falciparum)", "Malaria RDT", 1, "Positive (P. falciparum)", null],
    ["HIV 1&2 Rapid: Non reactive", "HIV 1&2 Rapid", 0, "Non-reactive", null],
    ["HIV 1+2 antibodies: Non-reactive", "HIV 1+2 antibodies", 0, "Non-reactive", null],
    ["HIV 1/2 Ab: Reactive (weak)", "HIV 1/2 Ab", 1, "Reactive (weak)", null],
    ["HCV Ab - Negative (Negative)", "HCV Ab", 0, "Negative", "Negative"],
  ])("%s", (line, name, rank, text, reference) => {
    const { tests, unread } = parseLabResults(line);
    expect(unread).toEqual([]);
    expect(tests.map((t) => [t.name, t.value, t.valueText, t.reference])).toEqual([[name, rank, text, reference]]);
  });

  it("a bracket holding digits or a long remark is not a qualifier", () => {
    expect(parseLabResults("HBsAg: Positive (repeat in 2 weeks)").tests).toEqual([]);
    expect(parseLabResults("mRDT: Positive (the patient was referred to the district hospital for care)").tests).toEqual([]);
  });
});
