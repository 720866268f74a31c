import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import { devOutbox } from "../db/tables.js";
import type { DeliveryProvider } from "./provider.js";

/**
 * The default provider: records each message in `notifications.dev_outbox` and the log instead of
 * sending it, and reports it delivered. Used for any channel without a configured real provider.
 */
export function developmentProvider(db: Db, logger: Logger): DeliveryProvider {
  return {
    name: "development",
    async send(m) {
      const [row] = await db
        .insert(devOutbox)
        .values({ notificationId: m.notificationId, idempotencyKey: m.idempotencyKey, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body })
        .returning({ id: devOutbox.id });
      logger.debug({ channel: m.channel, notificationId: m.notificationId, idempotencyKey: m.idempotencyKey }, "development provider recorded a message");
      return { outcome: "sent", messageId: `dev-${row.id}`, delivered: true };
    },
  };
}
