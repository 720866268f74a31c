/**
 * The pharmacy's notification outbox. A record that asks for a message (a dispense asks for
 * "pickup ready") writes the message in its own database transaction (`enqueueOutboxMessage`), so the
 * message exists exactly when the record does. After the commit the request tries to deliver it once
 * (`deliverOutboxMessageNow`); the worker (outbox-worker.ts) delivers whatever is still due, with
 * backoff. Every attempt carries the message's one Idempotency-Key and is made as the same service
 * principal, so the notification service sends it once however often it is retried: never lost,
 * never duplicated.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Config } from "../../../lib/config.js";
import type { Db } from "../../../lib/db.js";
import { queryGateway } from "../../../lib/gateway-client.js";
import type { Logger } from "../../../lib/logger.js";
import { mintServiceToken } from "../../../lib/service-token.js";
import { callUpstream } from "../../../lib/upstream.js";
import { outboxMessages } from "../db/tables.js";

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Who the pharmacy is when it sends its messages (one principal, so the Idempotency-Key always matches). */
export const OUTBOX_SUB = "pharmacy-outbox";

export interface OutboxRuntime {
  db: Db;
  config: Config;
  logger: Logger;
  /** This service's base URL: the default {notifications_url} and gateway. */
  selfUrl: string;
  /** The caller's bearer, used only when no service token can be minted (JWKS_URL only). */
  bearer?: string;
  requestId?: string;
}

export interface NewOutboxMessage {
  pharmacyId: string;
  template: string;
  /** Phone or e-mail; leave out to send to the patient's registered contact. */
  recipient?: string | null;
  patientUhid?: string | null;
  parameters: Record<string, string>;
  referenceType: string;
  referenceId: string;
}

/** Writes a message in the caller's transaction; it is delivered after the commit. */
export async function enqueueOutboxMessage(tx: Db, m: NewOutboxMessage): Promise<OutboxRow> {
  const id = randomUUID();
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      id,
      pharmacyId: m.pharmacyId,
      template: m.template,
      recipient: m.recipient ?? null,
      patientUhid: m.patientUhid ?? null,
      parameters: m.parameters,
      referenceType: m.referenceType,
      referenceId: m.referenceId,
      idempotencyKey: `pharmacy-outbox-${id}`,
    })
    .returning();
  return row;
}

/**
 * Leases due messages to one deliverer: pending ones whose time has come, and processing ones whose
 * lease expired (a deliverer that died mid-send). `FOR UPDATE SKIP LOCKED`: workers and requests
 * claim side by side, never the same message.
 */
export async function claimOutboxMessages(db: Db, o: { workerId: string; leaseMs: number; limit: number; id?: string }): Promise<OutboxRow[]> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const due = or(
      and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, sql`now()`)),
      and(eq(outboxMessages.status, "processing"), lt(outboxMessages.leaseExpiresAt, sql`now()`)),
    );
    const ids = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(o.id ? and(eq(outboxMessages.id, o.id), due) : due)
      .orderBy(outboxMessages.nextAttemptAt)
      .limit(o.limit)
      .for("update", { skipLocked: true });
    if (!ids.length) return [];
    return tx
      .update(outboxMessages)
      .set({
        status: "processing",
        attempts: sql`${outboxMessages.attempts} + 1`,
        leasedBy: o.workerId,
        leaseExpiresAt: sql`now() + make_interval(secs => ${o.leaseMs / 1000})`,
      })
      .where(inArray(outboxMessages.id, ids.map((r) => r.id)))
      .returning();
  });
}

/** Delay before attempt n+1: base × 2^(n−1), at most ten minutes, ±20 % jitter. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

type Outcome = { status: "sent"; notificationId: string | null } | { status: "failed"; error: string } | { status: "retry"; error: string };

const CONTACT = "query PharmacyOutboxContact($uhid: ID!) { patientDeliveryContact(uhid: $uhid) { phone email } }";

/** Where the message goes: its own recipient, else the patient's registered phone (or e-mail). */
async function recipientOf(rt: OutboxRuntime, m: OutboxRow, bearer: string | undefined): Promise<string | null> {
  if (m.recipient) return m.recipient;
  if (!m.patientUhid) return null;
  // UPSTREAM_TIMEOUT_MS (rt.config), like every call between services: a shorter fixed limit made a loaded machine's dispenses answer "queued".
  const data = await queryGateway<{ patientDeliveryContact: { phone: string | null; email: string | null } | null }>(
    { config: rt.config, selfUrl: rt.selfUrl, bearer, requestId: rt.requestId ?? `outbox-${m.id}`, logger: rt.logger },
    CONTACT,
    { uhid: m.patientUhid },
  );
  return data.patientDeliveryContact?.phone ?? data.patientDeliveryContact?.email ?? null;
}

