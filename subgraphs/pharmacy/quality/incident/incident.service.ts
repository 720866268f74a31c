import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { capas, dispenses, qualityIncidents, salesTransactions } from "../../db/tables.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { blank, inTransaction, likeTerm, nextQualityNumber, qualityPharmacyForRead, qualityPharmacyForWrite, visibleTo } from "../quality-common.js";
import { checkAttachments } from "./attachment.js";
import type { QualityIncident, ReportQualityIncidentInput } from "./incident.type.js";

export type IncidentRow = typeof qualityIncidents.$inferSelect;

async function capaIdsOf(db: Db, incidentIds: string[]): Promise<Map<string, string[]>> {
  const byIncident = new Map<string, string[]>(incidentIds.map((id) => [id, []]));
  if (!incidentIds.length) return byIncident;
  const rows = await db.select({ id: capas.id, incidentId: capas.incidentId }).from(capas).where(inArray(capas.incidentId, incidentIds)).orderBy(capas.createdAt, capas.id);
  for (const r of rows) byIncident.get(r.incidentId!)!.push(r.id);
  return byIncident;
}

const toIncident = (row: IncidentRow, capaIds: string[]): QualityIncident => ({ ...row, capaIds });

async function loadIncident(db: Db, row: IncidentRow): Promise<QualityIncident> {
  return toIncident(row, (await capaIdsOf(db, [row.id])).get(row.id)!);
}

/** An incident of another pharmacy is "not found" to staff. */
export async function getIncidentRow(db: Db, principal: Principal, id: string, o: { forUpdate?: boolean } = {}): Promise<IncidentRow> {
  if (!isUuid(id)) throw notFound("Quality incident", id);
  const q = db.select().from(qualityIncidents).where(eq(qualityIncidents.id, id));
  const [row] = o.forUpdate ? await q.for("update") : await q;
  if (!row || !visibleTo(principal, row.pharmacyId)) throw notFound("Quality incident", id);
  return row;
}

export async function getIncident(db: Db, principal: Principal, id: string): Promise<QualityIncident> {
  return loadIncident(db, await getIncidentRow(db, principal, id));
}

export interface IncidentFilters {
  status?: string | null;
  severity?: string | null;
  category?: string | null;
  pharmacyId?: string | null;
  /** Reported at or after. */
  dateFrom?: Date | null;
  /** Reported before (exclusive). */
  dateTo?: Date | null;
  medicationCode?: string | null;
  /** Part of the number, summary or details. */
  search?: string | null;
}

/** Incidents, newest first; staff see their pharmacy's. */
export async function listIncidents(db: Db, principal: Principal, args: Partial<PageArgs> & IncidentFilters): Promise<Page<QualityIncident>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = qualityPharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(qualityIncidents.pharmacyId, pharmacyId));
  if (args.status) filters.push(eq(qualityIncidents.status, args.status));
  if (args.severity) filters.push(eq(qualityIncidents.severity, args.severity));
  if (args.category) filters.push(eq(qualityIncidents.category, args.category));
  if (args.dateFrom) filters.push(gte(qualityIncidents.createdAt, args.dateFrom));
  if (args.dateTo) filters.push(lt(qualityIncidents.createdAt, args.dateTo));
  if (args.medicationCode) filters.push(eq(qualityIncidents.medicationCode, args.medicationCode.trim()));
  if (args.search) {
    const term = likeTerm(args.search);
    filters.push(or(ilike(qualityIncidents.incidentNumber, term), ilike(qualityIncidents.summary, term), ilike(qualityIncidents.details, term))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(qualityIncidents).where(where).orderBy(desc(qualityIncidents.createdAt), desc(qualityIncidents.incidentNumber)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(qualityIncidents).where(where),
  ]);
  const ids = await capaIdsOf(db, rows.map((r) => r.id));
  return toPage(rows.map((r) => toIncident(r, ids.get(r.id)!)), total, w);
}

/**
 * Reports an incident (status open). Every problem is reported at once: attachments, a medication
 * code outside the catalog, a dispense or sale that is not this pharmacy's, an NCC MERP category on
 * an incident that is not a medication error, a time in the future.
 */
