import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, conversionFactor, displayMismatch, formatNumber, impossibleValue, normaliseUnit } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};
const deviation = (loinc: string, value: number, unit: string, sex?: string) => assessCriticalValue(test(loinc), value, unit, sex).deviation;

describe("critical limits at each boundary (knowledge/lab-limits.json)", () => {
  it.each([
    // LOINC, value, unit, expected
    ["2823-3", 2.5, "mmol/L", "low"], // potassium < 2.5 is critical; 2.5 itself is not
    ["2823-3", 2.49, "mmol/L", "severely_low"],
    ["2823-3", 6.5, "mmol/L", "high"],
    ["2823-3", 6.51, "mmol/L", "severely_high"],
    ["2823-3", 4.2, "mEq/L", "normal"],
    ["2951-2", 120, "mmol/L", "low"],
    ["2951-2", 119, "mmol/L", "severely_low"],
    ["2951-2", 160, "mmol/L", "high"],
    ["2951-2", 161, "mmol/L", "severely_high"],
    ["2345-7", 50, "mg/dL", "low"],
    ["2345-7", 49, "mg/dL", "severely_low"],
    ["2345-7", 500, "mg/dL", "high"],
    ["2345-7", 501, "mg/dL", "severely_high"],
    ["2345-7", 2.7, "mmol/L", "severely_low"], // 48.6 mg/dL
    ["2345-7", 2.8, "mmol/L", "low"], // 50.4 mg/dL
    ["2345-7", 27.7, "mmol/L", "high"], // 499.0 mg/dL
    ["2345-7", 27.8, "mmol/L", "severely_high"], // 500.8 mg/dL
    ["718-7", 7.0, "g/dL", "low"],
    ["718-7", 6.9, "g/dL", "severely_low"],
    ["718-7", 69, "g/L", "severely_low"],
    ["718-7", 20.0, "g/dL", "high"],
    ["718-7", 20.1, "g/dL", "severely_high"],
    ["777-3", 50, "10*9/L", "low"],
    ["777-3", 49, "x10^9/L", "severely_low"],
    ["777-3", 1000, "10^3/uL", "high"],
    ["777-3", 1001, "K/uL", "severely_high"],
    ["6690-2", 2.0, "10*9/L", "low"],
    ["6690-2", 1.9, "10*9/L", "severely_low"],
    ["6690-2", 30, "10*9/L", "high"],
    ["6690-2", 30.1, "10*9/L", "severely_high"],
    ["6301-6", 5.0, "{INR}", "high"],
    ["6301-6", 5.1, "", "severely_high"],
    ["6301-6", 1.0, "INR", "normal"],
    ["17861-6", 7.0, "mg/dL", "low"],
    ["17861-6", 6.9, "mg/dL", "severely_low"],
    ["17861-6", 12.0, "mg/dL", "high"],
    ["17861-6", 12.1, "mg/dL", "severely_high"],
    ["17861-6", 1.7, "mmol/L", "severely_low"], // 6.81 mg/dL
    ["2160-0", 5.0, "mg/dL", "high"],
    ["2160-0", 5.01, "mg/dL", "severely_high"],
    ["2160-0", 442, "umol/L", "high"], // 4.999 mg/dL
    ["2160-0", 443, "µmol/L", "severely_high"], // 5.010 mg/dL
    ["2524-7", 3.99, "mmol/L", "high"],
    ["2524-7", 4.0, "mmol/L", "severely_high"], // lactate ≥ 4 (inclusive, Surviving Sepsis 2021)
  ])("LOINC %s %s %s → %s", (loinc, value, unit, expected) => {
    expect(deviation(loinc, value, unit)).toBe(expected);
  });

  it("every limit in the knowledge base sits outside its reference interval (a strict high limit may be its top) and has a source", () => {
    for (const t of k.labTests.values()) {
      const [lo, hi] = t.reference_range;
      if (t.critical_low) expect(t.critical_low.value < lo || (t.critical_low.value === lo && !t.critical_low.inclusive)).toBe(true);
      // A strict limit may be the end of the interval (digoxin > 2.0 ng/mL, the top of its therapeutic range; CSF glucose < 40 mg/dL).
      if (t.critical_high) expect(t.critical_high.value > hi || (t.critical_high.value === hi && !t.critical_high.inclusive)).toBe(true);
      expect(t.source.critical_limits).toBeTruthy();
      expect(t.units[normaliseUnit(t.canonical_unit)]).toBe(1);
    }
  });

  it("is critical just past every configured limit, in the canonical unit", () => {
    for (const t of k.labTests.values()) {
      if (t.critical_low) expect(assessCriticalValue(t, t.critical_low.value * 0.99, t.canonical_unit).isCritical).toBe(true);
      // a high limit of 0 (blasts: any is critical) is passed by the smallest positive value
      if (t.critical_high) expect(assessCriticalValue(t, t.critical_high.value * 1.01 || 0.01, t.canonical_unit).isCritical).toBe(true);
    }
  });
});

