import { ArrayMaxSize, IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Spec, risk scores request." })
export class RiskScoresInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => [String], { nullable: true, description: "cardiovascular, readmission, mortality; all three when omitted." })
  @IsOptional()
  @ArrayMaxSize(3)
  riskTypes?: string[] | null;
}

@ObjectType({ description: "One input a score used, as read from the record." })
export class RiskInputValue {
  @Field(() => String, { description: "The input, e.g. age, charlson, ed_visits_6_months." })
  name!: string;

  @Field(() => String, { description: "Its value as text." })
  value!: string;
}

@ObjectType({ description: "One risk estimate with what drove it." })
export class RiskScore {
  @Field(() => Float, { nullable: true, description: "Fraction 0-1; null when it cannot be computed from the record." })
  score!: number | null;

  @Field(() => String, { description: "low, moderate, high (very_high for mortality), or unknown." })
  category!: string;

  @Field(() => [String], { description: "What drove the score, and any assumption made." })
  factors!: string[];

  @Field(() => [String], { description: "Inputs the record lacks; never invented." })
  missingInputs!: string[];

  @Field(() => [RiskInputValue], { description: "The inputs used." })
  inputs!: RiskInputValue[];

  @Field(() => Int, { nullable: true, description: "Points of a points-based index (LACE 0-19, Charlson)." })
  points!: number | null;

  @Field(() => String, { description: "The model and outcome, e.g. Framingham 2008 general CVD (10-year), Pooled Cohort Equations 2013 (10-year hard ASCVD), LACE index, Charlson comorbidity index." })
  model!: string;

  @Field(() => String, { description: "Published source of the model." })
  source!: string;
}

@ObjectType({ description: "The requested scores by kind; a kind not requested is null." })
export class RiskScoreSet {
  @Field(() => RiskScore, { nullable: true, description: "10-year cardiovascular risk: Framingham 2008 general CVD for ages 30-74, the Pooled Cohort Equations (hard ASCVD) for 75-79 (model says which); score null outside those ages." })
  cardiovascular?: RiskScore | null;

  @Field(() => RiskScore, { nullable: true, description: "30-day readmission or death (LACE index); score is points / 19." })
  readmission30day?: RiskScore | null;

  @Field(() => RiskScore, { nullable: true, description: "One-year mortality from the Charlson comorbidity index." })
  mortality1year?: RiskScore | null;
}

@ObjectType({ description: "Risk scores from the patient's stored record (spec: Risk scores result). Advisory." })
export class RiskScoresResult {
  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => RiskScoreSet, { description: "The scores requested." })
  riskScores!: RiskScoreSet;

  @Field(() => [String], { description: "What the scores call for, and the inputs to record to complete them; always ends with the advisory note." })
  recommendations!: string[];

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
