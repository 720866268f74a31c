import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyDocument } from "./classification.js";
import { buildFhirResources } from "./fhir.js";
import { printedUhids, wrongPatient } from "./digitization.service.js";
import { isScaledUnit } from "./lab-numbers.js";
import { parseLabResults } from "./lab-results.js";
import { reportDates } from "./report-dates.js";

/** Lines of reports as printed and as OCR read them (tester's documents, docs/decisions/clinical.md "Lab results"). */
const one = (line: string) => {
  const r = parseLabResults(line);
  return { test: r.tests[0], tests: r.tests, warnings: r.warnings, unread: r.unread };
};

describe("a number is never split or merged: value and range are read exactly as written", () => {
  it.each([
    ["CD4 180 cells/µL 500 - 1500", "CD4", 180, "cells/µL", "500-1500", "L"],
    ["CD4 180 cells/uL 500 - 1500", "CD4", 180, "cells/uL", "500-1500", "L"],
    ["CD4 count 180 cells/mm3 500-1500 L", "CD4 count", 180, "cells/mm3", "500-1500", "L"],
    ["Vitamin B12 150 pg/mL 200 - 900 L", "Vitamin B12", 150, "pg/mL", "200-900", "L"],
    ["Free T4 8 pmol/L 12-22 L", "Free T4", 8, "pmol/L", "12-22", "L"],
    ["CA 125 48 U/mL <35 H", "CA 125", 48, "U/mL", "<35", "H"],
    ["HbA1c 8.2 % 4.0 - 5.6 H", "HbA1c", 8.2, "%", "4.0-5.6", "H"],
    ["Sodium 131 mmol/L 135-145", "Sodium", 131, "mmol/L", "135-145", "L"],
    ["Potassium: 5.9 mmol/L (3.5-5.1) H", "Potassium", 5.9, "mmol/L", "3.5-5.1", "H"],
  ])("%s", (line, name, value, unit, reference, flag) => {
    const { test } = one(line);
    expect(test).toMatchObject({ name, value, unit, reference, abnormalFlag: flag });
  });

  it.each(["Urea chil mmol/L 5-71", "Random Blood Sugar B12 mmol/L 39-78 L", "CDh4 180 cells/uL 500 - 1500", "Potassium 5.9 mmol/L Ji5=1511 H"])("skips the unreadable line %j with a warning naming it", (line) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.unread).toEqual([expect.stringContaining(`"${line}"`)]);
  });

  const names = ["Haemoglobin", "Potassium", "CD4", "CD4 count", "Vitamin B12", "Free T4", "T3", "CA 125", "HbA1c", "Total WBC", "S. Creatinine", "Platelet count", "Neutrophils", "Serum urea"];
  const units = ["g/dL", "mmol/L", "µmol/L", "cells/µL", "cells/uL", "x10^9/L", "×10⁹/L", "x10³/µL", "/mm3", "%", "pg/mL", "U/L", "copies/mL", "mg/dL", "fL", ""];
  const numberText = fc.oneof(
    fc.integer({ min: 0, max: 999 }).map((n) => ({ text: String(n), value: n })),
    fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => ({ text: `${a}.${String(b).padStart(2, "0")}`, value: Number(`${a}.${String(b).padStart(2, "0")}`) })),
    fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 9 })).map(([a, b]) => ({ text: `${a},${b}`, value: Number(`${a}.${b}`) })),
    fc.integer({ min: 1000, max: 9_999_999 }).map((n) => ({ text: n.toLocaleString("en-US"), value: n })),
    fc.integer({ min: 1000, max: 999_999 }).map((n) => ({ text: n.toLocaleString("en-US").replace(/,/g, " "), value: n })),
  );
  const range = fc.oneof(
    fc.constant(""),
    fc.tuple(numberText, numberText, fc.constantFrom("-", " - ", " to ", "- ")).map(([a, b, sep]) => `${a.text}${sep}${b.text}`),
    fc.tuple(numberText, numberText).map(([a, b]) => `(${a.text}-${b.text})`),
    fc.tuple(numberText, fc.constantFrom("<", "< ", ">")).map(([a, op]) => `${op}${a.text}`),
  );

  it("property: the value read is exactly the value written, or the line is skipped with a warning naming it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom("", ":"), numberText, fc.constantFrom(...units), range, fc.constantFrom("", "H", "L", "HH", "LL", "N", "High", "Low"), (name, colon, value, unit, ref, flag) => {
        const line = [`${name}${colon}`, value.text, unit, ref, flag].filter(Boolean).join(" ");
        const r = parseLabResults(line);
        if (r.tests.length === 0) {
          if (unit || ref) expect(r.unread.join("\n") + r.warnings.join("\n"), line).toContain(line.replace(/\s+/g, " "));
          return;
        }
        expect(r.tests, line).toHaveLength(1);
        // A scaled count unit (×10⁹/L) carries decimals: "1,250" there is never 1250; read as 1.25 only when the line uses decimal commas.
        const expected = isScaledUnit(unit) && /^[1-9]\d{0,2},\d{3}$/.test(value.text) ? Number(value.text.replace(",", ".")) : value.value;
        expect(r.tests[0].value, line).toBe(expected);
        expect(r.tests[0].name, line).toBe(name);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("thousands separators and decimal commas", () => {
  it.each([
    ["Platelets 95,000 cells/µL 150,000 - 400,000 L", 95000, 150000, 400000],
    ["Viral load 125,000 copies/mL < 1000 H", 125000, null, 1000],
    ["WBC 2,900 cells/µL 4,000 - 11,000", 2900, 4000, 11000],
    ["Parasite density 12,400 parasites/µL", 12400, null, null],
    ["Platelets 250 000 /uL", 250000, null, null],
    ["Viral Load 1,250,000 copies/mL", 1250000, null, null],
    ["Platelets 480,000 /mm3 150,000 - 400,000", 480000, 150000, 400000],
    ["Haemoglobin 8,5 g/dL 12.0-16.0 L", 8.5, 12, 16],
    ["Haemoglobin 12,0 g/dL 12,0-16,0", 12, 12, 16],
    ["Creatinine 1,2 mg/dL 0,6-1,2", 1.2, 0.6, 1.2],
    ["Specific gravity 1.025 1.005-1.030", 1.025, 1.005, 1.03],
  ])("%s → %d", (line, value, low, high) => {
    expect(one(line).test).toMatchObject({ value, low, high });
  });

  it.each(["Creatinine 1,250 mg/dL 0.6-1.2", "Creatinine 1,250 mg/dL 0,6-1,2", "Platelets 250,000 150,000-400,000", "Glucose 1,100 mg/dL"])("does not guess between 1250 and 1.25 in %j: skipped with a warning", (line) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.unread).toEqual([expect.stringMatching(/thousands separator.*decimal comma/)]);
  });
});

