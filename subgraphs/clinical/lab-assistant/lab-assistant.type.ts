import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { LabObservationInput } from "../critical-values/critical-values.type.js";

@InputType()
export class LabInterpretationInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => LabObservationInput)
  @ValidateNested()
  observation!: LabObservationInput;

  @Field(() => String, { nullable: true, description: "Date of the result, YYYY-MM-DD (default today): prior results are those up to this date." })
  @IsOptional()
  resultDate?: string | null;
}

@ObjectType()
export class DeltaCheckHit {
  @Field(() => String)
  ruleId!: string;

  @Field(() => String)
  meaning!: string;

  @Field(() => String)
  comparedWith!: string;

  @Field(() => String)
  comparedDate!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType()
export class LabTrend {
  @Field(() => Float, { nullable: true, description: "Latest prior result, in the submitted unit." })
  previousValue!: number | null;

  @Field(() => String, { nullable: true })
  previousDate!: string | null;

  @Field(() => Float, { nullable: true, description: "Current − previous, in the submitted unit." })
  delta!: number | null;

  @Field(() => Float, { nullable: true })
  deltaPercent!: number | null;

  @Field(() => String, { nullable: true, description: "up, down or unchanged." })
  direction!: string | null;

  @Field(() => Int)
  priorsCompared!: number;

  @Field(() => Int)
  priorsSkipped!: number;

  @Field(() => [DeltaCheckHit], { description: "Published delta checks this change meets." })
  deltaChecks!: DeltaCheckHit[];

  @Field(() => String, { nullable: true })
  deltaCheckNote!: string | null;
}

@ObjectType({ description: "A lab result against its reference interval and critical limits, with the trend. Advisory." })
export class LabInterpretationResult {
  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  loincCode!: string;

  @Field(() => String)
  testName!: string;

  @Field(() => Float)
  value!: number;

  @Field(() => String, { nullable: true })
  unit!: string | null;

  @Field(() => String, { description: "HL7 v2 abnormal flag: N, L, H, LL (critical low) or HH (critical high)." })
  flag!: string;

  @Field(() => Boolean)
  isCritical!: boolean;

  @Field(() => String)
  deviation!: string;

  @Field(() => String)
  normalRange!: string;

  @Field(() => String)
  criticalLimits!: string;

  @Field(() => String)
  clinicalSignificance!: string;

  @Field(() => [String])
  recommendedActions!: string[];

  @Field(() => LabTrend)
  trend!: LabTrend;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType()
export class QcControlInput {
  @Field(() => String, { nullable: true, description: "Control material or level, e.g. 'level 1'." })
  @IsOptional()
  @Length(1, 100)
  name?: string | null;

  @Field(() => Float, { description: "The control's established mean." })
  mean!: number;

  @Field(() => Float, { description: "The control's established standard deviation (> 0)." })
  sd!: number;
}

@InputType()
export class QcRunInput {
  @Field(() => [Float], { description: "One value per control, in the order of `controls`." })
  values!: number[];
}

@InputType()
export class QcEvaluationInput {
  @Field(() => String, { nullable: true, description: "Analyte or test, for the record (e.g. LOINC 2823-3)." })
  @IsOptional()
  @Length(1, 100)
  analyte?: string | null;

  @Field(() => [QcControlInput])
  @ValidateNested({ each: true })
  controls!: QcControlInput[];

  @Field(() => [QcRunInput], { description: "Control runs in time order; the last is the run being judged." })
  @ValidateNested({ each: true })
  runs!: QcRunInput[];

  @Field(() => Boolean, { nullable: true, description: "Classic procedure (default true): rejection rules only on a run with a 1-2s warning." })
  @IsOptional()
  useWarningRule?: boolean | null;
}

@ObjectType()
export class QcViolation {
  @Field(() => String, { description: "1-2s, 1-3s, 2-2s, R-4s, 4-1s or 10x." })
  rule!: string;

  @Field(() => [Int], { description: "Indices (0-based) into the request's runs." })
  runIndices!: number[];

  @Field(() => [String])
  controls!: string[];

  @Field(() => Boolean)
  rejects!: boolean;

  @Field(() => String, { description: "random, systematic or warning." })
  error!: string;

  @Field(() => String)
  description!: string;
}

@ObjectType()
export class QcRunDecision {
  @Field(() => Int)
  runIndex!: number;

  @Field(() => String, { description: "accept, accept_with_warning or reject." })
  decision!: string;

  @Field(() => [String])
  rules!: string[];

  @Field(() => [Float])
  zScores!: number[];
}

@ObjectType({ description: "Westgard multirule evaluation of control runs. Advisory." })
export class QcEvaluationResult {
  @Field(() => String, { description: "Decision on the last run: accept, accept_with_warning or reject." })
  decision!: string;

  @Field(() => Boolean)
  accepted!: boolean;

  @Field(() => [QcViolation])
  violations!: QcViolation[];

  @Field(() => [QcRunDecision])
  runs!: QcRunDecision[];

  @Field(() => String)
  source!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
