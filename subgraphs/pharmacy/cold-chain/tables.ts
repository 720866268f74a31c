import { boolean, doublePrecision, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { inventoryItems, pharmacies } from "../inventory/tables.js";

/**
 * Cold chain: storage units and transports (the "monitored subjects"), their temperature readings, the
 * detector's state per subject, and the excursions it finds. docs/decisions/pharmacy.md, "Cold chain".
 */

/** A refrigerator, freezer, cold box… of one pharmacy with its allowed range and tolerance. */
export const coldStorageUnits = pharmacy.table(
  "cold_storage_units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    name: text("name").notNull(),
    /** refrigerator | freezer | cold_box | vaccine_carrier | cold_room | other */
    kind: text("kind").notNull(),
    /** Allowed range, °C, limits included. */
    minC: doublePrecision("min_c").notNull(),
    maxC: doublePrecision("max_c").notNull(),
    /** Minutes readings may stay out of range before it is an excursion (longer than this is one). */
    toleranceMinutes: integer("tolerance_minutes").notNull(),
    /** The threshold profile the range came from (cold-chain/thresholds.json), when one was used. */
    profile: text("profile"),
    /** The logger (data logger, sensor) that reports for this unit. */
    deviceId: text("device_id"),
    location: text("location"),
    isActive: boolean("is_active").notNull().default(true),
    /** Minutes without a reading before the unit is silent and its pharmacy is told; null: no silence alarm. */
    silenceAlarmMinutes: integer("silence_alarm_minutes"),
    /** The last reading's time (or the unit's creation) of the silence the pharmacy was last told of: one message per silence. */
    silenceAlertedFor: timestamp("silence_alerted_for", { withTimezone: true }),
    /** That message (pharmacy outbox). */
    silenceMessageId: uuid("silence_message_id"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cold_storage_units_pharmacy_idx").on(t.pharmacyId), uniqueIndex("cold_storage_units_device_uq").on(t.deviceId)],
);

/** Which stock items are kept in a unit (an excursion of the unit flags their batches). */
export const coldStorageUnitItems = pharmacy.table(
  "cold_storage_unit_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storageUnitId: uuid("storage_unit_id")
      .notNull()
      .references(() => coldStorageUnits.id),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
  },
  (t) => [uniqueIndex("cold_storage_unit_items_uq").on(t.storageUnitId, t.inventoryItemId), index("cold_storage_unit_items_item_idx").on(t.inventoryItemId)],
);

/** One shipment in a cold box or vehicle, monitored by its logger from departure to arrival. */
export const coldChainTransports = pharmacy.table(
  "cold_chain_transports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The pharmacy that records it and receives the goods: holds and notifications go there. */
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    shipmentReference: text("shipment_reference").notNull(),
    deviceId: text("device_id"),
    minC: doublePrecision("min_c").notNull(),
    maxC: doublePrecision("max_c").notNull(),
    toleranceMinutes: integer("tolerance_minutes").notNull(),
    profile: text("profile"),
    /** What it carries: medication code, lot, units. */
    contents: jsonb("contents").$type<{ medicationCode: string; lotNumber: string | null; quantity: number }[]>().notNull(),
    departedAt: timestamp("departed_at", { withTimezone: true }).notNull(),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cold_chain_transports_pharmacy_idx").on(t.pharmacyId, t.departedAt)],
);

/** A temperature reading of a storage unit or transport; one per subject and time (a repeat is ignored). */
export const temperatureReadings = pharmacy.table(
  "temperature_readings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** storage_unit | transport */
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    pharmacyId: uuid("pharmacy_id").notNull(),
    deviceId: text("device_id"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    temperatureC: doublePrecision("temperature_c").notNull(),
    /** Arrived after a later reading of the subject had been processed: checked for the runs it belongs to (monitor.service.ts). */
    late: boolean("late").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("temperature_readings_subject_time_uq").on(t.subjectId, t.recordedAt), index("temperature_readings_pharmacy_time_idx").on(t.pharmacyId, t.recordedAt)],
);

/**
 * The detector's state per subject (incremental: ingest reads and writes this row, never rescans):
 * the last reading processed and, while readings are out of range, the run's start and extremes.
 */
export const coldChainMonitorStates = pharmacy.table("cold_chain_monitor_states", {
  subjectId: uuid("subject_id").primaryKey(),
  subjectType: text("subject_type").notNull(),
  lastReadingAt: timestamp("last_reading_at", { withTimezone: true }),
  lastTemperatureC: doublePrecision("last_temperature_c"),
  /** First out-of-range reading of the current run; null while in range. */
  outSince: timestamp("out_since", { withTimezone: true }),
  runMinC: doublePrecision("run_min_c"),
  runMaxC: doublePrecision("run_max_c"),
  runMaxDeviationC: doublePrecision("run_max_deviation_c"),
  runReadings: integer("run_readings").notNull().default(0),
  /** The excursion the current run became, once it outlasted the tolerance. */
  excursionId: uuid("excursion_id"),
  readingsProcessed: integer("readings_processed").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Readings out of range for longer than the subject's tolerance; closed by a disposition. */
export const coldChainExcursions = pharmacy.table(
  "cold_chain_excursions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    pharmacyId: uuid("pharmacy_id").notNull(),
    /** open (awaiting a disposition) | closed */
    status: text("status").notNull().default("open"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** The first reading back in range; null while readings are still out of range. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Up to the end, or to the last reading while it lasts. */
    durationMinutes: integer("duration_minutes").notNull(),
    minTemperatureC: doublePrecision("min_temperature_c").notNull(),
    maxTemperatureC: doublePrecision("max_temperature_c").notNull(),
    maxDeviationC: doublePrecision("max_deviation_c").notNull(),
    readingsOutOfRange: integer("readings_out_of_range").notNull(),
    /** The limits and tolerance in force when it was detected. */
    limitMinC: doublePrecision("limit_min_c").notNull(),
    limitMaxC: doublePrecision("limit_max_c").notNull(),
    toleranceMinutes: integer("tolerance_minutes").notNull(),
    /** release | quarantine | discard */
    disposition: text("disposition"),
    dispositionNotes: text("disposition_notes"),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    outboxMessageId: uuid("outbox_message_id"),
    /** Of its out-of-range readings, how many arrived after a later reading had been processed (they opened or widened it). */
    lateReadings: integer("late_readings").notNull().default(0),
    /** Found in late readings that make a closed excursion longer or more extreme: the closed one it revises. */
    revisesExcursionId: uuid("revises_excursion_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cold_chain_excursions_subject_idx").on(t.subjectId, t.startedAt), index("cold_chain_excursions_pharmacy_idx").on(t.pharmacyId, t.status)],
);
