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

@InputType({ description: "Vitals to score with NEWS2, from the request or the patient's record." })
export class NurseAssessmentInput {
  @Field(() => String, { nullable: true, description: "Patient whose latest observations fill the vitals not given." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;

  @Field(() => News2VitalsInput, { nullable: true, description: "The vitals measured now. With patientUhid, a parameter left out is taken from the record if recorded today or yesterday; a parameter found in neither is a 400." })
  @IsOptional()
  @ValidateNested()
  vitals?: News2VitalsInput | null;
}

@ObjectType({ description: "One NEWS2 parameter and its score." })
export class News2ParameterScore {
  @Field(() => String, { description: "respiration_rate, spo2_scale_1 or spo2_scale_2, air_or_oxygen, systolic_bp, pulse, consciousness or temperature." })
  parameter!: string;

  @Field(() => String, { description: "The value scored, as text (air or oxygen for air_or_oxygen; the ACVPU level for consciousness)." })
  value!: string;

  @Field(() => Int, { description: "Points for this parameter, 0-3 (RCP Chart 1)." })
  score!: number;

  @Field(() => String, { description: "request, or record (the stored observation's date)." })
  source!: string;
}

@ObjectType({ description: "NEWS2 assessment (Royal College of Physicians 2017). Advisory." })
export class NurseAssessmentResult {
  @Field(() => String, { nullable: true, description: "UHID of the patient; null when none was given." })
  patientUhid!: string | null;

  @Field(() => Int, { description: "Aggregate NEWS2 score (0-20)." })
  news2Score!: number;

  @Field(() => String, { description: "low, low_medium, medium or high (RCP Chart 3)." })
  clinicalRisk!: string;

  @Field(() => Boolean, { description: "A score of 3 in any single parameter." })
  singleParameterRed!: boolean;

  @Field(() => [News2ParameterScore], { description: "Each parameter with its value, score and where the value came from." })
  parameters!: News2ParameterScore[];

  @Field(() => String, { description: "Minimum monitoring frequency (RCP Chart 4)." })
  monitoringFrequency!: string;

  @Field(() => String, { description: "The clinical response the score calls for (RCP Chart 4), e.g. Urgent ward-based response." })
  response!: string;

  @Field(() => [String], { description: "Clinical response to the trigger (RCP Chart 4)." })
  escalation!: string[];

  @Field(() => Boolean, { description: "True from a single red score or a total of 5 upwards." })
  escalate!: boolean;

  @Field(() => [String], { description: "Remarks on how the score was reached (SpO2 scale 2, new confusion); empty when none." })
  notes!: string[];

  @Field(() => String, { description: "Published source of the scoring (RCP NEWS2, 2017)." })
  source!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "The patient and the day to schedule." })
export class MedicationScheduleInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { nullable: true, description: "Day to schedule, YYYY-MM-DD; today in Africa/Kampala by default." })
  @IsOptional()
  date?: string | null;
}

@ObjectType({ description: "One administration of a medication on the day." })
export class ScheduledDose {
  @Field(() => String, { description: "Local time, HH:MM." })
  time!: string;

  @Field(() => String, { description: "The instant with the zone's offset, e.g. 2026-11-23T08:00:00+03:00." })
  at!: string;

  @Field(() => String, { description: "Name of the medication, as recorded." })
  medication!: string;

  @Field(() => String, { description: "Dose, as recorded." })
  dose!: string;

  @Field(() => String, { description: "Frequency, as recorded." })
  frequency!: string;

  @Field(() => String, { nullable: true, description: "Food instruction read from the frequency, e.g. with food; null when none." })
  instruction!: string | null;

  @Field(() => String, { nullable: true, description: "Set when another active medication has the same ingredient (a duplicate): confirm before giving; null otherwise." })
  alert!: string | null;
}

