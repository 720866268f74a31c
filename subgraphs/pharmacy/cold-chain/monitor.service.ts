/**
 * Temperature reading ingest and excursion detection for every monitored subject (storage units and
 * transports). One database transaction per request: for each subject (in id order) its detector state
 * row is locked, the new readings are inserted in chunks (a repeat of a subject's time is ignored), the
 * detector advances over the readings that are new and later than the last one processed, and the
 * excursions it reports are written with their stock holds and the pharmacy's notification (outbox).
 * After the commit, one delivery attempt per notification. docs/decisions/pharmacy.md, "Cold chain".
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { coldChainExcursions, coldChainMonitorStates, coldChainTransports, coldStorageUnitItems, coldStorageUnits, inventoryItems, pharmacies, stockBatches, stockHolds, temperatureReadings } from "../db/tables.js";
import { allMedications } from "../inventory/medications/catalog.js";
import { deliverOutboxMessageNow, enqueueOutboxMessage } from "../outbox/outbox.service.js";
import { kampalaTime, rangeText, type MonitoredSubject } from "./cold-chain-common.js";
import { advanceMonitor, EMPTY_STATE, type ExcursionEpisode, type MonitorState } from "./detector.js";

/** Rows per INSERT (7 parameters each: well under PostgreSQL's 65,535). */
const CHUNK = 1000;

export interface SubjectReading {
  subject: MonitoredSubject;
  recordedAt: Date;
  temperatureC: number;
  deviceId: string | null;
}

export interface IngestOutcome {
  received: number;
  inserted: number;
  duplicates: number;
  late: number;
  excursionIds: string[];
}

type StateRow = typeof coldChainMonitorStates.$inferSelect;

const toState = (r: StateRow): MonitorState => ({
  lastReadingAt: r.lastReadingAt,
  lastTemperatureC: r.lastTemperatureC,
  outSince: r.outSince,
  runMinC: r.runMinC,
  runMaxC: r.runMaxC,
  runMaxDeviationC: r.runMaxDeviationC,
  runReadings: r.runReadings,
  excursionId: r.excursionId,
  readingsProcessed: r.readingsProcessed,
});

/** The stock items a unit's excursion affects: those assigned to it, else the pharmacy's cold-chain medicines whose catalog range overlaps the unit's. */
async function affectedItemsOfUnit(tx: Db, subject: MonitoredSubject): Promise<string[]> {
  const assigned = await tx.select({ id: coldStorageUnitItems.inventoryItemId }).from(coldStorageUnitItems).where(eq(coldStorageUnitItems.storageUnitId, subject.id));
  if (assigned.length) return assigned.map((a) => a.id);
  const codes = allMedications()
    .filter((m) => m.coldChain && m.storageMinC !== null && m.storageMaxC !== null && m.storageMinC <= subject.maxC && m.storageMaxC >= subject.minC)
    .map((m) => m.code);
  if (!codes.length) return [];
  const items = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.pharmacyId, subject.pharmacyId), inArray(inventoryItems.medicationCode, codes)));
  return items.map((i) => i.id);
}

/** Holds the stock an excursion affects until its disposition: a unit's batches, or a transport's lots at its pharmacy. */
async function holdAffectedStock(tx: Db, subject: MonitoredSubject, excursionId: string, reference: string): Promise<number> {
  const hold = { reasonType: "cold_chain_excursion", reasonId: excursionId, reference, createdBy: "cold-chain-monitor", pharmacyId: subject.pharmacyId };
  if (subject.type === "transport") {
    const [t] = await tx.select({ contents: coldChainTransports.contents }).from(coldChainTransports).where(eq(coldChainTransports.id, subject.id));
    if (!t.contents.length) return 0;
    await tx.insert(stockHolds).values(t.contents.map((c) => ({ ...hold, medicationCode: c.medicationCode, lotNumber: c.lotNumber })));
    return t.contents.length;
  }
  const itemIds = await affectedItemsOfUnit(tx, subject);
  if (!itemIds.length) return 0;
  const batches = await tx
    .select({ id: stockBatches.id, quantity: stockBatches.quantity, lotNumber: stockBatches.lotNumber, code: inventoryItems.medicationCode })
    .from(stockBatches)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockBatches.inventoryItemId))
    .where(and(inArray(stockBatches.inventoryItemId, itemIds), sql`${stockBatches.quantity} > 0`));
  if (!batches.length) return 0;
  await tx.insert(stockHolds).values(batches.map((b) => ({ ...hold, batchId: b.id, medicationCode: b.code, lotNumber: b.lotNumber, quantityAtHold: b.quantity })));
  return batches.length;
}

