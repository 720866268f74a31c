import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Spec: SOAP note request." })
export class SoapNoteInput {
  @Field(() => ID, { description: "A stored encounter of the patient (UUID)." })
  encounterId!: string;

  @Field(() => String, { description: "UHID of the patient (404 when unknown, or when the encounter is not theirs)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { description: "The clinician the note is written for." })
  @Length(1, 100)
  providerId!: string;

  @Field(() => Boolean, { nullable: true, defaultValue: true, description: "Include prior encounters and past history (default true)." })
  @IsOptional()
  includeHistory?: boolean | null;
}

@ObjectType({ description: "The four sections of the note." })
export class SoapNoteSections {
  @Field(() => String, { description: "Chief complaint, history from the encounter's notes, allergies, prior encounters." })
  subjective!: string;

  @Field(() => String, { description: "Recent vitals and results with units and abnormal flags." })
  objective!: string;

  @Field(() => String, { description: "Diagnoses, entities from the notes, decision-support findings; one per line." })
  assessment!: string;

  @Field(() => String, { description: "Medications, safety actions, follow-ups; one per line." })
  plan!: string;
}

@ObjectType({ description: "A decision-support finding behind the assessment and plan." })
export class SoapFindingType {
  @Field(() => String, { description: "interaction, contraindication, allergy, unchecked_medication, critical_value, abnormal_result, risk_score or note_conflict (a record medication the notes hold or stop)." })
  type!: string;

  @Field(() => String, { description: "Medication findings: contraindicated, major, moderate or minor; critical_value: critical; abnormal_result and note_conflict: moderate; risk_score: the risk category." })
  severity!: string;

  @Field(() => String, { description: "The finding in words." })
  message!: string;

  @Field(() => String, { description: "Where the rule or data comes from (a published source, a knowledge file, the encounter notes)." })
  source!: string;
}

@ObjectType({ description: "What the note was generated from." })
export class SoapNoteSources {
  @Field(() => [ID], { description: "Encounter notes the subjective section quotes." })
  encounterNoteIds!: string[];

  @Field(() => [ID], { description: "Prior encounters listed (include_history)." })
  priorEncounterIds!: string[];

  @Field(() => [String], { description: "Sections that had source data: subjective, objective, assessment, plan." })
  sectionsWithData!: string[];
}

@ObjectType({ description: "Spec: SOAP note result, then ours. Advisory: generated from the record, to be reviewed and signed." })
export class SoapNoteResult {
  @Field(() => ID, { description: "Id of the stored note (UUID); read it again with soapNote(documentId)." })
  documentId!: string;

  @Field(() => SoapNoteSections, { description: "Subjective, objective, assessment and plan." })
  soapNote!: SoapNoteSections;

  @Field(() => Float, { description: "Share of the four sections that had source data (0-1)." })
  confidence!: number;

  @Field(() => Int, { description: "Entities the extraction engine found in the encounter's notes." })
  entitiesExtracted!: number;

  @Field(() => Boolean, { description: "Always true: a generated note, to be reviewed and signed by a clinician." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The encounter the note is for." })
  encounterId!: string;

  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { description: "The clinician the note is written for, as given." })
  providerId!: string;

  @Field(() => Boolean, { description: "Whether prior encounters and past history were included." })
  includeHistory!: boolean;

  @Field(() => String, { description: "template, or llm when LLM_BASE_URL polished the subjective narrative (facts unchanged)." })
  narrativeSource!: string;

  @Field(() => [SoapFindingType], { description: "Decision-support findings behind the assessment and plan." })
  findings!: SoapFindingType[];

  @Field(() => SoapNoteSources, { description: "Encounter notes and prior encounters used, and the sections that had data." })
  sources!: SoapNoteSources;

  @Field(() => [String], { description: "What the note lacks or how it was made (no notes for the encounter, the LLM polish discarded, ...)." })
  warnings!: string[];

  @Field(() => String, { description: "ISO 8601 time the note was generated." })
  createdAt!: string;

  @Field(() => ID, { description: "The audit record of the generation (UUID), also on a later read; give it to recordClinicalOverride to accept, reject or modify the note." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "A free-text note written during an encounter (history, examination, progress)." })
export class EncounterNoteInput {
  @Field(() => ID, { description: "A stored encounter of the patient (UUID)." })
  encounterId!: string;

  @Field(() => String, { description: "UHID of the patient (404 when unknown, or when the encounter is not theirs)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { description: "The note (at most 50,000 characters)." })
  text!: string;
}

@ObjectType({ description: "A stored free-text encounter note." })
export class EncounterNote {
  @Field(() => ID, { description: "Note id (UUID)." })
  id!: string;

  @Field(() => ID, { description: "The encounter it belongs to." })
  encounterId!: string;

  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { description: "Who wrote it (token subject)." })
  authorSub!: string;

  @Field(() => String, { description: "The note as written." })
  text!: string;

  @Field(() => String, { description: "ISO 8601." })
  recordedAt!: string;

  @Field(() => ID, { description: "The audit record of the note (UUID; it keeps the note's length and SHA-256, not its words)." })
  auditId!: string;
}
