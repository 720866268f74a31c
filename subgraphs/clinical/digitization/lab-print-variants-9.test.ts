import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the ninth blind set (test/fixtures/digitization/lab-reports-blind-9.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 20): ninth blind set), each
 * tested here on wordings that are in no blind set.
 */
const shown = (t: { value: number; valueText: string | null; comparator: string | null }) => t.valueText ?? `${t.comparator ?? ""}${t.value}`;
const report = (...lines: string[]) => parseLabResults(lines.join("\n")).tests.map((t) => [t.name, shown(t), t.unit, t.reference, t.abnormalFlag]);
const findings = (...lines: string[]) => parseLabResults(lines.join("\n")).findings.map((f) => [f.name, f.valueText, f.kind]);

describe("one result printed in two units on its row", () => {
  it("reads a glycated haemoglobin in % with its IFCC value in brackets, each with the range printed in its unit", () => {
    expect(report("A1C (glycated Hb)  6.3 %  (45 mmol/mol)   4.8-5.9 %  (29-41 mmol/mol)")).toEqual([
      ["A1C (glycated Hb)", "6.3", "%", "4.8-5.9", "H"],
      ["A1C (glycated Hb)", "45", "mmol/mol", "29-41", "H"],
    ]);
  });
  it("reads the two units split by a slash, a glued flag on the first, no range", () => {
    expect(report("Glycosylated HbA1c   5.2L % / 33 mmol/mol")).toEqual([
      ["Glycosylated HbA1c", "5.2", "%", null, "L"],
      ["Glycosylated HbA1c", "33", "mmol/mol", null, null],
    ]);
  });
  it("does not split a row whose two numbers are a value and a range, or two values in the same unit", () => {
    expect(report("Creatinine  88 umol/L (60-110)")).toEqual([["Creatinine", "88", "umol/L", "60-110", "N"]]);
    expect(report("Sodium  140 mmol/L (139 mmol/L)")).toEqual([]);
  });
});

describe("two value columns named with their units in the header", () => {
  it("reads each row as two results of one test, each with its own range", () => {
    expect(report("Cell type  Relative (%)  Absolute (x10^3/uL)  Ref %  Ref abs", "Basophils  0.8  0.05  0-2  0.0-0.2", "Neutrophils  81.0  9.72  40-75  2.0-7.0")).toEqual([
      ["Basophils", "0.8", "%", "0-2", "N"],
      ["Basophils", "0.05", "x10^3/uL", "0.0-0.2", "N"],
      ["Neutrophils", "81", "%", "40-75", "H"],
      ["Neutrophils", "9.72", "x10^3/uL", "2.0-7.0", "H"],
    ]);
  });
  it("reads a row with one value as usual under such a header", () => {
    expect(report("Test  DCCT (%)  IFCC (mmol/mol)", "Random glucose  6.4  mmol/L  3.9-7.8")).toEqual([["Random glucose", "6.4", "mmol/L", "3.9-7.8", "N"]]);
  });
});

describe("the unit printed once in the header", () => {
  it("gives rows without a unit the unit of the result column's header, until the next header", () => {
    expect(report("Electrolytes  Result (mmol/L)  Ref", "Bicarbonate  19  22-29", "Calcium  2.40  2.20-2.60", "Test  Result  Units  Ref", "CK  412  U/L  39-308")).toEqual([
      ["Bicarbonate", "19", "mmol/L", "22-29", "L"],
      ["Calcium", "2.4", "mmol/L", "2.20-2.60", "N"],
      ["CK", "412", "U/L", "39-308", "H"],
    ]);
  });
  it("takes a bare unit cell where the result column's header is, or a line of units under the header", () => {
    expect(report("Analyte  U/L  Normal", "LDH  540  140-280")).toEqual([["LDH", "540", "U/L", "140-280", "H"]]);
    expect(report("Parameter  Result  Range", "g/dL  g/dL", "Globulin  3.9  2.0-3.5")).toEqual([["Globulin", "3.9", "g/dL", "2.0-3.5", "H"]]);
  });
  it("never gives the header's unit to a result without a unit (INR, a ratio)", () => {
    expect(report("Clotting  Result (sec)  Normal", "Prothrombin time  15.2  11.0-13.5", "INR  1.3  0.8-1.2")).toEqual([
      ["Prothrombin time", "15.2", "sec", "11.0-13.5", "H"],
      ["INR", "1.3", null, "0.8-1.2", "H"],
    ]);
  });
  it("keeps a row's own unit", () => {
    expect(report("Chemistry  Result (mmol/L)  Ref", "Creatinine  95 umol/L  45-90")).toEqual([["Creatinine", "95", "umol/L", "45-90", "H"]]);
  });
});

