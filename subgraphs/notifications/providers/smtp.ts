import nodemailer from "nodemailer";
import type { NotificationSettings } from "../settings.js";
import { transientError, type DeliveryProvider } from "./provider.js";

/**
 * E-mail over SMTP (nodemailer). The Message-ID is derived from the idempotency key, so a message
 * re-sent after a worker crash carries the same id and receiving systems can drop the copy.
 * SMTP 5xx replies are permanent (RFC 5321 §4.2.1); 4xx and connection failures are retried.
 */
export function smtpProvider(s: NonNullable<NotificationSettings["smtp"]>, timeoutMs: number): DeliveryProvider {
  const transport = nodemailer.createTransport(s.url, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs } as never);
  const domain = s.from.match(/@([^>\s]+)/)?.[1] ?? "notifications.local";
  return {
    name: "smtp",
    async send(m) {
      try {
        const info = await transport.sendMail({
          from: s.from,
          to: m.recipient,
          subject: m.subject ?? "",
          text: m.body,
          messageId: `<${m.idempotencyKey.replace(/[^\w.-]/g, ".")}@${domain}>`,
          headers: { "X-Idempotency-Key": m.idempotencyKey },
        });
        if (info.rejected?.length) return { outcome: "rejected", error: `recipient rejected: ${info.response}`, response: info.response };
        return { outcome: "sent", messageId: info.messageId, response: info.response };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code && code >= 500) return { outcome: "rejected", error: `SMTP ${code}: ${(err as Error).message}` };
        if (code) return { outcome: "retry", error: `SMTP ${code}: ${(err as Error).message}` };
        return transientError(err);
      }
    },
    async close() {
      transport.close();
    },
  };
}
