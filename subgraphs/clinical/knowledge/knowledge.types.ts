/** Shapes of the knowledge files in this folder (see each file's `description`). */

export type Severity = "contraindicated" | "major" | "moderate" | "minor";
export const SEVERITY_RANK: Record<Severity, number> = { contraindicated: 4, major: 3, moderate: 2, minor: 1 };

export interface DrugClass {
  id: string;
  name: string;
  atc: string | null;
  source: string;
  /** Members are given together as a standard regimen (RHZE, ACT + primaquine, PI/r, DAPT): two of them are no duplicate therapy. */
  combined_by_design?: { source: string };
}

export interface DrugEntry {
  id: string;
  name: string;
  /** RxNorm ingredient RxCUI, only when confirmed from an authoritative list. */
  rxcui: string | null;
  /** Active ingredients (two or more for combination products). */
  ingredients: string[];
  synonyms: string[];
  classes: string[];
  source: string;
  /** Most an adult may take in a day, in mg, where one sourced maximum exists (prescription verification). */
  adult_max_daily_dose?: { mg: number; source: string };
  /**
   * A drug taken once a week (methotrexate for arthritis or psoriasis): the most an adult takes in a week, in mg.
   * A repeating daily frequency is reported whatever the total (daily dosing of a weekly drug is the error).
   */
  adult_max_weekly_dose?: { mg: number; source: string };
  /**
   * The usual adult single dose, in mg (drugs dosed in micrograms, or where a thousandfold slip is plausible): `min_mg`
   * the least (null: none sourced), `max_mg` the most (null: the source states only `adult_max_daily_dose`, which serves).
   * Above ten times the most: probably mg for micrograms; an adult's dose below a tenth of the least: the reverse.
   */
  adult_single_dose?: { min_mg: number | null; max_mg: number | null; source: string };
  /**
   * The least usual adult dose a day, in mg, with its source: an adult's day's total below it is reported (most often a
   * child's dose written for an adult).
   */
  adult_min_daily_dose?: { mg: number; source: string };
  /**
   * The most an adult takes in a day per kg of body weight (drugs an adult is dosed by weight: enoxaparin, gentamicin,
   * quinine), with its source: with the weight, a day's total above `mg_per_kg` × weight is reported (prescription verification).
   */
  adult_max_daily_dose_per_kg?: {
    mg_per_kg: number;
    /** Applies only under this weight (paracetamol: 60 mg/kg a day under 50 kg; at 50 kg and over the fixed 4 g serves). */
    below_weight_kg?: number;
    /** The lower most per kg when the day is given in divided doses (gentamicin: 5 mg/kg a day in divided doses, 7 once daily). */
    mg_per_kg_divided?: number;
    source: string;
  };
  /** The most an older adult takes in a day, from `from_age_years` (tramadol over 75 years, BNF; Beers 2023 limits). */
  older_adult_max_daily_dose?: { mg: number; from_age_years: number; source: string };
  /**
   * Lower maxima a day when the kidney function is reduced: each applies when the eGFR (mL/min/1.73 m², or the
   * creatinine clearance the source names) is below `egfr_below`; the lowest band that applies is checked.
   */
  renal_max_daily_dose?: { egfr_below: number; mg: number; source: string }[];
  /** A drug given only once a day, with its source: more than one dose a day is reported (a wrong-frequency error). */
  once_daily_only?: { source: string };
  /**
   * The only injection routes a product may be given by (`im`, `sc`, `iv`), with its source: a depot or suspension
   * such as benzathine benzylpenicillin (deep IM only) written for another route is reported (prescription verification).
   */
  injection_routes?: { allowed: ("im" | "sc" | "iv")[]; source: string };
  /**
   * A child's maximum per day by body weight, per age band (prescription verification): `mg_per_kg` × weight,
   * capped by `max_mg` and the adult maximum; `mg_per_kg` null where the source gives a fixed daily dose (zinc).
   * `routes`: only for these routes (oral, parenteral); absent, any route.
   */
  paediatric_max_daily_dose?: PaediatricMaxDailyDose[];
  /**
   * A child's least usual dose per day, per age band (the same shape): `mg_per_kg` × weight, capped by `max_mg` (the
   * adult least: a large child needs no more); `mg_per_kg` null where the source gives a fixed daily dose (zinc: 20 mg).
   */
  paediatric_min_daily_dose?: PaediatricMaxDailyDose[];
  /**
   * The most one dose in international units holds, per age band (vitamin A: IMCI 50 000 IU under 6 months, 100 000 IU
   * 6-11 months, 200 000 IU from 12 months); a dose in IU above its band is reported (iu-dose.ts, session 20).
   */
  max_single_dose_iu_by_age?: { age: { min?: AgeBound; max?: AgeBound }; max_iu: number; source: string }[];
  /**
   * The most one injection by a route holds, in mg (magnesium sulfate 4 g IV: the loading dose; 10 g IM is the Pritchard
   * total), with its source: one dose by that route above it is reported; infusions are not single doses (route-single-dose.ts, session 22).
   */
  max_single_dose_by_route?: { route: "iv" | "im" | "sc"; mg: number; source: string }[];
  /** A medicine given as one dose per treatment (SP for IPTp): a daily schedule or a course of days is reported. */
  single_dose_course?: { source: string };
  /**
   * Tablets a dose by body weight (fixed-dose combinations dosed by weight band: artemether-lumefantrine,
   * RHZE): `unit_strength` as written ("20/120"); each band `min_kg` (inclusive) to `max_kg` (exclusive, null:
   * no upper end) gives `units` of that strength a dose. A dose of another strength is counted in these units.
   * `per_day`: the band's `units` are a day's, given once daily or divided (paediatric ABC/3TC 120/60: 2 tablets a
   * day at 10-13.9 kg, as 2 once daily or 1 twice daily; session 22): the dose × the doses a day is compared.
   */
  weight_band_doses?: { unit_strength: string; per_day?: boolean; bands: { min_kg: number; max_kg: number | null; units: number }[]; source: string };
  /** The least a dose may hold per kg of body weight, by weight band (artesunate: 3 mg/kg under 20 kg, else 2.4). */
  min_dose_per_kg?: { min_kg: number; max_kg: number | null; mg_per_kg: number; source: string }[];
  /** The most mg per kg a dose by weight band (artesunate: a doubled or tenfold dose; weight-band.ts), sourced per band. */
  max_dose_per_kg?: { min_kg: number; max_kg: number | null; mg_per_kg: number; source: string }[];
  /**
   * A combination product's single-ingredient drugs (drugs.json ids): the product answers to their
   * interaction and condition rules, and a name written as them ("Ampicillin + Cloxacillin") is the product.
   */
  components?: string[];
  /** mg of each component per unit (tablet, capsule) of a presentation, named by its strength as written ("30/500"). */
  unit_strengths?: { written: string[]; mg: Record<string, number> }[];
  unit_strengths_source?: string;
}

