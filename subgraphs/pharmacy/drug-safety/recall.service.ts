/**
 * Drug recalls (spec: /api/v1/drug-safety/recalls/). An active recall holds its lots at every pharmacy:
 * the stock ledger never draws them for a sale, dispense or compounding (inventory/holds.ts), until an
 * admin closes the recall. docs/decisions/pharmacy.md, "Recalls".
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, FieldErrorCollector, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { drugRecalls, inventoryItems, stockBatches } from "../db/tables.js";
import { normalLot } from "../inventory/holds.js";
import { kampalaToday } from "../inventory/ledger.js";
import { medicationByCode } from "../inventory/medications/catalog.js";
import { RECALL_CLASSES, RECALL_STATUSES, type CloseDrugRecallInput, type CreateDrugRecallInput, type DrugRecall, type RecalledBatch } from "./recall.type.js";

type RecallRow = typeof drugRecalls.$inferSelect;

const likeTerm = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Recalled units on the shelf per recall (staff: their pharmacy only). */
async function affectedBatchesOf(db: Db, recalls: RecallRow[], pharmacyId: string | undefined): Promise<Map<string, RecalledBatch[]>> {
  const out = new Map<string, RecalledBatch[]>(recalls.map((r) => [r.id, []]));
  const active = recalls.filter((r) => r.status === "active");
  if (!active.length) return out;
  const conds: SQL[] = [inArray(inventoryItems.medicationCode, [...new Set(active.map((r) => r.medicationCode))]), sql`${stockBatches.quantity} > 0`];
  if (pharmacyId) conds.push(eq(stockBatches.pharmacyId, pharmacyId));
  const rows = await db
    .select({ pharmacyId: stockBatches.pharmacyId, inventoryItem: stockBatches.inventoryItemId, batchId: stockBatches.id, lotNumber: stockBatches.lotNumber, expiryDate: stockBatches.expiryDate, quantity: stockBatches.quantity, code: inventoryItems.medicationCode })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(...conds))
    .orderBy(stockBatches.pharmacyId, stockBatches.lotNumber, stockBatches.id);
  for (const r of active) {
    const lots = r.lotNumbers.map(normalLot);
    out.set(
      r.id,
      rows.filter((b) => b.code === r.medicationCode && (!lots.length || (b.lotNumber !== null && lots.includes(normalLot(b.lotNumber))))).map(({ code: _c, ...b }) => b),
    );
  }
  return out;
}

function toRecall(r: RecallRow, batches: RecalledBatch[]): DrugRecall {
  return { ...r, medicationName: medicationByCode(r.medicationCode)?.genericName ?? null, active: r.status === "active", affectedBatches: batches, affectedUnits: batches.reduce((n, b) => n + b.quantity, 0) };
}

/** Records a recall; from then its lots are held everywhere. One active recall per notice and medication (409). */
export async function createRecall(db: Db, principal: Principal, input: CreateDrugRecallInput): Promise<DrugRecall> {
  const errors = new FieldErrorCollector();
  const code = input.medicationCode.trim();
  if (!medicationByCode(code)) errors.add("medicationCode", "is not in the medication catalog");
  if (!RECALL_CLASSES.includes(input.recallClass as (typeof RECALL_CLASSES)[number])) errors.add("recallClass", "must be I, II or III");
  const lots = (input.lotNumbers ?? []).map((l) => l.trim());
  lots.forEach((l, i) => {
    if (!l || l.length > 64) errors.add(`lotNumbers.${i}`, "must be 1 to 64 characters");
  });
  if (new Set(lots.map(normalLot)).size !== lots.length) errors.add("lotNumbers", "lists a lot twice");
  if (input.recallDate > kampalaToday()) errors.add("recallDate", "may not be in the future");
  if (!input.reason.trim()) errors.add("reason", "must say why");
  if (!input.issuingAuthority.trim()) errors.add("issuingAuthority", "is required");
  if (!input.authorityReference.trim()) errors.add("authorityReference", "is required");
  errors.throwIfAny("Invalid recall");
  const row = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Serialise creates of one medication's recalls, so two clicks cannot record the notice twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recall:${code}`}))`);
    const [dup] = await tx
      .select({ id: drugRecalls.id })
      .from(drugRecalls)
      .where(and(eq(drugRecalls.medicationCode, code), eq(drugRecalls.status, "active"), sql`lower(${drugRecalls.authorityReference}) = lower(${input.authorityReference.trim()})`));
    if (dup) throw conflict(`Recall ${input.authorityReference.trim()} of ${code} is already recorded and active (recall ${dup.id})`);
    const [r] = await tx
      .insert(drugRecalls)
      .values({
        medicationCode: code,
        lotNumbers: lots,
        recallClass: input.recallClass,
        reason: input.reason.trim(),
        recallDate: input.recallDate,
        issuingAuthority: input.issuingAuthority.trim(),
        authorityReference: input.authorityReference.trim(),
        notes: input.notes ?? null,
        createdBy: principal.sub,
      })
      .returning();
    return r;
  });
  return getRecall(db, principal, row.id);
}

