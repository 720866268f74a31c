/**
 * What a storage unit's excursion holds: the stock kept in the unit. The batches it held when it opened
 * have stock_holds rows (monitor.service.ts). A batch received into the unit later, while the excursion
 * is live (readings still out of range, or awaiting a disposition), is held by the excursion as soon as
 * it exists: inventory/holds.ts asks `liveUnitExcursions` and matches by stock item, so no receipt path
 * can miss it. Rows are then written for such batches (`recordExcursionHolds`) at each reading ingest of
 * the unit and before the disposition, so the excursion lists them and its disposition releases or keeps
 * them with the others. docs/decisions/pharmacy.md, "Cold chain".
 */
import { and, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { coldChainExcursions, coldStorageUnitItems, coldStorageUnits, inventoryItems, stockBatches, stockHolds } from "../db/tables.js";
import { allMedications } from "../inventory/medications/catalog.js";
import { rangeText } from "./cold-chain-common.js";
import type { MonitorLimits } from "./detector.js";

/** How holds and refusals name an excursion. */
export const excursionReference = (subjectName: string, startedAt: Date, limits: MonitorLimits) => `cold-chain excursion of ${subjectName} from ${startedAt.toISOString()} (range ${rangeText(limits)})`;

interface UnitScope {
  id: string;
  pharmacyId: string;
  minC: number;
  maxC: number;
}

/**
 * The stock items kept in each unit: those assigned to it, else (a unit with none assigned) the
 * pharmacy's cold-chain medicines whose catalog storage range overlaps the unit's.
 */
export async function stockItemsOfUnits(db: Db, units: UnitScope[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(units.map((u) => [u.id, new Set<string>()]));
  if (!units.length) return out;
  const assigned = await db
    .select({ unit: coldStorageUnitItems.storageUnitId, item: coldStorageUnitItems.inventoryItemId })
    .from(coldStorageUnitItems)
    .where(inArray(coldStorageUnitItems.storageUnitId, units.map((u) => u.id)));
  for (const a of assigned) out.get(a.unit)!.add(a.item);
  const fallback = units
    .filter((u) => !out.get(u.id)!.size)
    .map((u) => ({
      unit: u,
      codes: allMedications()
        .filter((m) => m.coldChain && m.storageMinC !== null && m.storageMaxC !== null && m.storageMinC <= u.maxC && m.storageMaxC >= u.minC)
        .map((m) => m.code),
    }))
    .filter((f) => f.codes.length);
  if (!fallback.length) return out;
  const items = await db
    .select({ id: inventoryItems.id, pharmacyId: inventoryItems.pharmacyId, code: inventoryItems.medicationCode })
    .from(inventoryItems)
    .where(and(inArray(inventoryItems.pharmacyId, [...new Set(fallback.map((f) => f.unit.pharmacyId))]), inArray(inventoryItems.medicationCode, [...new Set(fallback.flatMap((f) => f.codes))])));
  for (const f of fallback) for (const i of items) if (i.pharmacyId === f.unit.pharmacyId && i.code && f.codes.includes(i.code)) out.get(f.unit.id)!.add(i.id);
  return out;
}

/** A storage unit's excursion that holds the unit's stock by item. */
export interface LiveUnitExcursion {
  id: string;
  pharmacyId: string;
  /** Batches received before this (any, while null: still out of range) are held. */
  endedAt: Date | null;
  reference: string;
  itemIds: Set<string>;
}

/** Is a batch (of the unit's items, received then) held by this excursion? */
export const excursionHoldsBatch = (e: LiveUnitExcursion, b: { inventoryItemId: string; receivedAt: Date }) =>
  e.itemIds.has(b.inventoryItemId) && (e.endedAt === null || b.receivedAt < e.endedAt);

/** Excursions of storage units at these pharmacies that are live (awaiting a disposition, or still out of range), with the items they hold. */
export async function liveUnitExcursions(db: Db, pharmacyIds: string[]): Promise<LiveUnitExcursion[]> {
  if (!pharmacyIds.length) return [];
  return unitExcursionsWithItems(
    db,
    and(inArray(coldChainExcursions.pharmacyId, [...new Set(pharmacyIds)]), or(eq(coldChainExcursions.status, "open"), isNull(coldChainExcursions.endedAt)))!,
  );
}

async function unitExcursionsWithItems(db: Db, where: SQL): Promise<LiveUnitExcursion[]> {
  const rows = await db
    .select({ e: coldChainExcursions, unitName: coldStorageUnits.name })
    .from(coldChainExcursions)
    .innerJoin(coldStorageUnits, eq(coldStorageUnits.id, coldChainExcursions.subjectId))
    .where(and(eq(coldChainExcursions.subjectType, "storage_unit"), where));
  if (!rows.length) return [];
  const limitsOf = (e: (typeof rows)[number]["e"]): MonitorLimits => ({ minC: e.limitMinC, maxC: e.limitMaxC, toleranceMinutes: e.toleranceMinutes });
  // The limits the excursion was detected with choose the fallback medicines, as when it opened.
  const units = new Map(rows.map(({ e }) => [e.subjectId, { id: e.subjectId, pharmacyId: e.pharmacyId, ...limitsOf(e) }]));
  const items = await stockItemsOfUnits(db, [...units.values()]);
  return rows.map(({ e, unitName }) => ({
    id: e.id,
    pharmacyId: e.pharmacyId,
    endedAt: e.endedAt,
    reference: excursionReference(unitName, e.startedAt, limitsOf(e)),
    itemIds: items.get(e.subjectId)!,
  }));
}

/**
 * Writes hold rows for the batches (holding units) of these storage-unit excursions' items that have none
 * yet for them: when an excursion opens (`opening`), every such batch, as the unit holds them now; later,
 * those received while it was out of range. Skips an excursion whose stock was released. Returns the rows
 * written. In the caller's transaction.
 */
export async function recordExcursionHolds(tx: Db, excursionIds: string[], createdBy: string, opening = false): Promise<number> {
  if (!excursionIds.length) return 0;
  const excursions = await unitExcursionsWithItems(
    tx,
    and(inArray(coldChainExcursions.id, [...new Set(excursionIds)]), or(isNull(coldChainExcursions.disposition), ne(coldChainExcursions.disposition, "release")))!,
  );
  let written = 0;
  for (const e of excursions) {
    if (!e.itemIds.size) continue;
    const batches = await tx
      .select({ id: stockBatches.id, quantity: stockBatches.quantity, lotNumber: stockBatches.lotNumber, code: inventoryItems.medicationCode })
      .from(stockBatches)
      .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
      .where(
        and(
          inArray(stockBatches.inventoryItemId, [...e.itemIds]),
          sql`${stockBatches.quantity} > 0`,
          e.endedAt && !opening ? lt(stockBatches.receivedAt, e.endedAt) : undefined,
          sql`not exists (select 1 from ${stockHolds} where ${stockHolds.batchId} = ${stockBatches.id} and ${stockHolds.reasonType} = 'cold_chain_excursion' and ${stockHolds.reasonId} = ${e.id})`,
        ),
      );
    if (!batches.length) continue;
    await tx
      .insert(stockHolds)
      .values(batches.map((b) => ({ reasonType: "cold_chain_excursion", reasonId: e.id, reference: e.reference, createdBy, pharmacyId: e.pharmacyId, batchId: b.id, medicationCode: b.code, lotNumber: b.lotNumber, quantityAtHold: b.quantity })));
    written += batches.length;
  }
  return written;
}
