/**
 * The demo cold chain (seed/demo/pharmacy.json, `cold_storage_units`): one refrigerator per pharmacy
 * with its logger and two days of readings. The readings go through the service's own validation and
 * ingest (resolveReadings, ingestReadings), so the stored readings and the detector's state agree as if
 * the logger had sent them. The units hold no stock items and have no silence alarm: the demo never
 * holds stock or sends a message.
 */
import { randomUUID } from "node:crypto";
import type { Principal } from "../../../lib/auth.js";
import type { Config } from "../../../lib/config.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import { advanceMonitor, EMPTY_STATE } from "../cold-chain/detector.js";
import { ingestReadings, type SubjectReading } from "../cold-chain/monitor.service.js";
import { resolveReadings } from "../cold-chain/reading.service.js";
import { resolveLimits } from "../cold-chain/storage-unit.service.js";
import { coldStorageUnits } from "./tables.js";

export interface DemoStorageUnit {
  id: string;
  pharmacy_id: string;
  name: string;
  kind: string;
  profile: string;
  device_id: string;
  location: string;
  silence_alarm_minutes: number | null;
  registered_days_ago: number;
  /** Minutes before the seeding time's half hour; `device_id` null: read by hand. */
  readings: { minutes_ago: number; temperature_c: number; device_id: string | null }[];
}

const SEED_PRINCIPAL: Principal = { sub: "seed", roles: ["admin"], tokenUse: "service" };
const HALF_HOUR_MS = 30 * 60_000;

/** The units, registered `registered_days_ago` before the seeding day, with the threshold profile's range and tolerance. */
async function insertUnits(tx: Db, units: DemoStorageUnit[], now: number): Promise<void> {
  const errors = new FieldErrorCollector();
  const rows = units.map((u) => ({
    id: u.id,
    pharmacyId: u.pharmacy_id,
    name: u.name,
    kind: u.kind,
    ...resolveLimits({ profile: u.profile }, errors),
    deviceId: u.device_id,
    location: u.location,
    silenceAlarmMinutes: u.silence_alarm_minutes,
    createdBy: "seed",
    createdAt: new Date(now - u.registered_days_ago * 86_400_000),
  }));
  errors.throwIfAny("Invalid demo storage unit");
  await tx.insert(coldStorageUnits).values(rows);
}

/** Refuses demo readings that would open an excursion (it would hold stock and message the pharmacy). */
function assertNoExcursion(unit: DemoStorageUnit, readings: SubjectReading[]): void {
  const ordered = [...readings].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const { episodes } = advanceMonitor(EMPTY_STATE, readings[0].subject, ordered, randomUUID);
  if (episodes.size) throw new Error(`demo readings of storage unit ${unit.id} would open an excursion; keep every spike within the tolerance`);
}

/** Loads the demo storage units and ingests their readings (in the caller's transaction). */
export async function seedDemoColdChain(tx: Db, logger: Logger, units: DemoStorageUnit[]): Promise<void> {
  if (!units.length) return;
  const now = Date.now();
  await insertUnits(tx, units, now);
  const anchor = Math.floor(now / HALF_HOUR_MS) * HALF_HOUR_MS;
  // No excursion (asserted), so ingest sends nothing: the delivery settings are never read.
  const ctx = { db: tx, logger, config: {} as Config, selfUrl: "", requestId: "demo-seed" };
  for (const u of units) {
    const input = u.readings.map((r) => ({ recordedAt: new Date(anchor - r.minutes_ago * 60_000), temperatureC: r.temperature_c, deviceId: r.device_id }));
    const resolved = await resolveReadings(tx, SEED_PRINCIPAL, { storageUnitId: u.id }, input, "readings");
    assertNoExcursion(u, resolved);
    await ingestReadings(ctx, resolved);
  }
}
