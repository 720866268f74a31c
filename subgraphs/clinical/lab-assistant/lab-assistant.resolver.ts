import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { checkCriticalValue } from "../critical-values/critical-values.service.js";
import { CriticalValueCheckInput, CriticalValueResult } from "../critical-values/critical-values.type.js";
import { evaluateQc, interpretResult } from "./lab-assistant.service.js";
import { LabInterpretationInput, LabInterpretationResult, QcEvaluationInput, QcEvaluationResult } from "./lab-assistant.type.js";

/** The lab technician's assistant (spec: multi-role assistants, lab). Every call writes an audit record. */
@Resolver()
export class LabAssistantResolver {
  @Authorized("assistant:lab")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => LabInterpretationResult, { nullable: true, description: "A result against its reference interval and critical limits, flagged, with the trend and delta checks against the patient's prior results. Advisory; audited." })
  labInterpretResult(@Arg("input", () => LabInterpretationInput, { description: "The patient, the result and its date." }) input: LabInterpretationInput, @Ctx() ctx: SubgraphContext): Promise<LabInterpretationResult> {
    return interpretResult(ctx, input);
  }

  @Authorized("assistant:lab")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => CriticalValueResult, { nullable: true, description: "The critical-values check (stored, alerting when critical) from the lab assistant. Advisory; audited." })
  labCheckCriticalValue(@Arg("input", () => CriticalValueCheckInput, { description: "The patient and the result." }) input: CriticalValueCheckInput, @Ctx() ctx: SubgraphContext): Promise<CriticalValueResult> {
    return checkCriticalValue(ctx, input);
  }

  @Authorized("assistant:lab-qc")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => QcEvaluationResult, { nullable: true, description: "Westgard multirule QC (1-2s warning, 1-3s, 2-2s, R-4s, 4-1s, 10x; three controls: 1-3s, 2of3-2s, R-4s, 3-1s, 12x) on control runs. Advisory; audited." })
  labQcEvaluation(@Arg("input", () => QcEvaluationInput, { description: "The controls and the runs." }) input: QcEvaluationInput, @Ctx() ctx: SubgraphContext): Promise<QcEvaluationResult> {
    return evaluateQc(ctx, input);
  }
}
