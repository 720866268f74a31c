import { and, asc, count, desc, eq, ilike, inArray, lt, max, not, or, type SQL } from "drizzle-orm";
import type { Principal } from "../../../../lib/auth.js";
import type { Db } from "../../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../../lib/errors.js";
import { isUuid } from "../../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../../lib/pagination.js";
import { capaActions, capas, pharmacies, qualityAuditItems, qualityAudits, qualityIncidents } from "../../db/tables.js";
import { blank, inTransaction, kampalaToday, likeTerm, nextQualityNumber, qualityPharmacyForRead, visibleTo } from "../quality-common.js";
import type { Capa, CreateCapaInput } from "./capa.type.js";

export type CapaRow = typeof capas.$inferSelect;
type ActionRow = typeof capaActions.$inferSelect;

/** Most actions one CAPA may have. */
const MAX_ACTIONS = 50;

/**
 * Overdue on `today` (Kampala): open or in progress past the due date, or implemented past the
 * planned effectiveness check. Closed CAPAs are never overdue.
 */
export function capaOverdue(today: string): SQL {
  return or(
    and(inArray(capas.status, ["open", "in_progress"]), lt(capas.dueDate, today)),
    and(eq(capas.status, "implemented"), lt(capas.effectivenessCheckDate, today)),
  )!;
}

export function isCapaOverdue(row: Pick<CapaRow, "status" | "dueDate" | "effectivenessCheckDate">, today: string): boolean {
  if (row.status === "open" || row.status === "in_progress") return row.dueDate < today;
  return row.status === "implemented" && row.effectivenessCheckDate !== null && row.effectivenessCheckDate < today;
}

async function actionsOf(db: Db, capaIds: string[]): Promise<Map<string, ActionRow[]>> {
  const byCapa = new Map<string, ActionRow[]>(capaIds.map((id) => [id, []]));
  if (!capaIds.length) return byCapa;
  const rows = await db.select().from(capaActions).where(inArray(capaActions.capaId, capaIds)).orderBy(asc(capaActions.position));
  for (const r of rows) byCapa.get(r.capaId)!.push(r);
  return byCapa;
}

async function auditsOfFindings(db: Db, itemIds: string[]): Promise<Map<string, string>> {
  if (!itemIds.length) return new Map();
  const rows = await db.select({ id: qualityAuditItems.id, auditId: qualityAuditItems.auditId }).from(qualityAuditItems).where(inArray(qualityAuditItems.id, itemIds));
  return new Map(rows.map((r) => [r.id, r.auditId]));
}

async function toCapas(db: Db, rows: CapaRow[]): Promise<Capa[]> {
  const today = kampalaToday();
  const [actions, audits] = await Promise.all([actionsOf(db, rows.map((r) => r.id)), auditsOfFindings(db, rows.flatMap((r) => (r.auditItemId ? [r.auditItemId] : [])))]);
  return rows.map((r) => ({
    ...r,
    auditFindingId: r.auditItemId,
    auditId: r.auditItemId ? audits.get(r.auditItemId)! : null,
    overdue: isCapaOverdue(r, today),
    actions: actions.get(r.id)!,
  }));
}

const loadCapa = async (db: Db, row: CapaRow): Promise<Capa> => (await toCapas(db, [row]))[0];

/** A CAPA of another pharmacy is "not found" to staff. */
export async function getCapaRow(db: Db, principal: Principal, id: string, o: { forUpdate?: boolean } = {}): Promise<CapaRow> {
  if (!isUuid(id)) throw notFound("CAPA", id);
  const q = db.select().from(capas).where(eq(capas.id, id));
  const [row] = o.forUpdate ? await q.for("update") : await q;
  if (!row || !visibleTo(principal, row.pharmacyId)) throw notFound("CAPA", id);
  return row;
}

export async function getCapa(db: Db, principal: Principal, id: string): Promise<Capa> {
  return loadCapa(db, await getCapaRow(db, principal, id));
}

export interface CapaFilters {
  status?: string | null;
  capaType?: string | null;
  owner?: string | null;
  overdue?: boolean | null;
  incident?: string | null;
  audit?: string | null;
  pharmacyId?: string | null;
  /** Part of the number or description. */
  search?: string | null;
}

