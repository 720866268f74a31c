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
  @Mutation(() => LoyaltyProgram, { nullable: true, description: "Creates a loyalty program for a pharmacy (the caller's by default). Pharmacists and admins." })
  createLoyaltyProgram(@Arg("input", () => CreateLoyaltyProgramInput, { description: "The program." }) input: CreateLoyaltyProgramInput, @Ctx() ctx: SubgraphContext): Promise<LoyaltyProgram> {
    return createLoyaltyProgram(ctx.db, ctx.principal, input);
  }

  @Authorized("sales:read")
  @Query(() => LoyaltyAccountPage, { description: "Loyalty accounts of the caller's pharmacy, found by phone (exact) or name." })
  loyaltyAccounts(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("phone", () => String, { nullable: true, description: "Only the account with this customer phone, written in any form (0772 123 456, 256772123456, +256772123456)." }) phone: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the customer's name." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<LoyaltyAccountPage> {
    return listLoyaltyAccounts(ctx.db, ctx.principal, { ...page, phone, search, phoneRegion: ctx.config.DEFAULT_PHONE_REGION });
  }

  @Authorized("sales:read")
  @Query(() => LoyaltyAccount, { description: "A loyalty account with its balance and history." })
  loyaltyAccount(@Arg("id", () => ID, { description: "Account id (UUID); an unknown id or another pharmacy's account is 404." }) id: string, @Ctx() ctx: SubgraphContext): Promise<LoyaltyAccount> {
    return getLoyaltyAccount(ctx.db, ctx.principal, id);
  }

  @Authorized("sales:write")
  @Mutation(() => LoyaltyAccount, { nullable: true, description: "Opens a loyalty account in the pharmacy's active program (or the one named). Pharmacists, cashiers and admins." })
  createLoyaltyAccount(@Arg("input", () => CreateLoyaltyAccountInput, { description: "The account." }) input: CreateLoyaltyAccountInput, @Ctx() ctx: SubgraphContext): Promise<LoyaltyAccount> {
    return createLoyaltyAccount(ctx.db, ctx.principal, input, ctx.config.DEFAULT_PHONE_REGION);
  }
}
