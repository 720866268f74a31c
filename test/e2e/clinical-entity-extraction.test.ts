import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;
const PATH = "/api/v1/documentation/extract-entities/";
const NOTE =
  "58 year old male with HTN and T2DM c/o chest pain and SOB x 2 days. Denies fever or cough. Hx of MI. Mother had breast cancer. " +
  "Rule out ACS. On amlodipine 10 mg PO OD and metformin 500mg bd. Plan: ECG, troponin and CBC.";

beforeAll(async () => {
  // The default one-minute window: the 101 requests of the rate-limit test fall in one window even on a loaded machine
  // (a 5 s window ran out mid-test under load and let the 101st through).
  stack = await startStack();
  physician = await stack.token("physician", { sub: "extract-physician" });
});
afterAll(() => stack?.stop());

const extract = (body: unknown, token = physician) => stack.rest("POST", PATH, { token, body });

describe("entity extraction through REST", () => {
  it("codes diagnoses, medications, symptoms, procedures and lab tests with spans, and reads the demographics", async () => {
    const res = await extract({ text: NOTE });
    expect(res.status).toBe(200);
    const { entities } = res.body;
    expect(entities.demographics).toEqual({ age: 58, gender: "male", age_months: null });
    expect(entities.diagnoses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: "HTN", code: "I10", system: "ICD-10", validated: true, assertion: "present" }),
        expect.objectContaining({ text: "T2DM", code: "E11.9", validated: true }),
        expect.objectContaining({ text: "MI", code: "I21.9", assertion: "historical" }),
        expect.objectContaining({ text: "ACS", assertion: "possible" }),
      ]),
    );
    expect(entities.symptoms.map((s: { text: string }) => s.text)).toEqual(["chest pain", "SOB"]);
    expect(entities.symptoms[0]).toMatchObject({ system: "SNOMED-CT", code: expect.stringMatching(/^\d+$/) });
    expect(entities.symptoms[0]).not.toHaveProperty("validated");
    const metformin = entities.medications.find((m: { text: string }) => m.text === "metformin");
    expect(metformin).toMatchObject({ code: "6809", system: "RxNorm", validated: true, instructions: { dose: "500 mg", frequency: "twice daily" } });
    expect(entities.medications.find((m: { text: string }) => m.text === "amlodipine").instructions).toMatchObject({ dose: "10 mg", route: "oral", frequency: "once daily" });
    expect(entities.lab_tests.map((l: { text: string }) => l.text)).toEqual(["troponin", "CBC"]);
    expect(entities.procedures.map((l: { text: string }) => l.text)).toEqual(["ECG"]);
    for (const list of [entities.diagnoses, entities.medications, entities.symptoms, entities.procedures, entities.lab_tests, entities.excluded]) {
      for (const e of list) expect(NOTE.slice(e.start, e.end)).toBe(e.text);
    }
    // Negated and family mentions are never reported as the patient's.
    const reported = [...entities.diagnoses, ...entities.symptoms].map((e: { text: string }) => e.text);
    expect(reported).not.toContain("fever");
    expect(reported).not.toContain("breast cancer");
    expect(entities.excluded).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "symptom", text: "fever", assertion: "absent" }),
        expect.objectContaining({ type: "symptom", text: "cough", assertion: "absent" }),
        expect.objectContaining({ type: "diagnosis", text: "breast cancer", assertion: "family" }),
      ]),
    );
    expect(res.body).toMatchObject({ requires_review: true, audit_id: expect.any(String), ruleset_version: expect.stringMatching(/^entity-extraction@/) });
    expect(res.body.confidence).toBeGreaterThan(0);
    expect(res.body.processing_time_ms).toBeGreaterThanOrEqual(0);
  });

  it("audits the call with codes and offsets but none of the note's words", async () => {
    const res = await extract({ text: "Patient Nakato Achieng, 34F, with malaria. Lives in Gulu." });
    expect(res.status).toBe(200);
    const auditor = await stack.token("auditor");
    const log = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=entity_extraction", { token: auditor });
    expect(log.status).toBe(200);
    const record = log.body.results.find((r: { id: string }) => r.id === res.body.audit_id);
    expect(record).toBeDefined();
    const stored = JSON.stringify(record);
    expect(stored).toContain("B54");
    for (const word of ["Nakato", "Achieng", "Gulu", "malaria"]) expect(stored).not.toContain(word);
  });

  it("lets physicians and nurses extract, and no one else", async () => {
    expect((await extract({ text: "fever" }, await stack.token("nurse"))).status).toBe(200);
    for (const role of ["pharmacist", "cashier", "lab_technician", "patient", "auditor"] as const) {
      const token = await stack.token(role, { pharmacy: "6a0c1d1e-0000-4000-8000-000000000001" });
      expect((await extract({ text: "fever" }, token)).status, role).toBe(403);
    }
    expect((await stack.rest("POST", PATH, { body: { text: "fever" } })).status).toBe(401);
  });

  it("refuses empty text, a missing or unknown field, an oversized text and an oversized body", async () => {
    for (const body of [{ text: "" }, { text: "   \n " }, {}, { text: "fever", note: "x" }, { text: 42 }]) {
      const res = await extract(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("BAD_USER_INPUT");
    }
    const long = await extract({ text: "fever ".repeat(9000) });
    expect(long.status).toBe(413);
    expect(long.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", fields: { text: [expect.stringMatching(/at most 50000/)] } });
    const huge = await stack.rest("POST", PATH, { token: physician, raw: JSON.stringify({ text: "a".repeat(2_000_000) }), headers: { "content-type": "application/json" } });
    expect(huge.status).toBe(413);
  });

  it("is served in GraphQL too", async () => {
    const res = await stack.gql(`mutation($t: String!) { extractEntities(input: { text: $t }) { entities { diagnoses { code assertion } excluded { text assertion } } } }`, { t: "No malaria. ?typhoid" }, physician);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.extractEntities.entities.diagnoses).toEqual([{ code: "A01.00", assertion: "possible" }]);
    expect(res.body.data.extractEntities.entities.excluded).toEqual([{ text: "malaria", assertion: "absent" }]);
  });

  it("allows 100 extractions per credential per window, then 429", async () => {
    const nurse = await stack.token("nurse", { sub: "extract-rl-nurse" });
    const answers = await Promise.all(Array.from({ length: 101 }, () => extract({ text: "cough" }, nurse)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.headers.get("ratelimit-limit")).toBe("100");
  });
});
