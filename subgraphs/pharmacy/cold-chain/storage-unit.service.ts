/** Storage units: create, list, one, change; each with its detector's latest view. */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import { assertPharmacyAccess } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, conflict, FieldErrorCollector, notFound } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { coldChainExcursions, coldChainMonitorStates, coldStorageUnitItems, coldStorageUnits, inventoryItems, pharmacies } from "../db/tables.js";
import { coldChainPharmacy, likeTerm } from "./cold-chain-common.js";
import { inRange } from "./detector.js";
import { STORAGE_UNIT_KINDS, type CreateStorageUnitInput, type StorageUnit, type UpdateStorageUnitInput } from "./storage-unit.type.js";
import { outboxStatus } from "../outbox/outbox.service.js";
import { DEFAULT_SILENCE_ALARM_MINUTES, DEFAULT_TOLERANCE_MINUTES, profileByKey, THRESHOLD_PROFILES } from "./thresholds.js";

type UnitRow = typeof coldStorageUnits.$inferSelect;

async function toUnits(db: Db, rows: UnitRow[]): Promise<StorageUnit[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, states, open, messages] = await Promise.all([
    db.select().from(coldStorageUnitItems).where(inArray(coldStorageUnitItems.storageUnitId, ids)),
    db.select().from(coldChainMonitorStates).where(inArray(coldChainMonitorStates.subjectId, ids)),
    db
      .select({ id: coldChainExcursions.subjectId, n: count() })
      .from(coldChainExcursions)
      .where(and(inArray(coldChainExcursions.subjectId, ids), eq(coldChainExcursions.status, "open")))
      .groupBy(coldChainExcursions.subjectId),
    outboxStatus(db, rows.map((r) => r.silenceMessageId).filter((x): x is string => !!x)),
  ]);
  const now = Date.now();
  return rows.map((r) => {
    const s = states.find((x) => x.subjectId === r.id);
    const since = s?.lastReadingAt ?? r.createdAt;
    const silent = isSilent(r, since, now);
    const message = silent && r.silenceMessageId && r.silenceAlertedFor?.getTime() === since.getTime() ? messages.get(r.silenceMessageId) : undefined;
    return {
      ...r,
      rangeSource: profileByKey(r.profile)?.rangeSource ?? null,
      stockItems: items.filter((i) => i.storageUnitId === r.id).map((i) => i.inventoryItemId),
      lastReadingAt: s?.lastReadingAt ?? null,
      lastTemperatureC: s?.lastTemperatureC ?? null,
      inRange: s?.lastTemperatureC === null || s?.lastTemperatureC === undefined ? null : inRange(s.lastTemperatureC, r),
      outOfRangeSince: s?.outSince ?? null,
      openExcursions: Number(open.find((o) => o.id === r.id)?.n ?? 0),
      silent,
      silentSince: silent ? since : null,
      silenceNotificationStatus: message ? (message.status === "pending" || message.status === "processing" ? "queued" : message.status) : null,
    };
  });
}

/** Active, with a silence alarm, and no reading since `since` for longer than it. */
export const isSilent = (u: { isActive: boolean; silenceAlarmMinutes: number | null }, since: Date, now: number) =>
  u.isActive && u.silenceAlarmMinutes !== null && now - since.getTime() > u.silenceAlarmMinutes * 60_000;

/** `isSilent` in SQL, against the database's clock: the time of the last reading, or of the unit's creation, is older than its alarm. */
export const silentSql = () =>
  sql`(${coldStorageUnits.isActive} and ${coldStorageUnits.silenceAlarmMinutes} is not null and ${silenceSinceSql()} < now() - ${coldStorageUnits.silenceAlarmMinutes} * interval '1 minute')`;

/** The time a unit's silence runs from, in SQL: its last reading's, or its creation's when it never reported. */
export const silenceSinceSql = () =>
  sql<Date>`coalesce((select ${coldChainMonitorStates.lastReadingAt} from ${coldChainMonitorStates} where ${coldChainMonitorStates.subjectId} = ${coldStorageUnits.id}), ${coldStorageUnits.createdAt})`;

/** The silence alarm an input asks for: 0 is none, 1 to 4 minutes a field error (a logger's own period is longer). */
function silenceAlarm(minutes: number | null | undefined, errors: FieldErrorCollector): number | null | undefined {
  if (minutes === null || minutes === undefined) return minutes;
  if (minutes > 0 && minutes < 5) errors.add("silenceAlarmMinutes", "must be 0 (no silence alarm) or 5 to 10,080 minutes");
  return minutes === 0 ? null : minutes;
}

