import { boolean, index, integer, numeric, pgSchema, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { idempotencyKeysTable } from "../../../lib/idempotency.js";

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
    /**
     * What the charge is for; a charge is idempotent per (pharmacy_id, reference_type, reference_id), so
     * another pharmacy cannot take a reference first. Charges without a pharmacy: one per reference.
     */
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    pharmacyId: text("pharmacy_id"),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("UGX"),
    /** created | paid | cancelled */
    status: text("status").notNull().default("created"),
    /** Price of one unit; total_amount = unit_price × quantity. */
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    /** VAT included in total_amount (0 for exempt services and for sales, whose total already carries it). */
    taxAmount: numeric("tax_amount", { precision: 14, scale: 2 }).notNull().default("0.00"),
    /** Version of the price list that priced the charge; null when the referenced sale's total did. */
    priceListVersion: text("price_list_version"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS NOT DISTINCT (PostgreSQL 15+): a null pharmacy_id counts as one scope, not as "never equal".
    unique("charges_pharmacy_reference_uq").on(t.pharmacyId, t.referenceType, t.referenceId).nullsNotDistinct(),
    index("charges_pharmacy_idx").on(t.pharmacyId),
  ],
);

/**
 * Billing's service price list (subgraphs/billing/price-list/price-list.json), one row per version,
 * service code and pharmacy (null: every pharmacy without its own row). Old versions stay as the
 * history the charges cite.
 */
export const servicePrices = billing.table(
  "service_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    version: text("version").notNull(),
    serviceCode: text("service_code").notNull(),
    pharmacyId: text("pharmacy_id"),
    description: text("description").notNull(),
    /** list: unit_price × quantity (+ VAT when taxable); sale_total: the referenced sale's total. */
    pricing: text("pricing").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }),
    currency: text("currency").notNull(),
    taxable: boolean("taxable").notNull(),
    taxRate: numeric("tax_rate", { precision: 5, scale: 4 }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [unique("service_prices_version_code_pharmacy_uq").on(t.version, t.serviceCode, t.pharmacyId).nullsNotDistinct()],
);

/** Payments against a charge; a charge is `paid` once its completed payments add up to its total. */
export const payments = billing.table(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /** cash | mobile_money | card */
    method: text("method").notNull(),
    /** completed | failed */
    status: text("status").notNull(),
    /** The mobile-money or card processor's reference (generated for the simulated processor). */
    providerReference: text("provider_reference"),
    payerPhone: text("payer_phone"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_charge_idx").on(t.chargeId)],
);

/**
 * Money given back against a charge (a customer return): never more, over all refunds, than the
 * charge's completed payments. One refund per (charge, reference_type, reference_id).
 */
export const refunds = billing.table(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chargeId: uuid("charge_id")
      .notNull()
      .references(() => charges.id),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /** cash | mobile_money | card: how the money goes back. */
    method: text("method").notNull(),
    /** completed */
    status: text("status").notNull(),
    reason: text("reason").notNull(),
    /** What the refund is for, e.g. customer_return / <return id>. */
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    providerReference: text("provider_reference"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("refunds_charge_reference_uq").on(t.chargeId, t.referenceType, t.referenceId), index("refunds_charge_idx").on(t.chargeId)],
);

/** Idempotency-Key records of charge and payment creation. */
export const idempotencyKeys = idempotencyKeysTable(billing);
