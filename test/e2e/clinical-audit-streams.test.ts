import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { auditStreamOf } from "../../subgraphs/clinical/audit/audit.service.js";
import { whileRowsLocked } from "../support/row-lock.js";
import { startStack, type Stack } from "../support/stack.js";

/**
 * Audit streams (issue 14): concurrent audited calls append to per-stream chains that each verify,
 * tampering with one record is still found, and an append to one stream does not wait for another
 * stream's head.
 */

let stack: Stack;
let auditor: string;
const physicians: string[] = [];

const uhid = (n: number) => `UG-2024-${String(n).padStart(6, "0")}`;
const check = (token: string, patient: string) =>
  stack.rest("POST", "/api/v1/clinical-decision-support/drug-interactions/", {
    token,
    body: { patient_uhid: patient, new_medication: { code: "5640", name: "Ibuprofen" }, current_medications: [{ code: "11289", name: "Warfarin" }], conditions: [], allergies: [] },
  });
const verify = async () => (await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body;
const db = () => stack.server.database!.db;

beforeAll(async () => {
  stack = await startStack();
  auditor = await stack.token("auditor", { sub: "auditor-streams" });
  // Five callers: each check counts against its caller's decision-support budget (60/min).
  for (let i = 0; i < 5; i++) physicians.push(await stack.token("physician", { sub: `dr-streams-${i}` }));
});
afterAll(() => stack?.stop());

describe("clinical audit streams", () => {
  it("records 50 concurrent audited checks, each stream a chain that verifies", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => check(physicians[i % 5], uhid(i + 1))));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const rows = rowsOf<{ stream: number; n: string; first: string; last: string }>(
      await db().execute(sql`select stream, count(*)::text as n, min(stream_seq)::text as first, max(stream_seq)::text as last from clinical.ai_audit_log group by stream`),
    );
    expect(rows.reduce((n, r) => n + Number(r.n), 0)).toBe(50);
    expect(rows.length).toBeGreaterThan(1);
    // Each stream is gap-free from 1: one position per record.
    for (const r of rows) expect([Number(r.first), Number(r.last)]).toEqual([1, Number(r.n)]);
    // A patient's records are in the patient's stream.
    const byPatient = rowsOf<{ patient_uhid: string; stream: number }>(await db().execute(sql`select patient_uhid, stream from clinical.ai_audit_log`));
    for (const r of byPatient) expect(r.stream).toBe(auditStreamOf({ patientUhid: r.patient_uhid, actor: { sub: "", roles: [] } }));
    expect(await verify()).toMatchObject({ valid: true, records_checked: 50, first_invalid_seq: null, problem: null });
  });

  it("signs a checkpoint over every stream's end that verifies while the streams grow", async () => {
    const cp = (await stack.rest("GET", "/api/v1/clinical-audit/checkpoint/", { token: auditor })).body;
    expect(cp.seq).toBe(50);
    expect((await check(physicians[0], uhid(7))).status).toBe(200);
    const res = await stack.rest("POST", "/api/v1/clinical-audit/verify/", { token: auditor, body: cp });
    expect(res.body).toEqual({ valid: true, signature_valid: true, record_matches: true, chain_valid: true, head_seq: 51, problem: null });
  });

  // PGlite is one connection: a second transaction cannot hold a lock beside the service's.
  it.skipIf(process.env.TEST_DB !== "postgres")("appends to one stream while another stream's head is locked", async () => {
    const patientA = uhid(1);
    const streamA = auditStreamOf({ patientUhid: patientA, actor: { sub: "", roles: [] } });
    const patientB = uhid([...Array(50).keys()].map((i) => i + 1).find((n) => auditStreamOf({ patientUhid: uhid(n), actor: { sub: "", roles: [] } }) !== streamA)!);
    await whileRowsLocked(
      stack.config.DATABASE_URL!,
      (tx) => tx`select * from clinical.ai_audit_stream_heads where stream = ${streamA} for update`,
      async (holder) => {
        // Another stream's append completes while stream A's head is held.
        expect((await check(physicians[1], patientB)).status).toBe(200);

        // Stream A's append waits on its head: it is seen blocked on a lock, and finishes once the head is released.
        let settled = false;
        const waiting = check(physicians[2], patientA).then((r) => ((settled = true), r));
        await holder.waiters(1, "%ai_audit_stream_heads%");
        expect(settled).toBe(false);
        await holder.release();
        expect((await waiting).status).toBe(200);
      },
    );
    expect(await verify()).toMatchObject({ valid: true, problem: null });
  });

  it("detects one record altered behind the application's back", async () => {
    const [target] = rowsOf<{ id: string; seq: string }>(await db().execute(sql`select id, seq::text as seq from clinical.ai_audit_log where stream <> 0 order by seq limit 1 offset 10`));
    await db().execute(sql`alter table clinical.ai_audit_log disable trigger ai_audit_log_append_only`);
    await db().execute(sql`update clinical.ai_audit_log set output = jsonb_set(output, '{safe}', 'true') where id = ${target.id}`);
    await db().execute(sql`alter table clinical.ai_audit_log enable trigger ai_audit_log_append_only`);
    expect(await verify()).toMatchObject({ valid: false, first_invalid_seq: Number(target.seq), problem: expect.stringMatching(/altered/) });
  });
});
