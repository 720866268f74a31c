import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { checkCriticalValue } from "./critical-values.service.js";
import { CriticalValueCheckInput, CriticalValueResult } from "./critical-values.type.js";

@Resolver()
export class CriticalValuesResolver {
  @Authorized("cds:critical-values")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Mutation(() => CriticalValueResult, {
    nullable: true,
    description: "Assesses a lab result against LOINC-keyed critical limits, stores it on the timeline, and alerts when critical. Advisory; audited.",
  })
  checkCriticalValue(@Arg("input", () => CriticalValueCheckInput, { description: "The patient and the result." }) input: CriticalValueCheckInput, @Ctx() ctx: SubgraphContext): Promise<CriticalValueResult> {
    return checkCriticalValue(ctx, input);
  }
}
