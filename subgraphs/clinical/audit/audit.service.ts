import { createHash, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { rowsOf, type Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector, notFound } from "../../../lib/errors.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { aiAuditChainHead, aiAuditLog, aiAuditStreamHeads, clinicalOverrides } from "../db/tables.js";
import { canonicalJson, digestOf, sha256Hex } from "../knowledge/canonical-json.js";

export type AuditRow = typeof aiAuditLog.$inferSelect;

/** prev_hash of the first record. */
export const GENESIS_HASH = "0".repeat(64);

/** Operations written to the chain (DESIGN.md, "Audit and override"). */
export const AUDIT_OPERATIONS = [
  "drug_interaction_check",
  "critical_value_check",
  "critical_value_notification",
  "sepsis_risk",
  "sepsis_notification",
  "risk_scores",
  "copilot_start",
  "copilot_analyze_symptoms",
  "clinical_override",
  "entity_extraction",
  // Role assistants (issue 12). Their drug-interaction and critical-value calls reuse those operations.
  "nurse_assessment",
  "nurse_medication_schedule",
  "nurse_handoff_summary",
  "lab_result_interpretation",
  "lab_qc_evaluation",
  "prescription_verification",
  "counseling_points",
  "research_cohort_count",
  "research_statistical_test",
  "research_literature_search",
  // A staff read of a patient's contact details (subgraphs/clinical/patient/contact-read-audit.ts).
  "patient_contact_read",
  // The pharmacy's drug-safety paths (docs/decisions/pharmacy.md, "Drug safety").
  "drug_interactions_among",
  "patient_allergies_read",
  // Documentation and patient messages (issue 12: SOAP notes, /api/v1/ai/process/, literature search).
  "encounter_note_recorded",
  "soap_note",
  "soap_note_read",
  "patient_message",
  "patient_message_notification",
  // Document digitization (subgraphs/clinical/digitization/).
  "document_digitization",
] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

export interface AuditEntry {
  actor: Pick<Principal, "sub" | "roles">;
  operation: AuditOperation;
  patientUhid?: string | null;
  /** The request as received; only its digest is stored. */
  input: unknown;
  output: Record<string, unknown>;
  rulesetVersion: string;
  parentId?: string | null;
  requestId?: string | null;
}

/**
 * What the hash covers: every column but the hashes themselves. Stream records (stream ≥ 1) also
 * cover their stream and position; stream-0 records keep the content they were hashed with.
 */
function hashedContent(r: Omit<AuditRow, "prevHash" | "hash">): string {
  return canonicalJson({
    id: r.id,
    seq: r.seq,
    occurredAt: new Date(r.occurredAt).toISOString(),
    actorSub: r.actorSub,
    actorRoles: r.actorRoles,
    operation: r.operation,
    patientUhid: r.patientUhid,
    inputDigest: r.inputDigest,
    output: r.output,
    rulesetVersion: r.rulesetVersion,
    parentId: r.parentId,
    requestId: r.requestId,
    ...(r.stream === 0 ? {} : { stream: r.stream, streamSeq: r.streamSeq }),
  });
}

export function chainHash(prevHash: string, r: Omit<AuditRow, "prevHash" | "hash">): string {
  return sha256Hex(`${prevHash}\n${hashedContent(r)}`);
}

/** Streams records are appended to (1…AUDIT_STREAMS); stream 0 is the chain written before issue 14. */
export const AUDIT_STREAMS = 16;

/** A record's stream: by its patient, else by its caller, so one patient's records form one chain. */
export function auditStreamOf(e: Pick<AuditEntry, "patientUhid" | "actor">): number {
  const key = e.patientUhid ? `patient:${e.patientUhid}` : `actor:${e.actor.sub}`;
  return 1 + (createHash("sha256").update(key).digest().readUInt32BE(0) % AUDIT_STREAMS);
}

/**
 * Appends one record to its stream's hash chain. Call it inside the transaction that writes the
 * clinical data it describes, so either both exist or neither does. Only that stream's head row is
 * locked (SELECT … FOR UPDATE): appends to other streams go on at the same time. `seq` comes from a
 * sequence taken under the lock, so within a stream it increases with the position.
 */
export async function appendAudit(tx: Db, e: AuditEntry): Promise<AuditRow> {
  const stream = auditStreamOf(e);
  const lockHead = () => tx.select().from(aiAuditStreamHeads).where(eq(aiAuditStreamHeads.stream, stream)).for("update");
  let [head] = await lockHead();
  if (!head) {
    // The migration creates every head; a development reseed (TRUNCATE) empties them with the log.
    await tx.insert(aiAuditStreamHeads).values({ stream, lastStreamSeq: 0, lastSeq: 0, lastHash: GENESIS_HASH }).onConflictDoNothing();
    [head] = await lockHead();
  }
  const [{ seq }] = rowsOf<{ seq: string }>(await tx.execute(sql`select nextval('clinical.ai_audit_log_seq')::text as seq`));
  const body = {
    id: randomUUID(),
    seq: Number(seq),
    occurredAt: new Date(),
    actorSub: e.actor.sub,
    actorRoles: [...e.actor.roles].sort().join(","),
    operation: e.operation,
    patientUhid: e.patientUhid ?? null,
    inputDigest: digestOf(e.input),
    output: JSON.parse(JSON.stringify(e.output)) as Record<string, unknown>,
    rulesetVersion: e.rulesetVersion,
    parentId: e.parentId ?? null,
    requestId: e.requestId ?? null,
    stream,
    streamSeq: head.lastStreamSeq + 1,
  };
  const row: AuditRow = { ...body, prevHash: head.lastHash, hash: chainHash(head.lastHash, body) };
  await tx.insert(aiAuditLog).values(row);
  await tx.update(aiAuditStreamHeads).set({ lastStreamSeq: row.streamSeq!, lastSeq: row.seq, lastHash: row.hash }).where(eq(aiAuditStreamHeads.stream, stream));
  return row;
}

/** Appends in its own transaction (for follow-up records such as a notification outcome). */
export function appendAuditNow(db: Db, e: AuditEntry): Promise<AuditRow> {
  return db.transaction((tx) => appendAudit(tx as unknown as Db, e));
}

export async function listAuditRecords(
  db: Db,
  args: Partial<PageArgs> & { operation?: string | null; patientUhid?: string | null },
): Promise<Page<AuditRow>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  if (args.operation) filters.push(eq(aiAuditLog.operation, args.operation));
  if (args.patientUhid) filters.push(eq(aiAuditLog.patientUhid, args.patientUhid));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(aiAuditLog).where(where).orderBy(desc(aiAuditLog.seq)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(aiAuditLog).where(where),
  ]);
  return toPage(rows, total, w);
}