/** One age band of a drug's paediatric maximum daily dose (drugs.json `paediatric_max_daily_dose`). */
export interface PaediatricMaxDailyDose {
  age: { min?: AgeBound; max?: AgeBound };
  mg_per_kg: number | null;
  max_mg: number | null;
  routes?: ("oral" | "parenteral")[];
  /** The band applies only from this weight (inclusive) or below this weight (a neonate of low birth weight). */
  min_weight_kg?: number;
  below_weight_kg?: number;
  source: string;
}

export type DrugSelector = { drug: string } | { class: string };

export interface InteractionRule {
  id: string;
  a: DrugSelector;
  b: DrugSelector;
  severity: Severity;
  mechanism: string;
  description: string;
  recommendation: string;
  source: string;
  /** Reported only when one of the drugs checked together (the pair itself or another) answers to one of these: an interaction of three (NSAID + diuretic + ACE inhibitor or ARB). */
  only_with?: DrugSelector[];
  /** Why the pair alone is not reported. */
  only_with_source?: string;
}

export interface ConditionRule {
  id: string;
  drug: DrugSelector;
  /** Codes (no dot) starting with one of these; after indexing also every prefix of the `icd10_sets` named. */
  icd10_prefixes: string[];
  /** Exact codes (no dot): a bare category such as N18, stage not given. */
  icd10_codes?: string[];
  /** Code sets of the file's `code_sets` (e.g. "pregnancy"): one definition shared by every rule. */
  icd10_sets?: string[];
  /** Codes (no dot) starting with one of these never match: after indexing, the `exclude_prefixes` of the `icd10_sets` named (the puerperium out of pregnancy). */
  icd10_exclude_prefixes?: string[];
  /** The drug's own indications (no dot): when one of the patient's codes starts with one of these, the rule is not reported (misoprostol for a miscarriage or postpartum haemorrhage). */
  unless_icd10_prefixes?: string[];
  /** Where those indications come from. */
  unless_source?: string;
  /** A renal rule also applies, without a diagnosis, when the patient's eGFR (mL/min/1.73 m²) is below this. */
  egfr_below?: number;
  /** ...and at least this (a band: metformin 30-45); absent, any eGFR below `egfr_below`. */
  egfr_from?: number;
  /**
   * Codes (no dot) of kidney disease of unknown stage ("check eGFR"): when the patient's eGFR is known, a match on a code
   * starting with one of these is not reported (the eGFR rules give the stage).
   */
  egfr_supersedes_prefixes?: string[];
  condition: string;
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
}