describe("a flag is never computed from a range OCR has damaged", () => {
  it.each([
    ["Potassium 6.1 mmol/L 35-51", null],
    ["Potassium 5.9 mmol/L 35-51 H", "H"],
    ["Urea 3.1 mmol/L 25-71", null],
    ["Urea 9,8 mmol/L 25-71 H", "H"],
    ["Random Blood Sugar 3.2 mmol/L 39-78 L", "L"],
    ["HbAlc 8.2 % 40-56", null],
    ["Glucose 2.6 mmol/L 39-6.1", null],
  ])("%s → flag %s, range not used, with a warning", (line, flag) => {
    const r = one(line);
    expect(r.test).toMatchObject({ abnormalFlag: flag, low: null, high: null });
    expect(r.warnings.join("\n")).toMatch(/was not used to flag the result/);
  });

  it.each([
    ["Haemoglobin 8.5 g/dL 12-16", "L"],
    ["Haemoglobin 85 g/L 120-160", "L"],
    ["Albumin 28 g/L 35-50", "L"],
    ["WBC 3.2 x10^9/L 4-11", "L"],
  ])("keeps a plausible range: %s → %s", (line, flag) => {
    expect(one(line).test).toMatchObject({ abnormalFlag: flag, flagSource: "reference_range" });
  });
});

describe("units: recognised lab units only, in their usual spellings", () => {
  it.each([
    ["Platelets 480,000 /mm3", "/mm3", 480000],
    ["Platelet count 480 x10³/µL", "x10³/µL", 480],
    ["Total WBC 3.2 ×10⁹/L", "×10⁹/L", 3.2],
    ["RBC 3.9 x10⁹/L", "x10⁹/L", 3.9],
    ["Viral load 5.1 log10 copies/mL", "log10copies/mL", 5.1],
    ["WBC 7.2 x 10^9/L", "x10^9/L", 7.2],
    ["ALT 85 U/L", "U/L", 85],
    ["CREATININE 132 UMOL/L", "UMOL/L", 132],
  ])("%s", (line, unit, value) => {
    expect(one(line).test).toMatchObject({ unit, value });
  });

  it.each([
    ["Full Blood Count 25,000 UGX", false],
    ["Amoxicillin syrup 250 mg", false],
    ["P.O. Box 14130 Kampala", false],
    ["EFW 2,450 g", false],
    ["Weight 70 kg", false],
    ["Creatinine 132 Mmol/L 53-106 H", true],
    ["Total Bilirubin 34 Hmol/L 5-21 H", true],
    ["Albumin 28 a/L 35-50 L", true],
  ])("%s is not a result (warned: %s)", (line, warned) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.unread.length > 0).toBe(warned);
  });

  it("reads µmol/L misread as Mmol/L as no unit at all: UCUM prefixes are case-sensitive (M = mega)", () => {
    expect(one("Creatinine 132 Mmol/L 53-106 H").unread[0]).toMatch(/M is mega/);
  });
});

