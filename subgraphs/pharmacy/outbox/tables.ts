import { index, integer, jsonb, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { pharmacy } from "../db/pg-schema.js";

/**
 * The pharmacy's outbox of messages to the notification service: written in the same database
 * transaction as the record that asks for one (a dispense), delivered after the commit, and retried
 * by the worker until the notification service takes it. `idempotency_key` goes with every attempt,
 * so a retry never sends twice.
 */
export const outboxMessages = pharmacy.table(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pharmacyId: uuid("pharmacy_id").notNull(),
    /** A template of the notification service, e.g. pickup_ready. */
    template: text("template").notNull(),
    /** A phone number or e-mail address; null: the patient's registered contact, looked up at delivery. */
    recipient: text("recipient"),
    patientUhid: text("patient_uhid"),
    parameters: jsonb("parameters").$type<Record<string, string>>().notNull(),
    referenceType: text("reference_type").notNull(),
    referenceId: text("reference_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** pending | processing | sent | failed (refused for good: a 4xx, or no contact to send to) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leasedBy: text("leased_by"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    lastError: text("last_error"),
    notificationId: text("notification_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("outbox_messages_idempotency_uq").on(t.idempotencyKey),
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_messages_reference_idx").on(t.referenceType, t.referenceId),
  ],
);
