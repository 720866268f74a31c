import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "A message from or about a patient (spec: POST /api/v1/ai/process/; shape ours)." })
export class PatientMessageInput {
  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { description: "The message as written (at most 5,000 characters)." })
  message!: string;

  @Field(() => String, { nullable: true, defaultValue: "PORTAL", description: "How it arrived: SMS, MESSAGING_APP, EMAIL, PORTAL (default) or PHONE (a transcribed call)." })
  @IsOptional()
  channel?: string | null;

  @Field(() => String, { nullable: true, defaultValue: "en", description: "en (screened in full), sw (screened in part: Swahili and English phrases), lg (English phrases only)." })
  @IsOptional()
  language?: string | null;

  @Field(() => String, { nullable: true, description: "Clinician to alert when a red flag is found; default the calling clinician, or the on-call contact when a patient writes." })
  @IsOptional()
  @Length(1, 100)
  providerId?: string | null;
}

@ObjectType()
export class MessageIntent {
  @Field(() => String, { description: "symptom_report, refill_request, appointment, results_question, billing or other." })
  intent!: string;

  @Field(() => Float, { description: "Heuristic 0-1 (rules, not a calibrated probability)." })
  confidence!: number;
}

@ObjectType()
export class MessageIntentScore {
  @Field(() => String)
  intent!: string;

  @Field(() => Float)
  score!: number;
}

@ObjectType()
export class RedFlagMention {
  @Field(() => String, { description: "chest_pain, difficulty_breathing, stroke_signs, suicidal_ideation, heavy_bleeding or child_fever_lethargy." })
  category!: string;

  @Field(() => String)
  label!: string;

  @Field(() => String, { description: "The words matched (after contractions were spelt out)." })
  matchedText!: string;

  @Field(() => String, { description: "present, possible, family (someone else), absent, hypothetical or historical (extraction engine's context rules)." })
  assertion!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType()
export class RetrievedPassage {
  @Field(() => String, { description: "encounter, diagnosis, medication, observation, allergy, encounter_note or soap_note." })
  sourceType!: string;

  @Field(() => ID)
  sourceId!: string;

  @Field(() => String, { nullable: true, description: "SOAP note section, for soap_note passages." })
  section!: string | null;

  @Field(() => String)
  date!: string;

  @Field(() => String, { description: "The passage with the matching words marked «…»." })
  snippet!: string;

  @Field(() => Float, { description: "ts_rank of the passage for the message." })
  rank!: number;
}

@ObjectType()
export class CareTeamAlert {
  @Field(() => Boolean)
  notificationSent!: boolean;

  @Field(() => String, { nullable: true })
  notificationId!: string | null;

  @Field(() => String, { nullable: true, description: "provider, on_call or none: who was reached (critical-alert trigger)." })
  clinicianAlert!: string | null;

  @Field(() => String)
  providerId!: string;

  @Field(() => String, { nullable: true })
  notificationError!: string | null;
}

@ObjectType({ description: "A processed patient message: intent, red flags, the record passages it concerns and a draft reply for staff review (never sent automatically)." })
export class PatientMessageResult {
  @Field(() => ID)
  messageId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  channel!: string;

  @Field(() => String)
  language!: string;

  @Field(() => MessageIntent)
  intent!: MessageIntent;

  @Field(() => [MessageIntentScore])
  intentScores!: MessageIntentScore[];

  @Field(() => String, { description: "urgent (a red flag), routine (screened in full, nothing found: English), or unscreened (screened in part or not at all: staff must read it promptly)." })
  urgency!: string;

  @Field(() => String, { description: "How far the red-flag rules cover the message's language: full (en), partial (sw: a draft Swahili phrase list, plus English phrases), english_phrases (lg: only English phrases mixed into the message)." })
  screening!: string;

  @Field(() => [RedFlagMention])
  redFlags!: RedFlagMention[];

  @Field(() => [RedFlagMention], { description: "Red-flag words found but not flagged (negated, hypothetical, historical), with why." })
  notFlagged!: RedFlagMention[];

  @Field(() => [String], { description: "Emergency guidance to give the patient now (urgent only); shown to a patient caller too." })
  patientGuidance!: string[];

  @Field(() => [RetrievedPassage], { nullable: true, description: "Top record passages for the message with their source ids (staff only; null for a patient caller)." })
  retrievedPassages!: RetrievedPassage[] | null;

  @Field(() => String, { nullable: true, description: "Draft reply for staff to review and send (staff only; null for a patient caller). Never sent automatically." })
  draftReply!: string | null;

  @Field(() => CareTeamAlert, { nullable: true, description: "The critical notification to the care team (urgent only)." })
  careTeamAlert!: CareTeamAlert | null;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => Int)
  retrievalTimeMs!: number;

  @Field(() => Int)
  processingTimeMs!: number;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}
