import type { Comparison, News2Knowledge, ScoreBand, SepsisKnowledge } from "../knowledge/knowledge.types.js";
import { bandScore } from "../nurse-assistant/news2.engine.js";
import { withCirculation } from "./sepsis.circulation.js";
import { assessObstetricSepsis } from "./sepsis.obstetric.engine.js";
import { assessPaediatricSepsis, type ScreenAge } from "./sepsis.paediatric.engine.js";

export const SEPSIS_ENGINE_VERSION = "sepsis-engine@1.3.0";

export interface SepsisInputs {
  heart_rate: number;
  respiratory_rate: number;
  systolic_bp: number;
  /** Degrees Celsius. */
  temperature: number;
  gcs: number;
  /** ×10⁹/L; optional. */
  wbc?: number | null;
  /** mmol/L; optional. */
  lactate?: number | null;
  /** mmHg, measured; optional (else estimated from diastolic_bp when given). */
  mean_arterial_pressure?: number | null;
  /** mmHg; optional. */
  diastolic_bp?: number | null;
  /** On a vasopressor (or, for a child, any vasoactive drug) now; optional. */
  vasopressors?: boolean | null;
}

export type SepsisRisk = "low" | "moderate" | "high";

export interface SepsisAssessment {
  /** Null for a child: qSOFA is not validated under 18. */
  qsofaScore: number | null;
  qsofaCriteriaMet: string[];
  sirsCriteriaMet: number;
  sirsCriteria: string[];
  /** Inputs that were not given, so their criteria could not count. */
  notAssessed: string[];
  sepsisRisk: SepsisRisk;
  /** Null for a child: no source gives a probability for the paediatric categories. */
  riskProbability: number | null;
  alertTriggered: boolean;
  timeToIntervention: string;
  recommendations: string[];
  explanation: string[];
  /** Vital signs extreme enough to escalate on their own (NEWS2 parameter score 3), as sentences. */
  extremeVitals: string[];
  /** NEWS2 aggregate of the vitals this screen collects, consciousness read from the GCS (understates NEWS2: SpO2, oxygen missing); null without NEWS2 knowledge. */
  news2Partial: number | null;
  /** Which criteria were applied (sepsis.json adult_criteria_label or paediatric.criteria_label). */
  criteria: string;
  /** The child's Goldstein 2005 age group; null for an adult. */
  ageGroup: string | null;
  /** Organ dysfunction found (children: Goldstein 2005 Table 4); empty for an adult. */
  organDysfunction: string[];
  /** Sepsis-3 septic shock: true, false, or null when not assessable (inputs missing, or a child). */
  septicShock: boolean | null;
  /** The septic shock criteria met (vasopressor, lactate > 2). */
  septicShockCriteria: string[];
  /** Measured, or estimated from systolic and diastolic pressure; null when neither was given. */
  meanArterialPressure: number | null;
}

/** The parts of an assessment the circulation step (MAP, vasopressors, septic shock) fills in afterwards. */
export type CirculationFields = "septicShock" | "septicShockCriteria" | "meanArterialPressure";

/** Whether a knowledge comparison holds for the inputs; undefined when its input was not given. */
export function holds(c: Comparison, inputs: Record<string, number | null | undefined>): boolean | undefined {
  const v = inputs[c.input];
  if (v === null || v === undefined) return undefined;
  switch (c.op) {
    case ">":
      return v > c.value;
    case ">=":
      return v >= c.value;
    case "<":
      return v < c.value;
    case "<=":
      return v <= c.value;
  }
}

const RAISE: Record<SepsisRisk, SepsisRisk> = { low: "moderate", moderate: "high", high: "high" };

/**
 * qSOFA (Seymour, JAMA 2016) and SIRS (Bone, Chest 1992) computed exactly from the criteria in
 * knowledge/sepsis.json, then the documented risk mapping: high when qSOFA ≥ 2 or lactate ≥ 4;
 * moderate when qSOFA = 1 or SIRS ≥ 2; lactate ≥ 2 raises the category one step. With NEWS2 knowledge,
 * extreme vitals escalate (sepsis.json extreme_vitals): a parameter scoring 3 or a partial NEWS2 ≥ 5
 * makes it at least moderate and immediate, ≥ 7 high. Adults only: children are screened by assessPaediatricSepsis.
 */