export async function reportIncident(db: Db, principal: Principal, input: ReportQualityIncidentInput): Promise<QualityIncident> {
  const pharmacy = await qualityPharmacyForWrite(db, principal, input.pharmacyId);
  const errors = new FieldErrorCollector();
  if (blank(input.reportedBy)) errors.add("reportedBy", "must not be blank");
  if (blank(input.summary)) errors.add("summary", "must not be blank");
  const category = input.category ?? "other";
  if (input.nccMerpCategory) {
    if (category !== "dispensing_error" && category !== "near_miss") errors.add("nccMerpCategory", "applies to medication errors only (category dispensing_error or near_miss)");
    else if (category === "near_miss" && !["A", "B"].includes(input.nccMerpCategory)) errors.add("nccMerpCategory", "a near miss did not reach the patient: NCC MERP category A or B");
  }
  if (input.occurredAt && input.occurredAt.getTime() > Date.now() + 60_000) errors.add("occurredAt", "must not be in the future");
  const medicationCode = input.medicationCode?.trim() || null;
  if (medicationCode && !medicationByCode(medicationCode)) errors.add("medicationCode", "is not in the medication catalog (/api/v1/pharmacy/inventory/medications/)");
  if (input.dispenseId) {
    const [d] = isUuid(input.dispenseId) ? await db.select({ pharmacyId: dispenses.pharmacyId }).from(dispenses).where(eq(dispenses.id, input.dispenseId)) : [];
    if (!d || d.pharmacyId !== pharmacy.id) errors.add("dispenseId", "no such dispense at this pharmacy");
  }
  if (input.transactionId) {
    const [t] = isUuid(input.transactionId) ? await db.select({ pharmacyId: salesTransactions.pharmacyId }).from(salesTransactions).where(eq(salesTransactions.id, input.transactionId)) : [];
    if (!t || t.pharmacyId !== pharmacy.id) errors.add("transactionId", "no such sales transaction at this pharmacy");
  }
  const attachments = checkAttachments(input.attachments ?? [], errors);
  errors.throwIfAny("Invalid quality incident");

  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(qualityIncidents)
      .values({
        incidentNumber: await nextQualityNumber(tx, "QI", pharmacy),
        pharmacyId: pharmacy.id,
        reportedBy: input.reportedBy.trim(),
        summary: input.summary.trim(),
        details: input.details?.trim() ?? "",
        severity: input.severity,
        category,
        nccMerpCategory: input.nccMerpCategory ?? null,
        occurredAt: input.occurredAt ?? null,
        medicationCode,
        lotNumber: input.lotNumber?.trim() || null,
        dispenseId: input.dispenseId ?? null,
        transactionId: input.transactionId ?? null,
        attachments,
        createdBy: principal.sub,
      })
      .returning();
    return toIncident(row, []);
  });
}

export type IncidentAction = "investigate" | "close" | "reopen";

export interface IncidentTransitionInput {
  rootCause?: string | null;
  outcome?: string | null;
  reason?: string | null;
}

const TRANSITIONS = {
  investigate: { to: "investigating", from: ["open"] },
  close: { to: "closed", from: ["investigating"] },
  reopen: { to: "investigating", from: ["closed"] },
} as const;

/**
 * investigate (open → investigating), close (investigating → closed, with a root cause and an
 * outcome), reopen (closed → investigating, with a reason), under a row lock; other moves are 409.
 * Repeating investigate or close returns the incident unchanged (a retried click is harmless).
 */
export async function transitionIncident(db: Db, principal: Principal, id: string, action: IncidentAction, input: IncidentTransitionInput = {}): Promise<QualityIncident> {
  const t = TRANSITIONS[action];
  await getIncidentRow(db, principal, id);
  const errors = new FieldErrorCollector();
  if (action === "close") {
    if (blank(input.rootCause)) errors.add("rootCause", "is required to close an incident");
    if (blank(input.outcome)) errors.add("outcome", "is required to close an incident");
  }
  if (action === "reopen" && blank(input.reason)) errors.add("reason", "is required to reopen an incident");
  for (const field of ["rootCause", "outcome", "reason"] as const) if ((input[field]?.length ?? 0) > 5000) errors.add(field, "must be at most 5000 characters");
  errors.throwIfAny("Invalid incident transition");

  const row = await inTransaction(db, async (tx) => {
    const current = await getIncidentRow(tx, principal, id, { forUpdate: true });
    if (action !== "reopen" && current.status === t.to) return current;
    if (!(t.from as readonly string[]).includes(current.status)) {
      throw conflict(`A quality incident that is ${current.status} cannot ${action}; allowed from ${t.from.join(" or ")}`);
    }
    const now = new Date();
    const change: Partial<IncidentRow> = { status: t.to, updatedAt: now };
    if (action === "investigate") Object.assign(change, { investigator: principal.sub, investigationStartedAt: now });
    if (action === "close") Object.assign(change, { rootCause: input.rootCause!.trim(), outcome: input.outcome!.trim(), closedBy: principal.sub, closedAt: now });
    if (action === "reopen") Object.assign(change, { reopenReason: input.reason!.trim(), reopenCount: current.reopenCount + 1, closedAt: null, closedBy: null });
    const [updated] = await tx.update(qualityIncidents).set(change).where(eq(qualityIncidents.id, id)).returning();
    return updated;
  });
  return loadIncident(db, row);
}
