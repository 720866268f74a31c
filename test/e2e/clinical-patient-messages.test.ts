import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";
import { registerTestPatient, startFakeHttpProviders, waitFor, type FakeHttpProviders } from "./notifications-fake-providers.js";

/**
 * POST /api/v1/ai/process/ (issue 12): triage, retrieval over the record, draft reply, and the
 * care-team alert through the critical-alert trigger to a fake Africa's Talking SMS provider.
 */
const PATIENT = "UG-2024-000001"; // warfarin, fluoxetine, digoxin, furosemide; INR checks
const PROCESS = "/api/v1/ai/process/";
const PROVIDER_PHONE = "+256772600077";

let stack: Stack;
let http: FakeHttpProviders;
let nurse: string;
let physician: string;
let auditor: string;
let admin: string;

beforeAll(async () => {
  http = await startFakeHttpProviders();
  stack = await startStack({ env: { AFRICASTALKING_URL: http.url, AFRICASTALKING_USERNAME: "healthcare", AFRICASTALKING_API_KEY: "at-test-key" } });
  [nurse, physician, auditor, admin] = await Promise.all([stack.token("nurse", { sub: "msg-nurse" }), stack.token("physician", { sub: "msg-physician" }), stack.token("auditor", { sub: "msg-auditor" }), stack.token("admin")]);
  expect((await stack.rest("PUT", "/api/v1/notifications/providers/dr-message/", { token: physician, body: { channels: ["SMS"], phone: PROVIDER_PHONE } })).status).toBe(200);
});
afterAll(async () => {
  await stack?.stop();
  await http?.close();
});

