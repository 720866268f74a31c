/**
 * Class tests for how a result is identified and how its unit is read (critical-value engine 1.3.0,
 * lab-limits 2026.11.8), over variants that are not in test/fixtures/critical-values/requests-blind.json.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { assessCriticalValue, checkObservation, conversionFactor, equivalentCodes, identifyTest, LOINC_CODE, normaliseUnit, testsNamed, type EquivalentCode } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const tests = [...k.labTests.values()];
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};
const equivalentsOf = (t: LabTest) => (t as LabTest & { equivalent_codes?: EquivalentCode[] }).equivalent_codes ?? [];
const unitsFile = JSON.parse(readFileSync(new URL("../knowledge/lab-loinc-units.json", import.meta.url), "utf8")) as {
  scale: { molar: Record<string, number>; mass: Record<string, number> };
  analytes: { molar?: { loinc: string }; mass?: { loinc: string }; molar_mass?: { g_per_mol: number } }[];
};

/** What the service does: the errors by field, and the test with its notes. */
function check(code: string, display: string | null, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const notes: string[] = [];
  const t = checkObservation(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m), "unknown", { notes });
  return { test: t, errors, notes };
}

/** Whether a display says a specimen other than the test's own (lab-limits `other_specimen_words`). */
const namesOtherSpecimen = (t: LabTest, display: string) =>
  ((t as LabTest & { other_specimen_words?: string[] }).other_specimen_words ?? []).some((w) => display.toLowerCase().split(/[^a-z0-9]+/).includes(w));

/** A local code: anything that is not written as a LOINC code (including none). */
const localCode = fc.oneof(
  fc.constantFrom("", " ", "LAB-17", "CHEM.04", "X1", "hb1", "12345", "2823"),
  fc.stringMatching(/^[A-Z]{1,6}[0-9]{0,3}$/),
);
/** A name as a report decorates it, without changing which test it is. */
const decorate = fc.constantFrom(
  (n: string) => n,
  (n: string) => n.toUpperCase(),
  (n: string) => n.toLowerCase(),
  (n: string) => `  ${n} `,
  (n: string) => `Serum ${n}`,
  (n: string) => `${n}, plasma`,
  (n: string) => `Sr. ${n}`,
  (n: string) => `${n} (venous blood)`,
  (n: string) => `${n} level`,
);

