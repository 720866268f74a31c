import { and, desc, eq } from "drizzle-orm";
import { Arg, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { assertPatientAccess, BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { prescriptions } from "../../db/tables.js";
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

@Resolver(() => Prescription)
export class PrescriptionResolver {
  /**
   * The pharmacist's lookup at the counter: the patient presents their UHID, and the pharmacist sees
   * the prescriptions waiting to be dispensed (a marketplace: any participating pharmacy may dispense
   * one, once). Only through these does a pharmacist reach the patient's identity (`patient`); a UHID
   * with nothing to dispense shows nothing.
   */
  @Authorized("prescriptions:dispense")
  @UseMiddleware(BoundStaff)
  @Query(() => [Prescription], { description: "Prescriptions of a patient waiting to be dispensed (status pending), newest first." })
  prescriptionsToDispense(@Arg("patientUhid", () => ID) patientUhid: string, @Ctx() ctx: SubgraphContext): Promise<Prescription[]> {
    return ctx.db
      .select()
      .from(prescriptions)
      .where(and(eq(prescriptions.patientUhid, patientUhid), eq(prescriptions.status, "pending")))
      .orderBy(desc(prescriptions.issuedAt));
  }

  @FieldResolver(() => Patient, { description: "The patient named on the prescription (identity fields for pharmacists; the registry's rules apply)." })
  patient(@Root() p: Prescription): Patient {
    return { uhid: p.patientUhid };
  }
}

export const pharmacyPatientReference = {
  Patient: { __resolveReference: (ref: { uhid: string }) => ({ uhid: ref.uhid }) },
};
