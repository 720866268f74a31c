import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { formatMoney, Decimal } from "../../../lib/money.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { toPayment } from "../payment/payment.service.js";
import { Payment } from "../payment/payment.type.js";
import { chargeMoney } from "./charge-money.js";
import { createCharge, getCharge, listCharges } from "./charge.service.js";
import { Charge, ChargePage, CreateChargeInput } from "./charge.type.js";

/** Rate limits sit on the operations, not on the field resolvers (one request counts once). */
@Resolver(() => Charge)
@UseMiddleware(BoundStaff)
export class ChargeResolver {
  @Authorized("billing:read")
  @UseMiddleware(RateLimit("billing"))
  @Query(() => Charge, { description: "One billing charge." })
  charge(@Arg("id", () => ID, { description: "Charge id (UUID); an unknown id or another pharmacy's charge is 404." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Charge> {
    return getCharge(ctx.db, ctx.principal, id);
  }

  @Authorized("billing:read")
  @UseMiddleware(RateLimit("billing"))
  @Query(() => ChargePage, { description: "Billing charges (pharmacy staff: their pharmacy's), newest first." })
  charges(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("referenceType", () => String, { nullable: true, description: "Only charges for this kind of reference, e.g. transaction (exact match)." }) referenceType: string | null,
    @Arg("referenceId", () => String, { nullable: true, description: "Only charges for this reference id (exact match)." }) referenceId: string | null,
    @Arg("status", () => String, { nullable: true, description: "Only charges in this status: created, paid or cancelled." }) status: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ChargePage> {
    return listCharges(ctx.db, ctx.principal, { ...page, referenceType, referenceId, status });
  }

  @Authorized("billing:write")
  @UseMiddleware(RateLimit("billing"))
  @Mutation(() => Charge, { nullable: true, description: "Create a charge; idempotent per (pharmacyId, referenceType, referenceId) and per Idempotency-Key." })
  createCharge(@Arg("input", () => CreateChargeInput, { description: "The charge to create." }) input: CreateChargeInput, @Ctx() ctx: SubgraphContext): Promise<Charge> {
    return createCharge(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }

  @FieldResolver(() => Decimal, { description: "Sum of the completed payments." })
  async amountPaid(@Root() charge: Charge, @Ctx() ctx: SubgraphContext): Promise<string> {
    return formatMoney((await chargeMoney(ctx, charge.id)).paid);
  }

  @FieldResolver(() => Decimal, { description: "What remains to be paid." })
  async balanceDue(@Root() charge: Charge, @Ctx() ctx: SubgraphContext): Promise<string> {
    return formatMoney(new Decimal(charge.totalAmount).minus((await chargeMoney(ctx, charge.id)).paid));
  }

  @FieldResolver(() => Decimal, { description: "Sum of the refunds given back against the charge." })
  async amountRefunded(@Root() charge: Charge, @Ctx() ctx: SubgraphContext): Promise<string> {
    return formatMoney((await chargeMoney(ctx, charge.id)).refunded);
  }

  @FieldResolver(() => [Payment], { description: "Every payment of the charge, oldest first; each shows the charge's current status and balance." })
  async payments(@Root() charge: Charge, @Ctx() ctx: SubgraphContext): Promise<Payment[]> {
    const money = await chargeMoney(ctx, charge.id);
    const balanceDue = new Decimal(charge.totalAmount).minus(money.paid);
    return money.payments.map((row) => toPayment(row, charge.status, balanceDue));
  }
}
