import { Field, ObjectType } from "type-graphql";

@ObjectType({ description: "A recorded drug allergy with its allergen class (from the clinical record and knowledge base)." })
export class PatientAllergy {
  @Field(() => String, { description: "The allergy as recorded." })
  substance!: string;

  @Field(() => String, { nullable: true, description: "The recorded reaction; null when none was recorded." })
  reaction!: string | null;

  @Field(() => String, { nullable: true, description: "mild, moderate or severe." })
  severity!: string | null;

  @Field(() => String, { description: "YYYY-MM-DD." })
  recordedOn!: string;

  @Field(() => String, { nullable: true, description: "Allergen group or drug recognised; null when not recognised." })
  allergenGroup!: string | null;

  @Field(() => [String], { description: "Pharmacological classes that carry the hypersensitivity." })
  allergenClasses!: string[];

  @Field(() => Boolean, { description: "False when the knowledge base recognised no allergen or drug in it (only exact-name checks are possible)." })
  recognized!: boolean;

  @Field(() => String, { nullable: true, description: "Source of the allergen grouping; null when not recognised." })
  source!: string | null;
}

@ObjectType({ description: "A patient's drug allergies for the pharmacy (drug allergy database). Each read is audited in the clinical audit chain." })
export class PatientAllergies {
  @Field(() => String, { description: "The patient's UHID." })
  uhid!: string;

  @Field(() => [PatientAllergy], { description: "Every recorded drug allergy of the patient." })
  allergies!: PatientAllergy[];

  @Field(() => String, { description: "Clinical audit record of this read." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the drug-allergy and drug knowledge files used to recognise the allergies." })
  rulesetVersion!: string;
}
