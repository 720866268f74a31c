/**
 * A censored result on the record (stored with its comparator) is read as reported by the engines that read the
 * record: the handoff, the SOAP note and the copilot's alerts (assessChartedResult). Before, they read the bound as
 * the measurement: a stored "< 5 mmol/L" glucose was "normal" and a stored "> 27 mmol/L" was shown as "27".
 */
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessChartedResult } from "./censored-result.js";
import { assessCriticalValue } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const glucose = k.labTests.get("2345-7")!;
const adult = { sex: "male", birthDate: "1970-05-01" };
const on = (comparator: string | null, unit = "mmol/L") => ({ unit, date: "2026-11-20", comparator });

describe("a charted result as it was reported", () => {
  it("a measured value: the same verdict as before, shown as the number", () => {
    const r = assessChartedResult(glucose, 31.5, on(null), adult);
    expect(r.assessment.deviation).toBe(assessCriticalValue(glucose, 31.5, "mmol/L", "male", 20_000).deviation);
    expect(r.assessment.isCritical).toBe(true);
    expect(r.shown).toBe("31.5");
    expect(r.undecidable).toBe(false);
  });

  it("a bound beyond the critical limit is critical, shown with its comparator", () => {
    const r = assessChartedResult(glucose, 35, on(">"), adult);
    expect(r.assessment.isCritical).toBe(true);
    expect(r.shown).toBe("> 35");
  });

  it("a bound that leaves it open is not called critical and says why", () => {
    const low = assessChartedResult(glucose, 4.1, on("<"), adult);
    expect(low.undecidable).toBe(true);
    expect(low.assessment.isCritical).toBe(false);
    expect(low.assessment.clinicalSignificance).toMatch(/cannot be judged/);
    expect(low.shown).toBe("< 4.1");
  });

  it("an unknown stored comparator is read as a measured value", () => {
    expect(assessChartedResult(glucose, 31.5, on("~"), adult).shown).toBe("31.5");
  });
});
