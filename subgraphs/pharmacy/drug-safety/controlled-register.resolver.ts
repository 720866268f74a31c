import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../lib/context.js";
import { PageArgs } from "../../../lib/pagination.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { createControlledEntry, listControlledEntries } from "./controlled-register.service.js";
import { ControlledRegisterEntry, ControlledRegisterEntryInput, ControlledRegisterPage, ControlledTransactionType } from "./controlled-register.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class ControlledRegisterResolver {
  @Authorized("controlled-register:write")
  @Mutation(() => ControlledRegisterEntry, { nullable: true, description: "Record a controlled substance transaction; the balance never goes below zero (409). Idempotent per Idempotency-Key." })
  recordControlledTransaction(@Arg("input", () => ControlledRegisterEntryInput, { description: "The entry." }) input: ControlledRegisterEntryInput, @Ctx() ctx: SubgraphContext): Promise<ControlledRegisterEntry> {
    return createControlledEntry(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }

  @Authorized("controlled-register:read")
  @Query(() => ControlledRegisterPage, { description: "The controlled-drug register, newest first (staff: their pharmacy)." })
  controlledRegister(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "Only this pharmacy's register; staff may only name their own (403)." }) pharmacyId: string | null,
    @Arg("medicationCode", () => String, { nullable: true, description: "Only entries of this medication code." }) medicationCode: string | null,
    @Arg("transactionType", () => ControlledTransactionType, { nullable: true, description: "Only entries of this kind." }) transactionType: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<ControlledRegisterPage> {
    return listControlledEntries(ctx.db, ctx.principal, { ...page, pharmacyId, medicationCode, transactionType, dateFrom, dateTo });
  }
}
