import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { createRefund, getRefund, listRefunds } from "./refund.service.js";
import { CreateRefundInput, Refund, RefundPage } from "./refund.type.js";

@Resolver(() => Refund)
@UseMiddleware(RateLimit("billing"), BoundStaff)
export class RefundResolver {
  @Authorized("billing:read")
  @Query(() => Refund, { description: "One refund, with what may still be refunded on its charge (404 for an unknown id or another pharmacy's charge). Pharmacists, cashiers, auditors, services and admins." })
  refund(@Arg("id", () => ID, { description: "Refund id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Refund> {
    return getRefund(ctx.db, ctx.principal, id);
  }

  @Authorized("billing:read")
  @Query(() => RefundPage, { description: "Refunds, newest first (pharmacy staff: their pharmacy's charges)." })
  refunds(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("chargeId", () => ID, { nullable: true, description: "Only refunds of this charge (a UUID; anything else is 400)." }) chargeId: string | null,
    @Arg("referenceType", () => String, { nullable: true, description: "Only refunds for this kind of reference: customer_return." }) referenceType: string | null,
    @Arg("referenceId", () => String, { nullable: true, description: "Only refunds for this reference id, e.g. a customer return's id (exact match)." }) referenceId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RefundPage> {
    return listRefunds(ctx.db, ctx.principal, { ...page, chargeId, referenceType, referenceId });
  }

  @Authorized("billing:refund")
  @Mutation(() => Refund, { nullable: true, description: "Refund against a charge, never more than was paid; one per (charge, reference) and per Idempotency-Key." })
  createRefund(@Arg("input", () => CreateRefundInput, { description: "The refund." }) input: CreateRefundInput, @Ctx() ctx: SubgraphContext): Promise<Refund> {
    return createRefund(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
