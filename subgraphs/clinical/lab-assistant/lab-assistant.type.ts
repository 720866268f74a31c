import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { QuantityComparator } from "../critical-values/censored-result.js";

@InputType({ description: "A lab result as reported: a number (value, with unit) or a qualitative result (valueText), never both; the test named by a LOINC code, a local code or its display." })
export class LabInterpretationObservationInput {
  @Field(() => String, { description: "LOINC code, e.g. 2823-3 (potassium), or a local code (\"K\", \"HBSAG\") or an empty one when the display names exactly one test; the answer's warnings say how it was identified." })
  @Length(0, 20)
  code!: string;

  @Field(() => String, { nullable: true, description: "The test's name as written (e.g. Potassium, Urine protein, HIV 1/2 rapid test); a name of another test than the code is refused (400)." })
  @IsOptional()
  @Length(1, 200)
  display?: string | null;

  @Field(() => Float, { nullable: true, description: "A numeric result, a finite number of at least 0, in unit (with comparator, the printed bound). Exactly one of value and valueText (400 otherwise)." })
  @IsOptional()
  value?: number | null;

  @Field(() => String, { nullable: true, description: "A qualitative or semi-quantitative result as printed (FHIR Observation.valueString): a grade (Negative, Trace, 1+ to 4+, + to ++++, Reactive/Non-reactive, Detected/Not detected, Positive/Negative) or a titre (1:160). Read against the test's scale in knowledge/lab-ordinal-scales.json (flag N or A). Exactly one of value and valueText." })
  @IsOptional()
  @Length(1, 100)
  valueText?: string | null;

  @Field(() => QuantityComparator, { nullable: true, description: "For a censored numeric result (an analyser's \">33.3\" or \"<0.5\"): how the true value relates to `value`, the printed bound (FHIR Quantity.comparator). Not with valueText." })
  @IsOptional()
  comparator?: QuantityComparator | null;

  @Field(() => String, { nullable: true, description: "Unit of the numeric value (e.g. mmol/L, mg/dL); conversions are applied." })
  @IsOptional()
  @Length(0, 20)
  unit?: string | null;
}

@InputType({ description: "The patient's pregnancy when the result was taken (optional): read as a trimester stated in the display is." })
export class LabInterpretationPregnancyInput {
  @Field(() => Int, { description: "Gestational age in completed weeks, 1 to 44 (400 otherwise); gives the trimester (1st to 13 weeks, 2nd 14-27, 3rd from 28), whose reference interval applies where the knowledge base holds one (lab-limits reference_in_pregnancy); critical limits are unchanged." })
  gestationalWeeks!: number;
}

@InputType({ description: "A lab result to interpret against the patient's prior results." })
export class LabInterpretationInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => LabInterpretationObservationInput, { description: "The result to interpret: a number (value) or a qualitative result (valueText)." })
  @ValidateNested()
  observation!: LabInterpretationObservationInput;

  @Field(() => String, { nullable: true, description: "Date of the result, YYYY-MM-DD (default today): prior results are those up to this date." })
  @IsOptional()
  resultDate?: string | null;

  @Field(() => LabInterpretationPregnancyInput, { nullable: true, description: "The patient is pregnant (optional; REST pregnancy.gestational_weeks): the trimester's reference interval applies, as when the display states it (\"Hb (GA 32/40)\"). Refused (400) for a male patient, outside 1-44 weeks, or when the display states another trimester." })
  @IsOptional()
  @ValidateNested()
  pregnancy?: LabInterpretationPregnancyInput | null;
}

@ObjectType({ description: "A published delta-check criterion the change meets (knowledge/lab-delta-checks.json)." })
export class DeltaCheckHit {
  @Field(() => String, { description: "Id of the criterion in the knowledge file." })
  ruleId!: string;

  @Field(() => String, { description: "What meeting it means, in words." })
  meaning!: string;

  @Field(() => String, { description: "The prior result it was compared with, in the submitted unit." })
  comparedWith!: string;

  @Field(() => String, { description: "Date of that prior result (YYYY-MM-DD)." })
  comparedDate!: string;

  @Field(() => String, { description: "Published source of the criterion." })
  source!: string;
}

