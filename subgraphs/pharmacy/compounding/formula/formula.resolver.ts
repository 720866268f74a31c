import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import { BoundStaff, type SubgraphContext } from "../../../../lib/context.js";
import { PageArgs } from "../../../../lib/pagination.js";
import { RateLimit } from "../../../../lib/rate-limit.js";
import { createFormula, getFormula, listFormulaIngredients, listFormulas, transitionFormula } from "./formula.service.js";
import { CompoundFormula, CompoundFormulaPage, CreateFormulaInput, FormulaIngredientPage } from "./formula.type.js";

@Resolver(() => CompoundFormula)
@UseMiddleware(RateLimit("pharmacy"), BoundStaff)
export class CompoundFormulaResolver {
  @Authorized("compounding:read")
  @Query(() => CompoundFormulaPage, { description: "Compound formulas by code (filters: status, dosage form, an ingredient's stock code; search: code or name)." })
  compoundFormulas(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("status", () => String, { nullable: true, description: "Only formulas in this status: draft, approved or retired (anything else is 400)." }) status: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the code or name, any case." }) search: string | null,
    @Arg("dosageForm", () => String, { nullable: true, description: "Only this dosage form (exact, any case)." }) dosageForm: string | null,
    @Arg("stockCode", () => String, { nullable: true, description: "Formulas with this ingredient." }) stockCode: string | null,
  @Ctx() ctx: SubgraphContext,
  ): Promise<CompoundFormulaPage> {
    return listFormulas(ctx.db, { ...page, status, search, dosageForm, stockCode });
  }

  @Authorized("compounding:read")
  @Query(() => CompoundFormula, { description: "One compound formula with its ingredients (404 for an unknown id). Pharmacists, auditors and admins." })
  compoundFormula(@Arg("id", () => ID, { description: "Formula id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CompoundFormula> {
    return getFormula(ctx.db, id);
  }

  @Authorized("compounding:read")
  @Query(() => FormulaIngredientPage, { description: "Formula ingredients (filters: formula, kind, stock code; search: name or code)." })
  compoundFormulaIngredients(
    @Args(() => PageArgs) page: PageArgs,
    @Arg("formulaId", () => ID, { nullable: true, description: "Only this formula's ingredients (UUID; anything else is 400)." }) formulaId: string | null,
    @Arg("kind", () => String, { nullable: true, description: "Only medication or excipient ingredients (anything else is 400)." }) kind: string | null,
    @Arg("stockCode", () => String, { nullable: true, description: "Only ingredients drawn from this stock code." }) stockCode: string | null,
    @Arg("search", () => String, { nullable: true, description: "Part of the ingredient's name or stock code, any case." }) search: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormulaIngredientPage> {
    return listFormulaIngredients(ctx.db, { ...page, formulaId, kind, stockCode, search });
  }

  @Authorized("compounding:write")
  @Mutation(() => CompoundFormula, { nullable: true, description: "Write a compound formula (a draft; 409 when the code is taken)." })
  createCompoundFormula(@Arg("input", () => CreateFormulaInput, { description: "The formula." }) input: CreateFormulaInput, @Ctx() ctx: SubgraphContext): Promise<CompoundFormula> {
    return createFormula(ctx.db, ctx.principal, input);
  }

  @Authorized("compounding:approve")
  @Mutation(() => CompoundFormula, { nullable: true, description: "Approve a draft formula (a pharmacist other than its author; 409 from another state)." })
  approveCompoundFormula(@Arg("id", () => ID, { description: "Formula id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CompoundFormula> {
    return transitionFormula(ctx.db, ctx.principal, id, "approved");
  }

  @Authorized("compounding:approve")
  @Mutation(() => CompoundFormula, { nullable: true, description: "Retire a formula: no new preparations or prescriptions (stock already made stays dispensable). A draft by its author; an approved formula by its author or approver; admins either (403 otherwise)." })
  retireCompoundFormula(@Arg("id", () => ID, { description: "Formula id (UUID)." }) id: string, @Ctx() ctx: SubgraphContext): Promise<CompoundFormula> {
    return transitionFormula(ctx.db, ctx.principal, id, "retired");
  }
}
