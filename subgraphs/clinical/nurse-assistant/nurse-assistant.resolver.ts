import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { assessPatient, handoffSummary, medicationSchedule } from "./nurse-assistant.service.js";
import {
  HandoffSummaryInput,
  HandoffSummaryResult,
  MedicationScheduleInput,
  MedicationScheduleResult,
  NurseAssessmentInput,
  NurseAssessmentResult,
} from "./nurse-assistant.type.js";

/** The nurse assistant (spec: multi-role assistants, nurse). Mutations: every call writes an audit record. */
@Resolver()
export class NurseAssistantResolver {
  @Authorized("assistant:nurse")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => NurseAssessmentResult, { nullable: true, description: "NEWS2 (RCP 2017) from vitals in the request or the patient's latest observations. For adults aged 16 and over: a younger patient is BAD_USER_INPUT on patientUhid; a current pregnancy on the record adds a note to use the obstetric early warning chart. Advisory; audited." })
  nurseAssessment(@Arg("input", () => NurseAssessmentInput, { description: "The vitals, and the patient whose record fills the gaps." }) input: NurseAssessmentInput, @Ctx() ctx: SubgraphContext): Promise<NurseAssessmentResult> {
    return assessPatient(ctx, input);
  }

  @Authorized("assistant:nurse")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => MedicationScheduleResult, { nullable: true, description: "The day's administration times of the patient's active medications (Africa/Kampala). Advisory; audited." })
  nurseMedicationSchedule(@Arg("input", () => MedicationScheduleInput, { description: "The patient and the day." }) input: MedicationScheduleInput, @Ctx() ctx: SubgraphContext): Promise<MedicationScheduleResult> {
    return medicationSchedule(ctx, input);
  }

  @Authorized("assistant:nurse")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => HandoffSummaryResult, { nullable: true, description: "SBAR handoff summary from the patient's record. Advisory; audited." })
  nurseHandoffSummary(@Arg("input", () => HandoffSummaryInput, { description: "The patient." }) input: HandoffSummaryInput, @Ctx() ctx: SubgraphContext): Promise<HandoffSummaryResult> {
    return handoffSummary(ctx, input);
  }
}
