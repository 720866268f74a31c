import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

/**
 * SOAP notes (issue 12) on the demo world: UG-2024-000001 (warfarin, fluoxetine, digoxin, furosemide;
 * CKD 3, AF, depression) and their malaria encounter 35 days ago. The optional LLM is a small
 * OpenAI-compatible server started here, switched between polishing, adding a fact, failing and
 * hanging.
 */
const PATIENT = "UG-2024-000001";
const MALARIA_ENCOUNTER = "22174892-a1be-4e99-912a-e7b119951300";
const OTHER_PATIENT = "UG-2024-000002";
const SOAP = "/api/v1/documentation/soap-note/";

type LlmMode = "polish" | "add-fact" | "fail" | "hang";
interface FakeLlm {
  url: string;
  mode: LlmMode;
  requests: { authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[];
  close(): Promise<void>;
}

async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = { url: "", mode: "polish", requests: [], close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    fake.requests.push({ authorization: req.headers.authorization, body });
    const user = body.messages.find((m: { role: string }) => m.role === "user").content as string;
    const answer = (content: string) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "cmpl-1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }));
    };
    if (fake.mode === "polish") return answer(`The patient reports the following. ${user}`);
    if (fake.mode === "add-fact") return answer(`${user} Temperature was 41.7 and warfarin 10 mg was given.`);
    if (fake.mode === "fail") return void res.writeHead(500, { "content-type": "application/json" }).end("{}");
    setTimeout(() => answer(user), 2_000); // hang: longer than LLM_TIMEOUT_MS
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); });
  return fake;
}

let stack: Stack;
let llm: FakeLlm;
let physician: string;
let nurse: string;
let auditor: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  stack = await startStack({ env: { LLM_BASE_URL: llm.url, LLM_MODEL: "fake-model", LLM_API_KEY: "test-llm-key", LLM_TIMEOUT_MS: "300" } });
  physician = await stack.token("physician", { sub: "soap-physician" });
  nurse = await stack.token("nurse", { sub: "soap-nurse" });
  auditor = await stack.token("auditor", { sub: "soap-auditor" });
});
afterAll(async () => {
  await stack?.stop();
  await llm?.close();
});

