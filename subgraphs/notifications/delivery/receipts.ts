import { timingSafeEqual } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { defaultPhoneRegion, samePhoneAs } from "../../../lib/phone.js";
import { earlyReceipts, notificationEvents, notifications, preferences } from "../db/tables.js";
import type { NotificationSettings } from "../settings.js";
import { wakeWorkers } from "./wake.js";
import { fallbackTo } from "./deliver.js";
import { assertLegalTransition } from "./transitions.js";

/** What a provider's receipt says about one message. */
export interface Receipt {
  messageId: string;
  /** delivered / failed are final; pending means "still on its way" (recorded, no status change). */
  outcome: "delivered" | "failed" | "pending";
  detail: string;
  raw: unknown;
}

/** Africa's Talking delivery report: id, status (Sent, Submitted, Buffered; final Success, Rejected, Failed), failureReason. */
export function parseAfricasTalkingReceipt(body: Record<string, unknown>): Receipt[] {
  const id = String(body.id ?? "");
  const status = String(body.status ?? "");
  if (!id || !status) return [];
  const outcome = status === "Success" ? "delivered" : status === "Failed" || status === "Rejected" ? "failed" : "pending";
  return [{ messageId: id, outcome, detail: `Africa's Talking: ${status}${body.failureReason ? ` (${body.failureReason})` : ""}`, raw: body }];
}

/** WhatsApp Cloud API status webhook: entry[].changes[].value.statuses[] with id and status (sent, delivered, read, failed). */
export function parseWhatsAppReceipt(body: Record<string, unknown>): Receipt[] {
  const receipts: Receipt[] = [];
  for (const entry of (body.entry as { changes?: { value?: { statuses?: { id: string; status: string; errors?: { title?: string }[] }[] } }[] }[]) ?? []) {
    for (const change of entry.changes ?? []) {
      for (const s of change.value?.statuses ?? []) {
        const outcome = s.status === "delivered" || s.status === "read" ? "delivered" : s.status === "failed" ? "failed" : "pending";
        receipts.push({ messageId: s.id, outcome, detail: `WhatsApp: ${s.status}${s.errors?.[0]?.title ? ` (${s.errors[0].title})` : ""}`, raw: s });
      }
    }
  }
  return receipts;
}

/** Our own receipt format (for gateways without one of their own, and the development provider): message_id, status delivered|failed, reason. */
export function parseGenericReceipt(body: Record<string, unknown>): Receipt[] {
  const id = String(body.message_id ?? "");
  const status = String(body.status ?? "");
  if (!id || !["delivered", "failed", "pending"].includes(status)) return [];
  return [{ messageId: id, outcome: status as Receipt["outcome"], detail: `receipt: ${status}${body.reason ? ` (${body.reason})` : ""}`, raw: body }];
}

const PARSERS: Record<string, { provider: string; parse: (b: Record<string, unknown>) => Receipt[] }> = {
  africastalking: { provider: "africastalking", parse: parseAfricasTalkingReceipt },
  whatsapp: { provider: "whatsapp", parse: parseWhatsAppReceipt },
  fcm: { provider: "fcm", parse: parseGenericReceipt },
  smtp: { provider: "smtp", parse: parseGenericReceipt },
  development: { provider: "development", parse: parseGenericReceipt },
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Serialises the receipt handler and the worker's SENT write for one (provider, message id), so a
 * receipt is either seen by the SENT write (early receipt) or sees the committed SENT itself.
 */
export async function lockProviderMessage(tx: Tx, provider: string, messageId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notification-receipt:${provider}:${messageId}`}))`);
}

/**
 * Applies a final receipt to a SENT message: SENT → DELIVERED, or SENT → FAILED (SENT → PENDING on
 * the next channel when one is left). Returns the new status, or false when the message is no longer SENT.
 */
export async function applyReceiptToSent(tx: Tx, n: typeof notifications.$inferSelect, r: { outcome: string; detail: string; raw: unknown }, note = ""): Promise<string | false> {
  const now = new Date();
  const [next, ...rest] = n.fallbackPlan;
  const to = r.outcome === "delivered" ? "DELIVERED" : next ? "PENDING" : "FAILED";
  assertLegalTransition("SENT", to);
  const set =
    to === "DELIVERED"
      ? { deliveredAt: now }
      : to === "PENDING"
        ? { ...fallbackTo(n, next, rest), availableAt: now, lastError: r.detail }
        : { lastError: r.detail, statusReason: `${n.channel} delivery failed: ${r.detail}` };
  const [row] = await tx.update(notifications).set({ ...set, status: to, updatedAt: now }).where(and(eq(notifications.id, n.id), eq(notifications.status, "SENT"))).returning({ id: notifications.id });
  if (!row) return false;
  await tx.insert(notificationEvents).values({
    notificationId: n.id,
    channel: n.channel,
    providerResponse: r.raw as object,
    fromStatus: "SENT",
    toStatus: to,
    detail: (to === "PENDING" ? `${r.detail}; falling back to ${next.channel}` : r.detail) + note,
  });
  return to;
}

