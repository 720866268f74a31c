/** Temperature readings: recording one or a logger's batch (validated, subjects resolved), and the list. */
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { badRequest, FieldErrorCollector, fieldError } from "../../../lib/errors.js";
import { isUuid } from "../../../lib/ids.js";
import { pageWindow, toPage, type Page, type PageArgs } from "../../../lib/pagination.js";
import { temperatureReadings } from "../db/tables.js";
import { coldChainPharmacy, kampalaTime, subjectsById, type MonitoredSubject } from "./cold-chain-common.js";
import { inRange } from "./detector.js";
import { excursionsByIds } from "./excursion.service.js";
import { ingestReadings, subjectsForReadings, type SubjectReading } from "./monitor.service.js";
import type { ReadingIngestResult, RecordTemperatureReadingsInput, TemperatureReading, TemperatureReadingInput } from "./reading.type.js";

/** Most readings one request may carry (a logger uploads in batches). */
export const MAX_READINGS_PER_REQUEST = 5000;
/** Plausible temperatures for a pharmacy's cold chain, °C (platform policy: outside is a broken probe, not a reading). */
const PLAUSIBLE = { min: -90, max: 70 };
/**
 * A logger's clock may be this far off either way: a reading may be at most this far in the future, or
 * this far before its storage unit was registered. Earlier readings are refused: a unit's range, stock
 * and excursions start when it is registered, and a reading dated years back (a logger whose clock
 * reset to 1970 or 2000) would open an excursion lasting decades and hold today's stock.
 */
const CLOCK_SKEW_MS = 5 * 60_000;

interface Defaults {
  storageUnitId?: string | null;
  transportId?: string | null;
  deviceId?: string | null;
}

/**
 * Validates readings (400 naming each bad one, `readings.N.field`, nothing written) and finds their
 * subjects: the reading's unit or transport, else the request's, else the unit (or transport in transit)
 * whose logger is the device id. Staff may record only for their own pharmacy's subjects. A unit's
 * readings may not predate it (`CLOCK_SKEW_MS`).
 */
export async function resolveReadings(db: Db, principal: Principal, defaults: Defaults, readings: TemperatureReadingInput[], prefix: string, forced?: MonitoredSubject): Promise<SubjectReading[]> {
  const errors = new FieldErrorCollector();
  if (readings.length > MAX_READINGS_PER_REQUEST) throw fieldError(prefix || "readings", `at most ${MAX_READINGS_PER_REQUEST} readings per request; send the rest in another`);
  const at = (i: number, f: string) => (prefix ? `${prefix}.${i}.${f}` : f);
  const unitIds = new Set<string>();
  const transportIds = new Set<string>();
  const deviceIds = new Set<string>();
  const now = Date.now();
  readings.forEach((r, i) => {
    const unit = r.storageUnitId ?? defaults.storageUnitId;
    const transport = r.transportId ?? defaults.transportId;
    const device = r.deviceId ?? defaults.deviceId;
    if (!forced) {
      if (unit && transport) errors.add(at(i, "storageUnitId"), "name a storage unit or a transport, not both");
      else if (unit) (isUuid(unit) ? unitIds.add(unit) : errors.add(at(i, "storageUnitId"), "no such storage unit"));
      else if (transport) (isUuid(transport) ? transportIds.add(transport) : errors.add(at(i, "transportId"), "no such transport"));
      else if (device) deviceIds.add(device);
      else errors.add(at(i, "storageUnitId"), "name the storage unit, transport or logger (device_id)");
    }
    if (!(r.recordedAt instanceof Date) || Number.isNaN(r.recordedAt.getTime())) errors.add(at(i, "recordedAt"), "must be a date-time");
    else if (r.recordedAt.getTime() > now + CLOCK_SKEW_MS) errors.add(at(i, "recordedAt"), "is in the future");
    if (!Number.isFinite(r.temperatureC) || r.temperatureC < PLAUSIBLE.min || r.temperatureC > PLAUSIBLE.max) errors.add(at(i, "temperatureC"), `must be a temperature from ${PLAUSIBLE.min} to ${PLAUSIBLE.max} °C`);
  });
  errors.throwIfAny("Invalid temperature readings");
  if (forced) return readings.map((r) => ({ subject: forced, recordedAt: r.recordedAt, temperatureC: r.temperatureC, deviceId: r.deviceId ?? defaults.deviceId ?? null }));
  const found = await subjectsForReadings(db, [...unitIds], [...transportIds], [...deviceIds]);
  const subjects = await subjectsById(db, [...found.units.map((u) => u.id), ...found.transports.map((t) => t.id)]);
  const mine = (s: MonitoredSubject | undefined) => (s && (!principal.pharmacyId || s.pharmacyId === principal.pharmacyId) ? s : undefined);
  const unitSince = new Map(found.units.map((u) => [u.id, u.createdAt.getTime() - CLOCK_SKEW_MS]));
  const byDevice = new Map<string, MonitoredSubject>();
  for (const t of found.transports) if (t.deviceId && deviceIds.has(t.deviceId)) byDevice.set(t.deviceId, subjects.get(t.id)!);
  for (const u of found.units) if (u.deviceId && deviceIds.has(u.deviceId)) byDevice.set(u.deviceId, subjects.get(u.id)!);
  const out: SubjectReading[] = [];
  readings.forEach((r, i) => {
    const unit = r.storageUnitId ?? defaults.storageUnitId;
    const transport = r.transportId ?? defaults.transportId;
    const device = r.deviceId ?? defaults.deviceId ?? null;
    const s = mine(unit ? subjects.get(unit) : transport ? subjects.get(transport) : byDevice.get(device!));
    const since = s && unitSince.get(s.id);
    if (!s) errors.add(at(i, unit ? "storageUnitId" : transport ? "transportId" : "deviceId"), unit ? "no such storage unit in your pharmacy" : transport ? "no such transport in your pharmacy" : "no storage unit or transport in transit reports with this logger");
    else if (since !== undefined && r.recordedAt.getTime() < since) errors.add(at(i, "recordedAt"), `is before storage unit ${s.name} was registered (${kampalaTime(new Date(since + CLOCK_SKEW_MS))}); check the logger's clock`);
    else out.push({ subject: s, recordedAt: r.recordedAt, temperatureC: r.temperatureC, deviceId: device });
  });
  errors.throwIfAny("Invalid temperature readings");
  return out;
}

