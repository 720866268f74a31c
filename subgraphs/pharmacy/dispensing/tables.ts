import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";

/**
 * Prescriptions are a marketplace: any participating pharmacy may dispense one, exactly once (and
 * each allowed refill once). What is prescribed lives in `prescription_items`.
 */
export const prescriptions = pharmacy.table(
  "prescriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull(),
    prescriber: text("prescriber").notNull(),
    /** pending | dispensed | cancelled */
    status: text("status").notNull().default("pending"),
    dispensedBy: uuid("dispensed_by_pharmacy"),
    /** Who wrote it here (token `sub`), when created through the API; null for imported rows. */
    createdBy: text("created_by"),
    notes: text("notes"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prescriptions_patient_idx").on(t.patientUhid, t.issuedAt), index("prescriptions_status_idx").on(t.status, t.issuedAt)],
);

/** One medicine of a prescription, in the prescriber's order (`position` from 0). */
export const prescriptionItems = pharmacy.table(
  "prescription_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    position: integer("position").notNull(),
    /** The catalog code (RxNorm ingredient RxCUI); null only on rows imported before codes were required. */
    medicationCode: text("medication_code"),
    medicationName: text("medication_name").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    quantity: integer("quantity").notNull(),
    /** How many times this item may be dispensed again after the first fill. */
    refillsAllowed: integer("refills_allowed").notNull().default(0),
  },
  (t) => [uniqueIndex("prescription_items_position_uq").on(t.prescriptionId, t.position), index("prescription_items_code_idx").on(t.medicationCode)],
);

/**
 * A refill asked for on a dispensed prescription: number n (1, 2, …) covers the items allowing at
 * least n refills. `requested` shows in the queue until a dispense fills it (`dispensed`).
 */
export const prescriptionRefills = pharmacy.table(
  "prescription_refills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    number: integer("number").notNull(),
    /** requested | dispensed | cancelled */
    status: text("status").notNull().default("requested"),
    requestedBy: text("requested_by").notNull(),
    notes: text("notes"),
    dispenseId: uuid("dispense_id"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    dispensedAt: timestamp("dispensed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("prescription_refills_number_uq").on(t.prescriptionId, t.number),
    // At most one refill waiting per prescription (the service answers 409 first; this is the last word).
    uniqueIndex("prescription_refills_one_open_uq").on(t.prescriptionId).where(sql`status = 'requested'`),
    index("prescription_refills_status_idx").on(t.status, t.requestedAt),
  ],
);

/** Spec, "Dispense create request": one fill of a prescription (fill 0) or of one of its refills (fill n). */
export const dispenses = pharmacy.table(
  "dispenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    /** 0 for the prescription itself, n for refill n: unique per prescription, so a fill happens once. */
    fillNumber: integer("fill_number").notNull(),
    refillId: uuid("refill_id"),
    pharmacyId: uuid("pharmacy_id").notNull(),
    patientUhid: text("patient_uhid").notNull(),
    /** The spec's free-text pharmacist; `dispensedBy` is the token's `sub`. */
    pharmacist: text("pharmacist").notNull(),
    dispensedBy: text("dispensed_by").notNull(),
    witness: text("witness"),
    /** Safety findings at the time of dispensing (interactions, allergies), as checked. */
    findings: jsonb("findings").notNull().default([]),
    overrideReason: text("override_reason"),
    overrideBy: text("override_by"),
    overrideAt: timestamp("override_at", { withTimezone: true }),
    /** The blocking findings the override set aside. */
    overriddenFindings: jsonb("overridden_findings"),
    /** Clinical audit record of the interaction check, and the override recorded against it. */
    safetyAuditId: text("safety_audit_id"),
    overrideRecordId: text("override_record_id"),
    outboxMessageId: uuid("outbox_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("dispenses_fill_uq").on(t.prescriptionId, t.fillNumber),
    index("dispenses_pharmacy_idx").on(t.pharmacyId, t.createdAt),
    index("dispenses_patient_idx").on(t.patientUhid, t.createdAt),
  ],
);

export const dispenseItems = pharmacy.table(
  "dispense_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dispenseId: uuid("dispense_id")
      .notNull()
      .references(() => dispenses.id),
    position: integer("position").notNull(),
    medicationCode: text("medication_code").notNull(),
    medicationName: text("medication_name").notNull(),
    quantity: integer("quantity").notNull(),
    controlled: boolean("controlled").notNull().default(false),
  },
  (t) => [index("dispense_items_dispense_idx").on(t.dispenseId, t.position)],
);
