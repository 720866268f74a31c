import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createPreparation, getPreparation, listPreparations } from "./preparation.service.js";
import { CompoundPreparation, CompoundPreparationPage, CreatePreparationInput } from "./preparation.type.js";

@Resolver(() => CompoundPreparation)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class CompoundPreparationResolver {
  @Authorized("compounding:read")
  @Query(() => CompoundPreparationPage, { description: "Compound preparations, newest first (staff: their pharmacy)." })
  compoundPreparations(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("pharmacyId", () => ID, { nullable: true, description: "For callers not bound to a pharmacy." }) pharmacyId: string | null,
    @Arg("formulaId", () => ID, { nullable: true, description: "Only preparations of this formula (UUID; anything else is 400)." }) formulaId: string | null,
    @Arg("dateFrom", () => Date, { nullable: true, description: "Recorded at or after." }) dateFrom: Date | null,
    @Arg("dateTo", () => Date, { nullable: true, description: "Recorded before." }) dateTo: Date | null,
    @Arg("search", () => String, { nullable: true, description: "Lot number." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<CompoundPreparationPage> {
    return listPreparations(ctx.db, ctx.principal, { ...page, pharmacyId, formulaId, dateFrom, dateTo, search });
  }

  @Authorized("compounding:read")
  @Query(() => CompoundPreparation, { description: "One preparation with its ingredients (404 for an unknown id or another pharmacy's). Pharmacists, auditors and admins." })
  compoundPreparation(@Arg("id", () => ID, { description: "Preparation id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CompoundPreparation> {
    return getPreparation(ctx.db, ctx.principal, id);
  }

  @Authorized("compounding:write")
  @Mutation(() => CompoundPreparation, { nullable: true, description: "Record a preparation of an approved formula: ingredients checked against the formula and stock, drawn, and the batch put into stock, in one transaction. Honours Idempotency-Key." })
  createCompoundPreparation(@Arg("input", () => CreatePreparationInput, { description: "The preparation." }) input: CreatePreparationInput, @Ctx() ctx: SubgraphContext): Promise<CompoundPreparation> {
    return createPreparation(ctx.db, ctx.principal, input, ctx.idempotencyKey);
  }
}
