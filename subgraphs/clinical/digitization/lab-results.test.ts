import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyDocument } from "./classification.js";
import { sniffDocumentFormat } from "./file-type.js";
import { parseLabResults } from "./lab-results.js";

describe("lab result lines", () => {
  it("reads name, value, unit, range and flag in the usual layouts, with LOINC only for names the vocabulary knows", () => {
    const { tests: r, warnings } = parseLabResults(
      ["LAB REPORT", "Age 45 years", "Page 1 of 2", "Haemoglobin 10.2 g/dL (12.0-16.0) L", "Potassium: 5.9 mmol/L 3.5 - 5.1 H", "WBC 7.2 x10^9/L Ref: 4.0-11.0", "HbA1c 6.1 % <5.7", "Ferritin level 12 ng/mL", "CRP <0.5 mg/L"].join("\n"),
    );
    expect(warnings).toEqual([]);
    expect(r.map((t) => [t.name, t.value, t.unit, t.reference, t.abnormalFlag, t.flagSource, t.loincCode])).toEqual([
      ["Haemoglobin", 10.2, "g/dL", "12.0-16.0", "L", "document", "718-7"],
      ["Potassium", 5.9, "mmol/L", "3.5-5.1", "H", "document", "2823-3"],
      ["WBC", 7.2, "x10^9/L", "4.0-11.0", "N", "reference_range", "6690-2"],
      ["HbA1c", 6.1, "%", "<5.7", "H", "reference_range", "4548-4"],
      ["Ferritin level", 12, "ng/mL", null, null, null, "2276-4"],
      ["CRP", 0.5, "mg/L", null, null, null, "1988-5"],
    ]);
    expect(r.map((t) => t.comparator)).toEqual([null, null, null, null, null, "<"]);
  });
});

describe("censored values: the limit printed, with its comparator, flagged only where every value it allows lies on one side", () => {
  it.each([
    // line, name, comparator, value, unit, flag
    ["HIV-1 RNA Viral Load <40 copies/mL", "HIV-1 RNA Viral Load", "<", 40, "copies/mL", null],
    ["Viral load: < 20 copies/ml <1000", "Viral load", "<", 20, "copies/ml", "N"],
    ["HIV VL <150 copies/mL (<1000)", "HIV VL", "<", 150, "copies/mL", "N"],
    ["eGFR >90 mL/min/1.73m2 >60", "eGFR", ">", 90, "mL/min/1.73m2", "N"],
    ["eGFR > 60 mL/min/1.73m2 (90-120)", "eGFR", ">", 60, "mL/min/1.73m2", null],
    ["Glucose (RBS) >33.3 mmol/L 3.9-7.8", "Glucose (RBS)", ">", 33.3, "mmol/L", "H"],
    ["Platelets <10 x10^9/L (150-400) LL", "Platelets", "<", 10, "x10^9/L", "LL"],
    ["CRP <5 mg/L 0-5", "CRP", "<", 5, "mg/L", "N"],
    ["CRP <6 mg/L 0-5", "CRP", "<", 6, "mg/L", null],
    ["CRP >200 mg/L 0-5", "CRP", ">", 200, "mg/L", "H"],
    ["HbA1c >14.0 % <5.7", "HbA1c", ">", 14, "%", "H"],
    ["Troponin I <0.01 ng/mL <0.04", "Troponin I", "<", 0.01, "ng/mL", "N"],
    ["Bilirubin total <=3 umol/L (0-21)", "Bilirubin total", "<=", 3, "umol/L", "N"],
    ["Ferritin ≥1500 ng/mL (30-400)", "Ferritin", ">=", 1500, "ng/mL", "H"],
    ["TSH <0.01 mIU/L (0.4-4.0)", "TSH", "<", 0.01, "mIU/L", "L"],
    ["TSH <0.4 mIU/L (0.4-4.0)", "TSH", "<", 0.4, "mIU/L", "L"],
    ["TSH <=0.4 mIU/L (0.4-4.0)", "TSH", "<=", 0.4, "mIU/L", null],
    ["Hb >20.0 g/dL (12.0-16.0) H", "Hb", ">", 20, "g/dL", "H"],
  ])("%s", (line, name, comparator, value, unit, flag) => {
    const { tests, unread } = parseLabResults(line);
    expect(unread).toEqual([]);
    expect(tests.map((t) => [t.name, t.comparator, t.value, t.unit, t.abnormalFlag])).toEqual([[name, comparator, value, unit, flag]]);
  });

  it("a document's own critical flag on a censored value takes its direction from the side of the range the value lies on", () => {
    const { tests } = parseLabResults("Potassium >9.0 mmol/L (3.5-5.1) Critical");
    expect(tests.map((t) => [t.comparator, t.value, t.abnormalFlag, t.flagSource])).toEqual([[">", 9, "HH", "document"]]);
  });

  it("exact values carry no comparator, and a comparator alone with no number is not a result", () => {
    expect(parseLabResults("Sodium 138 mmol/L (135-145)").tests[0].comparator).toBeNull();
    expect(parseLabResults("Sodium < mmol/L (135-145)").tests).toEqual([]);
    // "<LDL" prints no number: it is charted as a grade (session 16, second blind set), never as a censored number.
    expect(parseLabResults("HIV VL <LDL copies/mL").tests.map((t) => [t.comparator, t.valueText, t.unit])).toEqual([[null, "Below detection limit", "copies/mL"]]);
  });
});

