import { ArrayMaxSize, IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType()
export class RiskScoresInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => [String], { nullable: true, description: "cardiovascular, readmission, mortality; all three when omitted." })
  @IsOptional()
  @ArrayMaxSize(3)
  riskTypes?: string[] | null;
}

@ObjectType()
export class RiskInputValue {
  @Field(() => String)
  name!: string;

  @Field(() => String)
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

  @Field(() => String)
  model!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType()
export class RiskScoreSet {
  @Field(() => RiskScore, { nullable: true, description: "10-year general cardiovascular risk (Framingham 2008)." })
  cardiovascular?: RiskScore | null;

  @Field(() => RiskScore, { nullable: true, description: "30-day readmission or death (LACE index); score is points / 19." })
  readmission30day?: RiskScore | null;

  @Field(() => RiskScore, { nullable: true, description: "One-year mortality from the Charlson comorbidity index." })
  mortality1year?: RiskScore | null;
}

@ObjectType({ description: "Risk scores from the patient's stored record (spec: Risk scores result). Advisory." })
export class RiskScoresResult {
  @Field(() => String)
  patientUhid!: string;

  @Field(() => RiskScoreSet)
  riskScores!: RiskScoreSet;

  @Field(() => [String])
  recommendations!: string[];

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
