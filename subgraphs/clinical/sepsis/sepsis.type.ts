import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType()
export class SepsisVitalsInput {
  @Field(() => Float, { description: "Beats per minute." })
  heartRate!: number;

  @Field(() => Float, { description: "Breaths per minute." })
  respiratoryRate!: number;

  @Field(() => Float, { description: "mmHg." })
  systolicBp!: number;

  @Field(() => Float, { description: "Degrees Celsius." })
  temperature!: number;

  @Field(() => Int, { description: "Glasgow coma score, 3-15." })
  gcs!: number;
}

@InputType()
export class SepsisLabsInput {
  @Field(() => Float, { nullable: true, description: "White cells, ×10⁹/L." })
  wbc?: number | null;

  @Field(() => Float, { nullable: true, description: "Lactate, mmol/L." })
  lactate?: number | null;
}

@InputType()
export class SepsisRiskInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => SepsisVitalsInput)
  @ValidateNested()
  vitals!: SepsisVitalsInput;

  @Field(() => SepsisLabsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  labs?: SepsisLabsInput | null;

  @Field(() => String, { nullable: true, description: "Provider to alert on a high result; defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  providerId?: string | null;
}

@ObjectType({ description: "Sepsis screen (spec: Sepsis risk result). Advisory." })
export class SepsisRiskResult {
  @Field(() => String, { description: "low, moderate or high." })
  sepsisRisk!: string;

  @Field(() => Int)
  qsofaScore!: number;

  @Field(() => Int)
  sirsCriteriaMet!: number;

  @Field(() => Float, { description: "Fixed value per risk category (documented mapping); not a calibrated probability." })
  riskProbability!: number;

  @Field(() => Boolean)
  alertTriggered!: boolean;

  @Field(() => [String])
  recommendations!: string[];

  @Field(() => String, { description: "immediate, within_3_hours or routine." })
  timeToIntervention!: string;

  @Field(() => [String], { description: "qSOFA criteria met." })
  qsofaCriteria!: string[];

  @Field(() => [String], { description: "SIRS criteria met." })
  sirsCriteria!: string[];

  @Field(() => [String], { description: "Inputs not supplied (their criteria could not count)." })
  notAssessed!: string[];

  @Field(() => [String], { description: "Why this result." })
  explanation!: string[];

  @Field(() => Boolean)
  notificationSent!: boolean;

  @Field(() => String, { nullable: true })
  notificationId!: string | null;

  @Field(() => String, { nullable: true })
  notificationError!: string | null;

  @Field(() => String, { nullable: true, description: "How the clinician was reached: provider, on_call (the provider had no usable contact) or none; null when no alert was sent." })
  clinicianAlert!: string | null;

  @Field(() => ID, { description: "The screen stored on the patient's timeline." })
  observationId!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
