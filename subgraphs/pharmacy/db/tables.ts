import { boolean, index, integer, numeric, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idempotencyKeysTable } from "../../../lib/idempotency.js";
import { pharmacy } from "./pg-schema.js";

export { pharmacy };
/** Point of sale, stock and customer care tables live beside this file, split by concept. */
export * from "./sales-tables.js";
export * from "./customer-tables.js";

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
    /** Standalone quantity, used when the product is not tied to an inventory item. */
    stockQuantity: integer("stock_quantity").notNull().default(0),
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

export const suppliers = pharmacy.table("suppliers", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  district: text("district"),
  phone: text("phone"),
  email: text("email"),
  isActive: boolean("is_active").notNull().default(true),
});

/** Prescriptions are a marketplace: any participating pharmacy may dispense one, exactly once. */
export const prescriptions = pharmacy.table(
  "prescriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    patientUhid: text("patient_uhid").notNull(),
    prescriber: text("prescriber").notNull(),
    medicationCode: text("medication_code"),
    medicationName: text("medication_name").notNull(),
    dose: text("dose").notNull(),
    frequency: text("frequency").notNull(),
    quantity: integer("quantity").notNull(),
    /** pending | dispensed | cancelled */
    status: text("status").notNull().default("pending"),
    dispensedBy: uuid("dispensed_by_pharmacy"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prescriptions_patient_idx").on(t.patientUhid, t.issuedAt)],
);

/** Idempotency-Key records of transaction create and complete. */
export const idempotencyKeys = idempotencyKeysTable(pharmacy);
