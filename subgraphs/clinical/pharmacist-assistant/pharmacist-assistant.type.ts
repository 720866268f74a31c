import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { DrugAgeAlert, DrugAllergyAlert, DrugContraindication, DrugInteractionFinding, KidneyFunctionUsed, MedicationRefInput } from "../drug-safety/drug-safety.type.js";

@InputType({ description: "One medicine of a prescription." })
export class PrescriptionItemInput {
  @Field(() => String, { nullable: true, description: "RxNorm ingredient RxCUI when known." })
  @IsOptional()
  @Length(0, 20)
  code?: string | null;

  @Field(() => String, { description: "Name as written, e.g. Amoxicillin 500mg." })
  @Length(1, 200)
  name!: string;

  @Field(() => String, { nullable: true, description: "e.g. 500 mg, 2 tablets." })
  @IsOptional()
  @Length(0, 100)
  dose?: string | null;

  @Field(() => String, { nullable: true, description: "e.g. bd, tds for 5 days, q8h, PRN." })
  @IsOptional()
  @Length(0, 100)
  frequency?: string | null;
}

@InputType({ description: "A prescription to verify, and optionally the patient it is for." })
export class VerifyPrescriptionInput {
  @Field(() => String, { nullable: true, description: "Patient whose active medicines, diagnoses and allergies the items are checked against." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;

  @Field(() => [PrescriptionItemInput], { description: "The medicines prescribed, 1 to 30." })
  @ValidateNested({ each: true })
  items!: PrescriptionItemInput[];

  @Field(() => [String], { nullable: true, description: "ICD-10 codes; default: the patient's non-resolved diagnoses." })
  @IsOptional()
  conditions?: string[] | null;

  @Field(() => [String], { nullable: true, description: "Default: the patient's recorded allergies." })
  @IsOptional()
  allergies?: string[] | null;

  @Field(() => String, { nullable: true, description: "Patient's birth date (YYYY-MM-DD) for the age rules; default: the patient's recorded birth date. Give this or patientAgeYears, not both." })
  @IsOptional()
  patientBirthDate?: string | null;

  @Field(() => Float, { nullable: true, description: "Patient's age in years (0 to 130; a fraction for infants) for the age rules; default: from the patient's recorded birth date." })
  @IsOptional()
  patientAgeYears?: number | null;

  @Field(() => Float, { nullable: true, description: "Patient's body weight in kg (more than 0, at most 250): a child's (under 18) daily dose is checked against the maximum per kg for this weight (items[].weightDoseCheck). The patient record holds no weight: give it for a child, or the dose is not checked by weight (a warning)." })
  @IsOptional()
  patientWeightKg?: number | null;

  @Field(() => Float, { nullable: true, description: "The patient's eGFR in mL/min/1.73 m² (0 to 200), e.g. from the lab slip: renal rules (metformin, nitrofurantoin, tenofovir DF, NSAIDs, potassium-sparing diuretics) and lower renal maxima (gabapentin, allopurinol, ciprofloxacin) apply from it without a kidney diagnosis. Default with a patientUhid: computed from the patient's most recent serum creatinine on the record (last 90 days) with CKD-EPI 2021 (see kidneyFunction)." })
  @IsOptional()
  egfr?: number | null;
}

@ObjectType({ description: "Something that keeps the prescription from being verified." })
export class VerificationIssue {
  @Field(() => Int, { nullable: true, description: "Index of the item (0-based), or null for the prescription as a whole." })
  item!: number | null;

  @Field(() => String, { nullable: true, description: "The item's field concerned (name, code, dose, frequency, route: a route the product may not be given by, or duration: an antibacterial with no course length); null for a finding about the prescription or a pair." })
  field!: string | null;

  @Field(() => String, { description: "contraindicated, major, moderate or minor." })
  severity!: string;

  @Field(() => String, { description: "The issue in words." })
  message!: string;
}

@ObjectType({ description: "How an item was read." })
export class VerifiedItem {
  @Field(() => String, { description: "Name as given." })
  name!: string;

  @Field(() => String, { nullable: true, description: "RxCUI as given; null when none was given." })
  code!: string | null;

  @Field(() => String, { nullable: true, description: "Knowledge-base drug id it was identified as; null when not identified." })
  drugId!: string | null;

  @Field(() => String, { nullable: true, description: "rxcui or name; null when not identified." })
  matchedBy!: string | null;

  @Field(() => String, { nullable: true, description: "Dose as given; null when none was given." })
  dose!: string | null;

  @Field(() => Boolean, { description: "True when the dose is a number with a unit or form (e.g. 500 mg, 2 tablets)." })
  doseParseable!: boolean;

  @Field(() => String, { nullable: true, description: "Frequency as given; null when none was given." })
  frequency!: string | null;

  @Field(() => String, { nullable: true, description: "How the frequency was read: once_daily, once_daily_night, twice_daily, three_times_daily, four_times_daily, every_<n>_hours (q6h, 6 hrly, 6-hourly…), stat, prn, prn_every_<n>_hours (q6h prn) or every_<a>_to_<b>_hours (4-6 hourly: as needed, at most every <a> hours), once_weekly (once weekly, kila wiki; the maximum a day is checked on the day it is given); null when it could not be read." })
  frequencyPattern!: string | null;

  @Field(() => String, {
    description:
      "The day's total against the adult maximum daily dose (knowledge/drugs.json, sourced per drug): within_adult_maximum, above_adult_maximum (a major issue), not_checked_unreadable (the drug has a maximum but the total could not be worked out: a warning), not_checked_prn (as needed: the single dose is checked, the day's total cannot be), not_checked_no_maximum (no sourced maximum for this drug: the dose was NOT checked against a maximum). As needed at most every N hours (q6h prn, 4-6 hourly) is checked at the most doses that allows (the worst case, said in doseCheckNote); a combination product is checked per component with a maximum. The same ingredient on several items is summed across them: above the maximum, an issue with item null and field dose.",
  })
  doseCheck!: string;

  @Field(() => Float, { nullable: true, description: "The day's total in mg (dose × doses a day), when it could be worked out." })
  dailyDoseMg!: number | null;

  @Field(() => Float, { nullable: true, description: "The adult maximum per day in mg; null when none is sourced for this drug." })
  maxDailyDoseMg!: number | null;

  @Field(() => String, { nullable: true, description: "The dose check in words." })
  doseCheckNote!: string | null;

  @Field(() => String, { nullable: true, description: "Source of the adult maximum (BNF, WHO Model Formulary, SmPC)." })
  doseCheckSource!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A child's (under 18) day's total against the maximum for the child's weight (mg/kg a day × patientWeightKg, capped by the source's absolute maximum and the adult maximum; knowledge/drugs.json paediatric_max_daily_dose, BNF for Children / WHO Pocket Book, sourced per age band): within_weight_maximum, above_weight_maximum (a major issue, the arithmetic in weightDoseCheckNote), not_checked_no_weight (no patientWeightKg: a warning), not_checked_no_paediatric_maximum (no sourced band for this drug at this age or route: a warning), not_checked_unreadable (the day's total could not be worked out: a warning), not_applicable_local (eye, ear or skin preparation). Null for an adult, when no age is known, or for an unidentified medicine.",
  })
  weightDoseCheck!: string | null;