export function assessSepsis(k: SepsisKnowledge, inputs: SepsisInputs, news2?: News2Knowledge): Omit<SepsisAssessment, CirculationFields> {
  const values = inputs as unknown as Record<string, number | null | undefined>;
  const qsofaCriteriaMet = k.qsofa.criteria.filter((c) => holds(c, values)).map((c) => c.description);
  const sirsCriteria = k.sirs.criteria.filter((c) => c.any.some((x) => holds(x, values))).map((c) => c.description);
  const notAssessed = k.sirs.criteria.filter((c) => c.any.every((x) => holds(x, values) === undefined)).map((c) => c.id);
  const qsofa = qsofaCriteriaMet.length;
  const sirs = sirsCriteria.length;
  const lactate = inputs.lactate ?? null;
  const explanation = [`qSOFA ${qsofa}/3${qsofa ? ` (${qsofaCriteriaMet.join("; ")})` : ""}`, `SIRS ${sirs}/4${sirs ? ` (${sirsCriteria.join("; ")})` : ""}`];

  let risk: SepsisRisk = qsofa >= k.qsofa.positive_at ? "high" : qsofa === 1 || sirs >= k.sirs.positive_at ? "moderate" : "low";
  if (lactate !== null && lactate >= k.lactate.severe_at) {
    risk = "high";
    explanation.push(`Lactate ${lactate} mmol/L ≥ ${k.lactate.severe_at}: tissue hypoperfusion, risk set to high`);
  } else if (lactate !== null && lactate >= k.lactate.elevated_at) {
    explanation.push(`Lactate ${lactate} mmol/L ≥ ${k.lactate.elevated_at}: risk raised from ${risk} to ${RAISE[risk]}`);
    risk = RAISE[risk];
  } else if (lactate === null) {
    notAssessed.push("lactate");
  }
  let time = k.risk_mapping.time_to_intervention[risk];
  const extreme = news2 ? extremeVitals(news2, inputs, k.extreme_vitals.consciousness_from_gcs.not_alert_below) : null;
  const recommendations = [...k.recommendations[risk]];
  if (extreme && (extreme.red.length || extreme.total >= news2!.risk.medium_at)) {
    // RCP NEWS2 2017 Charts 3-4 (knowledge/sepsis.json extreme_vitals): extreme physiology is never "routine".
    const emergency = extreme.total >= news2!.risk.high_at;
    const before = risk;
    if (emergency) risk = "high";
    else if (risk === "low") risk = "moderate";
    time = k.risk_mapping.time_to_intervention.high;
    const band = emergency ? "high" : extreme.total >= news2!.risk.medium_at ? "medium" : "low_medium";
    explanation.push(
      `NEWS2 of the vitals collected ${extreme.total} (SpO2 and oxygen not collected, so NEWS2 may be higher)${extreme.red.length ? `; extreme: ${extreme.red.join("; ")}` : ""}: ${news2!.responses[band].response.toLowerCase()}${before !== risk ? `, risk raised from ${before} to ${risk}` : ""}`,
    );
    recommendations.splice(0, recommendations.length, ...news2!.responses[band].actions, ...k.recommendations[risk]);
  }
  if (notAssessed.length) explanation.push(`Not assessed (not supplied): ${notAssessed.join(", ")}; the score may understate the risk`);
  return {
    qsofaScore: qsofa,
    qsofaCriteriaMet,
    sirsCriteriaMet: sirs,
    sirsCriteria,
    notAssessed,
    sepsisRisk: risk,
    riskProbability: k.risk_mapping.probability[risk],
    alertTriggered: risk === "high",
    timeToIntervention: time,
    recommendations,
    explanation,
    extremeVitals: extreme?.red ?? [],
    news2Partial: extreme?.total ?? null,
    criteria: k.adult_criteria_label,
    ageGroup: null,
    organDysfunction: [],
  };
}

/**
 * The screen for an age on the day of the screen: the obstetric criteria when `obstetricReason` says why
 * (pregnant or within 6 weeks after, from `obstetric.applies_from_years`), else adult qSOFA/SIRS from
 * `applies_to.min_age_years`, else paediatric SIRS (Goldstein 2005); then MAP, vasopressors and septic shock.
 */
export function screenForAge(k: SepsisKnowledge, age: ScreenAge, inputs: SepsisInputs, news2?: News2Knowledge, obstetricReason?: string | null): SepsisAssessment {
  const obstetric = obstetricReason && age.years >= k.obstetric.applies_from_years;
  const base = obstetric
    ? assessObstetricSepsis(k, inputs, obstetricReason)
    : age.years >= k.applies_to.min_age_years
      ? assessSepsis(k, inputs, news2)
      : assessPaediatricSepsis(k.paediatric, inputs, age);
  if (obstetricReason && !obstetric) base.explanation.push(`Pregnancy (${obstetricReason}) under ${k.obstetric.applies_from_years} years: the paediatric criteria were applied; review with an obstetric clinician`);
  return withCirculation(k, base, inputs, age);
}

const NEWS2_OF_SCREEN: [keyof News2Knowledge["parameters"], keyof SepsisInputs, string, string][] = [
  ["respiration_rate", "respiratory_rate", "respiratory rate", "/min"],
  ["systolic_bp", "systolic_bp", "systolic BP", " mmHg"],
  ["pulse", "heart_rate", "heart rate", "/min"],
  ["temperature", "temperature", "temperature", " °C"],
];

/**
 * NEWS2 parameter scores (RCP 2017 Chart 1) of the vitals the screen collects, and those scoring 3.
 * Consciousness comes from the GCS: below `notAlertBelow` the patient is not alert on ACVPU, which
 * NEWS2 scores as new confusion (sepsis.json extreme_vitals.consciousness_from_gcs).
 */
export function extremeVitals(news2: News2Knowledge, inputs: SepsisInputs, notAlertBelow: number): { total: number; red: string[] } {
  const notAlert = inputs.gcs < notAlertBelow;
  let total = news2.parameters.consciousness.scores[notAlert ? "new_confusion" : "alert"];
  const red: string[] = notAlert && total >= news2.risk.single_parameter_red ? [`consciousness not alert, GCS ${inputs.gcs} (NEWS2 ${total})`] : [];
  for (const [parameter, input, name, unit] of NEWS2_OF_SCREEN) {
    const value = inputs[input] as number;
    const score = bandScore((news2.parameters[parameter] as { bands: ScoreBand[] }).bands, value);
    total += score;
    if (score >= news2.risk.single_parameter_red) red.push(`${name} ${value}${unit} (NEWS2 ${score})`);
  }
  return { total, red };
}
