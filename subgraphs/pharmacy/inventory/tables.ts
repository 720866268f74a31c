import { bigint, boolean, date, index, integer, numeric, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { products } from "../sales/tables.js";

/** Inventory: pharmacy locations, the stock they hold and the ledger of its movements. */

export const pharmacies = pharmacy.table("pharmacies", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  district: text("district").notNull(),
  address: text("address"),
  /** The pharmacy's phone (often a landline), in E.164 when set through the API. */
  phone: text("phone"),
  /**
   * A mobile number that takes the pharmacy's urgent messages (cold-chain excursions, silent loggers)
   * instead of `phone`, e.g. the pharmacist on call; null: they go to `phone` (migration 0024).
   */
  alertPhone: text("alert_phone"),
  /** VAT applied to taxable products, as a fraction ("0.18"). */
  taxRate: numeric("tax_rate", { precision: 6, scale: 4 }).notNull().default("0.18"),
  currency: text("currency").notNull().default("UGX"),
  isActive: boolean("is_active").notNull().default(true),
});

/**
 * A change to a pharmacy's details (name, address, phone, alert phone): one row per field changed, with
 * the value before and after, who and when. Append-only: a trigger refuses UPDATE and DELETE (migration
 * 0024), as for expiry corrections; auditors and the pharmacy's pharmacists read it.
 */
export const pharmacyChanges = pharmacy.table(
  "pharmacy_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** The API's name of the field: name, address, phone, alert_phone. */
    field: text("field").notNull(),
    previousValue: text("previous_value"),
    value: text("value"),
    /** Token subject of who changed it. */
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pharmacy_changes_pharmacy_idx").on(t.pharmacyId, t.changedAt)],
);

/**
 * One stock: every quantity the pharmacy holds is an inventory item, the one lock target of the ledger.
 * A medication's stock (at most one item per pharmacy and medication code), an explicitly created item
 * (products may sell from it), or a product's own stock (`product_id` set, created with the product).
 * `quantity` is a cache of the sum of its batches (and of its movements), changed only by the ledger
 * under the item's row lock in the same transaction as the movement.
 */
export const inventoryItems = pharmacy.table(
  "inventory_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    name: text("name").notNull(),
    medicationCode: text("medication_code"),
    /** Set when this item is a product's own stock (the product has no explicit inventory_item). */
    productId: uuid("product_id").references(() => products.id),
    quantity: integer("quantity").notNull().default(0),
    reorderLevel: integer("reorder_level").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inventory_items_pharmacy_idx").on(t.pharmacyId),
    uniqueIndex("inventory_items_pharmacy_medication_uq").on(t.pharmacyId, t.medicationCode),
    uniqueIndex("inventory_items_product_uq").on(t.productId),
  ],
);

/**
 * A batch (lot) of one inventory item: lot number and expiry as printed on the pack (both null for goods
 * without them), units left, when first received. Changed only by the ledger under the item's lock.
 */
export const stockBatches = pharmacy.table(
  "stock_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    lotNumber: text("lot_number"),
    /** YYYY-MM-DD; units are sellable through this day (Africa/Kampala), never after. */
    expiryDate: date("expiry_date", { mode: "string" }),
    quantity: integer("quantity").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_batches_item_idx").on(t.inventoryItemId), index("stock_batches_pharmacy_expiry_idx").on(t.pharmacyId, t.expiryDate)],
);

/**
 * A batch's recorded expiry corrected (a date mistyped at receipt): who, when, the expiry before and
 * after, and why. Append-only: a trigger refuses UPDATE and DELETE (migration 0023); auditors read it.
 * Not a stock movement: no units move, and the ledger refuses a movement of 0 units.
 */
export const stockBatchExpiryCorrections = pharmacy.table(
  "stock_batch_expiry_corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => stockBatches.id),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** The batch's lot at the time (lots never change). */
    lotNumber: text("lot_number"),
    previousExpiryDate: date("previous_expiry_date", { mode: "string" }),
    expiryDate: date("expiry_date", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    /** Token subject of who corrected it. */
    correctedBy: text("corrected_by").notNull(),
    /** Taken under the item's lock (clock_timestamp), so it orders with the item's movements. */
    correctedAt: timestamp("corrected_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_batch_expiry_corrections_batch_idx").on(t.batchId, t.correctedAt), index("stock_batch_expiry_corrections_pharmacy_idx").on(t.pharmacyId, t.correctedAt)],
);

/** Spec, "Stock movement": signed quantity with the stock before and after. */
export const stockMovements = pharmacy.table(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** Set when the stock is a product's own stock item (filters by product keep working). */
    productId: uuid("product_id").references(() => products.id),
    /** The stock item moved (every movement has one; older rows were backfilled by the migration). */
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id),
    /** receipt | sale | dispense | adjustment | return | destruction | compounding */
    movementType: text("movement_type").notNull(),
    quantity: integer("quantity").notNull(),
    quantityBefore: integer("quantity_before").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Stamped from the table's write version on insert and when a column its lists order or filter by changes (migrations *_insert_version, *_list_departures): cached deep-page bookmarks shift by the rows that came in since (lib/page-bookmarks.ts). */
    insertVersion: bigint("insert_version", { mode: "number" }),
  },
  (t) => [
    index("stock_movements_reference_idx").on(t.referenceType, t.referenceId),
    // The list's order (created_at desc, id desc), for everyone and per pharmacy.
    index("stock_movements_created_id_idx").on(t.createdAt, t.id),
    index("stock_movements_insert_version_idx").on(t.insertVersion),
    index("stock_movements_pharmacy_created_id_idx").on(t.pharmacyId, t.createdAt, t.id),
    index("stock_movements_item_idx").on(t.inventoryItemId, t.createdAt),
  ],
);

/** How one movement split over batches: signed units per batch (a reduction may span several, FEFO). */
export const stockMovementBatches = pharmacy.table(
  "stock_movement_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    movementId: uuid("movement_id")
      .notNull()
      .references(() => stockMovements.id),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => stockBatches.id),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("stock_movement_batches_movement_idx").on(t.movementId), index("stock_movement_batches_batch_idx").on(t.batchId)],
);

/**
 * A hold on stock: units that stay on the shelf but may not be sold, dispensed or compounded until the
 * hold is released (a cold-chain excursion under review; recalls are matched from drug_recalls directly).
 * Names one batch, or a medication lot at a pharmacy (`batch_id` null: any batch of that code and lot,
 * including one received later). Adjustment and destruction may still draw held units: that is how they
 * leave. See inventory/holds.ts.
 */
export const stockHolds = pharmacy.table(
  "stock_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    batchId: uuid("batch_id").references(() => stockBatches.id),
    medicationCode: text("medication_code"),
    lotNumber: text("lot_number"),
    /** Why: cold_chain_excursion | … */
    reasonType: text("reason_type").notNull(),
    reasonId: text("reason_id").notNull(),
    /** Human-readable reference shown in refusals and alerts. */
    reference: text("reference").notNull(),
    /** Units the batch held when the hold was placed (null for a lot hold). */
    quantityAtHold: integer("quantity_at_hold"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    releasedBy: text("released_by"),
    releaseNote: text("release_note"),
  },
  (t) => [index("stock_holds_batch_idx").on(t.batchId), index("stock_holds_reason_idx").on(t.reasonType, t.reasonId), index("stock_holds_lot_idx").on(t.pharmacyId, t.medicationCode, t.lotNumber)],
);
