import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedNotificationsDemo } from "./db/seed.js";
import { receiptRoutes } from "./delivery/receipts.js";
import { startNotificationWorker } from "./delivery/worker.js";
import { NotificationResolver, notificationsPatientReference, PatientNotificationsResolver } from "./notification/notification.resolver.js";
import { Patient } from "./notification/notification.type.js";
import { PreferencesFieldsResolver } from "./preferences/preferences.fields.resolver.js";
import { PreferencesResolver } from "./preferences/preferences.resolver.js";
import { ProviderContactResolver } from "./provider-contact/provider-contact.resolver.js";
import { notificationSettings } from "./settings.js";
import { TemplateResolver } from "./templates/template.resolver.js";
import { TriggerResolver } from "./trigger/trigger.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const notificationsSubgraph: SubgraphModule = {
  name: "notifications",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [NotificationResolver, PatientNotificationsResolver, TriggerResolver, PreferencesResolver, PreferencesFieldsResolver, ProviderContactResolver, TemplateResolver],
      notificationsPatientReference,
      [Patient],
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/notifications", import.meta.url)),
  seedDemo: seedNotificationsDemo,
  /** Provider delivery receipts: POST /webhooks/notifications/<provider>. */
  routes: (runtime) => receiptRoutes(runtime.db, notificationSettings(runtime.config), runtime.logger.child({ component: "notification-receipts" })),
  /** The delivery worker (in the all-in-one process, or alone with --only=worker). */
  startBackground: async (runtime) => startNotificationWorker(runtime),
};
