import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { listRefills, requestRefill } from "./refill.service.js";
import { PrescriptionRefill, PrescriptionRefillPage, RefillStatus, RequestRefillInput } from "./refill.type.js";

@Resolver(() => PrescriptionRefill)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class RefillResolver {
  @Authorized("prescriptions:refill")
  @Mutation(() => PrescriptionRefill, { nullable: true, description: "Request the next refill of a dispensed prescription (409 beyond the allowed count, or while the current fill is waiting or partially dispensed)." })
  requestPrescriptionRefill(@Arg("input", () => RequestRefillInput, { description: "The prescription and notes." }) input: RequestRefillInput, @Ctx() ctx: SubgraphContext): Promise<PrescriptionRefill> {
    return requestRefill(ctx.db, ctx.principal, input);
  }

  @Authorized("prescriptions:refill")
  @Query(() => PrescriptionRefillPage, { description: "Prescription refills, newest first (a patient: their own)." })
  prescriptionRefills(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("prescriptionId", () => ID, { nullable: true, description: "Only refills of this prescription (UUID; anything else is 400)." }) prescriptionId: string | null,
    @Arg("status", () => RefillStatus, { nullable: true, description: "Only refills in this state." }) status: string | null,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only this patient's refills (a patient caller: only their own UHID, else 403)." }) patientUhid: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PrescriptionRefillPage> {
    return listRefills(ctx.db, ctx.principal, { ...page, prescriptionId, status, patientUhid });
  }
}
