import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { pharmacies } from "../inventory/tables.js";

/**
 * Procurement (spec workflow 3): suppliers and what they sell, purchase orders, goods received notes.
 * Suppliers and their catalogs are shared by every pharmacy (distributors serve many); purchase orders
 * and GRNs belong to one pharmacy. docs/decisions/pharmacy.md, "Procurement".
 */

export const suppliers = pharmacy.table("suppliers", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  district: text("district"),
  phone: text("phone"),
  email: text("email"),
  address: text("address"),
  /** National Drug Authority licence of the wholesaler, when known. */
  licenceNumber: text("licence_number"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A supplier's offer of one medication: one row per supplier × medication code. */
export const supplierMedications = pharmacy.table(
  "supplier_medications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    /** Catalog code of the medicine (RxNorm ingredient RxCUI). */
    medicationCode: text("medication_code").notNull(),
    productName: text("product_name").notNull(),
    /** Price of one unit (the unit stock and purchase orders count in). */
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("UGX"),
    /** Units in one pack; suggested orders are whole packs. */
    packSize: integer("pack_size").notNull().default(1),
    leadTimeDays: integer("lead_time_days").notNull(),
    minimumOrderQuantity: integer("minimum_order_quantity").notNull().default(1),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("supplier_medications_supplier_code_uq").on(t.supplierId, t.medicationCode), index("supplier_medications_code_idx").on(t.medicationCode)],
);

/** created → submitted → partially_received → received; created | submitted → cancelled. */
export const purchaseOrders = pharmacy.table(
  "purchase_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** PO-<pharmacy code>-<yyyymmdd>-<4-digit sequence>, gap-free per pharmacy and Kampala day. */
    poNumber: text("po_number").notNull().unique(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    status: text("status").notNull().default("created"),
    expectedDelivery: date("expected_delivery", { mode: "string" }).notNull(),
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [index("purchase_orders_pharmacy_created_idx").on(t.pharmacyId, t.createdAt), index("purchase_orders_supplier_idx").on(t.supplierId)],
);

export const purchaseOrderItems = pharmacy.table(
  "purchase_order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseOrderId: uuid("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id),
    medicationCode: text("medication_code").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2 }).notNull(),
    lineTotal: numeric("line_total", { precision: 14, scale: 2 }).notNull(),
    /** Units accepted into stock over the order's goods received notes (rejected units excluded); never above `quantity`. */
    quantityReceived: integer("quantity_received").notNull().default(0),
  },
  (t) => [uniqueIndex("purchase_order_items_order_code_uq").on(t.purchaseOrderId, t.medicationCode)],
);

/** A delivery received against a purchase order; its lines are receipt movements in the stock ledger. */
export const goodsReceivedNotes = pharmacy.table(
  "goods_received_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** GRN-<pharmacy code>-<yyyymmdd>-<4-digit sequence>. */
    grnNumber: text("grn_number").notNull().unique(),
    purchaseOrderId: uuid("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    /** The supplier's delivery note or invoice number, as printed. */
    deliveryNote: text("delivery_note"),
    notes: text("notes"),
    receivedBy: text("received_by").notNull(),
    /** Who witnessed the receipt; required when a controlled medicine whose register entries need a witness is accepted. */
    witness: text("witness"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("goods_received_notes_order_idx").on(t.purchaseOrderId),
    index("goods_received_notes_pharmacy_created_idx").on(t.pharmacyId, t.createdAt),
    // One GRN per supplier delivery note in a pharmacy (compared trimmed, without regard to case): the same goods are never booked twice.
    uniqueIndex("goods_received_notes_delivery_note_uq")
      .on(t.pharmacyId, t.supplierId, sql`upper(btrim(${t.deliveryNote}))`)
      .where(sql`${t.deliveryNote} is not null and btrim(${t.deliveryNote}) <> ''`),
  ],
);

export const goodsReceivedItems = pharmacy.table(
  "goods_received_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    grnId: uuid("grn_id")
      .notNull()
      .references(() => goodsReceivedNotes.id),
    purchaseOrderItemId: uuid("purchase_order_item_id")
      .notNull()
      .references(() => purchaseOrderItems.id),
    medicationCode: text("medication_code").notNull(),
    /** Units delivered on this line, counted at the door (accepted + rejected). */
    quantityReceived: integer("quantity_received").notNull(),
    /** Units refused at the door (damaged, wrong product, short-dated, …): never in stock, the register or the order's received quantity. */
    rejectedQuantity: integer("rejected_quantity").notNull().default(0),
    /** Why units were refused; required when `rejected_quantity` > 0. */
    rejectionReason: text("rejection_reason"),
    lotNumber: text("lot_number").notNull(),
    expiryDate: date("expiry_date", { mode: "string" }).notNull(),
    /** Less than the short-expiry window left on arrival (accepted, flagged). */
    shortExpiry: boolean("short_expiry").notNull().default(false),
    conditionNotes: text("condition_notes"),
    /** The receipt movement this line wrote in the stock ledger (null when every unit was rejected). */
    stockMovementId: uuid("stock_movement_id"),
    /** The controlled register's `receipt` entry this line wrote (controlled medicines with accepted units). */
    controlledEntryId: uuid("controlled_entry_id"),
  },
  (t) => [
    index("goods_received_items_grn_idx").on(t.grnId),
    // The database's last word: what is rejected was delivered, and a rejection says why.
    check("goods_received_items_rejected_within_received", sql`${t.rejectedQuantity} >= 0 AND ${t.rejectedQuantity} <= ${t.quantityReceived}`),
    check("goods_received_items_rejection_reason", sql`${t.rejectedQuantity} = 0 OR btrim(coalesce(${t.rejectionReason}, '')) <> ''`),
  ],
);

/** Per pharmacy, document kind (po | grn) and Kampala day: the last number handed out. */
export const procurementCounters = pharmacy.table(
  "procurement_counters",
  {
    pharmacyId: uuid("pharmacy_id").notNull(),
    kind: text("kind").notNull(),
    day: text("day").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.kind, t.day] })],
);
