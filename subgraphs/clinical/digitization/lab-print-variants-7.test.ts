import { describe, expect, it } from "vitest";
import { flowSheetHeader } from "./lab-flow-sheets.js";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the seventh blind set (test/fixtures/digitization/lab-reports-blind-7.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 19): seventh blind set), each
 * tested here on wordings that are in no blind set.
 */
const shown = (t: { value: number; valueText: string | null; valueHigh: number | null }) => t.valueText ?? (t.valueHigh !== null ? `${t.value}-${t.valueHigh}` : t.value);
const read = (text: string) => parseLabResults(text).tests.map((t) => [t.name, shown(t), t.unit, t.reference, t.abnormalFlag]);
const report = (...lines: string[]) => read(lines.join("\n"));
const dated = (...lines: string[]) => parseLabResults(lines.join("\n")).tests.map((t) => [t.name, t.valueText ?? t.value, t.unit, t.abnormalFlag, t.collectedOn ?? null]);

describe("flow sheets: tests as rows, dates as columns, every value with its own date", () => {
  it("reads each filled cell with its column's date, skipping empty cells and a units column", () => {
    expect(
      dated(
        "HYPERTENSION CLINIC FLOWSHEET",
        "Investigation   Unit   03/01/2026   04/04/2026   01/07/2026",
        "Potassium   mmol/L   4.1   -   5.4",
        "Urea   mmol/L   ND   6.2   7.0",
      ),
    ).toEqual([
      ["Potassium", 4.1, "mmol/L", null, "2026-01-03"],
      ["Potassium", 5.4, "mmol/L", null, "2026-07-01"],
      ["Urea", 6.2, "mmol/L", null, "2026-04-04"],
      ["Urea", 7, "mmol/L", null, "2026-07-01"],
    ]);
  });

  it("keeps the flag beside a cell and the shared range and unit after the dates", () => {
    expect(dated("WARD MONITORING SHEET", "Test  02/11/26  03/11/26  04/11/26  Ref  Unit", "Magnesium  0.52 L  0.61 L  0.80  0.70 - 1.00  mmol/L")).toEqual([
      ["Magnesium", 0.52, "mmol/L", "L", "2026-11-02"],
      ["Magnesium", 0.61, "mmol/L", "L", "2026-11-03"],
      ["Magnesium", 0.8, "mmol/L", "N", "2026-11-04"],
    ]);
  });

  it("reads grades and a unit written in the test cell", () => {
    expect(dated("TB TREATMENT MONITORING", "Visit date  10.01.2026  12.03.2026", "AFB smear  ++  Not seen", "ESR (mm/hr)  88  30", "HbA1c %  9.1  8.0")).toEqual([
      ["AFB smear", "2+", null, null, "2026-01-10"],
      ["AFB smear", "Not seen", null, null, "2026-03-12"],
      ["ESR", 88, "mm/hr", null, "2026-01-10"],
      ["ESR", 30, "mm/hr", null, "2026-03-12"],
      ["HbA1c", 9.1, "%", null, "2026-01-10"],
      ["HbA1c", 8, "%", null, "2026-03-12"],
    ]);
  });

  it("does not read vital signs and weight rows as results", () => {
    expect(dated("ANC FLOW CHART", "Date  05/05/2026  02/06/2026", "Weight kg  61  63", "BP mmHg  110/70  124/82", "Hb g/dL  10.9  11.3")).toEqual([
      ["Hb", 10.9, "g/dL", null, "2026-05-05"],
      ["Hb", 11.3, "g/dL", null, "2026-06-02"],
    ]);
  });

  it("keeps only the latest column of a laboratory's cumulative report (not titled a flow sheet)", () => {
    expect(dated("CUMULATIVE REPORT", "Test  01/10/2026  15/10/2026  29/10/2026  Units", "Albumin  29  31  34  g/L")).toEqual([["Albumin", 34, "g/L", null, null]]);
  });

  it("reads day-first dates and refuses impossible ones", () => {
    expect(flowSheetHeader("Date 31/12/25 01/01/26")?.dates).toEqual(["2025-12-31", "2026-01-01"]);
    expect(flowSheetHeader("Date 12/13/2026 14/12/2026")).toBeNull();
  });
});

describe("a comment column after the result", () => {
  it("reads a row without its remark, under a header naming the comment column", () => {
    expect(
      report(
        "Parameter   Result   Units   Range   Flag   Remarks",
        "Calcium   1.71   mmol/L   2.15 - 2.55   L   Check albumin; repeat tomorrow",
        "Magnesium   0.85   mmol/L   0.70 - 1.00      Lipaemic sample",
        "Widal O   Reactive   Non-reactive   Significance doubtful",
      ),
    ).toEqual([
      ["Calcium", 1.71, "mmol/L", "2.15-2.55", "L"],
      ["Magnesium", 0.85, "mmol/L", "0.70-1.00", "N"],
      ["Widal O", "Reactive", null, "Non-reactive", "A"],
    ]);
  });

  it("does not cut a line when the report has no comment column", () => {
    expect(report("Test  Result  Unit  Range", "Calcium  1.71  mmol/L  2.15 - 2.55  L  Check albumin")).toEqual([]);
  });
});

describe("results written as sentences in a laboratory's report", () => {
  const lab = (...lines: string[]) => report("DISTRICT HOSPITAL LABORATORY", ...lines);

  it.each([
    ["Serum sodium was 126 mmol/L and the potassium 2.9 mmol/L.", [["Serum sodium", 126, "mmol/L", null, null], ["potassium", 2.9, "mmol/L", null, null]]],
    ["The ESR is 95 mm/hr (normal 0 - 20).", [["ESR", 95, "mm/hr", "0-20", "H"]]],
    ["Creatinine raised at 320 umol/L (ref 60-110); urea at 21 mmol/L (ref 2.5-7.8).", [["Creatinine", 320, "umol/L", "60-110", "H"], ["urea", 21, "mmol/L", "2.5-7.8", "H"]]],
    ["Brucella antibody test was negative.", [["Brucella antibody test", "Negative", null, null, null]]],
    ["Fasting glucose: 5.0 mmol/L, within normal limits.", [["Fasting glucose", 5, "mmol/L", null, "N"]]],
    ["Sputum microscopy showed pus cells 10-15 /hpf.", [["pus cells", "10-15", "/hpf", null, null]]],
    ["Lymphocytes constitute 62 % of white cells.", [["Lymphocytes", 62, "%", null, null]]],
    ["Sickling test (sodium metabisulphite): positive (AS pattern suspected).", [["Sickling test (sodium metabisulphite)", "Positive", null, null, null]]],
  ])("%s", (line, expected) => {
    expect(lab(line as string)).toEqual(expected);
  });

  it("reads a Swahili 'ni' sentence", () => {
    expect(lab("Kiwango cha sukari (FBS) ni 7.8 mmol/L.")).toEqual([["Kiwango cha sukari (FBS)", 7.8, "mmol/L", null, null]]);
  });

  it("does not read sentences of a letter or a clinical note", () => {
    expect(report("REFERRAL LETTER", "His sodium was 126 mmol/L and the potassium 2.9 mmol/L.")).toEqual([]);
  });

  it("does not read status, history, comments or descriptions as results", () => {
    expect(lab("HIV status: known positive, on ART.", "Comment: potassium was 2.9 mmol/L yesterday.", "WBC histogram: one peak at about 90 fL.")).toEqual([]);
  });
});
