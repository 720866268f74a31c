import type { SubgraphContext } from "../../lib/context.js";
import { callUpstream } from "../../lib/upstream.js";

export interface PharmacyMessage {
  recipient: string;
  /** A template of the notification service (subgraphs/notifications/templates). */
  template: string;
  parameters: Record<string, string>;
}

/**
 * Sends one message through `POST {notifications_url}/api/v1/notifications/send/`, best effort: the
 * pharmacy record that asked for it (a follow-up, a receipt) never fails because of it. When nothing
 * was queued, says so in the log.
 */
export async function sendBestEffort(
  ctx: SubgraphContext,
  message: PharmacyMessage,
  about: Record<string, unknown>,
  /** Sends the message once per key (the notification service answers a repeat with the first notification). */
  idempotencyKey?: string,
): Promise<{ queued: boolean; notificationId: string | null }> {
  try {
    const res = await callUpstream<{ notification_id?: string; id?: string }>(ctx, {
      service: "notifications",
      method: "POST",
      path: "/api/v1/notifications/send/",
      retries: 1,
      body: message,
      idempotencyKey,
    });
    if (res.status >= 200 && res.status < 300) return { queued: true, notificationId: res.body?.notification_id ?? res.body?.id ?? null };
    ctx.logger.warn({ ...about, template: message.template, status: res.status }, "message not queued: notification service refused it");
  } catch (err) {
    ctx.logger.warn({ ...about, template: message.template, err: (err as Error).message }, "message not queued: notification service unavailable");
  }
  return { queued: false, notificationId: null };
}