describe("LOINC codes for white-cell differentials and other unit-dependent codes", () => {
  it.each([
    ["Neutrophils 78 % 40-75 H", "770-8"],
    ["Lymphocytes 15 % 20-45 L", "736-9"],
    ["Monocytes 6 % 2-10", "5905-5"],
    ["Eosinophils 3 % 1-6", "713-8"],
    ["Basophils 1 % 0-1", "706-2"],
    ["Neutrophils 9.8 x10^9/L 2.0-7.5 H", "751-8"],
    ["Lymphocytes 1.2 x10^9/L 1.0-4.0", "731-0"],
    ["Monocytes 0.5 x10^9/L", "742-7"],
    ["Eosinophils 0.2 x10^9/L", "711-2"],
    ["Basophils 0.05 x10^9/L", "704-7"],
    ["Platelets 95,000 cells/µL", "777-3"],
  ])("%s → %s", (line, code) => {
    expect(one(line).test.loincCode).toBe(code);
  });

  it.each([
    ["Neutrophils 78 40-75", /depends on the unit/],
    ["Ketones 15 mg/dL", /urine dipstick or a serum test/],
    ["Protein 30 mg/dL", /urine dipstick or a serum test/],
    ["Viral load 5.1 log10 copies/mL", /20447-9 .* needs a count unit/],
    ["Eosinophils 3 cells/hpf", /depends on the unit/],
  ])("leaves %j without a code (never 48050-9 stool or 26449-9), and says why", (line, warning) => {
    const r = one(line);
    expect(r.test.loincCode).toBeNull();
    expect(r.warnings).toEqual([expect.stringMatching(warning)]);
  });
});

describe("flags as printed", () => {
  it.each([
    ["Potassium 6.8 mmol/L 3.5 - 5.1 Critical", "HH"],
    ["Potassium 2.8 mmol/L 3.5-5.1 *", "LL"],
    ["Potassium 2.8 mmol/L 3.5-5.1 Critical low", "LL"],
    ["Potassium 6.8 mmol/L 3.5-5.1 HH", "HH"],
    ["Potassium 6.8 mmol/L Critical", "A"],
    ["Hb 6.2 g/dl 12-16 Low", "L"],
    ["Potassium 6.8 mmol/L 3.5-5.1 H*", "HH"],
  ])("%s → %s", (line, flag) => {
    expect(one(line).test).toMatchObject({ abnormalFlag: flag, flagSource: "document" });
  });

  it.each(["CD4 count 180 cells/uL 500 - 1500 lL", "Haemoglobin 7.1 g/dL 11.0-14.0 iF", "Haemoglobin 7.1 g/dL 11.0-14.0 l"])("does not take OCR noise for a flag: %s", (line) => {
    const r = one(line);
    expect(r.test).toMatchObject({ abnormalFlag: "L", flagSource: "reference_range" });
    expect(r.warnings.join("\n")).toMatch(/is not a flag the reader knows/);
  });
});

describe("a lab report's collection date (dd/mm/yyyy)", () => {
  const today = new Date("2026-05-01T00:00:00Z");
  it.each([
    ["Date collected: 03/04/2026 08:15     Date reported: 03/04/2026 11:40", "2026-04-03"],
    ["Sample collected: 03/04/2026   Result date: 17/04/2026", "2026-04-03"],
    ["Collected: 03.04.2026", "2026-04-03"],
    ["Date of collection 13-01-26 08:15", "2026-01-13"],
    ["Collection date: 1/2/2026", "2026-02-01"],
  ])("%s → %s", (text, date) => {
    expect(reportDates(`LAB REPORT\n${text}`, today)).toEqual({ collectedOn: date, warnings: [] });
  });
  it.each(["Collected: 31/02/2026", "Date collected: 04/13/2026", "Collected: 03/04/2027"])("records no date for %j, with a warning", (text) => {
    const r = reportDates(text, today);
    expect(r.collectedOn).toBeNull();
    expect(r.warnings).toHaveLength(1);
  });
  it("records none when no date is labelled as the collection date", () => {
    expect(reportDates("Date: 03/04/2026\nDOB: 05/11/1968", today)).toEqual({ collectedOn: null, warnings: [] });
  });
});

