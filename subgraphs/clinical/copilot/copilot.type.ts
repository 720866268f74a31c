import { ArrayMaxSize, ArrayMinSize, IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType()
export class CopilotStartInput {
  @Field(() => ID, { description: "The encounter being held (UUID)." })
  encounterId!: string;

  @Field(() => String)
  @Length(1, 100)
  providerId!: string;

  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;
}

@InputType()
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

@ObjectType()
export class CopilotPatientContext {
  @Field(() => [String])
  chronicConditions!: string[];

  @Field(() => [String])
  activeMedications!: string[];

  @Field(() => [String])
  allergies!: string[];

  @Field(() => Int, { description: "Encounters in the last recentVisitsWindowDays days." })
  recentVisits!: number;

  @Field(() => Int)
  recentVisitsWindowDays!: number;
}

@ObjectType()
export class CopilotAlert {
  @Field(() => String, { description: "reminder, interaction, contraindication, allergy or unchecked_medication." })
  type!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String)
  severity!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType({ description: "An encounter copilot session (spec: Copilot session). Advisory." })
export class CopilotSession {
  @Field(() => ID)
  sessionId!: string;

  @Field(() => CopilotPatientContext)
  patientContext!: CopilotPatientContext;

  @Field(() => [CopilotAlert])
  alerts!: CopilotAlert[];

  @Field(() => ID)
  encounterId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  providerId!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@ObjectType()
export class DifferentialDiagnosis {
  @Field(() => String)
  condition!: string;

  @Field(() => Float, { description: "0-1; the list sums to at most 1 (the rest is other conditions)." })
  probability!: number;

  @Field(() => String, { description: "ICD-10." })
  code!: string;

  @Field(() => [String])
  matchedSymptoms!: string[];
}

@ObjectType()
export class RecommendedTest {
  @Field(() => String)
  test!: string;

  @Field(() => String, { description: "stat, urgent or routine." })
  priority!: string;

  @Field(() => String)
  reason!: string;
}

@ObjectType({ description: "Symptom analysis (spec: Symptom analysis result). Advisory." })
export class SymptomAnalysisResult {
  @Field(() => [DifferentialDiagnosis])
  differentialDiagnosis!: DifferentialDiagnosis[];

  @Field(() => String, { description: "emergency, urgent or routine." })
  urgency!: string;

  @Field(() => [RecommendedTest])
  recommendedTests!: RecommendedTest[];

  @Field(() => [String])
  redFlags!: string[];

  @Field(() => [String])
  recognizedSymptoms!: string[];

  @Field(() => [String], { description: "Reported as absent (\"no fever\")." })
  negatedSymptoms!: string[];

  @Field(() => [String], { description: "Not in the symptom vocabulary: not used." })
  unrecognizedSymptoms!: string[];

  @Field(() => Float)
  otherConditionsProbability!: number;

  @Field(() => ID)
  sessionId!: string;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
