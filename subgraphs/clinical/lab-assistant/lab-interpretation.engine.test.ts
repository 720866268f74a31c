import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { interpretLabResult, type PriorResult } from "./lab-interpretation.engine.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => k.labTests.get(loinc)!;
const interpret = (loinc: string, value: number, unit: string, priors: PriorResult[] = [], date = "2026-11-23", sex?: string) =>
  interpretLabResult(test(loinc), value, unit, sex, priors, k.labDeltaChecks.get(loinc), date);

describe("flags (HL7 Table 0078) from the critical-values engine", () => {
  it.each([
    [2.4, "LL"], [2.5, "L"], [3.4, "L"], [3.5, "N"], [5.1, "N"], [5.2, "H"], [6.5, "H"], [6.6, "HH"],
  ])("potassium %d mmol/L → %s", (v, flag) => expect(interpret("2823-3", v, "mmol/L").flag).toBe(flag));

  it("uses the sex-specific haemoglobin interval", () => {
    expect(interpret("718-7", 13.0, "g/dL", [], "2026-11-23", "male").flag).toBe("L");
    expect(interpret("718-7", 13.0, "g/dL", [], "2026-11-23", "female").flag).toBe("N");
  });
});

describe("trend against prior results", () => {
  it("gives delta, percent and direction against the latest prior, converting units", () => {
    const r = interpret("2345-7", 7.0, "mmol/L", [{ value: "90", unit: "mg/dL", date: "2026-11-20" }, { value: "5.0", unit: "mmol/L", date: "2026-10-01" }]);
    expect(r.previousValue).toBeCloseTo(5.0, 1); // 90 mg/dL = 4.996 mmol/L
    expect(r.previousDate).toBe("2026-11-20");
    expect(r.direction).toBe("up");
    expect(r.delta).toBeCloseTo(2.0, 1);
    expect(r.priorsCompared).toBe(2);
  });

  it("skips priors it cannot compare and ignores later ones", () => {
    const r = interpret("2823-3", 4.0, "mmol/L", [{ value: "n/a", unit: "mmol/L", date: "2026-11-20" }, { value: "4", unit: "mg/dL", date: "2026-11-19" }, { value: "4.0", unit: "mmol/L", date: "2026-11-25" }]);
    expect(r).toMatchObject({ previousValue: null, delta: null, direction: null, priorsSkipped: 3 });
  });

  it("says when a test has no published delta check", () => {
    const r = interpret("2823-3", 5.5, "mmol/L", [{ value: "3.9", unit: "mmol/L", date: "2026-11-22" }]);
    expect(r).toMatchObject({ direction: "up", deltaChecks: [] });
    expect(r.deltaCheckNote).toMatch(/No published delta-check/);
  });
});

describe("delta checks (knowledge/lab-delta-checks.json)", () => {
  it("creatinine: a rise of 0.3 mg/dL within 48 hours meets KDIGO AKI; 0.29 does not; 3 days apart does not", () => {
    expect(interpret("2160-0", 1.3, "mg/dL", [{ value: "1.0", unit: "mg/dL", date: "2026-11-21" }]).deltaChecks.map((d) => d.ruleId)).toEqual(["creatinine-kdigo-absolute"]);
    expect(interpret("2160-0", 1.29, "mg/dL", [{ value: "1.0", unit: "mg/dL", date: "2026-11-21" }]).deltaChecks).toEqual([]);
    expect(interpret("2160-0", 1.3, "mg/dL", [{ value: "1.0", unit: "mg/dL", date: "2026-11-20" }]).deltaChecks).toEqual([]);
  });

  it("creatinine: 1.5 times a value from the prior 7 days meets KDIGO AKI (µmol/L converted)", () => {
    const r = interpret("2160-0", 150, "umol/L", [{ value: "100", unit: "umol/L", date: "2026-11-17" }]);
    expect(r.deltaChecks.map((d) => d.ruleId)).toEqual(["creatinine-kdigo-ratio"]); // 6 days apart: outside the 48-hour rule
    expect(r.deltaChecks[0]).toMatchObject({ comparedWith: "100 umol/L", comparedDate: "2026-11-17", source: expect.stringMatching(/KDIGO/) });
    expect(interpret("2160-0", 149, "umol/L", [{ value: "100", unit: "umol/L", date: "2026-11-17" }]).deltaChecks).toEqual([]);
    expect(interpret("2160-0", 150, "umol/L", [{ value: "100", unit: "umol/L", date: "2026-11-15" }]).deltaChecks).toEqual([]);
  });

  it("haemoglobin: a fall of 2 g/dL is the ISTH major-bleeding criterion; 1.9 is not; a rise is not", () => {
    expect(interpret("718-7", 9.0, "g/dL", [{ value: "11.0", unit: "g/dL", date: "2026-11-01" }]).deltaChecks.map((d) => d.ruleId)).toEqual(["haemoglobin-isth-fall"]);
    expect(interpret("718-7", 9.1, "g/dL", [{ value: "11.0", unit: "g/dL", date: "2026-11-01" }]).deltaChecks).toEqual([]);
    expect(interpret("718-7", 13.0, "g/dL", [{ value: "11.0", unit: "g/dL", date: "2026-11-01" }]).deltaChecks).toEqual([]);
  });
});
