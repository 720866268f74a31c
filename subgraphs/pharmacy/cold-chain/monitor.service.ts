/**
 * Temperature reading ingest and excursion detection for every monitored subject (storage units and
 * transports). One database transaction per request: for each subject (in id order) its detector state
 * row is locked, the new readings are inserted in chunks (a repeat of a subject's time is ignored), the
 * detector advances over the readings that are new and later than the last one processed, late readings
 * out of range are checked with their stored neighbours, and the excursions found are written with their
 * stock holds and the pharmacy's notification (outbox). After the commit, one delivery attempt per
 * notification. docs/decisions/pharmacy.md, "Cold chain".
 */
import { randomUUID } from "node:crypto";
import { and, asc, between, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { coldChainExcursions, coldChainMonitorStates, coldChainTransports, coldStorageUnits, pharmacies, stockHolds, temperatureReadings } from "../db/tables.js";
import { alertRecipientSql } from "../inventory/pharmacy-location/pharmacy-location.service.js";
import { deliverOutboxMessageNow, enqueueOutboxMessage } from "../outbox/outbox.service.js";
import { kampalaTime, rangeText, type MonitoredSubject } from "./cold-chain-common.js";
import { excursionReference, recordExcursionHolds } from "./excursion-holds.js";
import { advanceMonitor, EMPTY_STATE, inRange, lateRuns, minutesBetween, round2, type ExcursionEpisode, type LateRun, type MonitorState, type Reading } from "./detector.js";

/** Rows per INSERT (7 parameters each: well under PostgreSQL's 65,535). */
const CHUNK = 1000;
/** Who the holds the monitor writes are recorded as created by. */
const MONITOR = "cold-chain-monitor";

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

/**
 * Holds the stock an excursion affects until its disposition: a transport's lots at its pharmacy (a lot
 * received later is held too), or the batches of the unit's stock items (those received later, while it
 * is live, are held through excursion-holds.ts).
 */
async function holdAffectedStock(tx: Db, subject: MonitoredSubject, excursionId: string, reference: string): Promise<number> {
  if (subject.type === "storage_unit") return recordExcursionHolds(tx, [excursionId], MONITOR, true);
  const [t] = await tx.select({ contents: coldChainTransports.contents }).from(coldChainTransports).where(eq(coldChainTransports.id, subject.id));
  if (!t.contents.length) return 0;
  await tx.insert(stockHolds).values(t.contents.map((c) => ({ reasonType: "cold_chain_excursion", reasonId: excursionId, reference, createdBy: MONITOR, pharmacyId: subject.pharmacyId, medicationCode: c.medicationCode, lotNumber: c.lotNumber })));
  return t.contents.length;
}

/** What the readings show of an excursion: its columns that detection writes. */
const figures = (e: ExcursionEpisode) => ({
  startedAt: e.startedAt,
  endedAt: e.endedAt,
  durationMinutes: e.durationMinutes,
  minTemperatureC: e.minTemperatureC,
  maxTemperatureC: e.maxTemperatureC,
  maxDeviationC: e.maxDeviationC,
  readingsOutOfRange: e.readingsOutOfRange,
});

/** How an excursion was found when late readings found it: their count, and the closed excursion it revises. */
interface FoundLate {
  lateReadings: number;
  revises?: { id: string; disposition: string | null };
}

async function writeNewExcursion(tx: Db, subject: MonitoredSubject, e: ExcursionEpisode, late?: FoundLate): Promise<string> {
  const reference = excursionReference(subject.name, e.startedAt, subject);
  const [ph] = await tx.select({ name: pharmacies.name, recipient: alertRecipientSql() }).from(pharmacies).where(eq(pharmacies.id, subject.pharmacyId));
  await tx.insert(coldChainExcursions).values({
    id: e.id,
    subjectType: subject.type,
    subjectId: subject.id,
    pharmacyId: subject.pharmacyId,
    ...figures(e),
    limitMinC: subject.minC,
    limitMaxC: subject.maxC,
    toleranceMinutes: subject.toleranceMinutes,
    lateReadings: late?.lateReadings ?? 0,
    revisesExcursionId: late?.revises?.id ?? null,
  });
  const held = await holdAffectedStock(tx, subject, e.id, reference);
  const extreme = e.maxTemperatureC > subject.maxC ? `up to ${e.maxTemperatureC} °C` : `down to ${e.minTemperatureC} °C`;
  const when = e.endedAt
    ? `was outside ${rangeText(subject)} from ${kampalaTime(e.startedAt)} to ${kampalaTime(e.endedAt)}`
    : `has been outside ${rangeText(subject)} since ${kampalaTime(e.startedAt)}`;
  const found = !late
    ? ""
    : late.revises
      ? `Readings received late show that excursion ${late.revises.id} (closed${late.revises.disposition ? `: ${late.revises.disposition}` : ""}) lasted longer or went further. `
      : "Found in readings received late. ";
  const message = await enqueueOutboxMessage(tx, {
    pharmacyId: subject.pharmacyId,
    template: "generic",
    // The pharmacy's alert phone, else its phone; with neither the message is still written and fails visibly.
    recipient: ph?.recipient ?? null,
    parameters: {
      subject: `Cold-chain excursion: ${subject.name}`,
      message:
        `${ph?.name ?? "Pharmacy"}: ${subject.name} ${when} (${extreme}, ${e.maxDeviationC} °C beyond the limit). ${found}` +
        `${held ? `${held} ${subject.type === "transport" ? "lots" : "batches"} held for review: not to be sold or dispensed` : "No stock recorded in it"} until a pharmacist records a disposition. Excursion ${e.id}.`,
    },
    referenceType: "cold_chain_excursion",
    referenceId: e.id,
  });
  await tx.update(coldChainExcursions).set({ outboxMessageId: message.id }).where(eq(coldChainExcursions.id, e.id));
  return message.id;
}

/** Writes what the readings now show of an excursion already recorded (its start may move earlier with late readings). */
async function updateExcursion(tx: Db, e: ExcursionEpisode, addLateReadings = 0): Promise<void> {
  await tx
    .update(coldChainExcursions)
    .set({
      ...figures(e),
      ...(addLateReadings ? { lateReadings: sql`${coldChainExcursions.lateReadings} + ${addLateReadings}` } : {}),
    })
    .where(eq(coldChainExcursions.id, e.id));
}

/**
 * A subject's stored readings around late ones: from the last reading in range before the earliest to the
 * first in range after the latest (or the subject's first and latest readings), so every run the late
 * readings belong to is whole.
 */
async function readingWindow(tx: Db, subject: MonitoredSubject, from: Date, to: Date): Promise<Reading[]> {
  const r = temperatureReadings;
  const inRangeSql = between(r.temperatureC, subject.minC, subject.maxC);
  const [[before], [after]] = await Promise.all([
    tx.select({ at: r.recordedAt }).from(r).where(and(eq(r.subjectId, subject.id), lt(r.recordedAt, from), inRangeSql, ...journeySql(subject))).orderBy(desc(r.recordedAt)).limit(1),
    tx.select({ at: r.recordedAt }).from(r).where(and(eq(r.subjectId, subject.id), gt(r.recordedAt, to), inRangeSql, ...journeySql(subject))).orderBy(asc(r.recordedAt)).limit(1),
  ]);
  return tx
    .select({ recordedAt: r.recordedAt, temperatureC: r.temperatureC })
    .from(r)
    .where(and(eq(r.subjectId, subject.id), before ? gte(r.recordedAt, before.at) : undefined, after ? lte(r.recordedAt, after.at) : undefined, ...journeySql(subject)))
    .orderBy(asc(r.recordedAt));
}

/** Whether a reading at `at` is judged: a transport's only between departure and arrival (cold-chain-common.ts). */
const judged = (subject: MonitoredSubject, at: Date) => (!subject.judgedFrom || at >= subject.judgedFrom) && (!subject.judgedUntil || at <= subject.judgedUntil);
const journeySql = (subject: MonitoredSubject) => [
  subject.judgedFrom ? gte(temperatureReadings.recordedAt, subject.judgedFrom) : undefined,
  subject.judgedUntil ? lte(temperatureReadings.recordedAt, subject.judgedUntil) : undefined,
];

const earlier = (a: Date, b: Date) => (a < b ? a : b);

/** An excursion widened by a run: the earlier start, the later end (none while it lasts), extremes and counts combined. */
function widened(e: ExcursionEpisode, run: LateRun, lastReadingAt: Date | null): ExcursionEpisode {
  const startedAt = earlier(e.startedAt, run.startedAt);
  const endedAt = e.endedAt === null || run.endedAt === null ? null : e.endedAt > run.endedAt ? e.endedAt : run.endedAt;
  const until = endedAt ?? lastReadingAt ?? run.lastAt;
  return {
    id: e.id,
    isNew: false,
    startedAt,
    endedAt,
    durationMinutes: minutesBetween(startedAt, until),
    minTemperatureC: Math.min(e.minTemperatureC, run.minTemperatureC),
    maxTemperatureC: Math.max(e.maxTemperatureC, run.maxTemperatureC),
    maxDeviationC: Math.max(e.maxDeviationC, run.maxDeviationC),
    // A run's readings stored before this ingest are the excursion's already (a stored in-range reading
    // would have split them from it), so only its late ones are new; a run holding the whole excursion
    // counts them all (also late readings an excursion closed before they came did not count).
    readingsOutOfRange: Math.max(run.readingsOutOfRange, e.readingsOutOfRange + run.lateReadings),
  };
}

const episodeOf = (row: typeof coldChainExcursions.$inferSelect): ExcursionEpisode => ({ ...row, isNew: false });

/**
 * Late readings out of range: the runs they belong to among the stored readings open or widen excursions.
 * They never shorten or end one (a late reading in range inside an excursion already acted on changes
 * nothing). A run reaching the subject's latest reading is its current run: it moves the state's start
 * earlier and may pass the tolerance there. A run that ended widens the open excursion it overlaps;
 * overlapping only a closed one, it is recorded as a new excursion revising it when it makes that one
 * longer or further beyond a limit; overlapping none, it is a new excursion when it outlasted the tolerance.
 * docs/decisions/pharmacy.md, "Late readings".
 */
async function detectInLateReadings(tx: Db, subject: MonitoredSubject, state: MonitorState, late: Reading[], outcome: IngestOutcome, messages: string[]): Promise<MonitorState> {
  const times = late.map((r) => r.recordedAt.getTime());
  const lateAt = new Set(times);
  const window = await readingWindow(tx, subject, new Date(Math.min(...times)), new Date(Math.max(...times)));
  const runs = lateRuns(
    window.map((r) => ({ ...r, late: lateAt.has(r.recordedAt.getTime()) })),
    subject,
  );
  const s: MonitorState = { ...state };
  const toleranceMs = subject.toleranceMinutes * 60_000;
  for (const run of runs) {
    if (run.endedAt === null) {
      // The current run: a start earlier than the state's means the run holds all of the state's readings.
      if (!s.outSince || run.startedAt < s.outSince) {
        Object.assign(s, { outSince: run.startedAt, runMinC: run.minTemperatureC, runMaxC: run.maxTemperatureC, runMaxDeviationC: run.maxDeviationC, runReadings: run.readingsOutOfRange });
      } else {
        Object.assign(s, { runMinC: Math.min(s.runMinC!, run.minTemperatureC), runMaxC: Math.max(s.runMaxC!, run.maxTemperatureC), runMaxDeviationC: Math.max(s.runMaxDeviationC!, run.maxDeviationC), runReadings: s.runReadings + run.lateReadings });
      }
      const lastAt = s.lastReadingAt ?? run.lastAt;
      const episode: ExcursionEpisode = {
        id: s.excursionId ?? randomUUID(),
        isNew: !s.excursionId,
        startedAt: s.outSince!,
        endedAt: null,
        durationMinutes: minutesBetween(s.outSince!, lastAt),
        minTemperatureC: s.runMinC!,
        maxTemperatureC: s.runMaxC!,
        maxDeviationC: round2(s.runMaxDeviationC!),
        readingsOutOfRange: s.runReadings,
      };
      if (s.excursionId) await updateExcursion(tx, episode, run.lateReadings);
      else if (lastAt.getTime() - s.outSince!.getTime() > toleranceMs) {
        messages.push(await writeNewExcursion(tx, subject, episode, { lateReadings: run.lateReadings }));
        s.excursionId = episode.id;
      } else continue;
      outcome.excursionIds.push(episode.id);
      continue;
    }
    const overlapping = await tx
      .select()
      .from(coldChainExcursions)
      .where(and(eq(coldChainExcursions.subjectId, subject.id), lt(coldChainExcursions.startedAt, run.endedAt), or(isNull(coldChainExcursions.endedAt), gt(coldChainExcursions.endedAt, run.startedAt))))
      .orderBy(asc(coldChainExcursions.startedAt));
    const target = overlapping.find((e) => e.id === s.excursionId) ?? overlapping.find((e) => e.status === "open");
    if (target) {
      const episode = widened(episodeOf(target), run, s.lastReadingAt);
      await updateExcursion(tx, episode, run.lateReadings);
      if (target.id === s.excursionId) {
        Object.assign(s, { outSince: episode.startedAt, runMinC: episode.minTemperatureC, runMaxC: episode.maxTemperatureC, runMaxDeviationC: episode.maxDeviationC, runReadings: episode.readingsOutOfRange });
      }
      outcome.excursionIds.push(target.id);
      continue;
    }
    const closed = overlapping[0];
    if (closed) {
      const adds = run.startedAt < closed.startedAt || (closed.endedAt !== null && run.endedAt > closed.endedAt) || run.maxDeviationC > closed.maxDeviationC;
      if (!adds) continue;
      const episode = { ...widened(episodeOf(closed), run, s.lastReadingAt), id: randomUUID(), isNew: true };
      messages.push(await writeNewExcursion(tx, subject, episode, { lateReadings: run.lateReadings, revises: { id: closed.id, disposition: closed.disposition } }));
      outcome.excursionIds.push(episode.id);
      continue;
    }
    if (run.endedAt.getTime() - run.startedAt.getTime() <= toleranceMs) continue;
    const episode: ExcursionEpisode = { id: randomUUID(), isNew: true, ...run, endedAt: run.endedAt };
    messages.push(await writeNewExcursion(tx, subject, episode, { lateReadings: run.lateReadings }));
    outcome.excursionIds.push(episode.id);
  }
  return s;
}

/** Inserts one subject's readings, advances its detector and writes what it found, in the caller's transaction. */
async function ingestSubject(tx: Db, subject: MonitoredSubject, readings: SubjectReading[], outcome: IngestOutcome, messages: string[]): Promise<void> {
  await tx.insert(coldChainMonitorStates).values({ subjectId: subject.id, subjectType: subject.type }).onConflictDoNothing();
  const [row] = await tx.select().from(coldChainMonitorStates).where(eq(coldChainMonitorStates.subjectId, subject.id)).for("update");
  const state = toState(row);
  const last = state.lastReadingAt?.getTime() ?? -Infinity;
  const fresh: Reading[] = [];
  const lateOut: Reading[] = [];
  let outside = 0;
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
      // A transport's readings outside its journey are stored (and counted like any reading), not judged.
      const isJudged = judged(subject, r.recordedAt);
      if (!r.late) {
        if (isJudged) fresh.push(r);
        else outside += 1;
      } else {
        outcome.late += 1;
        if (isJudged && !inRange(r.temperatureC, subject)) lateOut.push(r);
      }
    }
  }
  if (!fresh.length && !lateOut.length) {
    // Readings outside a transport's journey only: stored and counted, nothing to judge.
    if (outside) await tx.update(coldChainMonitorStates).set({ readingsProcessed: state.readingsProcessed + outside, updatedAt: sql`now()` }).where(eq(coldChainMonitorStates.subjectId, subject.id));
    return;
  }
  const found = outcome.excursionIds.length;
  let next = state;
  if (fresh.length) {
    fresh.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    const advanced = advanceMonitor(state, subject, fresh, randomUUID);
    next = advanced.state;
    for (const e of advanced.episodes.values()) {
      outcome.excursionIds.push(e.id);
      if (e.isNew) messages.push(await writeNewExcursion(tx, subject, e));
      else await updateExcursion(tx, e);
    }
  }
  // After the fresh readings: a late run reaching the latest reading joins the run they left open.
  if (lateOut.length) next = await detectInLateReadings(tx, subject, next, lateOut, outcome, messages);
  if (outside) next = { ...next, readingsProcessed: next.readingsProcessed + outside };
  await tx
    .update(coldChainMonitorStates)
    .set({ ...next, updatedAt: sql`now()` })
    .where(eq(coldChainMonitorStates.subjectId, subject.id));
  if (subject.type === "storage_unit") {
    // Batches received into the unit since the last reading, while an excursion of it is live, are held
    // already (excursion-holds.ts); give them their hold rows now, so the excursion lists them. Also for
    // an excursion these readings ended (a quarantined one is no longer live once it has ended).
    const live = await tx
      .select({ id: coldChainExcursions.id })
      .from(coldChainExcursions)
      .where(and(eq(coldChainExcursions.subjectId, subject.id), or(eq(coldChainExcursions.status, "open"), isNull(coldChainExcursions.endedAt))));
    await recordExcursionHolds(tx, [...live.map((e) => e.id), ...outcome.excursionIds.slice(found)], MONITOR);
  }
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
