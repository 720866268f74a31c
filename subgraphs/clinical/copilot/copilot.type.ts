import { ArrayMaxSize, ArrayMinSize, IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Spec, copilot start request." })
export class CopilotStartInput {
  @Field(() => ID, { description: "The encounter being held (UUID)." })
  encounterId!: string;

  @Field(() => String, { description: "The clinician holding the encounter (at most 100 characters)." })
  @Length(1, 100)
  providerId!: string;

  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;
}

@InputType({ description: "Spec, analyze symptoms request: symptoms of the session's patient." })
export class AnalyzeSymptomsInput {
  @Field(() => ID, { description: "From encounter start." })
  sessionId!: string;

  @Field(() => [String], { description: "Free-text symptoms, e.g. \"chest pain\", \"no fever\"." })
  @ArrayMinSize(1)
  @ArrayMaxSize(30)
  symptoms!: string[];

  @Field(() => String, { nullable: true, description: "Free-text duration, e.g. \"2 hours\"." })
  @IsOptional()
  @Length(0, 100)
  onset?: string | null;

  @Field(() => String, { nullable: true, description: "mild, moderate or severe." })
  @IsOptional()
  severity?: string | null;
}

@ObjectType({ description: "What the record says about the patient at the start of the encounter." })
export class CopilotPatientContext {
  @Field(() => [String], { description: "Diagnoses recorded as chronic, as \"display (ICD-10 code)\"." })
  chronicConditions!: string[];

  @Field(() => [String], { description: "Active medications, as \"name dose frequency\"." })
  activeMedications!: string[];

  @Field(() => [String], { description: "Recorded allergies: the substance, with the reaction in parentheses when one is recorded." })
  allergies!: string[];

  @Field(() => Int, { description: "Encounters in the last recentVisitsWindowDays days." })
  recentVisits!: number;

  @Field(() => Int, { description: "Days counted back for recentVisits: 365." })
  recentVisitsWindowDays!: number;
}

@ObjectType({ description: "Something to act on at the start of the encounter: a medication problem or an overdue check." })
export class CopilotAlert {
  @Field(() => String, { description: "reminder, interaction, contraindication, allergy or unchecked_medication." })
  type!: string;

  @Field(() => String, { description: "What was found and what to do, in words." })
  message!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor (reminders are moderate; unchecked medications minor)." })
  severity!: string;

  @Field(() => String, { description: "Published source of the rule or reminder." })
  source!: string;
}

@ObjectType({ description: "An encounter copilot session (spec: Copilot session). Advisory." })
export class CopilotSession {
  @Field(() => ID, { description: "Session id (UUID): give it to analyzeCopilotSymptoms." })
  sessionId!: string;

  @Field(() => CopilotPatientContext, { description: "The patient's conditions, medications, allergies and recent visits." })
  patientContext!: CopilotPatientContext;

  @Field(() => [CopilotAlert], { description: "Interactions among the active medications, contraindications with recorded diagnoses, allergy alerts, medications not in the knowledge base, and overdue monitoring; most severe first." })
  alerts!: CopilotAlert[];

  @Field(() => ID, { description: "The encounter, as given." })
  encounterId!: string;

  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { description: "The clinician, as given." })
  providerId!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@ObjectType({ description: "One condition of the differential." })
export class DifferentialDiagnosis {
  @Field(() => String, { description: "Name of the condition." })
  condition!: string;

  @Field(() => Float, { description: "0-1; the list sums to at most 1 (the rest is other conditions)." })
  probability!: number;

  @Field(() => String, { description: "ICD-10." })
  code!: string;

  @Field(() => [String], { description: "Recognized symptoms (vocabulary ids, e.g. chest_pain) this condition explains." })
  matchedSymptoms!: string[];
}

@ObjectType({ description: "A test to order for the leading conditions." })
export class RecommendedTest {
  @Field(() => String, { description: "Name of the test." })
  test!: string;

  @Field(() => String, { description: "stat, urgent or routine." })
  priority!: string;

  @Field(() => String, { description: "Which condition it is for and why." })
  reason!: string;
}

@ObjectType({ description: "Symptom analysis (spec: Symptom analysis result). Advisory." })
export class SymptomAnalysisResult {
  @Field(() => [DifferentialDiagnosis], { description: "At most five conditions, most probable first; conditions under 1% are left out." })
  differentialDiagnosis!: DifferentialDiagnosis[];

  @Field(() => String, { description: "emergency, urgent, routine, or unassessed: nothing read is urgent but some input could not be read (unrecognizedSymptoms), so the answer is never routine over it." })
  urgency!: string;

  @Field(() => [RecommendedTest], { description: "Tests for the leading conditions, most urgent first." })
  recommendedTests!: RecommendedTest[];

  @Field(() => [String], { description: "Red-flag combinations present, in words (e.g. chest pain with sweating: possible acute coronary syndrome); any sets urgency." })
  redFlags!: string[];

  @Field(() => [String], { description: "Symptoms found present, possible or past, as vocabulary ids (e.g. chest_pain)." })
  recognizedSymptoms!: string[];

  @Field(() => [String], { description: "Reported as absent (\"no fever\")." })
  negatedSymptoms!: string[];

  @Field(() => [String], { description: "Not in the symptom vocabulary: not assessed (urgency is then at least unassessed, never routine)." })
  unrecognizedSymptoms!: string[];

  @Field(() => Float, { description: "Probability (0-1) left to conditions not listed; 1 when no symptom was recognized." })
  otherConditionsProbability!: number;

  @Field(() => ID, { description: "The session analysed." })
  sessionId!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
