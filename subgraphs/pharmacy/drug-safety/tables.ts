import { bigserial, index, integer, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
