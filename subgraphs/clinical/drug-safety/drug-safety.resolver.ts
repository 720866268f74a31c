import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver, UseMiddleware } from "type-graphql";
import type { SubgraphContext } from "../../../lib/context.js";
import { RateLimit } from "../../../lib/rate-limit.js";
import { checkDrugInteractionsAmong, patientDrugAllergies } from "./drug-safety-among.service.js";
import { DrugInteractionsAmongResult, PatientDrugAllergies } from "./drug-safety-among.type.js";
import { checkDrugInteractions } from "./drug-safety.service.js";
import { DrugInteractionCheckInput, DrugInteractionResult, MedicationRefInput } from "./drug-safety.type.js";

@Resolver()
export class DrugSafetyResolver {
  @Authorized("cds:drug-safety")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Mutation(() => DrugInteractionResult, {
    nullable: true,
    description: "Checks a new medication for drug-drug, drug-condition, drug-allergy and (when an age is known) drug-age problems. Advisory; audited.",
  })
  checkDrugInteractions(@Arg("input", () => DrugInteractionCheckInput, { description: "The new medication, current medications, conditions, allergies and age." }) input: DrugInteractionCheckInput, @Ctx() ctx: SubgraphContext): Promise<DrugInteractionResult> {
    const startedAt = performance.now();
    return checkDrugInteractions({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, input, startedAt);
  }

  // The pharmacy's interaction query (GET /api/v1/drug-safety/interactions/) asks this through the gateway: one knowledge base.
  @Authorized("cds:drug-safety")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Query(() => DrugInteractionsAmongResult, {
    description: "Checks every pair of the medications (at most 20) and, with patientUhid, each against the patient's active medications, conditions and allergies. Changes no clinical data; audited.",
  })
  drugInteractionsAmong(
    @Arg("medications", () => [MedicationRefInput], { description: "The medications to check against each other (at most 20)." }) medications: MedicationRefInput[],
    @Arg("patientUhid", () => ID, { nullable: true, description: "Patient (UHID) whose active medications, conditions and allergies each medication is also checked against." }) patientUhid: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<DrugInteractionsAmongResult> {
    const startedAt = performance.now();
    return checkDrugInteractionsAmong({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, medications, patientUhid, startedAt);
  }

  @Authorized("cds:drug-safety")
  @UseMiddleware(RateLimit("clinical_decision_support"))
  @Query(() => PatientDrugAllergies, { description: "A patient's recorded drug allergies with allergen groups and classes (404 for an unknown UHID). Every read is audited." })
  patientDrugAllergies(@Arg("uhid", () => ID, { description: "UHID of the patient." }) uhid: string, @Ctx() ctx: SubgraphContext): Promise<PatientDrugAllergies> {
    return patientDrugAllergies({ db: ctx.db, principal: ctx.principal, requestId: ctx.requestId }, uhid);
  }
}
