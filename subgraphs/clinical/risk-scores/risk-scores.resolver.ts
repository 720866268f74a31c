import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root, UseMiddleware } from "type-graphql";
import { assertPatientAccess, type SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { Patient } from "../patient/patient.type.js";
import { calculateRiskScores } from "./risk-scores.service.js";
import { RiskScoresInput, RiskScoresResult } from "./risk-scores.type.js";

@Resolver(() => Patient)
@UseMiddleware(RateLimit("predictive_analytics"))
export class RiskScoresResolver {
  @Authorized("predictive:risk-scores")
  @Mutation(() => RiskScoresResult, { nullable: true, description: "Cardiovascular (Framingham 2008), 30-day readmission (LACE) and 1-year mortality (Charlson) from the stored record. Advisory; audited." })
  calculateRiskScores(@Arg("input", () => RiskScoresInput, { description: "The patient and the scores wanted." }) input: RiskScoresInput, @Ctx() ctx: SubgraphContext): Promise<RiskScoresResult> {
    return calculateRiskScores(ctx.db, ctx.principal, input.patientUhid, input.riskTypes, ctx.requestId);
  }

  @Authorized("predictive:risk-scores")
  // Nullable: over the rate limit, only this patient's scores are null (with a RATE_LIMITED error);
  // the rows already scored, and audited, stay in the answer.
  @FieldResolver(() => RiskScoresResult, { nullable: true, description: "The patient's risk scores (audited like the REST call); null with a RATE_LIMITED error over the limit." })
  riskScores(
    @Root() patient: Patient,
    @Arg("riskTypes", () => [String], { nullable: true, description: "cardiovascular, readmission, mortality; all three when omitted." }) riskTypes: string[] | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<RiskScoresResult> {
    assertPatientAccess(ctx.principal, patient.uhid, "predictive:risk-scores");
    return calculateRiskScores(ctx.db, ctx.principal, patient.uhid, riskTypes, ctx.requestId);
  }
}
