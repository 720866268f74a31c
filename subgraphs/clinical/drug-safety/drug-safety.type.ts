import { ArrayMaxSize, IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "A medication by RxNorm code and name." })
export class MedicationRefInput {
  @Field(() => String, { description: "RxNorm RxCUI (ingredient); may be empty when unknown." })
  @Length(0, 32)
  code!: string;

  @Field(() => String, { description: "Name as written, e.g. Warfarin 5mg; strength, form, route, schedule and salt words are ignored when matching." })
  @Length(1, 200)
  name!: string;
}

@InputType({ description: "Spec, drug interaction request: a new medication against current medications, conditions and allergies." })
export class DrugInteractionCheckInput {
  @Field(() => MedicationRefInput, { description: "The medication to check." })
  @ValidateNested()
  newMedication!: MedicationRefInput;

  @Field(() => [MedicationRefInput], { description: "Medications the patient takes now (at most 50); each is checked against the new one, not against each other." })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  currentMedications!: MedicationRefInput[];

  @Field(() => [String], { nullable: true, description: "ICD-10 codes; when omitted, the patient's recorded (non-resolved) diagnoses if patientUhid is given." })
  @IsOptional()
  @ArrayMaxSize(100)
  conditions?: string[] | null;

  @Field(() => [String], { nullable: true, description: "Allergies (substance or class names); when omitted, the patient's recorded allergies if patientUhid is given." })
  @IsOptional()
  @ArrayMaxSize(50)
  allergies?: string[] | null;

  @Field(() => String, { nullable: true, description: "Patient whose recorded conditions and allergies fill in omitted lists, and whose birth date gives the age when neither patientBirthDate nor patientAgeYears is given." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;

  @Field(() => String, { nullable: true, description: "Patient's birth date (YYYY-MM-DD): the age rules (paediatric, neonatal, older-adult) use the age in days and completed years at today's date in Kampala. Give this or patientAgeYears, not both." })
  @IsOptional()
  patientBirthDate?: string | null;

  @Field(() => Float, { nullable: true, description: "Patient's age in years, 0 to 130; a fraction for infants (0.5 is six months; day bounds compare years x 365.25). Give this or patientBirthDate, not both; prefer the birth date for neonates." })
  @IsOptional()
  patientAgeYears?: number | null;

  @Field(() => String, { nullable: true, description: "Patient's sex: female, male, other or unknown (HL7 FHIR AdministrativeGender), for the age rules of one sex (valproate in women of childbearing potential); when omitted, the patient's recorded sex if patientUhid is given. Not female or male: those rules are not applied, and a warning says so." })
  @IsOptional()
  patientSex?: string | null;

  @Field(() => Float, { nullable: true, description: "The patient's eGFR in mL/min/1.73 m² (0 to 200), e.g. from the lab slip: the renal drug-condition rules (metformin, nitrofurantoin, tenofovir DF, NSAIDs, potassium-sparing diuretics) apply from it without a kidney diagnosis. Default with a patientUhid: computed from the patient's most recent serum creatinine on the record (last 90 days) with CKD-EPI 2021, as prescription verification does (see kidneyFunction)." })
  @IsOptional()
  egfr?: number | null;
}

@ObjectType({ description: "One finding of a drug check (spec: interactions[])." })
export class DrugInteractionFinding {
  @Field(() => String, { description: "drug-drug, drug-condition, drug-allergy or drug-age (the new medication at the patient's age; only when an age is known)." })
  type!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => [String], { description: "The medications concerned, as given: two for drug-drug, the new medication alone otherwise." })
  drugs!: string[];

  @Field(() => String, { description: "What the problem is." })
  description!: string;

  @Field(() => String, { description: "What to do about it." })
  recommendation!: string;

  @Field(() => String, { nullable: true, description: "How it happens, where the rule says (e.g. Same ingredient; for allergies the cross-reactivity); null otherwise." })
  mechanism!: string | null;

  @Field(() => String, { description: "Published source of the rule." })
  source!: string;

  @Field(() => String, { description: "Id of the knowledge-base rule that matched (e.g. duplicate-ingredient, allergy-same_class)." })
  ruleId!: string;
}

@ObjectType({ description: "A drug-condition contraindication." })
export class DrugContraindication {
  @Field(() => String, { description: "The medication, by its knowledge-base name." })
  drug!: string;

  @Field(() => String, { description: "The ICD-10 code that matched, or the eGFR (\"eGFR 24\") when a renal rule applied from the patient's kidney function without a diagnosis." })
  conditionCode!: string;

  @Field(() => String, { description: "The condition the rule is about." })
  condition!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => String, { description: "What the problem is." })
  description!: string;

  @Field(() => String, { description: "What to do about it." })
  recommendation!: string;

  @Field(() => String, { description: "Published source of the rule." })
  source!: string;

  @Field(() => String, { description: "Id of the knowledge-base rule that matched." })
  ruleId!: string;
}

@ObjectType({ description: "A drug-allergy alert, including class cross-reactivity." })
export class DrugAllergyAlert {
  @Field(() => String, { description: "The medication the allergy concerns." })
  drug!: string;

  @Field(() => String, { description: "The allergy as recorded." })
  allergen!: string;

  @Field(() => String, { nullable: true, description: "The allergen group it was recognised as." })
  allergenGroup!: string | null;

  @Field(() => String, { description: "same_drug, same_class or cross_class." })
  crossReactivity!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => String, { description: "What the problem is." })
  description!: string;

  @Field(() => String, { description: "What to do about it." })
  recommendation!: string;

  @Field(() => String, { description: "Source of the alert: a published source, or the recorded allergy itself." })
  source!: string;
}

