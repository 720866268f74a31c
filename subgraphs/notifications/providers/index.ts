import type { Db } from "../../../lib/db.js";
import type { Logger } from "../../../lib/logger.js";
import type { Channel } from "../channels.js";
import type { NotificationSettings } from "../settings.js";
import { africasTalkingProvider } from "./africastalking.js";
import { developmentProvider } from "./development.js";
import { fcmProvider } from "./fcm.js";
import type { DeliveryProvider } from "./provider.js";
import { smtpProvider } from "./smtp.js";
import { whatsAppProvider } from "./whatsapp.js";

/** The provider of each channel: the real adapter when configured, else the development provider. */
export function providersFor(s: NotificationSettings, db: Db, logger: Logger): Record<Channel, DeliveryProvider> {
  const dev = developmentProvider(db, logger);
  return {
    SMS: s.africasTalking ? africasTalkingProvider(s.africasTalking) : dev,
    EMAIL: s.smtp ? smtpProvider(s.smtp, s.providerTimeoutMs) : dev,
    PUSH: s.fcm ? fcmProvider(s.fcm) : dev,
    MESSAGING_APP: s.whatsapp ? whatsAppProvider(s.whatsapp) : dev,
  };
}
