import type { NotificationSettings } from "../settings.js";
import { isTransientStatus, readJson, transientError, type DeliveryProvider } from "./provider.js";

interface AtRecipient {
  statusCode: number;
  number: string;
  status: string;
  cost?: string;
  messageId?: string;
}

/**
 * Africa's Talking-style SMS gateway: `POST /version1/messaging` with an `apiKey` header and form
 * fields username, to, message, from (Africa's Talking SMS API documentation, developers.africastalking.com). Per-recipient
 * statusCode 100/101/102 = accepted; 401–409 = rejected (invalid number, blacklist, DND, balance);
 * 500–502 = gateway errors, retried.
 */
export function africasTalkingProvider(s: NonNullable<NotificationSettings["africasTalking"]>): DeliveryProvider {
  return {
    name: "africastalking",
    async send(m, signal) {
      const form = new URLSearchParams({ username: s.username, to: m.recipient, message: m.body });
      if (s.senderId) form.set("from", s.senderId);
      let res: Response;
      try {
        res = await fetch(`${s.url.replace(/\/$/, "")}/version1/messaging`, {
          method: "POST",
          headers: { apiKey: s.apiKey, accept: "application/json", "content-type": "application/x-www-form-urlencoded", "idempotency-key": m.idempotencyKey },
          body: form,
          signal,
        });
      } catch (err) {
        return transientError(err);
      }
      const body = (await readJson(res)) as { SMSMessageData?: { Message?: string; Recipients?: AtRecipient[] } } | null;
      if (!res.ok) {
        const error = `Africa's Talking answered HTTP ${res.status}`;
        return isTransientStatus(res.status) ? { outcome: "retry", error, response: body } : { outcome: "rejected", error, response: body };
      }
      const r = body?.SMSMessageData?.Recipients?.[0];
      if (!r) return { outcome: "rejected", error: `no recipient accepted: ${body?.SMSMessageData?.Message ?? "empty answer"}`, response: body };
      if ([100, 101, 102].includes(r.statusCode) && r.messageId) return { outcome: "sent", messageId: r.messageId, response: body };
      const error = `${r.status} (statusCode ${r.statusCode})`;
      return r.statusCode >= 500 ? { outcome: "retry", error, response: body } : { outcome: "rejected", error, response: body };
    },
  };
}