/** Checks stock items belong to the pharmacy (400 naming the field otherwise). */
async function checkItems(db: Db, pharmacyId: string, ids: string[], errors: FieldErrorCollector): Promise<void> {
  if (!ids.length) return;
  const bad = ids.filter((id) => !isUuid(id));
  const found = await db.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.pharmacyId, pharmacyId), inArray(inventoryItems.id, ids.filter(isUuid))));
  for (const [i, id] of ids.entries()) if (bad.includes(id) || !found.some((f) => f.id === id)) errors.add(`stockItems.${i}`, "no such stock item in this pharmacy");
  if (new Set(ids).size !== ids.length) errors.add("stockItems", "lists an item twice");
}

/** A range and tolerance from the input, the profile's defaults, or the platform default tolerance. */
export function resolveLimits(input: { profile?: string | null; minC?: number | null; maxC?: number | null; toleranceMinutes?: number | null }, errors: FieldErrorCollector): { minC: number; maxC: number; toleranceMinutes: number; profile: string | null } {
  const profile = input.profile ? profileByKey(input.profile) : undefined;
  if (input.profile && !profile) errors.add("profile", `must be one of ${THRESHOLD_PROFILES.map((p) => p.key).join(", ")}`);
  const minC = input.minC ?? profile?.minC;
  const maxC = input.maxC ?? profile?.maxC;
  if (minC === undefined || minC === null) errors.add("minC", "is required without a profile");
  if (maxC === undefined || maxC === null) errors.add("maxC", "is required without a profile");
  if (minC !== undefined && maxC !== undefined && minC !== null && maxC !== null && minC >= maxC) errors.add("maxC", "must be above min_c");
  return { minC: minC ?? 0, maxC: maxC ?? 0, toleranceMinutes: input.toleranceMinutes ?? profile?.toleranceMinutes ?? DEFAULT_TOLERANCE_MINUTES, profile: profile?.key ?? null };
}

/**
 * 409 when the logger already reports for a unit (one logger, one unit). The unit is named only to
 * those who may see it: another pharmacy's unit is not (ids do not leak across pharmacies).
 */
async function assertLoggerFree(tx: Db, principal: Principal, deviceId: string): Promise<void> {
  const [taken] = await tx.select({ id: coldStorageUnits.id, name: coldStorageUnits.name, pharmacyId: coldStorageUnits.pharmacyId }).from(coldStorageUnits).where(eq(coldStorageUnits.deviceId, deviceId));
  if (!taken) return;
  if (principal.pharmacyId && taken.pharmacyId !== principal.pharmacyId) throw conflict(`Logger ${deviceId} is already in use for another pharmacy's storage unit; check the logger's id, or have that pharmacy remove it from its unit`);
  throw conflict(`Logger ${deviceId} already reports for storage unit ${taken.name} (${taken.id})`);
}

export async function createStorageUnit(db: Db, principal: Principal, input: CreateStorageUnitInput): Promise<StorageUnit> {
  const pharmacyId = coldChainPharmacy(principal, input.pharmacyId);
  if (!pharmacyId) throw badRequest("Name the pharmacy", { pharmacyId: ["is required for callers not bound to a pharmacy"] });
  assertPharmacyAccess(principal, pharmacyId);
  const errors = new FieldErrorCollector();
  const [ph] = await db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, pharmacyId));
  if (!ph) errors.add("pharmacyId", "no such pharmacy");
  if (!STORAGE_UNIT_KINDS.includes(input.kind as (typeof STORAGE_UNIT_KINDS)[number])) errors.add("kind", `must be one of ${STORAGE_UNIT_KINDS.join(", ")}`);
  const limits = resolveLimits(input, errors);
  const silence = silenceAlarm(input.silenceAlarmMinutes, errors);
  await checkItems(db, pharmacyId, input.stockItems ?? [], errors);
  errors.throwIfAny("Invalid storage unit");
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const deviceId = input.deviceId?.trim() || null;
    if (deviceId) await assertLoggerFree(tx, principal, deviceId);
    const [row] = await tx
      .insert(coldStorageUnits)
      .values({
        pharmacyId,
        name: input.name.trim(),
        kind: input.kind,
        ...limits,
        deviceId,
        location: input.location?.trim() || null,
        silenceAlarmMinutes: silence === undefined ? (deviceId ? DEFAULT_SILENCE_ALARM_MINUTES : null) : silence,
        createdBy: principal.sub,
      })
      .returning();
    if (input.stockItems?.length) await tx.insert(coldStorageUnitItems).values(input.stockItems.map((inventoryItemId) => ({ storageUnitId: row.id, inventoryItemId })));
    return row.id;
  });
  return getStorageUnit(db, principal, id);
}