describe("LOINC codes that agree with the unit (knowledge/lab-loinc-units.json)", () => {
  const coded = (line: string) => {
    const { tests, warnings } = parseLabResults(line);
    return { code: tests[0]?.loincCode ?? null, display: tests[0]?.loincDisplay ?? null, warnings };
  };

  it.each([
    // line, LOINC code, display
    ["Urea 22.4 mmol/L 2.5 - 7.1 H", "22664-7", "Urea [Moles/volume] in Serum or Plasma"],
    ["Serum urea 40 mg/dL (15-45)", "3091-6", "Urea [Mass/volume] in Serum or Plasma"],
    ["Creatinine 412 µmol/L (62-106) H", "14682-9", "Creatinine [Moles/volume] in Serum or Plasma"],
    ["Creatinine 412 umol/L (62-106) H", "14682-9", "Creatinine [Moles/volume] in Serum or Plasma"],
    ["Creatinine 4.7 mg/dL (0.7-1.3) H", "2160-0", "Creatinine [Mass/volume] in Serum or Plasma"],
    ["Glucose 2.1 mmol/L (3.9-5.5) L", "14749-6", "Glucose [Moles/volume] in Serum or Plasma"],
    ["Glucose 38 mg/dL (70-99) L", "2345-7", "Glucose [Mass/volume] in Serum or Plasma"],
    ["RBS 7.8 mmol/L", "14749-6", "Glucose [Moles/volume] in Serum or Plasma"],
    ["FBS 5.1 mmol/L (3.9-5.5)", "14771-0", "Fasting glucose [Moles/volume] in Serum or Plasma"],
    ["BUN 18 mg/dL (7-20)", "3094-0", "Urea nitrogen [Mass/volume] in Serum or Plasma"],
    ["Urea nitrogen 6.4 mmol/L", "14937-7", "Urea nitrogen [Moles/volume] in Serum or Plasma"],
    ["Potassium 5.9 mEq/L (3.5-5.1) H", "2823-3", "Potassium [Moles/volume] in Serum or Plasma"],
  ])("%s → %s", (line, code, display) => {
    expect(coded(line)).toEqual({ code, display, warnings: [] });
  });

  it("pairs a [Moles/volume] with a [Mass/volume] code, or a /100 leukocytes with a [#/volume] code, of the same component, each with its source", () => {
    type C = { display: string } | undefined;
    const file = JSON.parse(readFileSync(new URL("../knowledge/lab-loinc-units.json", import.meta.url), "utf8")) as { analytes: { molar: C; mass: C; fraction: C; count: C; source: string }[] };
    for (const a of file.analytes) {
      if (a.molar || a.mass) {
        expect(a.molar?.display).toMatch(/\[Moles\/volume\]/);
        expect(a.mass?.display).toMatch(/\[Mass\/volume\]/);
        expect(a.molar?.display.replace("Moles", "Mass")).toBe(a.mass?.display);
        expect(a.source).toMatch(/MIRACUM loinc-conversion/);
      } else {
        expect(a.fraction?.display).toMatch(/^(\w+)\/100 leukocytes in Blood by Automated count$/);
        expect(a.count?.display).toBe(a.fraction?.display.replace("/100 leukocytes", " [#/volume]"));
        expect(a.source).toMatch(/57023-4/);
      }
    }
  });

  it("never codes urea as urea nitrogen (3094-0), whatever its unit", () => {
    for (const line of ["Urea 22.4 mmol/L", "Urea 40 mg/dL", "Serum urea 7.1 mmol/L", "Blood urea 30 mg/dl", "Urea (serum) 9 mmol/L"]) expect(coded(line).code, line).not.toBe("3094-0");
  });

  it.each([
    ["Urea 22.4 2.5 - 7.1 H", /"Urea 22.4" without a unit: LOINC left empty, the code depends on the unit \(molar units 22664-7, mass units 3091-6\)/],
    ["Creatinine 412 (62-106) H", /"Creatinine 412" without a unit: LOINC left empty/],
    ["Glucose 2.1 U/L (3.9-5.5)", /"Glucose 2.1" in U\/L: LOINC left empty/],
    ["Potassium 5.9 (3.5-5.1) H", /"Potassium 5.9" without a unit: LOINC left empty, 2823-3 \(Potassium \[Moles\/volume\] in Serum or Plasma\) needs a molar unit/],
    ["Haemoglobin 6.2 mmol/L (7.4-9.9) L", /"Haemoglobin 6.2" in mmol\/L: LOINC left empty, 718-7 .* needs a mass unit/],
  ])("leaves %j without a code, and says why", (line, warning) => {
    const r = coded(line);
    expect(r.code).toBeNull();
    expect(r.warnings).toEqual([expect.stringMatching(warning)]);
  });
});

