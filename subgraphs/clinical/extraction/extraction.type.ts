import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Entity extraction request (spec: Entity extraction request)." })
export class EntityExtractionInput {
  @Field(() => String, { description: "Clinical free text (at most 50,000 characters; longer is 413)." })
  text!: string;
}

@ObjectType({ description: "Dose, route, frequency and duration written after a medication name (null when not written)." })
export class MedicationInstructions {
  @Field(() => String, { nullable: true, description: 'Amount and unit as written, e.g. "500 mg", "2.4 mg/kg".' })
  dose!: string | null;

  @Field(() => String, { nullable: true, description: "oral, intravenous, intramuscular, subcutaneous, sublingual, rectal, vaginal, inhaled, topical or ophthalmic." })
  route!: string | null;

  @Field(() => String, { nullable: true, description: "once daily, twice daily, three times daily, four times daily, every 4 hours, weekly, as needed, once (stat)." })
  frequency!: string | null;

  @Field(() => String, { nullable: true, description: 'e.g. "5 days".' })
  duration!: string | null;
}

/** Fields every extracted entity shares: what was written, where, and how it was asserted. */
@ObjectType({ description: "A span of the note recognised as a clinical entity." })
export class ExtractedEntitySpan {
  @Field(() => String, { description: "The text as written (text.slice(start, end))." })
  text!: string;

  @Field(() => Int, { description: "Offset of the first character (UTF-16 code units, as JavaScript strings count)." })
  start!: number;

  @Field(() => Int, { description: "Offset after the last character." })
  end!: number;

  @Field(() => String, { nullable: true, description: "Code in `system`; null when the vocabulary has no confirmed code for the term." })
  code!: string | null;

  @Field(() => String, { description: "ICD-10, RxNorm, SNOMED-CT or LOINC." })
  system!: string;

  @Field(() => String, { description: "The vocabulary's name for the concept." })
  display!: string;

  @Field(() => String, { description: "present, possible (rule out, suspected, ?) or historical (history of, s/p)." })
  assertion!: string;

  @Field(() => Float, { description: "0-1: 0.95 for a lexicon term, 0.85 for a generated one, lowered when the spelling was corrected or the mention is not plainly present." })
  confidence!: number;
}

@ObjectType({ description: "A diagnosis, procedure or lab test." })
export class CodedEntity extends ExtractedEntitySpan {
  @Field(() => Boolean, { description: "True only when the code is in the shipped code list of its system." })
  validated!: boolean;
}

@ObjectType({ description: "A medication, with the instructions written after it." })
export class MedicationEntity extends CodedEntity {
  @Field(() => MedicationInstructions, { description: "Dose, route, frequency and duration as read from the note." })
  instructions!: MedicationInstructions;
}

@ObjectType({ description: "A symptom or sign (spec: no validated flag)." })
export class SymptomEntity extends ExtractedEntitySpan {}

@ObjectType({ description: "A mention that is not about the patient's current or past state: negated, family history, hypothetical or allergy." })
export class ExcludedEntity extends ExtractedEntitySpan {
  @Field(() => String, { description: "diagnosis, symptom, medication, procedure or lab_test." })
  type!: string;
}

@ObjectType({ description: "Age and sex as the note states them." })
export class ExtractedDemographics {
  @Field(() => Int, { nullable: true, description: "Whole years; 0 under one year." })
  age!: number | null;

  @Field(() => Int, { nullable: true, description: "Whole months, for a child under two whose age the note gives in months, weeks or days." })
  ageMonths!: number | null;

  @Field(() => String, { nullable: true, description: "male or female, as the note states it." })
  gender!: string | null;
}

@ObjectType({ description: "The entities found, by kind (mentions about the patient that are present, possible or historical), and the mentions left out." })
export class ExtractedEntities {
  @Field(() => [CodedEntity], { description: "Diagnoses, coded in ICD-10-CM (system ICD-10)." })
  diagnoses!: CodedEntity[];

  @Field(() => [MedicationEntity], { description: "Medications, coded as RxNorm ingredient RxCUIs." })
  medications!: MedicationEntity[];

  @Field(() => [SymptomEntity], { description: "Symptoms and signs, coded in SNOMED CT." })
  symptoms!: SymptomEntity[];

  @Field(() => [CodedEntity], { description: "Procedures, coded in SNOMED CT." })
  procedures!: CodedEntity[];

  @Field(() => [CodedEntity], { description: "Lab tests, coded in LOINC." })
  labTests!: CodedEntity[];

  @Field(() => ExtractedDemographics, { description: "Age and sex stated in the note." })
  demographics!: ExtractedDemographics;

  @Field(() => [ExcludedEntity], { description: "Mentions left out of the lists above, with why (assertion absent, family, hypothetical or allergy)." })
  excluded!: ExcludedEntity[];
}

@ObjectType({ description: "Entity extraction result (spec). Advisory." })
export class EntityExtractionResult {
  @Field(() => ExtractedEntities, { description: "The entities found, by kind, and the mentions left out." })
  entities!: ExtractedEntities;

  @Field(() => Float, { description: "Mean confidence of the reported entities (0 when none)." })
  confidence!: number;

  @Field(() => Int, { description: "Time spent on the request, in milliseconds." })
  processingTimeMs!: number;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
