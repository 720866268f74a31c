import type { NotificationSettings } from "../settings.js";
import { isTransientStatus, readJson, transientError, type DeliveryProvider } from "./provider.js";

/**
 * Push through Firebase Cloud Messaging HTTP v1: `POST /v1/projects/{project}/messages:send` with an
 * OAuth 2 bearer (https://firebase.google.com/docs/cloud-messaging/send-message). The access token is
 * configured (FCM_ACCESS_TOKEN), minted outside this service from the service account. 429 and 5xx
 * are retried; 400 INVALID_ARGUMENT and 404 UNREGISTERED (stale token) are permanent.
 */
export function fcmProvider(s: NonNullable<NotificationSettings["fcm"]>): DeliveryProvider {
  return {
    name: "fcm",
    async send(m, signal) {
      let res: Response;
      try {
        res = await fetch(`${s.url.replace(/\/$/, "")}/v1/projects/${encodeURIComponent(s.projectId)}/messages:send`, {
          method: "POST",
          headers: { authorization: `Bearer ${s.accessToken}`, "content-type": "application/json", "idempotency-key": m.idempotencyKey },
          body: JSON.stringify({
            message: {
              token: m.recipient,
              notification: { title: m.subject ?? "", body: m.body },
              data: { notification_id: m.notificationId, idempotency_key: m.idempotencyKey },
            },
          }),
          signal,
        });
      } catch (err) {
        return transientError(err);
      }
      const body = (await readJson(res)) as { name?: string; error?: { status?: string; message?: string } } | null;
      if (res.ok && body?.name) return { outcome: "sent", messageId: body.name, response: body };
      const error = `FCM answered HTTP ${res.status}${body?.error?.status ? ` ${body.error.status}` : ""}`;
      return isTransientStatus(res.status) ? { outcome: "retry", error, response: body } : { outcome: "rejected", error, response: body };
    },
  };
}