export async function getAuditRecord(db: Db, id: string): Promise<AuditRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(aiAuditLog).where(eq(aiAuditLog.id, id)) : [];
  if (!row) throw notFound("Audit record", id);
  return row;
}

export interface ChainVerification {
  valid: boolean;
  recordsChecked: number;
  firstInvalidSeq: number | null;
  problem: string | null;
  /** The hash a checkpoint at the newest record signs (auditHeadHash): with only stream 0, its last record's hash. */
  lastHash: string;
  /** Streams that hold records (stream 0 included). */
  streamsChecked: number;
}

/** Where one stream ends: its position (for stream 0, `seq`), the record's `seq` and hash. */
export interface StreamEnd {
  stream: number;
  position: number;
  seq: number;
  hash: string;
}

/**
 * The one hash that stands for the ends of every stream: the genesis hash for an empty log, the
 * last record's hash while every record is in stream 0 (as before issue 14, so older checkpoints
 * still verify), else SHA-256 over the ends of the non-empty streams, in stream order.
 */
export function auditHeadHash(ends: StreamEnd[]): string {
  const used = ends.filter((e) => e.position > 0).sort((a, b) => a.stream - b.stream);
  if (!used.length) return GENESIS_HASH;
  if (used.length === 1 && used[0].stream === 0) return used[0].hash;
  return sha256Hex(`clinical-audit-streams\n${canonicalJson(used.map(({ stream, position, seq, hash }) => ({ stream, position, seq, hash })))}`);
}

/** The stored heads: the frozen stream-0 chain head (when there is one) and every stream's. */
export async function auditHeads(db: Db, lock?: "share"): Promise<StreamEnd[]> {
  const streams = lock ? db.select().from(aiAuditStreamHeads).orderBy(asc(aiAuditStreamHeads.stream)).for(lock) : db.select().from(aiAuditStreamHeads).orderBy(asc(aiAuditStreamHeads.stream));
  const [[legacy], heads] = await Promise.all([db.select().from(aiAuditChainHead).where(eq(aiAuditChainHead.id, 1)), streams]);
  return [
    ...(legacy ? [{ stream: 0, position: legacy.lastSeq, seq: legacy.lastSeq, hash: legacy.lastHash }] : []),
    ...heads.map((h) => ({ stream: h.stream, position: h.lastStreamSeq, seq: h.lastSeq, hash: h.lastHash })),
  ];
}

/** Reads in one snapshot (repeatable read), so records committing meanwhile are all seen or all not. */
export function inAuditSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx as unknown as Db), { isolationLevel: "repeatable read", accessMode: "read only" });
}

