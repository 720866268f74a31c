import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { isoDateDaysAgo } from "../../lib/seed.js";
import { encounters, medications, observations, patients } from "../../subgraphs/clinical/db/tables.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;
const PATH = "/api/v1/predictive-analytics/risk-scores/";

/** A date of birth that makes the patient `years` old today (a few days past the birthday). */
function bornYearsAgo(years: number): string {
  const d = new Date(`${isoDateDaysAgo(5)}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "risk-physician" });
  const db = stack.server.database!.db;
  // The CVrisk documented example as a stored record: man, 55, TC 213, HDL 50, SBP 140 untreated, never smoker.
  await db.insert(patients).values({ uhid: "UG-2026-FRAM01", givenName: "Test", familyName: "Framingham", sex: "male", birthDate: bornYearsAgo(55) });
  const today = isoDateDaysAgo(0);
  await db.insert(observations).values([
    { patientUhid: "UG-2026-FRAM01", code: "2093-3", display: "Cholesterol", value: "213", unit: "mg/dL", date: today },
    { patientUhid: "UG-2026-FRAM01", code: "2085-9", display: "HDL cholesterol", value: "50", unit: "mg/dL", date: today },
    { patientUhid: "UG-2026-FRAM01", code: "8480-6", display: "Systolic blood pressure", value: "140", unit: "mm[Hg]", date: today },
    { patientUhid: "UG-2026-FRAM01", code: "72166-2", display: "Tobacco smoking status", value: "Never smoker", unit: null, date: today },
  ]);
  await db.insert(encounters).values([
    { patientUhid: "UG-2026-FRAM01", date: isoDateDaysAgo(20), type: "emergency", chiefComplaint: "Chest pain" },
    { patientUhid: "UG-2026-FRAM01", date: isoDateDaysAgo(20), type: "inpatient", chiefComplaint: "Chest pain", dischargeDate: isoDateDaysAgo(15) },
    { patientUhid: "UG-2026-FRAM01", date: isoDateDaysAgo(60), type: "emergency", chiefComplaint: "Palpitations" },
  ]);
});
afterAll(() => stack?.stop());

const scores = (body: Record<string, unknown>, token = physician) => stack.rest("POST", PATH, { token, body });

describe("risk scores through REST", () => {
  it("reproduces the published Framingham example from the stored record and explains it", async () => {
    const res = await scores({ patient_uhid: "UG-2026-FRAM01", risk_types: ["cardiovascular"] });
    expect(res.status).toBe(200);
    const cv = res.body.risk_scores.cardiovascular;
    expect(cv.score).toBeCloseTo(0.1353, 3);
    expect(cv).toMatchObject({ category: "moderate", missing_inputs: [], model: expect.stringMatching(/Framingham 2008/), source: expect.stringMatching(/D'Agostino/) });
    expect(cv.factors.join(" | ")).toMatch(/Age 55 \(male\).*Systolic BP 140 mmHg.*untreated.*Total cholesterol 213 mg\/dL, HDL 50 mg\/dL/);
    expect(res.body).toMatchObject({ patient_uhid: "UG-2026-FRAM01", requires_review: true, audit_id: expect.any(String) });
  });

  it("scores LACE from the stored admission: LOS 5 d (4), emergent (3), Charlson 0 (0), 1 ED visit (1) = 8", async () => {
    const res = await scores({ patient_uhid: "UG-2026-FRAM01", risk_types: ["readmission"] });
    expect(res.body.risk_scores.readmission_30day).toMatchObject({ points: 8, category: "moderate" });
    expect(res.body.risk_scores.readmission_30day.score).toBeCloseTo(8 / 19, 4);
    expect(res.body.risk_scores.cardiovascular).toBeNull();
  });

  it("computes all three for a demo patient, naming what it could not compute", async () => {
    // UG-2024-000004: woman, 75, CKD 3 + heart failure (Charlson 3), inpatient 9 days, lipid panel and smoking status.
    const res = await scores({ patient_uhid: "UG-2024-000004" });
    expect(res.status).toBe(200);
    const { cardiovascular, readmission_30day, mortality_1year } = res.body.risk_scores;
    expect(mortality_1year).toMatchObject({ score: 0.52, category: "high", points: 3 });
    expect(mortality_1year.factors.join(" ")).toMatch(/Renal disease \(N18\.3\): 2/);
    expect(readmission_30day).toMatchObject({ points: 8, category: "moderate" }); // L 9 d = 5, A 0, C 3, E 0
    // Above Framingham 2008's 30-74: the Pooled Cohort Equations (40-79), said to be an extrapolation.
    expect(cardiovascular).toMatchObject({ score: expect.any(Number), model: expect.stringMatching(/Pooled Cohort Equations/), source: expect.stringMatching(/Goff DC/) });
    expect(cardiovascular.factors[0]).toMatch(/above Framingham 2008's range.*East African populations/i);
  });

  it("gives a patient outside both cardiovascular equations null with the reason", async () => {
    const db = stack.server.database!.db;
    const today = isoDateDaysAgo(0);
    await db.insert(patients).values([
      { uhid: "UG-2026-FRAM85", givenName: "Test", familyName: "Eighty-five", sex: "male", birthDate: bornYearsAgo(85) },
      { uhid: "UG-2026-FRAM25", givenName: "Test", familyName: "Twenty-five", sex: "female", birthDate: bornYearsAgo(25) },
    ]);
    for (const uhid of ["UG-2026-FRAM85", "UG-2026-FRAM25"]) {
      await db.insert(observations).values([
        { patientUhid: uhid, code: "2093-3", display: "Cholesterol", value: "213", unit: "mg/dL", date: today },
        { patientUhid: uhid, code: "2085-9", display: "HDL", value: "50", unit: "mg/dL", date: today },
        { patientUhid: uhid, code: "8480-6", display: "SBP", value: "140", unit: "mm[Hg]", date: today },
      ]);
      const cv = (await scores({ patient_uhid: uhid, risk_types: ["cardiovascular"] })).body.risk_scores.cardiovascular;
      expect(cv).toMatchObject({ score: null, category: "unknown" });
      expect(cv.factors[0]).toMatch(/outside the equation's validated range \(30-74\) and the Pooled Cohort Equations' \(40-79\)/);
    }
  });

  it("names missing smoking status and gives the smoker's estimate instead of inventing it", async () => {
    const db = stack.server.database!.db;
    await db.insert(patients).values({ uhid: "UG-2026-FRAM02", givenName: "Test", familyName: "Smoking", sex: "female", birthDate: bornYearsAgo(60) });
    const today = isoDateDaysAgo(0);
    await db.insert(observations).values([
      { patientUhid: "UG-2026-FRAM02", code: "2093-3", display: "Cholesterol", value: "5.2", unit: "mmol/L", date: today },
      { patientUhid: "UG-2026-FRAM02", code: "2085-9", display: "HDL", value: "1.3", unit: "mmol/L", date: today },
      { patientUhid: "UG-2026-FRAM02", code: "8480-6", display: "SBP", value: "150", unit: "mm[Hg]", date: today },
    ]);
    const res = await scores({ patient_uhid: "UG-2026-FRAM02", risk_types: ["cardiovascular"] });
    const cv = res.body.risk_scores.cardiovascular;
    expect(cv.missing_inputs).toEqual([expect.stringMatching(/smoking status/)]);
    expect(cv.factors.join(" ")).toMatch(/assumes a non-smoker; a smoker's risk would be/);
    expect(cv.inputs).toEqual(expect.arrayContaining([{ name: "total_cholesterol_mg_dl", value: "201.1" }]));
  });

  it("never assumes mg/dL for cholesterol without a unit, and never reads an unknown smoking status as non-smoker", async () => {
    const db = stack.server.database!.db;
    const today = isoDateDaysAgo(0);
    await db.insert(patients).values([
      { uhid: "UG-2026-FRAM03", givenName: "Test", familyName: "NoUnit", sex: "male", birthDate: bornYearsAgo(55) },
      { uhid: "UG-2026-FRAM04", givenName: "Test", familyName: "SmokingUnknown", sex: "male", birthDate: bornYearsAgo(55) },
    ]);
    await db.insert(observations).values([
      // mmol/L values stored without a unit: read as mg/dL they gave a risk of ~0.1% ("low").
      { patientUhid: "UG-2026-FRAM03", code: "2093-3", display: "Cholesterol", value: "5.5", unit: null, date: today },
      { patientUhid: "UG-2026-FRAM03", code: "2085-9", display: "HDL", value: "1.3", unit: null, date: today },
      { patientUhid: "UG-2026-FRAM03", code: "8480-6", display: "SBP", value: "140", unit: "mm[Hg]", date: today },
      { patientUhid: "UG-2026-FRAM03", code: "72166-2", display: "Tobacco smoking status", value: "Never smoker", unit: null, date: today },
      { patientUhid: "UG-2026-FRAM04", code: "2093-3", display: "Cholesterol", value: "213", unit: "mg/dL", date: today },
      { patientUhid: "UG-2026-FRAM04", code: "2085-9", display: "HDL", value: "50", unit: "mg/dL", date: today },
      { patientUhid: "UG-2026-FRAM04", code: "8480-6", display: "SBP", value: "140", unit: "mm[Hg]", date: today },
      { patientUhid: "UG-2026-FRAM04", code: "72166-2", display: "Tobacco smoking status", value: "Unknown if ever smoked", unit: null, date: today },
    ]);
    const noUnit = (await scores({ patient_uhid: "UG-2026-FRAM03", risk_types: ["cardiovascular"] })).body.risk_scores.cardiovascular;
    expect(noUnit).toMatchObject({ score: null, category: "unknown" });
    expect(noUnit.missing_inputs).toEqual(expect.arrayContaining([expect.stringMatching(/^total cholesterol with a unit of mg\/dL or mmol\/L/), expect.stringMatching(/^HDL cholesterol with a unit/)]));
    const unknownSmoking = (await scores({ patient_uhid: "UG-2026-FRAM04", risk_types: ["cardiovascular"] })).body.risk_scores.cardiovascular;
    expect(unknownSmoking.score).toBeCloseTo(0.1353, 3); // as a non-smoker, but said so
    expect(unknownSmoking.missing_inputs).toEqual([expect.stringMatching(/smoking status.*Unknown if ever smoked/)]);
    expect(unknownSmoking.inputs).toEqual(expect.arrayContaining([{ name: "smoker", value: "unknown (assumed no)" }]));
  });

  it("names an unidentified active medication instead of assuming untreated blood pressure", async () => {
    const db = stack.server.database!.db;
    const today = isoDateDaysAgo(0);
    await db.insert(patients).values({ uhid: "UG-2026-FRAM05", givenName: "Test", familyName: "UnknownMed", sex: "male", birthDate: bornYearsAgo(55) });
    await db.insert(observations).values([
      { patientUhid: "UG-2026-FRAM05", code: "2093-3", display: "Cholesterol", value: "213", unit: "mg/dL", date: today },
      { patientUhid: "UG-2026-FRAM05", code: "2085-9", display: "HDL", value: "50", unit: "mg/dL", date: today },
      { patientUhid: "UG-2026-FRAM05", code: "8480-6", display: "SBP", value: "140", unit: "mm[Hg]", date: today },
      { patientUhid: "UG-2026-FRAM05", code: "72166-2", display: "Tobacco smoking status", value: "Never smoker", unit: null, date: today },
    ]);
    // Moxonidine is an antihypertensive the knowledge base does not hold: named, not assumed either way.
    const [unknown] = await db.insert(medications).values({ patientUhid: "UG-2026-FRAM05", rxnormCode: null, name: "Moxonidine", dose: "0.2 mg", frequency: "OD", status: "active", startDate: today }).returning();
    const cv = (await scores({ patient_uhid: "UG-2026-FRAM05", risk_types: ["cardiovascular"] })).body.risk_scores.cardiovascular;
    expect(cv.score).toBeCloseTo(0.1353, 3);
    expect(cv.missing_inputs).toEqual([expect.stringMatching(/whether Moxonidine lowers blood pressure/)]);
    expect(cv.factors.join(" ")).toMatch(/if treated the risk would be 1\d\.\d%/);
    // Nifedipine is in the knowledge base (a calcium-channel blocker): treated blood pressure, nothing missing.
    await db.update(medications).set({ name: "Nifedipine", dose: "20 mg" }).where(eq(medications.id, unknown.id));
    const treated = (await scores({ patient_uhid: "UG-2026-FRAM05", risk_types: ["cardiovascular"] })).body.risk_scores.cardiovascular;
    expect(treated.score).toBeCloseTo(0.1823, 3);
    expect(treated.missing_inputs).toEqual([]);
  });

  it("refuses an unknown risk type (400), an unknown patient (404) and a nurse (403)", async () => {
    expect((await scores({ patient_uhid: "UG-2024-000004", risk_types: ["stroke"] })).status).toBe(400);
    expect((await scores({ patient_uhid: "UG-0000-NOPE" })).status).toBe(404);
    expect((await scores({ patient_uhid: "UG-2024-000004" }, await stack.token("nurse"))).status).toBe(403);
  });

  it("offers Patient.riskScores through GraphQL federation", async () => {
    const res = await stack.gql(`{ patient(uhid: "UG-2024-000004") { givenName riskScores(riskTypes: ["mortality"]) { riskScores { mortality1year { score category } } } } }`, {}, physician);
    expect(res.body.data.patient.riskScores.riskScores.mortality1year).toEqual({ score: 0.52, category: "high" });
  });
});
