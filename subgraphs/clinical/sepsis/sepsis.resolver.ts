import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { assessSepsisRisk } from "./sepsis.service.js";
import { SepsisRiskInput, SepsisRiskResult } from "./sepsis.type.js";

@Resolver()
export class SepsisResolver {
  @Authorized("predictive:sepsis")
  @UseMiddleware(RateLimit("predictive_analytics"))
  @Mutation(() => SepsisRiskResult, { nullable: true, description: "Sepsis screen: adults qSOFA/SIRS/lactate, in pregnancy and the 6 weeks after the obstetric criteria (NICE NG51, RCOG GTG 64a), under 18 paediatric SIRS and organ dysfunction for age (Goldstein 2005), and Sepsis-3 septic shock (vasopressor and lactate > 2); stored on the timeline; a high result alerts the care team. Advisory; audited." })
  assessSepsisRisk(@Arg("input", () => SepsisRiskInput, { description: "The patient, vitals and labs." }) input: SepsisRiskInput, @Ctx() ctx: SubgraphContext): Promise<SepsisRiskResult> {
    return assessSepsisRisk(ctx, input);
  }
}