/**
 * Walks every record in `seq` order and checks each against the previous record of its stream:
 * the position follows on (stream 0: `seq` from 1 without gaps), prev_hash is that record's hash,
 * and the content recomputes to the hash; then every head names its stream's last record.
 */
export function verifyAuditChain(db: Db): Promise<ChainVerification> {
  return inAuditSnapshot(db, verifyAuditChainIn);
}

export async function verifyAuditChainIn(db: Db): Promise<ChainVerification> {
  const ends = new Map<number, StreamEnd>();
  const endOf = (stream: number) => ends.get(stream) ?? { stream, position: 0, seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  let afterSeq = 0;
  const fail = (seq: number, problem: string): ChainVerification => ({
    valid: false,
    recordsChecked: checked,
    firstInvalidSeq: seq,
    problem,
    lastHash: auditHeadHash([...ends.values()]),
    streamsChecked: ends.size,
  });
  for (;;) {
    const batch = await db.select().from(aiAuditLog).where(gt(aiAuditLog.seq, afterSeq)).orderBy(asc(aiAuditLog.seq)).limit(500);
    if (batch.length === 0) break;
    for (const r of batch) {
      const end = endOf(r.stream);
      const position = r.stream === 0 ? r.seq : r.streamSeq ?? 0;
      if (position !== end.position + 1) {
        return r.stream === 0 ? fail(end.position + 1, `record ${end.position + 1} is missing`) : fail(r.seq, `record ${end.position + 1} of stream ${r.stream} is missing`);
      }
      if (r.prevHash !== end.hash) return fail(r.seq, "prev_hash does not match the previous record's hash");
      if (chainHash(r.prevHash, r) !== r.hash) return fail(r.seq, "content does not match its hash (record altered)");
      ends.set(r.stream, { stream: r.stream, position, seq: r.seq, hash: r.hash });
      afterSeq = r.seq;
      checked += 1;
    }
  }
  const heads = await auditHeads(db);
  for (const head of heads) {
    const end = endOf(head.stream);
    if (head.position !== end.position || head.seq !== end.seq || head.hash !== end.hash) {
      const where = head.stream === 0 ? "the chain head" : `the head of stream ${head.stream}`;
      return fail(head.stream === 0 ? end.position + 1 : Math.max(head.seq, end.seq + 1), `${where} does not match the last record (records removed from the end?)`);
    }
  }
  const headless = [...ends.keys()].find((stream) => stream !== 0 && !heads.some((h) => h.stream === stream));
  if (headless !== undefined) return fail(ends.get(headless)!.seq, `stream ${headless} has records but no head`);
  return { valid: true, recordsChecked: checked, firstInvalidSeq: null, problem: null, lastHash: auditHeadHash([...ends.values()]), streamsChecked: ends.size };
}

export const OVERRIDE_ACTIONS = ["accept", "reject", "modify"] as const;

export interface OverrideInput {
  auditId: string;
  action: string;
  reason?: string | null;
  modifiedOutput?: Record<string, unknown> | null;
}

/**
 * A professional's decision on an AI output. Reject and modify need a reason; modify needs the
 * modified output. The override is stored and also appended to the audit chain.
 */
export async function recordOverride(db: Db, actor: Principal, input: OverrideInput, requestId?: string) {
  const errors = new FieldErrorCollector();
  if (!(OVERRIDE_ACTIONS as readonly string[]).includes(input.action)) errors.add("action", `must be one of ${OVERRIDE_ACTIONS.join(", ")}`);
  const reason = input.reason?.trim() ?? "";
  if (input.action !== "accept" && reason.length < 3) errors.add("reason", "is required (at least 3 characters) to reject or modify");
  if (input.action === "modify" && !input.modifiedOutput) errors.add("modifiedOutput", "is required to modify");
  if (input.action !== "modify" && input.modifiedOutput) errors.add("modifiedOutput", "is only allowed with action modify");
  errors.throwIfAny("Invalid override");
  const target = await getAuditRecord(db, input.auditId);
  if (target.operation === "clinical_override") {
    throw badRequest("An override cannot be overridden", { auditId: ["names an override; record the decision against the original AI output"] });
  }
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const output = { action: input.action, reason: reason || null, modifiedOutput: input.modifiedOutput ?? null, overriddenOperation: target.operation };
    const audit = await appendAudit(tx, {
      actor,
      operation: "clinical_override",
      patientUhid: target.patientUhid,
      input,
      output,
      rulesetVersion: target.rulesetVersion,
      parentId: target.id,
      requestId,
    });
    const [row] = await tx
      .insert(clinicalOverrides)
      .values({ auditId: target.id, action: input.action, reason: reason || null, modifiedOutput: input.modifiedOutput ?? null, actorSub: actor.sub, overrideAuditId: audit.id })
      .returning();
    return row;
  });
}
