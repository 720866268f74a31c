import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";
import { withoutCellLabels, withoutLotAndExpiry } from "./lab-tail-layouts.js";

/**
 * Classes of misses found by the sixth blind set (test/fixtures/digitization/lab-reports-blind-6.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 18): sixth blind set), each
 * tested here on wordings that are in no blind set.
 */
const read = (text: string) => parseLabResults(text).tests.map((t) => [t.name, t.valueText ?? t.value, t.unit, t.reference, t.abnormalFlag]);
const report = (...lines: string[]) => read(lines.join("\n"));

describe("Swahili and French result words: the printed word is kept, with its English grade", () => {
  it.each([
    ["Homa ya matumbo (Widal)  Hasi", ["Homa ya matumbo (Widal)", "Hasi (Negative)", null, null, null]],
    ["Kifua kikuu (TB LAM)  CHANYA", ["Kifua kikuu (TB LAM)", "CHANYA (Positive)", null, null, null]],
    ["Hépatite C (anti-VHC)  Négatif", ["Hépatite C (anti-VHC)", "Négatif (Negative)", null, null, null]],
    ["Toxoplasmose IgM  Positif  Négatif", ["Toxoplasmose IgM", "Positif (Positive)", null, "Négatif", "A"]],
    ["VIH 1/2  Non reactif  Non réactif", ["VIH 1/2", "Non reactif (Non-reactive)", null, "Non réactif", "N"]],
    ["Sérologie syphilis (TPHA)  Réactif", ["Sérologie syphilis (TPHA)", "Réactif (Reactive)", null, null, null]],
  ])("%s", (line, expected) => {
    expect(report(line)).toEqual([expected]);
  });

  it("ranks the foreign word as its grade", () => {
    const [t] = parseLabResults("Kipimo cha mimba (UPT)  Chanya").tests;
    expect(t.value).toBe(1);
  });

  it("keeps English grades as before", () => {
    expect(report("Brucella antigen  Negative")).toEqual([["Brucella antigen", "Negative", null, null, null]]);
  });
});

describe("rows that label both cells (Test: … Result: …), in English, Swahili and French", () => {
  it.each([
    ["Kipimo: Sukari ya damu  Matokeo: 5.4 mmol/L", "Sukari ya damu  5.4 mmol/L"],
    ["Test: Rheumatoid factor   Result: Negative", "Rheumatoid factor  Negative"],
    ["Examen: Glycémie   Résultat: 1,02 g/L", "Glycémie  1,02 g/L"],
  ])("%s", (line, expected) => {
    expect(withoutCellLabels(line)).toBe(expected);
  });

  it("leaves lines without both labels alone", () => {
    expect(withoutCellLabels("Test requested: FBC, U&E")).toBe("Test requested: FBC, U&E");
    expect(withoutCellLabels("Result: pending")).toBe("Result: pending");
  });

  it("reads the labelled row", () => {
    expect(report("Kipimo: Homa ya matumbo (Salmonella Ag)   Jibu: Hasi")).toEqual([["Homa ya matumbo (Salmonella Ag)", "Hasi (Negative)", null, null, null]]);
  });
});

describe("a cumulative report with one column per collection date: only the latest column is this report's", () => {
  it("takes the rightmost column when the dates run oldest first", () => {
    expect(
      report("Test   03/10/2026   17/10/2026   31/10/2026   Units   Reference", "ALT   140   96   52 H   U/L   0 - 45", "Bilirubin total   48   30   15   umol/L   3 - 21"),
    ).toEqual([
      ["ALT", 52, "U/L", "0-45", "H"],
      ["Bilirubin total", 15, "umol/L", "3-21", "N"],
    ]);
  });

  it("takes the leftmost column when the latest date is printed first (four dates)", () => {
    expect(report("Parameter  09/11/26  02/11/26  26/10/26  19/10/26  Unit  Range", "Haemoglobin  10.9  9.6  8.8  8.1  g/dL  12.0 - 16.0")).toEqual([["Haemoglobin", 10.9, "g/dL", "12.0-16.0", "L"]]);
  });
});

describe("rapid-test rows with the kit's lot number and expiry date before the result", () => {
  it.each([
    ["Hepatitis C Ab   HCV25K0031   2027-02-28   Negative", ["Hepatitis C Ab", "Negative"]],
    ["Malaria Ag P.f   MAL9981X   11/2027   Positive", ["Malaria Ag P.f", "Positive"]],
    ["Salmonella typhi Ag   ST-40217   2027-06-30   Non reactive", ["Salmonella typhi Ag", "Non-reactive"]],
  ])("%s", (line, [name, value]) => {
    expect(report(line).map((t) => t.slice(0, 2))).toEqual([[name, value]]);
  });

  it("does not drop cells that are not a lot and an expiry", () => {
    expect(withoutLotAndExpiry("Protein Trace Negative")).toBeNull();
    expect(withoutLotAndExpiry("Urine hCG Positive")).toBeNull();
  });
});
