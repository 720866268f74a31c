import { Field, ID, ObjectType } from "type-graphql";

@ObjectType({ description: "An encounter in the window." })
export class TimelineEncounter {
  @Field(() => ID, { description: "Encounter id (UUID)." })
  id!: string;

  @Field(() => String, { description: "ISO 8601 date." })
  date!: string;

  @Field(() => String, { description: "outpatient, inpatient, emergency or telehealth." })
  type!: string;

  @Field(() => String, { description: "The chief complaint, as recorded." })
  chiefComplaint!: string;

  @Field(() => String, { nullable: true, description: "Where it took place; null when not recorded." })
  facility!: string | null;
}

@ObjectType({ description: "A diagnosis made in the window, or chronic at any date." })
export class TimelineDiagnosis {
  @Field(() => String, { description: "ICD-10 code." })
  code!: string;

  @Field(() => String, { description: "Name of the diagnosis." })
  display!: string;

  @Field(() => String, { description: "Date of diagnosis, ISO 8601 (YYYY-MM-DD)." })
  date!: string;

  @Field(() => String, { description: "chronic, acute or resolved." })
  status!: string;
}

@ObjectType({ description: "A medication started in the window, or active at any start date." })
export class TimelineMedication {
  @Field(() => String, { description: "Name of the medication, as recorded." })
  name!: string;

  @Field(() => String, { description: "Dose, as recorded." })
  dose!: string;

  @Field(() => String, { description: "Frequency, as recorded." })
  frequency!: string;

  @Field(() => String, { description: "active, completed or stopped." })
  status!: string;

  @Field(() => String, { nullable: true, description: "RxNorm RxCUI when known." })
  rxnormCode!: string | null;
}

@ObjectType({ description: "An observation (a vital sign, a lab result, a screen) in the window." })
export class TimelineObservation {
  @Field(() => String, { description: "What was observed (LOINC display name)." })
  type!: string;

  @Field(() => String, { description: "Value with its unit." })
  value!: string;

  @Field(() => String, { description: "Date observed, ISO 8601 (YYYY-MM-DD)." })
  date!: string;

  @Field(() => String, { description: "LOINC code." })
  code!: string;
}

@ObjectType({ description: "A clinical document on the record: a generated SOAP note, an encounter note or a digitized document." })
export class TimelineDocument {
  @Field(() => ID, { description: "The document id (a SOAP note's document_id)." })
  id!: string;

  @Field(() => String, { description: "soap_note, encounter_note or digitized_document." })
  type!: string;

  @Field(() => String, { description: "ISO 8601 date it was written." })
  date!: string;

  @Field(() => String, { description: "What it is in words, e.g. SOAP note (encounter of 2026-11-02)." })
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
@ObjectType({ description: "The sections of a timeline, newest first; each is read only when selected." })
export class TimelineEntries {
  constructor(private readonly load: TimelineSectionLoaders) {}

  @Field(() => [TimelineEncounter], { description: "Encounters dated in the window." })
  get encounters(): Promise<TimelineEncounter[]> {
    return this.load.encounters();
  }

  @Field(() => [TimelineDiagnosis], { description: "Diagnoses dated in the window, and chronic ones whatever their date." })
  get diagnoses(): Promise<TimelineDiagnosis[]> {
    return this.load.diagnoses();
  }

  @Field(() => [TimelineMedication], { description: "Medications started in the window, and active ones whatever their start." })
  get medications(): Promise<TimelineMedication[]> {
    return this.load.medications();
  }

  @Field(() => [TimelineObservation], { description: "Observations dated in the window." })
  get observations(): Promise<TimelineObservation[]> {
    return this.load.observations();
  }

  @Field(() => [TimelineDocument], { description: "Clinical documents written in the window (SOAP notes, encounter notes, digitized documents), newest first." })
  get documents(): Promise<TimelineDocument[]> {
    return this.load.documents();
  }
}

@ObjectType({ description: "A patient's history for retrieval-augmented context." })
export class PatientTimeline {
  @Field(() => ID, { description: "The patient's UHID, e.g. UG-2024-000001." })
  uhid!: string;

  @Field(() => TimelineEntries, { description: "The record in the window, by section." })
  timeline!: TimelineEntries;

  @Field(() => String, { description: "Length of the history window, as a count of days." })
  contextWindow!: string;
}
