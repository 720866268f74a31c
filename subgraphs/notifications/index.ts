import { fileURLToPath } from "node:url";
import type { GraphQLSchema } from "graphql";
import { buildFederatedSchema } from "../../lib/federation.js";
import type { SubgraphModule } from "../../lib/subgraph.js";
import { Patient } from "./notification/notification.type.js";
import { NotificationResolver, notificationsPatientReference, PatientNotificationsResolver } from "./notification/notification.resolver.js";

let schema: Promise<GraphQLSchema> | undefined;

export const notificationsSubgraph: SubgraphModule = {
  name: "notifications",
  schema: () => (schema ??= buildFederatedSchema([NotificationResolver, PatientNotificationsResolver], notificationsPatientReference, [Patient])),
  migrationsFolder: fileURLToPath(new URL("../../drizzle/notifications", import.meta.url)),
};
