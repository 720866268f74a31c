import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let labTech: string;
let physician: string;
const PATH = "/api/v1/clinical-decision-support/critical-values/";
const PATIENT = "UG-2024-000002";

beforeAll(async () => {
  stack = await startStack();
  labTech = await stack.token("lab_technician", { sub: "cv-lab-tech" });
  physician = await stack.token("physician", { sub: "cv-physician" });
  // Where the alerted clinicians are reached: the physician and, for clinicians with no contact, the on-call desk.
  for (const [id, phone] of [["cv-physician", "+256772600001"], ["cv-lab-tech", "+256772600002"]]) {
    expect((await stack.rest("PUT", `/api/v1/notifications/providers/${id}/`, { token: physician, body: { channels: ["SMS"], phone } })).status).toBe(200);
  }
});
afterAll(() => stack?.stop());

const check = (observation: Record<string, unknown>, token = labTech, extra: Record<string, unknown> = {}) =>
  stack.rest("POST", PATH, { token, body: { patient_uhid: PATIENT, observation, ...extra } });

describe("critical values through REST", () => {
  it("answers the spec's fields for a severely low potassium and stores it on the timeline", async () => {
    const res = await check({ code: "2823-3", display: "Potassium", value: 2.1, unit: "mmol/L" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      is_critical: true,
      urgency: "high",
      value: 2.1,
      normal_range: "3.5–5.1 mmol/L",
      deviation: "severely_low",
      clinical_significance: expect.stringMatching(/Hypokalaemia/),
      recommended_actions: expect.arrayContaining([expect.stringMatching(/ECG/)]),
      notification_sent: expect.any(Boolean),
      requires_review: true,
    });
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician });
    expect(timeline.body.timeline.observations).toEqual(expect.arrayContaining([expect.objectContaining({ type: "Potassium", value: "2.1 mmol/L" })]));
  });

  it("creates a critical-alert notification automatically and returns its id", async () => {
    const res = await check({ code: "2951-2", display: "Sodium", value: 112, unit: "mmol/L" }, physician);
    expect(res.status).toBe(200);
    expect(res.body.is_critical).toBe(true);
    expect(res.body).toMatchObject({ notification_sent: true, notification_id: expect.any(String), notification_error: null, clinician_alert: "provider" });
  });

  it("says when the ordering clinician has no contact on file, and reaches the on-call contact once there is one", async () => {
    const unreachable = await check({ code: "2951-2", display: "Sodium", value: 111, unit: "mmol/L" }, physician, { provider_id: "cv-nobody" });
    expect(unreachable.body).toMatchObject({ is_critical: true, notification_sent: false, clinician_alert: "none" });
    expect(unreachable.body.notification_error).toMatch(/cv-nobody.*no on-call contact/);

    expect((await stack.rest("PUT", "/api/v1/notifications/providers/on-call/", { token: physician, body: { channels: ["SMS"], phone: "+256772600000" } })).status).toBe(200);
    const onCall = await check({ code: "2951-2", display: "Sodium", value: 110, unit: "mmol/L" }, physician, { provider_id: "cv-nobody" });
    expect(onCall.body).toMatchObject({ is_critical: true, notification_sent: true, clinician_alert: "on_call" });
    expect(onCall.body.notification_error).toMatch(/on-call contact on-call was alerted instead/);
  });

  it("does not notify for a normal value", async () => {
    const res = await check({ code: "2345-7", display: "Glucose", value: 5.2, unit: "mmol/L" });
    expect(res.body).toMatchObject({ is_critical: false, deviation: "normal", urgency: "routine", notification_sent: false, notification_id: null, normal_range: "3.89–5.5 mmol/L" });
  });

  it("converts units before comparing (glucose 2.7 mmol/L = 48.6 mg/dL is critical)", async () => {
    const res = await check({ code: "2345-7", value: 2.7, unit: "mmol/L" });
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_low", canonical_unit: "mg/dL" });
    expect(res.body.canonical_value).toBeCloseTo(48.64, 2);
  });

  it("identifies a result sent with a local code or none from a display naming one test, says so, and stores it under the LOINC code", async () => {
    for (const code of ["K", ""]) {
      const res = await check({ code, display: "Serum Potassium", value: 6.9, unit: "mmol/L" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", loinc_code: "2823-3" });
      expect(res.body.warnings.join("\n")).toMatch(code ? /"K" is not a LOINC code: the test was identified from the display "Serum Potassium"/ : /No code was given: the test was identified from the display "Serum Potassium"/);
    }
    // A local code that names another test than the display: which one is wrong is unknown (the same rule as lab interpretation).
    const conflicting = await check({ code: "K", display: "Sodium", value: 6.9, unit: "mmol/L" });
    expect(conflicting.status).toBe(400);
    expect(conflicting.body.error.fields["observation.code"][0]).toMatch(/the local code "K" names Potassium.*but the display "Sodium" names Sodium/);
    const none = await check({ code: "", display: "Glucose (urine)", value: 5, unit: "mmol/L" });
    expect(none.status).toBe(400);
    expect(none.body.error.fields["observation.code"]).toBeDefined();
  });

  it("refuses an unknown LOINC code with 400 and a clear message, storing nothing", async () => {
    const before = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician });
    const res = await check({ code: "99999-9", display: "Mystery", value: 1, unit: "mmol/L" });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["observation.code"][0]).toMatch(/no critical limits/);
    const after = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician });
    expect(after.body.timeline.observations).toHaveLength(before.body.timeline.observations.length);
  });

  it("refuses a unit that does not fit the test, a negative value and unknown fields", async () => {
    const unit = await check({ code: "2823-3", value: 4, unit: "mg/dL" });
    expect(unit.status).toBe(400);
    expect(unit.body.error.fields["observation.unit"][0]).toMatch(/accepted: .*mmol\/l/);
    expect((await check({ code: "2823-3", value: -1, unit: "mmol/L" })).status).toBe(400);
    const unknown = await check({ code: "2823-3", value: 4, unit: "mmol/L", flag: "H" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty(["observation.flag"]);
  });

  describe("the code decides the test; impossible values are refused", () => {
    const PATIENT_3 = "UG-2024-000003";
    const counts = async () => {
      const [service, auditor] = [await stack.token("service"), await stack.token("auditor")];
      return {
        observations: (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT_3}/?days=1`, { token: physician })).body.timeline.observations.length,
        notifications: (await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: service })).body.count,
        audits: (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=critical_value_check&patient_uhid=${PATIENT_3}&page_size=100`, { token: auditor })).body.count,
      };
    };
    const check3 = (observation: Record<string, unknown>) => stack.rest("POST", PATH, { token: labTech, body: { patient_uhid: PATIENT_3, observation } });

    it("refuses potassium's code sent as 'Sodium' with 400 on observation.display, storing and alerting nothing", async () => {
      // Used to answer is_critical with test_name "Sodium" and significance "Hyperkalaemia", chart "Sodium 6.8" and escalate "Critical Sodium".
      const before = await counts();
      const res = await check3({ code: "2823-3", display: "Sodium", value: 6.8, unit: "mmol/L" });
      expect(res.status).toBe(400);
      expect(res.body.error.fields["observation.display"][0]).toMatch(/"Sodium" names Sodium \(LOINC 2951-2\), not Potassium \(LOINC 2823-3\)/);
      expect(await counts()).toEqual(before);
    });

    it("refuses K 65 mmol/L (a slipped decimal point) with 400 on observation.value, storing and alerting nothing; 28 mmol/L is still charted", async () => {
      const before = await counts();
      const res = await check3({ code: "2823-3", display: "Potassium", value: 65, unit: "mmol/L" });
      expect(res.status).toBe(400);
      expect(res.body.error.fields["observation.value"][0]).toBe("value 65 mmol/L is not a possible potassium (the highest possible is 28 mmol/L); check the decimal point and the unit");
      expect(await counts()).toEqual(before);
      const edge = await check3({ code: "2823-3", value: 28, unit: "mmol/L" });
      expect(edge.status).toBe(200);
      expect(edge.body).toMatchObject({ is_critical: true, test_name: "Potassium" });
    });

    it("refuses an impossible glucose in mg/dL and in mmol/L, and accepts the edge of the range", async () => {
      expect((await check3({ code: "2345-7", value: 11_201, unit: "mg/dL" })).body.error.fields["observation.value"][0]).toMatch(/not a possible glucose \(the highest possible is 11200 mg\/dL\)/);
      expect((await check3({ code: "2345-7", value: 621.7, unit: "mmol/L" })).body.error.fields["observation.value"][0]).toMatch(/about 622 mmol\/L/);
      expect((await check3({ code: "2345-7", value: 621.6, unit: "mmol/L" })).status).toBe(200);
    });

    it("accepts a variant spelling of the same test, and stores and returns the code's LOINC name, not the display", async () => {
      const res = await check3({ code: "2823-3", display: "K+", value: 2.2, unit: "mEq/L" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ is_critical: true, test_name: "Potassium", loinc_code: "2823-3" });
      const haemoglobin = await check3({ code: "718-7", display: "HAEMOGLOBIN", value: 11, unit: "g/dL" });
      expect(haemoglobin.body).toMatchObject({ test_name: "Hemoglobin" });
      const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT_3}/?days=1`, { token: physician });
      const types = timeline.body.timeline.observations.map((o: { type: string }) => o.type);
      expect(types).toEqual(expect.arrayContaining(["Potassium", "Hemoglobin"]));
      expect(types).not.toContain("K+");
    });
  });

  it("answers 404 for an unknown patient and 403 for a pharmacist", async () => {
    const missing = await stack.rest("POST", PATH, { token: labTech, body: { patient_uhid: "UG-0000-NOPE", observation: { code: "2823-3", value: 7, unit: "mmol/L" } } });
    expect(missing.status).toBe(404);
    const pharmacist = await stack.token("pharmacist");
    expect((await check({ code: "2823-3", value: 7, unit: "mmol/L" }, pharmacist)).status).toBe(403);
  });

  it("accepts INR without a unit and flags INR above 5", async () => {
    const res = await check({ code: "6301-6", display: "INR", value: 6.2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_critical: true, deviation: "severely_high", normal_range: "0.8–1.2" });
  });

  it("honours Idempotency-Key: a repeat returns the first answer and stores and alerts once; another body → 409", async () => {
    const service = await stack.token("service");
    const auditor = await stack.token("auditor");
    const observationCount = async () => (await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/?days=1`, { token: physician })).body.timeline.observations.length;
    const notificationCount = async () => (await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: service })).body.count;
    const auditCount = async () => (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=critical_value_check&patient_uhid=${PATIENT}&page_size=100`, { token: auditor })).body.count;
    const before = { observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() };
    const body = { patient_uhid: PATIENT, observation: { code: "2823-3", display: "Potassium", value: 6.9, unit: "mmol/L" } };
    const headers = { "idempotency-key": "cv-retry-1" };
    const first = await stack.rest("POST", PATH, { token: labTech, body, headers });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ is_critical: true, notification_sent: true, notification_id: expect.any(String) });
    const afterFirst = { observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() };
    expect(afterFirst.observations).toBe(before.observations + 1);
    expect(afterFirst.audits).toBe(before.audits + 1);
    expect(afterFirst.notifications).toBeGreaterThan(before.notifications);

    const again = await stack.rest("POST", PATH, { token: labTech, body, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const other = await stack.rest("POST", PATH, { token: labTech, body: { ...body, observation: { ...body.observation, value: 7.2 } }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("CONFLICT");
    expect({ observations: await observationCount(), notifications: await notificationCount(), audits: await auditCount() }).toEqual(afterFirst);

    // Keys are per caller: another user with the same key is a new request.
    const physicians = await stack.rest("POST", PATH, { token: physician, body, headers });
    expect(physicians.status).toBe(200);
    expect(physicians.body.observation_id).not.toBe(first.body.observation_id);
    // Without a key every POST is a new check, as before.
    const a = await check({ code: "2345-7", value: 5.0, unit: "mmol/L" });
    const b = await check({ code: "2345-7", value: 5.0, unit: "mmol/L" });
    expect(a.body.observation_id).not.toBe(b.body.observation_id);
  });
});
