/**
 * Arterial blood gases (lab-limits 2026.11.12, critical-value engine 1.6.0): pH 2744-1 (unitless), pCO2 2019-8
 * and pO2 2703-7 (mmHg or kPa), each limit at, just inside and just beyond it as its source writes it (strict
 * or inclusive), in both units; the newborn pH band; the possible pH range; panel words in a display; and a
 * display or local code naming another specimen (venous, capillary, cord) refused, never assessed against
 * arterial limits. INR 34714-6 (whole blood) is assessed as 6301-6. Wordings and values are not those of the
 * blind sets.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, checkObservation, conversionFactor, identifyLabResult, identifyTest, testsNamed } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};
const MMHG_PER_KPA = 7.50062;

function check(code: string, display: string | null, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const identified = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  return { test: identified.test, errors };
}

describe("blood gas entries of lab-limits", () => {
  it.each(["2744-1", "2019-8", "2703-7"])("%s is held with a sourced code, limits, reference interval and possible range", (loinc) => {
    const t = test(loinc);
    for (const field of ["code", "critical_limits", "reference_range", "possible_range", "unit_conversion", "other_specimen_words"]) expect(t.source[field]).toMatch(/\w{8,}/);
    expect(t.source.code).toMatch(new RegExp(loinc));
    expect(t.critical_low).not.toBeNull();
    expect(t.critical_high).not.toBeNull();
  });
});

describe("limits at, inside and beyond, as the sources write them", () => {
  it.each([
    // pH: < 7.21 and > 7.59 (Kost 1990, strict)
    ["2744-1", 7.2, "", true, "severely_low"],
    ["2744-1", 7.21, "", false, "low"],
    ["2744-1", 7.59, "", false, "high"],
    ["2744-1", 7.6, "", true, "severely_high"],
    ["2744-1", 7.4, "", false, "normal"],
    // pCO2: ≤ 20 (inclusive) and > 60 mmHg (strict)
    ["2019-8", 20, "mmHg", true, "severely_low"],
    ["2019-8", 20.1, "mmHg", false, "low"],
    ["2019-8", 60, "mmHg", false, "high"],
    ["2019-8", 60.1, "mmHg", true, "severely_high"],
    ["2019-8", 40, "mm Hg", false, "normal"],
    // pO2: < 50 and > 200 mmHg (strict)
    ["2703-7", 50, "mmHg", false, "low"],
    ["2703-7", 49.9, "mmHg", true, "severely_low"],
    ["2703-7", 200, "mmHg", false, "high"],
    ["2703-7", 200.1, "mmHg", true, "severely_high"],
    ["2703-7", 95, "torr", false, "normal"],
  ] as const)("%s %d %s: critical %s (%s)", (loinc, value, unit, critical, deviation) => {
    const a = assessCriticalValue(test(loinc), value, unit, "male");
    expect(a.isCritical).toBe(critical);
    expect(a.deviation).toBe(deviation);
  });

  it("writes the limits in kPa rounded in the safe direction, and the shown limit decides", () => {
    expect(assessCriticalValue(test("2019-8"), 5, "kPa").criticalLimits).toBe("≤ 2.67 or > 7.99 kPa");
    expect(assessCriticalValue(test("2703-7"), 12, "kPa").criticalLimits).toBe("< 6.67 or > 26.6 kPa");
    expect(assessCriticalValue(test("2019-8"), 7.99, "kPa").isCritical).toBe(false);
    expect(assessCriticalValue(test("2019-8"), 8.0, "kPa").deviation).toBe("severely_high");
    expect(assessCriticalValue(test("2019-8"), 2.67, "kPa").deviation).toBe("severely_low");
    expect(assessCriticalValue(test("2703-7"), 6.66, "kPa").deviation).toBe("severely_low");
    expect(assessCriticalValue(test("2703-7"), 6.67, "kPa").isCritical).toBe(false);
  });

  it.each(["2019-8", "2703-7"])("%s: a kPa value is the mmHg value × 7.50062, and both units give the same verdict away from the rounding step", (loinc) => {
    const t = test(loinc);
    expect(conversionFactor(t, "kPa")).toBe(MMHG_PER_KPA);
    const limits = [t.critical_low!.value, t.critical_high!.value];
    fc.assert(
      fc.property(fc.double({ min: 0, max: 300, noNaN: true }), (mmHg) => {
        fc.pre(limits.every((l) => Math.abs(mmHg - l) > 0.1));
        const inKpa = assessCriticalValue(t, mmHg / MMHG_PER_KPA, "kPa");
        const inMmHg = assessCriticalValue(t, mmHg, "mmHg");
        expect(inKpa.canonicalValue).toBeCloseTo(mmHg, 9);
        expect(inKpa.deviation).toBe(inMmHg.deviation);
      }),
    );
  });
});

describe("pH has no concentration unit", () => {
  it.each(["", null, "pH", "[pH]", "pH units", " PH Units ", "ph unit"])("accepts %j and reads the value as pH", (unit) => {
    const { test: t, errors } = check("2744-1", "pH", 7.3, unit);
    expect(errors).toEqual({});
    expect(assessCriticalValue(t!, 7.3, unit).canonicalValue).toBe(7.3);
  });

  it.each(["mmol/L", "mmHg", "%", "kPa", "mEq/L"])("refuses %s as a unit of pH (400 on observation.unit)", (unit) => {
    expect(check("2744-1", null, 7.3, unit).errors["observation.unit"]).toMatch(/is not a unit for pH of Arterial blood/);
  });

  it("refuses a pH outside 6.22-8.21 (a slipped digit) and accepts the most extreme survived values", () => {
    expect(check("2744-1", null, 9.2, "").errors["observation.value"]).toMatch(/not a possible ph.*highest possible is 8.21/i);
    expect(check("2744-1", null, 5.9, null).errors["observation.value"]).toMatch(/lowest possible is 6.22/);
    expect(check("2744-1", null, 6.4, "").errors).toEqual({});
    expect(check("2744-1", null, 7.95, "").errors).toEqual({});
  });
});

describe("a newborn's pH (under 2 months: ≥ 7.50)", () => {
  it("alerts 7.52 at 0, 20 and 58 days, not at 59 days or for an adult; the low limit stays < 7.21", () => {
    const t = test("2744-1");
    for (const days of [0, 20, 58]) expect(assessCriticalValue(t, 7.52, "", null, days).deviation).toBe("severely_high");
    expect(assessCriticalValue(t, 7.5, "", null, 10).isCritical).toBe(true);
    expect(assessCriticalValue(t, 7.49, "", null, 10).isCritical).toBe(false);
    expect(assessCriticalValue(t, 7.52, "", null, 59).isCritical).toBe(false);
    expect(assessCriticalValue(t, 7.52, "").isCritical).toBe(false);
    expect(assessCriticalValue(t, 7.205, "", null, 5).deviation).toBe("severely_low");
  });
});

describe("names: panel words, and other specimens refused", () => {
  it.each([
    ["Blood gases - pO2", "2703-7"],
    ["ABG: PaO2", "2703-7"],
    ["pO₂ (arterial blood)", "2703-7"],
    ["Gas pCO2", "2019-8"],
    ["PaCO₂", "2019-8"],
    ["pH, arterial blood gas", "2744-1"],
    ["Partial pressure of oxygen", "2703-7"],
  ])("%j names %s", (display, loinc) => {
    expect(testsNamed(k.labTests.values(), display).map((t) => t.loinc)).toEqual([loinc]);
  });

  it("does not take total CO2 or oxygen saturation for a partial pressure", () => {
    expect(testsNamed(k.labTests.values(), "CO2").map((t) => t.loinc)).toEqual(["2028-9"]);
    expect(testsNamed(k.labTests.values(), "Oxygen saturation")).toEqual([]);
  });

  it.each([
    ["2703-7", "Venous pO2"],
    ["2703-7", "pO2 (capillary)"],
    ["2019-8", "VBG pCO2"],
    ["2744-1", "Cord blood pH"],
    ["2744-1", "pH - umbilical artery"],
  ])("%s with display %j: 400 on observation.display, and the display alone names no test", (code, display) => {
    expect(check(code, display, 40, code === "2744-1" ? "" : "mmHg").errors["observation.display"]).toMatch(/another specimen has another code and other limits/);
    expect(testsNamed(k.labTests.values(), display)).toEqual([]);
  });

  it("refuses a local code that names a venous gas even when the display does not", () => {
    const { errors } = check("VBG-PO2", "pO2", 38, "mmHg");
    expect(errors["observation.code"]).toMatch(/the local code "VBG-PO2" says vbg/);
    expect(check("LAB-PO2", "pO2", 38, "mmHg").errors).toEqual({});
  });
});

describe("INR in whole blood (point of care) 34714-6", () => {
  it("is assessed as 6301-6 at every value, with the same limit", () => {
    expect(identifyTest(k.labTests, "34714-6", null).identified?.test.loinc).toBe("6301-6");
    const t = test("6301-6");
    fc.assert(
      fc.property(fc.double({ min: 0, max: 40, noNaN: true }), (inr) => {
        expect(check("34714-6", "INR (POC)", inr, "").test?.loinc).toBe("6301-6");
        expect(assessCriticalValue(t, inr, "").isCritical).toBe(inr > 5);
      }),
      { numRuns: 50 },
    );
  });
});