describe("identification by display when the code is not a LOINC code", () => {
  it("identifies every name of every test, however decorated, under any local code, and says so", () => {
    const names = tests.flatMap((t) => [t.name, ...t.synonyms].map((name) => ({ t, name })));
    fc.assert(
      fc.property(fc.constantFrom(...names), localCode, decorate, ({ t, name }, code, dress) => {
        fc.pre(!k.labTests.has(code.trim()) && !equivalentCodes(k.labTests).has(code.trim()) && !LOINC_CODE.test(code.trim()));
        // "(venous blood)" is another specimen of an arterial blood gas (critical-values.blood-gas.test.ts).
        fc.pre(!namesOtherSpecimen(t, dress(name)));
        const { identified } = identifyTest(k.labTests, code, dress(name));
        expect(identified?.test.loinc, `${JSON.stringify(code)} ${JSON.stringify(dress(name))}`).toBe(t.loinc);
        expect(identified?.note).toContain(`LOINC ${t.loinc}`);
      }),
      { numRuns: 800 },
    );
  });

  it("drops a qualifier in parentheses only when it is a specimen, the test's unit or another of its names", () => {
    expect(testsNamed(tests, "Creatinine (plasma)").map((t) => t.loinc)).toEqual(["2160-0"]);
    expect(testsNamed(tests, "Sodium (mEq/L)").map((t) => t.loinc)).toEqual(["2951-2"]);
    expect(testsNamed(tests, "Leucocytes (WBC)").map((t) => t.loinc)).toEqual(["6690-2"]);
    expect(testsNamed(tests, "Haemoglobin (mmol/L)")).toEqual([]); // not a unit of 718-7
  });

  it.each([
    "Urine potassium",
    "Potassium, urine",
    "Potassium (urine)",
    "Urine glucose",
    "Corrected calcium",
    "Urine creatinine",
    "Creatinine clearance",
    // HbA1c is held since lab-limits 2026.11.23 (4548-4, 59261-8); a haemoglobin A1c is never haemoglobin (chemistry test)
    "Free haemoglobin",
    "Lactate dehydrogenase",
    "LDH",
    "Prothrombin time",
    "Reticulocytes",
    "Neutrophils",
    "Direct bilirubin",
    "Troponin I",
    "",
  ])("never identifies %j (another analyte or specimen) as a test: 400 on observation.code", (display) => {
    const r = check("LOCAL-1", display, 5, "mmol/L");
    expect(r.test).toBeUndefined();
    expect(r.errors["observation.code"]).toBeDefined();
  });

  it("never assesses an unknown LOINC code by its display: 400, naming the code that is held", () => {
    const held = new Set([...k.labTests.keys(), ...equivalentCodes(k.labTests).keys()]);
    const loinc = fc.tuple(fc.integer({ min: 1, max: 99999 }), fc.integer({ min: 0, max: 9 })).map(([n, d]) => `${n}-${d}`);
    fc.assert(
      fc.property(loinc, fc.constantFrom(...tests), (code, t) => {
        fc.pre(!held.has(code));
        const r = check(code, t.name, 1, t.canonical_unit);
        expect(r.test).toBeUndefined();
        expect(r.errors["observation.code"]).toContain(`send ${t.loinc}`);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the lab assistant's behaviour without `identify`: a local code is unknown", () => {
    const errors: string[] = [];
    expect(checkObservation(k.labTests, { code: "K", display: "Potassium", value: 4, unit: "mmol/L" }, (f) => errors.push(f), "unknown")).toBeUndefined();
    expect(errors).toEqual(["observation.code"]);
  });

  it("still refuses a LOINC code with a display naming another test", () => {
    expect(check("2160-0", "Urea", 1, "mg/dL").errors["observation.display"]).toMatch(/"Urea" names Urea \(LOINC 22664-7\), not Creatinine/);
    expect(check("2160-0", "Amylase", 1, "mg/dL").errors["observation.display"]).toMatch(/is not a name of Creatinine/);
    expect(check("2951-2", "Potassium", 140, "mmol/L").errors["observation.display"]).toMatch(/names Potassium/);
  });
});

describe("equivalent LOINC codes (lab-limits equivalent_codes)", () => {
  const all = tests.flatMap((t) => equivalentsOf(t).map((e) => ({ t, e })));

  it("every equivalent code is a LOINC code, held once, never a test's own code, and has a display and a source", () => {
    expect(all.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const { e } of all) {
      expect(e.loinc).toMatch(LOINC_CODE);
      expect(k.labTests.has(e.loinc), e.loinc).toBe(false);
      expect(seen.has(e.loinc), e.loinc).toBe(false);
      seen.add(e.loinc);
      expect(e.display).toBeTruthy();
      expect(e.source).toMatch(/MIRACUM|LOINC/);
    }
  });

  it("assesses a value under an equivalent code exactly as under the test's own code, and says which code was used", () => {
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.double({ min: 0, max: 2000, noNaN: true }), ({ t, e }, x) => {
        const unit = Object.keys(t.units).find(Boolean) ?? "";
        const viaEquivalent = check(e.loinc, null, x, unit);
        const viaOwn = check(t.loinc, null, x, unit);
        expect(viaEquivalent.test?.loinc).toBe(t.loinc);
        expect(viaEquivalent.errors).toEqual(viaOwn.errors);
        expect(viaEquivalent.notes.join(" ")).toContain(`LOINC ${e.loinc}`);
        if (Object.keys(viaOwn.errors).length === 0) expect(assessCriticalValue(viaEquivalent.test!, x, unit)).toEqual(assessCriticalValue(t, x, unit));
      }),
      { numRuns: 300 },
    );
  });

  it("pairs each moles/mass code of lab-loinc-units.json with the same lab-limits test", () => {
    const eq = equivalentCodes(k.labTests);
    const testOf = (code: string) => k.labTests.get(code) ?? eq.get(code)?.test;
    let compared = 0;
    for (const a of unitsFile.analytes) {
      if (!a.molar || !a.mass) continue;
      const [molar, mass] = [testOf(a.molar.loinc), testOf(a.mass.loinc)];
      if (molar || mass) {
        expect(molar, `${a.molar.loinc} / ${a.mass.loinc}`).toBe(mass);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });
});

describe("unit factors are exact (UCUM prefixes, molar masses, charge)", () => {
  const scales = [unitsFile.scale.molar, unitsFile.scale.mass];

  it("every two accepted units of one kind (mass or moles per volume) differ by their UCUM scale", () => {
    for (const t of tests) {
      for (const scale of scales) {
        const units = Object.keys(t.units).filter((u) => scale[u] !== undefined);
        for (const a of units) for (const b of units) expect(t.units[a] / t.units[b], `${t.loinc} ${a} / ${b}`).toBeCloseTo(scale[a] / scale[b], 9);
      }
    }
  });

  it("moles ↔ mass factors agree with the analyte's molar mass (lab-loinc-units.json) to 0.1 %", () => {
    let compared = 0;
    for (const a of unitsFile.analytes) {
      if (!a.molar || !a.mass) continue;
      const t = k.labTests.get(a.mass.loinc) ?? k.labTests.get(a.molar.loinc);
      if (!t || !a.molar_mass) continue;
      const molar = Object.keys(t.units).find((u) => unitsFile.scale.molar[u] !== undefined);
      const mass = Object.keys(t.units).find((u) => unitsFile.scale.mass[u] !== undefined);
      if (!molar || !mass) continue;
      // value in mol/L × g/mol = g/L
      const gPerLPerMolPerL = (t.units[molar] / unitsFile.scale.molar[molar]) / (t.units[mass] / unitsFile.scale.mass[mass]);
      expect(Math.abs(gPerLPerMolPerL / a.molar_mass.g_per_mol - 1), t.loinc).toBeLessThan(0.001);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it("reads calcium in mEq/L as half as many mmol/L (divalent), never as mmol/L", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 8, noNaN: true }), (meq) => {
        const a = assessCriticalValue(test("17861-6"), meq, "meq/l");
        expect(a.canonicalValue).toBeCloseTo(assessCriticalValue(test("17861-6"), meq / 2, "mmol/L").canonicalValue, 9);
      }),
    );
    expect(assessCriticalValue(test("17861-6"), 5.0, "mEq/L").deviation).toBe("normal"); // 2.5 mmol/L = 10.0 mg/dL
  });

  it.each([
    // unit spellings not in the blind set, each with the factor of the spelling it means
    ["2345-7", "mg/100 mL", "mg/dl"],
    ["2345-7", "G/L", "g/l"],
    ["2345-7", "mg/L", "mg/l"],
    ["2160-0", "Micromol/litre", "umol/l"],
    ["2160-0", "mg/l", "mg/l"],
    ["17861-6", "mg/L", "mg/l"],
    ["718-7", "G/100ML", "g/dl"],
    ["777-3", "x10E9/L", "10^9/l"],
    ["777-3", "×10³/mm³", "10^3/mm3"],
    ["6690-2", "10*3/cu.mm", "10^3/mm3"],
    ["6690-2", "X 10^9 / L", "10^9/l"],
  ])("%s: %j reads as %s", (loinc, written, meant) => {
    expect(conversionFactor(test(loinc), written)).toBe(test(loinc).units[meant]);
  });

  it("answers a unit of another kind clearly (400 on observation.unit naming the accepted units), never compares it", () => {
    const foreign = ["IU/L", "U/L", "mmol/mol", "%", "kPa", "mmHg", "fL", "copies/mL", "mg", "mL"];
    for (const t of tests) {
      for (const unit of foreign) {
        if (t.units[normaliseUnit(unit)] !== undefined) continue;
        const r = check(t.loinc, null, 1, unit);
        expect(r.errors["observation.unit"], `${t.loinc} ${unit}`).toMatch(new RegExp(`^"${unit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" is not a unit for .*; accepted: `));
      }
    }
  });

  it("asks for the unit when a test needs one", () => {
    expect(check("2345-7", "Glucose", 110, null).errors["observation.unit"]).toMatch(/^is required for Glucose/);
    expect(check("2345-7", "Glucose", 110, " ").errors["observation.unit"]).toMatch(/^is required/);
    expect(check("6301-6", "INR", 2.1, null).errors["observation.unit"]).toBeUndefined(); // INR is dimensionless
  });
});
