import { Arg, Authorized, Ctx, Mutation, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { checkDrugInteractions } from "../drug-safety/drug-safety.service.js";
import { DrugInteractionCheckInput, DrugInteractionResult } from "../drug-safety/drug-safety.type.js";
import { counselingPoints, verifyPrescriptionItems } from "./pharmacist-assistant.service.js";
import { CounselingPointsInput, CounselingPointsResult, PrescriptionVerificationResult, VerifyPrescriptionInput } from "./pharmacist-assistant.type.js";

/** The pharmacist's assistant (spec: multi-role assistants, pharmacist). Every call writes an audit record. */
@Resolver()
export class PharmacistAssistantResolver {
  @Authorized("assistant:pharmacist")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => DrugInteractionResult, { nullable: true, description: "The drug-interaction check (drug-drug, drug-condition, drug-allergy) from the pharmacist assistant. Advisory; audited." })
  pharmacistCheckDrugInteractions(@Arg("input", () => DrugInteractionCheckInput, { description: "The new medication, current medications, conditions and allergies." }) input: DrugInteractionCheckInput, @Ctx() ctx: SubgraphContext): Promise<DrugInteractionResult> {
    const startedAt = performance.now();
    return checkDrugInteractions({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, input, startedAt);
  }

  @Authorized("assistant:pharmacist")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => PrescriptionVerificationResult, { nullable: true, description: "Verifies a prescription's items: known medicines, dose and frequency, interactions, allergies, contraindications, duplicate therapy. Advisory; audited." })
  pharmacistVerifyPrescription(@Arg("input", () => VerifyPrescriptionInput, { description: "The items, and optionally the patient, conditions and allergies." }) input: VerifyPrescriptionInput, @Ctx() ctx: SubgraphContext): Promise<PrescriptionVerificationResult> {
    return verifyPrescriptionItems(ctx, input);
  }

  @Authorized("assistant:pharmacist")
  @UseMiddleware(RateLimit("multi_role_assistants"))
  @Mutation(() => CounselingPointsResult, { nullable: true, description: "Counseling points per medicine (how to take, common side effects, warnings) from sourced data. Advisory; audited." })
  pharmacistCounselingPoints(@Arg("input", () => CounselingPointsInput, { description: "The medicines, or the patient whose active medicines to counsel on." }) input: CounselingPointsInput, @Ctx() ctx: SubgraphContext): Promise<CounselingPointsResult> {
    return counselingPoints(ctx, input);
  }
}