/** One end of an age band: whole `years` or `days` (one of them), with whether the bound itself is in the band. */
export interface AgeBound {
  years?: number;
  days?: number;
  inclusive: boolean;
}

/** A drug-age rule (drug-age.json): a drug or class that needs a warning within an age band. */
export interface AgeRule {
  id: string;
  drug: DrugSelector;
  /** The band the rule applies within: `min`, `max` or both. */
  age: { min?: AgeBound; max?: AgeBound };
  /** Who the band is, in words ("Children under 12 years"). */
  population: string;
  /** Only when one of these is among the current medications (ceftriaxone with IV calcium in neonates). */
  with_current?: DrugSelector[];
  /** Only for patients of this sex (valproate in women of childbearing potential); unknown sex: not applied, with a warning. */
  sex?: "female" | "male";
  /** Drug-condition rules (drug-conditions.json ids) that say the same more specifically: when one of them is reported, this rule is not (valproate in pregnancy). */
  unless_condition_rules?: string[];
  /** Only when one of the conditions (no dot) starts with one of these (ceftriaxone in a jaundiced neonate). */
  with_icd10_prefixes?: string[];
  /** Indications (no dot) for which the drug is given at that age: a condition starting with one silences the rule. */
  unless_icd10_prefixes?: string[];
  unless_source?: string;
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
}

export interface Allergen {
  id: string;
  name: string;
  classes: string[];
  synonyms: string[];
  source: string;
  /** Applies only when the allergy names this group ("beta-lactam"), not when it names a drug of one of its classes. */
  named_only?: boolean;
}

export interface CrossReactivity {
  id: string;
  from_class: string;
  to_class: string;
  severity: Severity;
  description: string;
  recommendation: string;
  source: string;
}

export interface Limit {
  value: number;
  inclusive?: boolean;
}

export interface LabTest {
  loinc: string;
  /** LOINC long common name. */
  display: string;
  /** The test's LOINC name (the analyte words of the long name): the name stored and returned. */
  name: string;
  /** Other names a request or report may give the same test ("K", "Haemoglobin", "WBC"). */
  synonyms: string[];
  canonical_unit: string;
  /** Accepted unit (normalised) → factor converting a value in that unit to the canonical unit. */
  units: Record<string, number>;
  reference_range: [number, number];
  reference_range_by_sex?: Record<string, [number, number]>;
  critical_low: Limit | null;
  critical_high: Limit | null;
  /** Values a real result can take, in the canonical unit (an end may be null); outside: a typing or unit error. */
  possible_range?: { low: number | null; high: number | null };
  significance: { low: string; high: string };
  actions: { low: string[]; high: string[] };
  display_digits: number;
  source: Record<string, string>;
  /** Age bands whose limits replace the adult limit on the side they give (lab-limits `critical_by_age`). */
  critical_by_age?: CriticalAgeBand[];
  /** Age bands whose ends replace the adult reference interval's on the side they give (lab-limits `reference_by_age`). */
  reference_by_age?: ReferenceAgeBand[];
}

/** A reference interval end for ages `min_age_days` (default 0) to `max_age_days` completed days, in the canonical unit, with its source. */
export interface ReferenceAgeBand {
  id: string;
  min_age_days?: number;
  max_age_days: number;
  low?: number;
  high?: number;
  source: string;
}

