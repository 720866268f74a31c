/** Excursions: views with their held stock and notification, lists, and closing with a disposition. */
import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { conflict, fieldError, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { coldChainExcursions, stockBatches, stockHolds } from "../db/tables.js";
import { outboxStatus } from "../outbox/outbox.service.js";
import { coldChainPharmacy, subjectsById } from "./cold-chain-common.js";
import { recordExcursionHolds } from "./excursion-holds.js";
import { DISPOSITIONS, EXCURSION_STATUSES, type CloseExcursionInput, type ColdChainExcursion, type ExcursionAffectedStock } from "./excursion.type.js";

type ExcursionRow = typeof coldChainExcursions.$inferSelect;

/** Excursion rows as the API shows them: subject, held stock, notification status. */
export async function toExcursions(db: Db, rows: ExcursionRow[]): Promise<ColdChainExcursion[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [subjects, holds, messages] = await Promise.all([
    subjectsById(db, rows.map((r) => r.subjectId)),
    db
      .select({ hold: stockHolds, batch: stockBatches })
      .from(stockHolds)
      .leftJoin(stockBatches, eq(stockBatches.id, stockHolds.batchId))
      .where(and(eq(stockHolds.reasonType, "cold_chain_excursion"), inArray(stockHolds.reasonId, ids)))
      .orderBy(stockHolds.medicationCode, stockHolds.lotNumber, stockHolds.id),
    outboxStatus(db, rows.map((r) => r.outboxMessageId).filter((x): x is string => !!x)),
  ]);
  return rows.map((r) => {
    const affected: ExcursionAffectedStock[] = holds
      .filter((h) => h.hold.reasonId === r.id)
      .map(({ hold, batch }) => ({
        holdId: hold.id,
        batchId: hold.batchId,
        inventoryItem: batch?.inventoryItemId ?? null,
        medicationCode: hold.medicationCode,
        lotNumber: hold.lotNumber,
        expiryDate: batch?.expiryDate ?? null,
        quantityAtHold: hold.quantityAtHold,
        quantity: batch?.quantity ?? null,
        held: hold.releasedAt === null,
        releasedAt: hold.releasedAt,
      }));
    const m = r.outboxMessageId ? messages.get(r.outboxMessageId) : undefined;
    return {
      ...r,
      storageUnitId: r.subjectType === "storage_unit" ? r.subjectId : null,
      transportId: r.subjectType === "transport" ? r.subjectId : null,
      subjectName: subjects.get(r.subjectId)?.name ?? r.subjectId,
      ongoing: r.endedAt === null,
      affectedStock: affected,
      notificationStatus: m ? (m.status === "pending" || m.status === "processing" ? "queued" : m.status) : null,
      notificationId: m?.notificationId ?? null,
    };
  });
}

export async function excursionsByIds(db: Db, ids: string[]): Promise<ColdChainExcursion[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(coldChainExcursions).where(inArray(coldChainExcursions.id, ids)).orderBy(coldChainExcursions.startedAt);
  return toExcursions(db, rows);
}

async function excursionRow(db: Db, principal: Principal, id: string): Promise<ExcursionRow> {
  if (!isUuid(id)) throw notFound("Excursion", id);
  const [row] = await db.select().from(coldChainExcursions).where(eq(coldChainExcursions.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Excursion", id);
  return row;
}

export async function getExcursion(db: Db, principal: Principal, id: string): Promise<ColdChainExcursion> {
  return (await toExcursions(db, [await excursionRow(db, principal, id)]))[0];
}

export interface ExcursionFilters {
  pharmacyId?: string | null;
  storageUnitId?: string | null;
  transportId?: string | null;
  status?: string | null;
  /** Only those whose readings are still out of range. */
  ongoing?: boolean | null;
  /** Started at or after. */
  dateFrom?: Date | null;
  /** Started before. */
  dateTo?: Date | null;
}

/** Excursions, latest start first. */
export async function listExcursions(db: Db, principal: Principal, f: Partial<PageArgs> & ExcursionFilters): Promise<Page<ColdChainExcursion>> {
  const w = pageWindow(f);
  const conds: SQL[] = [];
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId);
  if (pharmacyId) conds.push(eq(coldChainExcursions.pharmacyId, pharmacyId));
  if (f.status && !EXCURSION_STATUSES.includes(f.status as (typeof EXCURSION_STATUSES)[number])) throw fieldError("status", "must be open or closed");
  for (const [field, v] of [["storageUnitId", f.storageUnitId], ["transportId", f.transportId]] as const) {
    if (v && !isUuid(v)) throw fieldError(field, "must be an id (UUID)");
  }
  if (f.storageUnitId) conds.push(and(eq(coldChainExcursions.subjectType, "storage_unit"), eq(coldChainExcursions.subjectId, f.storageUnitId))!);
  if (f.transportId) conds.push(and(eq(coldChainExcursions.subjectType, "transport"), eq(coldChainExcursions.subjectId, f.transportId))!);
  if (f.status) conds.push(eq(coldChainExcursions.status, f.status));
  if (f.ongoing === true) conds.push(isNull(coldChainExcursions.endedAt));
  if (f.ongoing === false) conds.push(sql`${coldChainExcursions.endedAt} is not null`);
  if (f.dateFrom) conds.push(gte(coldChainExcursions.startedAt, f.dateFrom));
  if (f.dateTo) conds.push(lt(coldChainExcursions.startedAt, f.dateTo));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(coldChainExcursions).where(where).orderBy(desc(coldChainExcursions.startedAt), desc(coldChainExcursions.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(coldChainExcursions).where(where),
  ]);
  return toPage(await toExcursions(db, rows), total, w);
}

/**
 * Records the disposition and closes the excursion. release lets the held stock be sold again (not while
 * readings are still out of range: 409); quarantine and discard keep it held, including batches received
 * into the unit while it was out of range. A closed one is 409.
 */
export async function closeExcursion(db: Db, principal: Principal, id: string, input: CloseExcursionInput): Promise<ColdChainExcursion> {
  if (!DISPOSITIONS.includes(input.disposition as (typeof DISPOSITIONS)[number])) throw fieldError("disposition", "must be release, quarantine or discard");
  if (!input.notes.trim()) throw fieldError("notes", "must say what was checked and decided");
  await excursionRow(db, principal, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(coldChainExcursions).where(eq(coldChainExcursions.id, id)).for("update");
    if (row.status === "closed") throw conflict(`Excursion ${id} was closed (${row.disposition}) on ${row.closedAt?.toISOString()} by ${row.closedBy}`);
    if (input.disposition === "release" && row.endedAt === null) throw conflict("Readings are still out of range: the stock cannot be released yet (quarantine or discard it, or wait for readings back in range)");
    // Batches received into the unit while it was out of range are held by item until now: give them rows,
    // so the disposition releases or keeps them with the rest.
    await recordExcursionHolds(tx, [id], principal.sub);
    await tx
      .update(coldChainExcursions)
      .set({ status: "closed", disposition: input.disposition, dispositionNotes: input.notes.trim(), closedBy: principal.sub, closedAt: sql`now()` })
      .where(eq(coldChainExcursions.id, id));
    if (input.disposition === "release") {
      await tx
        .update(stockHolds)
        .set({ releasedAt: sql`now()`, releasedBy: principal.sub, releaseNote: input.notes.trim() })
        .where(and(eq(stockHolds.reasonType, "cold_chain_excursion"), eq(stockHolds.reasonId, id), isNull(stockHolds.releasedAt)));
    }
  });
  return getExcursion(db, principal, id);
}
