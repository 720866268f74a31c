import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/** Class (sepsis set 2): a drowsy child with GCS 12-14 and no other sign was "low, routine". */
let stack: Stack;
let nurse: string;
let child: string;
const PATH = "/api/v1/predictive-analytics/sepsis-risk/";
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** An afebrile 7-year-old with vitals inside the school-age limits. */
const calm = { heart_rate: 92, respiratory_rate: 17, systolic_bp: 104, temperature: 37.1, gcs: 15 };

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "sepsis-nurse-children" });
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/sepsis-nurse-children/", { token: nurse, body: { channels: ["SMS"], phone: "+256772600031" } })).status).toBe(200);
  const physician = await stack.token("physician");
  child = `UG-PAEDS-GCS-${Date.now().toString(36).toUpperCase()}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid: child, given_name: "Baraka", family_name: "Okello", sex: "male", birth_date: isoDaysAgo(7 * 365 + 60), phone: "+256772000331" } });
  expect(res.status).toBe(201);
});
afterAll(() => stack?.stop());

const screen = (vitals: Record<string, number>) => stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: child, vitals, labs: { wbc: 8.2 } } });

describe("a child's altered mental state through REST and GraphQL (NICE NG51)", () => {
  it("keeps an alert, afebrile child low and routine", async () => {
    const res = await screen(calm);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sepsis_risk: "low", time_to_intervention: "routine", extreme_vitals: [] });
  });

  it("makes GCS 13 moderate and immediate, names it and puts its advice first, without an alert", async () => {
    const res = await screen({ ...calm, gcs: 13 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sepsis_risk: "moderate", time_to_intervention: "immediate", alert_triggered: false, organ_dysfunction: [], age_group: expect.stringMatching(/school/) });
    expect(res.body.extreme_vitals).toEqual([expect.stringMatching(/^GCS 13 < 15/)]);
    expect(res.body.recommendations[0]).toMatch(/Altered mental state/);
  });

  it("keeps GCS 10 high with neurological dysfunction and alerts (GraphQL)", async () => {
    const res = await stack.gql(
      `mutation($input: SepsisRiskInput!) { assessSepsisRisk(input: $input) { sepsisRisk timeToIntervention alertTriggered organDysfunction extremeVitals } }`,
      { input: { patientUhid: child, vitals: { heartRate: 92, respiratoryRate: 17, systolicBp: 104, temperature: 37.1, gcs: 10 }, labs: { wbc: 8.2 } } },
      nurse,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.assessSepsisRisk).toMatchObject({ sepsisRisk: "high", timeToIntervention: "immediate", alertTriggered: true, organDysfunction: [expect.stringMatching(/Neurological/)] });
    expect(res.body.data.assessSepsisRisk.extremeVitals).toEqual([expect.stringMatching(/^GCS 10 < 15/)]);
  });
});
