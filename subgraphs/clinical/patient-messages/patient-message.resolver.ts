import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { processPatientMessage } from "./patient-message.service.js";
import { PatientMessageInput, PatientMessageResult } from "./patient-message.type.js";

/** Spec: POST /api/v1/ai/process/ ("process a clinical message"): a patient's message, triaged for staff. */
@Resolver()
export class PatientMessageResolver {
  @Authorized("patient-messages:process")
  @UseMiddleware(RateLimit("patient_messages"))
  @Mutation(() => PatientMessageResult, { nullable: true, description: "Triages a patient message (intent, red flags → emergency guidance and a care-team alert), retrieves the record passages it concerns and drafts a reply for staff review (never sent). Stored, audited." })
  processPatientMessage(@Arg("input", () => PatientMessageInput, { description: "The message, the patient, the channel and the language." }) input: PatientMessageInput, @Ctx() ctx: SubgraphContext): Promise<PatientMessageResult> {
    return processPatientMessage(ctx, input, performance.now());
  }
}
