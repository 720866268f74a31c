import { ApolloServerPluginSchemaReportingDisabled, ApolloServerPluginUsageReportingDisabled } from "@apollo/server/plugin/disabled";

/**
 * Apollo Gateway, unless APOLLO_TELEMETRY_DISABLED is "true" in the environment, probes the cloud
 * metadata endpoints of AWS, GCP, Azure and Alibaba when it is built (169.254.169.254,
 * metadata.google.internal) and sends usage metrics to usage-reporting.api.apollographql.com (hourly
 * and when it stops). A health service connects to no one it was not configured to call
 * (docs/decisions/security.md, "No calls home"): the config's default is off, and the library, which
 * reads the variable itself when it is built, is told what the config says. Call before
 * `new ApolloGateway`.
 */
export function applyApolloTelemetrySetting(disabled: boolean): void {
  process.env.APOLLO_TELEMETRY_DISABLED = disabled ? "true" : "false";
}

/**
 * Apollo Server reports operations and the schema to Apollo's cloud when APOLLO_KEY and
 * APOLLO_GRAPH_REF are in the environment: never from this service (patient data passes through it).
 */
export function noApolloReporting() {
  return [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled()];
}
