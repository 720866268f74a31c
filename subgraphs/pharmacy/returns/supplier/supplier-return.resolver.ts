import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createSupplierReturn, getSupplierReturn, listSupplierReturns } from "./supplier-return.service.js";
import { CreateSupplierReturnInput, SupplierReturn, SupplierReturnPage } from "./supplier-return.type.js";

@Resolver(() => SupplierReturn)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class SupplierReturnResolver {
  @Authorized("returns:read")
  @Query(() => SupplierReturnPage, { description: "Supplier returns, newest first (staff: their pharmacy)." })
  supplierReturns(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's returns; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("supplier", () => ID, { nullable: true, description: "Only returns to this supplier (its id, a UUID; anything else is 400)." }) supplier: string | null,
    @Arg("purchaseOrder", () => ID, { nullable: true, description: "Only returns naming this purchase order (UUID; anything else is 400)." }) purchaseOrder: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only returns of this medication code." }) medicationCode: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<SupplierReturnPage> {
    return listSupplierReturns(ctx.db, ctx.principal, { ...page, pharmacyId, supplier, purchaseOrder, medicationCode, dateFrom, dateTo });
  }

  @Authorized("returns:read")
  @Query(() => SupplierReturn, { description: "One supplier return (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  supplierReturn(@Arg("id", () => ID, { description: "Supplier return id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<SupplierReturn> {
    return getSupplierReturn(ctx.db, ctx.principal, id);
  }

  @Authorized("returns:write")
  @Mutation(() => SupplierReturn, { nullable: true, description: "Send units of one batch back to the supplier (a supplier_return movement). Honours Idempotency-Key." })
  createSupplierReturn(@Arg("input", () => CreateSupplierReturnInput, { description: "The return." }) input: CreateSupplierReturnInput, @Ctx() ctx: SubgraphContext): Promise<SupplierReturn> {
    return createSupplierReturn(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
