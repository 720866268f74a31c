import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testsNamed } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { parseLabResults } from "./lab-results.js";
import { convertQuantity, unitAnnotation } from "./loinc-by-unit.js";

/**
 * Session 17: digitization codes blood gases, ionised calcium and INR as lab-limits.json does (so a
 * digitized result and a critical-value request agree), never gives an arterial code to a venous,
 * capillary or cord sample, codes a bare "pH" only where the report says the specimen, reads semen units
 * (mL, million/mL, x10^6/mL, million) and keeps D-dimer's basis (FEU, DDU) as part of the unit.
 * Wordings are in no blind set (docs/decisions/clinical.md, "digitization learns blood gases").
 */
const doc = (...lines: string[]) => parseLabResults(lines.join("\n"));
const only = (...lines: string[]) => {
  const p = doc(...lines);
  expect(p.tests.length, JSON.stringify(p)).toBeGreaterThan(0);
  return { ...p.tests[p.tests.length - 1], warnings: p.warnings, unread: p.unread };
};
const tests = [...knowledgeFromFiles().labTests.values()];
/** The code a critical-value request with this display is assessed under (the engine's own name lookup). */
const engineCode = (display: string) => testsNamed(tests, display).map((t) => t.loinc);

describe("blood gases and ionised calcium take lab-limits' code, agreeing with the critical-values engine", () => {
  const lines: Array<[string, string, string | null]> = [
    ["PaCO2 : 6.3 kPa", "2019-8", "kPa"],
    ["PCO2   41.5  mm Hg", "2019-8", "mmHg"],
    ["Arterial pCO2 52 mmHg (35-45) H", "2019-8", "mmHg"],
    ["PaO2 10.9 kPa", "2703-7", "kPa"],
    ["pO2  71  mmHg  75-100  L", "2703-7", "mmHg"],
    ["Ionised Ca 0.98 mmol/L", "1994-3", "mmol/L"],
    ["Calcium, ionised   1.21   mmol/L   1.15-1.33", "1994-3", "mmol/L"],
    ["iCa 4.6 mg/dL", "38230-9", "mg/dL"],
    ["PT-INR 3.1", "6301-6", null],
    ["ABG pH 7.33", "2744-1", null],
  ];
  for (const [line, code, unit] of lines) {
    it(line, () => {
      const t = only(line);
      expect(t.loincCode).toBe(code);
      if (unit === "mmHg") expect(t.unit?.replace(/\s/g, "")).toBe("mmHg");
      else expect(t.unit).toBe(unit);
    });
  }
  it("a molar code is never given to a mass unit: ionised calcium in mg/dL is 38230-9, in mmol/L 1994-3", () => {
    expect(only("Ionized calcium 5.0 mg/dL").loincCode).toBe("38230-9");
    expect(only("Ionized calcium 1.25 mmol/L").loincCode).toBe("1994-3");
  });
  it("the code equals the engine's for the same display (one test named)", () => {
    for (const name of ["pCO2", "PaO2", "Ionised calcium", "Arterial pH"]) {
      const line = `${name} ${name.endsWith("pH") ? "7.30" : name.startsWith("Ionised") ? "1.10 mmol/L" : "40 mmHg"}`;
      expect([only(line).loincCode]).toEqual(engineCode(name));
    }
  });
});

describe("venous, capillary and cord samples never get the arterial code", () => {
  for (const specimen of ["Venous", "VBG", "Capillary", "Cord blood", "Umbilical cord"]) {
    for (const [name, value] of [["pCO2", "5.9 kPa"], ["pO2", "38 mmHg"], ["pH", "7.29"]]) {
      it(`${specimen} ${name} on the line`, () => {
        const p = doc(`${specimen} ${name} ${value}`);
        if (name !== "pH") expect(p.tests).toHaveLength(1);
        for (const t of p.tests) expect(t.loincCode).toBeNull();
      });
      it(`"Sample: ${specimen}" above ${name}`, () => {
        const t = only("BLOOD GAS ANALYSIS", `Sample: ${specimen}   Analyser: i-STAT`, `${name}  ${value}`);
        expect(t.loincCode).toBeNull();
      });
    }
  }
  it("a later URINALYSIS heading ends the blood gas: urine pH gets no code", () => {
    const p = doc("ARTERIAL BLOOD GAS", "pH 7.44", "URINALYSIS", "pH 5.5", "Specific gravity 1.015");
    expect(p.tests.map((t) => [t.value, t.loincCode])).toEqual([[7.44, "2744-1"], [5.5, null], [1.015, null]]);
  });
  it("CSF and other fluids: no lab-limits test is chosen by name (a CSF WBC count is not the blood count)", () => {
    const t = only("PLEURAL FLUID ANALYSIS", "Ionised calcium 1.1 mmol/L");
    expect(t.loincCode).toBeNull();
  });
});

