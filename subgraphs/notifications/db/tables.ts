import { index, integer, jsonb, numeric, pgSchema, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The notifications subgraph owns the `notifications` Postgres schema. */
export const notificationsSchema = pgSchema("notifications");

export const notifications = notificationsSchema.table(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** NOTIF-<yyyymmdd>-<sequence>. */
    notificationNumber: text("notification_number").notNull().unique(),
    patientUhid: text("patient_uhid"),
    /** patient | provider */
    recipientType: text("recipient_type").notNull().default("patient"),
    /** Address on the channel: phone number, e-mail address, push token or messaging-app id. */
    recipient: text("recipient").notNull(),
    /** SMS | EMAIL | PUSH | MESSAGING_APP */
    channel: text("channel").notNull(),
    template: text("template").notNull(),
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull().default({}),
    subject: text("subject"),
    body: text("body").notNull(),
    /** PENDING | PROCESSING | SENT | DELIVERED | FAILED | CANCELLED */
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    cost: numeric("cost", { precision: 10, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull().default("UGX"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_patient_idx").on(t.patientUhid, t.createdAt), index("notifications_status_idx").on(t.status)],
);

/** Per-patient delivery preferences. */
export const preferences = notificationsSchema.table("preferences", {
  patientUhid: text("patient_uhid").primaryKey(),
  /** Preferred channels, most preferred first. */
  channels: text("channels").array().notNull().default(["SMS"]),
  phone: text("phone"),
  email: text("email"),
  pushToken: text("push_token"),
  messagingAppId: text("messaging_app_id"),
  /** BCP 47 language tag for templates: en, lg (Luganda), sw (Swahili). */
  language: text("language").notNull().default("en"),
  quietHoursStart: text("quiet_hours_start"),
  quietHoursEnd: text("quiet_hours_end"),
  timeZone: text("time_zone").notNull().default("Africa/Kampala"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