@ObjectType({ description: "The result against the patient's stored results of the same test (its LOINC code or an equivalent one) dated on or before resultDate." })
export class LabTrend {
  @Field(() => Float, { nullable: true, description: "Latest prior result, in the submitted unit." })
  previousValue!: number | null;

  @Field(() => String, { nullable: true, description: "Date of the latest prior result (YYYY-MM-DD); null when there is none." })
  previousDate!: string | null;

  @Field(() => Float, { nullable: true, description: "Current − previous, in the submitted unit." })
  delta!: number | null;

  @Field(() => Float, { nullable: true, description: "The change as a percentage of the previous value, one decimal; null without a previous value or when it is 0." })
  deltaPercent!: number | null;

  @Field(() => String, { nullable: true, description: "up, down or unchanged." })
  direction!: string | null;

  @Field(() => String, { nullable: true, description: "Direction of the series of the latest results (this one and up to four comparable priors): rising (no step down), falling (no step up), unchanged (all equal) or mixed; null with fewer than two comparable priors." })
  series!: string | null;

  @Field(() => Int, { description: "Prior results compared." })
  priorsCompared!: number;

  @Field(() => Int, { description: "Prior results not compared: no number, a unit the test does not accept, or dated after resultDate." })
  priorsSkipped!: number;

  @Field(() => [DeltaCheckHit], { description: "Published delta checks this change meets." })
  deltaChecks!: DeltaCheckHit[];

  @Field(() => String, { nullable: true, description: "Why no delta check could apply (no published criterion for the test, or no prior result); null when one could." })
  deltaCheckNote!: string | null;
}

@ObjectType({ description: "A lab result against its reference interval and critical limits, with the trend. Advisory." })
export class LabInterpretationResult {
  @Field(() => String, { description: "UHID of the patient, e.g. UG-2024-000001." })
  patientUhid!: string;

  @Field(() => String, { nullable: true, description: "The LOINC code interpreted: the identified test's code (a local code such as \"K\" or an equivalent LOINC code is returned as the test's code, said in warnings). Null for a qualitative test whose LOINC code the knowledge base does not hold (urine reagent-strip pads, malaria RDT/slide, Widal, ASO latex)." })
  loincCode!: string | null;

  @Field(() => String, { description: "The test's LOINC name, from the code." })
  testName!: string;

  @Field(() => Float, { description: "The submitted value; for a qualitative result the grade's rank (lab-ordinal-scales: number of plus signs, 0 negative, 1 positive) or a titre's dilution (160 for 1:160), which orders results and is not a quantity." })
  value!: number;

  @Field(() => String, { nullable: true, description: "A qualitative result as read: the canonical grade (\"2+\", \"Reactive\", \"Not seen\") or the titre (\"1:160\"); null for a numeric result." })
  valueText!: string | null;

  @Field(() => String, { nullable: true, description: "Echo of the submitted comparator as its FHIR code (<, <=, >=, >): the value is a censored bound; null for a measured value." })
  comparator!: string | null;

  @Field(() => String, { nullable: true, description: "The submitted unit; null when none was given." })
  unit!: string | null;

  @Field(() => String, { description: "HL7 v2 abnormal flag (Table 0078): N, L, H, LL (critical low) or HH (critical high); for a qualitative result N or A (abnormal), and POS (positive) for a positive pregnancy test in a woman or a patient of unknown sex, where positive is the answer and not an abnormality." })
  flag!: string;

  @Field(() => Boolean, { description: "True when the value is beyond a critical limit (flag LL or HH)." })
  isCritical!: boolean;

  @Field(() => String, { description: "severely_low, low, normal, high or severely_high; for a qualitative result normal, abnormal or positive (a positive pregnancy test)." })
  deviation!: string;

  @Field(() => String, { description: "Reference interval in the submitted unit (sex-specific where the source gives one)." })
  normalRange!: string;

  @Field(() => String, { description: "Critical limits in the submitted unit." })
  criticalLimits!: string;

  @Field(() => String, { description: "What the result means, in words." })
  clinicalSignificance!: string;