@ObjectType({ description: "Active medications that share an active ingredient." })
export class ScheduleDuplicate {
  @Field(() => [String], { description: "The records, as \"name dose frequency\"." })
  medications!: string[];

  @Field(() => [String], { description: "The ingredients they share (the name as written when the drug is not in the knowledge base)." })
  ingredients!: string[];

  @Field(() => Boolean, { description: "True when the records are identical and the medication is scheduled once; false when they differ and both are listed, each dose with an alert." })
  scheduledOnce!: boolean;
}

@ObjectType({ description: "A medication given as needed: not scheduled." })
export class PrnMedication {
  @Field(() => String, { description: "Name of the medication, as recorded." })
  medication!: string;

  @Field(() => String, { description: "Dose, as recorded." })
  dose!: string;

  @Field(() => String, { description: "Frequency, as recorded." })
  frequency!: string;

  @Field(() => String, { nullable: true, description: "When to give it, as written after PRN or as needed (e.g. pain, after each loose stool); null when not stated." })
  condition!: string | null;
}

@ObjectType({ description: "A medication whose frequency could not be read: not scheduled." })
export class UnparseableFrequency {
  @Field(() => String, { description: "Name of the medication, as recorded." })
  medication!: string;

  @Field(() => String, { description: "Dose, as recorded." })
  dose!: string;

  @Field(() => String, { description: "Frequency, as recorded." })
  frequency!: string;

  @Field(() => String, { description: "Why it could not be read." })
  reason!: string;
}

@ObjectType({ description: "A course whose stated length ended before the day: not scheduled." })
export class CompletedCourse {
  @Field(() => String, { description: "Name of the medication, as recorded." })
  medication!: string;

  @Field(() => String, { description: "Frequency with the course length, as recorded." })
  frequency!: string;

  @Field(() => String, { description: "Last day of the course (YYYY-MM-DD)." })
  lastDay!: string;
}

@ObjectType({ description: "The day's administration times of the patient's active medications. Advisory." })
export class MedicationScheduleResult {
  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { description: "The day scheduled (YYYY-MM-DD)." })
  date!: string;

  @Field(() => String, { description: "Time zone of the times: Africa/Kampala." })
  timezone!: string;

  @Field(() => [ScheduledDose], { description: "The day's doses of the active medications started on or before the day, in time order." })
  doses!: ScheduledDose[];

  @Field(() => [PrnMedication], { description: "Medications given as needed." })
  prn!: PrnMedication[];

  @Field(() => [UnparseableFrequency], { description: "Frequencies we could not read: not scheduled, never guessed." })
  unparseable!: UnparseableFrequency[];

  @Field(() => [CompletedCourse], { description: "Courses that ended before the day." })
  completedCourses!: CompletedCourse[];

  @Field(() => [ScheduleDuplicate], { description: "Active medications with the same ingredient: never silently given twice." })
  duplicates!: ScheduleDuplicate[];

  @Field(() => [String], { description: "What to confirm before the round (duplicate medications)." })
  warnings!: string[];

  @Field(() => String, { description: "Where the administration times come from (knowledge/administration-times.json)." })
  source!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "The patient to hand over." })
export class HandoffSummaryInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;
}

@ObjectType({ description: "S: who the patient is and what is going on." })
export class HandoffSituation {
  @Field(() => String, { description: "Name, age, sex and UHID, in words." })
  patient!: string;

  @Field(() => String, { nullable: true, description: "Latest encounter: date, type and chief complaint." })
  latestEncounter!: string | null;

  @Field(() => [String], { description: "Diagnoses not resolved, as \"display (ICD-10 code, status)\"." })
  activeProblems!: string[];
}

@ObjectType({ description: "B: the patient's history." })
export class HandoffBackground {
  @Field(() => [String], { description: "Every recorded diagnosis, as \"display (ICD-10 code) status, date\"." })
  diagnoses!: string[];

  @Field(() => [String], { description: "Recorded allergies with reaction and severity." })
  allergies!: string[];

