import { MaxLength } from "class-validator";
import { Arg, Authorized, Ctx, Field, ID, InputType, Int, Mutation, Resolver } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendContactReads } from "./contact-read-audit.js";
import { contactReadIsAudited } from "./patient-access.js";

/** The contact details notification preferences hold (subgraphs/notifications/preferences/). */
const PREFERENCE_CONTACT_FIELDS = new Set(["phone", "email", "pushToken", "messagingAppId"]);

/** More reads than any one request of the notifications subgraph resolves (a page is at most 100 patients). */
const MAX_READS = 1000;

@InputType({ description: "One patient's notification preferences read: whose, and which contact fields." })
export class NotificationPreferencesReadInput {
  @Field(() => ID, { description: "UHID of the patient whose preferences were read." })
  @MaxLength(100)
  patientUhid!: string;

  @Field(() => [String], { description: "Contact fields read: phone, email, pushToken, messagingAppId." })
  fields!: string[];
}

/**
 * The notifications subgraph holds patients' notification preferences (phone, e-mail, push token,
 * messaging-app number) but has no audit chain: it records a staff read of them here, with the
 * caller's own bearer (so the actor is the reader, verified by the gateway) and the request id, as
 * `patient_contact_read` records like the registry's contact reads (docs/decisions/privacy-and-recovery.md).
 * Open to those who may read preferences; a patient's read of their own leaves no record, and a patient
 * may not record reads of another's.
 */
@Resolver()
export class PreferencesReadAuditResolver {
  @Authorized("notifications:preferences")
  @Mutation(() => Int, { nullable: true, description: "Records the caller's reads of patients' notification preferences in the clinical audit log (patient_contact_read); answers how many records were written. Called by the notifications subgraph." })
  async recordNotificationPreferencesReads(
    @Arg("reads", () => [NotificationPreferencesReadInput], { description: "Whose preferences were read and which contact fields." }) reads: NotificationPreferencesReadInput[],
    @Arg("rootField", () => String, { description: "The root field of the operation the preferences were read through (notificationPreferences, _entities, …)." }) rootField: string,
    @Arg("operation", () => String, { nullable: true, description: "The operation's name as the notifications subgraph received it." }) operation: string | null | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<number> {
    const errors = new FieldErrorCollector();
    if (!reads.length || reads.length > MAX_READS) errors.add("reads", `must name 1 to ${MAX_READS} reads`);
    reads.forEach((r, i) => {
      if (!r.fields.length || r.fields.some((f) => !PREFERENCE_CONTACT_FIELDS.has(f))) errors.add(`reads.${i}.fields`, `must be some of ${[...PREFERENCE_CONTACT_FIELDS].join(", ")}`);
    });
    if (!rootField.trim() || rootField.length > 200) errors.add("rootField", "must be a field name of at most 200 characters");
    if (operation && operation.length > 500) errors.add("operation", "must be at most 500 characters");
    errors.throwIfAny("Invalid preferences read record");
    for (const r of reads) assertPatientAccess(ctx.principal, r.patientUhid, "notifications:preferences");

    const byPatient = new Map<string, Set<string>>();
    for (const r of reads) {
      if (!contactReadIsAudited(ctx.principal, r.patientUhid)) continue;
      const fields = byPatient.get(r.patientUhid) ?? new Set<string>();
      for (const f of r.fields) fields.add(f);
      byPatient.set(r.patientUhid, fields);
    }
    if (byPatient.size) await appendContactReads(ctx, byPatient, { operation: operation ?? null, rootField }, "notification_preferences");
    return byPatient.size;
  }
}
