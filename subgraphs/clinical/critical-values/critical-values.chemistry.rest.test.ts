/**
 * The session-16 chemistry tests through REST (critical values and lab interpretation): a test with critical
 * limits alerts, a test without one is flagged against its interval and says no limit is defined, and a
 * child's result of a test without critical limits at the child's age is refused (400), never answered "not
 * critical"; a newborn's bilirubin is assessed with the newborn limit (session 17, lab-limits critical_by_age).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../../../test/support/stack.js";

let stack: Stack;
let lab: string;
let physician: string;
const ADULT = "UG-2024-000002";
const CV = "/api/v1/clinical-decision-support/critical-values/";
const INTERPRET = "/api/v1/multi-role/lab/interpret/";

beforeAll(async () => {
  stack = await startStack();
  lab = await stack.token("lab_technician", { sub: "chem-lab-tech" });
  physician = await stack.token("physician", { sub: "chem-physician" });
});
afterAll(() => stack?.stop());

const post = (path: string, patient: string, observation: Record<string, unknown>) => stack.rest("POST", path, { token: lab, body: { patient_uhid: patient, observation } });

async function childAged(days: number): Promise<string> {
  const uhid = `UG-CHEM-${Date.now().toString(36).toUpperCase()}${days}`;
  const birthDate = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Chem", family_name: "Newborn", sex: "male", birth_date: birthDate, phone: "+256772000111" } });
  expect(res.status).toBe(201);
  return uhid;
}

describe("chemistry tests added in session 16", () => {
  it("alerts a magnesium of 0.35 mmol/L sent with a local code (≤ 1.0 mg/dL) and stores it under 19123-9", async () => {
    const res = await post(CV, ADULT, { code: "MG", display: "Magnesium", value: 0.35, unit: "mmol/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_low", loinc_code: "19123-9", critical_limits: "≤ 0.412 or ≥ 2.05 mmol/L" });
  });

  it("answers an adult ALT of 900 U/L as high, not critical, saying that no critical limit is defined", async () => {
    const res = await post(CV, ADULT, { code: "1742-6", display: "ALT (SGPT)", value: 900, unit: "U/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: false, deviation: "high", urgency: "moderate", critical_limits: "none defined" });
    // The seeded adult is a woman: the female interval since lab-limits 2026.11.23 (Tietz: 7-35 U/L).
    expect(res.body.clinical_significance).toMatch(/^Above the reference interval \(7–35 U\/L\); no critical limit is defined for alanine aminotransferase/);
    const interpreted = await post(INTERPRET, ADULT, { code: "SGOT", display: "AST/SGOT", value: 25, unit: "IU/L" });
    expect(interpreted.status).toBe(200);
    expect(interpreted.body).toMatchObject({ loinc_code: "1920-8", flag: "N", critical_limits: "none defined" });
  });

  it("alerts a 3-day-old's total bilirubin of 342 µmol/L with the newborn limit (≥ 15 mg/dL), saying which limits applied", async () => {
    const baby = await childAged(3);
    const res = await post(CV, baby, { code: "1975-2", display: "Total bilirubin", value: 342, unit: "µmol/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", loinc_code: "1975-2", critical_limits: "≥ 256 µmol/L" });
    expect(res.body.clinical_significance).toMatch(/neonatal hyperbilirubinaemia/);
    expect(res.body.warnings.join(" ")).toMatch(/3 days old: the newborn critical limits of Bilirubin.total \(2-30 days\) apply/);
    const interpreted = await post(INTERPRET, baby, { code: "14631-6", display: "Total bilirubin", value: 120, unit: "µmol/L" });
    expect(interpreted.status).toBe(200);
    // Session 22 (lab-limits 2026.11.27): a 3-day-old's 120 µmol/L (7.0 mg/dL) is inside the newborn interval (Tietz 1.5-12.0 mg/dL).
    expect(interpreted.body).toMatchObject({ flag: "N", is_critical: false, critical_limits: "≥ 256 µmol/L" });
  });

  it("refuses a 2-month-old's total bilirubin (no critical limit held after the newborn period) on both endpoints, storing nothing", async () => {
    const infant = await childAged(60);
    for (const path of [CV, INTERPRET]) {
      const res = await post(path, infant, { code: "1975-2", display: "Total bilirubin", value: 342, unit: "µmol/L" });
      expect(res.status, path).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/under 18.*newborn/);
    }
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${infant}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations).toEqual([]);
  });
});
