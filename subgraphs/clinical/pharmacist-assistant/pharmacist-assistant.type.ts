import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { DrugAllergyAlert, DrugContraindication, DrugInteractionFinding, MedicationRefInput } from "../drug-safety/drug-safety.type.js";

@InputType()
export class PrescriptionItemInput {
  @Field(() => String, { nullable: true, description: "RxNorm ingredient RxCUI when known." })
  @IsOptional()
  @Length(0, 20)
  code?: string | null;

  @Field(() => String)
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true, description: "e.g. 500 mg, 2 tablets." })
  @IsOptional()
  @Length(0, 100)
  dose?: string | null;

  @Field(() => String, { nullable: true, description: "e.g. bd, tds for 5 days, q8h, PRN." })
  @IsOptional()
  @Length(0, 100)
  frequency?: string | null;
}

@InputType()
export class VerifyPrescriptionInput {
  @Field(() => String, { nullable: true, description: "Patient whose active medicines, diagnoses and allergies the items are checked against." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;

  @Field(() => [PrescriptionItemInput])
  @ValidateNested({ each: true })
  items!: PrescriptionItemInput[];

  @Field(() => [String], { nullable: true, description: "ICD-10 codes; default: the patient's non-resolved diagnoses." })
  @IsOptional()
  conditions?: string[] | null;

  @Field(() => [String], { nullable: true, description: "Default: the patient's recorded allergies." })
  @IsOptional()
  allergies?: string[] | null;
}

@ObjectType()
export class VerificationIssue {
  @Field(() => Int, { nullable: true, description: "Index of the item (0-based), or null for the prescription as a whole." })
  item!: number | null;

  @Field(() => String, { nullable: true })
  field!: string | null;

  @Field(() => String)
  severity!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType()
export class VerifiedItem {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => String, { nullable: true })
  drugId!: string | null;

  @Field(() => String, { nullable: true, description: "rxcui or name; null when not identified." })
  matchedBy!: string | null;

  @Field(() => String, { nullable: true })
  dose!: string | null;

  @Field(() => Boolean)
  doseParseable!: boolean;

  @Field(() => String, { nullable: true })
  frequency!: string | null;

  @Field(() => String, { nullable: true })
  frequencyPattern!: string | null;
}

@ObjectType()
export class DuplicateTherapy {
  @Field(() => [String])
  drugs!: string[];

  @Field(() => String)
  drugClass!: string;

  @Field(() => String, { nullable: true })
  atc!: string | null;

  @Field(() => String, { description: "prescription or active_medication." })
  against!: string;
}

@ObjectType({ description: "Prescription verification. Advisory." })
export class PrescriptionVerificationResult {
  @Field(() => Boolean, { description: "True only when every item is identified, dosed and timed and nothing was found." })
  verified!: boolean;

  @Field(() => [VerifiedItem])
  items!: VerifiedItem[];

  @Field(() => [VerificationIssue], { description: "Most severe first." })
  issues!: VerificationIssue[];

  @Field(() => [DrugInteractionFinding])
  interactions!: DrugInteractionFinding[];

  @Field(() => [DrugContraindication])
  contraindications!: DrugContraindication[];

  @Field(() => [DrugAllergyAlert])
  allergyAlerts!: DrugAllergyAlert[];

  @Field(() => [DuplicateTherapy])
  duplicateTherapy!: DuplicateTherapy[];

  @Field(() => [String])
  warnings!: string[];

  @Field(() => String, { description: "request, patient_record or none." })
  conditionsSource!: string;

  @Field(() => String)
  allergiesSource!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType()
export class CounselingPointsInput {
  @Field(() => [MedicationRefInput], { nullable: true, description: "Default: the patient's active medicines." })
  @IsOptional()
  @ValidateNested({ each: true })
  medications?: MedicationRefInput[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;
}

@ObjectType()
export class CounselingPoints {
  @Field(() => String)
  medication!: string;

  @Field(() => String, { nullable: true })
  drugId!: string | null;

  @Field(() => Boolean, { description: "False when we have no sourced counseling points for this medicine." })
  available!: boolean;

  @Field(() => [String])
  howToTake!: string[];

  @Field(() => [String])
  commonSideEffects!: string[];

  @Field(() => [String])
  warnings!: string[];

  @Field(() => String, { nullable: true })
  source!: string | null;

  @Field(() => String, { nullable: true })
  note!: string | null;
}

@ObjectType({ description: "Patient counseling points per medicine, from sourced data. Advisory." })
export class CounselingPointsResult {
  @Field(() => [CounselingPoints])
  medications!: CounselingPoints[];

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
