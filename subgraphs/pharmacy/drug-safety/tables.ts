import { bigserial, date, index, integer, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { pharmacies } from "../inventory/tables.js";

/** Drug safety: the controlled-drug register (append-only) and the running balance it keeps per pharmacy and drug. */

/** One row per pharmacy and controlled medicine: the register's running balance, locked by every entry. */
export const controlledBalances = pharmacy.table(
  "controlled_balances",
  {
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    medicationCode: text("medication_code").notNull(),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.medicationCode] })],
);

/** The controlled-drug register: never updated or deleted; a correction is a new `adjustment` entry. */
export const controlledRegisterEntries = pharmacy.table(
  "controlled_register_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Order of writing across the register (entries of one transaction share `created_at`). */
    entryNumber: bigserial("entry_number", { mode: "number" }).notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    medicationCode: text("medication_code").notNull(),
    /** receipt | dispense | destruction | adjustment | return */
    transactionType: text("transaction_type").notNull(),
    /** Signed: negative for a reduction. */
    quantity: integer("quantity").notNull(),
    balanceBefore: integer("balance_before").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** The caller's `sub`. */
    recordedBy: text("recorded_by").notNull(),
    witness: text("witness"),
    prescriptionId: text("prescription_id"),
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("controlled_register_pharmacy_drug_idx").on(t.pharmacyId, t.medicationCode, t.createdAt),
    index("controlled_register_created_idx").on(t.createdAt),
  ],
);

/**
 * Drug recalls (spec: /api/v1/drug-safety/recalls/): a medication's lots (none listed: every lot) that
 * may no longer be sold or dispensed at any pharmacy while the recall is active. The stock ledger
 * matches batches against active recalls when it draws (inventory/holds.ts).
 */
export const drugRecalls = pharmacy.table(
  "drug_recalls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    medicationCode: text("medication_code").notNull(),
    /** Lots recalled; empty: every lot of the medication. */
    lotNumbers: text("lot_numbers").array().notNull().default([]),
    /** I (most serious), II or III, as regulators class recalls. */
    recallClass: text("recall_class").notNull(),
    reason: text("reason").notNull(),
    recallDate: date("recall_date", { mode: "string" }).notNull(),
    issuingAuthority: text("issuing_authority").notNull(),
    /** The authority's or manufacturer's reference of the notice. */
    authorityReference: text("authority_reference").notNull(),
    /** active | closed */
    status: text("status").notNull().default("active"),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: text("closed_by"),
    closeReason: text("close_reason"),
  },
  (t) => [index("drug_recalls_code_status_idx").on(t.medicationCode, t.status), index("drug_recalls_created_idx").on(t.createdAt)],
);
