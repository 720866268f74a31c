import { Arg, Args, Authorized, Ctx, ID, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { dispenseQueue } from "./queue.service.js";
import { DispenseQueuePage } from "./queue.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class DispenseQueueResolver {
  @Authorized("prescriptions:dispense")
  @Query(() => DispenseQueuePage, { description: "Workflow 2's queue: pending and partially dispensed prescriptions and refills, oldest first, with what each item still owes and this pharmacy's stock of it." })
  dispenseQueue(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy (whose stock is shown)." }) pharmacyId: string | null,
    @Arg("patientUhid", () => String, { nullable: true, description: "Only this patient's fills." }) patientUhid: string | null,
    @Arg("inStock", () => Boolean, { nullable: true, description: "Only fills whose remainder this pharmacy can (true) or cannot (false) dispense whole now." }) inStock: boolean | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Waiting since at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Waiting since before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DispenseQueuePage> {
    return dispenseQueue(ctx.db, ctx.principal, { ...page, pharmacyId, patientUhid, inStock, dateFrom, dateTo });
  }
}
