import { and, eq } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { CHANNEL_COSTS, type Channel } from "../channels.js";
import { earlyReceipts, notificationEvents, notifications } from "../db/tables.js";
import type { NotificationRow } from "../notification/enqueue.js";
import type { DeliveryProvider, ProviderResult } from "../providers/provider.js";
import type { NotificationSettings } from "../settings.js";
import { renderTemplate, TEMPLATES } from "../templates/templates.js";
import { applyReceiptToSent, lockProviderMessage } from "./receipts.js";
import { assertLegalTransition, retryDelayMs } from "./transitions.js";

/** Same on every attempt of one message on one channel; a fallback channel is a new message. */
export const idempotencyKeyOf = (n: Pick<NotificationRow, "id" | "channel">) => `${n.id}:${n.channel}`;

export type DeliveryOutcome = "sent" | "delivered" | "retry" | "fallback" | "failed" | "lost-lease";

/** Hands one claimed (PROCESSING) message to its channel's provider and records what happened. */
export async function deliverNotification(db: Db, n: NotificationRow, provider: DeliveryProvider, s: NotificationSettings, workerId: string): Promise<DeliveryOutcome> {
  let result: ProviderResult;
  try {
    result = await provider.send(
      { notificationId: n.id, idempotencyKey: idempotencyKeyOf(n), channel: n.channel as Channel, recipient: n.recipient, subject: n.subject, body: n.body },
      AbortSignal.timeout(s.providerTimeoutMs),
    );
  } catch (err) {
    result = { outcome: "retry", error: `provider error: ${(err as Error).message}` };
  }
  return recordResult(db, n, provider.name, result, s, workerId);
}

async function recordResult(db: Db, n: NotificationRow, providerName: string, r: ProviderResult, s: NotificationSettings, workerId: string): Promise<DeliveryOutcome> {
  const now = new Date();
  const event = { notificationId: n.id, channel: n.channel, attempt: n.attempts, providerResponse: r.response ?? null };
  // Only the worker still holding the lease may record: after a lease expiry another worker owns it.
  const mine = and(eq(notifications.id, n.id), eq(notifications.status, "PROCESSING"), eq(notifications.leasedBy, workerId));
  return db.transaction(async (tx) => {
    const change = async (to: string, set: Partial<typeof notifications.$inferInsert>, detail: string, from = "PROCESSING") => {
      assertLegalTransition(from, to);
      const where = from === "PROCESSING" ? mine : and(eq(notifications.id, n.id), eq(notifications.status, from));
      const [row] = await tx.update(notifications).set({ ...set, status: to, updatedAt: now }).where(where).returning({ id: notifications.id });
      if (row) await tx.insert(notificationEvents).values({ ...event, fromStatus: from, toStatus: to, detail });
      return Boolean(row);
    };
    const released = { leasedBy: null, leaseExpiresAt: null };

    if (r.outcome === "sent") {
      const ok = await change("SENT", { ...released, provider: providerName, providerMessageId: r.messageId, sentAt: now, lastError: null, statusReason: null }, `handed to ${providerName} (${r.messageId})`);
      if (!ok) return "lost-lease";
      // A receipt that raced this write was kept as an early receipt: apply it now (receipts.ts).
      await lockProviderMessage(tx, providerName, r.messageId);
      const early = await tx
        .delete(earlyReceipts)
        .where(and(eq(earlyReceipts.provider, providerName), eq(earlyReceipts.providerMessageId, r.messageId)))
        .returning();
      early.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
      if (!r.delivered && early[0]) {
        const to = await applyReceiptToSent(tx, n, early[0], " (receipt arrived before SENT was recorded)");
        return to === "DELIVERED" ? "delivered" : to === "PENDING" ? "fallback" : "failed";
      }
      if (!r.delivered) return "sent";
      await change("DELIVERED", { deliveredAt: now }, `${providerName} confirmed delivery`, "SENT");
      return "delivered";
    }
    if (r.outcome === "retry" && n.attempts < s.maxAttempts) {
      const delay = retryDelayMs(n.attempts, s.retryBaseMs);
      const ok = await change("PENDING", { ...released, provider: providerName, lastError: r.error, availableAt: new Date(now.getTime() + delay) }, `attempt ${n.attempts} of ${s.maxAttempts} failed (${r.error}); retry in ${delay} ms`);
      return ok ? "retry" : "lost-lease";
    }
    const why = r.outcome === "retry" ? `gave up after ${n.attempts} attempts: ${r.error}` : `rejected: ${r.error}`;
    const [next, ...rest] = n.fallbackPlan;
    if (next) {
      const ok = await change("PENDING", { ...released, ...fallbackTo(n, next, rest), provider: providerName, lastError: r.error, availableAt: now }, `${n.channel} ${why}; falling back to ${next.channel}`);
      return ok ? "fallback" : "lost-lease";
    }
    const ok = await change("FAILED", { ...released, provider: providerName, lastError: r.error, statusReason: `${n.channel} ${why}` }, `${n.channel} ${why}; no channel left`);
    return ok ? "failed" : "lost-lease";
  });
}

/** Moves a message to its next channel: new address, body rendered for that channel, its cost, fresh attempts. */
export function fallbackTo(n: NotificationRow, next: { channel: string; recipient: string }, rest: { channel: string; recipient: string }[]) {
  const template = TEMPLATES.get(n.template);
  const rendered = template ? renderTemplate(template, n.parameters, next.channel, n.language) : { subject: n.subject, body: n.body };
  return {
    channel: next.channel,
    recipient: next.recipient,
    fallbackPlan: rest,
    subject: rendered.subject,
    body: rendered.body,
    attempts: 0,
    cost: CHANNEL_COSTS[next.channel as Channel] ?? "0.00",
    providerMessageId: null,
  };
}
