import { boolean, index, integer, numeric, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { products } from "../sales/tables.js";

/** Inventory: pharmacy locations, the stock they hold and the ledger of its movements. */

export const pharmacies = pharmacy.table("pharmacies", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  district: text("district").notNull(),
  address: text("address"),
  phone: text("phone"),
  /** VAT applied to taxable products, as a fraction ("0.18"). */
  taxRate: numeric("tax_rate", { precision: 6, scale: 4 }).notNull().default("0.18"),
  currency: text("currency").notNull().default("UGX"),
  isActive: boolean("is_active").notNull().default(true),
});

/** Stock of one pharmacy item; a product tied to it sells from this quantity instead of its own. */
export const inventoryItems = pharmacy.table(
  "inventory_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    name: text("name").notNull(),
    medicationCode: text("medication_code"),
    quantity: integer("quantity").notNull().default(0),
    reorderLevel: integer("reorder_level").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inventory_items_pharmacy_idx").on(t.pharmacyId)],
);

/** Spec, "Stock movement": signed quantity with the stock before and after. */
export const stockMovements = pharmacy.table(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    /** Set when the stock is the product's own standalone quantity. */
    productId: uuid("product_id").references(() => products.id),
    /** Set when the stock is an inventory item's quantity. */
    inventoryItemId: uuid("inventory_item_id").references(() => inventoryItems.id),
    /** receipt | sale | adjustment | return */
    movementType: text("movement_type").notNull(),
    quantity: integer("quantity").notNull(),
    quantityBefore: integer("quantity_before").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    notes: text("notes"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_movements_reference_idx").on(t.referenceType, t.referenceId), index("stock_movements_pharmacy_idx").on(t.pharmacyId, t.createdAt)],
);
