import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let nurse: string;
const PATH = "/api/v1/predictive-analytics/sepsis-risk/";
const PATIENT = "UG-2024-000003";
const vitals = { heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, temperature: 37.0, gcs: 15 };

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "sepsis-nurse" });
  // The care team is reached at the nurse's contact (a clinician with none on file is reported, not alerted).
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/sepsis-nurse/", { token: nurse, body: { channels: ["SMS"], phone: "+256772600010" } })).status).toBe(200);
});
afterAll(() => stack?.stop());

const screen = (body: Record<string, unknown>, token = nurse) => stack.rest("POST", PATH, { token, body: { patient_uhid: PATIENT, ...body } });

describe("sepsis risk through REST", () => {
  it("answers high risk with the spec's fields, stores it and notifies the care team", async () => {
    const res = await screen({ vitals: { heart_rate: 118, respiratory_rate: 26, systolic_bp: 92, temperature: 38.9, gcs: 14 }, labs: { wbc: 16.2, lactate: 3.1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sepsis_risk: "high",
      qsofa_score: 3,
      sirs_criteria_met: 4,
      risk_probability: 0.8,
      alert_triggered: true,
      time_to_intervention: "immediate",
      requires_review: true,
      notification_sent: true,
      notification_id: expect.any(String),
    });
    expect(res.body.recommendations.join(" ")).toMatch(/antibiotics/);
    const physician = await stack.token("physician");
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations[0]).toMatchObject({ type: "Sepsis screen (qSOFA/SIRS)", value: expect.stringMatching(/^high: qSOFA 3\/3, SIRS 4\/4/) });
  });

  it.each([
    [{ respiratory_rate: 21 }, 0, 1],
    [{ respiratory_rate: 22 }, 1, 1],
    [{ systolic_bp: 101 }, 0, 0],
    [{ systolic_bp: 100 }, 1, 0],
    [{ temperature: 38.0 }, 0, 0],
    [{ temperature: 38.1 }, 0, 1],
  ])("scores the boundary %o as qSOFA %i, SIRS %i", async (change, qsofa, sirs) => {
    const res = await screen({ vitals: { ...vitals, ...change } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ qsofa_score: qsofa, sirs_criteria_met: sirs, alert_triggered: false, notification_sent: false });
  });

  it("names labs it did not receive", async () => {
    const res = await screen({ vitals });
    expect(res.body).toMatchObject({ sepsis_risk: "low", not_assessed: ["wbc", "lactate"] });
  });

  it("refuses out-of-range vitals (e.g. Fahrenheit) and missing vitals with 400", async () => {
    const f = await screen({ vitals: { ...vitals, temperature: 101.3 } });
    expect(f.status).toBe(400);
    expect(f.body.error.fields["vitals.temperature"][0]).toMatch(/Celsius/);
    const missing = await screen({ vitals: { heart_rate: 90 } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(expect.arrayContaining(["vitals.gcs", "vitals.systolic_bp"]));
  });

  it("is for physicians and nurses only", async () => {
    const cashier = await stack.token("cashier");
    expect((await screen({ vitals }, cashier)).status).toBe(403);
  });

  it("honours Idempotency-Key: a repeat returns the first answer and stores and alerts once; another body → 409", async () => {
    const physician = await stack.token("physician");
    const service = await stack.token("service");
    const auditor = await stack.token("auditor");
    const observationCount = async () => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician })).body.timeline.observations.length;
    const notificationCount = async () => (await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: service })).body.count;
    const auditCount = async () => (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=sepsis_risk&patient_uhid=${PATIENT}&page_size=100`, { token: auditor })).body.count;
    const before = { observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() };
    const body = { patient_uhid: PATIENT, vitals: { heart_rate: 121, respiratory_rate: 25, systolic_bp: 90, temperature: 39.1, gcs: 13 }, labs: { lactate: 4.0 } };
    const headers = { "idempotency-key": "sepsis-retry-1" };
    const first = await stack.rest("POST", PATH, { token: nurse, body, headers });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sepsis_risk: "high", alert_triggered: true, notification_sent: true, notification_id: expect.any(String) });
    const afterFirst = { observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() };
    expect(afterFirst.observations).toBe(before.observations + 1);
    expect(afterFirst.audits).toBe(before.audits + 1);
    expect(afterFirst.notifications).toBeGreaterThan(before.notifications);

    const again = await stack.rest("POST", PATH, { token: nurse, body, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await stack.rest("POST", PATH, { token: nurse, body: { ...body, labs: { lactate: 4.5 } }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("CONFLICT");
    expect({ observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() }).toEqual(afterFirst);
  });
});