/** CAPAs by due date, soonest first; staff see their pharmacy's. */
export async function listCapas(db: Db, principal: Principal, args: Partial<PageArgs> & CapaFilters): Promise<Page<Capa>> {
  const w = pageWindow(args);
  const filters: SQL[] = [];
  const pharmacyId = qualityPharmacyForRead(principal, args.pharmacyId);
  if (pharmacyId) filters.push(eq(capas.pharmacyId, pharmacyId));
  if (args.status) filters.push(eq(capas.status, args.status));
  if (args.capaType) filters.push(eq(capas.capaType, args.capaType));
  if (args.owner) filters.push(ilike(capas.owner, args.owner.trim().replace(/[\\%_]/g, (c) => `\\${c}`)));
  if (args.overdue != null) filters.push(args.overdue ? capaOverdue(kampalaToday()) : not(capaOverdue(kampalaToday())));
  if (args.incident) {
    if (!isUuid(args.incident)) throw fieldError("incident", "must be an incident id (UUID)");
    filters.push(eq(capas.incidentId, args.incident));
  }
  if (args.audit) {
    if (!isUuid(args.audit)) throw fieldError("audit", "must be an audit id (UUID)");
    filters.push(inArray(capas.auditItemId, db.select({ id: qualityAuditItems.id }).from(qualityAuditItems).where(eq(qualityAuditItems.auditId, args.audit))));
  }
  if (args.search) filters.push(or(ilike(capas.capaNumber, likeTerm(args.search)), ilike(capas.description, likeTerm(args.search)))!);
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(capas).where(where).orderBy(asc(capas.dueDate), desc(capas.createdAt), asc(capas.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(capas).where(where),
  ]);
  return toPage(await toCapas(db, rows), total, w);
}

/**
 * Raises a CAPA against one incident (not closed) or one non-compliant finding of an audit that is in
 * progress or completed; the CAPA belongs to their pharmacy. Unknown or invisible sources are 404.
 */
