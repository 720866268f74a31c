import { index, integer, numeric, primaryKey, text, timestamp, uniqueIndex, uuid, date } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { pharmacies } from "../inventory/tables.js";

/**
 * Compounding (spec workflow 5): approved formulas, their ingredients, preparations. Formulas are shared
 * by every pharmacy (a master formulation record, like a supplier); preparations belong to one pharmacy.
 * docs/decisions/pharmacy.md, "Compounding".
 */

/** draft → approved → retired; only approved formulas are prepared or prescribed. */
export const compoundFormulas = pharmacy.table("compound_formulas", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Upper case, unique; the preparation's stock is medication code `compound:<code>`. */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  dosageForm: text("dosage_form").notNull(),
  /** The unit a batch is counted in (g, mL, capsule): batch_size and the preparation's stock are in it. */
  batchUnit: text("batch_unit").notNull(),
  beyondUseDays: integer("beyond_use_days").notNull(),
  /** USP <795> (2023) category its default beyond-use period comes from; null on formulas written without one. */
  budCategory: text("bud_category"),
  /** The stability study for this preparation that supports a beyond-use period longer than its category's default. */
  stabilityReference: text("stability_reference"),
  instructions: text("instructions"),
  /** Allowed deviation of each ingredient used from the formula scaled to the batch, in percent. */
  tolerancePercent: numeric("tolerance_percent", { precision: 5, scale: 2 }).notNull(),
  status: text("status").notNull().default("draft"),
  createdBy: text("created_by").notNull(),
  approvedBy: text("approved_by"),
  approvedAt: timestamp("approved_at", { withTimezone: true }),
  retiredBy: text("retired_by"),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One ingredient of a formula: a catalog medicine or a non-catalog stock item (vehicle, base, excipient). */
export const compoundFormulaIngredients = pharmacy.table(
  "compound_formula_ingredients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formulaId: uuid("formula_id")
      .notNull()
      .references(() => compoundFormulas.id),
    position: integer("position").notNull(),
    /** The stock it is drawn from: a catalog medication code, or `excipient:<name>` for a non-catalog item. */
    stockCode: text("stock_code").notNull(),
    /** medication | excipient */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    /** Per one batch unit of the preparation, in `unit`. */
    quantityPerUnit: numeric("quantity_per_unit", { precision: 14, scale: 4 }).notNull(),
    /** The unit the pharmacy's stock of this code is counted in (the smallest it measures: mg, mL, g, tablet). */
    unit: text("unit").notNull(),
  },
  (t) => [index("compound_formula_ingredients_formula_idx").on(t.formulaId), uniqueIndex("compound_formula_ingredients_formula_code_uq").on(t.formulaId, t.stockCode)],
);

/** A batch compounded at a pharmacy: ingredients drawn (negative compounding movements), the batch made (one positive). */
export const compoundPreparations = pharmacy.table(
  "compound_preparations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** CMP-<pharmacy code>-<yyyymmdd>-<NNNN>, gap-free per pharmacy and Kampala day; the batch's lot number. */
    lotNumber: text("lot_number").notNull().unique(),
    formulaId: uuid("formula_id")
      .notNull()
      .references(() => compoundFormulas.id),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    medicationCode: text("medication_code").notNull(),
    batchSize: integer("batch_size").notNull(),
    preparedBy: text("prepared_by").notNull(),
    recordedBy: text("recorded_by").notNull(),
    /** Kampala day of preparation. */
    preparedOn: date("prepared_on", { mode: "string" }).notNull(),
    /** prepared_on + beyond-use days, never after an ingredient lot's expiry. */
    beyondUseDate: date("beyond_use_date", { mode: "string" }).notNull(),
    batchId: uuid("batch_id").notNull(),
    stockMovementId: uuid("stock_movement_id").notNull(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("compound_preparations_pharmacy_created_idx").on(t.pharmacyId, t.createdAt), index("compound_preparations_formula_idx").on(t.formulaId)],
);

export const compoundPreparationIngredients = pharmacy.table(
  "compound_preparation_ingredients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    preparationId: uuid("preparation_id")
      .notNull()
      .references(() => compoundPreparations.id),
    ingredientId: uuid("ingredient_id")
      .notNull()
      .references(() => compoundFormulaIngredients.id),
    stockCode: text("stock_code").notNull(),
    /** The formula's quantity scaled to the batch size. */
    required: numeric("required", { precision: 16, scale: 4 }).notNull(),
    /** Whole stock units used. */
    quantity: integer("quantity").notNull(),
    stockMovementId: uuid("stock_movement_id").notNull(),
  },
  (t) => [index("compound_preparation_ingredients_prep_idx").on(t.preparationId)],
);

/** Per pharmacy and Kampala day, the last preparation lot number handed out. */
export const compoundingCounters = pharmacy.table(
  "compounding_counters",
  {
    pharmacyId: uuid("pharmacy_id").notNull(),
    day: text("day").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmacyId, t.day] })],
);
