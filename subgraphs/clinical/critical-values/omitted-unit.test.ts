/**
 * A result without a unit (critical-value engine 1.7.0): read as the canonical unit only when every unit the
 * test accepts gives the same number (potassium, sodium, chloride, total CO2: mmol/L = mEq/L), with a note;
 * refused (400 on observation.unit) for every other test, whose units differ in scale. Values are not those of
 * the blind sets.
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessCriticalValue, conversionFactor, identifyLabResult } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const tests = [...k.labTests.values()];
const oneScale = (t: (typeof tests)[number]) => new Set(Object.values(t.units)).size === 1;

function check(code: string, display: string, value: number, unit: string | null) {
  const errors: Record<string, string> = {};
  const r = identifyLabResult(k.labTests, { code, display, value, unit }, (f, m) => (errors[f] = m));
  return { ...r, errors };
}

describe("a result sent without a unit", () => {
  it.each(tests.map((t) => [t.loinc, t.name] as const))("%s %s: read as the canonical unit only if all its units are one scale", (loinc) => {
    const t = k.labTests.get(loinc)!;
    for (const missing of [null, undefined, "", "  "]) {
      const expected = t.units[""] !== undefined ? t.units[""] : oneScale(t) ? 1 : undefined;
      expect(conversionFactor(t, missing)).toBe(expected);
    }
  });

  it("holds single-scale units for potassium, sodium, chloride and total CO2, and not for glucose, creatinine, calcium or haemoglobin", () => {
    const single = tests.filter((t) => t.units[""] === undefined && oneScale(t)).map((t) => t.loinc).sort();
    expect(single).toEqual(expect.arrayContaining(["2823-3", "2951-2", "2075-0", "2028-9"]));
    for (const loinc of ["2345-7", "2160-0", "17861-6", "718-7", "777-3"]) expect(single).not.toContain(loinc);
  });

  it("alerts a potassium of 6.9 and a sodium of 116 with no unit, saying how the value was read", () => {
    const k1 = check("LAB-K", "Potassium", 6.9, null);
    expect(k1.errors).toEqual({});
    expect(assessCriticalValue(k1.test!, 6.9, null).deviation).toBe("severely_high");
    expect(k1.notes.join(" ")).toMatch(/No unit was given: .* read as mmol\/L/);
    const na = check("2951-2", "Serum sodium", 116, "");
    expect(na.errors).toEqual({});
    expect(assessCriticalValue(na.test!, 116, "").isCritical).toBe(true);
    expect(na.notes.join(" ")).toMatch(/No unit was given/);
  });

  it("still refuses a glucose, creatinine, calcium or haemoglobin without a unit", () => {
    for (const [code, display, value] of [["2345-7", "Glucose", 4.4], ["2160-0", "Creatinine", 97], ["17861-6", "Calcium", 2.2], ["718-7", "Haemoglobin", 9.9]] as const) {
      expect(check(code, display, value, null).errors["observation.unit"], display).toMatch(/^is required/);
    }
  });

  it("says nothing about the unit when one is given", () => {
    expect(check("2823-3", "Potassium", 4.4, "mmol/L").notes).toEqual([]);
  });
});
