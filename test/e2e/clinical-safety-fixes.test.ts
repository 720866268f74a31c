import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/** Tester's patient-safety defects in the clinical scores, copilot, critical values and patient-message triage. */
let stack: Stack;
let nurse: string;
let physician: string;
let service: string;
const ADULT = "UG-2024-000003";
let seq = 0;

async function register(birthDate: string): Promise<string> {
  const uhid = `UG-SAFE-${Date.now().toString(36).toUpperCase()}-${++seq}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Safety", family_name: "Child", sex: "female", birth_date: birthDate, phone: "+256772000111" } });
  expect(res.status).toBe(201);
  return uhid;
}
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const notificationCount = async () => (await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: service })).body.count;

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse", { sub: "safety-nurse" });
  physician = await stack.token("physician", { sub: "safety-physician" });
  service = await stack.token("service");
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/safety-nurse/", { token: nurse, body: { channels: ["SMS"], phone: "+256772600011" } })).status).toBe(200);
});
afterAll(() => stack?.stop());

describe("sepsis screen: children by paediatric criteria, impossible and extreme vitals", () => {
  const PATH = "/api/v1/predictive-analytics/sepsis-risk/";
  const child = { heart_rate: 120, respiratory_rate: 30, systolic_bp: 95, temperature: 37, gcs: 15 };

  it.each([
    ["a 2-year-old", isoDaysAgo(2 * 365 + 30), "toddler and preschool (2-5 years)", 1],
    ["a neonate", isoDaysAgo(3), "newborn (0 days to 1 week)", 0],
    ["a 17-year-old", isoDaysAgo(17 * 365 + 200), "adolescent (13 to < 18 years)", 2],
  ])("screens %s with paediatric SIRS instead of the adult qSOFA/SIRS (no hour-1 bundle, nothing sent for an afebrile child)", async (_, birth, ageGroup, met) => {
    const uhid = await register(birth);
    const before = await notificationCount();
    const res = await stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: uhid, vitals: child } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ criteria: "paediatric SIRS (Goldstein 2005)", age_group: ageGroup, sirs_criteria_met: met, qsofa_score: null, risk_probability: null, sepsis_risk: "low", alert_triggered: false, extreme_vitals: [] });
    expect(res.body.recommendations[0]).toMatch(/WHO emergency and danger signs/);
    expect(await notificationCount()).toBe(before);
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${uhid}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations).toHaveLength(1);
    expect(timeline.body.timeline.observations[0]).toMatchObject({ type: "Sepsis screen (paediatric SIRS)", value: expect.stringMatching(/^low: pSIRS/) });
  });

  it("still screens an 18-year-old", async () => {
    const uhid = await register(isoDaysAgo(18 * 365 + 10));
    const res = await stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: uhid, vitals: { heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, temperature: 37, gcs: 15 } } });
    expect(res.status).toBe(200);
    expect(res.body.sepsis_risk).toBe("low");
  });

  it.each([
    ["heart_rate", 0],
    ["heart_rate", 9],
    ["respiratory_rate", 0],
    ["systolic_bp", 0],
    ["systolic_bp", 5],
    ["systolic_bp", 13.3],
    ["systolic_bp", 39],
    ["heart_rate", -1],
  ])("refuses the impossible %s %d with 400 naming the field", async (field, value) => {
    const res = await stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: ADULT, vitals: { ...child, heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, [field]: value } } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual([`vitals.${field}`]);
  });

  it("escalates a patient in extremis (HR 40, RR 2, SBP 120, T 25, GCS 15) instead of answering routine", async () => {
    const res = await stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: ADULT, vitals: { heart_rate: 40, respiratory_rate: 2, systolic_bp: 120, temperature: 25, gcs: 15 } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sepsis_risk: "high", time_to_intervention: "immediate", alert_triggered: true });
    expect(res.body.extreme_vitals.join(" ")).toMatch(/respiratory rate 2.*heart rate 40.*temperature 25/);
  });

  it.each([
    [{ systolic_bp: 90 }],
    [{ respiratory_rate: 8 }],
    [{ heart_rate: 40 }],
    [{ temperature: 35 }],
  ])("answers a single extreme vital %o as not routine", async (change) => {
    const res = await stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: ADULT, vitals: { heart_rate: 80, respiratory_rate: 16, systolic_bp: 120, temperature: 37, gcs: 15, ...change } } });
    expect(res.status).toBe(200);
    expect(res.body.time_to_intervention).toBe("immediate");
    expect(res.body.sepsis_risk).not.toBe("low");
  });
});

describe("critical values: impossible values, the limit shown, a child's adult limits", () => {
  const PATH = "/api/v1/clinical-decision-support/critical-values/";
  const check = (uhid: string, observation: Record<string, unknown>) => stack.rest("POST", PATH, { token: nurse, body: { patient_uhid: uhid, observation } });

  it.each([
    ["777-3", 250000, "10^9/L"],
    ["718-7", 120, "g/dL"],
    ["718-7", 0, "g/dL"],
    ["6690-2", 7000, "x10^9/L"],
    ["6301-6", 50, "INR"],
    ["2524-7", 400, "mmol/L"],
    ["2951-2", 0, "mmol/L"],
  ])("refuses %s %s %s with 400 on observation.value, storing and alerting nothing", async (code, value, unit) => {
    const before = await notificationCount();
    const res = await check("UG-2024-000010", { code, value, unit });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["observation.value"][0]).toMatch(/is not a possible/);
    expect(await notificationCount()).toBe(before);
  });

  it("calls lactate 36 mg/dL critical, as its limit ≥ 36 mg/dL says", async () => {
    const res = await check("UG-2024-000010", { code: "2524-7", value: 36, unit: "mg/dL" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, critical_limits: "≥ 36 mg/dL", warnings: [] });
  });

  it("names the newborn reference interval a 2-day-old's haemoglobin gets and the adult limits that remain, and the newborn limits its glucose gets", async () => {
    const uhid = await register(isoDaysAgo(2));
    const hb = await check(uhid, { code: "718-7", value: 19, unit: "g/dL" });
    expect(hb.status).toBe(200);
    expect(hb.body.is_critical).toBe(false);
    expect(hb.body.warnings[0]).toMatch(/under 1 year old: the reference interval's low end 14.5 and high end 22.5 g\/dL are for ages 0-3 days .*the critical limits are adult limits/);
    expect(hb.body.warnings[0]).not.toMatch(/session/);
    const glucose = await check(uhid, { code: "2345-7", value: 2.5, unit: "mmol/L" });
    expect(glucose.status).toBe(200);
    expect(glucose.body.warnings[0]).toMatch(/2 days old: the newborn critical limits of .*the reference interval and any limit the band does not give are adult limits/);
  });
});

describe("patient messages: overdose, poisoning, low sugar, hypertensive crisis, snakebite, gut bleeding", () => {
  it.each([
    ["I took 20 tablets of my amitriptyline", "overdose_poisoning"],
    ["I drank rat poison", "overdose_poisoning"],
    ["my child drank jik (bleach)", "overdose_poisoning"],
    ["My sugar is 2.1 and I am sweating and shaking", "hypoglycaemia"],
    ["BP 200/130 severe headache", "hypertensive_emergency"],
    ["snake bit my leg", "snakebite"],
    ["passing black stool and feeling dizzy", "gi_bleeding"],
  ])("%j is urgent with a %s flag", async (message, category) => {
    const res = await stack.rest("POST", "/api/v1/ai/process/", { token: nurse, body: { patient_uhid: "UG-2024-000001", message } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ urgency: "urgent", screening: "full" });
    expect(res.body.red_flags.map((f: { category: string }) => f.category)).toContain(category);
  });
});

describe("copilot: emergencies, unread input, today's critical results", () => {
  const ENCOUNTER = "7f1d2c3b-0000-4000-8000-0000000000aa";
  const start = (uhid: string) => stack.rest("POST", "/api/v1/copilot/encounter/start/", { token: physician, body: { encounter_id: ENCOUNTER, provider_id: "safety-physician", patient_uhid: uhid } });
  const analyze = (session_id: string, symptoms: string[]) => stack.rest("POST", "/api/v1/copilot/encounter/analyze-symptoms/", { token: physician, body: { session_id, symptoms } });

  it.each([
    [["sudden weakness on one side", "slurred speech"]],
    [["face drooping", "arm weakness", "speech difficulty"]],
    [["vomiting blood"]],
    [["black tarry stools"]],
    [["anaphylaxis"]],
    [["suicidal thoughts"]],
    [["swelling of lips and tongue", "difficulty breathing"]],
    [["vaginal bleeding", "pregnant 32 weeks"]],
    [["chest pain radiating to jaw with sweats"]],
  ])("answers %j as an emergency", async (symptoms) => {
    const session = await start("UG-2024-000002");
    const res = await analyze(session.body.session_id, symptoms);
    expect(res.status).toBe(200);
    expect(res.body.urgency).toBe("emergency");
    expect(res.body.red_flags.length).toBeGreaterThan(0);
  });

  it("never answers routine over input it could not read", async () => {
    const session = await start("UG-2024-000002");
    const res = await analyze(session.body.session_id, ["cough", "humming earlobe"]);
    expect(res.body).toMatchObject({ urgency: "unassessed", unrecognized_symptoms: ["humming earlobe"] });
  });

  it("surfaces a critical potassium charted today first at start", async () => {
    const uhid = await register("1980-05-05");
    expect((await stack.rest("POST", "/api/v1/clinical-decision-support/critical-values/", { token: nurse, body: { patient_uhid: uhid, observation: { code: "2823-3", value: 7.1, unit: "mmol/L" } } })).status).toBe(200);
    const res = await start(uhid);
    expect(res.status).toBe(200);
    expect(res.body.alerts[0]).toMatchObject({ type: "critical_result", severity: "major", message: expect.stringMatching(/^Critical result today: Potassium 7\.1 mmol\/L/) });
  });
});

describe("risk scores: a child and a record without diagnoses", () => {
  it("answers mortality unknown for a 2-year-old and asks nothing impossible for cardiovascular", async () => {
    const uhid = await register(isoDaysAgo(2 * 365 + 30));
    const res = await stack.rest("POST", "/api/v1/predictive-analytics/risk-scores/", { token: physician, body: { patient_uhid: uhid } });
    expect(res.status).toBe(200);
    expect(res.body.risk_scores.mortality_1year).toMatchObject({ score: null, category: "unknown" });
    expect(res.body.risk_scores.cardiovascular).toMatchObject({ score: null, missing_inputs: [] });
    expect(res.body.recommendations.join(" ")).not.toMatch(/systolic blood pressure/);
  });

  it("answers mortality unknown, not low, for an adult with no diagnosis recorded", async () => {
    const uhid = await register("1970-01-01");
    const res = await stack.rest("POST", "/api/v1/predictive-analytics/risk-scores/", { token: physician, body: { patient_uhid: uhid, risk_types: ["mortality"] } });
    expect(res.body.risk_scores.mortality_1year).toMatchObject({ score: null, category: "unknown", missing_inputs: [expect.stringMatching(/recorded diagnoses/)] });
  });
});