describe("FHIR: a laboratory DiagnosticReport only for lab reports", () => {
  const base = { documentId: "0b6c2c1e-0000-4000-8000-000000000001", patientUhid: "UG-2024-000001", encounterId: null, contentType: "application/pdf", bytes: Buffer.from("%PDF-1.4"), sha256: "00", title: "x.pdf", createdAt: new Date("2026-04-20T10:00:00Z"), url: "/x" };
  const tests = parseLabResults("Potassium 5.9 mmol/L 3.5-5.1 H").tests;
  it.each(["invoice", "prescription", "referral", "discharge_summary", "other"] as const)("%s: a DocumentReference only", (type) => {
    const classification = classifyDocument("x", type, 0);
    const { resources } = buildFhirResources({ ...base, classification, tests });
    expect(resources.map((r) => r.resourceType)).toEqual(["DocumentReference"]);
  });
  it("lab report: DiagnosticReport LAB and Observations dated by the collection date", () => {
    const { resources } = buildFhirResources({ ...base, classification: classifyDocument("x", "lab_report", 1), tests, collectedOn: "2026-04-03" });
    expect(resources.map((r) => r.resourceType)).toEqual(["DocumentReference", "DiagnosticReport", "Observation"]);
    expect(resources[1]).toMatchObject({ category: [{ coding: [{ code: "LAB" }] }], effectiveDateTime: "2026-04-03" });
    expect(resources[2]).toMatchObject({ effectiveDateTime: "2026-04-03", valueQuantity: { value: 5.9 } });
  });
});

describe("scaled count units (×10⁹/L, ×10¹²/L) carry decimals: a comma there is never a thousands separator", () => {
  it.each([
    ["RBC | 4,125 | 10^12/L | 3,80 - 5,20", 4.125, 3.8, 5.2, "N"],
    ["Monocytes | 0,450 | 10^9/L | 0,200 - 1,000", 0.45, 0.2, 1, "N"],
    ["WBC | 7,2 | x10^9/L | 4,0 - 11,0", 7.2, 4, 11, "N"],
    ["Neutrophils 3,250 10*9/L 2,0 - 7,5", 3.25, 2, 7.5, "N"],
  ])("%s → %d, read as decimal commas because the line writes them", (line, value, low, high, flag) => {
    expect(one(line).test).toMatchObject({ value, low, high, abnormalFlag: flag });
  });

  it.each([
    "RBC | 4,610 | 10^12/L | 4,000 - 5,200",
    "Lymphocytes | 1,850 | 10^9/L | 1,000 - 4,000",
    "Neutrophils | 3,250 | 10^9/L | 2,000 - 7,000",
    "RBC 4,125 x10^12/L 3.80-5.20",
    "Platelets 1,250 x10³/µL",
    "WBC 4,500 G/L",
  ])("skips %j with a warning naming it: 4,610 ×10¹²/L is never 4610", (line) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.unread).toEqual([expect.stringContaining(`"${line.replace(/\s*\|\s*/g, " ")}"`)]);
  });

  it("keeps thousands in unscaled counts: cells/µL, /mm3, copies/mL", () => {
    expect(one("Lymphocytes 1,850 cells/µL 1,000 - 4,000").test).toMatchObject({ value: 1850, low: 1000, high: 4000 });
  });

  it("property: with a scaled unit, d,ddd is read as d.ddd or not at all, never as thousands", () => {
    const scaled = ["x10^9/L", "×10⁹/L", "x10^12/L", "10^12/L", "10*9/L", "x10³/µL", "x 10^9/L"];
    const comma3 = fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 })).map(([a, b]) => `${a},${String(b).padStart(3, "0")}`);
    const rangeNumber = fc.oneof(comma3, fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a},${b}`), fc.integer({ min: 0, max: 999 }).map(String), fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${b}`));
    const range = fc.oneof(fc.constant(""), fc.tuple(rangeNumber, rangeNumber).map(([a, b]) => `${a} - ${b}`));
    fc.assert(
      fc.property(fc.constantFrom("RBC", "WBC", "Lymphocytes", "Neutrophils", "Monocytes", "Platelets"), comma3, fc.constantFrom(...scaled), range, (name, value, unit, ref) => {
        const line = [name, value, unit, ref].filter(Boolean).join(" ");
        const r = parseLabResults(line);
        if (r.tests.length === 0) {
          expect(r.unread.join("\n"), line).toContain(line);
          return;
        }
        expect(r.tests[0].value, line).toBe(Number(value.replace(",", ".")));
        expect(r.tests[0].value, line).toBeLessThan(1000);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a printed flag before the range (Test | Result | Units | Flag | Reference Range)", () => {
  it.each([
    ["WBC | 3.1 | x10^9/L | L | 4.0 - 11.0", 3.1, "L"],
    ["Haemoglobin | 9.4 | g/dL | L | 12.0 - 16.0", 9.4, "L"],
    ["Platelets | 512 | x10^9/L | H | 150 - 400", 512, "H"],
    ["Potassium 6.8 mmol/L HH 3.5-5.1", 6.8, "HH"],
    ["WBC 3.1 x10^9/L 4.0 - 11.0 L", 3.1, "L"],
    ["Haemoglobin 9.4 g/dL 12.0 - 16.0 L", 9.4, "L"],
  ])("%s → %d flagged %s by the document", (line, value, flag) => {
    expect(one(line).test).toMatchObject({ value, abnormalFlag: flag, flagSource: "document" });
  });
  it("a row with an empty flag column is flagged from the range", () => {
    expect(one("Platelets | 250 | x10^9/L |  | 150 - 400").test).toMatchObject({ value: 250, abnormalFlag: "N", flagSource: "reference_range" });
  });
  it.each(["WBC 3.1 x10^9/L l 4.0 - 11.0", "WBC 3.1 x10^9/L H 4.0 - 11.0 L"])("does not read %j (lower-case code or two flags), and names it", (line) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.unread).toEqual([expect.stringContaining(`"${line}"`)]);
  });
});