describe("a bare pH is coded only where the report says the specimen", () => {
  it.each([["ARTERIAL BLOOD GAS"], ["Specimen: Arterial blood"], ["ABG REPORT"], ["Blood gases (ICU)"]])("under %s", (heading) => {
    expect(only(heading, "pH 7.48").loincCode).toBe("2744-1");
  });
  it.each([[[]], [["SEMEN ANALYSIS"]], [["Urine routine"]], [["Sample: Pleural fluid"]]])("not under %j, with a warning", (above) => {
    const t = only(...(above as string[]), "pH 7.6");
    expect(t.loincCode).toBeNull();
    expect(t.warnings.join(" ")).toMatch(/does not say/);
  });
  it("an arterial pH outside the possible range (6.22-8.21) is not read; the same number in urine is", () => {
    expect(doc("ARTERIAL BLOOD GAS", "pH 5.8").unread.join(" ")).toMatch(/not a possible/);
    expect(only("URINE ANALYSIS", "pH 5.8").value).toBe(5.8);
  });
});

describe("semen units (WHO manual 6th ed. 2021): read, no code without a confirmed one", () => {
  const lines: Array<[string, number, string]> = [
    ["Ejaculate volume 3.4 mL >1.4", 3.4, "mL"],
    ["Sperm count 62 million/mL", 62, "million/mL"],
    ["Concentration  18  x10^6/mL  >16", 18, "x10^6/mL"],
    ["Total sperm count: 150 million >39", 150, "million"],
    ["Sperm density 7 x 10^6/mL 16 - 200 L", 7, "x10^6/mL"],
  ];
  for (const [line, value, unit] of lines) {
    it(line, () => {
      const t = only(line);
      expect([t.value, t.unit?.replace(/\s/g, ""), t.loincCode]).toEqual([value, unit.replace(/\s/g, ""), null]);
    });
  }
});

describe("D-dimer: the basis (FEU, DDU) is part of the unit and of the quantity", () => {
  it.each([
    ["D-Dimer 1.9 mg/L FEU", "mg/L FEU", "48065-7"],
    ["D dimer  640  ng/mL (FEU)  0-500  H", "ng/mL FEU", "48065-7"],
    ["D-dimer 0.72 µg/mL FEU <0.5 H", "µg/mL FEU", "48065-7"],
    ["D-dimer 310 ng/mL DDU", "ng/mL DDU", null],
    ["D-dimer 2.2 mg/L", "mg/L", null],
  ])("%s", (line, unit, code) => {
    const t = only(line);
    expect([t.unit, t.loincCode]).toEqual([unit, code]);
    if (!code) expect(t.warnings.join(" ")).toMatch(/FEU/);
  });
  it("property: no value converts between FEU, DDU and an unannotated mass unit; within one basis the prefixes convert", () => {
    const units = ["mg/L FEU", "ug/mL FEU", "ng/mL FEU", "mg/L DDU", "ng/mL DDU", "mg/L", "ng/mL"];
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e4, noNaN: true }), fc.constantFrom(...units), fc.constantFrom(...units), (v, from, to) => {
        const out = convertQuantity(v, from, to, undefined);
        if (unitAnnotation(from) !== unitAnnotation(to)) expect(out).toBeUndefined();
        else expect(out).toBeGreaterThan(0);
      }),
    );
    expect(convertQuantity(0.5, "mg/L FEU", "ng/mL FEU", undefined)).toBeCloseTo(500);
  });
});
