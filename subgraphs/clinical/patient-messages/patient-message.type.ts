import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "A message from or about a patient (spec: POST /api/v1/ai/process/; shape ours)." })
export class PatientMessageInput {
  @Field(() => String, { description: "UHID of the patient the message is from or about (404 when not registered; a patient may send only about their own)." })
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

@ObjectType({ description: "What the message asks for." })
export class MessageIntent {
  @Field(() => String, { description: "symptom_report, refill_request, appointment, results_question, billing, document_request (a sick note, medical report, certificate, form or copy of records) or other (no intent phrase found). A message with a red flag is a symptom_report; without one, a request it names comes before a symptom report." })
  intent!: string;

  @Field(() => Float, { description: "Heuristic 0-1, not a calibrated probability: the chosen intent's score / the sum of intentScores × min(1, its score / 2), at most 0.95; 0.5 for other (nothing matched)." })
  confidence!: number;
}

@ObjectType({ description: "The weight of one intent's phrases found in the message." })
export class MessageIntentScore {
  @Field(() => String, { description: "symptom_report, refill_request, appointment, results_question, billing or document_request." })
  intent!: string;

  @Field(() => Float, { description: "Sum of the weights of the intent's phrases found (2 names it, 1 suggests it), plus 2 per red-flag category for symptom_report; 0 when none." })
  score!: number;
}

@ObjectType({ description: "A red-flag phrase found in the message, with how it is asserted." })
export class RedFlagMention {
  @Field(() => String, { description: "chest_pain, difficulty_breathing, stroke_signs, suicidal_ideation, heavy_bleeding, child_fever_lethargy, seizure, unresponsive, child_danger_signs, pregnancy_danger_signs (in pregnancy or after delivery, and reduced fetal movements), overdose_poisoning, hypoglycaemia, hypertensive_emergency, snakebite, gi_bleeding, meningitis_signs, anaphylaxis, burns, animal_bite (rabies risk), sexual_assault, severe_skin_reaction (blistering rash after a medicine), drug_liver_reaction (yellow eyes on TB or HIV medicines), head_injury, swallowed_object (button battery, magnet, or a swallowed object stuck), eye_injury, sudden_confusion (delirium, heatstroke), wound_breakdown (a surgical wound that has opened or leaks pus), fall_long_lie (cannot get up after a fall), cauda_equina (back pain with numbness between the legs, leg weakness or loss of bladder control), violence_threat (violence at home, threats, thoughts of harming someone), drug_muscle_reaction (muscle pain or dark urine on a statin) or hyperglycaemia (a meter reading HI, or a high sugar with vomiting, deep breathing or drowsiness). One mention per category." })
  category!: string;

  @Field(() => String, { description: "The category in words, e.g. Chest pain." })
  label!: string;

  @Field(() => String, { description: "The words that show the danger, in the order written and joined by \"; \" when there are several (after contractions were spelt out); words that only say whom it concerns (\"diabetes\", \"on TB drugs\") are not shown." })
  matchedText!: string;

  @Field(() => String, { description: "present, possible, family (someone else), absent, hypothetical or historical (extraction engine's context rules)." })
  assertion!: string;

  @Field(() => String, { description: "Published source of the category's rule (NHS, CDC, NIMH, WHO, AHA) and what it says." })
  source!: string;
}

@ObjectType({ description: "A passage of the patient's record that the message concerns." })
export class RetrievedPassage {
  @Field(() => String, { description: "encounter, diagnosis, medication, observation, allergy, encounter_note or soap_note." })
  sourceType!: string;

  @Field(() => ID, { description: "Id of the record the passage is from (the encounter, diagnosis, note, ...)." })
  sourceId!: string;

  @Field(() => String, { nullable: true, description: "SOAP note section, for soap_note passages." })
  section!: string | null;

  @Field(() => String, { description: "Date of the record (YYYY-MM-DD)." })
  date!: string;

  @Field(() => String, { description: "The passage with the matching words marked «…»." })
  snippet!: string;

  @Field(() => Float, { description: "ts_rank of the passage for the message." })
  rank!: number;
}

@ObjectType({ description: "The critical-alert notification sent to the care team for an urgent message." })
export class CareTeamAlert {
  @Field(() => Boolean, { description: "True when a clinician was reached (the provider, or the on-call contact)." })
  notificationSent!: boolean;

  @Field(() => String, { nullable: true, description: "Id of the patient's notification of the critical alert (UUID); null when none was sent." })
  notificationId!: string | null;

  @Field(() => String, { nullable: true, description: "provider, on_call or none: who was reached (critical-alert trigger)." })
  clinicianAlert!: string | null;

  @Field(() => String, { description: "The clinician alerted: providerId as given, else the calling clinician, else on-call." })
  providerId!: string;

  @Field(() => String, { nullable: true, description: "Why no clinician was reached, or why the on-call contact was alerted instead of the provider; null otherwise." })
  notificationError!: string | null;
}

@ObjectType({ description: "A processed patient message: intent, red flags, the record passages it concerns and a draft reply for staff review (never sent automatically)." })
export class PatientMessageResult {
  @Field(() => ID, { description: "Id of the stored message (UUID)." })
  messageId!: string;

  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { description: "How it arrived: SMS, MESSAGING_APP, EMAIL, PORTAL or PHONE." })
  channel!: string;

  @Field(() => String, { description: "Language of the message: en, sw or lg." })
  language!: string;

  @Field(() => MessageIntent, { description: "The most likely intent and its confidence." })
  intent!: MessageIntent;

  @Field(() => [MessageIntentScore], { description: "Every intent with its score." })
  intentScores!: MessageIntentScore[];

  @Field(() => String, { description: "urgent (a red flag), routine (screened in full, nothing found: English), or unscreened (screened in part or not at all: staff must read it promptly)." })
  urgency!: string;

  @Field(() => String, { description: "How far the red-flag rules cover the message's language: full (en), partial (sw: a draft Swahili phrase list, plus English phrases), english_phrases (lg, or a message tagged en that does not read as English: only the English and Swahili phrases in it)." })
  screening!: string;

  @Field(() => [RedFlagMention], { description: "Red flags found present, possible, or about someone else (family): each makes the message urgent." })
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

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => [String], { description: "How far the message could be screened, and anything else staff must know." })
  warnings!: string[];

  @Field(() => Int, { description: "Time spent retrieving record passages, in milliseconds." })
  retrievalTimeMs!: number;

  @Field(() => Int, { description: "Time spent on the request, in milliseconds." })
  processingTimeMs!: number;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
