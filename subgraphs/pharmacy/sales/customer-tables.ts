import { boolean, index, integer, jsonb, numeric, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";
import { pharmacies, products } from "../db/tables.js";

export const consultations = pharmacy.table(
  "consultations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id")
      .notNull()
      .references(() => pharmacies.id),
    transactionId: uuid("transaction_id"),
    patientUhid: text("patient_uhid"),
    customerName: text("customer_name"),
    customerPhone: text("customer_phone"),
    pharmacist: text("pharmacist").notNull(),
    /** Why the customer came, when given (the spec shows no consultation fields; only notes is usual). */
    reason: text("reason"),
    /** Free-text notes of the consultation. */
    notes: text("notes"),
    advice: text("advice"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consultations_pharmacy_idx").on(t.pharmacyId, t.createdAt)],
);

export const followUps = pharmacy.table(
  "follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    consultationId: uuid("consultation_id")
      .notNull()
      .references(() => consultations.id),
    pharmacyId: uuid("pharmacy_id").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    scheduledBy: text("scheduled_by").notNull(),
    notes: text("notes"),
    reminderSent: boolean("reminder_sent").notNull().default(false),
    reminderNotificationId: text("reminder_notification_id"),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("follow_ups_pharmacy_idx").on(t.pharmacyId, t.scheduledAt)],
);

/** Earn `1 point per earn_amount` of the amount paid; a redeemed point is worth `point_value`. */
export const loyaltyPrograms = pharmacy.table("loyalty_programs", {
  id: uuid("id").primaryKey().defaultRandom(),
  pharmacyId: uuid("pharmacy_id")
    .notNull()
    .references(() => pharmacies.id),
  name: text("name").notNull(),
  earnAmount: numeric("earn_amount", { precision: 14, scale: 2 }).notNull(),
  pointValue: numeric("point_value", { precision: 14, scale: 2 }).notNull(),
  minRedeemPoints: integer("min_redeem_points").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const loyaltyAccounts = pharmacy.table(
  "loyalty_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => loyaltyPrograms.id),
    pharmacyId: uuid("pharmacy_id").notNull(),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    patientUhid: text("patient_uhid"),
    pointsBalance: integer("points_balance").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("loyalty_accounts_program_phone_uq").on(t.programId, t.customerPhone)],
);

/** Every change of a loyalty balance (earn, redeem, reversal), with the balance after it. */
export const loyaltyLedger = pharmacy.table(
  "loyalty_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => loyaltyAccounts.id),
    transactionId: uuid("transaction_id"),
    /** earn | redeem | reversal */
    kind: text("kind").notNull(),
    points: integer("points").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("loyalty_ledger_account_idx").on(t.accountId, t.createdAt)],
);

/** A persisted demand forecast: the model, its fitted parameters, the series and when it was made. */
export const salesForecasts = pharmacy.table(
  "sales_forecasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id),
    method: text("method").notNull(),
    parameters: jsonb("parameters").$type<Record<string, number>>().notNull(),
    historyFrom: text("history_from").notNull(),
    historyTo: text("history_to").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    forecast: jsonb("forecast").$type<{ date: string; quantity: number }[]>().notNull(),
    madeBy: text("made_by").notNull(),
    madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sales_forecasts_pharmacy_idx").on(t.pharmacyId, t.madeAt)],
);
