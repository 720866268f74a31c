import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { createPayment, getPayment } from "./payment.service.js";
import { CreatePaymentInput, Payment } from "./payment.type.js";

@Resolver(() => Payment)
@UseMiddleware(RateLimit("billing"), BoundStaff)
export class PaymentResolver {
  @Authorized("billing:read")
  @Query(() => Payment, { description: "One payment, with its charge's current status and balance." })
  payment(@Arg("id", () => ID, { description: "Payment id (UUID); an unknown id or another pharmacy's payment is 404." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Payment> {
    return getPayment(ctx.db, ctx.principal, id);
  }

  @Authorized("billing:write")
  @Mutation(() => Payment, { nullable: true, description: "Process a payment for a charge; never more than the outstanding balance. Idempotent per Idempotency-Key." })
  createPayment(@Arg("input", () => CreatePaymentInput, { description: "The payment." }) input: CreatePaymentInput, @Ctx() ctx: SubgraphContext): Promise<Payment> {
    return createPayment(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