/**
 * Critical limits for patients aged `min_age_days` (default 0) to `max_age_days` completed days (e.g. newborn bilirubin): a side
 * given replaces the adult limit on that side; a side not given keeps it. `significance` / `actions` for a
 * side replace the test's when the band's limit is crossed (bilirubin has none for adults).
 */
export interface CriticalAgeBand {
  id: string;
  /** First day of the band (completed days; default 0, from birth): a children's band may start after a newborn band. */
  min_age_days?: number;
  max_age_days: number;
  critical_low?: Limit | null;
  critical_high?: Limit | null;
  significance?: { low?: string; high?: string };
  actions?: { low?: string[]; high?: string[] };
  source: string;
}

export type Comparison = { input: string; op: ">" | ">=" | "<" | "<="; value: number };

export interface SepsisKnowledge {
  version: string;
  /** qSOFA and SIRS are adult criteria: below this age the paediatric screen (`paediatric`) applies. */
  applies_to: { min_age_years: number; source: string };
  adult_criteria_label: string;
  paediatric: PaediatricSepsisKnowledge;
  /** Per input: values a living patient this screen applies to can show; outside, 400. */
  possible_range: { source: string } & Record<string, { low: number; high: number; unit: string; source: string } | string>;
  extreme_vitals: { source: string; rules: string[]; consciousness_from_gcs: { not_alert_below: number; source: string } };
  qsofa: { source: string; criteria: (Comparison & { id: string; description: string })[]; positive_at: number };
  sirs: { source: string; criteria: { id: string; description: string; any: Comparison[] }[]; positive_at: number };
  lactate: { source: string; elevated_at: number; severe_at: number };
  risk_mapping: {
    source: string;
    probability: Record<"low" | "moderate" | "high", number>;
    time_to_intervention: Record<"low" | "moderate" | "high", string>;
  };
  recommendations: { source: string } & Record<"low" | "moderate" | "high", string[]>;
  septic_shock: SepticShockKnowledge;
  obstetric: ObstetricSepsisKnowledge;
}

/** Sepsis-3 septic shock (Singer 2016): vasopressor for MAP ≥ target and lactate above the limit. */
export interface SepticShockKnowledge {
  source: string;
  applies_from_years: number;
  lactate_above: number;
  map_target: number;
  recommendations: string[];
  vasopressor_advice: string;
  hypotension_advice: string;
  paediatric_note: string;
}

/** Sepsis screen in pregnancy and the 6 weeks after (NICE NG51, RCOG GTG 64a, UK Sepsis Trust maternal). */
export interface ObstetricSepsisKnowledge {
  criteria_label: string;
  applies_from_years: number;
  source: string;
  note: string;
  qsofa_warning: string;
  sirs: { id: string; description: string; any: Comparison[] }[];
  sirs_positive_at: number;
  high_risk: (Comparison & { description: string })[];
  moderate_risk: (Comparison & { description: string })[];
  lactate_high_at: number;
  risk_mapping: { source: string; rules: string[]; probability: null; time_to_intervention: Record<"low" | "moderate" | "high", string> };
  recommendations: { source: string } & Record<"low" | "moderate" | "high", string[]>;
}

/** One age group of Goldstein 2005 Table 3; it starts at `from_days` or `from_years` and runs until the next group starts. */
export interface PaediatricAgeGroup {
  id: string;
  label: string;
  from_days?: number;
  from_years?: number;
  heart_rate_above: number;
  heart_rate_below: number | null;
  respiratory_rate_above: number;
  wbc_above: number;
  wbc_below: number | null;
  systolic_bp_below: number;
}

/** Paediatric SIRS and the organ dysfunction this request can show (Goldstein 2005), with the documented risk rule. */
export interface PaediatricSepsisKnowledge {
  criteria_label: string;
  source: string;
  positive_at: number;
  /** Criterion ids of which at least one must be met for pSIRS. */
  required_one_of: string[];
  temperature: { above: number; below: number; source: string };
  bradycardia_below_age_years: number;
  age_groups: PaediatricAgeGroup[];
  organ_dysfunction: { source: string; cardiovascular: { description: string }; neurological: { gcs_at_or_below: number; description: string } };
  /** A heart rate under this (PALS / neonatal resuscitation) or a GCS under gcs_below (NICE NG51 altered mental state) escalates a child's screen, whatever pSIRS says. */
  extreme_vitals: { heart_rate_below: number; source: string; advice: string; gcs_below: number; gcs_source: string; gcs_advice: string };
  lactate_note: string;
  qsofa_note: string;
  risk_mapping: { source: string; rules: string[]; probability: null; probability_note: string; time_to_intervention: Record<"low" | "moderate" | "high", string> };
  recommendations: { source: string; danger_signs: string[] } & Record<"low" | "moderate" | "high", string[]>;
}

