import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";
import { withExponentExpanded, withOcrBarsInUnits, withUnitBeforeRange } from "./lab-tail-layouts.js";

/**
 * Classes of misses found by the fourth blind set (test/fixtures/digitization/lab-reports-blind-4.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 18): fourth blind set), each
 * tested here on wordings that are in no blind set.
 */
const read = (text: string) => {
  const r = parseLabResults(text);
  return { tests: r.tests.map((t) => [t.name, t.valueText ?? (t.comparator ? `${t.comparator}${t.value}` : t.value), t.unit, t.reference, t.abnormalFlag]), findings: r.findings.map((f) => [f.name, f.valueText]), unread: r.unread };
};
const report = (...lines: string[]) => read(lines.join("\n"));

describe("the unit printed after the reference range (Test | Result | Flag | Range | Units)", () => {
  it.each([
    ["Magnesium  0.58  L  0.66 - 1.07  mmol/L", ["Magnesium", 0.58, "mmol/L", "0.66-1.07", "L"]],
    ["Ferritin  412  H  13 - 150  ng/mL", ["Ferritin", 412, "ng/mL", "13-150", "H"]],
    ["LDH  198  135 - 225  U/L", ["LDH", 198, "U/L", "135-225", "N"]],
    ["Phosphate  0.61  0.81-1.45  mmol/L", ["Phosphate", 0.61, "mmol/L", "0.81-1.45", "L"]],
    ["Lipase  41  < 60  U/L", ["Lipase", 41, "U/L", "<60", "N"]],
    ["Calcium  1.52  LL  2.10 - 2.60  mmol/L", ["Calcium", 1.52, "mmol/L", "2.10-2.60", "LL"]],
    ["Eosinophils  1.9  H  0.0 - 0.5  x10^9/L", ["Eosinophils", 1.9, "x10^9/L", "0.0-0.5", "H"]],
    ["Chloride  93  98 - 107  mmol/L  L", ["Chloride", 93, "mmol/L", "98-107", "L"]],
    ["Reticulocytes  3.8  (0.5 - 2.5)  %  H", ["Reticulocytes", 3.8, "%", "0.5-2.5", "H"]],
    ["Amylase  64  (28 - 100)  U/L", ["Amylase", 64, "U/L", "28-100", "N"]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });

  it("leaves a range followed by anything but a unit as it was", () => {
    expect(withUnitBeforeRange("12.1 11.5-16.5 H")).toBe("12.1 11.5-16.5 H");
    expect(withUnitBeforeRange("12.1 11.5-16.5 Platelets")).toBe("12.1 11.5-16.5 Platelets");
    expect(withUnitBeforeRange("2-4 /hpf")).toBe("2-4 /hpf");
    expect(withUnitBeforeRange("0.58 L 0.66 - 1.07 mmol/L")).toBe("0.58 mmol/L 0.66 - 1.07 L");
    // Two flags, one on each side of the unit: left for the line reader to refuse.
    expect(withUnitBeforeRange("0.58 L 0.66 - 1.07 mmol/L H")).toBe("0.58 L 0.66 - 1.07 mmol/L H");
  });

  it("reads a lone asterisk as critical, unless the report's legend says it marks results outside the range", () => {
    const rows = ["Sodium  121  *  135 - 145  mmol/L", "Urea  3.1  2.5 - 7.8  mmol/L"];
    expect(report(...rows).tests.map((t) => t[4])).toEqual(["LL", "N"]);
    expect(report(...rows, "(*) Outside reference range").tests.map((t) => t[4])).toEqual(["L", "N"]);
    expect(report("* = abnormal", "Sodium  151  *  135 - 145  mmol/L").tests.map((t) => t[4])).toEqual(["H"]);
  });
});

describe("values in scientific notation", () => {
  it.each([
    ["HCV RNA  2.71E+05  IU/mL", ["HCV RNA", 271000, "IU/mL", null, null]],
    ["HIV-1 RNA  1.9e4  copies/mL", ["HIV-1 RNA", 19000, "copies/mL", null, null]],
    ["HBV DNA  <2.0E+01  IU/mL", ["HBV DNA", "<20", "IU/mL", null, null]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });

  it("keeps exponents beyond a lab value's reach and ordinary numbers as written", () => {
    expect(withExponentExpanded("3.0E+40 IU/mL")).toBe("3.0E+40 IU/mL");
    expect(withExponentExpanded("5.0E-01 mg/L")).toBe("0.5 mg/L");
    expect(withExponentExpanded("4.5 mmol/L")).toBe("4.5 mmol/L");
  });
});

describe("logarithmic results", () => {
  it.each([
    ["HCV RNA (log10)  4.87  log IU/mL", ["HCV RNA (log10)", 4.87, "logIU/mL", null, null]],
    ["Log10 HBV DNA: 2.33", ["Log10 HBV DNA", 2.33, null, null, null]],
    ["HIV RNA log  < 1.18", ["HIV RNA log", "<1.18", null, null, null]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });
});

describe("agglutination titres", () => {
  it("reads Weil-Felix Proteus antigens by name", () => {
    expect(report("Proteus OX2   1:320", "Proteus OX19: 1:80").tests).toEqual([
      ["Proteus OX2", "1:320", null, null, null],
      ["Proteus OX19", "1:80", null, null, null],
    ]);
  });

  it("reads two antigen columns as two titres per organism, until the table ends", () => {
    expect(report("Organism   O (somatic)   H (flagellar)", "Salmonella Typhi   1:80   1:640", "S. Paratyphi C   1:40   1:40", "Brucella  1:20").tests).toEqual([
      ["Salmonella Typhi O", "1:80", null, null, null],
      ["Salmonella Typhi H", "1:640", null, null, null],
      ["S. Paratyphi C O", "1:40", null, null, null],
      ["S. Paratyphi C H", "1:40", null, null, null],
      ["Brucella", "1:20", null, null, null],
    ]);
  });
});

describe("OCR's bar for the letter l in a unit", () => {
  it("puts it back only where it makes a lab unit", () => {
    expect(withOcrBarsInUnits("Glucose 6.2 mmo|/L")).toBe("Glucose 6.2 mmol/L");
    expect(withOcrBarsInUnits("Urate 388 umo|/l")).toBe("Urate 388 umol/l");
    expect(withOcrBarsInUnits("Test | Result | Unit")).toBe("Test | Result | Unit");
    expect(report("Chloride   l02   mmo|/L   98-l07").tests).toEqual([["Chloride", 102, "mmol/L", "98-107", "N"]]);
  });
});

describe("presence and absence graded in words", () => {
  it.each([
    ["Trichuris trichiura ova: Seen", ["Trichuris trichiura ova", "Seen", null, null, null]],
    ["Hymenolepis nana ova = seen", ["Hymenolepis nana ova", "Seen", null, null, null]],
    ["Taenia eggs - Seen", ["Taenia eggs", "Seen", null, null, null]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });

  it("charts 'Seen' as the presence grade, as 'Not seen' already was (before session 18 it was a word-only finding)", () => {
    expect(report("Clue cells: Seen", "Clue cells: Not seen")).toMatchObject({ tests: [["Clue cells", "Seen", null, null, null], ["Clue cells", "Not seen", null, null, null]], findings: [] });
  });

  it("never reads a sentence or a finding as 'Seen'", () => {
    expect(report("Trypanosomes: none were seen").tests).toEqual([]);
    expect(report("No microfilariae seen").tests).toEqual([]);
    expect(report("Cysts  Giardia cysts seen").tests).toEqual([]);
  });

  it("reads 'Not detected' with a viral-load unit and an upper limit as within it", () => {
    expect(report("HBV DNA   Not detected   IU/mL   <20").tests).toEqual([["HBV DNA", "Not detected", "IU/mL", "<20", "N"]]);
    expect(report("HIV-1 RNA  Target not detected  copies/mL  < 200").tests).toEqual([["HIV-1 RNA", "Not detected", "copies/mL", "<200", "N"]]);
    expect(report("HIV-1 RNA  Detected  copies/mL  <1000").tests).toEqual([]);
  });

  it("reads 'Normal' as the urobilinogen pad's lowest grade, and as no grade of any other test", () => {
    expect(report("Urine urobilinogen: norm").tests).toEqual([["Urine urobilinogen", "Normal", null, null, null]]);
    expect(report("UBG   Normal   Normal").tests).toEqual([["UBG", "Normal", null, "Normal", "N"]]);
    expect(report("Urobilinogen   4+   Normal").tests).toEqual([["Urobilinogen", "4+", null, "Normal", "A"]]);
    expect(report("Sputum appearance: Normal", "Eurobank Normal", "Bilirubin: Normal").tests).toEqual([]);
  });

  it("reads a haemoparasite line as a finding", () => {
    expect(report("Hemoparasites: Trypanosomes seen").findings).toEqual([["Hemoparasites", "Trypanosomes seen"]]);
    expect(report("Blood parasites - Microfilariae seen").findings).toEqual([["Blood parasites", "Microfilariae seen"]]);
  });
});

describe("Kato-Katz egg counts", () => {
  it.each([
    ["Hookworm (Kato-Katz)  528  eggs/g", ["Hookworm (Kato-Katz)", 528, "eggs/g", null, null]],
    ["Trichuris egg count: 72 epg", ["Trichuris egg count", 72, "epg", null, null]],
  ])("%s", (line, expected) => {
    expect(report(line).tests).toEqual([expected]);
  });
});
