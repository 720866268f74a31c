import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, numeric, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { inventoryItems, pharmacies } from "../inventory/tables.js";
import { purchaseOrders, suppliers } from "../procurement/tables.js";
import { products, salesTransactions, transactionItems } from "../sales/tables.js";

/**
 * Returns and destruction (spec workflow 4): customer returns against completed sales (inspected:
 * resaleable units back into stock, the rest to quarantine; refunded through billing), stock sent back
 * to a supplier, and stock destroyed. docs/decisions/pharmacy.md, "Returns and destruction".
 */

/** processing (quantities claimed, refund in flight) → completed; processing → cancelled. */
export const customerReturns = pharmacy.table(
  "customer_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** CR-<pharmacy code>-<yyyymmdd>-<NNNN>, gap-free per pharmacy and Kampala day. */
    returnNumber: text("return_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => salesTransactions.id),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("processing"),
    refundAmount: numeric("refund_amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    refundMethod: text("refund_method").notNull(),
    billingChargeId: text("billing_charge_id"),
    billingRefundId: text("billing_refund_id"),
    refundReference: text("refund_reference"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lease of whoever is deciding a `processing` return (its request, a person, the worker's sweep); null while it waits for a person. */
    processingStartedAt: timestamp("processing_started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("customer_returns_pharmacy_created_idx").on(t.pharmacyId, t.createdAt),
    index("customer_returns_transaction_idx").on(t.transactionId),
    // The worker's sweep for leases a crash left behind reads only these rows, however many returns there are.
    index("customer_returns_processing_idx").on(t.processingStartedAt).where(sql`${t.status} = 'processing'`),
  ],
);

export const customerReturnItems = pharmacy.table(
  "customer_return_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => customerReturns.id),
    transactionItemId: uuid("transaction_item_id")
      .notNull()
      .references(() => transactionItems.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    quantity: integer("quantity").notNull(),
    /** sealed | opened | damaged: the pharmacist's inspection. */
    condition: text("condition").notNull(),
    /** restock | quarantine */
    disposition: text("disposition").notNull(),
    dispositionReason: text("disposition_reason").notNull(),
    refundAmount: numeric("refund_amount", { precision: 14, scale: 2 }).notNull(),
    /** The sale's batches the units came from: [{batchId, lotNumber, expiryDate, quantity}]. */
    batches: jsonb("batches").notNull(),
    stockMovementId: uuid("stock_movement_id"),
    quarantineId: uuid("quarantine_id"),
    position: integer("position").notNull(),
  },
  (t) => [index("customer_return_items_return_idx").on(t.returnId)],
);

/** Units held outside sellable stock (returned opened, damaged or expired) until destroyed. */
export const quarantineRecords = pharmacy.table(
  "quarantine_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** customer_return */
    sourceType: text("source_type").notNull(),
    sourceId: uuid("source_id").notNull(),
    inventoryItemId: uuid("inventory_item_id").notNull(),
    medicationCode: text("medication_code"),
    name: text("name").notNull(),
    lotNumber: text("lot_number"),
    expiryDate: date("expiry_date", { mode: "string" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull(),
    /** quarantined | destroyed */
    status: text("status").notNull().default("quarantined"),
    destructionId: uuid("destruction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quarantine_records_pharmacy_status_idx").on(t.pharmacyId, t.status)],
);

/** Stock sent back to a supplier: one batch of one stock, a `supplier_return` movement. */
export const supplierReturns = pharmacy.table(
  "supplier_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SR-<pharmacy code>-<yyyymmdd>-<NNNN>. */
    returnNumber: text("return_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    purchaseOrderId: uuid("purchase_order_id").references(() => purchaseOrders.id),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    medicationCode: text("medication_code"),
    batchId: uuid("batch_id").notNull(),
    lotNumber: text("lot_number"),
    expiryDate: date("expiry_date", { mode: "string" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull(),
    stockMovementId: uuid("stock_movement_id").notNull(),
    /** Who witnessed the units leave: required for a controlled medicine (its register entry carries it too). */
    witness: text("witness"),
    /** The controlled register's supplier_return entry, for a controlled medicine. */
    controlledEntryId: uuid("controlled_entry_id"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("supplier_returns_pharmacy_created_idx").on(t.pharmacyId, t.createdAt)],
);

/** Stock (or quarantined returns) destroyed, witnessed; a controlled medicine is also a register entry. */
export const destructions = pharmacy.table(
  "destructions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** DS-<pharmacy code>-<yyyymmdd>-<NNNN>. */
    destructionNumber: text("destruction_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** stock | quarantine */
    source: text("source").notNull(),
    quarantineId: uuid("quarantine_id"),
    inventoryItemId: uuid("inventory_item_id").notNull(),
    medicationCode: text("medication_code"),
    batchId: uuid("batch_id"),
    lotNumber: text("lot_number"),
    expiryDate: date("expiry_date", { mode: "string" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull(),
    method: text("method").notNull(),
    witness: text("witness").notNull(),
    destroyedBy: text("destroyed_by").notNull(),
    stockMovementId: uuid("stock_movement_id"),
    controlledEntryId: uuid("controlled_entry_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("destructions_pharmacy_created_idx").on(t.pharmacyId, t.createdAt)],
);

/** Per pharmacy, document kind (cr | sr | ds) and Kampala day: the last number handed out. */
export const returnsCounters = pharmacy.table(
  "returns_counters",
  {
    pharmacyId: uuid("pharmacy_id").notNull(),
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.kind, t.day] })],
);
