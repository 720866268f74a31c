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
  @Query(() => Refund)
  refund(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<Refund> {
    return getRefund(ctx.db, ctx.principal, id);
  }

  @Authorized("billing:read")
  @Query(() => RefundPage, { description: "Refunds, newest first (pharmacy staff: their pharmacy's charges)." })
  refunds(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("chargeId", () => ID, { nullable: true }) chargeId: string | null,
    @Arg("referenceType", () => String, { nullable: true }) referenceType: string | null,
    @Arg("referenceId", () => String, { nullable: true }) referenceId: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RefundPage> {
    return listRefunds(ctx.db, ctx.principal, { ...page, chargeId, referenceType, referenceId });
  }

  @Authorized("billing:refund")
  @Mutation(() => Refund, { nullable: true, description: "Refund against a charge, never more than was paid; one per (charge, reference) and per Idempotency-Key." })
  createRefund(@Arg("input", () => CreateRefundInput) input: CreateRefundInput, @Ctx() ctx: SubgraphContext): Promise<Refund> {
    return createRefund(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