/**
 * Applies one receipt: SENT → DELIVERED, or SENT → FAILED (SENT → PENDING on the next channel when
 * one is left). Receipts for messages no longer SENT change nothing. A final receipt for a message
 * id no notification carries yet (its receipt raced the worker's SENT write) is kept in
 * `early_receipts` and applied by the worker when it records SENT ("held").
 */
export async function applyReceipt(db: Db, provider: string, r: Receipt): Promise<"applied" | "ignored" | "held"> {
  const applied = await db.transaction(async (tx) => {
    await lockProviderMessage(tx, provider, r.messageId);
    const [n] = await tx.select().from(notifications).where(and(eq(notifications.provider, provider), eq(notifications.providerMessageId, r.messageId)));
    if (!n) {
      if (r.outcome === "pending") return false;
      await tx.delete(earlyReceipts).where(lt(earlyReceipts.receivedAt, sql`now() - interval '1 day'`));
      await tx.insert(earlyReceipts).values({ provider, providerMessageId: r.messageId, outcome: r.outcome, detail: r.detail, raw: r.raw });
      return "held" as const;
    }
    if (n.status !== "SENT" || r.outcome === "pending") {
      await tx.insert(notificationEvents).values({ notificationId: n.id, channel: n.channel, providerResponse: r.raw as object, fromStatus: n.status, toStatus: n.status, detail: `${r.detail} (no status change)` });
      return false;
    }
    return applyReceiptToSent(tx, n, r);
  });
  if (applied === "PENDING") wakeWorkers();
  return applied === "held" ? "held" : applied ? "applied" : "ignored";
}

/**
 * An SMS opt-out (Africa's Talking opt-out callbacks: an opt-out should feed consent) removes SMS from
 * the channels of every patient with that phone; their other channels are untouched. Returns how
 * many patients it changed.
 *
 * Both sides are compared normalized (lib/phone.ts): a preference written "0772 123 456", or stored in
 * another spelling before numbers were normalized, matches the provider's "+256772123456". A number
 * the numbering plan does not know still opts out the rows with the same digits (an opt-out is never
 * dropped).
 */
export async function recordSmsOptOut(db: Db, phone: string): Promise<number> {
  const changed = await db
    .update(preferences)
    .set({ channels: sql`array_remove(${preferences.channels}, 'SMS')`, updatedAt: new Date() })
    .where(and(samePhoneAs(preferences.phone, phone, defaultPhoneRegion()), sql`'SMS' = any(${preferences.channels})`))
    .returning({ uhid: preferences.patientUhid });
  return changed.length;
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  }
  const body = await c.req.json().catch(() => null);
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Delivery receipt endpoints, one per provider: `POST /webhooks/notifications/<provider>`. Providers
 * cannot send our bearer tokens, so they present NOTIFICATIONS_RECEIPT_TOKEN (`?token=` or
 * `x-receipt-token`); without a configured token receipts are accepted only outside production.
 */
export function receiptRoutes(db: Db, s: NotificationSettings, logger: Logger): Hono {
  const app = new Hono();
  const authorized = (c: Context) => (s.receiptToken ? tokenMatches(s.receiptToken, c.req.query("token") ?? c.req.header("x-receipt-token")) : !s.production);

  // WhatsApp webhook verification handshake (hub.challenge echo).
  app.get("/webhooks/notifications/whatsapp", (c) => {
    if (c.req.query("hub.mode") !== "subscribe" || !s.receiptToken || !tokenMatches(s.receiptToken, c.req.query("hub.verify_token"))) return c.json({ error: { code: "FORBIDDEN", message: "Wrong or missing hub.verify_token, or hub.mode is not subscribe" } }, 403);
    return c.text(c.req.query("hub.challenge") ?? "");
  });

  // Africa's Talking opt-out callback (senderId, phoneNumber): the number no longer takes our SMS.
  app.post("/webhooks/notifications/africastalking/opt-out", async (c) => {
    if (!authorized(c)) return c.json({ error: { code: "UNAUTHENTICATED", message: "Missing or wrong receipt token" } }, 401);
    const phone = String((await readBody(c)).phoneNumber ?? "").trim();
    if (!/\d/.test(phone)) return c.json({ error: { code: "BAD_USER_INPUT", message: "phoneNumber is required" } }, 400);
    const patients = await recordSmsOptOut(db, phone);
    logger.info({ patients }, "SMS opt-out applied");
    return c.json({ patients });
  });

  app.post("/webhooks/notifications/:provider", async (c) => {
    const parser = PARSERS[c.req.param("provider")];
    if (!parser) return c.json({ error: { code: "NOT_FOUND", message: "No such receipt endpoint" } }, 404);
    if (!authorized(c)) return c.json({ error: { code: "UNAUTHENTICATED", message: "Missing or wrong receipt token" } }, 401);
    const receipts = parser.parse(await readBody(c));
    if (!receipts.length) return c.json({ error: { code: "BAD_USER_INPUT", message: "Not a delivery receipt this endpoint understands" } }, 400);
    const results = await Promise.all(receipts.map((r) => applyReceipt(db, parser.provider, r)));
    logger.info({ provider: parser.provider, receipts: receipts.length, applied: results.filter((r) => r === "applied").length, held: results.filter((r) => r === "held").length }, "delivery receipts");
    return c.json({ received: receipts.length, applied: results.filter((r) => r === "applied").length });
  });
  return app;
}