describe("the reference column before the result", () => {
  it("reads range, value and unit in that order, with the flag before or after the value", () => {
    expect(report("Investigation  Normal values  Result  Units", "Phosphate  0.81-1.45  H 1.92  mmol/L", "Urea  2.5-7.1  5.0  mmol/L", "Albumin  35-50  28 L  g/L")).toEqual([
      ["Phosphate", "1.92", "mmol/L", "0.81-1.45", "H"],
      ["Urea", "5", "mmol/L", "2.5-7.1", "N"],
      ["Albumin", "28", "g/L", "35-50", "L"],
    ]);
  });
});

describe("flags glued to the value or printed before it", () => {
  it("reads '12.9H' and 'LL 2.6' as a value and its flag", () => {
    expect(report("Bilirubin total  45.1H  umol/L  5-21", "Potassium LL 2.6 mmol/L 3.5-5.0")).toEqual([
      ["Bilirubin total", "45.1", "umol/L", "5-21", "H"],
      ["Potassium", "2.6", "mmol/L", "3.5-5.0", "LL"],
    ]);
  });
  it("leaves a litre unit glued to its number alone when no unit or range follows", () => {
    expect(withoutResults("24 h urine volume  1.8L")).toBe(true);
    // "2H": two hours after a meal, not a flag on the number 2.
    expect(withoutResults("Glucose  2H  7.8  mmol/L")).toBe(true);
    expect(report("Glucose  2H  7.8  mmol/L").some((r) => r[1] === "2")).toBe(false);
  });
});
const withoutResults = (line: string) => parseLabResults(line).tests.every((t) => t.abnormalFlag !== "L" && t.abnormalFlag !== "H");

describe("Xpert MTB/RIF Ultra categories", () => {
  it("reads 'Trace DETECTED' as a detection at trace level, never as a trace grade against a 'Detected' normal", () => {
    expect(report("MTB  Trace DETECTED")).toEqual([["MTB", "Detected (trace)", null, null, null]]);
    expect(report("Urine protein  Trace  Negative")).toEqual([["Urine protein", "Trace", null, "Negative", "A"]]);
  });
});

describe("crossmatch per donor unit, told by the table's header", () => {
  it("reads one crossmatch per unit row under a unit-number column, with an expiry or a unit number in two parts", () => {
    expect(findings("Bag no.  ABO/Rh  Compatibility", "NBTS-A 771203  A Pos  Compatible  02/01/2027", "NBTS-A 771251  A Pos  Not compatible  05/01/2027")).toEqual([
      ["Crossmatch (unit NBTS-A 771203)", "Compatible", "crossmatch"],
      ["Crossmatch (unit NBTS-A 771251)", "Not compatible", "crossmatch"],
    ]);
  });
  it("reads a blood group whose label carries '(ABO)' and does not read a lab results header as a crossmatch table", () => {
    expect(findings("Blood grouping (ABO)  AB")).toEqual([["Blood grouping (ABO)", "AB", "blood_group"]]);
    expect(findings("Test  Result  Unit  Reference", "SN-2231 O Pos Compatible")).toEqual([]);
  });
});
