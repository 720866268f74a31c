import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, numeric, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { inventoryItems, pharmacies } from "../inventory/tables.js";

/** Point of sale: the OTC catalog and sales transactions. */

export const products = pharmacy.table(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    name: text("name").notNull(),
    sku: text("sku"),
    category: text("category").notNull(),
    retailPrice: numeric("retail_price", { precision: 14, scale: 2 }).notNull(),
    /** Explicit link: sell from this inventory item. Null when the product keeps its own stock (an inventory item with product_id = this product). */
    inventoryItemId: uuid("inventory_item_id"),
    isActive: boolean("is_active").notNull().default(true),
    taxExempt: boolean("tax_exempt").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_pharmacy_sku_uq").on(t.pharmacyId, t.sku),
    index("products_pharmacy_name_idx").on(t.pharmacyId, t.name),
  ],
);

/** Spec, "Sales transaction": pending → processing (stock reserved, paying) → completed; pending → cancelled. */
export const salesTransactions = pharmacy.table(
  "sales_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** <pharmacy code>-<yyyymmdd>-<4-digit sequence>, gap-free per pharmacy and day. */
    transactionNumber: text("transaction_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    cashier: text("cashier").notNull(),
    createdBy: text("created_by").notNull(),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    notes: text("notes"),
    subtotal: numeric("subtotal", { precision: 14, scale: 2 }).notNull(),
    taxAmount: numeric("tax_amount", { precision: 14, scale: 2 }).notNull(),
    /** Manual discount plus the value of redeemed loyalty points. */
    discountAmount: numeric("discount_amount", { precision: 14, scale: 2 }).notNull(),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    /** cash | mobile_money | card */
    paymentMethod: text("payment_method").notNull(),
    /** pending | completed */
    paymentStatus: text("payment_status").notNull().default("pending"),
    /** pending | processing | completed | cancelled */
    status: text("status").notNull().default("pending"),
    loyaltyAccountId: uuid("loyalty_account_id"),
    pointsRedeemed: integer("points_redeemed").notNull().default(0),
    pointsEarned: integer("points_earned").notNull().default(0),
    billingChargeId: text("billing_charge_id"),
    billingPaymentId: text("billing_payment_id"),
    paymentReference: text("payment_reference"),
    processingStartedAt: timestamp("processing_started_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Stamped from the table's write version on insert and when a column its lists order or filter by changes (migrations *_insert_version, *_list_departures): cached deep-page bookmarks shift by the rows that came in since (lib/page-bookmarks.ts). */
    insertVersion: bigint("insert_version", { mode: "number" }),
  },
  (t) => [
    // The list's order (created_at desc, number desc), for everyone and per pharmacy: pages skip rows on these, index-only.
    index("sales_transactions_created_number_idx").on(t.createdAt, t.transactionNumber),
    index("sales_transactions_insert_version_idx").on(t.insertVersion),
    index("sales_transactions_pharmacy_created_number_idx").on(t.pharmacyId, t.createdAt, t.transactionNumber),
    index("sales_transactions_pharmacy_status_idx").on(t.pharmacyId, t.status),
    // The completion sweeper's claim (status processing, oldest lease first) reads only these rows, not the table.
    index("sales_transactions_processing_idx").on(t.processingStartedAt).where(sql`${t.status} = 'processing'`),
    // `search`: ilike '%term%' on the customer's name or the number (pg_trgm).
    index("sales_transactions_customer_name_trgm_idx").using("gin", t.customerName.op("gin_trgm_ops")),
    index("sales_transactions_number_trgm_idx").using("gin", t.transactionNumber.op("gin_trgm_ops")),
  ],
);

export const transactionItems = pharmacy.table(
  "transaction_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => salesTransactions.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull(),
    lineTotal: numeric("line_total", { precision: 14, scale: 2 }).notNull(),
    /** Rate applied to this line (0 when the product is tax exempt). */
    taxRate: numeric("tax_rate", { precision: 6, scale: 4 }).notNull(),
    taxAmount: numeric("tax_amount", { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index("transaction_items_transaction_idx").on(t.transactionId), index("transaction_items_product_idx").on(t.productId)],
);

/** Per pharmacy and day, the last transaction number handed out (incremented inside the create transaction). */
export const transactionCounters = pharmacy.table(
  "transaction_counters",
  {
    pharmacyId: uuid("pharmacy_id").notNull(),
    day: text("day").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.day] })],
);