  @Field(() => Float, { nullable: true, description: "The most for this child per day in mg (weight × mg/kg, capped), when worked out." })
  weightMaxDailyDoseMg!: number | null;

  @Field(() => String, { nullable: true, description: "The weight-based check in words, with its arithmetic." })
  weightDoseCheckNote!: string | null;

  @Field(() => String, { nullable: true, description: "Source of the weight-based maximum (BNF for Children, WHO Pocket Book of Hospital Care for Children)." })
  weightDoseCheckSource!: string | null;
}

@ObjectType({ description: "Two medicines of the same ATC-coded therapeutic class." })
export class DuplicateTherapy {
  @Field(() => [String], { description: "The two medicines." })
  drugs!: string[];

  @Field(() => String, { description: "The class they share." })
  drugClass!: string;

  @Field(() => String, { nullable: true, description: "ATC code of the class." })
  atc!: string | null;

  @Field(() => String, { description: "prescription or active_medication." })
  against!: string;
}

@ObjectType({ description: "Prescription verification. Advisory." })
export class PrescriptionVerificationResult {
  @Field(() => Boolean, { description: "True only when every item is identified, dosed and timed and nothing was found. The dose is checked against an adult maximum only where items[].doseCheck says so (not_checked_no_maximum: no sourced maximum for that drug)." })
  verified!: boolean;

