import { index, integer, numeric, pgSchema, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** The billing subgraph owns the `billing` Postgres schema (it stands in for {billing_url}). */
export const billing = pgSchema("billing");

export const charges = billing.table(
  "charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid"),
    serviceCode: text("service_code").notNull(),
    serviceDescription: text("service_description").notNull(),
    quantity: integer("quantity").notNull(),
    /** What the charge is for; a charge is idempotent per (reference_type, reference_id). */
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    pharmacyId: text("pharmacy_id"),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("UGX"),
    /** created | paid | cancelled */
    status: text("status").notNull().default("created"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("charges_reference_uq").on(t.referenceType, t.referenceId), index("charges_pharmacy_idx").on(t.pharmacyId)],
);
