import { IsOptional, Length, ValidateNested } from "class-validator";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";

@InputType({ description: "Vital signs for the screen: the first five required, the pressures for septic shock optional; physiologically impossible values are refused (400)." })
export class SepsisVitalsInput {
  @Field(() => Float, { description: "Beats per minute." })
  heartRate!: number;

  @Field(() => Float, { description: "Breaths per minute." })
  respiratoryRate!: number;

  @Field(() => Float, { description: "mmHg." })
  systolicBp!: number;

  @Field(() => Float, { description: "Degrees Celsius." })
  temperature!: number;

  @Field(() => Int, { description: "Glasgow coma score, 3-15." })
  gcs!: number;

  @Field(() => Float, { nullable: true, description: "Mean arterial pressure, mmHg (20-250, not above the systolic), for septic shock (Sepsis-3: MAP target 65). When left out it is estimated from diastolicBp." })
  meanArterialPressure?: number | null;

  @Field(() => Float, { nullable: true, description: "Diastolic pressure, mmHg (10-250, below the systolic); gives MAP = (systolic + 2 × diastolic) / 3 when meanArterialPressure is not given." })
  diastolicBp?: number | null;
}

@InputType({ description: "Optional labs; one left out is named in notAssessed." })
export class SepsisLabsInput {
  @Field(() => Float, { nullable: true, description: "White cells, ×10⁹/L." })
  wbc?: number | null;

  @Field(() => Float, { nullable: true, description: "Lactate, mmol/L." })
  lactate?: number | null;
}

@InputType({ description: "Spec, sepsis risk request. From 18 years the adult qSOFA/SIRS screen applies; under 18, paediatric SIRS with age-specific limits (Goldstein 2005), the age taken from the patient's birth date on the day of the screen." })
export class SepsisRiskInput {
  @Field(() => String, { description: "UHID of the patient (404 when not registered)." })
  @Length(1, 64)
  patientUhid!: string;

  @Field(() => SepsisVitalsInput, { description: "The vitals measured now." })
  @ValidateNested()
  vitals!: SepsisVitalsInput;

  @Field(() => SepsisLabsInput, { nullable: true, description: "White cells and lactate, when known." })
  @IsOptional()
  @ValidateNested()
  labs?: SepsisLabsInput | null;

  @Field(() => Boolean, { nullable: true, description: "True when the patient is on a vasopressor (noradrenaline, adrenaline, dopamine, vasopressin) now: with lactate > 2 mmol/L this is septic shock (Sepsis-3); false when not; left out, septic shock is not assessable." })
  @IsOptional()
  vasopressors?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "True when the patient is pregnant: the obstetric criteria apply (NICE NG51, RCOG GTG 64a). When neither pregnant nor postpartum is given, a pregnancy diagnosis on the record (O00-O9A, Z33, Z34, Z3A within 336 days, not resolved) decides; either flag given (true or false), the request decides." })
  @IsOptional()
  pregnant?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "True when the patient was pregnant in the past 6 weeks (birth, miscarriage or termination): the obstetric criteria apply." })
  @IsOptional()
  postpartum?: boolean | null;

  @Field(() => String, { nullable: true, description: "Provider to alert on a high result; defaults to the caller." })
  @IsOptional()
  @Length(1, 100)
  providerId?: string | null;
}

@ObjectType({ description: "Sepsis screen (spec: Sepsis risk result). Advisory." })
export class SepsisRiskResult {
  @Field(() => String, { description: "low, moderate or high." })
  sepsisRisk!: string;

  @Field(() => Int, { nullable: true, description: "qSOFA criteria met, 0-3 (RR ≥ 22, GCS < 15, SBP ≤ 100). Null for a patient under 18: qSOFA is not validated in children. In pregnancy it is shown but does not set the risk (not validated in pregnancy)." })
  qsofaScore!: number | null;

  @Field(() => Int, { description: "SIRS criteria met, 0-4: adults T > 38 or < 36 °C, HR > 90, RR > 20, WBC > 12 or < 4; under 18 the paediatric SIRS count with the age group's limits (Goldstein 2005: T > 38.5 or < 36 °C, HR, RR, WBC for age); in pregnancy and the 6 weeks after the RCOG GTG 64a signs (T > 38 or < 36 °C, HR > 100, RR > 20, WBC > 17 or < 4)." })
  sirsCriteriaMet!: number;