async function writeNewExcursion(tx: Db, subject: MonitoredSubject, e: ExcursionEpisode): Promise<string> {
  const reference = `cold-chain excursion of ${subject.name} from ${e.startedAt.toISOString()} (range ${rangeText(subject)})`;
  const [ph] = await tx.select({ name: pharmacies.name, phone: pharmacies.phone }).from(pharmacies).where(eq(pharmacies.id, subject.pharmacyId));
  await tx.insert(coldChainExcursions).values({
    id: e.id,
    subjectType: subject.type,
    subjectId: subject.id,
    pharmacyId: subject.pharmacyId,
    startedAt: e.startedAt,
    endedAt: e.endedAt,
    durationMinutes: e.durationMinutes,
    minTemperatureC: e.minTemperatureC,
    maxTemperatureC: e.maxTemperatureC,
    maxDeviationC: e.maxDeviationC,
    readingsOutOfRange: e.readingsOutOfRange,
    limitMinC: subject.minC,
    limitMaxC: subject.maxC,
    toleranceMinutes: subject.toleranceMinutes,
  });
  const held = await holdAffectedStock(tx, subject, e.id, reference);
  const extreme = e.maxTemperatureC > subject.maxC ? `up to ${e.maxTemperatureC} °C` : `down to ${e.minTemperatureC} °C`;
  const message = await enqueueOutboxMessage(tx, {
    pharmacyId: subject.pharmacyId,
    template: "generic",
    recipient: ph?.phone ?? null,
    parameters: {
      subject: `Cold-chain excursion: ${subject.name}`,
      message:
        `${ph?.name ?? "Pharmacy"}: ${subject.name} has been outside ${rangeText(subject)} since ${kampalaTime(e.startedAt)} (${extreme}, ${e.maxDeviationC} °C beyond the limit). ` +
        `${held ? `${held} ${subject.type === "transport" ? "lots" : "batches"} held for review: not to be sold or dispensed` : "No stock recorded in it"} until a pharmacist records a disposition. Excursion ${e.id}.`,
    },
    referenceType: "cold_chain_excursion",
    referenceId: e.id,
  });
  await tx.update(coldChainExcursions).set({ outboxMessageId: message.id }).where(eq(coldChainExcursions.id, e.id));
  return message.id;
}

/** Inserts one subject's readings, advances its detector and writes what it found, in the caller's transaction. */
async function ingestSubject(tx: Db, subject: MonitoredSubject, readings: SubjectReading[], outcome: IngestOutcome, messages: string[]): Promise<void> {
  await tx.insert(coldChainMonitorStates).values({ subjectId: subject.id, subjectType: subject.type }).onConflictDoNothing();
  const [row] = await tx.select().from(coldChainMonitorStates).where(eq(coldChainMonitorStates.subjectId, subject.id)).for("update");
  const state = toState(row);
  const last = state.lastReadingAt?.getTime() ?? -Infinity;
  const fresh: { recordedAt: Date; temperatureC: number }[] = [];
  for (let i = 0; i < readings.length; i += CHUNK) {
    const chunk = readings.slice(i, i + CHUNK);
    const inserted = await tx
      .insert(temperatureReadings)
      .values(chunk.map((r) => ({ subjectType: subject.type, subjectId: subject.id, pharmacyId: subject.pharmacyId, deviceId: r.deviceId, recordedAt: r.recordedAt, temperatureC: r.temperatureC, late: r.recordedAt.getTime() <= last })))
      .onConflictDoNothing({ target: [temperatureReadings.subjectId, temperatureReadings.recordedAt] })
      .returning({ recordedAt: temperatureReadings.recordedAt, temperatureC: temperatureReadings.temperatureC, late: temperatureReadings.late });
    outcome.inserted += inserted.length;
    outcome.duplicates += chunk.length - inserted.length;
    for (const r of inserted) {
      if (r.late) outcome.late += 1;
      else fresh.push(r);
    }
  }
  if (!fresh.length) return;
  fresh.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
  const { state: next, episodes } = advanceMonitor(state, subject, fresh, randomUUID);
  for (const e of episodes.values()) {
    outcome.excursionIds.push(e.id);
    if (e.isNew) messages.push(await writeNewExcursion(tx, subject, e));
    else {
      await tx
        .update(coldChainExcursions)
        .set({ endedAt: e.endedAt, durationMinutes: e.durationMinutes, minTemperatureC: e.minTemperatureC, maxTemperatureC: e.maxTemperatureC, maxDeviationC: e.maxDeviationC, readingsOutOfRange: e.readingsOutOfRange })
        .where(eq(coldChainExcursions.id, e.id));
    }
  }
  await tx
    .update(coldChainMonitorStates)
    .set({ ...next, updatedAt: sql`now()` })
    .where(eq(coldChainMonitorStates.subjectId, subject.id));
}