async function unitRow(db: Db, principal: Principal, id: string): Promise<UnitRow> {
  if (!isUuid(id)) throw notFound("Storage unit", id);
  const [row] = await db.select().from(coldStorageUnits).where(eq(coldStorageUnits.id, id));
  if (!row || (principal.pharmacyId && row.pharmacyId !== principal.pharmacyId)) throw notFound("Storage unit", id);
  return row;
}

export async function getStorageUnit(db: Db, principal: Principal, id: string): Promise<StorageUnit> {
  return (await toUnits(db, [await unitRow(db, principal, id)]))[0];
}

export interface StorageUnitFilters {
  pharmacyId?: string | null;
  kind?: string | null;
  isActive?: boolean | null;
  /** Name, logger id or location. */
  search?: string | null;
  /** Only silent units (true) or only those that are not (false). */
  silent?: boolean | null;
}

export async function listStorageUnits(db: Db, principal: Principal, f: Partial<PageArgs> & StorageUnitFilters): Promise<Page<StorageUnit>> {
  const w = pageWindow(f);
  const conds: SQL[] = [];
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId);
  if (pharmacyId) conds.push(eq(coldStorageUnits.pharmacyId, pharmacyId));
  if (f.kind) conds.push(eq(coldStorageUnits.kind, f.kind));
  if (f.isActive !== null && f.isActive !== undefined) conds.push(eq(coldStorageUnits.isActive, f.isActive));
  if (f.search) conds.push(or(ilike(coldStorageUnits.name, likeTerm(f.search)), ilike(coldStorageUnits.deviceId, likeTerm(f.search)), ilike(coldStorageUnits.location, likeTerm(f.search)))!);
  if (f.silent !== null && f.silent !== undefined) conds.push(f.silent ? silentSql() : sql`not (${silentSql()})`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(coldStorageUnits).where(where).orderBy(asc(coldStorageUnits.name), asc(coldStorageUnits.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(coldStorageUnits).where(where),
  ]);
  return toPage(await toUnits(db, rows), total, w);
}

/** Changes a unit; a new range applies from the next reading on (stored excursions keep the limits they were detected with). */
export async function updateStorageUnit(db: Db, principal: Principal, id: string, input: UpdateStorageUnitInput): Promise<StorageUnit> {
  const row = await unitRow(db, principal, id);
  const errors = new FieldErrorCollector();
  if (input.kind && !STORAGE_UNIT_KINDS.includes(input.kind as (typeof STORAGE_UNIT_KINDS)[number])) errors.add("kind", `must be one of ${STORAGE_UNIT_KINDS.join(", ")}`);
  const minC = input.minC ?? row.minC;
  const maxC = input.maxC ?? row.maxC;
  if (minC >= maxC) errors.add(input.maxC !== null && input.maxC !== undefined ? "maxC" : "minC", "min_c must be below max_c");
  if (input.stockItems) await checkItems(db, row.pharmacyId, input.stockItems, errors);
  const silence = silenceAlarm(input.silenceAlarmMinutes, errors);
  errors.throwIfAny("Invalid storage unit");
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const deviceId = input.deviceId?.trim();
    if (deviceId && deviceId !== row.deviceId) await assertLoggerFree(tx, principal, deviceId);
    const set = Object.fromEntries(
      Object.entries({ name: input.name?.trim(), kind: input.kind, minC: input.minC, maxC: input.maxC, toleranceMinutes: input.toleranceMinutes, deviceId, location: input.location?.trim(), isActive: input.isActive }).filter(
        ([, v]) => v !== undefined && v !== null,
      ),
    );
    // A silence alarm as asked (0: none); a logger given to a unit without one brings the default.
    if (silence !== undefined && silence !== null) set.silenceAlarmMinutes = silence;
    else if (input.silenceAlarmMinutes === 0) set.silenceAlarmMinutes = null;
    else if (deviceId && !row.deviceId && row.silenceAlarmMinutes === null) set.silenceAlarmMinutes = DEFAULT_SILENCE_ALARM_MINUTES;
    if (Object.keys(set).length) await tx.update(coldStorageUnits).set(set).where(eq(coldStorageUnits.id, id));
    if (input.stockItems) {
      await tx.delete(coldStorageUnitItems).where(eq(coldStorageUnitItems.storageUnitId, id));
      if (input.stockItems.length) await tx.insert(coldStorageUnitItems).values(input.stockItems.map((inventoryItemId) => ({ storageUnitId: id, inventoryItemId })));
    }
  });
  return getStorageUnit(db, principal, id);
}