  @Field(() => [String], { description: "Active medications, as \"name dose frequency\"." })
  medications!: string[];

  @Field(() => String, { description: "How many allergies are recorded, or that none is (to be confirmed with the patient): an empty allergies list is not \"no allergies\"." })
  allergyStatus!: string;
}

@ObjectType({ description: "A recent result outside its reference interval." })
export class HandoffLab {
  @Field(() => String, { description: "Name of the test, as recorded." })
  test!: string;

  @Field(() => String, { description: "LOINC code of the test." })
  loincCode!: string;

  @Field(() => String, { description: "The value with its unit, as recorded." })
  value!: string;

  @Field(() => String, { description: "Date of the result (YYYY-MM-DD)." })
  date!: string;

  @Field(() => String, { description: "severely_low, low, high or severely_high." })
  deviation!: string;

  @Field(() => Boolean, { description: "True when beyond a critical limit." })
  isCritical!: boolean;

  @Field(() => String, { description: "Reference interval with unit." })
  normalRange!: string;
}

@ObjectType({ description: "The latest recorded value of one vital sign." })
export class HandoffVital {
  @Field(() => String, { description: "The vital sign, e.g. Respiration rate, SpO2, Systolic BP." })
  name!: string;

  @Field(() => String, { description: "The value with its unit, as recorded." })
  value!: string;

  @Field(() => String, { description: "Date recorded (YYYY-MM-DD)." })
  date!: string;
}

@ObjectType({ description: "A: the latest vitals, NEWS2 and abnormal results." })
export class HandoffAssessment {
  @Field(() => [HandoffVital], { description: "The latest recorded value of each NEWS2 vital." })
  latestVitals!: HandoffVital[];

  @Field(() => Int, { nullable: true, description: "NEWS2 from the latest vitals; null when a parameter is not recorded, or was last recorded before yesterday (NEWS2 scores current observations)." })
  news2Score!: number | null;

  @Field(() => String, { nullable: true, description: "low, low_medium, medium or high; null when news2Score is null." })
  news2Risk!: string | null;

  @Field(() => [String], { description: "NEWS2 parameters not on record (why news2Score may be null)." })
  news2Missing!: string[];

  @Field(() => String, { nullable: true, description: "Why news2Score is null (a child under 16, vitals missing or old), or the warning that goes with it (pregnancy and the weeks after: use the obstetric chart); null otherwise." })
  news2Note!: string | null;

  @Field(() => [HandoffLab], { description: "Latest result of each test outside its reference interval (critical-values engine)." })
  abnormalLabs!: HandoffLab[];
}

@ObjectType({ description: "R: what to do next." })
export class HandoffRecommendation {
  @Field(() => [String], { description: "Escalations due now (NEWS2 trigger, critical results)." })
  escalations!: string[];

  @Field(() => [String], { description: "Pending actions and follow-ups (code status, a child's vitals outside the limits for age, overdue monitoring, medication alerts, abnormal results to review)." })
  pendingActions!: string[];

  @Field(() => [String], { description: "Sentences of the current encounter's notes that hand something on (a result or procedure awaited, a timed plan, fasting, isolation, timed checks, a ceiling of care, blood awaited), newest note first, each with its date." })
  fromNotes!: string[];
}

@ObjectType({ description: "SBAR handoff from the patient's record. Advisory." })
export class HandoffSummaryResult {
  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => HandoffSituation, { description: "S: the patient, the latest encounter, active problems." })
  situation!: HandoffSituation;

  @Field(() => HandoffBackground, { description: "B: diagnoses, allergies, active medications." })
  background!: HandoffBackground;

  @Field(() => HandoffAssessment, { description: "A: the latest vitals, NEWS2, abnormal results." })
  assessment!: HandoffAssessment;

  @Field(() => HandoffRecommendation, { description: "R: escalations and pending actions." })
  recommendation!: HandoffRecommendation;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