describe("qualitative results are not charted but named in the warnings", () => {
  // Grades on an ordinal scale ("Protein ++", "Nitrite Positive", "Glucose Nil", "Target Not Detected") are
  // charted since 2026-11-28: lab-ordinals.test.ts.
  it.each([
    "Suppression status: Suppressed",
    "GeneXpert MTB/RIF Ultra: MTB DETECTED LOW",
    // "GeneXpert MTB/RIF Ultra: MTB DETECTED LOW; Rifampicin resistance NOT DETECTED" lists two results and is
    // charted since session 17 (lab-print-variants-3.test.ts).
    "Blood slide: No parasites seen",
  ])("%s", (line) => {
    const r = one(line);
    expect(r.tests).toEqual([]);
    expect(r.warnings).toEqual([`qualitative result not charted: ${line}`]);
  });
  it.each(["Seen by: Dr Okello Samuel James Mukasa", "Patient: Negative", "Haemoglobin 10.2 g/dL 12.0-16.0 L"])("not for %j", (line) => {
    expect(one(line).warnings.filter((w) => w.startsWith("qualitative"))).toEqual([]);
  });
});

describe("wrong patient: printed UHIDs compared normalised, lab numbers are not UHIDs", () => {
  const uhid = "UG-2024-000001";
  it("a lab number of another prefix, with no UHID printed, is not a UHID: the document is filed (200 path)", () => {
    expect(printedUhids("CITY LAB\nLab No: HM-2026-004512\nHaemoglobin 10.2 g/dL", uhid)).toEqual([]);
    expect(wrongPatient("CITY LAB\nLab No: HM-2026-004512\nHaemoglobin 10.2 g/dL", uhid)).toBeNull();
    expect(wrongPatient("Sample No HM-2026-004512 Receipt KE-2026-000123", uhid)).toBeNull();
  });
  it.each(["UHID: UG–2024–000005", "UHID: UG—2024—000005", "Name: Jane  UG2024000005", "UG 2024 000005", "Patient ID: KE-2023-000009"])("another patient's identifier %j is refused (409)", (text) => {
    expect(wrongPatient(`${text}\nHaemoglobin 10.2 g/dL`, uhid)).toMatchObject({ message: expect.stringContaining("not stored") });
  });
  it.each(["MRN: 48213", "IP No 2024/5512", "OP No: 7781", "Patient No. 12-3344"])("a facility's own number %j is not a UHID: the document is filed", (text) => {
    expect(printedUhids(text, "UG-2024-000001")).toEqual([]);
    expect(wrongPatient(text, "UG-2024-000001")).toBeNull();
  });

  it.each(["UHID: UG-2024-000001", "UHID: UG–2024–000001", "Patient ID: ug2024000001", "UHID: UG 2024 000001 Age 45", "Lab No: HM-2026-004512 UHID: UG-2024-000001"])("the patient's own UHID %j is accepted", (text) => {
    expect(wrongPatient(text, uhid)).toBeNull();
  });
});
