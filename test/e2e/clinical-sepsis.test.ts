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

describe("a child's sepsis screen (paediatric SIRS, Goldstein 2005) through REST and GraphQL", () => {
  const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  let child: string;
  /** A febrile 3-year-old: T 39.2, HR 150, RR 30, WBC 17 meet all four paediatric criteria. */
  const febrile = { heart_rate: 150, respiratory_rate: 30, systolic_bp: 95, temperature: 39.2, gcs: 15 };

  beforeAll(async () => {
    const physician = await stack.token("physician");
    child = `UG-PAEDS-${Date.now().toString(36).toUpperCase()}`;
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid: child, given_name: "Amani", family_name: "Child", sex: "female", birth_date: isoDaysAgo(3 * 365 + 100), phone: "+256772000222" } });
    expect(res.status).toBe(201);
  });

  it("answers pSIRS 4, moderate, with qSOFA and the probability null and the criteria named", async () => {
    const res = await screen({ patient_uhid: child, vitals: febrile, labs: { wbc: 17 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sepsis_risk: "moderate",
      qsofa_score: null,
      sirs_criteria_met: 4,
      risk_probability: null,
      alert_triggered: false,
      time_to_intervention: "within_3_hours",
      criteria: "paediatric SIRS (Goldstein 2005)",
      age_group: "toddler and preschool (2-5 years)",
      organ_dysfunction: [],
      notification_sent: false,
    });
    expect(res.body.recommendations[0]).toMatch(/WHO emergency and danger signs/);
  });

  it("makes hypotension for age high and alerts the care team, stored as a paediatric screen", async () => {
    const res = await screen({ patient_uhid: child, vitals: { ...febrile, systolic_bp: 70 }, labs: { wbc: 17 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sepsis_risk: "high", alert_triggered: true, time_to_intervention: "immediate", notification_sent: true, organ_dysfunction: [expect.stringMatching(/hypotension for age/)] });
    const physician = await stack.token("physician");
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${child}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations[0]).toMatchObject({ type: "Sepsis screen (paediatric SIRS)", value: expect.stringMatching(/^high: pSIRS 4\/4/) });
  });

  it("answers the same through GraphQL, qsofaScore and riskProbability null", async () => {
    const res = await stack.gql(
      `mutation($input: SepsisRiskInput!) { assessSepsisRisk(input: $input) { sepsisRisk qsofaScore sirsCriteriaMet riskProbability criteria ageGroup organDysfunction alertTriggered } }`,
      { input: { patientUhid: child, vitals: { heartRate: 150, respiratoryRate: 30, systolicBp: 95, temperature: 39.2, gcs: 15 }, labs: { wbc: 17 } } },
      nurse,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.assessSepsisRisk).toEqual({ sepsisRisk: "moderate", qsofaScore: null, sirsCriteriaMet: 4, riskProbability: null, criteria: "paediatric SIRS (Goldstein 2005)", ageGroup: "toddler and preschool (2-5 years)", organDysfunction: [], alertTriggered: false });
  });

  it("keeps the adult screen for an adult (criteria named, qSOFA scored)", async () => {
    const res = await screen({ vitals });
    expect(res.body).toMatchObject({ criteria: "adult qSOFA/SIRS (Seymour 2016, Bone 1992)", age_group: null, qsofa_score: 0, risk_probability: 0.1 });
  });
});
