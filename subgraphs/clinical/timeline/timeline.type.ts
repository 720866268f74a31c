import { Field, ID, ObjectType } from "type-graphql";

@ObjectType()
export class TimelineEncounter {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "ISO 8601 date." })
  date!: string;

  @Field(() => String, { description: "outpatient, inpatient, emergency or telehealth." })
  type!: string;

  @Field(() => String)
  chiefComplaint!: string;

  @Field(() => String, { nullable: true })
  facility!: string | null;
}

@ObjectType()
export class TimelineDiagnosis {
  @Field(() => String, { description: "ICD-10 code." })
  code!: string;

  @Field(() => String)
  display!: string;

  @Field(() => String)
  date!: string;

  @Field(() => String, { description: "chronic, acute or resolved." })
  status!: string;
}

@ObjectType()
export class TimelineMedication {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  dose!: string;

  @Field(() => String)
  frequency!: string;

  @Field(() => String, { description: "active, completed or stopped." })
  status!: string;

  @Field(() => String, { nullable: true, description: "RxNorm RxCUI when known." })
  rxnormCode!: string | null;
}

@ObjectType()
export class TimelineObservation {
  @Field(() => String, { description: "What was observed (LOINC display name)." })
  type!: string;

  @Field(() => String, { description: "Value with its unit." })
  value!: string;

  @Field(() => String)
  date!: string;

  @Field(() => String, { description: "LOINC code." })
  code!: string;
}

@ObjectType({ description: "A clinical document on the record: a generated SOAP note or an encounter note." })
export class TimelineDocument {
  @Field(() => ID, { description: "The document id (a SOAP note's document_id)." })
  id!: string;

  @Field(() => String, { description: "soap_note, encounter_note or digitized_document." })
  type!: string;

  @Field(() => String, { description: "ISO 8601 date it was written." })
  date!: string;

  @Field(() => String)
  title!: string;

  @Field(() => ID, { nullable: true, description: "The encounter it belongs to (a digitized document may have none)." })
  encounterId!: string | null;
}

/** Loads one section of a timeline; each runs its query only when first asked. */
export interface TimelineSectionLoaders {
  encounters(): Promise<TimelineEncounter[]>;
  diagnoses(): Promise<TimelineDiagnosis[]>;
  medications(): Promise<TimelineMedication[]>;
  observations(): Promise<TimelineObservation[]>;
  documents(): Promise<TimelineDocument[]>;
}

/**
 * The sections of a timeline. Each is read from the database only when the operation selects it, so
 * `timeline { diagnoses { code } }` runs one query, not seven (issue 14).
 */
@ObjectType()
export class TimelineEntries {
  constructor(private readonly load: TimelineSectionLoaders) {}

  @Field(() => [TimelineEncounter])
  get encounters(): Promise<TimelineEncounter[]> {
    return this.load.encounters();
  }

  @Field(() => [TimelineDiagnosis])
  get diagnoses(): Promise<TimelineDiagnosis[]> {
    return this.load.diagnoses();
  }

  @Field(() => [TimelineMedication])
  get medications(): Promise<TimelineMedication[]> {
    return this.load.medications();
  }

  @Field(() => [TimelineObservation])
  get observations(): Promise<TimelineObservation[]> {
    return this.load.observations();
  }

  @Field(() => [TimelineDocument], { description: "Clinical documents written in the window (SOAP notes, encounter notes), newest first." })
  get documents(): Promise<TimelineDocument[]> {
    return this.load.documents();
  }
}

@ObjectType({ description: "A patient's history for retrieval-augmented context." })
export class PatientTimeline {
  @Field(() => ID)
  uhid!: string;

  @Field(() => TimelineEntries)
  timeline!: TimelineEntries;

  @Field(() => String, { description: "Length of the history window, as a count of days." })
  contextWindow!: string;
}
