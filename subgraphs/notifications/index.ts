import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { seedNotificationsDemo } from "./db/seed.js";
import { NotificationResolver, notificationsPatientReference, PatientNotificationsResolver } from "./notification/notification.resolver.js";
import { Patient } from "./notification/notification.type.js";
import { PreferencesResolver } from "./preferences/preferences.resolver.js";
import { ProviderContactResolver } from "./provider-contact/provider-contact.resolver.js";
import { TriggerResolver } from "./trigger/trigger.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const notificationsSubgraph: SubgraphModule = {
  name: "notifications",
  schema: () =>
    (schema ??= buildFederatedSchema(
      [NotificationResolver, PatientNotificationsResolver, TriggerResolver, PreferencesResolver, ProviderContactResolver],
      notificationsPatientReference,
      [Patient],
    )),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/notifications", import.meta.url)),
  seedDemo: seedNotificationsDemo,
};
