import type { NotificationSettings } from "../settings.js";
import { isTransientStatus, readJson, transientError, type DeliveryProvider } from "./provider.js";

/**
 * Messaging app through the WhatsApp Cloud API: `POST /{phone-number-id}/messages` with a bearer
 * token and a text message (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages).
 * Delivery arrives later as a status webhook (see delivery/receipts.ts).
 */
export function whatsAppProvider(s: NonNullable<NotificationSettings["whatsapp"]>): DeliveryProvider {
  return {
    name: "whatsapp",
    async send(m, signal) {
      let res: Response;
      try {
        res = await fetch(`${s.url.replace(/\/$/, "")}/${encodeURIComponent(s.phoneNumberId)}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${s.accessToken}`, "content-type": "application/json", "idempotency-key": m.idempotencyKey },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: m.recipient.replace(/^\+/, ""),
            type: "text",
            text: { preview_url: false, body: m.subject ? `*${m.subject}*\n${m.body}` : m.body },
            biz_opaque_callback_data: m.idempotencyKey,
          }),
          signal,
        });
      } catch (err) {
        return transientError(err);
      }
      const body = (await readJson(res)) as { messages?: { id: string }[]; error?: { message?: string; code?: number } } | null;
      const id = body?.messages?.[0]?.id;
      if (res.ok && id) return { outcome: "sent", messageId: id, response: body };
      const error = `WhatsApp answered HTTP ${res.status}${body?.error?.message ? `: ${body.error.message}` : ""}`;
      return isTransientStatus(res.status) ? { outcome: "retry", error, response: body } : { outcome: "rejected", error, response: body };
    },
  };
}
