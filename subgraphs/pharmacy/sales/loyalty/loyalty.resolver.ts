import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createLoyaltyAccount, createLoyaltyProgram, getLoyaltyAccount, listLoyaltyAccounts, listLoyaltyPrograms } from "./loyalty.service.js";
import { CreateLoyaltyAccountInput, CreateLoyaltyProgramInput, LoyaltyAccount, LoyaltyAccountPage, LoyaltyProgram, LoyaltyProgramPage } from "./loyalty.type.js";

@Resolver()
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class LoyaltyResolver {
  @Authorized("sales:read")
  @Query(() => LoyaltyProgramPage, { description: "Loyalty programs of the caller's pharmacy." })
  loyaltyPrograms(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: SubgraphContext): Promise<LoyaltyProgramPage> {
    return listLoyaltyPrograms(ctx.db, ctx.principal, page);
  }

  @Authorized("loyalty:write")
  @Mutation(() => LoyaltyProgram, { nullable: true })
  createLoyaltyProgram(@Arg("input", () => CreateLoyaltyProgramInput) input: CreateLoyaltyProgramInput, @Ctx() ctx: SubgraphContext): Promise<LoyaltyProgram> {
    return createLoyaltyProgram(ctx.db, ctx.principal, input);
  }

  @Authorized("sales:read")
  @Query(() => LoyaltyAccountPage, { description: "Loyalty accounts of the caller's pharmacy, found by phone (exact) or name." })
  loyaltyAccounts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("phone", () => String, { nullable: true }) phone: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the customer's name." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<LoyaltyAccountPage> {
    return listLoyaltyAccounts(ctx.db, ctx.principal, { ...page, phone, search });
  }

  @Authorized("sales:read")
  @Query(() => LoyaltyAccount, { description: "A loyalty account with its balance and history." })
  loyaltyAccount(@Arg("id", () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<LoyaltyAccount> {
    return getLoyaltyAccount(ctx.db, ctx.principal, id);
  }

  @Authorized("sales:write")
  @Mutation(() => LoyaltyAccount, { nullable: true })
  createLoyaltyAccount(@Arg("input", () => CreateLoyaltyAccountInput) input: CreateLoyaltyAccountInput, @Ctx() ctx: SubgraphContext): Promise<LoyaltyAccount> {
    return createLoyaltyAccount(ctx.db, ctx.principal, input);
  }
}
