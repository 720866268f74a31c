import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;
const ENCOUNTER = "0b6f7d5e-1c2a-4e3b-9f00-000000000abc";

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-copilot" });
});
afterAll(() => stack?.stop());

const start = (body: Record<string, unknown>, token = physician) => stack.rest("POST", "/api/v1/copilot/encounter/start/", { token, body });
const analyze = (body: Record<string, unknown>, token = physician) => stack.rest("POST", "/api/v1/copilot/encounter/analyze-symptoms/", { token, body });

describe("encounter copilot through REST", () => {
  it("starts a session with the patient's context and alerts (interactions among active medications, reminders)", async () => {
    // UG-2024-000001: CKD 3, depression, AF; warfarin, fluoxetine, furosemide (seed/demo/clinical.json).
    const res = await start({ encounter_id: ENCOUNTER, provider_id: "dr-copilot", patient_uhid: "UG-2024-000001" });
    expect(res.status).toBe(200);
    expect(res.body.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.patient_context.chronic_conditions).toEqual(expect.arrayContaining(["Chronic kidney disease, stage 3 (N18.3)"]));
    expect(res.body.patient_context.active_medications.join(" ")).toMatch(/Warfarin/);
    expect(res.body.patient_context.recent_visits).toBeGreaterThan(0);
    const types = res.body.alerts.map((a: { type: string }) => a.type);
    expect(types).toContain("interaction");
    const messages = res.body.alerts.map((a: { message: string }) => a.message).join("\n");
    expect(messages).toMatch(/(Fluoxetine \+ Warfarin|Warfarin \+ Fluoxetine): SSRIs increase bleeding risk/);
    expect(res.body.alerts.every((a: { source: string }) => a.source.length > 0)).toBe(true);
    expect(res.body).toMatchObject({ requires_review: true, audit_id: expect.any(String) });
  });

  it("analyzes symptoms in the session: chest pain with sweating is an emergency", async () => {
    const session = await start({ encounter_id: ENCOUNTER, provider_id: "dr-copilot", patient_uhid: "UG-2024-000049" });
    const res = await analyze({ session_id: session.body.session_id, symptoms: ["chest pain", "sweating", "no fever"], onset: "2 hours", severity: "severe" });
    expect(res.status).toBe(200);
    expect(res.body.urgency).toBe("emergency");
    expect(res.body.red_flags.length).toBeGreaterThan(0);
    expect(res.body.differential_diagnosis[0]).toMatchObject({ code: "I24.9", probability: expect.any(Number) });
    const sum = res.body.differential_diagnosis.reduce((s: number, d: { probability: number }) => s + d.probability, 0);
    expect(sum).toBeLessThanOrEqual(1);
    expect(res.body.recommended_tests[0]).toMatchObject({ priority: "stat" });
    expect(res.body.negated_symptoms).toEqual(["fever"]);
  });

  it("answers 404 for an unknown session and 400 for bad input", async () => {
    expect((await analyze({ session_id: "00000000-0000-4000-8000-000000000000", symptoms: ["cough"] })).status).toBe(404);
    expect((await analyze({ session_id: "not-a-session", symptoms: ["cough"] })).status).toBe(404);
    const session = await start({ encounter_id: ENCOUNTER, provider_id: "dr-copilot", patient_uhid: "UG-2024-000002" });
    const empty = await analyze({ session_id: session.body.session_id, symptoms: [] });
    expect(empty.status).toBe(400);
    const severity = await analyze({ session_id: session.body.session_id, symptoms: ["cough"], severity: "terrible" });
    expect(severity.body.error.fields).toHaveProperty("severity");
    const badEncounter = await start({ encounter_id: "enc-1", provider_id: "dr-copilot", patient_uhid: "UG-2024-000002" });
    expect(badEncounter.status).toBe(400);
    expect(badEncounter.body.error.fields).toHaveProperty("encounter_id");
  });

  it("keeps at most 50 analyses on a session: the 51st is 409 and leaves no audit record", async () => {
    const dr = await stack.token("physician", { sub: "dr-copilot-bound" });
    const auditor = await stack.token("auditor");
    const session = await start({ encounter_id: "0b6f7d5e-1c2a-4e3b-9f00-000000000abd", provider_id: "dr-copilot-bound", patient_uhid: "UG-2024-000048" }, dr);
    const body = { session_id: session.body.session_id, symptoms: ["cough", "fever"] };
    for (let i = 0; i < 50; i++) expect((await analyze(body, dr)).status).toBe(200);
    const audited = async () => (await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=copilot_analyze_symptoms&patient_uhid=UG-2024-000048", { token: auditor })).body.count;
    const before = await audited();
    const refused = await analyze(body, dr);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/already holds 50 symptom analyses: start a new session/);
    expect(await audited()).toBe(before);
    const next = await start({ encounter_id: "0b6f7d5e-1c2a-4e3b-9f00-000000000abd", provider_id: "dr-copilot-bound", patient_uhid: "UG-2024-000048" }, dr);
    expect((await analyze({ ...body, session_id: next.body.session_id }, dr)).status).toBe(200);
  });

  it("answers 404 for an unknown patient and 403 for a nurse", async () => {
    expect((await start({ encounter_id: ENCOUNTER, provider_id: "x", patient_uhid: "UG-0000-NOPE" })).status).toBe(404);
    expect((await start({ encounter_id: ENCOUNTER, provider_id: "x", patient_uhid: "UG-2024-000002" }, await stack.token("nurse"))).status).toBe(403);
  });
});