  @Field(() => [VerifiedItem], { description: "Each item as read, in request order." })
  items!: VerifiedItem[];

  @Field(() => [VerificationIssue], { description: "Most severe first." })
  issues!: VerificationIssue[];

  @Field(() => [DrugInteractionFinding], { description: "Drug-drug findings between items and with the patient's active medicines." })
  interactions!: DrugInteractionFinding[];

  @Field(() => [DrugContraindication], { description: "Drug-condition findings." })
  contraindications!: DrugContraindication[];

  @Field(() => [DrugAllergyAlert], { description: "Drug-allergy findings." })
  allergyAlerts!: DrugAllergyAlert[];

  @Field(() => [DrugAgeAlert], { description: "Drug-age findings (paediatric, neonatal, older-adult rules) of the items at the patient's age; empty when no age is known (see ageSource)." })
  ageAlerts!: DrugAgeAlert[];

  @Field(() => [DuplicateTherapy], { description: "Pairs of medicines in the same ATC-coded class." })
  duplicateTherapy!: DuplicateTherapy[];

  @Field(() => [String], { description: "What was not checked or needs confirming (unknown medicines, uninterpreted allergies, code mismatches)." })
  warnings!: string[];

  @Field(() => String, { description: "request, patient_record or none." })
  conditionsSource!: string;

  @Field(() => String, { description: "request, patient_record or none." })
  allergiesSource!: string;

  @Field(() => String, { description: "Where the age for the age rules came from: request, patient_record (the registry's birth date) or none (not applied)." })
  ageSource!: string;

  @Field(() => KidneyFunctionUsed, { description: "The eGFR the renal checks used and where it came from (given, computed from the recorded creatinine, or none)." })
  kidneyFunction!: KidneyFunctionUsed;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "Medicines to counsel on: given, or the patient's active medicines." })
export class CounselingPointsInput {
  @Field(() => [MedicationRefInput], { nullable: true, description: "Default: the patient's active medicines." })
  @IsOptional()
  @ValidateNested({ each: true })
  medications?: MedicationRefInput[] | null;

  @Field(() => String, { nullable: true, description: "Patient whose active medicines are used when medications is not given." })
  @IsOptional()
  @Length(1, 64)
  patientUhid?: string | null;
}

@ObjectType({ description: "Counseling points for one medicine." })
export class CounselingPoints {
  @Field(() => String, { description: "The medicine, as given or recorded." })
  medication!: string;

  @Field(() => String, { nullable: true, description: "Knowledge-base drug id it was identified as; null when not identified." })
  drugId!: string | null;

  @Field(() => Boolean, { description: "False when we have no sourced counseling points for this medicine." })
  available!: boolean;

  @Field(() => [String], { description: "How to take it; empty when not available." })
  howToTake!: string[];

  @Field(() => [String], { description: "Common side effects; empty when not available." })
  commonSideEffects!: string[];

  @Field(() => [String], { description: "Warnings for the patient; empty when not available." })
  warnings!: string[];

  @Field(() => String, { nullable: true, description: "Published source of the points (e.g. NHS Medicines A to Z, WHO guidelines); null when not available." })
  source!: string | null;

  @Field(() => String, { nullable: true, description: "Why no points are given (no sourced entry, or not in the drug knowledge base); null when available." })
  note!: string | null;
}

@ObjectType({ description: "Patient counseling points per medicine, from sourced data. Advisory." })
export class CounselingPointsResult {
  @Field(() => [CounselingPoints], { description: "One entry per medicine." })
  medications!: CounselingPoints[];

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
