import type { GraphQLResolveInfo } from "graphql";
import { Arg, Authorized, Ctx, Field, ID, Info, ObjectType, Query, Resolver } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { auditContactRead } from "./contact-read-audit.js";
import { findPatient } from "./patient.service.js";

@ObjectType({ description: "Where a patient can be reached, for delivering a notification." })
export class PatientDeliveryContact {
  @Field(() => String, { nullable: true, description: "Registered phone number; null when none." })
  phone!: string | null;

  @Field(() => String, { nullable: true, description: "Registered e-mail address; null when none." })
  email!: string | null;
}

/**
 * The registered phone and e-mail of a patient, and nothing else: what the notifications service
 * needs to reach a patient who never set preferences. It asks as itself (a service credential), so a
 * lab technician's critical alert reaches the patient although the technician may not read the
 * registry. Every read is audited like any contact read (`patient_contact_read`).
 */
@Resolver()
export class PatientContactResolver {
  @Authorized("patients:read", "patients:contact")
  @Query(() => PatientDeliveryContact, { nullable: true, description: "Registered phone and e-mail of a patient, for notification delivery (audited); null when unknown." })
  async patientDeliveryContact(@Arg("uhid", () => ID, { description: "UHID of the patient." }) uhid: string, @Ctx() ctx: SubgraphContext, @Info() info: GraphQLResolveInfo): Promise<PatientDeliveryContact | null> {
    const row = await findPatient(ctx.db, uhid);
    if (!row) return null;
    await Promise.all([auditContactRead(ctx, uhid, "phone", info), auditContactRead(ctx, uhid, "email", info)]);
    return { phone: row.phone, email: row.email };
  }
}