/**
 * Stores readings and runs detection, all subjects in one transaction; then one delivery attempt for
 * each excursion notification (the outbox worker retries the rest). Readings must be validated and
 * their subjects resolved (and access-checked) by the caller. Duplicates (same subject and time, in the
 * request or stored) are ignored.
 */
export async function ingestReadings(
  ctx: Pick<SubgraphContext, "db" | "config" | "logger" | "selfUrl" | "bearer" | "requestId">,
  readings: SubjectReading[],
  /** Writes that must commit with the readings (a new transport), run first in the same transaction. */
  before?: (tx: Db) => Promise<void>,
): Promise<IngestOutcome> {
  const outcome: IngestOutcome = { received: readings.length, inserted: 0, duplicates: 0, late: 0, excursionIds: [] };
  const bySubject = new Map<string, { subject: MonitoredSubject; readings: Map<number, SubjectReading> }>();
  for (const r of readings) {
    const e = bySubject.get(r.subject.id) ?? { subject: r.subject, readings: new Map() };
    const at = r.recordedAt.getTime();
    if (e.readings.has(at)) outcome.duplicates += 1;
    else e.readings.set(at, r);
    bySubject.set(r.subject.id, e);
  }
  const messages: string[] = [];
  await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (before) await before(tx);
    for (const [, e] of [...bySubject].sort(([a], [b]) => (a < b ? -1 : 1))) await ingestSubject(tx, e.subject, [...e.readings.values()], outcome, messages);
  });
  for (const id of messages) {
    await deliverOutboxMessageNow({ db: ctx.db, config: ctx.config, logger: ctx.logger, selfUrl: ctx.selfUrl, bearer: ctx.bearer, requestId: ctx.requestId }, id).catch((err) => {
      ctx.logger.warn({ err, messageId: id }, "cold-chain excursion notification not delivered yet; the outbox worker will retry");
    });
  }
  outcome.excursionIds = [...new Set(outcome.excursionIds)];
  return outcome;
}

/** The units and transports readings name, by id or by the logger's device id. */
export async function subjectsForReadings(db: Db, unitIds: string[], transportIds: string[], deviceIds: string[]): Promise<{ units: (typeof coldStorageUnits.$inferSelect)[]; transports: (typeof coldChainTransports.$inferSelect)[] }> {
  const [units, byDevice, transports, transportsByDevice] = await Promise.all([
    unitIds.length ? db.select().from(coldStorageUnits).where(inArray(coldStorageUnits.id, unitIds)) : [],
    deviceIds.length ? db.select().from(coldStorageUnits).where(inArray(coldStorageUnits.deviceId, deviceIds)) : [],
    transportIds.length ? db.select().from(coldChainTransports).where(inArray(coldChainTransports.id, transportIds)) : [],
    deviceIds.length ? db.select().from(coldChainTransports).where(and(inArray(coldChainTransports.deviceId, deviceIds), sql`${coldChainTransports.arrivedAt} is null`)) : [],
  ]);
  return { units: [...units, ...byDevice], transports: [...transports, ...transportsByDevice] };
}
