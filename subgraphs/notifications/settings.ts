import type { Config } from "../../lib/config.js";

/** Notification settings, typed once from the process configuration (env entries in lib/config.ts). */
export interface NotificationSettings {
  /** How often an idle worker looks for due messages. */
  pollMs: number;
  /** How long a claimed message stays PROCESSING before another worker may take it over. */
  leaseMs: number;
  /** First retry delay; each retry doubles it (full jitter). */
  retryBaseMs: number;
  /** Delivery attempts per channel before it counts as failed and the next channel is tried. */
  maxAttempts: number;
  /** Messages claimed per worker round. */
  batchSize: number;
  /** Per-call provider timeout; kept below the lease so a live worker never loses its lease mid-call. */
  providerTimeoutMs: number;
  /** Shared secret providers must present on delivery receipts (query `token` or `x-receipt-token`). */
  receiptToken?: string;
  production: boolean;
  africasTalking?: { url: string; username: string; apiKey: string; senderId?: string };
  smtp?: { url: string; from: string };
  fcm?: { url: string; projectId: string; accessToken: string };
  whatsapp?: { url: string; phoneNumberId: string; accessToken: string };
}

/**
 * Defaults follow common notification-service retry practice (e.g. Knock: exponential backoff with jitter,
 * bounded attempts); a real adapter is used only when its credentials are configured, otherwise the
 * development provider records the message.
 */
export function notificationSettings(c: Config): NotificationSettings {
  const leaseMs = c.NOTIFICATIONS_WORKER_LEASE_MS ?? 30_000;
  return {
    pollMs: c.NOTIFICATIONS_WORKER_POLL_MS ?? 250,
    leaseMs,
    retryBaseMs: c.NOTIFICATIONS_RETRY_BASE_MS ?? 2_000,
    maxAttempts: c.NOTIFICATIONS_MAX_ATTEMPTS ?? 5,
    batchSize: 20,
    providerTimeoutMs: Math.max(500, Math.min(10_000, Math.floor(leaseMs / 3))),
    receiptToken: c.NOTIFICATIONS_RECEIPT_TOKEN,
    production: c.NODE_ENV === "production",
    africasTalking: c.AFRICASTALKING_API_KEY
      ? { url: c.AFRICASTALKING_URL ?? "https://api.africastalking.com", username: c.AFRICASTALKING_USERNAME ?? "sandbox", apiKey: c.AFRICASTALKING_API_KEY, senderId: c.AFRICASTALKING_SENDER_ID }
      : undefined,
    smtp: c.SMTP_URL ? { url: c.SMTP_URL, from: c.SMTP_FROM ?? "Healthcare notifications <no-reply@example.org>" } : undefined,
    fcm:
      c.FCM_ACCESS_TOKEN && c.FCM_PROJECT_ID
        ? { url: c.FCM_URL ?? "https://fcm.googleapis.com", projectId: c.FCM_PROJECT_ID, accessToken: c.FCM_ACCESS_TOKEN }
        : undefined,
    whatsapp:
      c.WHATSAPP_ACCESS_TOKEN && c.WHATSAPP_PHONE_NUMBER_ID
        ? { url: c.WHATSAPP_URL ?? "https://graph.facebook.com/v20.0", phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID, accessToken: c.WHATSAPP_ACCESS_TOKEN }
        : undefined,
  };
}
