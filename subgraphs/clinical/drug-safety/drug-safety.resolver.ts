import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { checkDrugInteractions } from "./drug-safety.service.js";
import { DrugInteractionCheckInput, DrugInteractionResult } from "./drug-safety.type.js";

@Resolver()
export class DrugSafetyResolver {
  @Authorized("cds:drug-safety")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Mutation(() => DrugInteractionResult, {
    nullable: true,
    description: "Checks a new medication for drug-drug, drug-condition and drug-allergy problems. Advisory; audited.",
  })
  checkDrugInteractions(@Arg("input", () => DrugInteractionCheckInput) input: DrugInteractionCheckInput, @Ctx() ctx: SubgraphContext): Promise<DrugInteractionResult> {
    const startedAt = performance.now();
    return checkDrugInteractions({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, input, startedAt);
  }
}