export async function createCapa(db: Db, principal: Principal, input: CreateCapaInput): Promise<Capa> {
  const errors = new FieldErrorCollector();
  if (!input.incidentId === !input.auditFindingId) errors.add(input.incidentId ? "auditFindingId" : "incidentId", "give exactly one of incident_id or audit_finding_id");
  if (blank(input.description)) errors.add("description", "must not be blank");
  if (blank(input.owner)) errors.add("owner", "must not be blank");
  const today = kampalaToday();
  if (input.dueDate < today) errors.add("dueDate", `must be today (${today}, Kampala) or later`);
  if (input.effectivenessCheckDate && input.effectivenessCheckDate < input.dueDate) errors.add("effectivenessCheckDate", "must be on or after the due date");
  const actions = input.actions ?? [];
  if (actions.length > MAX_ACTIONS) errors.add("actions", `must hold at most ${MAX_ACTIONS} actions`);
  actions.forEach((a, i) => blank(a.description) && errors.add(`actions.${i}.description`, "must not be blank"));
  errors.throwIfAny("Invalid CAPA");

  return inTransaction(db, async (tx) => {
    let pharmacyId: string;
    if (input.incidentId) {
      const [incident] = isUuid(input.incidentId) ? await tx.select().from(qualityIncidents).where(eq(qualityIncidents.id, input.incidentId)).for("update") : [];
      if (!incident || !visibleTo(principal, incident.pharmacyId)) throw notFound("Quality incident", input.incidentId);
      if (incident.status === "closed") throw conflict("The incident is closed; reopen it to raise a CAPA against it");
      pharmacyId = incident.pharmacyId;
    } else {
      const id = input.auditFindingId!;
      const [found] = isUuid(id)
        ? await tx.select({ item: qualityAuditItems, audit: qualityAudits }).from(qualityAuditItems).innerJoin(qualityAudits, eq(qualityAudits.id, qualityAuditItems.auditId)).where(eq(qualityAuditItems.id, id)).for("update")
        : [];
      if (!found || !visibleTo(principal, found.audit.pharmacyId)) throw notFound("Audit finding", id);
      if (found.item.finding !== "non_compliant") throw conflict(`Only a non-compliant finding raises a CAPA; this one is ${found.item.finding ?? "not assessed yet"}`);
      if (found.audit.status === "cancelled") throw conflict("The audit was cancelled");
      pharmacyId = found.audit.pharmacyId;
    }
    const [pharmacy] = await tx.select({ id: pharmacies.id, code: pharmacies.code }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
    const [row] = await tx
      .insert(capas)
      .values({
        capaNumber: await nextQualityNumber(tx, "CAPA", pharmacy),
        pharmacyId,
        incidentId: input.incidentId ?? null,
        auditItemId: input.auditFindingId ?? null,
        capaType: input.capaType,
        description: input.description.trim(),
        owner: input.owner.trim(),
        dueDate: input.dueDate,
        effectivenessCheckDate: input.effectivenessCheckDate ?? null,
        createdBy: principal.sub,
      })
      .returning();
    if (actions.length) await tx.insert(capaActions).values(actions.map((a, i) => ({ capaId: row.id, position: i + 1, description: a.description.trim() })));
    return loadCapa(tx, row);
  });
}

/** Adds an action to a CAPA that is open or in progress (after an ineffective check, new actions go here). */
export async function addCapaAction(db: Db, principal: Principal, id: string, description: string): Promise<Capa> {
  await getCapaRow(db, principal, id);
  if (blank(description) || description.length > 2000) throw fieldError("description", "must be 1 to 2000 characters");
  const row = await inTransaction(db, async (tx) => {
    const current = await getCapaRow(tx, principal, id, { forUpdate: true });
    if (current.status !== "open" && current.status !== "in_progress") throw conflict(`A CAPA that is ${current.status} takes no new actions`);
    const [{ last }] = await tx.select({ last: max(capaActions.position) }).from(capaActions).where(eq(capaActions.capaId, id));
    if ((last ?? 0) >= MAX_ACTIONS) throw conflict(`A CAPA holds at most ${MAX_ACTIONS} actions`);
    await tx.insert(capaActions).values({ capaId: id, position: (last ?? 0) + 1, description: description.trim() });
    const [updated] = await tx.update(capas).set({ updatedAt: new Date() }).where(eq(capas.id, id)).returning();
    return updated;
  });
  return loadCapa(db, row);
}

/** Marks one action done while the CAPA is in progress (409 otherwise); marking it again changes nothing. */
export async function completeCapaAction(db: Db, principal: Principal, id: string, actionId: string, notes?: string | null): Promise<Capa> {
  await getCapaRow(db, principal, id);
  if (notes && notes.length > 2000) throw fieldError("notes", "must be at most 2000 characters");
  const row = await inTransaction(db, async (tx) => {
    const current = await getCapaRow(tx, principal, id, { forUpdate: true });
    const [action] = isUuid(actionId) ? await tx.select().from(capaActions).where(and(eq(capaActions.id, actionId), eq(capaActions.capaId, id))) : [];
    if (!action) throw notFound("CAPA action", actionId);
    if (action.done) return current;
    if (current.status !== "in_progress") throw conflict(`Actions are completed while the CAPA is in progress; it is ${current.status}`);
    const now = new Date();
    await tx.update(capaActions).set({ done: true, doneAt: now, doneBy: principal.sub, notes: notes?.trim() || null }).where(eq(capaActions.id, actionId));
    const [updated] = await tx.update(capas).set({ updatedAt: now }).where(eq(capas.id, id)).returning();
    return updated;
  });
  return loadCapa(db, row);
}

/** open → in_progress. */
export async function startCapa(db: Db, principal: Principal, id: string): Promise<Capa> {
  await getCapaRow(db, principal, id);
  const row = await inTransaction(db, async (tx) => {
    const current = await getCapaRow(tx, principal, id, { forUpdate: true });
    if (current.status === "in_progress") return current;
    if (current.status !== "open") throw conflict(`A CAPA that is ${current.status} cannot start; allowed from open`);
    const now = new Date();
    const [updated] = await tx.update(capas).set({ status: "in_progress", startedAt: current.startedAt ?? now, updatedAt: now }).where(eq(capas.id, id)).returning();
    return updated;
  });
  return loadCapa(db, row);
}

/**
 * in_progress → implemented: every action done (409 naming how many are not), and an effectiveness
 * check planned (given here or at creation; 400 otherwise).
 */
export async function implementCapa(db: Db, principal: Principal, id: string, effectivenessCheckDate?: string | null): Promise<Capa> {
  await getCapaRow(db, principal, id);
  const today = kampalaToday();
  if (effectivenessCheckDate && effectivenessCheckDate < today) throw fieldError("effectivenessCheckDate", `must be today (${today}, Kampala) or later`);
  const row = await inTransaction(db, async (tx) => {
    const current = await getCapaRow(tx, principal, id, { forUpdate: true });
    if (current.status === "implemented") return current;
    if (current.status !== "in_progress") throw conflict(`A CAPA that is ${current.status} cannot be implemented; allowed from in_progress`);
    const actions = (await actionsOf(tx, [id])).get(id)!;
    if (!actions.length) throw conflict("A CAPA with no actions cannot be implemented; add its actions first");
    const open = actions.filter((a) => !a.done);
    if (open.length) throw conflict(`${open.length} of ${actions.length} actions are not done (${open.map((a) => a.position).join(", ")})`);
    const checkDate = effectivenessCheckDate ?? current.effectivenessCheckDate;
    if (!checkDate || checkDate < today) throw fieldError("effectivenessCheckDate", `plan the effectiveness check: today (${today}, Kampala) or later`);
    // As at creation: the check looks at the CAPA's effect, so not before its due date.
    if (checkDate < current.dueDate) throw fieldError("effectivenessCheckDate", `must be on or after the due date (${current.dueDate})`);
    const now = new Date();
    const [updated] = await tx.update(capas).set({ status: "implemented", implementedAt: now, effectivenessCheckDate: checkDate, updatedAt: now }).where(eq(capas.id, id)).returning();
    return updated;
  });
  return loadCapa(db, row);
}

/**
 * The effectiveness check of an implemented CAPA: effective → closed; ineffective → back to
 * in_progress (notes required; a new due date may be given) for further actions.
 */
export async function checkCapaEffectiveness(db: Db, principal: Principal, id: string, input: { result: string; notes?: string | null; dueDate?: string | null }): Promise<Capa> {
  await getCapaRow(db, principal, id);
  const errors = new FieldErrorCollector();
  const today = kampalaToday();
  if (input.result === "ineffective" && blank(input.notes)) errors.add("notes", "say why the actions were not effective");
  if (input.notes && input.notes.length > 5000) errors.add("notes", "must be at most 5000 characters");
  if (input.dueDate && input.result !== "ineffective") errors.add("dueDate", "is set only when the check is ineffective");
  else if (input.dueDate && input.dueDate < today) errors.add("dueDate", `must be today (${today}, Kampala) or later`);
  errors.throwIfAny("Invalid effectiveness check");
  const row = await inTransaction(db, async (tx) => {
    const current = await getCapaRow(tx, principal, id, { forUpdate: true });
    if (current.status !== "implemented") throw conflict(`Effectiveness is checked on an implemented CAPA; this one is ${current.status}`);
    const now = new Date();
    const recorded = { effectivenessResult: input.result, effectivenessNotes: input.notes?.trim() || null, effectivenessVerifiedBy: principal.sub, effectivenessVerifiedAt: now, updatedAt: now };
    const change =
      input.result === "effective"
        ? { ...recorded, status: "closed", closedAt: now }
        : { ...recorded, status: "in_progress", ineffectiveChecks: current.ineffectiveChecks + 1, implementedAt: null, effectivenessCheckDate: null, ...(input.dueDate ? { dueDate: input.dueDate } : {}) };
    const [updated] = await tx.update(capas).set(change).where(eq(capas.id, id)).returning();
    return updated;
  });
  return loadCapa(db, row);
}