describe("classification", () => {
  it("follows the content over the declared type and says why", () => {
    const c = classifyDocument("INVOICE\nInvoice number 42\nAmount due: UGX 15,000\nVAT 18%", "lab_report", 0);
    expect(c).toMatchObject({ type: "invoice", declaredType: "lab_report", agreesWithDeclared: false });
    expect(c.signals).toEqual(expect.arrayContaining(["invoice", "amount due", "vat"]));
  });
  it("keeps the declared type at 2/3 when the text says nothing", () => {
    expect(classifyDocument("hello", "referral", 0)).toMatchObject({ type: "referral", confidence: 0.67, signals: ["declared document_type"] });
  });
});

describe("file type from the first bytes", () => {
  it("knows PDF, PNG, JPEG and TIFF and nothing else", () => {
    expect(sniffDocumentFormat(Buffer.from("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffDocumentFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffDocumentFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffDocumentFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBe("tiff");
    expect(sniffDocumentFormat(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffDocumentFormat(Buffer.from("<html>"))).toBeNull();
  });
});

describe("counts per microscope field printed as a range: the lower end as value, the upper end kept, flagged only when the whole range is on one side", () => {
  it.each([
    // line, name, value, valueHigh, unit, flag
    ["Pus cells                         8-10/hpf      0-5", "Pus cells", 8, 10, "/hpf", "H"],
    ["Urine pus cells 3-5 /hpf (0-5)", "Urine pus cells", 3, 5, "/hpf", "N"],
    ["Pus cells 4-6/HPF 0-5", "Pus cells", 4, 6, "/HPF", null],
    ["RBCs: 2-4/hpf", "RBCs", 2, 4, "/hpf", null],
    ["Casts 0-1/lpf", "Casts", 0, 1, "/lpf", null],
    ["Epithelial cells 2 - 3 cells/hpf <5", "Epithelial cells", 2, 3, "cells/hpf", "N"],
    ["WBC (urine) 15-20/hpf 0-5 H", "WBC (urine)", 15, 20, "/hpf", "H"],
  ])("%s", (line, name, value, valueHigh, unit, flag) => {
    const { tests, unread } = parseLabResults(line);
    expect(unread).toEqual([]);
    expect(tests.map((t) => [t.name, t.value, t.valueHigh, t.unit, t.abnormalFlag, t.comparator])).toEqual([[name, value, valueHigh, unit, flag, null]]);
  });

  it("a range whose ends are reversed is named unread; a range before another unit is not a result; single values carry no upper end", () => {
    expect(parseLabResults("Pus cells 10-8/hpf").unread).toEqual([expect.stringMatching(/upper end is below its lower end/)]);
    expect(parseLabResults("Hb 12-16 g/dL").tests).toEqual([]);
    expect(parseLabResults("Pus cells 12 /hpf (0-5)").tests.map((t) => [t.value, t.valueHigh, t.abnormalFlag])).toEqual([[12, null, "H"]]);
  });
});
