import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let physician: string;
let auditor: string;
let auditId: string;

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-audit" });
  auditor = await stack.token("auditor", { sub: "auditor-1" });
  const res = await stack.rest("POST", "/api/v1/clinical-decision-support/drug-interactions/", {
    token: physician,
    body: { patient_uhid: "UG-2024-000004", new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [{ code: "11289", name: "Warfarin" }], conditions: [], allergies: [] },
  });
  auditId = res.body.audit_id;
});
afterAll(() => stack?.stop());

describe("clinical AI audit and override", () => {
  it("records who, what, the input digest, the output and the ruleset version", async () => {
    const res = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=drug_interaction_check", { token: auditor });
    expect(res.status).toBe(200);
    const record = res.body.results.find((r: { id: string }) => r.id === auditId);
    expect(record).toMatchObject({
      actor_sub: "dr-audit",
      actor_roles: "physician",
      operation: "drug_interaction_check",
      patient_uhid: "UG-2024-000004",
      input_digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      ruleset_version: expect.stringMatching(/^drug-safety-engine@\d+\.\d+\.\d+; drugs@/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(record.output).toMatchObject({ safe: false, requiresReview: true });
  });

  it("lets only auditors read the log", async () => {
    expect((await stack.rest("GET", "/api/v1/clinical-audit/records/", { token: physician })).status).toBe(403);
  });

  it("records overrides: accept, reject with a reason, modify with the corrected output", async () => {
    const accept = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", { token: physician, body: { audit_id: auditId, action: "accept" } });
    expect(accept.status).toBe(201);
    expect(accept.body).toMatchObject({ audit_id: auditId, action: "accept", actor_sub: "dr-audit" });
    const modify = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", {
      token: physician,
      body: { audit_id: auditId, action: "modify", reason: "Short course with PPI cover and INR check agreed", modified_output: { safe: false, note: "accepted with monitoring" } },
    });
    expect(modify.status).toBe(201);
    expect(modify.body.modified_output).toEqual({ safe: false, note: "accepted with monitoring" });
    const log = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=clinical_override", { token: auditor });
    expect(log.body.results[0]).toMatchObject({ parent_id: auditId, output: { action: "modify" } });
  });

  it("refuses an override without a reason, with an unknown action, or for an unknown record", async () => {
    const noReason = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", { token: physician, body: { audit_id: auditId, action: "reject" } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toHaveProperty("reason");
    const badAction = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", { token: physician, body: { audit_id: auditId, action: "ignore", reason: "x y z" } });
    expect(badAction.body.error.fields).toHaveProperty("action");
    const unknown = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", { token: physician, body: { audit_id: "00000000-0000-4000-8000-000000000000", action: "accept" } });
    expect(unknown.status).toBe(404);
    const auditorOverride = await stack.rest("POST", "/api/v1/clinical-audit/overrides/", { token: auditor, body: { audit_id: auditId, action: "accept" } });
    expect(auditorOverride.status).toBe(403);
  });

  it("verifies the hash chain", async () => {
    const res = await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, first_invalid_seq: null, problem: null });
    expect(res.body.records_checked).toBeGreaterThanOrEqual(3);
  });

  it("refuses UPDATE and DELETE on the audit table at the database", async () => {
    const db = stack.server.database!.db;
    await expect(db.execute(sql`update clinical.ai_audit_log set actor_sub = 'someone-else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from clinical.ai_audit_log`)).rejects.toThrow();
  });

  it("detects a record altered behind the application's back", async () => {
    const db = stack.server.database!.db;
    await db.execute(sql`alter table clinical.ai_audit_log disable trigger ai_audit_log_append_only`);
    await db.execute(sql`update clinical.ai_audit_log set output = jsonb_set(output, '{safe}', 'true') where id = ${auditId}`);
    const res = await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor });
    expect(res.body).toMatchObject({ valid: false, first_invalid_seq: 1, problem: expect.stringMatching(/altered/) });
  });
});
