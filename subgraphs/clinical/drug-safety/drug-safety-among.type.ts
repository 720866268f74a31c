import { Field, Int, ObjectType } from "type-graphql";
import { DrugInteractionResult } from "./drug-safety.type.js";

@ObjectType({ description: "Every pair of a list of medications checked (plus each against the patient's active medications, conditions and allergies when a patient is named). Advisory; audited." })
export class DrugInteractionsAmongResult extends DrugInteractionResult {
  @Field(() => Int, { description: "Pairs of identified medications checked: among those given, and each of them with each identified active medication of the patient." })
  checkedPairs!: number;

  @Field(() => [String], { description: "The patient's active medications (from the record) each item was checked against." })
  patientMedications!: string[];
}

@ObjectType({ description: "A recorded drug allergy with the allergen group and pharmacological classes it was recognised as." })
export class PatientDrugAllergy {
  @Field(() => String, { description: "The allergy as recorded." })
  substance!: string;

  @Field(() => String, { nullable: true, description: "The recorded reaction; null when none was recorded." })
  reaction!: string | null;

  @Field(() => String, { nullable: true, description: "mild, moderate or severe." })
  severity!: string | null;

  @Field(() => String, { description: "Date recorded (YYYY-MM-DD)." })
  recordedOn!: string;

  @Field(() => String, { nullable: true, description: "Allergen group (drug-allergies knowledge) or drug it names; null when not recognised." })
  allergenGroup!: string | null;

  @Field(() => [String], { description: "Pharmacological classes that carry the hypersensitivity (names)." })
  allergenClasses!: string[];

  @Field(() => Boolean, { description: "False when the knowledge base recognised no allergen or drug in it (only exact-name checks are possible)." })
  recognized!: boolean;

  @Field(() => String, { nullable: true, description: "Source of the allergen grouping." })
  source!: string | null;
}

@ObjectType({ description: "A patient's recorded drug allergies, for drug-safety checks. The read is audited." })
export class PatientDrugAllergies {
  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => [PatientDrugAllergy], { description: "Every recorded allergy of the patient." })
  allergies!: PatientDrugAllergy[];

  @Field(() => String, { description: "Audit record of this read." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the drug-allergy and drug knowledge files used to recognise the allergies." })
  rulesetVersion!: string;
}