export interface FraminghamCoefficients {
  ln_age: number;
  ln_total_cholesterol?: number;
  ln_hdl?: number;
  ln_bmi?: number;
  ln_sbp_untreated: number;
  ln_sbp_treated: number;
  smoker: number;
  diabetes: number;
  mean: number;
  s0: number;
}

export interface CharlsonCategory {
  id: string;
  name: string;
  weight: number;
  prefixes3: string[];
  prefixes4: string[];
  ranges3: [string, string][];
}

/** Pooled Cohort Equations (Goff 2013): natural logs, with age interaction terms. */
export interface PooledCohortCoefficients {
  ln_age: number;
  ln_age_squared: number;
  ln_total_cholesterol: number;
  ln_age_x_ln_total_cholesterol: number;
  ln_hdl: number;
  ln_age_x_ln_hdl: number;
  ln_sbp_treated: number;
  ln_age_x_ln_sbp_treated: number;
  ln_sbp_untreated: number;
  ln_age_x_ln_sbp_untreated: number;
  smoker: number;
  ln_age_x_smoker: number;
  diabetes: number;
  mean: number;
  s0: number;
}

export interface RiskModels {
  version: string;
  pooled_cohort_2013: {
    source: string;
    outcome: string;
    valid_age: [number, number];
    use_for: string;
    equation_set: "white" | "african_american";
    equation_set_note: string;
    coefficients: Record<"white" | "african_american", Record<"male" | "female", PooledCohortCoefficients>>;
    categories: { source: string; moderate_at: number; high_at: number };
  };
  framingham_2008: {
    source: string;
    valid_age: [number, number];
    lipid: Record<"male" | "female", FraminghamCoefficients>;
    bmi: Record<"male" | "female", FraminghamCoefficients>;
    categories: { source: string; moderate_at: number; high_at: number };
    observations: Record<"total_cholesterol" | "hdl" | "systolic_bp" | "bmi" | "smoking_status", string>;
    /** The Moles/volume LOINC terms of the same lipids (results in mmol/L). */
    observations_molar?: { total_cholesterol: string; hdl: string; source: string };
    diabetes_icd10_prefixes: string[];
  };
  lace: {
    source: string;
    length_of_stay: { max_days: number | null; points: number }[];
    acute_admission_points: number;
    charlson: { max: number | null; points: number | "same" }[];
    ed_visits_6_months: { max: number | null; points: number | "same" }[];
    max_points: number;
    categories: { source: string; moderate_at: number; high_at: number };
  };
  charlson: {
    source: string;
    mapping_source: string;
    categories: CharlsonCategory[];
    hierarchy: [string, string][];
    age_points: { source: string; bands: { max_age: number | null; points: number }[] };
    one_year_mortality: { source: string; bands: { max: number | null; mortality: number; category: string }[] };
  };
}

export interface SymptomCondition {
  id: string;
  name: string;
  icd10: string;
  prior: number;
  symptoms: Record<string, number>;
  modifiers?: { sex?: Record<string, number>; min_age?: number; max_age?: number; age_factor?: number; history_icd10?: string[]; history_factor?: number };
  tests: { test: string; priority: "stat" | "urgent" | "routine"; reason: string }[];
  source: string;
}

export interface SymptomKnowledge {
  version: string;
  symptoms: Record<string, string[]>;
  absent_symptom_likelihood: number;
  other_symptom_likelihood: number;
  other_condition_mass: number;
  conditions: SymptomCondition[];
  red_flags: { id: string; all: string[]; message: string; urgency: "emergency" | "urgent"; source: string }[];
  source: string;
}

export interface ReminderRule {
  id: string;
  when: { medication_class?: string; medication_class_any?: string[]; icd10_prefixes?: string[]; min_age?: number };
  loinc: string;
  test: string;
  max_age_days: number;
  message: string;
  source: string;
}

