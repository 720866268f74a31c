import { readFileSync } from "node:fs";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, not, or, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { capas, qualityAuditItems, qualityAudits } from "../../db/tables.js";
import { blank, inTransaction, kampalaToday, likeTerm, nextQualityNumber, qualityPharmacyForRead, qualityPharmacyForWrite, visibleTo } from "../quality-common.js";
import type { AuditFindingInput, QualityAudit, ScheduleQualityAuditInput } from "./audit.type.js";

export type AuditRow = typeof qualityAudits.$inferSelect;
type ItemRow = typeof qualityAuditItems.$inferSelect;

/** The checklist an audit gets when none is sent (a data file with its source). */
export const DEFAULT_CHECKLIST = JSON.parse(readFileSync(new URL("./default-checklist.json", import.meta.url), "utf8")) as {
  version: string;
  source: string;
  items: { code: string; question: string }[];
};

const MAX_ITEMS = 100;
const OPEN_STATUSES = ["scheduled", "in_progress"];

/** Overdue on `today` (Kampala): scheduled date past, neither completed nor cancelled. */
export function auditOverdue(today: string): SQL {
  return and(inArray(qualityAudits.status, OPEN_STATUSES), lt(qualityAudits.scheduledDate, today))!;
}

async function itemsOf(db: Db, auditIds: string[]): Promise<Map<string, (ItemRow & { capaIds: string[] })[]>> {
  const byAudit = new Map<string, (ItemRow & { capaIds: string[] })[]>(auditIds.map((id) => [id, []]));
  if (!auditIds.length) return byAudit;
  const rows = await db.select().from(qualityAuditItems).where(inArray(qualityAuditItems.auditId, auditIds)).orderBy(asc(qualityAuditItems.position));
  const raised = rows.length
    ? await db.select({ id: capas.id, itemId: capas.auditItemId }).from(capas).where(inArray(capas.auditItemId, rows.map((r) => r.id))).orderBy(asc(capas.createdAt), asc(capas.id))
    : [];
  for (const r of rows) byAudit.get(r.auditId)!.push({ ...r, capaIds: raised.filter((c) => c.itemId === r.id).map((c) => c.id) });
  return byAudit;
}

async function toAudits(db: Db, rows: AuditRow[]): Promise<QualityAudit[]> {
  const today = kampalaToday();
  const items = await itemsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, overdue: OPEN_STATUSES.includes(r.status) && r.scheduledDate < today, items: items.get(r.id)! }));
}

const loadAudit = async (db: Db, row: AuditRow): Promise<QualityAudit> => (await toAudits(db, [row]))[0];

/** An audit of another pharmacy is "not found" to staff. */
export async function getAuditRow(db: Db, principal: Principal, id: string, o: { forUpdate?: boolean } = {}): Promise<AuditRow> {
  if (!isUuid(id)) throw notFound("Quality audit", id);
  const q = db.select().from(qualityAudits).where(eq(qualityAudits.id, id));
  const [row] = o.forUpdate ? await q.for("update") : await q;
  if (!row || !visibleTo(principal, row.pharmacyId)) throw notFound("Quality audit", id);
  return row;
}

export async function getAudit(db: Db, principal: Principal, id: string): Promise<QualityAudit> {
  return loadAudit(db, await getAuditRow(db, principal, id));
}

export interface AuditFilters {
  status?: string | null;
  auditType?: string | null;
  result?: string | null;
  overdue?: boolean | null;
  pharmacyId?: string | null;
  /** Scheduled on or after (YYYY-MM-DD). */
  dateFrom?: string | null;
  /** Scheduled on or before (YYYY-MM-DD). */
  dateTo?: string | null;
  /** Part of the number, scope or auditor. */
  search?: string | null;
}

