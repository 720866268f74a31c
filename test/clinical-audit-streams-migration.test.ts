import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config.js";
import type { Database } from "../lib/db.js";
import { issueCheckpoint, verifyCheckpoint } from "../subgraphs/clinical/audit/audit-checkpoint.js";
import { appendAuditNow, chainHash, GENESIS_HASH, verifyAuditChain } from "../subgraphs/clinical/audit/audit.service.js";
import { databaseBefore, type DatabaseBefore } from "./support/migrations.js";

/**
 * The audit streams' migrations (issue 14) on a log written as one chain before them: the old
 * records stay stream 0 and verify, a checkpoint of that chain as it was issued still verifies, and
 * new records go to the streams after them.
 */
/** The first migration of the streams: the one that creates their heads. */
const isFirstStreamsMigration = (tag: string, folder: string) => readFileSync(join(folder, `${tag}.sql`), "utf8").includes('CREATE TABLE "clinical"."ai_audit_stream_heads"');

let before: DatabaseBefore;
let database: Database;

beforeAll(async () => {
  before = await databaseBefore("clinical", isFirstStreamsMigration);
  database = before.database;
});

afterAll(() => before?.close());

/** Three records appended as the single-chain code appended them (head locked, seq = head + 1). */
async function writeLegacyChain() {
  const db = database.db;
  await db.execute(sql`insert into clinical.ai_audit_chain_head (id, last_seq, last_hash) values (1, 0, ${GENESIS_HASH})`);
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= 3; seq++) {
    const body = {
      id: `00000000-0000-4000-8000-00000000000${seq}`,
      seq,
      occurredAt: new Date(Date.UTC(2026, 0, seq)),
      actorSub: "dr-before",
      actorRoles: "physician",
      operation: "drug_interaction_check",
      patientUhid: "UG-2024-000001",
      inputDigest: "a".repeat(64),
      output: { safe: seq !== 2 },
      rulesetVersion: "drug-safety-engine@1.0.0",
      parentId: null,
      requestId: null,
      stream: 0,
      streamSeq: null,
    };
    const hash = chainHash(prevHash, body);
    await db.execute(sql`insert into clinical.ai_audit_log (id, seq, occurred_at, actor_sub, actor_roles, operation, patient_uhid, input_digest, output, ruleset_version, parent_id, request_id, prev_hash, hash)
      values (${body.id}, ${seq}, ${body.occurredAt.toISOString()}, ${body.actorSub}, ${body.actorRoles}, ${body.operation}, ${body.patientUhid}, ${body.inputDigest}, ${JSON.stringify(body.output)}::jsonb, ${body.rulesetVersion}, null, null, ${prevHash}, ${hash})`);
    await db.execute(sql`update clinical.ai_audit_chain_head set last_seq = ${seq}, last_hash = ${hash} where id = 1`);
    prevHash = hash;
  }
  return prevHash;
}

describe("the audit streams' migration", () => {
  it("keeps the records written before as stream 0, which still verify, and appends after them", async () => {
    const lastLegacyHash = await writeLegacyChain();
    await before.migrateRest();
    const db = database.db;
    expect(await verifyAuditChain(db)).toEqual({ valid: true, recordsChecked: 3, firstInvalidSeq: null, problem: null, lastHash: lastLegacyHash, streamsChecked: 1 });

    // A checkpoint of the old chain is what it was before: record 3 and its hash.
    const config = loadConfig({});
    const old = await issueCheckpoint(db, config);
    expect(old).toMatchObject({ seq: 3, hash: lastLegacyHash });

    const actor = { sub: "dr-after", roles: ["physician" as const] };
    const a = await appendAuditNow(db, { actor, operation: "drug_interaction_check", patientUhid: "UG-2024-000002", input: {}, output: { safe: true }, rulesetVersion: "x" });
    const b = await appendAuditNow(db, { actor, operation: "drug_interaction_check", patientUhid: "UG-2024-000003", input: {}, output: { safe: true }, rulesetVersion: "x" });
    expect([a.seq, b.seq]).toEqual([4, 5]);
    expect(a.stream).toBeGreaterThan(0);
    expect(a.streamSeq).toBe(1);

    const after = await verifyAuditChain(db);
    expect(after).toMatchObject({ valid: true, recordsChecked: 5, problem: null });
    expect(after.streamsChecked).toBeGreaterThanOrEqual(2);
    expect(await verifyCheckpoint(db, config, old)).toMatchObject({ valid: true, recordMatches: true, headSeq: 5 });
    const now = await issueCheckpoint(db, config);
    expect(now.seq).toBe(5);
    expect(await verifyCheckpoint(db, config, now)).toMatchObject({ valid: true, recordMatches: true });

    // The frozen chain head cannot be moved onto a stream's record.
    await expect(db.execute(sql`update clinical.ai_audit_chain_head set last_seq = 4, last_hash = ${a.hash} where id = 1`)).rejects.toThrow();
  });

  it("starts a stream again at its genesis after a development reseed emptied the log and the heads", async () => {
    const db = database.db;
    await db.execute(sql`truncate clinical.ai_audit_log, clinical.ai_audit_chain_head, clinical.ai_audit_stream_heads cascade`);
    const c = await appendAuditNow(db, { actor: { sub: "dr-reseed", roles: ["physician"] }, operation: "risk_scores", input: {}, output: {}, rulesetVersion: "x" });
    expect([c.streamSeq, c.prevHash]).toEqual([1, GENESIS_HASH]);
    expect(await verifyAuditChain(db)).toMatchObject({ valid: true, recordsChecked: 1, streamsChecked: 1 });
  });
});