  @Field(() => [String], { description: "What to do: the knowledge base's actions for a critical value, general advice outside the reference interval, none inside it." })
  recommendedActions!: string[];

  @Field(() => LabTrend, { description: "The change against the patient's prior results, and the delta checks it meets." })
  trend!: LabTrend;

  @Field(() => [String], { description: "What the answer cannot vouch for: how the test was identified when not by its own LOINC code (a local code such as \"K\" or none, with the display; an equivalent LOINC code), or a patient under 18 assessed against adult limits." })
  warnings!: string[];

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}

@InputType({ description: "A control material with its established mean and SD." })
export class QcControlInput {
  @Field(() => String, { nullable: true, description: "Control material or level, e.g. 'level 1'." })
  @IsOptional()
  @Length(1, 100)
  name?: string | null;

  @Field(() => Float, { description: "The control's established mean." })
  mean!: number;

  @Field(() => Float, { description: "The control's established standard deviation (> 0)." })
  sd!: number;
}

@InputType({ description: "One QC run: a value per control." })
export class QcRunInput {
  @Field(() => [Float], { description: "One value per control, in the order of `controls`." })
  values!: number[];
}

@InputType({ description: "Control runs to evaluate with the Westgard multirule procedure." })
export class QcEvaluationInput {
  @Field(() => String, { nullable: true, description: "Analyte or test, for the record (e.g. LOINC 2823-3)." })
  @IsOptional()
  @Length(1, 100)
  analyte?: string | null;

  @Field(() => [QcControlInput], { description: "1 to 10 controls." })
  @ValidateNested({ each: true })
  controls!: QcControlInput[];

  @Field(() => [QcRunInput], { description: "Control runs in time order; the last is the run being judged." })
  @ValidateNested({ each: true })
  runs!: QcRunInput[];

  @Field(() => Boolean, { nullable: true, description: "Classic procedure (default true): rejection rules only on a run with a 1-2s warning." })
  @IsOptional()
  useWarningRule?: boolean | null;
}

@ObjectType({ description: "A Westgard rule broken by some control values." })
export class QcViolation {
  @Field(() => String, { description: "1-2s, 1-3s, 2-2s, R-4s, 4-1s or 10x; with three controls per run, Westgard's N = 3 rules 2of3-2s, 3-1s and 12x in place of 2-2s, 4-1s and 10x." })
  rule!: string;

  @Field(() => [Int], { description: "Indices (0-based) into the request's runs." })
  runIndices!: number[];

  @Field(() => [String], { description: "Names of the controls whose values broke it (a control without a name is \"control <n>\")." })
  controls!: string[];

  @Field(() => Boolean, { description: "True when the rule rejects the run (every rule but 1-2s, the warning)." })
  rejects!: boolean;

  @Field(() => String, { description: "random, systematic or warning." })
  error!: string;

  @Field(() => String, { description: "The rule in words." })
  description!: string;
}

@ObjectType({ description: "The decision on one run." })
export class QcRunDecision {
  @Field(() => Int, { description: "Index (0-based) of the run in the request." })
  runIndex!: number;

  @Field(() => String, { description: "accept, accept_with_warning or reject." })
  decision!: string;

  @Field(() => [String], { description: "Rules broken in this run (1-2s, 1-3s, 2-2s, R-4s, 4-1s, 10x; with three controls 2of3-2s, 3-1s, 12x)." })
  rules!: string[];

  @Field(() => [Float], { description: "z = (value − mean) / SD of each control value, in the order of controls, three decimals." })
  zScores!: number[];
}

@ObjectType({ description: "Westgard multirule evaluation of control runs. Advisory." })
export class QcEvaluationResult {
  @Field(() => String, { description: "Decision on the last run: accept, accept_with_warning or reject." })
  decision!: string;

  @Field(() => Boolean, { description: "True unless the last run is rejected." })
  accepted!: boolean;

  @Field(() => [QcViolation], { description: "Every rule broken, in any run." })
  violations!: QcViolation[];

  @Field(() => [QcRunDecision], { description: "The decision on each run, in request order." })
  runs!: QcRunDecision[];

  @Field(() => String, { description: "Published source of the rules (Westgard et al., Clin Chem 1981)." })
  source!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
