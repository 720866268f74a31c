import { IsOptional, Length } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Spec: SOAP note request." })
export class SoapNoteInput {
  @Field(() => ID, { description: "A stored encounter of the patient (UUID)." })
  encounterId!: string;

  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { description: "The clinician the note is written for." })
  @Length(1, 100)
  providerId!: string;

  @Field(() => Boolean, { nullable: true, defaultValue: true, description: "Include prior encounters and past history (default true)." })
  @IsOptional()
  includeHistory?: boolean | null;
}

@ObjectType()
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

@ObjectType()
export class SoapFindingType {
  @Field(() => String, { description: "interaction, contraindication, allergy, unchecked_medication, critical_value, abnormal_result or risk_score." })
  type!: string;

  @Field(() => String)
  severity!: string;

  @Field(() => String)
  message!: string;

  @Field(() => String)
  source!: string;
}

@ObjectType()
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
  @Field(() => ID)
  documentId!: string;

  @Field(() => SoapNoteSections)
  soapNote!: SoapNoteSections;

  @Field(() => Float, { description: "Share of the four sections that had source data (0-1)." })
  confidence!: number;

  @Field(() => Int, { description: "Entities the extraction engine found in the encounter's notes." })
  entitiesExtracted!: number;

  @Field(() => Boolean)
  requiresReview!: boolean;

  @Field(() => ID)
  encounterId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String)
  providerId!: string;

  @Field(() => Boolean)
  includeHistory!: boolean;

  @Field(() => String, { description: "template, or llm when LLM_BASE_URL polished the subjective narrative (facts unchanged)." })
  narrativeSource!: string;

  @Field(() => [SoapFindingType], { description: "Decision-support findings behind the assessment and plan." })
  findings!: SoapFindingType[];

  @Field(() => SoapNoteSources)
  sources!: SoapNoteSources;

  @Field(() => [String])
  warnings!: string[];

  @Field(() => String, { description: "ISO 8601 time the note was generated." })
  createdAt!: string;

  @Field(() => ID)
  auditId!: string;

  @Field(() => String)
  rulesetVersion!: string;
}

@InputType({ description: "A free-text note written during an encounter (history, examination, progress)." })
export class EncounterNoteInput {
  @Field(() => ID)
  encounterId!: string;

  @Field(() => String)
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => String, { description: "The note (at most 50,000 characters)." })
  text!: string;
}

@ObjectType()
export class EncounterNote {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  encounterId!: string;

  @Field(() => String)
  patientUhid!: string;

  @Field(() => String, { description: "Who wrote it (token subject)." })
  authorSub!: string;

  @Field(() => String)
  text!: string;

  @Field(() => String, { description: "ISO 8601." })
  recordedAt!: string;

  @Field(() => ID)
  auditId!: string;
}
