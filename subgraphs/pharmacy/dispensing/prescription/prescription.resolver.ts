import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { assertPatientAccess, BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs, PageOf } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { requestLoader } from "../../../../lib/request-loader.js";
import { prescriptions } from "../../db/tables.js";
import { OPEN_PRESCRIPTION_STATUSES } from "../fill/fill.js";
import { closePrescriptionFill, fillsOfPrescriptions } from "../fill/fill.service.js";
import { ClosePrescriptionFillInput, PrescriptionFill } from "../fill/fill.type.js";
import { createPrescription, getPrescription, listPrescriptions, prescriptionsOfPatients, withItems } from "./prescription.service.js";
import { CreatePrescriptionInput, Patient, Prescription, PrescriptionStatus } from "./prescription.type.js";

@ObjectType({ description: "A page of prescriptions, newest first." })
export class PrescriptionPage extends PageOf(Prescription) {}

@Resolver(() => Patient)
export class PatientPrescriptionsResolver {
  @Authorized("prescriptions:read")
  @FieldResolver(() => [Prescription], { description: "The patient's prescriptions, newest first." })
  prescriptions(@Root() patient: Patient, @Ctx() ctx: SubgraphContext): Promise<Prescription[]> {
    assertPatientAccess(ctx.principal, patient.uhid, "prescriptions:read");
    return requestLoader(ctx, prescriptionsOfPatients).load(patient.uhid);
  }
}

@Resolver(() => Prescription)
export class PrescriptionResolver {
  /**
   * The pharmacist's lookup at the counter: the patient presents their UHID, and the pharmacist sees
   * the prescriptions waiting to be dispensed (a marketplace: any participating pharmacy may dispense
   * one). Only through these (and the dispensing queue) does a pharmacist reach the patient's
   * identity (`patient`); a UHID with nothing to dispense shows nothing.
   */
  @Authorized("prescriptions:dispense")
  @UseMiddleware(BoundStaff)
  @Query(() => [Prescription], { description: "Prescriptions of a patient with a fill to dispense (pending or partially dispensed, or a refill open), newest first." })
  async prescriptionsToDispense(@Arg("patientUhid", () => ID, { description: "The UHID the patient presents; one with nothing to dispense gives an empty list." }) patientUhid: string, @Ctx() ctx: SubgraphContext): Promise<Prescription[]> {
    const rows = await ctx.db
      .select()
      .from(prescriptions)
      .where(and(eq(prescriptions.patientUhid, patientUhid), or(inArray(prescriptions.status, OPEN_PRESCRIPTION_STATUSES), isNotNull(prescriptions.openRefillNumber))))
      .orderBy(desc(prescriptions.issuedAt));
    return withItems(ctx.db, rows);
  }

  @Authorized("prescriptions:list")
  @UseMiddleware(RateLimit("pharmacy"))
  @Query(() => PrescriptionPage, { description: "Prescriptions, newest first: every prescription for prescribers, their own for a patient (filters: patient, status)." })
  prescriptionList(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only this patient's prescriptions (a patient caller: only their own UHID, else 403)." }) patientUhid: string | null,
    @Arg("status", () => PrescriptionStatus, { nullable: true, description: "Only prescriptions whose first fill is in this state." }) status: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrescriptionPage> {
    return listPrescriptions(ctx.db, ctx.principal, { ...page, patientUhid, status });
  }

  @Authorized("prescriptions:read")
  @UseMiddleware(RateLimit("pharmacy"))
  @Query(() => Prescription, { description: "One prescription with its items (a patient: only their own)." })
  prescription(@Arg("id", () => ID, { description: "Prescription id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Prescription> {
    return getPrescription(ctx.db, ctx.principal, id);
  }

  @Authorized("prescriptions:write")
  @UseMiddleware(RateLimit("pharmacy"))
  @Mutation(() => Prescription, { nullable: true, description: "Write a prescription for a registered patient; pending at once (any participating pharmacy may dispense it)." })
  createPrescription(@Arg("input", () => CreatePrescriptionInput, { description: "The prescription." }) input: CreatePrescriptionInput, @Ctx() ctx: SubgraphContext): Promise<Prescription> {
    return createPrescription(ctx, input);
  }

  @Authorized("prescriptions:dispense")
  @UseMiddleware(RateLimit("pharmacy"), BoundStaff)
  @Mutation(() => Prescription, {
    nullable: true,
    description: "Close the open, partially dispensed fill short with a reason (recorded: who, when, what stops being owed); a pharmacy that dispensed part of it, or an admin. 409 when nothing was given yet or the fill is complete.",
  })
  closePrescriptionFill(@Arg("id", () => ID, { description: "Prescription id (UUID)." }) id: string, @Arg("input", () => ClosePrescriptionFillInput, { description: "The reason, and the fill meant." }) input: ClosePrescriptionFillInput, @Ctx() ctx: SubgraphContext): Promise<Prescription> {
    return closePrescriptionFill(ctx, id, input);
  }

  @FieldResolver(() => [PrescriptionFill], { description: "Every fill so far, oldest first: fill 0, then each refill, with its parts and closure." })
  fills(@Root() p: Prescription, @Ctx() ctx: SubgraphContext): Promise<PrescriptionFill[]> {
    return requestLoader(ctx, fillsOfPrescriptions).load(p);
  }

  @FieldResolver(() => PrescriptionFill, { description: "The fill being dispensed now, or the last one: what the items' quantityDispensed and quantityOwed describe." })
  async currentFill(@Root() p: Prescription, @Ctx() ctx: SubgraphContext): Promise<PrescriptionFill> {
    return (await requestLoader(ctx, fillsOfPrescriptions).load(p)).at(-1)!;
  }

  @FieldResolver(() => Patient, { description: "The patient named on the prescription (identity fields for pharmacists; the registry's rules apply)." })
  patient(@Root() p: Prescription): Patient {
    return { uhid: p.patientUhid };
  }
}

export const pharmacyPatientReference = {
  Patient: { __resolveReference: (ref: { uhid: string }) => ({ uhid: ref.uhid }) },
};