  @Field(() => Float, { nullable: true, description: "Adults: fixed value per risk category (documented mapping), not a calibrated probability. Null for a patient under 18 or screened by the obstetric criteria: no source gives one." })
  riskProbability!: number | null;

  @Field(() => Boolean, { description: "True when the risk is high: the care team is alerted through the critical-alert trigger." })
  alertTriggered!: boolean;

  @Field(() => [String], { description: "What to do for the risk category (Surviving Sepsis Campaign; for high risk, the hour-1 bundle)." })
  recommendations!: string[];

  @Field(() => String, { description: "immediate, within_3_hours or routine." })
  timeToIntervention!: string;

  @Field(() => [String], { description: "qSOFA criteria met." })
  qsofaCriteria!: string[];

  @Field(() => [String], { description: "SIRS criteria met (paediatric SIRS for a child)." })
  sirsCriteria!: string[];

  @Field(() => [String], { description: "Inputs not supplied (their criteria could not count)." })
  notAssessed!: string[];

  @Field(() => [String], { description: "Why this result." })
  explanation!: string[];

  @Field(() => [String], { description: "Vital signs extreme enough to escalate on their own: the risk is then at least moderate and the time immediate. Adults: a NEWS2 parameter score of 3 (RCP 2017); under 18 (NEWS2 is not for children): a heart rate under 60/min (AHA paediatric and neonatal resuscitation 2020) or a GCS under 15 (altered mental state, NICE NG51)." })
  extremeVitals!: string[];

  @Field(() => String, { description: 'Which criteria were applied: "adult qSOFA/SIRS (Seymour 2016, Bone 1992)", "paediatric SIRS (Goldstein 2005)" or the obstetric criteria for pregnancy and the 6 weeks after (NICE NG51, RCOG GTG 64a, UK Sepsis Trust maternal; qSOFA is then shown but not validated).' })
  criteria!: string;

  @Field(() => Boolean, { nullable: true, description: "Septic shock by Sepsis-3 (Singer 2016): a vasopressor needed to keep MAP ≥ 65 mmHg and lactate > 2 mmol/L. Null when not assessable (vasopressor use or lactate unknown, a low or unknown MAP without a vasopressor, or a patient under 18); true makes the risk high." })
  septicShock!: boolean | null;

  @Field(() => [String], { description: "The septic shock criteria met when septicShock is true; empty otherwise." })
  septicShockCriteria!: string[];

  @Field(() => Float, { nullable: true, description: "Mean arterial pressure used, mmHg: measured, or estimated from systolic and diastolic; null when neither was given. Below 65 the risk is at least moderate and the time immediate (adults and pregnancy)." })
  meanArterialPressure!: number | null;

  @Field(() => String, { nullable: true, description: "The child's age group of Goldstein 2005 (newborn, neonate, infant, toddler and preschool, school age, adolescent); null for an adult." })
  ageGroup!: string | null;

  @Field(() => [String], { description: "Organ dysfunction found (children, Goldstein 2005: hypotension for age, GCS ≤ 11); any makes the risk high. Empty for an adult." })
  organDysfunction!: string[];

  @Field(() => Boolean, { description: "True when the alert reached a clinician (the provider or, failing that, the on-call contact)." })
  notificationSent!: boolean;

  @Field(() => String, { nullable: true, description: "Id of the patient's notification of the alert (UUID); null when none was sent." })
  notificationId!: string | null;

  @Field(() => String, { nullable: true, description: "Why no clinician was reached, or why the on-call contact was alerted instead of the provider; null otherwise." })
  notificationError!: string | null;

  @Field(() => String, { nullable: true, description: "How the clinician was reached: provider, on_call (the provider had no usable contact) or none; null when no alert was sent." })
  clinicianAlert!: string | null;

  @Field(() => ID, { description: "The screen stored on the patient's timeline." })
  observationId!: string;

  @Field(() => Boolean, { description: "Always true: advisory output, to be reviewed by a qualified professional before it is acted on." })
  requiresReview!: boolean;

  @Field(() => ID, { description: "The audit record of this call (UUID); give it to recordClinicalOverride to accept, reject or modify the output." })
  auditId!: string;

  @Field(() => String, { description: "Versions of the engine and knowledge files that produced this answer." })
  rulesetVersion!: string;
}
