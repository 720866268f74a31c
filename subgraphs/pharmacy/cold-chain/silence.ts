/**
 * Silent loggers: a storage unit with a silence alarm that has sent no reading for longer than it (a dead
 * battery, a lost network, a logger moved) is a blind spot, not a safe fridge. The worker's sweep tells
 * the unit's pharmacy once per silence (pharmacy outbox); the safety alerts list it while it lasts.
 * docs/decisions/pharmacy.md, "Silent loggers".
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Config } from "../../../lib/config.js";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { startPeriodic } from "../../../lib/periodic.js";
import { coldChainMonitorStates, coldStorageUnits, pharmacies } from "../db/tables.js";
import type { SafetyAlert, SafetyAlertSource } from "../drug-safety/safety-alerts.js";
import { alertRecipientSql } from "../inventory/pharmacy-location/pharmacy-location.service.js";
import { enqueueOutboxMessage } from "../outbox/outbox.service.js";
import { kampalaTime, rangeText } from "./cold-chain-common.js";
import { inRange } from "./detector.js";
import { silenceSinceSql, silentSql } from "./storage-unit.service.js";

/** Silent units, with what the messages and alerts say of them. */
function silentUnits(db: Db, extra: SQL[] = []) {
  return db
    .select({ unit: coldStorageUnits, since: silenceSinceSql().mapWith(coldStorageUnits.createdAt), lastTemperatureC: coldChainMonitorStates.lastTemperatureC, pharmacyName: pharmacies.name, recipient: alertRecipientSql() })
    .from(coldStorageUnits)
    .innerJoin(pharmacies, eq(pharmacies.id, coldStorageUnits.pharmacyId))
    .leftJoin(coldChainMonitorStates, eq(coldChainMonitorStates.subjectId, coldStorageUnits.id))
    .where(and(silentSql(), ...extra));
}

const hoursText = (ms: number) => (ms < 90 * 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 360_000) / 10} h`);

/**
 * One sweep: every unit silent longer than its alarm whose pharmacy was not told of this silence gets one
 * message, written with the unit's mark in one transaction. `FOR UPDATE SKIP LOCKED`: workers sweep side
 * by side without telling twice. A reading ends the silence; the next silence is told again. Returns the
 * units told.
 */
export async function sweepSilentUnits(db: Db, limit = 50): Promise<string[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const claimed = await tx
      .select({ id: coldStorageUnits.id })
      .from(coldStorageUnits)
      .where(and(silentSql(), sql`${coldStorageUnits.silenceAlertedFor} is distinct from ${silenceSinceSql()}`))
      .orderBy(coldStorageUnits.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!claimed.length) return [];
    const due = await silentUnits(tx, [inArray(coldStorageUnits.id, claimed.map((c) => c.id))]);
    for (const d of due) {
      const u = d.unit;
      const last =
        d.lastTemperatureC === null
          ? `no reading since it was registered on ${kampalaTime(d.since)}`
          : `no reading since ${kampalaTime(d.since)} (the last: ${d.lastTemperatureC} °C, ${inRange(d.lastTemperatureC, u) ? "in range" : `outside ${rangeText(u)}`})`;
      const message = await enqueueOutboxMessage(tx, {
        pharmacyId: u.pharmacyId,
        template: "generic",
        // The pharmacy's alert phone, else its phone; with neither the message is still written and fails visibly.
        recipient: d.recipient ?? null,
        parameters: {
          subject: `Cold-chain logger silent: ${u.name}`,
          message:
            `${d.pharmacyName}: ${u.name}${u.deviceId ? ` (logger ${u.deviceId})` : ""} has sent ${last}, more than ${u.silenceAlarmMinutes} minutes. ` +
            `Check the logger (battery, network, placement) and read the unit's thermometer by hand until it reports again; readings it kept are checked when they arrive.`,
        },
        referenceType: "cold_storage_unit",
        referenceId: u.id,
      });
      await tx.update(coldStorageUnits).set({ silenceAlertedFor: d.since, silenceMessageId: message.id }).where(eq(coldStorageUnits.id, u.id));
    }
    return due.map((d) => d.unit.id);
  });
}

/** Safety alerts: one per silent unit; critical when its last reading was out of range (it may still be). */
export const coldChainSilenceAlerts: SafetyAlertSource = async (db, pharmacyId) => {
  const rows = await silentUnits(db, pharmacyId ? [eq(coldStorageUnits.pharmacyId, pharmacyId)] : []);
  const now = Date.now();
  return rows.map((d) => {
    const u = d.unit;
    const out = d.lastTemperatureC !== null && !inRange(d.lastTemperatureC, u);
    return {
      type: "cold_chain_silent",
      severity: out ? "critical" : "warning",
      title: `Cold-chain logger silent: ${u.name}`,
      message:
        `No reading for ${hoursText(now - d.since.getTime())} (since ${d.since.toISOString()}; alarm after ${u.silenceAlarmMinutes} min)` +
        `${d.lastTemperatureC === null ? "; it never reported" : `; the last was ${d.lastTemperatureC} °C${out ? `, outside ${rangeText(u)}` : ""}`}. Check the logger and read the thermometer by hand.`,
      pharmacyId: u.pharmacyId,
      medicationCode: null,
      lotNumber: null,
      referenceType: "cold_storage_unit",
      referenceId: u.id,
      raisedAt: new Date(d.since.getTime() + u.silenceAlarmMinutes! * 60_000),
      dueDate: null,
    } satisfies SafetyAlert;
  });
};

/** The worker role's sweep for silent loggers, every PHARMACY_SWEEP_INTERVAL_MS. */
export function startSilenceSweeper(rt: { db: Db; config: Config; logger: Logger }): () => Promise<void> {
  const logger = rt.logger.child({ component: "cold-chain-silence" });
  return startPeriodic({
    logger,
    intervalMs: rt.config.PHARMACY_SWEEP_INTERVAL_MS,
    started: "silent-logger sweep started",
    stopped: "silent-logger sweep stopped",
    failed: "silent-logger sweep failed; retrying",
    sweep: async () => {
      const told = await sweepSilentUnits(rt.db);
      if (told.length) logger.warn({ units: told }, "cold-chain loggers silent: pharmacies told");
    },
  });
}