@ObjectType({ description: "A drug-age warning: the new medication at the patient's age (paediatric, neonatal or older-adult rule)." })
export class DrugAgeAlert {
  @Field(() => String, { description: "The medication, by its knowledge-base name." })
  drug!: string;

  @Field(() => String, { description: "The age band the rule is about, e.g. Children under 12 years." })
  population!: string;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => String, { description: "What the problem is." })
  description!: string;

  @Field(() => String, { description: "What to do about it." })
  recommendation!: string;

  @Field(() => String, { description: "Published source of the rule." })
  source!: string;

  @Field(() => String, { description: "Id of the knowledge-base rule that matched (drug-age.json)." })
  ruleId!: string;
}

@ObjectType({ description: "A medication as given in the request." })
export class MedicationRef {
  @Field(() => String, { nullable: true, description: "RxCUI as given; null when none was given." })
  code!: string | null;

  @Field(() => String, { description: "Name as given." })
  name!: string;
}

@ObjectType({ description: "How a medication was recognised." })
export class IdentifiedMedication {
  @Field(() => String, { nullable: true, description: "RxCUI as given; null when none was given." })
  code!: string | null;

  @Field(() => String, { description: "Name as given." })
  name!: string;

  @Field(() => String, { description: "Knowledge-base drug id." })
  drugId!: string;

  @Field(() => String, { description: "rxcui or name." })
  matchedBy!: string;
}

@ObjectType({ description: "The kidney function a check used: the eGFR given, or computed from the patient's recorded creatinine, or none." })
export class KidneyFunctionUsed {
  @Field(() => Float, { nullable: true, description: "eGFR in mL/min/1.73 m² (whole number) the renal checks used; null when none was given or could be computed." })
  egfr!: number | null;

  @Field(() => String, { description: "Where the eGFR came from: request (given), patient_record_creatinine (computed from the recorded creatinine) or none (renal rules apply only from a kidney diagnosis)." })
  source!: string;

  @Field(() => Float, { nullable: true, description: "The recorded serum creatinine used or considered, as recorded; null when none in the last 90 days." })
  creatinineValue!: number | null;

  @Field(() => String, { nullable: true, description: "Its unit as recorded (mg/dL or µmol/L)." })
  creatinineUnit!: string | null;

  @Field(() => String, { nullable: true, description: "Its LOINC code (2160-0 mass concentration, 14682-9 substance concentration)." })
  creatinineLoinc!: string | null;

  @Field(() => String, { nullable: true, description: "Date of that creatinine (YYYY-MM-DD)." })
  measuredOn!: string | null;

  @Field(() => String, { nullable: true, description: "The equation that computed the eGFR (CKD-EPI 2021 without race); null when the eGFR was given or none was computed." })
  equation!: string | null;

  @Field(() => String, { nullable: true, description: "Why a recorded creatinine gave no eGFR (patient under 18: the Schwartz equation needs height; sex or age unknown; unit not mg/dL or µmol/L; censored value)." })
  note!: string | null;
}

@ObjectType({ description: "Drug safety check (spec: Drug interaction result). Advisory: requires professional review." })
export class DrugInteractionResult {
  @Field(() => Boolean, { description: "True only when nothing was found and every medication was identified." })
  safe!: boolean;

  @Field(() => [DrugInteractionFinding], { description: "All findings (drug-drug, drug-condition, drug-allergy, drug-age), most severe first." })
  interactions!: DrugInteractionFinding[];

  @Field(() => [DrugContraindication], { description: "Drug-condition findings with the ICD-10 code that matched." })
  contraindications!: DrugContraindication[];

  @Field(() => [DrugAllergyAlert], { description: "Drug-allergy findings, including cross-reactivity between classes." })
  allergyAlerts!: DrugAllergyAlert[];

  @Field(() => [DrugAgeAlert], { description: "Drug-age findings (also in interactions as type drug-age); empty when no age was known." })
  ageAlerts!: DrugAgeAlert[];

  @Field(() => [MedicationRef], { description: "Not in the knowledge base, so NOT checked." })
  unidentifiedMedications!: MedicationRef[];

  @Field(() => [String], { description: "Allergies the knowledge base could not interpret: not checked (beyond an exact name), so the answer is not safe." })
  unrecognizedAllergies!: string[];

  @Field(() => [IdentifiedMedication], { description: "The medications recognised, with the knowledge-base drug each was matched to." })
  identifiedMedications!: IdentifiedMedication[];

  @Field(() => [String], { description: "What was not checked or needs confirming (unknown medications, uninterpreted allergies, a code naming another drug than the name, age rules not applied for want of an age)." })
  warnings!: string[];

  @Field(() => String, { description: "request, patient_record or none." })
  conditionsSource!: string;

  @Field(() => String, { description: "request, patient_record or none." })
  allergiesSource!: string;

  @Field(() => String, { description: "Where the age came from: request (patientBirthDate or patientAgeYears), patient_record (the registry's birth date) or none (the age rules were not applied; warnings name those of the medication)." })
  ageSource!: string;

  @Field(() => Float, { nullable: true, description: "The age the rules used, in years: completed years from a birth date, or as given; null when none was known." })
  patientAgeYears!: number | null;

  @Field(() => Int, { nullable: true, description: "The age the rules used, in days: since birth, or the years given x 365.25; null when none was known." })
  patientAgeDays!: number | null;

  @Field(() => KidneyFunctionUsed, { description: "The eGFR the renal rules used and where it came from (given, computed from the recorded creatinine, or none)." })
  kidneyFunction!: KidneyFunctionUsed;

  @Field(() => Int, { description: "Time spent on the check, in milliseconds." })
  processingTimeMs!: number;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "Audit record of this check (for overrides)." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