/** POST readings/: one reading or a batch; duplicates ignored; detection runs on ingest. */
export async function recordReadings(ctx: SubgraphContext, input: RecordTemperatureReadingsInput): Promise<ReadingIngestResult> {
  const single = input.recordedAt !== undefined && input.recordedAt !== null ? 1 : 0;
  const hasTemp = input.temperatureC !== undefined && input.temperatureC !== null;
  if (input.readings && (single || hasTemp)) throw badRequest("Send one reading (recorded_at, temperature_c) or a batch (readings), not both", { readings: ["send either readings or recorded_at/temperature_c"] });
  let readings: TemperatureReadingInput[];
  if (input.readings) {
    if (!input.readings.length) throw fieldError("readings", "is empty");
    readings = input.readings;
  } else {
    const errors = new FieldErrorCollector();
    if (!single) errors.add("recordedAt", "is required (or send readings)");
    if (!hasTemp) errors.add("temperatureC", "is required (or send readings)");
    errors.throwIfAny("Invalid temperature reading");
    readings = [{ recordedAt: input.recordedAt!, temperatureC: input.temperatureC! }];
  }
  const resolved = await resolveReadings(ctx.db, ctx.principal, input, readings, input.readings ? "readings" : "");
  const outcome = await ingestReadings(ctx, resolved);
  return { received: outcome.received, inserted: outcome.inserted, duplicates: outcome.duplicates, late: outcome.late, excursions: await excursionsByIds(ctx.db, outcome.excursionIds) };
}

export interface ReadingFilters {
  pharmacyId?: string | null;
  storageUnitId?: string | null;
  transportId?: string | null;
  /** Recorded at or after. */
  dateFrom?: Date | null;
  /** Recorded before. */
  dateTo?: Date | null;
}

/** Readings, latest first. */
export async function listReadings(db: Db, principal: Principal, f: Partial<PageArgs> & ReadingFilters): Promise<Page<TemperatureReading>> {
  const w = pageWindow(f);
  const conds: SQL[] = [];
  const pharmacyId = coldChainPharmacy(principal, f.pharmacyId);
  if (pharmacyId) conds.push(eq(temperatureReadings.pharmacyId, pharmacyId));
  if (f.storageUnitId && !isUuid(f.storageUnitId)) throw fieldError("storageUnitId", "must be a storage unit id (UUID)");
  if (f.transportId && !isUuid(f.transportId)) throw fieldError("transportId", "must be a transport id (UUID)");
  if (f.dateFrom && f.dateTo && f.dateFrom >= f.dateTo) throw fieldError("dateTo", "must be after date_from");
  if (f.storageUnitId) conds.push(and(eq(temperatureReadings.subjectType, "storage_unit"), eq(temperatureReadings.subjectId, f.storageUnitId))!);
  if (f.transportId) conds.push(and(eq(temperatureReadings.subjectType, "transport"), eq(temperatureReadings.subjectId, f.transportId))!);
  if (f.dateFrom) conds.push(gte(temperatureReadings.recordedAt, f.dateFrom));
  if (f.dateTo) conds.push(lt(temperatureReadings.recordedAt, f.dateTo));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(temperatureReadings).where(where).orderBy(desc(temperatureReadings.recordedAt), desc(temperatureReadings.id)).limit(w.limit).offset(w.offset),
    db.select({ total: count() }).from(temperatureReadings).where(where),
  ]);
  const subjects = await subjectsById(db, rows.map((r) => r.subjectId));
  return toPage(
    rows.map((r) => {
      const s = subjects.get(r.subjectId);
      return {
        ...r,
        storageUnitId: r.subjectType === "storage_unit" ? r.subjectId : null,
        transportId: r.subjectType === "transport" ? r.subjectId : null,
        inRange: s ? inRange(r.temperatureC, s) : true,
      };
    }),
    total,
    w,
  );
}
