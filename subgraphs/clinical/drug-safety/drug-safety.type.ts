import { ArrayMaxSize, IsOptional, Length, ValidateNested } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "A medication by RxNorm code and name." })
export class MedicationRefInput {
  @Field(() => String, { description: "RxNorm RxCUI (ingredient); may be empty when unknown." })
  @Length(0, 32)
  code!: string;

  @Field(() => String)
  @Length(1, 200)
  name!: string;
}

@InputType()
export class DrugInteractionCheckInput {
  @Field(() => MedicationRefInput, { description: "The medication to check." })
  @ValidateNested()
  newMedication!: MedicationRefInput;

  @Field(() => [MedicationRefInput])
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  currentMedications!: MedicationRefInput[];

  @Field(() => [String], { nullable: true, description: "ICD-10 codes; when omitted, the patient's recorded (non-resolved) diagnoses if patientUhid is given." })
  @IsOptional()
  @ArrayMaxSize(100)
  conditions?: string[] | null;

  @Field(() => [String], { nullable: true, description: "Allergies (substance or class names); when omitted, the patient's recorded allergies if patientUhid is given." })
  @IsOptional()
  @ArrayMaxSize(50)
  allergies?: string[] | null;

  @Field(() => String, { nullable: true, description: "Patient whose recorded conditions and allergies fill in omitted lists." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;
}

@ObjectType()
export class DrugInteractionFinding {
  @Field(() => String, { description: "drug-drug, drug-condition or drug-allergy." })
  type!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => [String])
  drugs!: string[];

  @Field(() => String)
  description!: string;

  @Field(() => String)
  recommendation!: string;

  @Field(() => String, { nullable: true })
  mechanism!: string | null;

  @Field(() => String, { description: "Published source of the rule." })
  source!: string;

  @Field(() => String)
  ruleId!: string;
}

@ObjectType({ description: "A drug-condition contraindication." })
export class DrugContraindication {
  @Field(() => String)
  drug!: string;

  @Field(() => String, { description: "The ICD-10 code that matched." })
  conditionCode!: string;

  @Field(() => String)
  condition!: string;

  @Field(() => String)
  severity!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  recommendation!: string;

  @Field(() => String)
  source!: string;

  @Field(() => String)
  ruleId!: string;
}

@ObjectType({ description: "A drug-allergy alert, including class cross-reactivity." })
export class DrugAllergyAlert {
  @Field(() => String)
  drug!: string;

  @Field(() => String, { description: "The allergy as recorded." })
  allergen!: string;

  @Field(() => String, { nullable: true, description: "The allergen group it was recognised as." })
  allergenGroup!: string | null;

  @Field(() => String, { description: "same_drug, same_class or cross_class." })
  crossReactivity!: string;

  @Field(() => String)
  severity!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  recommendation!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType()
export class MedicationRef {
  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String)
  name!: string;
}

@ObjectType({ description: "How a medication was recognised." })
export class IdentifiedMedication {
  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: "Knowledge-base drug id." })
  drugId!: string;

  @Field(() => String, { description: "rxcui or name." })
  matchedBy!: string;
}

@ObjectType({ description: "Drug safety check (spec: Drug interaction result). Advisory: requires professional review." })
export class DrugInteractionResult {
  @Field(() => Boolean, { description: "True only when nothing was found and every medication was identified." })
  safe!: boolean;

  @Field(() => [DrugInteractionFinding], { description: "All findings (drug-drug, drug-condition, drug-allergy), most severe first." })
  interactions!: DrugInteractionFinding[];

  @Field(() => [DrugContraindication])
  contraindications!: DrugContraindication[];

  @Field(() => [DrugAllergyAlert])
  allergyAlerts!: DrugAllergyAlert[];

  @Field(() => [MedicationRef], { description: "Not in the knowledge base, so NOT checked." })
  unidentifiedMedications!: MedicationRef[];

  @Field(() => [String])
  unrecognizedAllergies!: string[];

  @Field(() => [IdentifiedMedication])
  identifiedMedications!: IdentifiedMedication[];

  @Field(() => [String])
  warnings!: string[];

  @Field(() => String, { description: "request, patient_record or none." })
  conditionsSource!: string;

  @Field(() => String, { description: "request, patient_record or none." })
  allergiesSource!: string;

  @Field(() => Int)
  processingTimeMs!: number;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID, { description: "Audit record of this check (for overrides)." })
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
