import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createDestruction, getDestruction, listDestructions, listQuarantine } from "./destruction.service.js";
import { CreateDestructionInput, Destruction, DestructionPage, QuarantineRecordPage } from "./destruction.type.js";

@Resolver(() => Destruction)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class DestructionResolver {
  @Authorized("returns:read")
  @Query(() => DestructionPage, { description: "Destructions, newest first (staff: their pharmacy)." })
  destructions(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's destructions; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only destructions of this medication code." }) medicationCode: string | null,
    @Arg("source", () => String, { nullable: true, description: "stock or quarantine." }) source: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DestructionPage> {
    return listDestructions(ctx.db, ctx.principal, { ...page, pharmacyId, medicationCode, source, dateFrom, dateTo });
  }

  @Authorized("returns:read")
  @Query(() => Destruction, { description: "One destruction (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  destruction(@Arg("id", () => ID, { description: "Destruction id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<Destruction> {
    return getDestruction(ctx.db, ctx.principal, id);
  }

  @Authorized("returns:read")
  @Query(() => QuarantineRecordPage, { description: "Returned units held in quarantine (outside stock), newest first." })
  quarantineRecords(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's records; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("status", () => String, { nullable: true, description: "quarantined or destroyed." }) status: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only records of this medication code." }) medicationCode: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<QuarantineRecordPage> {
    return listQuarantine(ctx.db, ctx.principal, { ...page, pharmacyId, status, medicationCode });
  }

  @Authorized("returns:write")
  @Mutation(() => Destruction, { nullable: true, description: "Destroy expired or unusable units of a batch, or a quarantine record, before a witness; a controlled medicine is entered in the register. Honours Idempotency-Key." })
  createDestruction(@Arg("input", () => CreateDestructionInput, { description: "The destruction." }) input: CreateDestructionInput, @Ctx() ctx: SubgraphContext): Promise<Destruction> {
    return createDestruction(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
