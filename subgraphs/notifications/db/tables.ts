import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, numeric, pgSchema, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { listDeparturesTable } from "../../../lib/list-departures.js";

/** The notifications subgraph owns the `notifications` Postgres schema. */
export const notificationsSchema = pgSchema("notifications");

/** One channel and address a message may go to; the plan is tried in order (fallback). */
export interface ChannelTarget {
  channel: string;
  recipient: string;
}

/**
 * Each notification is also the outbox row the worker delivers from (DESIGN.md "notification
 * workers scale out with FOR UPDATE SKIP LOCKED"): it is written PENDING in the transaction that
 * records the request, and the worker claims it with a lease.
 */
export const notifications = notificationsSchema.table(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** NOTIF-<yyyymmdd>-<sequence>. */
    notificationNumber: text("notification_number").notNull().unique(),
    patientUhid: text("patient_uhid"),
    /** patient | provider | recipient (a bare address given to the send call) */
    recipientType: text("recipient_type").notNull().default("patient"),
    /** Set when recipientType is provider. */
    providerId: text("provider_id"),
    /** Address on the current channel: phone number, e-mail address, push token or messaging-app id. */
    recipient: text("recipient").notNull(),
    /** SMS | EMAIL | PUSH | MESSAGING_APP (the channel currently tried). */
    channel: text("channel").notNull(),
    /** Channels still to try, in order, when the current one fails permanently. */
    fallbackPlan: jsonb("fallback_plan").$type<ChannelTarget[]>().notNull().default([]),
    template: text("template").notNull(),
    /** Consent category (appointment, lab_result, critical_alert, ...). */
    category: text("category").notNull().default("general"),
    /** Critical messages bypass quiet hours and consent. */
    critical: boolean("critical").notNull().default(false),
    language: text("language").notNull().default("en"),
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull().default({}),
    subject: text("subject"),
    body: text("body").notNull(),
    /** What caused the message: trigger name or "send", and the id it is about (observation, appointment, ...). */
    source: text("source").notNull().default("send"),
    referenceId: text("reference_id"),
    /** The request (trigger or send call) that created this notification. */
    requestId: uuid("request_id"),
    /** PENDING | PROCESSING | SENT | DELIVERED | FAILED | CANCELLED */
    status: text("status").notNull().default("PENDING"),
    /** Why the message is in its status when that is not obvious (no consent, quiet hours, provider error). */
    statusReason: text("status_reason"),
    /** Delivery attempts on the current channel. */
    attempts: integer("attempts").notNull().default(0),
    /** Earliest time the worker may (re)try: end of quiet hours, or the next retry after backoff. */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while PROCESSING: the worker holding the message and until when. */
    leasedBy: text("leased_by"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    lastError: text("last_error"),
    cost: numeric("cost", { precision: 10, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull().default("UGX"),
    createdBy: text("created_by"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Stamped from the table's write version on insert and when a column its lists order or filter by changes (migrations *_insert_version, *_list_departures): cached deep-page bookmarks shift by the rows that came in since (lib/page-bookmarks.ts). */
    insertVersion: bigint("insert_version", { mode: "number" }),
  },
  (t) => [
    index("notifications_patient_idx").on(t.patientUhid, t.createdAt),
    // The list's order (created_at desc, number desc).
    index("notifications_created_number_idx").on(t.createdAt, t.notificationNumber),
    index("notifications_insert_version_idx").on(t.insertVersion),
    index("notifications_status_idx").on(t.status),
    // The worker's claim scans only messages that are due.
    index("notifications_due_idx").on(t.availableAt).where(sql`status in ('PENDING', 'PROCESSING')`),
    index("notifications_provider_message_idx").on(t.provider, t.providerMessageId),
  ],
);

/** Activity timeline of each notification: every status change, attempt and provider answer. */
export const notificationEvents = notificationsSchema.table(
  "notification_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    channel: text("channel"),
    attempt: integer("attempt"),
    detail: text("detail"),
    providerResponse: jsonb("provider_response").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_events_notification_idx").on(t.notificationId, t.createdAt)],
);

/**
 * Delivery receipts that arrived before their message was recorded SENT (the provider's receipt raced
 * the worker's SENT write, so no notification carries the provider message id yet). The worker
 * applies and deletes a matching one when it records SENT; unmatched ones are pruned after a day.
 */
export const earlyReceipts = notificationsSchema.table(
  "early_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    /** delivered | failed */
    outcome: text("outcome").notNull(),
    detail: text("detail").notNull(),
    raw: jsonb("raw").$type<unknown>(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("early_receipts_message_idx").on(t.provider, t.providerMessageId)],
);

/**
 * One row per trigger or send call. With an Idempotency-Key a repeat returns the notifications of
 * the first call instead of sending again.
 */
export const notificationRequests = notificationsSchema.table(
  "requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Trigger name (critical-alert, ...) or "send". */
    kind: text("kind").notNull(),
    callerSub: text("caller_sub").notNull(),
    idempotencyKey: text("idempotency_key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("requests_idempotency_idx").on(t.callerSub, t.kind, t.idempotencyKey)],
);

/** Last notification sequence issued per day: gap-free numbers (incremented in the creating transaction). */
export const numberCounters = notificationsSchema.table("number_counters", {
  day: date("day").primaryKey(),
  lastValue: integer("last_value").notNull(),
});

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
  /** Consent per category; a category not listed is consented (care messages are opt-out). */
  consent: jsonb("consent").$type<Record<string, boolean>>().notNull().default({}),
  quietHoursStart: text("quiet_hours_start"),
  quietHoursEnd: text("quiet_hours_end"),
  timeZone: text("time_zone").notNull().default("Africa/Kampala"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Where providers (clinicians) receive alerts, e.g. critical lab values. */
export const providerContacts = notificationsSchema.table("provider_contacts", {
  providerId: text("provider_id").primaryKey(),
  name: text("name"),
  channels: text("channels").array().notNull().default(["SMS"]),
  phone: text("phone"),
  email: text("email"),
  pushToken: text("push_token"),
  messagingAppId: text("messaging_app_id"),
  language: text("language").notNull().default("en"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Messages the development provider "sent": the default when no real provider is configured. */
export const devOutbox = notificationsSchema.table("dev_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  notificationId: uuid("notification_id"),
  idempotencyKey: text("idempotency_key").notNull(),
  channel: text("channel").notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject"),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Notifications' states that left their lists (status changed, deleted): deep-page bookmarks shift by them. */
export const listDepartures = listDeparturesTable(notificationsSchema);
