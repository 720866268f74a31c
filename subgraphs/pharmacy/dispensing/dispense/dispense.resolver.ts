import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { assertPatientAccess, BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { requestLoader } from "../../../../lib/request-loader.js";
import { Patient } from "../prescription/prescription.type.js";
import { createDispense, dispensesOfPatients, getDispense, listDispenses } from "./dispense.service.js";
import { CreateDispenseInput, Dispense, DispensePage } from "./dispense.type.js";

@Resolver(() => Dispense)
@UseMiddleware(BoundStaff)
export class DispenseResolver {
  @Authorized("prescriptions:dispense")
  @UseMiddleware(RateLimit("pharmacy"))
  @Mutation(() => Dispense, { nullable: true, description: "Dispense a prescription's open fill, whole or in part (at most what it still owes; workflow 2: patient, interactions and allergies, controlled rules, stock, then one transaction). Idempotency-Key honoured." })
  createDispense(@Arg("input", () => CreateDispenseInput, { description: "The dispense." }) input: CreateDispenseInput, @Ctx() ctx: SubgraphContext): Promise<Dispense> {
    return createDispense(ctx, input);
  }

  @Authorized("dispenses:read")
  @UseMiddleware(RateLimit("pharmacy"))
  @Query(() => DispensePage, { description: "Dispenses of the caller's pharmacy, newest first." })
  dispenses(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("prescriptionId", () => ID, { nullable: true, description: "Only dispenses of this prescription (UUID; anything else is 400)." }) prescriptionId: string | null,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only dispenses to this patient." }) patientUhid: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Dispensed at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Dispensed before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DispensePage> {
    return listDispenses(ctx.db, ctx.principal, { ...page, pharmacyId, prescriptionId, patientUhid, dateFrom, dateTo });
  }

  @Authorized("dispenses:read")
  @UseMiddleware(RateLimit("pharmacy"))
  @Query(() => Dispense, { description: "One dispense with its findings and pickup-ready notification status (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  dispense(@Arg("id", () => ID, { description: "Dispense id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Dispense> {
    return getDispense(ctx.db, ctx.principal, id);
  }

  @FieldResolver(() => Patient, { description: "The patient dispensed to (the registry's rules apply)." })
  patient(@Root() d: Dispense): Patient {
    return { uhid: d.patientUhid };
  }
}

@Resolver(() => Patient)
export class PatientDispensesResolver {
  @Authorized("dispenses:read", "prescriptions:read")
  @FieldResolver(() => [Dispense], { description: "The patient's dispenses, newest first (pharmacy staff: their pharmacy's)." })
  dispenses(@Root() patient: Patient, @Ctx() ctx: SubgraphContext): Promise<Dispense[]> {
    assertPatientAccess(ctx.principal, patient.uhid, "dispenses:read", "prescriptions:read");
    return requestLoader(ctx, dispensesOfPatients).load({ uhid: patient.uhid, pharmacyId: ctx.principal.pharmacyId ?? null });
  }
}
