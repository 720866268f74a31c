import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { analyzeSessionSymptoms, startCopilotSession } from "./copilot.service.js";
import { AnalyzeSymptomsInput, CopilotSession, CopilotStartInput, SymptomAnalysisResult } from "./copilot.type.js";

@Resolver()
@UseMiddleware(RateLimit("encounter_copilot"))
export class CopilotResolver {
  @Authorized("copilot:use")
  @Mutation(() => CopilotSession, { nullable: true, description: "Starts an encounter copilot session from the patient's record. Advisory; audited." })
  startCopilotEncounter(@Arg("input", () => CopilotStartInput, { description: "The encounter, the clinician and the patient." }) input: CopilotStartInput, @Ctx() ctx: SubgraphContext): Promise<CopilotSession> {
    return startCopilotSession(ctx.db, ctx.principal, input, ctx.requestId);
  }

  @Authorized("copilot:use")
  @Mutation(() => SymptomAnalysisResult, { nullable: true, description: "Ranks a differential for the session's patient. Advisory; audited." })
  analyzeCopilotSymptoms(@Arg("input", () => AnalyzeSymptomsInput, { description: "The session and the symptoms reported." }) input: AnalyzeSymptomsInput, @Ctx() ctx: SubgraphContext): Promise<SymptomAnalysisResult> {
    return analyzeSessionSymptoms(ctx.db, ctx.principal, input, ctx.requestId);
  }
}