const post = (body: Record<string, unknown>, token = nurse) => stack.rest("POST", PROCESS, { token, body });
const auditCount = async (operation: string) => (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=${operation}&page_size=100`, { token: auditor })).body.count as number;

describe("routine messages: intent, retrieval with source ids, draft for review", () => {
  it("answers a refill request with the matching medication passage and its source id, a draft reply and no alert", async () => {
    const before = await auditCount("patient_message");
    const res = await post({ patient_uhid: PATIENT, message: "I have run out of my blood thinner warfarin, can I get a refill?", channel: "sms" });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ patient_uhid: PATIENT, channel: "SMS", language: "en", urgency: "routine", red_flags: [], requires_review: true, care_team_alert: null, patient_guidance: [] });
    expect(b.intent.intent).toBe("refill_request");
    expect(b.intent.confidence).toBeGreaterThan(0.5);
    const warfarin = b.retrieved_passages.find((p: { source_type: string; snippet: string }) => p.source_type === "medication" && /warfarin/i.test(p.snippet));
    expect(warfarin).toMatchObject({ source_id: expect.stringMatching(/^[0-9a-f-]{36}$/), snippet: expect.stringContaining("«Warfarin»") });
    expect(b.retrieved_passages[0].rank).toBeGreaterThanOrEqual(b.retrieved_passages.at(-1).rank);
    expect(b.draft_reply).toMatch(/^Dear Kamau,\nThank you for your refill request\. On your record: Warfarin 5 mg once daily/);
    expect(b.retrieval_time_ms).toBeLessThan(500); // spec: RAG retrieval under 500 ms
    expect(await auditCount("patient_message")).toBe(before + 1);
  });

  it("retrieves a stored encounter note (RAG over documents) with its id", async () => {
    const note = await stack.rest("POST", "/api/v1/documentation/encounter-notes/", {
      token: physician,
      body: { encounter_id: "22174892-a1be-4e99-912a-e7b119951300", patient_uhid: PATIENT, text: "Advised to avoid ibuprofen while on warfarin; paracetamol for the headache." },
    });
    expect(note.status).toBe(201);
    const res = await post({ patient_uhid: PATIENT, message: "Can I take ibuprofen for my headache?" });
    expect(res.status).toBe(200);
    expect(res.body.retrieved_passages[0]).toMatchObject({ source_type: "encounter_note", source_id: note.body.id, snippet: expect.stringContaining("«ibuprofen»") });
  });

  it("classifies results questions, appointments and billing", async () => {
    const results = await post({ patient_uhid: PATIENT, message: "What did my last INR blood test result show?" });
    expect(results.body.intent.intent).toBe("results_question");
    expect(results.body.retrieved_passages.some((p: { source_type: string }) => p.source_type === "observation")).toBe(true);
    expect((await post({ patient_uhid: PATIENT, message: "Please reschedule my appointment to next week" })).body.intent.intent).toBe("appointment");
    expect((await post({ patient_uhid: PATIENT, message: "I paid with mobile money but got no receipt" })).body.intent.intent).toBe("billing");
  });

  it("does not flag negated red flags", async () => {
    const res = await post({ patient_uhid: PATIENT, message: "No chest pain and no difficulty breathing, just a mild cough since Monday" });
    expect(res.body.urgency).toBe("routine");
    expect(res.body.red_flags).toEqual([]);
    expect(res.body.not_flagged.map((f: { category: string; assertion: string }) => `${f.category}:${f.assertion}`)).toEqual(expect.arrayContaining(["chest_pain:absent", "difficulty_breathing:absent"]));
    expect(res.body.care_team_alert).toBeNull();
  });
});

describe("urgent messages alert the care team", () => {
  it("gives emergency guidance and sends the critical notification to the provider (recorded and delivered by the fake SMS provider)", async () => {
    const before = await auditCount("patient_message_notification");
    const res = await post({ patient_uhid: PATIENT, message: "No fever, but since an hour I have crushing chest pain and I can't breathe", provider_id: "dr-message" });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b.urgency).toBe("urgent");
    expect(b.red_flags.map((f: { category: string }) => f.category).sort()).toEqual(["chest_pain", "difficulty_breathing"]);
    expect(b.patient_guidance[0]).toMatch(/Call 112/);
    expect(b.draft_reply).toMatch(/Call 112/);
    expect(b.care_team_alert).toMatchObject({ notification_sent: true, clinician_alert: "provider", provider_id: "dr-message", notification_id: expect.any(String) });
    expect(await auditCount("patient_message_notification")).toBe(before + 1);
    const sms = await waitFor(() => http.requests.find((r) => r.recipient === PROVIDER_PHONE), 5_000, "the provider SMS");
    expect(String(sms.body.message)).toMatch(/patient message \(chest pain, difficulty breathing\)/);
    const notification = await stack.rest("GET", `/api/v1/notifications/${b.care_team_alert.notification_id}/`, { token: admin });
    expect(notification.status).toBe(200);
  });

  it("says when no clinician could be reached (no provider contact, no on-call contact)", async () => {
    const res = await post({ patient_uhid: PATIENT, message: "My father's face is drooping and his speech is slurred", provider_id: "dr-without-contact" });
    expect(res.body.urgency).toBe("urgent");
    expect(res.body.red_flags[0]).toMatchObject({ category: "stroke_signs", assertion: expect.stringMatching(/present|family/) });
    expect(res.body.care_team_alert).toMatchObject({ clinician_alert: "none", notification_sent: false });
    expect(res.body.care_team_alert.notification_error).toMatch(/on-call/);
  });
});

describe("who may call", () => {
  it("lets a patient send a message about themself: triage and guidance, no staff draft or passages", async () => {
    const own = "UG-MSG-0001";
    await registerTestPatient(stack, nurse, own);
    const patient = await stack.token("patient", { sub: own });
    const res = await post({ patient_uhid: own, message: "I want to end my life" }, patient);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ urgency: "urgent", draft_reply: null, retrieved_passages: null });
    expect(res.body.red_flags[0].category).toBe("suicidal_ideation");
    expect(res.body.patient_guidance.join(" ")).toMatch(/not alone/);
    expect(res.body.care_team_alert.provider_id).toBe("on-call");
    expect((await post({ patient_uhid: PATIENT, message: "hello" }, patient)).status).toBe(403);
  });

  it("refuses other roles, unknown patients, bad channels and languages; screens Swahili in part and Luganda for English phrases", async () => {
    expect((await post({ patient_uhid: PATIENT, message: "hello" }, await stack.token("pharmacist", { pharmacy: "6a0c1d1e-0000-4000-8000-000000000001" }))).status).toBe(403);
    expect((await post({ patient_uhid: "UG-0000-NOPE", message: "hello" })).status).toBe(404);
    const bad = await post({ patient_uhid: PATIENT, message: " ", channel: "fax", language: "fr" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["channel", "language", "message"]);
    expect((await post({ patient_uhid: PATIENT, message: "x".repeat(5_001) })).status).toBe(413);
    const sw = await post({ patient_uhid: PATIENT, message: "Nina maumivu makali ya kifua tangu asubuhi", language: "sw" });
    expect(sw.status).toBe(200);
    expect([sw.body.urgency, sw.body.screening]).toEqual(["urgent", "partial"]);
    expect(sw.body.red_flags.map((f: { category: string }) => f.category)).toEqual(["chest_pain"]);
    expect(sw.body.patient_guidance[0]).toMatch(/Piga 112/);
    expect(sw.body.warnings[0]).toMatch(/Swahili red-flag phrases are a draft/);
    expect(sw.body.care_team_alert).not.toBeNull();
    const swQuiet = await post({ patient_uhid: PATIENT, message: "Sina maumivu ya kifua, naomba kujua matokeo ya damu", language: "sw" });
    expect([swQuiet.body.urgency, swQuiet.body.screening]).toEqual(["unscreened", "partial"]);
    expect(swQuiet.body.not_flagged.map((f: { category: string; assertion: string }) => [f.category, f.assertion])).toEqual([["chest_pain", "absent"]]);
    expect(swQuiet.body.warnings[0]).toMatch(/no flag found does not clear this message/);
    expect(swQuiet.body.care_team_alert).toBeNull();
    const lg = await post({ patient_uhid: PATIENT, message: "Nsaba eddagala lyange", language: "lg" });
    expect([lg.body.urgency, lg.body.screening]).toEqual(["unscreened", "english_phrases"]);
    expect(lg.body.warnings[0]).toMatch(/only English phrases in this message were screened/);
  });

  it("reads a message sent with the default tag en as written: Swahili danger words flag it, a message that is not English is not routine", async () => {
    const mixed = await post({ patient_uhid: PATIENT, message: "doctor, mama yangu amezimia sasa hivi" });
    expect([mixed.body.urgency, mixed.body.red_flags.map((f: { category: string }) => f.category)]).toEqual(["urgent", ["unresponsive"]]);
    const other = await post({ patient_uhid: PATIENT, message: "Murakoze cyane muganga" });
    expect([other.body.urgency, other.body.screening, other.body.red_flags]).toEqual(["unscreened", "english_phrases", []]);
    expect(other.body.warnings[0]).toMatch(/does not read as English/);
  });
});