export async function getRecall(db: Db, principal: Principal, id: string): Promise<DrugRecall> {
  if (!isUuid(id)) throw notFound("Recall", id);
  const [row] = await db.select().from(drugRecalls).where(eq(drugRecalls.id, id));
  if (!row) throw notFound("Recall", id);
  return toRecall(row, (await affectedBatchesOf(db, [row], principal.pharmacyId)).get(row.id)!);
}

export interface RecallFilters {
  medicationCode?: string | null;
  recallClass?: string | null;
  status?: string | null;
  active?: boolean | null;
  /** Part of the reason, reference, authority or a lot number. */
  search?: string | null;
}

/** Recalls, newest notice first. */
export async function listRecalls(db: Db, principal: Principal, f: Partial<PageArgs> & RecallFilters): Promise<Page<DrugRecall>> {
  const w = pageWindow(f);
  if (f.recallClass && !RECALL_CLASSES.includes(f.recallClass as (typeof RECALL_CLASSES)[number])) throw fieldError("recallClass", "must be I, II or III");
  if (f.status && !RECALL_STATUSES.includes(f.status as (typeof RECALL_STATUSES)[number])) throw fieldError("status", "must be active or closed");
  const conds: SQL[] = [];
  if (f.medicationCode) conds.push(eq(drugRecalls.medicationCode, f.medicationCode.trim()));
  if (f.recallClass) conds.push(eq(drugRecalls.recallClass, f.recallClass));
  if (f.status) conds.push(eq(drugRecalls.status, f.status));
  if (f.active !== null && f.active !== undefined) conds.push(eq(drugRecalls.status, f.active ? "active" : "closed"));
  if (f.search) {
    const t = likeTerm(f.search);
    conds.push(
      or(
        ilike(drugRecalls.reason, t),
        ilike(drugRecalls.authorityReference, t),
        ilike(drugRecalls.issuingAuthority, t),
        sql`exists (select 1 from unnest(${drugRecalls.lotNumbers}) l where l ilike ${t})`,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(drugRecalls).where(where).orderBy(desc(drugRecalls.recallDate), desc(drugRecalls.createdAt), desc(drugRecalls.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(drugRecalls).where(where),
  ]);
  const batches = await affectedBatchesOf(db, rows, principal.pharmacyId);
  return toPage(rows.map((r) => toRecall(r, batches.get(r.id)!)), total, w);
}

/** Closes an active recall (its lots become sellable again); a closed one is 409. */
export async function closeRecall(db: Db, principal: Principal, id: string, input: CloseDrugRecallInput | null): Promise<DrugRecall> {
  if (!isUuid(id)) throw notFound("Recall", id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(drugRecalls).where(eq(drugRecalls.id, id)).for("update");
    if (!row) throw notFound("Recall", id);
    if (row.status === "closed") throw conflict(`Recall ${id} was closed on ${row.closedAt?.toISOString()} by ${row.closedBy}`);
    await tx.update(drugRecalls).set({ status: "closed", closedAt: sql`now()`, closedBy: principal.sub, closeReason: input?.reason?.trim() || null }).where(eq(drugRecalls.id, id));
  });
  return getRecall(db, principal, id);
}
