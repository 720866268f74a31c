import { generateKeyPairSync } from "node:crypto";
import { sql } from "drizzle-orm";
import { compactVerify, importJWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../lib/config.js";
import { aiAuditStreamHeads } from "../../subgraphs/clinical/db/tables.js";
import { startStack, type Stack } from "../support/stack.js";

/**
 * The tail of the audit chain: the head row only moves forward, and a signed checkpoint kept outside
 * the database reveals records removed from the end even when the head was rolled back with the
 * triggers bypassed (as a database superuser can).
 */

let stack: Stack;
let physician: string;
let auditor: string;

const CHECK = { new_medication: { code: "723", name: "Amoxicillin" }, current_medications: [], conditions: [], allergies: [] };
const audited = async (n: number) => {
  for (let i = 0; i < n; i++) {
    const res = await stack.rest("POST", "/api/v1/clinical-decision-support/drug-interactions/", { token: physician, body: CHECK });
    expect(res.status).toBe(200);
  }
};
const checkpoint = async () => {
  const res = await stack.rest("GET", "/api/v1/clinical-audit/checkpoint/", { token: auditor });
  expect(res.status).toBe(200);
  return res.body as { seq: number; hash: string; issued_at: string; key_id: string; public_key: Record<string, unknown>; signature: string };
};
const verify = (cp: unknown) => stack.rest("POST", "/api/v1/clinical-audit/verify/", { token: auditor, body: cp });
const db = () => stack.server.database!.db;

/** As a superuser who bypasses triggers: remove records after `keepSeq` and roll the heads back to it (the chain head and each stream's). */
async function truncateTail(keepSeq: number) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from clinical.ai_audit_log where seq > ${keepSeq}`);
    await tx.execute(sql`update clinical.ai_audit_chain_head set last_seq = ${keepSeq}, last_hash = (select hash from clinical.ai_audit_log where seq = ${keepSeq}) where id = 1`);
    await tx.execute(sql`update clinical.ai_audit_stream_heads h
      set last_stream_seq = coalesce(l.stream_seq, 0), last_seq = coalesce(l.seq, 0), last_hash = coalesce(l.hash, repeat('0', 64))
      from clinical.ai_audit_stream_heads s
      left join lateral (select stream_seq, seq, hash from clinical.ai_audit_log where stream = s.stream order by seq desc limit 1) l on true
      where s.stream = h.stream`);
  });
}

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-checkpoint" });
  auditor = await stack.token("auditor", { sub: "auditor-checkpoint" });
});
afterAll(() => stack?.stop());

describe("signed audit checkpoints", () => {
  it("signs the chain head with a key an auditor can check without us, and verifies while nothing changed", async () => {
    await audited(3);
    const cp = await checkpoint();
    expect(cp).toMatchObject({ seq: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/), issued_at: expect.any(String), key_id: expect.any(String) });
    // Offline check with the published public key.
    const { payload, protectedHeader } = await compactVerify(cp.signature, await importJWK(cp.public_key as never, "EdDSA"));
    expect(protectedHeader).toMatchObject({ alg: "EdDSA", kid: cp.key_id });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ seq: cp.seq, hash: cp.hash, issued_at: cp.issued_at });

    // The checkpoint stays valid as the chain grows, posted back exactly as it was fetched.
    await audited(2);
    const res = await verify(cp);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, signature_valid: true, record_matches: true, chain_valid: true, head_seq: 5, problem: null });
  });

  it("refuses a checkpoint whose values or signature are not ours", async () => {
    const cp = await checkpoint();
    const forged = [
      { ...cp, seq: cp.seq - 1 },
      { ...cp, hash: "f".repeat(64) },
      { ...cp, issued_at: new Date(0).toISOString() },
      { ...cp, signature: `${cp.signature.slice(0, -4)}AAAA` },
    ];
    for (const f of forged) {
      const res = await verify(f);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ valid: false, signature_valid: false, problem: expect.stringMatching(/signature/) });
    }
    const missing = await verify({ seq: cp.seq, hash: cp.hash });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("signature");
    const notAuditor = await stack.rest("GET", "/api/v1/clinical-audit/checkpoint/", { token: physician });
    expect(notAuditor.status).toBe(403);
  });

  it("refuses, at the database, deleting the head, moving it back, or pointing it at an older hash", async () => {
    const d = db();
    // The records so far are in the caller's stream (issue 14: a head per stream; the chain head of stream 0 is frozen).
    const [head] = (await d.select().from(aiAuditStreamHeads)).filter((h) => h.lastStreamSeq > 0);
    const { stream, lastSeq: seq } = head;
    const records = (await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body.records_checked as number;
    await expect(d.execute(sql`delete from clinical.ai_audit_stream_heads`)).rejects.toThrow();
    await expect(d.execute(sql`update clinical.ai_audit_stream_heads set last_stream_seq = last_stream_seq - 1 where stream = ${stream}`)).rejects.toThrow();
    await expect(
      d.execute(sql`update clinical.ai_audit_stream_heads set last_stream_seq = last_stream_seq - 1, last_seq = ${seq - 1}, last_hash = (select hash from clinical.ai_audit_log where seq = ${seq - 1}) where stream = ${stream}`),
    ).rejects.toThrow();
    await expect(d.execute(sql`update clinical.ai_audit_stream_heads set last_hash = (select hash from clinical.ai_audit_log where seq = 1) where stream = ${stream}`)).rejects.toThrow();
    await expect(d.execute(sql`update clinical.ai_audit_stream_heads set last_stream_seq = last_stream_seq + 1 where stream = ${stream}`)).rejects.toThrow();
    await expect(d.execute(sql`insert into clinical.ai_audit_stream_heads (stream, last_stream_seq, last_seq, last_hash) values (${stream}, 0, 0, ${"0".repeat(64)})`)).rejects.toThrow();
    await expect(d.execute(sql`insert into clinical.ai_audit_stream_heads (stream, last_stream_seq, last_seq, last_hash) values (0, 0, 0, ${"0".repeat(64)})`)).rejects.toThrow();
    await expect(d.execute(sql`insert into clinical.ai_audit_chain_head (id, last_seq, last_hash) values (2, 0, ${"0".repeat(64)})`)).rejects.toThrow();
    await expect(d.execute(sql`delete from clinical.ai_audit_log where seq = ${seq}`)).rejects.toThrow();
    // Nothing moved, and appending still works.
    await audited(1);
    expect((await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body).toMatchObject({ valid: true, records_checked: records + 1 });
  });

  it("detects the newest records deleted and the head rolled back behind the triggers", async () => {
    await audited(2);
    const stored = await checkpoint();
    await truncateTail(stored.seq - 2);

    // The chain alone looks whole: that is the gap the checkpoint closes.
    expect((await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: auditor })).body).toMatchObject({ valid: true });
    const res = await verify(stored);
    expect(res.body).toMatchObject({ valid: false, signature_valid: true, record_matches: false, head_seq: stored.seq - 2, problem: expect.stringMatching(/missing/) });
  });

  it("detects a tail rewritten after the checkpoint (records deleted, then new ones appended)", async () => {
    await audited(1);
    const stored = await checkpoint();
    await truncateTail(stored.seq - 1);
    await audited(2); // the chain grows past the checkpoint again, with other records
    const res = await verify(stored);
    expect(res.body).toMatchObject({ valid: false, signature_valid: true, record_matches: false, chain_valid: true, problem: expect.stringMatching(/hash/) });
  });
});

describe("AUDIT_SIGNING_KEY", () => {
  const pem = (type: "ed25519" | "ec") =>
    (type === "ed25519" ? generateKeyPairSync("ed25519") : generateKeyPairSync("ec", { namedCurve: "P-256" })).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  it("accepts an Ed25519 PKCS#8 key and stops the start with the variable named for anything else", () => {
    expect(loadConfig({ AUDIT_SIGNING_KEY: pem("ed25519") }).AUDIT_SIGNING_KEY).toContain("PRIVATE KEY");
    for (const bad of [pem("ec"), "not a key"]) expect(() => loadConfig({ AUDIT_SIGNING_KEY: bad })).toThrow(/AUDIT_SIGNING_KEY: must be an Ed25519/);
  });
});