describe("unit conversion", () => {
  it("converts glucose mmol/L ↔ mg/dL with 18.016 (molar mass 180.16 g/mol)", () => {
    expect(conversionFactor(test("2345-7"), "mmol/L")).toBe(18.016);
    expect(assessCriticalValue(test("2345-7"), 5.5, "mmol/L").canonicalValue).toBeCloseTo(99.09, 2);
    expect(assessCriticalValue(test("2345-7"), 5.5, "mmol/L").normalRange).toBe("3.89–5.5 mmol/L");
    expect(assessCriticalValue(test("2345-7"), 90, "mg/dL").normalRange).toBe("70–99 mg/dL");
  });

  it("converts calcium (4.008), creatinine (88.42) and lactate (9.008)", () => {
    expect(assessCriticalValue(test("17861-6"), 2.5, "mmol/L").canonicalValue).toBeCloseTo(10.02, 2);
    expect(assessCriticalValue(test("2160-0"), 88.42, "umol/L").canonicalValue).toBeCloseTo(1, 6);
    expect(assessCriticalValue(test("2524-7"), 36.03, "mg/dL").canonicalValue).toBeCloseTo(4.0, 2);
  });

  it("shows the critical limits in the submitted unit", () => {
    expect(assessCriticalValue(test("2823-3"), 7, "mmol/L").criticalLimits).toBe("< 2.5 or > 6.5 mmol/L");
    expect(assessCriticalValue(test("2345-7"), 2, "mmol/L").criticalLimits).toBe("< 2.78 or > 27.7 mmol/L");
  });

  it("normalises unit spellings and refuses unknown units", () => {
    expect(normaliseUnit(" mmol / L ")).toBe("mmol/l");
    expect(normaliseUnit("µmol/L")).toBe("umol/l");
    expect(conversionFactor(test("2823-3"), "mg/dL")).toBeUndefined();
    expect(() => assessCriticalValue(test("2823-3"), 4, "mg/dL")).toThrow(/not accepted/);
    expect(formatNumber(1 / 3)).toBe("0.333");
  });
});

describe("units as lab reports write them", () => {
  it.each([
    ["777-3", 150_000, "/mm3", false],
    ["777-3", 30_000, "cells/mm³", true],
    ["777-3", 30, "×10⁹/L", true],
    ["6690-2", 1_500, "cells/µL", true],
    ["2345-7", 40, "mg%", true],
    ["718-7", 6, "g%", true],
    ["718-7", 6, "gm/dl", true],
    ["2160-0", 100, "mcmol/L", false],
    ["2823-3", 7, "mmol/litre", true],
  ])("%s: %s %s", (loinc, value, unit, critical) => {
    expect(assessCriticalValue(test(loinc), value, unit).isCritical).toBe(critical);
  });

  it("reads every accepted unit of every test the same in any case, spacing, superscript, litre or mc spelling", () => {
    const spellings = [...k.labTests.values()].flatMap((t) => Object.keys(t.units).filter(Boolean).map((unit) => ({ t, unit })));
    const respell = fc.constantFrom(
      (u: string) => u.toUpperCase(),
      (u: string) => u.replace(/\//g, " / "),
      (u: string) => u.replace(/\^(\d)/g, (_, d: string) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]),
      (u: string) => u.replace(/l$/, "litre"),
      (u: string) => u.replace(/^u/, "µ").replace(/^u/, "mc"),
      (u: string) => u.replace(/x/, "×"),
    );
    fc.assert(
      fc.property(fc.constantFrom(...spellings), fc.array(respell, { minLength: 1, maxLength: 3 }), ({ t, unit }, fs) => {
        const written = fs.reduce((u, f) => f(u), unit);
        expect(conversionFactor(t, written), `${t.loinc} ${written}`).toBe(t.units[unit]);
      }),
      { numRuns: 1000 },
    );
  });

  it("changes notation only: units of another kind stay unknown", () => {
    expect(conversionFactor(test("718-7"), "mmol/L")).toBeUndefined();
    expect(conversionFactor(test("777-3"), "100/L")).toBeUndefined();
    expect(conversionFactor(test("2823-3"), "%")).toBeUndefined();
  });
});

