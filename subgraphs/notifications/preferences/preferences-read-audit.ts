import DataLoader from "dataloader";
import type { GraphQLResolveInfo } from "graphql";
import { isThePatient } from "../../../lib/access.js";
import type { SubgraphContext } from "../../../lib/context.js";
import { upstreamUnavailable } from "../../../lib/errors.js";
import { queryGateway } from "../../../lib/gateway-client.js";
import { reachedVia } from "../../../lib/selection.js";

/** The fields of a patient's preferences that reach them outside the clinic: their reads are audited. */
export type PreferenceContactField = "phone" | "email" | "pushToken" | "messagingAppId";

/** One contact field of one patient's preferences, resolved for the caller. */
interface PreferencesRead {
  uhid: string;
  field: PreferenceContactField;
  operation: string | null;
  rootField: string;
}

const RECORD =
  "mutation NotificationPreferencesReads($reads: [NotificationPreferencesReadInput!]!, $rootField: String!, $operation: String) { recordNotificationPreferencesReads(reads: $reads, rootField: $rootField, operation: $operation) }";

/** One loader per request: the contact fields of every patient resolved in one tick are recorded in one call. */
const loaders = new WeakMap<SubgraphContext, DataLoader<PreferencesRead, void>>();

/**
 * Records that the caller read `field` of patient `uhid`'s preferences, and resolves once the record is
 * stored, so a value is never returned unaudited (closed: when the record cannot be written, the field
 * fails). The records go to the clinical audit chain as `patient_contact_read` (this subgraph has no
 * chain of its own), written by the clinical subgraph through the gateway with the caller's bearer and
 * this request's id, so who, whose, when and the request are those of the read.
 */
export function auditPreferencesRead(ctx: SubgraphContext, uhid: string, field: PreferenceContactField, info: GraphQLResolveInfo): Promise<void> {
  // As the registry's rule (subgraphs/clinical/patient/patient-access.ts): everyone's reads but the patient's own.
  if (isThePatient(ctx.principal, uhid)) return Promise.resolve();
  let loader = loaders.get(ctx);
  if (!loader) loaders.set(ctx, (loader = new DataLoader((reads) => recordReads(ctx, reads), { cache: false })));
  return loader.load({ uhid, field, ...reachedVia(info) });
}

async function recordReads(ctx: SubgraphContext, reads: readonly PreferencesRead[]): Promise<void[]> {
  const byPatient = new Map<string, Set<PreferenceContactField>>();
  for (const r of reads) byPatient.set(r.uhid, (byPatient.get(r.uhid) ?? new Set()).add(r.field));
  // Without the caller's credential the record would not name the reader: refuse the read instead.
  if (!ctx.bearer) throw upstreamUnavailable("clinical audit", "no caller credential to record the preferences read with");
  const { operation, rootField } = reads[0];
  await queryGateway(ctx, RECORD, { reads: [...byPatient].map(([patientUhid, fields]) => ({ patientUhid, fields: [...fields] })), rootField, operation }, { service: "clinical audit" });
  return reads.map(() => undefined);
}
