import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";

/**
 * Prescriptions are a marketplace: any participating pharmacy may dispense one (and each allowed
 * refill), in one or several parts until every item is given or the fill is closed short. What is
 * prescribed, and what the current fill has given of it, lives in `prescription_items`.
 */
export const prescriptions = pharmacy.table(
  "prescriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull(),
    prescriber: text("prescriber").notNull(),
    /** Fill 0's state: pending | partially_dispensed | dispensed (complete, or closed short) | cancelled. */
    status: text("status").notNull().default("pending"),
    /** The pharmacy of the latest part dispensed of fill 0. */
    dispensedBy: uuid("dispensed_by_pharmacy"),
    /**
     * The refill being dispensed now (requested or partially dispensed), null when none: with `status`
     * it says which fill is open, so what is owed is read from this row and its items alone.
     */
    openRefillNumber: integer("open_refill_number"),
    /** Who wrote it here (token `sub`), when created through the API; null for imported rows. */
    createdBy: text("created_by"),
    notes: text("notes"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last day (Africa/Kampala, YYYY-MM-DD) its first fill and refills may be dispensed or requested:
     * six months beginning with the day it was written (30 days with a controlled medicine), or earlier
     * when the prescriber said so (prescription/prescription-validity.ts).
     */
    validUntil: date("valid_until", { mode: "string" }).notNull(),
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
    /** Units given of this item on the current fill, over all its parts (set back to 0 when a refill is requested). */
    quantityDispensed: integer("quantity_dispensed").notNull().default(0),
  },
  (t) => [
    uniqueIndex("prescription_items_position_uq").on(t.prescriptionId, t.position),
    index("prescription_items_code_idx").on(t.medicationCode),
    // The database's last word against giving more than prescribed on one fill (two parts racing).
    check("prescription_items_dispensed_within_quantity", sql`${t.quantityDispensed} >= 0 AND ${t.quantityDispensed} <= ${t.quantity}`),
  ],
);

/**
 * A refill asked for on a dispensed prescription: number n (1, 2, …) covers the items allowing at
 * least n refills. `requested` and `partially_dispensed` show in the queue until its items are all
 * given or it is closed short (`dispensed`).
 */
export const prescriptionRefills = pharmacy.table(
  "prescription_refills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    number: integer("number").notNull(),
    /** requested | partially_dispensed | dispensed (complete, or closed short) | cancelled */
    status: text("status").notNull().default("requested"),
    requestedBy: text("requested_by").notNull(),
    notes: text("notes"),
    /** The refill's latest dispense (the one that completed it, once complete). */
    dispenseId: uuid("dispense_id"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    dispensedAt: timestamp("dispensed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("prescription_refills_number_uq").on(t.prescriptionId, t.number),
    // At most one refill open per prescription (the service answers 409 first; this is the last word).
    uniqueIndex("prescription_refills_one_open_uq").on(t.prescriptionId).where(sql`status in ('requested', 'partially_dispensed')`),
    index("prescription_refills_status_idx").on(t.status, t.requestedAt),
  ],
);

/** Spec, "Dispense create request": one part of a fill of a prescription (fill 0) or of one of its refills (fill n). */
export const dispenses = pharmacy.table(
  "dispenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    /** 0 for the prescription itself, n for refill n. */
    fillNumber: integer("fill_number").notNull(),
    /** 1 for a fill's first dispense, 2 for the next part (what a stock shortage left owed), … */
    part: integer("part").notNull().default(1),
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
    uniqueIndex("dispenses_fill_part_uq").on(t.prescriptionId, t.fillNumber, t.part),
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

/**
 * A fill closed short by a pharmacist: what it had not given is no longer owed (the patient will not
 * come back, or the medicine is not to be had). One per fill; `notGiven` is what stopped being owed.
 */
export const prescriptionFillClosures = pharmacy.table(
  "prescription_fill_closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    prescriptionId: uuid("prescription_id")
      .notNull()
      .references(() => prescriptions.id),
    fillNumber: integer("fill_number").notNull(),
    refillId: uuid("refill_id"),
    /** The closing pharmacist's pharmacy (null for an admin, or a fill closed by a migration). */
    pharmacyId: uuid("pharmacy_id"),
    reason: text("reason").notNull(),
    /** Token subject of who closed it. */
    closedBy: text("closed_by").notNull(),
    /** [{medicationCode, medicationName, quantity}]: the units each item had still owed. */
    notGiven: jsonb("not_given").notNull().default([]),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("prescription_fill_closures_fill_uq").on(t.prescriptionId, t.fillNumber)],
);