/** Audits by scheduled date, latest first; staff see their pharmacy's. */
export async function listAudits(db: Db, principal: Principal, args: Partial<PageArgs> & AuditFilters): Promise<Page<QualityAudit>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = qualityPharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(qualityAudits.pharmacyId, pharmacyId));
  if (args.status) filters.push(eq(qualityAudits.status, args.status));
  if (args.auditType) filters.push(eq(qualityAudits.auditType, args.auditType));
  if (args.result) filters.push(eq(qualityAudits.result, args.result));
  if (args.overdue != null) filters.push(args.overdue ? auditOverdue(kampalaToday()) : not(auditOverdue(kampalaToday())));
  if (args.dateFrom) filters.push(gte(qualityAudits.scheduledDate, args.dateFrom));
  if (args.dateTo) filters.push(lte(qualityAudits.scheduledDate, args.dateTo));
  if (args.search) {
    const term = likeTerm(args.search);
    filters.push(or(ilike(qualityAudits.auditNumber, term), ilike(qualityAudits.scope, term), ilike(qualityAudits.auditor, term))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(qualityAudits).where(where).orderBy(desc(qualityAudits.scheduledDate), desc(qualityAudits.createdAt), asc(qualityAudits.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(qualityAudits).where(where),
  ]);
  return toPage(await toAudits(db, rows), total, w);
}

/** Schedules an audit with the given checklist, or the default one (status scheduled). */
export async function scheduleAudit(db: Db, principal: Principal, input: ScheduleQualityAuditInput): Promise<QualityAudit> {
  const pharmacy = await qualityPharmacyForWrite(db, principal, input.pharmacyId);
  const errors = new FieldErrorCollector();
  const today = kampalaToday();
  if (input.scheduledDate < today) errors.add("scheduledDate", `must be today (${today}, Kampala) or later`);
  if (blank(input.scope)) errors.add("scope", "must not be blank");
  if (blank(input.auditor)) errors.add("auditor", "must not be blank");
  const custom = input.checklist;
  if (custom && custom.length === 0) errors.add("checklist", "must hold at least one item (leave it out for the default checklist)");
  if (custom && custom.length > MAX_ITEMS) errors.add("checklist", `must hold at most ${MAX_ITEMS} items`);
  const items = (custom ?? DEFAULT_CHECKLIST.items).map((it, i) => ({ code: it.code?.trim() || String(i + 1), question: it.question.trim() }));
  const codes = new Map<string, number>();
  items.forEach((it, i) => {
    if (!it.question) errors.add(`checklist.${i}.question`, "must not be blank");
    if (codes.has(it.code)) errors.add(`checklist.${i}.code`, `is already used by item ${codes.get(it.code)}`);
    else codes.set(it.code, i);
  });
  errors.throwIfAny("Invalid quality audit");

  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(qualityAudits)
      .values({
        auditNumber: await nextQualityNumber(tx, "QA", pharmacy),
        pharmacyId: pharmacy.id,
        auditType: input.auditType,
        scope: input.scope.trim(),
        scheduledDate: input.scheduledDate,
        auditor: input.auditor.trim(),
        checklistSource: custom ? "custom" : DEFAULT_CHECKLIST.version,
        createdBy: principal.sub,
      })
      .returning();
    await tx.insert(qualityAuditItems).values(items.map((it, i) => ({ auditId: row.id, position: i + 1, ...it })));
    return loadAudit(tx, row);
  });
}

/** scheduled → in_progress; repeating returns it unchanged. */
export async function startAudit(db: Db, principal: Principal, id: string): Promise<QualityAudit> {
  await getAuditRow(db, principal, id);
  const row = await inTransaction(db, async (tx) => {
    const current = await getAuditRow(tx, principal, id, { forUpdate: true });
    if (current.status === "in_progress") return current;
    if (current.status !== "scheduled") throw conflict(`A quality audit that is ${current.status} cannot start; allowed from scheduled`);
    const now = new Date();
    const [updated] = await tx.update(qualityAudits).set({ status: "in_progress", startedAt: now, updatedAt: now }).where(eq(qualityAudits.id, id)).returning();
    return updated;
  });
  return loadAudit(db, row);
}

/**
 * Records findings on checklist items while the audit is in progress (409 otherwise). A finding may be
 * changed until completion, except a non-compliance that already raised a CAPA (409).
 */
