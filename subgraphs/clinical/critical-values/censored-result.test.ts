/**
 * Censored results (FHIR Quantity.comparator, session 19): a bound is critical only when every value it allows
 * is; a bound that leaves it open is not asserted critical and says so; a side without a critical limit cannot
 * be critical. Lab interpretation flags the same way and does not delta-check a bound. Values are not those of
 * the blind sets.
 */
import { describe, expect, it } from "vitest";
import { interpretLabResult } from "../lab-assistant/lab-interpretation.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { asPrinted, assessReportedValue, QuantityComparator as C } from "./censored-result.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => k.labTests.get(loinc)!;
const GLUCOSE = "2345-7";
const POTASSIUM = "2823-3";
const CREATININE = "2160-0";

describe("assessReportedValue", () => {
  it("asserts critical high when the bound is at or beyond the critical high (> 30 mmol/L glucose; > 560 mg/dL)", () => {
    for (const [value, unit] of [[30, "mmol/L"], [560, "mg/dL"]] as const) {
      const r = assessReportedValue(test(GLUCOSE), value, C.GREATER_THAN, unit);
      expect(r.assessment).toMatchObject({ isCritical: true, deviation: "severely_high", urgency: "high" });
      expect(r.undecidable).toBe(false);
      expect(r.warnings.join(" ")).toMatch(/^Censored result > \d+ mg\/dL|^Censored result > 30 mmol\/L/);
    }
  });

  it("asserts critical low when the bound is at or below the critical low (< 1.5 mmol/L glucose, < 1.8 mmol/L potassium)", () => {
    expect(assessReportedValue(test(GLUCOSE), 1.5, C.LESS_THAN, "mmol/L").assessment).toMatchObject({ isCritical: true, deviation: "severely_low" });
    expect(assessReportedValue(test(POTASSIUM), 1.8, C.LESS_OR_EQUAL, "mmol/L").assessment).toMatchObject({ isCritical: true, deviation: "severely_low" });
  });

  it("counts a strict bound exactly at a strict limit as critical (every x > 6.5 is beyond > 6.5) but not an inclusive one (>= 6.5)", () => {
    const limit = assessReportedValue(test(POTASSIUM), 1, null, "mmol/L").assessment.criticalLimits;
    const high = Number(/> ([\d.]+)/.exec(limit)![1]);
    expect(assessReportedValue(test(POTASSIUM), high, C.GREATER_THAN, "mmol/L").assessment.isCritical).toBe(true);
    const atLeast = assessReportedValue(test(POTASSIUM), high, C.GREATER_OR_EQUAL, "mmol/L");
    expect(atLeast.assessment.isCritical).toBe(false);
    expect(atLeast.undecidable).toBe(true);
  });

  it("does not assert critical when the bound leaves it open (> 20 mmol/L glucose, < 5 mmol/L glucose), advising a quantitative repeat", () => {
    for (const [comparator, value, side] of [[C.GREATER_THAN, 20, "high"], [C.LESS_THAN, 5, "normal"]] as const) {
      const r = assessReportedValue(test(GLUCOSE), value, comparator, "mmol/L");
      expect(r.undecidable).toBe(true);
      expect(r.assessment).toMatchObject({ isCritical: false, urgency: "moderate", deviation: side });
      expect(r.warnings.join(" ")).toMatch(/cannot be judged against the critical limits.*not asserted critical. Repeat with a quantitative result/);
      expect(r.assessment.recommendedActions.join(" ")).toMatch(/quantitative method/);
    }
  });

  it("answers a bound on a side with no critical limit as at its bound, never undecidable (creatinine < 0.3 mg/dL)", () => {
    const r = assessReportedValue(test(CREATININE), 0.3, C.LESS_THAN, "mg/dL");
    expect(r.undecidable).toBe(false);
    expect(r.assessment).toMatchObject({ isCritical: false, deviation: "low" });
    expect(r.warnings.join(" ")).toMatch(/cannot reach a critical low limit/);
  });

  it("assesses a measured value (no comparator) exactly as before, without warnings", () => {
    const r = assessReportedValue(test(GLUCOSE), 30, null, "mmol/L");
    expect(r).toMatchObject({ warnings: [], undecidable: false });
    expect(r.assessment.isCritical).toBe(true);
  });

  it("prints a censored value with its comparator", () => {
    expect(asPrinted(33.3, ">")).toBe("> 33.3");
    expect(asPrinted("0.5", "<=")).toBe("<= 0.5");
    expect(asPrinted(4.1, null)).toBe("4.1");
  });
});

describe("lab interpretation of a censored result", () => {
  const interpret = (value: number, comparator: C | null, priors: { value: string; comparator?: string | null; unit: string; date: string }[] = []) =>
    interpretLabResult(test(GLUCOSE), value, "mmol/L", "female", priors, k.labDeltaChecks.get(GLUCOSE), "2026-11-28", 12_000, comparator);

  it("flags HH only when every value the bound allows is critical, and says why otherwise", () => {
    expect(interpret(30, C.GREATER_THAN).flag).toBe("HH");
    const open = interpret(20, C.GREATER_THAN);
    expect(open.flag).toBe("H");
    expect(open.censoredWarnings.join(" ")).toMatch(/not asserted critical/);
  });

  it("does not delta-check a bound, and skips censored priors", () => {
    const r = interpret(30, C.GREATER_THAN, [{ value: "5", unit: "mmol/L", date: "2026-11-27" }]);
    expect(r.deltaChecks).toEqual([]);
    expect(r.deltaCheckNote).toMatch(/censored/);
    const measured = interpret(8, null, [{ value: "33.3", comparator: ">", unit: "mmol/L", date: "2026-11-27" }]);
    expect(measured).toMatchObject({ priorsCompared: 0, priorsSkipped: 1, previousValue: null });
  });
});