describe("assessment details", () => {
  it("marks a critical potassium as high urgency with significance and actions", () => {
    const a = assessCriticalValue(test("2823-3"), 7.1, "mmol/L");
    expect(a).toMatchObject({ isCritical: true, urgency: "high", deviation: "severely_high", normalRange: "3.5–5.1 mmol/L" });
    expect(a.clinicalSignificance).toMatch(/Hyperkalaemia/);
    expect(a.recommendedActions.join(" ")).toMatch(/ECG/);
  });

  it("uses the sex-specific haemoglobin interval when the sex is known", () => {
    expect(deviation("718-7", 13.0, "g/dL", "male")).toBe("low");
    expect(deviation("718-7", 13.0, "g/dL", "female")).toBe("normal");
  });

  it("says when a value is abnormal but not critical", () => {
    const a = assessCriticalValue(test("2823-3"), 5.8, "mmol/L");
    expect(a).toMatchObject({ isCritical: false, urgency: "moderate", deviation: "high" });
    expect(a.clinicalSignificance).toMatch(/not in the critical range/);
  });
});

describe("impossible values (knowledge/lab-limits.json possible_range)", () => {
  it.each([
    // LOINC, value, unit, refused? — just inside and just outside each range, in every unit the test accepts
    ["2823-3", 28, "mmol/L", false],
    ["2823-3", 28.01, "mmol/L", true],
    ["2823-3", 28, "mEq/L", false],
    ["2823-3", 65, "mmol/L", true], // the missed decimal point of 6.5
    ["2823-3", 6.5, "mmol/L", false],
    ["2951-2", 382, "mmol/L", false],
    ["2951-2", 383, "mEq/L", true],
    ["2951-2", 1400, "mmol/L", true],
    ["2345-7", 11_200, "mg/dL", false],
    ["2345-7", 11_201, "mg/dL", true],
    ["2345-7", 11_200, "mg%", false],
    ["2345-7", 621.6, "mmol/L", false], // 11,198.7 mg/dL
    ["2345-7", 621.7, "mmol/L", true], // 11,200.5 mg/dL
  ])("LOINC %s %s %s → refused: %s", (loinc, value, unit, refused) => {
    expect(impossibleValue(test(loinc), value, unit) !== null).toBe(refused);
  });

  it("says what is wrong in the unit given: the value, the test and the decimal point", () => {
    expect(impossibleValue(test("2823-3"), 65, "mmol/L")).toBe("value 65 mmol/L is not a possible potassium (the highest possible is 28 mmol/L); check the decimal point and the unit");
    expect(impossibleValue(test("2345-7"), 700, "mmol/L")).toMatch(/^value 700 mmol\/L is not a possible glucose \(the highest possible is 11200 mg\/dL, about 622 mmol\/L\)/);
  });

  it("gives every test a possible range with a source, holding its critical limits and reference interval", () => {
    for (const t of k.labTests.values()) {
      expect(t.possible_range, t.loinc).toBeDefined();
      const { low, high } = t.possible_range!;
      // a sourced end cites its source (a year) or is a bound by definition (a volume fraction ≤ 100 %);
      // a test with no sourced extreme says both ends are left open
      if (low !== null || high !== null) expect(t.source.possible_range, t.loinc).toMatch(/\d{4}|\(definition/);
      if (high !== null) expect(high).toBeGreaterThan(Math.max(t.critical_high?.value ?? 0, t.reference_range[1]));
      if (low !== null) expect(low).toBeLessThan(Math.min(t.critical_low?.value ?? Infinity, t.reference_range[0]));
      // an open end is said to be open in its source
      if (low === null || high === null) expect(t.source.possible_range, t.loinc).toMatch(/left open/);
    }
  });

  it.each([
    // the tester's impossible values: a wrong unit or a slipped decimal point, never a critical result
    ["777-3", 250_000, "10^9/L"],
    ["718-7", 120, "g/dL"],
    ["718-7", 0, "g/dL"],
    ["718-7", 0.9, "g/dL"],
    ["6690-2", 7000, "x10^9/L"],
    ["6690-2", 881, "10^9/L"],
    ["6301-6", 50, "INR"],
    ["6301-6", 42.5, "INR"],
    ["2524-7", 400, "mmol/L"],
    ["2524-7", 124.9, "mmol/L"],
    ["2951-2", 0, "mmol/L"],
    ["2951-2", 48, "mmol/L"],
    ["2160-0", 148, "mg/dL"],
    ["777-3", 7401, "/nL"],
  ])("refuses LOINC %s %s %s as impossible", (loinc, value, unit) => {
    expect(impossibleValue(test(loinc), value, unit)).toMatch(/is not a possible/);
  });

  it.each([
    ["777-3", 7400, "10^9/L"],
    ["777-3", 0, "10^9/L"],
    ["718-7", 1, "g/dL"],
    ["718-7", 25, "g/dL"],
    ["718-7", 250, "g/L"],
    ["6690-2", 880, "10^9/L"],
    ["6690-2", 0, "10^9/L"],
    ["6301-6", 21.2, "INR"],
    ["2524-7", 62.4, "mmol/L"],
    ["2951-2", 98, "mmol/L"],
    ["2951-2", 49, "mmol/L"],
    ["2160-0", 73.8, "mg/dL"],
  ])("accepts the documented extreme LOINC %s %s %s", (loinc, value, unit) => {
    expect(impossibleValue(test(loinc), value, unit)).toBeNull();
  });

  it("makes a test without a possible range a loader failure", async () => {
    const { KNOWLEDGE_FILES, indexKnowledge } = await import("../knowledge/knowledge.js");
    const { readFileSync } = await import("node:fs");
    const read = (n: string) => JSON.parse(readFileSync(new URL(`../knowledge/${n}.json`, import.meta.url), "utf8"));
    const files = Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, read(n)])) as Parameters<typeof indexKnowledge>[0];
    const lab = structuredClone(files["lab-limits"]) as unknown as { tests: Record<string, unknown>[] };
    delete lab.tests[3].possible_range;
    expect(() => indexKnowledge({ ...files, "lab-limits": lab as never })).toThrow(/718-7 needs a possible_range/);
  });
});

