import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector, notFound } from "../../../lib/errors.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { aiAuditChainHead, aiAuditLog, clinicalOverrides } from "../db/tables.js";
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

/** What the hash covers: every column but the hashes themselves. */
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
  });
}

export function chainHash(prevHash: string, r: Omit<AuditRow, "prevHash" | "hash">): string {
  return sha256Hex(`${prevHash}\n${hashedContent(r)}`);
}

/**
 * Appends one record to the hash chain. Call it inside the transaction that writes the clinical
 * data it describes, so either both exist or neither does. The chain head row is locked
 * (SELECT … FOR UPDATE) so concurrent appends are serialised into one linear chain.
 */
export async function appendAudit(tx: Db, e: AuditEntry): Promise<AuditRow> {
  await tx.insert(aiAuditChainHead).values({ id: 1, lastSeq: 0, lastHash: GENESIS_HASH }).onConflictDoNothing();
  const [head] = await tx.select().from(aiAuditChainHead).where(eq(aiAuditChainHead.id, 1)).for("update");
  const body = {
    id: randomUUID(),
    seq: head.lastSeq + 1,
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
  };
  const row: AuditRow = { ...body, prevHash: head.lastHash, hash: chainHash(head.lastHash, body) };
  await tx.insert(aiAuditLog).values(row);
  await tx.update(aiAuditChainHead).set({ lastSeq: row.seq, lastHash: row.hash }).where(eq(aiAuditChainHead.id, 1));
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
  lastHash: string;
}

/** Recomputes every hash in order and checks the links, the sequence and the chain head. */
export async function verifyAuditChain(db: Db): Promise<ChainVerification> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  const fail = (seq: number, problem: string): ChainVerification => ({ valid: false, recordsChecked: checked, firstInvalidSeq: seq, problem, lastHash: prevHash });
  for (;;) {
    const batch = await db.select().from(aiAuditLog).where(gt(aiAuditLog.seq, expectedSeq - 1)).orderBy(asc(aiAuditLog.seq)).limit(500);
    if (batch.length === 0) break;
    for (const r of batch) {
      if (r.seq !== expectedSeq) return fail(expectedSeq, `record ${expectedSeq} is missing`);
      if (r.prevHash !== prevHash) return fail(r.seq, "prev_hash does not match the previous record's hash");
      if (chainHash(r.prevHash, r) !== r.hash) return fail(r.seq, "content does not match its hash (record altered)");
      prevHash = r.hash;
      expectedSeq += 1;
      checked += 1;
    }
  }
  const [head] = await db.select().from(aiAuditChainHead).where(eq(aiAuditChainHead.id, 1));
  if (head && (head.lastSeq !== checked || head.lastHash !== prevHash)) {
    return fail(checked + 1, "the chain head does not match the last record (records removed from the end?)");
  }
  return { valid: true, recordsChecked: checked, firstInvalidSeq: null, problem: null, lastHash: prevHash };
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
