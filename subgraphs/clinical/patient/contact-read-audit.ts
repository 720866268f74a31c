import type { GraphQLResolveInfo } from "graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import type { Db } from "../../../lib/db.js";
import { reachedVia } from "../../../lib/selection.js";
import { appendAudit, auditStreamOf } from "../audit/audit.service.js";
import type { ContactField } from "./patient-access.js";

/** Version of the access rule the records were written under (docs/decisions/privacy-and-recovery.md). */
export const PATIENT_ACCESS_POLICY = "patient-access-2026-1";

/** How the contact details were reached: the operation (as the subgraph received it) and its root field. */
export interface ContactReadVia {
  operation: string | null;
  rootField: string;
}

interface PendingReads {
  fields: Map<string, Set<ContactField>>;
  via: ContactReadVia;
  written: Promise<void>;
}

/** One batch per request: every contact field resolved in one pass is written in one transaction. */
const pendingByRequest = new WeakMap<SubgraphContext, PendingReads>();

/**
 * Records that the caller read `field` of patient `uhid`, and resolves once the audit record is
 * stored, so a value is never returned unaudited (an audit failure fails the field). Fields of a
 * whole page are resolved in the same tick; they are written together, one record per patient,
 * after the current tick, with `patient_contact_read` on the clinical audit chain.
 */
export function auditContactRead(ctx: SubgraphContext, uhid: string, field: ContactField, info: GraphQLResolveInfo): Promise<void> {
  let batch = pendingByRequest.get(ctx);
  if (!batch) {
    const fresh: PendingReads = { fields: new Map(), via: reachedVia(info), written: Promise.resolve() };
    fresh.written = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      pendingByRequest.delete(ctx);
      return writeContactReads(ctx, fresh);
    });
    pendingByRequest.set(ctx, fresh);
    batch = fresh;
  }
  const fields = batch.fields.get(uhid) ?? new Set<ContactField>();
  fields.add(field);
  batch.fields.set(uhid, fields);
  return batch.written;
}

function writeContactReads(ctx: SubgraphContext, batch: PendingReads): Promise<void> {
  return appendContactReads(ctx, batch.fields, batch.via);
}

/**
 * Appends one `patient_contact_read` record per patient of `reads` (uhid → the fields read), in one
 * transaction: the caller, the request id and how they were reached. `source` names where the fields
 * are held when it is not the registry (e.g. "notification_preferences").
 */
export async function appendContactReads(ctx: SubgraphContext, reads: ReadonlyMap<string, ReadonlySet<string>>, via: ContactReadVia, source?: string): Promise<void> {
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // In stream order: two batches lock the stream heads they share in the same order (no deadlock).
    const byStream = [...reads].map(([uhid, set]) => ({ uhid, set, stream: auditStreamOf({ patientUhid: uhid, actor: ctx.principal }) })).sort((a, b) => a.stream - b.stream);
    for (const { uhid, set } of byStream) {
      const fields = [...set].sort();
      await appendAudit(tx, {
        actor: ctx.principal,
        operation: "patient_contact_read",
        patientUhid: uhid,
        input: { uhid, fields, via, ...(source ? { source } : {}) },
        output: { fields, via, ...(source ? { source } : {}) },
        rulesetVersion: PATIENT_ACCESS_POLICY,
        requestId: ctx.requestId,
      });
    }
  });
}
