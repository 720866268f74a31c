import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { cancelCustomerReturn, completeCustomerReturn, createCustomerReturn, getCustomerReturn, listCustomerReturns } from "./customer-return.service.js";
import { CreateCustomerReturnInput, CustomerReturn, CustomerReturnPage, CustomerReturnStatus } from "./customer-return.type.js";

@Resolver(() => CustomerReturn)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class CustomerReturnResolver {
  @Authorized("customer-returns:read")
  @Query(() => CustomerReturnPage, { description: "Customer returns, newest first (staff: their pharmacy)." })
  customerReturns(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("transactionId", () => ID, { nullable: true, description: "Only returns against this sale (UUID; anything else is 400)." }) transactionId: string | null,
    @Arg("status", () => CustomerReturnStatus, { nullable: true, description: "Only returns in this status." }) status: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Taken at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Taken before." }) dateTo: Date | null,
    @Arg("search", () => String, { nullable: true, description: "Return number." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CustomerReturnPage> {
    return listCustomerReturns(ctx.db, ctx.principal, { ...page, pharmacyId, transactionId, status, dateFrom, dateTo, search });
  }

  @Authorized("customer-returns:read")
  @Query(() => CustomerReturn, { description: "One customer return with its lines (404 for an unknown id or another pharmacy's). Pharmacists, cashiers, auditors and admins." })
  customerReturn(@Arg("id", () => ID, { description: "Return id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CustomerReturn> {
    return getCustomerReturn(ctx.db, ctx.principal, id);
  }

  @Authorized("customer-returns:write")
  @Mutation(() => CustomerReturn, { nullable: true, description: "Return items of a completed sale: inspected, refunded through billing (exact share of what was paid), restocked or quarantined. Honours Idempotency-Key." })
  createCustomerReturn(@Arg("input", () => CreateCustomerReturnInput, { description: "The return." }) input: CreateCustomerReturnInput, @Ctx() ctx: SubgraphContext): Promise<CustomerReturn> {
    return createCustomerReturn(ctx, input);
  }

  @Authorized("customer-returns:write")
  @Mutation(() => CustomerReturn, { nullable: true, description: "Finish a processing return (billing was out of reach): refund once, restock or quarantine." })
  completeCustomerReturn(@Arg("id", () => ID, { description: "Return id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CustomerReturn> {
    return completeCustomerReturn(ctx, id);
  }

  @Authorized("customer-returns:write")
  @Mutation(() => CustomerReturn, { nullable: true, description: "Give up a processing return billing did not refund (409 once completed)." })
  cancelCustomerReturn(@Arg("id", () => ID, { description: "Return id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CustomerReturn> {
    return cancelCustomerReturn(ctx, id);
  }
}
