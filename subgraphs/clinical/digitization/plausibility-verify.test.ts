import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";

/**
 * The second plausibility tier (knowledge/lab-loinc-units.json verify_above): above the highest value
 * documented in a living patient a result is still read, with a warning to verify it; at twice that the
 * possible range refuses it (the first tier, unchanged). docs/decisions/clinical.md, "Document
 * digitization", 2026-11-28.
 */
const read = (line: string) => {
  const r = parseLabResults(line);
  return { value: r.tests[0]?.value ?? null, verify: r.warnings.filter((w) => w.includes("verify:")), unread: r.unread };
};

describe("glucose: verify above 311 mmol/L (5,600 mg/dL, Soni et al. 1990), refused above 622 mmol/L", () => {
  it.each([
    // line, read, warned, mg/dL hint
    ["Glucose 28.4 mmol/L", true, false, false],
    ["Glucose 311 mmol/L", true, false, false],
    ["Glucose 312 mmol/L", true, true, true],
    ["Glucose 450 mmol/L", true, true, true],
    ["RBS 398 mmol/l", true, true, true],
    ["FBS 350 mmol/L (3.9-5.5)", true, true, true],
    ["Glucose 620 mmol/L", true, true, true],
    ["Glucose 623 mmol/L", false, false, false],
    ["Glucose 5600 mg/dL", true, false, false],
    ["Glucose 5700 mg/dL", true, true, false],
  ])("%s: read %s, verify warning %s, mg/dL hint %s", (line, isRead, warned, hint) => {
    const r = read(line);
    expect(r.value !== null).toBe(isRead);
    expect(r.verify.length).toBe(warned ? 1 : 0);
    if (warned) expect(r.verify[0]).toMatch(/above the highest value reported in a living patient \(311 mmol\/L, Soni et al\., Diabetes Care 1990\)/);
    expect(r.verify.some((w) => /would be [\d.]+ mmol\/l?: check that the unit is not mg\/dL/i.test(w))).toBe(hint);
  });
  it("names the mg/dL reading: 450 mg/dL is 25 mmol/L", () => {
    expect(read("Glucose 450 mmol/L").verify[0]).toContain("450 mg/dL would be 25 mmol/L");
  });
});

describe("creatinine: verify above 73.8 mg/dL (6,525 µmol/L, Case Rep Nephrol 2021)", () => {
  it.each([
    ["Creatinine 73 mg/dL", false],
    ["Creatinine 75 mg/dL", true],
    ["Creatinine 6500 umol/L", false],
    ["Creatinine 6600 umol/L", true],
    ["Creatinine 412 µmol/L (62-106) H", false],
  ])("%s: verify warning %s", (line, warned) => {
    const r = read(line);
    expect(r.value).not.toBeNull();
    expect(r.verify.length).toBe(warned ? 1 : 0);
  });
});
