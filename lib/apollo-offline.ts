import { ApolloServerPluginSchemaReportingDisabled, ApolloServerPluginUsageReportingDisabled } from "@apollo/server/plugin/disabled";

/**
 * Apollo Gateway, unless APOLLO_TELEMETRY_DISABLED is set, probes the cloud metadata endpoints of
 * AWS, GCP, Azure and Alibaba when it is built (169.254.169.254, metadata.google.internal) and sends
 * usage metrics to usage-reporting.api.apollographql.com (hourly and when it stops). A health service
 * connects to no one it was not configured to call (docs/decisions/security.md, "No calls home"), so
 * the default here is off. Call before `new ApolloGateway`, which reads the variable.
 */
export function keepApolloGatewayOffline(): void {
  process.env.APOLLO_TELEMETRY_DISABLED ??= "true";
}

/**
 * Apollo Server reports operations and the schema to Apollo's cloud when APOLLO_KEY and
 * APOLLO_GRAPH_REF are in the environment: never from this service (patient data passes through it).
 */
export function noApolloReporting() {
  return [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled()];
}
