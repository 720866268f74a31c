import { desc, eq } from "drizzle-orm";
import { Authorized, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { prescriptions } from "../db/tables.js";
import { Patient, Prescription } from "./prescription.type.js";

@Resolver(() => Patient)
export class PatientPrescriptionsResolver {
  @Authorized("prescriptions:read")
  @FieldResolver(() => [Prescription], { description: "The patient's prescriptions, newest first." })
  prescriptions(@Root() patient: Patient, @Ctx() ctx: SubgraphContext): Promise<Prescription[]> {
    assertPatientAccess(ctx.principal, patient.uhid);
    return ctx.db.select().from(prescriptions).where(eq(prescriptions.patientUhid, patient.uhid)).orderBy(desc(prescriptions.issuedAt));
  }
}

export const pharmacyPatientReference = {
  Patient: { __resolveReference: (ref: { uhid: string }) => ({ uhid: ref.uhid }) },
};
