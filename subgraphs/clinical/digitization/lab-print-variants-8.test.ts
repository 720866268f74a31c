import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";

/**
 * Classes of misses found by the eighth blind set (test/fixtures/digitization/lab-reports-blind-8.json,
 * docs/decisions/clinical.md "Document digitization", 2026-11-28 (session 19): eighth blind set), each
 * tested here on wordings that are in no blind set.
 */
const shown = (t: { value: number; valueText: string | null; comparator: string | null }) => t.valueText ?? `${t.comparator ?? ""}${t.value}`;
const report = (...lines: string[]) => parseLabResults(lines.join("\n")).tests.map((t) => [t.name, shown(t), t.unit, t.reference, t.abnormalFlag]);

describe("control values are never the patient's result", () => {
  it("drops a control row, before or after the test's name", () => {
    expect(report("HAEMOSTASIS", "PT (patient)  16.9  s  10.5 - 13.8  H", "PT control  11.8  s", "Ctrl APTT  29.4  s", "INR  1.49")).toEqual([
      ["PT (patient)", "16.9", "s", "10.5-13.8", "H"],
      ["INR", "1.49", null, null, null],
    ]);
  });
  it("reads the patient's value when the control is printed in brackets beside it, and the next result on the line", () => {
    expect(report("Clotting screen", "PTT: 52.3 s (control 31.0 s)   PT-INR: 2.11")).toEqual([
      ["PTT", "52.3", "s", null, null],
      ["PT-INR", "2.11", null, null, null],
    ]);
  });
});

describe("rows broken over two lines by the text layer", () => {
  it("joins a value and flag with the unit and range wrapped onto the next line", () => {
    expect(report("Serum magnesium   0.52   L", "            mmol/L     0.70 - 1.00")).toEqual([["Serum magnesium", "0.52", "mmol/L", "0.70-1.00", "L"]]);
  });
  it("joins a unit cut at its slash", () => {
    expect(report("Ionised calcium  1.02  L  mmol/", "   L   1.12 - 1.32")).toEqual([["Ionised calcium", "1.02", "mmol/L", "1.12-1.32", "L"]]);
  });
  it("joins a name with a comma in its bracket to the value line below it", () => {
    expect(report("Ferritin (serum, CMIA)", "   8   ng/mL   13 - 150")).toEqual([["Ferritin (serum, CMIA)", "8", "ng/mL", "13-150", "L"]]);
  });
  it("does not join a value to a next line that starts with a word that is no unit", () => {
    expect(report("Ferritin 12", "Comment: iron deficiency likely")).toEqual([]);
  });
});

describe("a label of words after the range", () => {
  it("is not read as a flag", () => {
    expect(report("Anti-HBs titre  128  mIU/mL  > 10 (seroprotected)")).toEqual([["Anti-HBs titre", "128", "mIU/mL", ">10", "N"]]);
  });
  it("a population label stays with its range and gives no flag", () => {
    expect(report("Oestradiol  35  pg/mL  < 30 (postmenopausal)")[0]).toEqual(["Oestradiol", "35", "pg/mL", "<30 (postmenopausal)", null]);
  });
});

describe("susceptibility rows with MICs or zone sizes", () => {
  it("reads the category after an MIC with a comparator", () => {
    expect(report("ANTIBIOGRAM", "Cefuroxime   <=1   S", "Levofloxacin   >=8   R", "Tigecycline  1.5  I")).toEqual([
      ["Cefuroxime", "Susceptible", null, null, null],
      ["Levofloxacin", "Resistant", null, null, null],
      ["Tigecycline", "Intermediate", null, null, null],
    ]);
  });
  it("reads the category followed by its zone or MIC in brackets and a phenotype", () => {
    expect(report("Susceptibility testing", "Oxacillin  S (MIC 0.25)", "Cefpodoxime  R (12mm)  ESBL", "Linezolid  S (28 mm)")).toEqual([
      ["Oxacillin", "Susceptible", null, null, null],
      ["Cefpodoxime", "Resistant", null, null, null],
      ["Linezolid", "Susceptible", null, null, null],
    ]);
  });
});

describe("a positive grade followed by its degree", () => {
  it("keeps the plus grade as the degree, never as a reference", () => {
    expect(report("Auramine smear  Positive 3+")).toEqual([["Auramine smear", "Positive (3+)", null, null, null]]);
  });
  it("a plus grade after a negative word is still read as before", () => {
    expect(report("Protein 3+  Negative")).toEqual([["Protein", "3+", null, "Negative", "A"]]);
  });
});

describe("serology with a signal-to-cut-off index column", () => {
  it("reads the result word and leaves the index and interpretation", () => {
    expect(report("Assay   Result   COI   Interpretation", "HIV Ag/Ab combo   Non-reactive   0.32   Negative", "Syphilis TPHA   Reactive   11.7   Positive")).toEqual([
      ["HIV Ag/Ab combo", "Non-reactive", null, null, null],
      ["Syphilis TPHA", "Reactive", null, null, null],
    ]);
  });
  it("without such a header, a word followed by a number is not read", () => {
    expect(report("HIV Ag/Ab combo   Non-reactive   0.32   Negative")).toEqual([]);
  });
});

describe("colony counts and semen units", () => {
  it("reads a power-of-ten colony count before CFU/mL", () => {
    expect(report("Bacterial count:  2 x 10^4 CFU/mL")).toEqual([["Bacterial count", "20000", "CFU/mL", null, null]]);
  });
  it("reads a total sperm number per ejaculate", () => {
    expect(report("Total sperm count  52  million/ejaculate  >= 39")).toEqual([["Total sperm count", "52", "million/ejaculate", ">=39", "N"]]);
  });
});

describe("criteria written as a label and a threshold in a laboratory's sentences", () => {
  it("are not results, while a panel label before a result still is", () => {
    expect(report("HAEMATOLOGY LABORATORY", "Severe anaemia: Hb < 7 g/dL. Transfusion advised.", "Renal function: creatinine was 412 umol/L (ref 62-106).")).toEqual([
      ["creatinine", "412", "umol/L", "62-106", "H"],
    ]);
  });
});

describe("organism identification with its method", () => {
  it("is a finding", () => {
    const r = parseLabResults("BLOOD CULTURE\nIdentification (MALDI-TOF):  Salmonella Typhi");
    expect(r.findings.map((f) => [f.name, f.valueText, f.kind])).toEqual([["Identification (MALDI-TOF)", "Salmonella Typhi", "organism"]]);
  });
});
