import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Vital signs for NEWS2; any omitted value is taken from the patient's latest recorded observation." })
export class News2VitalsInput {
  @Field(() => Int, { nullable: true, description: "Breaths per minute." })
  respirationRate?: number | null;

  @Field(() => Int, { nullable: true, description: "Oxygen saturation, %." })
  spo2?: number | null;

  @Field(() => Int, { nullable: true, description: "1 (default) or 2: scale 2 only for a prescribed 88-92% target (hypercapnic respiratory failure)." })
  spo2Scale?: number | null;

  @Field(() => Boolean, { nullable: true, description: "True on supplemental oxygen, false on air." })
  supplementalOxygen?: boolean | null;

  @Field(() => Int, { nullable: true, description: "Systolic blood pressure, mmHg." })
  systolicBp?: number | null;

  @Field(() => Int, { nullable: true, description: "Pulse, beats per minute." })
  pulse?: number | null;

  @Field(() => String, { nullable: true, description: "ACVPU: alert, new_confusion, voice, pain or unresponsive (or A, C, V, P, U)." })
  consciousness?: string | null;

  @Field(() => Float, { nullable: true, description: "Degrees Celsius." })
  temperature?: number | null;
}

@InputType()
export class NurseAssessmentInput {
  @Field(() => String, { nullable: true, description: "Patient whose latest observations fill the vitals not given." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;

  @Field(() => News2VitalsInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  vitals?: News2VitalsInput | null;
}

@ObjectType()
export class News2ParameterScore {
  @Field(() => String)
  parameter!: string;

  @Field(() => String)
  value!: string;

  @Field(() => Int)
  score!: number;

  @Field(() => String, { description: "request, or record (the stored observation's date)." })
  source!: string;
}

@ObjectType({ description: "NEWS2 assessment (Royal College of Physicians 2017). Advisory." })
export class NurseAssessmentResult {
  @Field(() => String, { nullable: true })
  patientUhid!: string | null;

  @Field(() => Int, { description: "Aggregate NEWS2 score (0-20)." })
  news2Score!: number;

  @Field(() => String, { description: "low, low_medium, medium or high (RCP Chart 3)." })
  clinicalRisk!: string;

  @Field(() => Boolean, { description: "A score of 3 in any single parameter." })
  singleParameterRed!: boolean;

  @Field(() => [News2ParameterScore])
  parameters!: News2ParameterScore[];

  @Field(() => String, { description: "Minimum monitoring frequency (RCP Chart 4)." })
  monitoringFrequency!: string;

  @Field(() => String)
  response!: string;

  @Field(() => [String], { description: "Clinical response to the trigger (RCP Chart 4)." })
  escalation!: string[];

  @Field(() => Boolean, { description: "True from a single red score or a total of 5 upwards." })
  escalate!: boolean;

  @Field(() => [String])
  notes!: string[];

  @Field(() => String)
  source!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType()
export class MedicationScheduleInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { nullable: true, description: "Day to schedule, YYYY-MM-DD; today in Africa/Kampala by default." })
  @IsOptional()
  date?: string | null;
}

@ObjectType()
export class ScheduledDose {
  @Field(() => String, { description: "Local time, HH:MM." })
  time!: string;

  @Field(() => String, { description: "The instant with the zone's offset, e.g. 2026-11-23T08:00:00+03:00." })
  at!: string;

  @Field(() => String)
  medication!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => String, { nullable: true })
  instruction!: string | null;
}

@ObjectType()
export class PrnMedication {
  @Field(() => String)
  medication!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => String, { nullable: true })
  condition!: string | null;
}

@ObjectType()
export class UnparseableFrequency {
  @Field(() => String)
  medication!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => String)
  reason!: string;
}

@ObjectType()
export class CompletedCourse {
  @Field(() => String)
  medication!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => String)
  lastDay!: string;
}

@ObjectType({ description: "The day's administration times of the patient's active medications. Advisory." })
export class MedicationScheduleResult {
  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  date!: string;

  @Field(() => String)
  timezone!: string;

  @Field(() => [ScheduledDose])
  doses!: ScheduledDose[];

  @Field(() => [PrnMedication])
  prn!: PrnMedication[];

  @Field(() => [UnparseableFrequency], { description: "Frequencies we could not read: not scheduled, never guessed." })
  unparseable!: UnparseableFrequency[];

  @Field(() => [CompletedCourse])
  completedCourses!: CompletedCourse[];

  @Field(() => String)
  source!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType()
export class HandoffSummaryInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;
}

@ObjectType()
export class HandoffSituation {
  @Field(() => String)
  patient!: string;

  @Field(() => String, { nullable: true, description: "Latest encounter: date, type and chief complaint." })
  latestEncounter!: string | null;

  @Field(() => [String])
  activeProblems!: string[];
}

@ObjectType()
export class HandoffBackground {
  @Field(() => [String])
  diagnoses!: string[];

  @Field(() => [String])
  allergies!: string[];

  @Field(() => [String])
  medications!: string[];
}

@ObjectType()
export class HandoffLab {
  @Field(() => String)
  test!: string;

  @Field(() => String)
  loincCode!: string;

  @Field(() => String)
  value!: string;

  @Field(() => String)
  date!: string;

  @Field(() => String)
  deviation!: string;

  @Field(() => Boolean)
  isCritical!: boolean;

  @Field(() => String)
  normalRange!: string;
}

@ObjectType()
export class HandoffVital {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;

  @Field(() => String)
  date!: string;
}

@ObjectType()
export class HandoffAssessment {
  @Field(() => [HandoffVital])
  latestVitals!: HandoffVital[];

  @Field(() => Int, { nullable: true, description: "NEWS2 from the latest vitals; null when a parameter is not recorded." })
  news2Score!: number | null;

  @Field(() => String, { nullable: true })
  news2Risk!: string | null;

  @Field(() => [String], { description: "NEWS2 parameters not on record (why news2Score may be null)." })
  news2Missing!: string[];

  @Field(() => [HandoffLab], { description: "Latest result of each test outside its reference interval (critical-values engine)." })
  abnormalLabs!: HandoffLab[];
}

@ObjectType()
export class HandoffRecommendation {
  @Field(() => [String], { description: "Escalations due now (NEWS2 trigger, critical results)." })
  escalations!: string[];

  @Field(() => [String], { description: "Pending actions and follow-ups (overdue monitoring, medication alerts, abnormal results to review)." })
  pendingActions!: string[];
}

@ObjectType({ description: "SBAR handoff from the patient's record. Advisory." })
export class HandoffSummaryResult {
  @Field(() => String)
  patientUhid!: string;

  @Field(() => HandoffSituation)
  situation!: HandoffSituation;

  @Field(() => HandoffBackground)
  background!: HandoffBackground;

  @Field(() => HandoffAssessment)
  assessment!: HandoffAssessment;

  @Field(() => HandoffRecommendation)
  recommendation!: HandoffRecommendation;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
