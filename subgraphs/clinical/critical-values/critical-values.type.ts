import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, ObjectType } from "type-graphql";
import { QuantityComparator } from "./censored-result.js";

@InputType({ description: "A lab result as reported: LOINC code, value and unit." })
export class LabObservationInput {
  @Field(() => String, { description: "LOINC code, e.g. 2823-3 (potassium). Critical values and the lab assistant's interpretation also take a local code (\"K\", \"GLU\") or an empty one when the display names exactly one test; the answer's warnings say how it was identified." })
  @Length(0, 20)
  code!: string;

  @Field(() => String, { nullable: true, description: "The test's name as written (e.g. Potassium, K+); a name of another test than the code is refused (critical values: 400). The name stored and returned is always the code's LOINC name." })
  @IsOptional()
  @Length(1, 200)
  display?: string | null;

  @Field(() => Float, { nullable: true, description: "The result, a finite number of at least 0, in unit (with comparator, the printed bound); a value impossible for the test is refused (400). Exactly one of value and valueText (400 otherwise)." })
  @IsOptional()
  value?: number | null;

  @Field(() => String, { nullable: true, description: "The result as the analyser, meter or laboratory system printed it, read as the number it states: a decimal comma (\"2,8\"), thousand separators (\"1,200\"), a comparator (\"< 1.5\", \"> 33.3\"), a power-of-ten unit (\"2.1x10^9/L\"), the sender's flag (\"6.9 H\", not read), a glucometer's HI/LO or a HemoCue's HHH (the device's measuring-range bound with comparator > or <, for a test whose bounds are held). Text stating no number (\"see comment\", \"QNS\") is refused (400), as is a unit in it that contradicts unit. The answer echoes the number read as value, with comparator, and this text as valueText. Exactly one of value and valueText." })
  @IsOptional()
  @Length(1, 100)
  valueText?: string | null;

  @Field(() => QuantityComparator, { nullable: true, description: "For a censored result (a glucometer's HI/LO, an analyser's \">33.3\" or \"<0.5\"): how the true value relates to `value`, which is then the printed bound (FHIR Quantity.comparator). Critical only when every value the bound allows is critical; otherwise not asserted critical, with a warning. Omit for a measured value." })
  @IsOptional()
  comparator?: QuantityComparator | null;

  @Field(() => String, { nullable: true, description: "Unit of the value (e.g. mmol/L, mg/dL); conversions are applied." })
  @IsOptional()
  @Length(0, 20)
  unit?: string | null;
}

@InputType({ description: "Spec, critical value request." })
export class CriticalValueCheckInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => LabObservationInput, { description: "The result to assess." })
  @ValidateNested()
  observation!: LabObservationInput;

  @Field(() => String, { nullable: true, description: "Provider to alert; defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  providerId?: string | null;
}

@ObjectType({ description: "Critical lab value assessment (spec: Critical value result). Advisory." })
export class CriticalValueResult {
  @Field(() => Boolean, { description: "True when the value is beyond a critical limit (deviation severely_low or severely_high)." })
  isCritical!: boolean;

  @Field(() => String, { description: "high (critical), moderate (outside the reference interval) or routine." })
  urgency!: string;

  @Field(() => Float, { description: "Echo of the submitted value; for valueText, the number read from it (a device's HI/LO: its measuring-range bound, with comparator)." })
  value!: number;

  @Field(() => String, { nullable: true, description: "Echo of the submitted valueText, as received; null when the result was sent as value." })
  valueText!: string | null;

  @Field(() => String, { nullable: true, description: "Echo of the submitted comparator as its FHIR code (<, <=, >=, >): the value is a censored bound; null for a measured value." })
  comparator!: string | null;

  @Field(() => String, { description: "Reference interval with unit." })
  normalRange!: string;

  @Field(() => String, { description: "severely_low, low, normal, high or severely_high." })
  deviation!: string;

  @Field(() => String, { description: "What the result means, in words." })
  clinicalSignificance!: string;

  @Field(() => [String], { description: "What to do: the knowledge base's actions for a critical value, general advice outside the reference interval, none inside it." })
  recommendedActions!: string[];

  @Field(() => Boolean, { description: "True when the automatic critical-alert reached a clinician (the ordering provider or, failing that, the on-call contact)." })
  notificationSent!: boolean;

  @Field(() => String, { nullable: true, description: "How the clinician was reached: provider, on_call (the provider had no usable contact) or none; null when no alert was sent." })
  clinicianAlert!: string | null;

  @Field(() => String, { nullable: true, description: "Id of the patient's notification of the critical alert (UUID); null when no alert was sent." })
  notificationId!: string | null;

  @Field(() => String, { nullable: true, description: "Why no notification was sent for a critical value, or why it went to the on-call contact instead of the provider." })
  notificationError!: string | null;

  @Field(() => [String], { description: "What the answer cannot vouch for, e.g. a patient under 18 assessed against adult limits." })
  warnings!: string[];

  @Field(() => String, { description: "Critical limits with unit, exactly the thresholds applied (in the unit given, rounded to 3 significant figures in the safe direction)." })
  criticalLimits!: string;

  @Field(() => String, { description: "The LOINC code assessed." })
  loincCode!: string;

  @Field(() => String, { description: "The test's LOINC name, from the code (never the request's display)." })
  testName!: string;

  @Field(() => Float, { description: "The value converted to canonicalUnit, the unit the limits are written in." })
  canonicalValue!: number;

  @Field(() => String, { description: "The test's canonical unit, e.g. mmol/L." })
  canonicalUnit!: string;

  @Field(() => ID, { description: "The observation stored on the patient's timeline." })
  observationId!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