const generate = (body: Record<string, unknown>, token = physician) => stack.rest("POST", SOAP, { token, body });
const auditCount = async (operation: string) => (await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=${operation}&page_size=100`, { token: auditor })).body.count as number;
const REQUEST = { encounter_id: MALARIA_ENCOUNTER, patient_uhid: PATIENT, provider_id: "dr-okello" };

describe("SOAP note from a seeded encounter", () => {
  let documentId: string;

  it("records an encounter note (the history the note quotes), audited", async () => {
    const before = await auditCount("encounter_note_recorded");
    const res = await stack.rest("POST", "/api/v1/documentation/encounter-notes/", {
      token: nurse,
      body: { encounter_id: MALARIA_ENCOUNTER, patient_uhid: PATIENT, text: "Fever, chills and headache for 3 days. No chest pain, no vomiting. mRDT positive. Started artemether-lumefantrine 4 tablets bd for 3 days." },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ encounter_id: MALARIA_ENCOUNTER, patient_uhid: PATIENT, author_sub: "soap-nurse", id: expect.any(String) });
    expect(await auditCount("encounter_note_recorded")).toBe(before + 1);
  });

  it("generates the note: spec fields, multi-line assessment and plan, entities from the notes, decision support, stored and audited", async () => {
    llm.mode = "polish";
    const before = await auditCount("soap_note");
    const res = await generate(REQUEST);
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({ document_id: expect.stringMatching(/^[0-9a-f-]{36}$/), requires_review: true, encounter_id: MALARIA_ENCOUNTER, patient_uhid: PATIENT, provider_id: "dr-okello", include_history: true });
    expect(Object.keys(b).slice(0, 5)).toEqual(["document_id", "soap_note", "confidence", "entities_extracted", "requires_review"]);
    expect(b.confidence).toBeGreaterThan(0);
    expect(b.confidence).toBeLessThanOrEqual(1);
    expect(b.entities_extracted).toBeGreaterThan(0);
    const { subjective, objective, assessment, plan } = b.soap_note;
    expect(subjective).toContain("Fever, chills and headache for 3 days");
    expect(subjective).toMatch(/Previous encounters: .*Leg swelling/);
    expect(objective).toMatch(/Vitals:|Results:/);
    expect(assessment.split("\n").length).toBeGreaterThan(2);
    expect(assessment).toContain("B50.9");
    expect(assessment).toMatch(/Active problems: .*N18\.3/);
    // Entity extraction on the note: malaria symptoms present, the negated chest pain is not reported.
    expect(assessment).toMatch(/From the notes .*fever/i);
    expect(assessment).not.toMatch(/From the notes[^\n]*chest pain/i);
    expect(plan.split("\n").length).toBeGreaterThan(2);
    expect(plan).toMatch(/Medications: continue .*Warfarin 5 mg once daily/);
    expect(plan).toMatch(/Medications named in the notes .*artemether-lumefantrine/i);
    expect(plan).toMatch(/Review: .*clinician must review/);
    // Decision support: interactions among the active medications (drug-safety knowledge), risk scores.
    expect(b.findings.some((f: { type: string }) => f.type === "interaction")).toBe(true);
    expect(b.findings.some((f: { type: string }) => f.type === "risk_score")).toBe(true);
    expect(b.sources.encounter_note_ids).toHaveLength(1);
    expect(b.sources.sections_with_data).toEqual(["subjective", "objective", "assessment", "plan"]);
    expect(b.narrative_source).toBe("llm");
    expect(b.ruleset_version).toMatch(/soap-note-template@.*entity-extraction@.*narrative:fake-model/);
    expect(await auditCount("soap_note")).toBe(before + 1);
    documentId = b.document_id;
  });

  it("sends the LLM only the template subjective text, with the model and key, and keeps the facts", async () => {
    const last = llm.requests.at(-1)!;
    expect(last.authorization).toBe("Bearer test-llm-key");
    expect(last.body.model).toBe("fake-model");
    expect(last.body.messages.at(-1)!.content).toMatch(/^Chief complaint: /);
    const res = await stack.rest("GET", `${SOAP}${documentId}/`, { token: physician });
    expect(res.body.soap_note.subjective).toMatch(/^The patient reports the following\. Chief complaint: Fever, chills and headache for 3 days\./);
  });

  it("reads the stored note back by document_id (REST and GraphQL) and lists it on the patient's timeline", async () => {
    const res = await stack.rest("GET", `${SOAP}${documentId}/`, { token: nurse });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ document_id: documentId, requires_review: true, encounter_id: MALARIA_ENCOUNTER });
    const gql = await stack.gql(`query($id: ID!) { soapNote(documentId: $id) { documentId soapNote { assessment } entitiesExtracted } }`, { id: documentId }, physician);
    expect(gql.body.data.soapNote).toMatchObject({ documentId, soapNote: { assessment: res.body.soap_note.assessment } });
    const timeline = await stack.rest("GET", `/api/v1/patient-timeline/timeline/${PATIENT}/`, { token: physician });
    expect(timeline.body.timeline.documents).toEqual(expect.arrayContaining([expect.objectContaining({ id: documentId, type: "soap_note", encounter_id: MALARIA_ENCOUNTER }), expect.objectContaining({ type: "encounter_note" })]));
    expect((await stack.rest("GET", `${SOAP}00000000-0000-4000-8000-000000000000/`, { token: physician })).status).toBe(404);
    expect((await stack.rest("GET", `${SOAP}not-a-uuid/`, { token: physician })).status).toBe(404);
  });

  it("leaves prior encounters out when include_history is false", async () => {
    llm.mode = "fail";
    const res = await generate({ ...REQUEST, include_history: false });
    expect(res.status).toBe(200);
    expect(res.body.include_history).toBe(false);
    expect(res.body.soap_note.subjective).not.toContain("Previous encounters");
    expect(res.body.sources.prior_encounter_ids).toEqual([]);
  });

  it("answers 404 for an unknown encounter, an unknown patient, or another patient's encounter; 400 for a malformed id", async () => {
    expect((await generate({ ...REQUEST, encounter_id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await generate({ ...REQUEST, patient_uhid: "UG-0000-NOPE" })).status).toBe(404);
    expect((await generate({ ...REQUEST, patient_uhid: OTHER_PATIENT })).status).toBe(404);
    const bad = await generate({ ...REQUEST, encounter_id: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("encounter_id");
    expect((await generate({ patient_uhid: PATIENT, provider_id: "x" })).status).toBe(400);
  });

  it("is for physicians: a nurse may read notes but not generate one", async () => {
    expect((await generate(REQUEST, nurse)).status).toBe(403);
    const researcher = await stack.token("researcher", { sub: "soap-researcher" });
    expect((await stack.rest("GET", `${SOAP}${documentId}/`, { token: researcher })).status).toBe(403);
  });
});

describe("the optional LLM never decides the facts", () => {
  it("keeps the template text with a warning when the polish adds a number or drug dose not in the record", async () => {
    llm.mode = "add-fact";
    const res = await generate(REQUEST);
    expect(res.status).toBe(200);
    expect(res.body.narrative_source).toBe("template");
    expect(res.body.soap_note.subjective).toMatch(/^Chief complaint: /);
    expect(res.body.warnings.join(" ")).toMatch(/introduced facts not in the record/);
  });

  it("falls back to the template text, with a warning, when the LLM fails or does not answer in time", async () => {
    llm.mode = "fail";
    const failed = await generate(REQUEST);
    expect(failed.status).toBe(200);
    expect(failed.body.narrative_source).toBe("template");
    expect(failed.body.warnings.join(" ")).toMatch(/LLM answered 500/);
    llm.mode = "hang";
    const slow = await generate(REQUEST);
    expect(slow.status).toBe(200);
    expect(slow.body.narrative_source).toBe("template");
    expect(slow.body.warnings.join(" ")).toMatch(/timed out after 300 ms/);
  });
});

describe("documentation rate limit", () => {
  it("allows 30 SOAP notes a minute per credential (spec: documentation generation), then 429", async () => {
    llm.mode = "fail";
    const token = await stack.token("physician", { sub: "soap-rate" });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await generate({ ...REQUEST, patient_uhid: "UG-0000-NOPE" }, token)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const res = await generate(REQUEST, token);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});

describe("medications the notes hold or stop", () => {
  // Which wordings hold or stop a medicine is the extraction engine's (its tests: "hold", "withheld",
  // "stopped", "discontinued"); this is the note's use of it. Last in the file: the note stays on the encounter.
  it("does not tell the clinician to continue a medicine the note holds: it is set apart, with a finding", async () => {
    llm.mode = "fail";
    const token = await stack.token("physician", { sub: "soap-hold" });
    const before = await generate(REQUEST, token);
    expect(before.body.soap_note.plan).toMatch(/Medications: continue [^\n]*Warfarin 5 mg once daily/);
    const note = await stack.rest("POST", "/api/v1/documentation/encounter-notes/", { token: nurse, body: { encounter_id: MALARIA_ENCOUNTER, patient_uhid: PATIENT, text: "INR 5.2 today: hold warfarin, recheck INR in 48 hours." } });
    expect(note.status).toBe(201);
    const res = await generate(REQUEST, token);
    expect(res.status).toBe(200);
    const plan: string = res.body.soap_note.plan;
    expect(plan).not.toMatch(/Medications: continue [^\n]*Warfarin/);
    expect(plan).toMatch(/Medications held or stopped in the notes[^\n]*Warfarin 5 mg once daily/);
    expect(plan).toMatch(/Medications: continue [^\n]*Furosemide/);
    expect(res.body.findings).toContainEqual(expect.objectContaining({ type: "note_conflict", message: expect.stringMatching(/Warfarin is active on the record, but the encounter notes hold or stop it/) }));
  });
});
