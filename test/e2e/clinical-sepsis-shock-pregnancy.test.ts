import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

// Septic shock (Sepsis-3) and the obstetric criteria for pregnancy and the 6 weeks after, through REST and GraphQL.
let stack: Stack;
let nurse: string;
const PATH = "/api/v1/predictive-analytics/sepsis-risk/";
const ADULT = "UG-2024-000003";
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** Tachycardic, febrile, hypotensive adult: qSOFA 2 (RR 23, SBP 94). */
const shocked = { heart_rate: 121, respiratory_rate: 23, systolic_bp: 94, temperature: 38.7, gcs: 15, mean_arterial_pressure: 67 };
/** Physiological late pregnancy: HR 97 and WBC 15.4 are adult SIRS criteria, not obstetric ones. */
const lateGestation = { heart_rate: 97, respiratory_rate: 18, systolic_bp: 112, temperature: 37.3, gcs: 15 };

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "sepsis-ob-nurse" });
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/sepsis-ob-nurse/", { token: nurse, body: { channels: ["SMS"], phone: "+256772600011" } })).status).toBe(200);
});
afterAll(() => stack?.stop());

const screen = (body: Record<string, unknown>) => stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: ADULT, ...body } });

async function womanWithDiagnosis(tag: string, code: string, display: string, daysAgo: number): Promise<string> {
  const physician = await stack.token("physician");
  const uhid = `UG-SEPOB-${tag}-${Date.now().toString(36).toUpperCase()}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Achieng", family_name: "Mother", sex: "female", birth_date: isoDaysAgo(24 * 365 + 90), phone: "+256772000444" } });
  expect(res.status).toBe(201);
  await stack.server.database!.db.execute(sql`insert into clinical.diagnoses (patient_uhid, code, display, date, status) values (${uhid}, ${code}, ${display}, ${isoDaysAgo(daysAgo)}, 'acute')`);
  return uhid;
}

describe("septic shock through REST", () => {
  it("answers septic shock on a vasopressor with lactate above 2, high and immediate, and alerts", async () => {
    const res = await screen({ vitals: shocked, labs: { wbc: 18.5, lactate: 3.6 }, vasopressors: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ septic_shock: true, sepsis_risk: "high", time_to_intervention: "immediate", alert_triggered: true, notification_sent: true, mean_arterial_pressure: 67 });
    expect(res.body.septic_shock_criteria).toHaveLength(2);
    const physician = await stack.token("physician");
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${ADULT}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations[0].value).toMatch(/septic shock.*MAP 67.*on a vasopressor/);
  });

  it("says not assessable (null) without vasopressor input, and estimates MAP from the diastolic", async () => {
    const res = await screen({ vitals: { ...shocked, mean_arterial_pressure: undefined, diastolic_bp: 50 }, labs: { lactate: 3.6 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ septic_shock: null, septic_shock_criteria: [], mean_arterial_pressure: 64.7 });
    expect(res.body.extreme_vitals.join(" ")).toMatch(/Mean arterial pressure 64.7/);
  });

  it.each([
    [{ mean_arterial_pressure: 0 }, "vitals.mean_arterial_pressure"],
    [{ mean_arterial_pressure: -8 }, "vitals.mean_arterial_pressure"],
    [{ diastolic_bp: 140 }, "vitals.diastolic_bp"],
  ])("refuses %o with a 400 naming the field", async (change, field) => {
    const res = await screen({ vitals: { ...shocked, mean_arterial_pressure: undefined, ...change } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
  });

  it("answers septic shock through GraphQL", async () => {
    const res = await stack.gql(
      `mutation($input: SepsisRiskInput!) { assessSepsisRisk(input: $input) { sepsisRisk septicShock septicShockCriteria meanArterialPressure } }`,
      { input: { patientUhid: ADULT, vitals: { heartRate: 121, respiratoryRate: 23, systolicBp: 94, temperature: 38.7, gcs: 15, diastolicBp: 54 }, labs: { lactate: 2.9 }, vasopressors: true } },
      nurse,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.assessSepsisRisk).toMatchObject({ sepsisRisk: "high", septicShock: true, meanArterialPressure: 67.3 });
  });
});

describe("maternal sepsis: obstetric criteria from the record or the request", () => {
  it("screens a woman with a current pregnancy on the record by the obstetric criteria, with the qSOFA warning", async () => {
    const mother = await womanWithDiagnosis("P", "Z34.90", "Encounter for supervision of normal pregnancy, unspecified", 70);
    const res = await screen({ patient_uhid: mother, vitals: lateGestation, labs: { wbc: 15.4, lactate: 1.1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sepsis_risk: "low", sirs_criteria_met: 0, risk_probability: null, criteria: expect.stringMatching(/obstetric/) });
    expect(res.body.explanation.join(" ")).toMatch(/pregnancy on the record.*Z34\.90.*qSOFA is not validated in pregnancy/);
  });

  it("uses the adult criteria when the request says she is neither pregnant nor recently pregnant", async () => {
    const mother = await womanWithDiagnosis("N", "Z34.90", "Encounter for supervision of normal pregnancy, unspecified", 70);
    const res = await screen({ patient_uhid: mother, vitals: lateGestation, labs: { wbc: 15.4, lactate: 1.1 }, pregnant: false, postpartum: false });
    expect(res.body).toMatchObject({ sepsis_risk: "moderate", sirs_criteria_met: 2, criteria: expect.stringMatching(/^adult/) });
  });

  it("makes a recently delivered woman with HR 134 high through GraphQL, stored as an obstetric screen", async () => {
    const mother = await womanWithDiagnosis("D", "O80", "Encounter for full-term uncomplicated delivery", 12);
    const res = await stack.gql(
      `mutation($input: SepsisRiskInput!) { assessSepsisRisk(input: $input) { sepsisRisk criteria extremeVitals riskProbability alertTriggered } }`,
      { input: { patientUhid: mother, vitals: { heartRate: 134, respiratoryRate: 20, systolicBp: 108, temperature: 38.9, gcs: 15 } } },
      nurse,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.assessSepsisRisk).toMatchObject({ sepsisRisk: "high", riskProbability: null, alertTriggered: true, extremeVitals: ["Heart rate > 130/min: 134"] });
    const physician = await stack.token("physician");
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${mother}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations[0]).toMatchObject({ type: "Sepsis screen (obstetric)", value: expect.stringMatching(/^high: signs of sepsis in pregnancy/) });
  });

  it("takes pregnant: true from the request for a patient with no pregnancy on record", async () => {
    const res = await screen({ vitals: lateGestation, labs: { wbc: 15.4, lactate: 1.1 }, pregnant: true });
    expect(res.body).toMatchObject({ sepsis_risk: "low", criteria: expect.stringMatching(/obstetric/) });
  });
});