describe("the display names the code's test", () => {
  const potassium = () => test("2823-3");
  it.each(["Potassium", "potassium", "  POTASSIUM ", "K", "K+", "Serum potassium", "Potassium (serum)", "Potassium, serum", "S. Potassium", "Serum potassium level", "Potassium [Moles/volume] in Serum or Plasma", "Kalium"])("accepts %j for potassium", (display) => {
    expect(displayMismatch(k.labTests.values(), potassium(), display)).toBeNull();
  });

  it("refuses a display naming another test, and says which", () => {
    expect(displayMismatch(k.labTests.values(), potassium(), "Sodium")).toBe('"Sodium" names Sodium (LOINC 2951-2), not Potassium (LOINC 2823-3): correct the code or the display');
    expect(displayMismatch(k.labTests.values(), test("777-3"), "WBC")).toMatch(/names Leukocytes \(LOINC 6690-2\)/);
    expect(displayMismatch(k.labTests.values(), test("2160-0"), "Urea")).toBe('"Urea" names Urea (LOINC 22664-7), not Creatinine (LOINC 2160-0): correct the code or the display');
    expect(displayMismatch(k.labTests.values(), test("2160-0"), "Amylase")).toMatch(/is not a name of Creatinine \(LOINC 2160-0\); accepted: Creatinine, Serum creatinine/);
  });

  it("answers every name of every test for that test only", () => {
    for (const t of k.labTests.values()) {
      for (const name of [t.name, t.display, ...t.synonyms]) {
        for (const other of k.labTests.values()) {
          // HbA1c's name also stands for its IFCC test (lab-limits other_unit_tests: mmol/mol is another scale, 59261-8).
          const otherUnitTest = ((t as { other_unit_tests?: { loinc: string }[] }).other_unit_tests ?? []).some((o) => o.loinc === other.loinc);
          expect(displayMismatch(k.labTests.values(), other, name) === null, `"${name}" given for ${other.loinc}`).toBe(other === t || otherUnitTest);
        }
      }
    }
  });
});