async function attempt(rt: OutboxRuntime, m: OutboxRow): Promise<Outcome> {
  const bearer = (await mintServiceToken(rt.config, { sub: OUTBOX_SUB, pharmacyId: m.pharmacyId })) ?? rt.bearer;
  if (!bearer) return { status: "retry", error: "no credential: tokens come only from JWKS_URL, so the message waits for a request to send it" };
  let recipient: string | null;
  try {
    recipient = await recipientOf(rt, m, bearer);
  } catch (err) {
    return { status: "retry", error: `registry contact lookup failed: ${(err as Error).message}` };
  }
  if (!recipient) return { status: "failed", error: m.patientUhid ? "no recipient: the patient has no registered phone or e-mail" : "no recipient: the message names none (a pharmacy alert: the pharmacy has no alert_phone or phone)" };
  try {
    // No timeoutMs: UPSTREAM_TIMEOUT_MS from rt.config, as for the contact lookup above.
    const res = await callUpstream<{ notification_id?: string; error?: { message?: string } }>(
      { config: rt.config, selfUrl: rt.selfUrl, bearer, requestId: rt.requestId ?? `outbox-${m.id}`, logger: rt.logger },
      {
        service: "notifications",
        method: "POST",
        path: "/api/v1/notifications/send/",
        idempotencyKey: m.idempotencyKey,
        retries: 0,
        body: { recipient, template: m.template, parameters: m.parameters, ...(m.patientUhid ? { patient_uhid: m.patientUhid } : {}) },
      },
    );
    if (res.status >= 200 && res.status < 300) return { status: "sent", notificationId: res.body?.notification_id ?? null };
    const detail = `notification service answered ${res.status}${res.body?.error?.message ? `: ${res.body.error.message}` : ""}`;
    // 408, 429 and 5xx are passing trouble; another 4xx refuses this message for good.
    if (res.status === 408 || res.status === 429 || res.status >= 500) return { status: "retry", error: detail };
    return { status: "failed", error: detail };
  } catch (err) {
    return { status: "retry", error: (err as Error).message };
  }
}

/**
 * Makes one delivery attempt for a claimed message and records the outcome, only if this deliverer
 * still holds its lease (a deliverer whose lease expired meanwhile records nothing). Returns the
 * message's status afterwards.
 */
export async function deliverClaimed(rt: OutboxRuntime, m: OutboxRow): Promise<"sent" | "failed" | "pending"> {
  const outcome = await attempt(rt, m);
  const mine = and(eq(outboxMessages.id, m.id), eq(outboxMessages.status, "processing"), eq(outboxMessages.leasedBy, m.leasedBy!));
  const released = { leasedBy: null, leaseExpiresAt: null };
  if (outcome.status === "sent") {
    await rt.db.update(outboxMessages).set({ ...released, status: "sent", sentAt: new Date(), notificationId: outcome.notificationId, lastError: null }).where(mine);
    return "sent";
  }
  if (outcome.status === "failed") {
    rt.logger.warn({ messageId: m.id, reference: `${m.referenceType}/${m.referenceId}`, err: outcome.error }, "pharmacy message refused for good");
    await rt.db.update(outboxMessages).set({ ...released, status: "failed", lastError: outcome.error }).where(mine);
    return "failed";
  }
  const next = new Date(Date.now() + retryDelayMs(rt.config.PHARMACY_OUTBOX_RETRY_BASE_MS, m.attempts));
  rt.logger.warn({ messageId: m.id, attempt: m.attempts, retryAt: next.toISOString(), err: outcome.error }, "pharmacy message not delivered yet; will retry");
  await rt.db.update(outboxMessages).set({ ...released, status: "pending", nextAttemptAt: next, lastError: outcome.error }).where(mine);
  return "pending";
}

/** After the commit: one attempt at once for this message (unless a worker already has it). */
export async function deliverOutboxMessageNow(rt: OutboxRuntime, id: string): Promise<"sent" | "failed" | "pending"> {
  const [m] = await claimOutboxMessages(rt.db, { workerId: `request-${randomUUID()}`, leaseMs: rt.config.PHARMACY_OUTBOX_LEASE_MS, limit: 1, id });
  if (!m) return "pending";
  return deliverClaimed(rt, m);
}

/** Outbox status as the record that asked for the message shows it: queued until sent. */
export async function outboxStatus(db: Db, ids: string[]): Promise<Map<string, { status: string; notificationId: string | null; attempts: number; lastError: string | null }>> {
  const out = new Map<string, { status: string; notificationId: string | null; attempts: number; lastError: string | null }>();
  if (!ids.length) return out;
  const rows = await db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
  for (const r of rows) out.set(r.id, { status: r.status, notificationId: r.notificationId, attempts: r.attempts, lastError: r.lastError });
  return out;
}