/** A band of a NEWS2 parameter: a value scores the first band whose `max` it does not exceed (null: no limit). */
export interface ScoreBand {
  max: number | null;
  score: number;
}

export interface News2Knowledge {
  version: string;
  source: string;
  /** Who NEWS2 is for: adults from `min_age_years`, not in pregnancy (active diagnosis codes starting with `pregnancy_codes`) or the puerperium (`postpartum_codes`, counted for `postpartum_window_days`). */
  population: { min_age_years: number; pregnancy_codes: string[]; pregnancy_window_days: number; postpartum_codes: string[]; postpartum_window_days: number; postpartum_source: string; child_message: string; pregnancy_message: string; source: string };
  parameters: {
    respiration_rate: { bands: ScoreBand[]; source: string };
    spo2_scale_1: { bands: ScoreBand[]; source: string };
    spo2_scale_2: { bands: ScoreBand[]; above_92_on_air: ScoreBand[]; above_92_on_oxygen: ScoreBand[]; use_when: string; source: string };
    air_or_oxygen: { scores: Record<"air" | "oxygen", number>; source: string };
    systolic_bp: { bands: ScoreBand[]; source: string };
    pulse: { bands: ScoreBand[]; source: string };
    consciousness: { scores: Record<string, number>; source: string };
    temperature: { bands: ScoreBand[]; source: string };
  };
  risk: { medium_at: number; high_at: number; single_parameter_red: number; source: string };
  responses: Record<"zero" | "low" | "low_medium" | "medium" | "high", { monitoring_frequency: string; response: string; actions: string[] }> & { source: string };
  /** Severe hypertension in pregnancy or the puerperium (NICE NG133; WHO 2011): latest systolic at or above, or diastolic at or above, its limit. */
  obstetric_severe_hypertension: { systolic_at_or_above: number; diastolic_at_or_above: number; systolic_codes: string[]; diastolic_codes: string[]; actions: string[]; source: string };
  record_codes: Record<"respiration_rate" | "spo2" | "systolic_bp" | "pulse" | "temperature" | "consciousness" | "supplemental_oxygen", string[]> & { source: string };
}

export interface AdministrationTimes {
  version: string;
  timezone: string;
  utc_offset: string;
  source: string;
  /** `every_days`: given on one day in so many (7: once a week), at `times` on that day; absent, every day. */
  frequencies: { id: string; phrases: string[]; times: string[]; every_days?: number }[];
  /** Names of the days of the week, Sunday first (index 0 to 6), as a once-weekly frequency may name its day. */
  weekdays?: string[][];
  every_hours: Record<string, string[]>;
  /** One dose given at once ("stat"): not a daily time. */
  stat_phrases: string[];
  prn_phrases: string[];
  prn_prefixes: string[];
}

/** A delta check on one LOINC test: a change between two results, in the canonical unit, that needs review. */
export interface LabDeltaCheck {
  loinc: string;
  rules: {
    id: string;
    /** rise | fall | either */
    direction: "rise" | "fall" | "either";
    /** Absolute change in the canonical unit, or a ratio (current / previous) for kind "ratio". */
    kind: "absolute" | "ratio";
    threshold: number;
    /** Only against a previous result at most this many days older (null: any). */
    within_days: number | null;
    meaning: string;
    source: string;
  }[];
}

/** Patient counseling points for one medicine (a drug id of drugs.json). */
export interface CounselingEntry {
  drug: string;
  how_to_take: string[];
  common_side_effects: string[];
  warnings: string[];
  source: string;
}

export type OutcomeType = "continuous" | "ordinal" | "binary" | "categorical" | "time_to_event";

/** What the design asks: compare groups or occasions (default), correlate two measurements, or measure agreement. */
export type StudyAim = "compare" | "correlation" | "agreement";

/** Test by design: the first rule whose present fields all match (a rule without `aim` is a comparison). */
export interface StatisticalTests {
  version: string;
  source: string;
  rules: { outcome: OutcomeType; groups?: "1" | "2" | "3+"; paired?: boolean; normal?: boolean; aim?: Exclude<StudyAim, "compare">; smallExpectedCounts?: boolean; test: string; rationale: string; alternatives: string[]; source?: string }[];
}