describe("the limit shown is the limit applied (every test, every unit)", () => {
  /** The limits written in the answer, read back: "< 2.78 or > 27.7 mmol/L" → low < 2.78, high > 27.7. */
  const shown = (text: string) => {
    const low = /([<≤]) ([\d.]+)/.exec(text);
    const high = /([>≥]) ([\d.]+)/.exec(text);
    return {
      critical: (v: number) =>
        (low !== null && (low[1] === "≤" ? v <= Number(low[2]) : v < Number(low[2]))) || (high !== null && (high[1] === "≥" ? v >= Number(high[2]) : v > Number(high[2]))),
      bounds: [low && Number(low[2]), high && Number(high[2])].filter((x): x is number => x !== null),
    };
  };
  const units = [...k.labTests.values()].flatMap((t) => [...new Set(Object.keys(t.units).filter(Boolean))].map((unit) => ({ t, unit })));

  it("says lactate 36 mg/dL is critical because it shows ≥ 36 mg/dL (4 mmol/L = 36.03 mg/dL)", () => {
    const a = assessCriticalValue(test("2524-7"), 36, "mg/dL");
    expect(a.criticalLimits).toBe("≥ 36 mg/dL");
    expect(a.isCritical).toBe(true);
    expect(assessCriticalValue(test("2524-7"), 35.9, "mg/dL").isCritical).toBe(false);
  });

  it.each(units.map(({ t, unit }) => [t.loinc, unit]))("LOINC %s in %s: value against the shown limit ⇔ is_critical, at and around each limit", (loinc, unit) => {
    const t = test(loinc);
    const probe = assessCriticalValue(t, 1, unit);
    if (!t.critical_low && !t.critical_high) {
      // no critical limit: never critical, and said so (critical-values.chemistry.test.ts)
      expect(probe.criticalLimits).toBe("none defined");
      return;
    }
    const { critical, bounds } = shown(probe.criticalLimits);
    expect(bounds.length).toBeGreaterThan(0);
    const near = fc.oneof(
      ...bounds.map((b) => fc.double({ min: Math.max(0, b * 0.97), max: b * 1.03, noNaN: true })),
      fc.constantFrom(...bounds.flatMap((b) => [b, b - 0.01, b + 0.01, b - 0.001, b + 0.001].filter((x) => x >= 0))),
    );
    fc.assert(
      fc.property(near, (value) => {
        if (impossibleValue(t, value, unit)) return;
        expect(assessCriticalValue(t, value, unit).isCritical, `${value} ${unit} vs "${probe.criticalLimits}"`).toBe(critical(value));
      }),
      { numRuns: 300 },
    );
  });

  it("rounds only in the safe direction: a shown limit flags at least what the canonical limit flags", () => {
    for (const { t, unit } of units) {
      const factor = conversionFactor(t, unit)!;
      const { bounds } = shown(assessCriticalValue(t, 1, unit).criticalLimits);
      if (t.critical_high) expect(Math.max(...bounds) * factor, `${t.loinc} ${unit}`).toBeLessThanOrEqual(t.critical_high.value + 1e-9);
      if (t.critical_low) expect(Math.min(...bounds) * factor, `${t.loinc} ${unit}`).toBeGreaterThanOrEqual(t.critical_low.value - 1e-9);
    }
  });
});
