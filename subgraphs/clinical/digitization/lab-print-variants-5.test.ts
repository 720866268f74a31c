import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the fifth blind set (test/fixtures/digitization/lab-reports-blind-5.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 18): fifth blind set), each
 * tested here on wordings that are in no blind set.
 */
const read = (text: string) => {
  const r = parseLabResults(text);
  return { tests: r.tests.map((t) => [t.name, t.valueText ?? (t.comparator ? `${t.comparator}${t.value}` : t.value), t.unit, t.reference, t.abnormalFlag]), unread: r.unread };
};
const report = (...lines: string[]) => read(lines.join("\n"));

describe("a mark against the value: '!' (out of range) and an analyser's '*' before the flag or the unit", () => {
  it.each([
    ["Eosinophils  1.3 !  x10^9/L  0.0 - 0.5", ["Eosinophils", 1.3, "x10^9/L", "0.0-0.5", "H"]],
    ["MCV  64.2!  fL  80 - 100", ["MCV", 64.2, "fL", "80-100", "L"]],
    ["Lymphocytes#  0.4 !  10^3/uL  [ 1.0 - 3.0 ]", ["Lymphocytes#", 0.4, "10^3/uL", "1.0-3.0", "L"]],
    // Sysmex: "*" is a data-reliability mark; the printed flag after it decides.
    ["Platelets  88 *  L  x10^9/L  [ 150 - 410 ]", ["Platelets", 88, "x10^9/L", "150-410", "L"]],
    ["RET%  2.9 *  H  %  [ 0.5 - 2.5 ]", ["RET%", 2.9, "%", "0.5-2.5", "H"]],
    ["Monocytes  1.4 *  x10^9/L  0.2 - 1.0", ["Monocytes", 1.4, "x10^9/L", "0.2-1.0", "H"]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });

  it("keeps a spaced asterisk before the range as the flag column's (critical) asterisk", () => {
    expect(report("Sodium  119  *  135 - 145  mmol/L").tests).toEqual([["Sodium", 119, "mmol/L", "135-145", "LL"]]);
  });
});

describe("a column of earlier results beside the result (Result | Flag | Previous | Units)", () => {
  it("reads the current result and its flag, never the earlier one", () => {
    const r = report(
      "Investigation   Result   Flag   Prev. Result   Units    Reference",
      "ALT             88       H      65             U/L      0 - 45",
      "Albumin         29       L      31             g/L      35 - 50",
      "Magnesium       0.82            0.79           mmol/L   0.66 - 1.07",
    );
    expect(r.tests).toEqual([
      ["ALT", 88, "U/L", "0-45", "H"],
      ["Albumin", 29, "g/L", "35-50", "L"],
      ["Magnesium", 0.82, "mmol/L", "0.66-1.07", "N"],
    ]);
  });

  it("reads the result when the earlier column comes first", () => {
    const r = report("Test   Last result   Result   Units   Range", "Urea   9.1   12.6   mmol/L   2.5 - 7.8");
    expect(r.tests).toEqual([["Urea", 12.6, "mmol/L", "2.5-7.8", "H"]]);
  });
});

describe("the unit printed between a short analyser name and the value (coagulation printouts)", () => {
  it.each([
    ["APTT  Sec  44.0  H  [ 26.0 - 36.0 ]", ["APTT", 44, "Sec", "26.0-36.0", "H"]],
    ["TT  sec  17.9  [ 14.0 - 21.0 ]", ["TT", 17.9, "sec", "14.0-21.0", "N"]],
    ["Fib  g/L  1.2  L  [ 2.0 - 4.0 ]", ["Fib", 1.2, "g/L", "2.0-4.0", "L"]],
    ["D-Dimer  mg/L  0.3  [ 0.0 - 0.5 ]", ["D-Dimer", 0.3, "mg/L", "0.0-0.5", "N"]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });

  it("does not take a unit after a longer name or before a censored limit", () => {
    expect(report("Hepatitis B virus DNA Not Detected IU/mL <10").tests.every((t) => t[1] !== "<10")).toBe(true);
  });
});

describe("blood gas analyser names: sO2, c-prefixed ions and a basis in brackets", () => {
  it.each([
    ["sO2  88.0  %  [ 94.0 - 98.0 ]", ["sO2", 88, "%", "94.0-98.0", "L"]],
    ["cCa2+  1.31  mmol/L  [ 1.15 - 1.29 ]", ["cCa2+", 1.31, "mmol/L", "1.15-1.29", "H"]],
    // A trailing "-" is cut from every name, as a separator would be ("cCl" as "Na-" would be "Na").
    ["cCl-  111  mmol/L  [ 98 - 106 ]", ["cCl", 111, "mmol/L", "98-106", "H"]],
    ["cHCO3-(P,st)  18.9  mmol/L", ["cHCO3-(P,st)", 18.9, "mmol/L", null, null]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });
});

describe("French report words", () => {
  it.each([
    ["Calcémie  2,61  mmol/L  2,15 - 2,55", ["Calcémie", 2.61, "mmol/L", "2,15-2,55", "H"]],
    ["Acide urique  72  mg/L  25 - 60", ["Acide urique", 72, "mg/L", "25-60", "H"]],
    ["Gamma GT  96  UI/L  < 55", ["Gamma GT", 96, "UI/L", "<55", "H"]],
    ["Phosphatases alcalines  88  UI/L  40 - 130", ["Phosphatases alcalines", 88, "UI/L", "40-130", "N"]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });
});

describe("two results side by side, one of them a grade (two-column urinalysis)", () => {
  it.each([
    ["Bilirubin  Negative       Pus cells  Nil", [["Bilirubin", "Negative"], ["Pus cells", "Negative"]]],
    ["Urobilinogen  Normal      Epithelial cells  Many", [["Urobilinogen", "Normal"], ["Epithelial cells", "Many"]]],
    ["S.G.  1.010      Red cells  Few", [["S.G", 1.01], ["Red cells", "Few"]]],
    ["Blood  2+      Trichomonas  Not seen", [["Blood", "2+"], ["Trichomonas", "Not seen"]]],
  ])("%s", (line, expected) => {
    expect(report(line).tests.map((t) => [t[0], t[1]])).toEqual(expected);
  });

  it("keeps a grade followed by its reference grade as one result", () => {
    expect(report("Nitrite  Positive  Negative").tests.map((t) => [t[0], t[1], t[4]])).toEqual([["Nitrite", "Positive", "A"]]);
  });
});

describe("prose is not a result", () => {
  it("does not read a histogram description as a test", () => {
    expect(report("PLT Histogram: wide distribution, tail rising near 30 fL").tests).toEqual([]);
  });
});

describe("rows of a bedside chart: date and time before the test, initials after it", () => {
  it("reads each reading of the chart", () => {
    const r = report(
      "Date   Time   Test   Result   Unit   Range   Sign",
      "03/12   22:00   Glucose   15.8   mmol/L   4.0 - 7.0   W.K.",
      "04/12/2026   06:30   Glucose   5.2   mmol/L   4.0 - 7.0   J.N",
      "04/12   10:00   Hb   6.9   g/dL   12.0 - 16.0",
    );
    expect(r.tests).toEqual([
      ["Glucose", 15.8, "mmol/L", "4.0-7.0", "H"],
      ["Glucose", 5.2, "mmol/L", "4.0-7.0", "N"],
      ["Hb", 6.9, "g/dL", "12.0-16.0", "L"],
    ]);
  });

  it("does not read a growth chart row (a date, then numbers only)", () => {
    expect(report("12/05/2026   4   5.8   13.2").tests).toEqual([]);
  });
});

describe("rapid-test algorithm names: the test's number and the kit in brackets", () => {
  it.each([
    ["HIV Test 1 (Determine HIV-1/2)  Non-reactive", ["HIV Test 1 (Determine HIV-1/2)", "Non-reactive"]],
    ["Test 2 (First Response HIV 1-2-0)  Reactive", ["Test 2 (First Response HIV 1-2-0)", "Reactive"]],
  ])("%s", (line, expected) => {
    expect(report(line).tests.map((t) => [t[0], t[1]])).toEqual([expected]);
  });
});