export async function recordAuditFindings(db: Db, principal: Principal, id: string, findings: AuditFindingInput[]): Promise<QualityAudit> {
  await getAuditRow(db, principal, id);
  const errors = new FieldErrorCollector();
  if (!findings.length) errors.add("findings", "must hold at least one finding");
  const seen = new Set<string>();
  findings.forEach((f, i) => {
    if (seen.has(f.item)) errors.add(`findings.${i}.item`, "is named twice");
    seen.add(f.item);
    if (f.finding !== "compliant" && blank(f.notes)) errors.add(`findings.${i}.notes`, `say what was seen: required for ${f.finding}`);
  });
  errors.throwIfAny("Invalid audit findings");

  const row = await inTransaction(db, async (tx) => {
    const current = await getAuditRow(tx, principal, id, { forUpdate: true });
    if (current.status !== "in_progress") throw conflict(`Findings are recorded while the audit is in progress; it is ${current.status}`);
    const items = (await itemsOf(tx, [id])).get(id)!;
    const byId = new Map(items.map((it) => [it.id, it]));
    const unknown = new FieldErrorCollector();
    findings.forEach((f, i) => !byId.has(f.item) && unknown.add(`findings.${i}.item`, "is not an item of this audit's checklist"));
    unknown.throwIfAny("Invalid audit findings");
    const now = new Date();
    for (const f of findings) {
      const item = byId.get(f.item)!;
      if (item.capaIds.length && f.finding !== "non_compliant") throw conflict(`Item ${item.code} raised a CAPA; its non-compliance stands`);
      await tx
        .update(qualityAuditItems)
        .set({ finding: f.finding, notes: f.notes?.trim() || null, recordedBy: principal.sub, recordedAt: now })
        .where(eq(qualityAuditItems.id, f.item));
    }
    const [updated] = await tx.update(qualityAudits).set({ updatedAt: now }).where(eq(qualityAudits.id, id)).returning();
    return updated;
  });
  return loadAudit(db, row);
}

/**
 * in_progress → completed once every item has a finding (409 naming the rest). Score = compliant ÷
 * (compliant + non-compliant), rounded down; result fail when any finding is non-compliant.
 */
export async function completeAudit(db: Db, principal: Principal, id: string, summary?: string | null): Promise<QualityAudit> {
  await getAuditRow(db, principal, id);
  if (summary && summary.length > 5000) throw fieldError("summary", "must be at most 5000 characters");
  const row = await inTransaction(db, async (tx) => {
    const current = await getAuditRow(tx, principal, id, { forUpdate: true });
    if (current.status === "completed") return current;
    if (current.status !== "in_progress") throw conflict(`A quality audit that is ${current.status} cannot be completed; allowed from in_progress`);
    const items = (await itemsOf(tx, [id])).get(id)!;
    const unassessed = items.filter((it) => !it.finding);
    if (unassessed.length) throw conflict(`${unassessed.length} checklist items have no finding: ${unassessed.map((it) => it.code).join(", ")}`);
    const compliant = items.filter((it) => it.finding === "compliant").length;
    const nonCompliant = items.filter((it) => it.finding === "non_compliant").length;
    const scored = compliant + nonCompliant;
    const now = new Date();
    const [updated] = await tx
      .update(qualityAudits)
      .set({
        status: "completed",
        completedAt: now,
        updatedAt: now,
        scorePercent: scored ? Math.floor((compliant * 100) / scored) : null,
        result: nonCompliant ? "fail" : "pass",
        summary: summary?.trim() || null,
      })
      .where(eq(qualityAudits.id, id))
      .returning();
    return updated;
  });
  return loadAudit(db, row);
}

/** scheduled | in_progress → cancelled, with a reason; cancelling again returns it. */
export async function cancelAudit(db: Db, principal: Principal, id: string, reason: string): Promise<QualityAudit> {
  await getAuditRow(db, principal, id);
  if (blank(reason) || reason.length > 2000) throw fieldError("reason", "must be 1 to 2000 characters");
  const row = await inTransaction(db, async (tx) => {
    const current = await getAuditRow(tx, principal, id, { forUpdate: true });
    if (current.status === "cancelled") return current;
    if (!OPEN_STATUSES.includes(current.status)) throw conflict(`A quality audit that is ${current.status} cannot be cancelled`);
    const now = new Date();
    const [updated] = await tx.update(qualityAudits).set({ status: "cancelled", cancelledAt: now, cancelReason: reason.trim(), updatedAt: now }).where(eq(qualityAudits.id, id)).returning();
    return updated;
  });
  return loadAudit(db, row);
}
