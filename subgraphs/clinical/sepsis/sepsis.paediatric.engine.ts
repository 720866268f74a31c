import type { PaediatricAgeGroup, PaediatricSepsisKnowledge } from "../knowledge/knowledge.types.js";
import type { CirculationFields, SepsisAssessment, SepsisInputs, SepsisRisk } from "./sepsis.engine.js";

/** Age on the date of the screen: completed years (birthday reached) and whole days (lib/calendar.ts ageOnDate). */
export interface ScreenAge {
  years: number;
  days: number;
}

interface PaediatricCriterion {
  id: string;
  description: string;
  /** Undefined when the input was not given. */
  met: boolean | undefined;
}

const reached = (group: PaediatricAgeGroup, age: ScreenAge) => (group.from_years !== undefined ? age.years >= group.from_years : age.days >= (group.from_days ?? 0));

/**
 * The Goldstein 2005 age group (Table 2/3) of a child: the last group whose start the child has
 * reached, each group running until the next begins (sepsis.json paediatric.age_group_boundaries).
 */
export function paediatricAgeGroup(groups: PaediatricAgeGroup[], age: ScreenAge): PaediatricAgeGroup {
  const group = groups.filter((g) => reached(g, age)).at(-1);
  if (!group) throw new Error(`knowledge/sepsis.json: no paediatric age group for ${age.days} days`);
  return group;
}

/** The four pSIRS criteria with the age group's limits (all "greater/less than": a value at a limit is not abnormal). */
function paediatricCriteria(p: PaediatricSepsisKnowledge, group: PaediatricAgeGroup, inputs: SepsisInputs, age: ScreenAge): PaediatricCriterion[] {
  const bradycardia = group.heart_rate_below !== null && age.years < p.bradycardia_below_age_years ? group.heart_rate_below : null;
  const wbc = inputs.wbc ?? null;
  return [
    {
      id: "temperature",
      description: `Core temperature > ${p.temperature.above} or < ${p.temperature.below} C`,
      met: inputs.temperature > p.temperature.above || inputs.temperature < p.temperature.below,
    },
    {
      id: "heart_rate",
      description: `Heart rate > ${group.heart_rate_above}${bradycardia !== null ? ` or < ${bradycardia}` : ""}/min for age`,
      met: inputs.heart_rate > group.heart_rate_above || (bradycardia !== null && inputs.heart_rate < bradycardia),
    },
    {
      id: "respiratory_rate",
      description: `Respiratory rate > ${group.respiratory_rate_above}/min for age`,
      met: inputs.respiratory_rate > group.respiratory_rate_above,
    },
    {
      id: "wbc",
      description: `WBC > ${group.wbc_above}${group.wbc_below !== null ? ` or < ${group.wbc_below}` : ""} x10^9/L for age`,
      met: wbc === null ? undefined : wbc > group.wbc_above || (group.wbc_below !== null && wbc < group.wbc_below),
    },
  ];
}

/** Goldstein 2005 Table 4 criteria this request can show: hypotension for age (cardiovascular) and GCS ≤ 11 (neurological). */
function organDysfunction(p: PaediatricSepsisKnowledge, group: PaediatricAgeGroup, inputs: SepsisInputs): string[] {
  const found: string[] = [];
  if (inputs.systolic_bp < group.systolic_bp_below) found.push(`Cardiovascular: systolic BP ${inputs.systolic_bp} mmHg < ${group.systolic_bp_below} (hypotension for age)`);
  const gcsLimit = p.organ_dysfunction.neurological.gcs_at_or_below;
  if (inputs.gcs <= gcsLimit) found.push(`Neurological: GCS ${inputs.gcs} <= ${gcsLimit}`);
  return found;
}

interface ExtremeVital {
  text: string;
  advice: string;
}

/**
 * Vital signs that escalate a child's screen on their own (sepsis.json paediatric.extreme_vitals): a heart
 * rate low enough that CPR may be needed (PALS and neonatal resuscitation, < 60/min), and an altered mental
 * state, GCS < 15 (NICE NG51 high-risk criterion in every paediatric age band).
 */
function extremeVitals(p: PaediatricSepsisKnowledge, inputs: SepsisInputs): ExtremeVital[] {
  const e = p.extreme_vitals;
  const found: ExtremeVital[] = [];
  if (inputs.heart_rate < e.heart_rate_below) found.push({ text: `Heart rate ${inputs.heart_rate}/min < ${e.heart_rate_below} (bradycardia: check perfusion; CPR if poor despite ventilation)`, advice: e.advice });
  if (inputs.gcs < e.gcs_below) found.push({ text: `GCS ${inputs.gcs} < ${e.gcs_below} (altered mental state, NICE NG51 high-risk criterion)`, advice: e.gcs_advice });
  return found;
}

/**
 * Sepsis screen of a child (under 18) with paediatric SIRS and the organ dysfunction the request can
 * show (Goldstein, Pediatr Crit Care Med 2005), then the documented rule of sepsis.json
 * paediatric.risk_mapping: high with organ dysfunction, moderate with pSIRS, else low. qSOFA, the
 * adult probability, the lactate steps and NEWS2 are adult tools and are not applied (null / not scored).
 */
export function assessPaediatricSepsis(p: PaediatricSepsisKnowledge, inputs: SepsisInputs, age: ScreenAge): Omit<SepsisAssessment, CirculationFields> {
  const group = paediatricAgeGroup(p.age_groups, age);
  const criteria = paediatricCriteria(p, group, inputs, age);
  const met = criteria.filter((c) => c.met);
  const notAssessed = criteria.filter((c) => c.met === undefined).map((c) => c.id);
  const psirs = met.length >= p.positive_at && met.some((c) => p.required_one_of.includes(c.id));
  const organ = organDysfunction(p, group, inputs);
  const extremeFound = extremeVitals(p, inputs);
  const extreme = extremeFound.map((x) => x.text);
  const byCriteria: SepsisRisk = organ.length ? "high" : psirs ? "moderate" : "low";
  // Like the adult screen's extreme vitals: at least moderate, and the time immediate.
  const risk: SepsisRisk = extreme.length && byCriteria === "low" ? "moderate" : byCriteria;
  const explanation = [
    `Paediatric SIRS (Goldstein 2005), ${group.label}: ${met.length}/4${met.length ? ` (${met.map((c) => c.description).join("; ")})` : ""}; ${psirs ? "pSIRS met" : `pSIRS not met (needs ${p.positive_at} criteria, one of them temperature or WBC)`}`,
    organ.length ? `Organ dysfunction: ${organ.join("; ")}: risk high` : "No organ dysfunction shown by these fields (hypotension for age, GCS <= 11)",
    p.qsofa_note,
    p.risk_mapping.probability_note,
  ];
  if (inputs.lactate !== null && inputs.lactate !== undefined) explanation.push(`Lactate ${inputs.lactate} mmol/L: ${p.lactate_note}`);
  if (notAssessed.length) explanation.push(`Not assessed (not supplied): ${notAssessed.join(", ")}; the screen may understate the risk`);
  if (extreme.length) explanation.push(`Extreme for a child: ${extreme.join("; ")}: risk at least moderate, time immediate`);
  return {
    qsofaScore: null,
    qsofaCriteriaMet: [],
    sirsCriteriaMet: met.length,
    sirsCriteria: met.map((c) => c.description),
    notAssessed,
    sepsisRisk: risk,
    riskProbability: p.risk_mapping.probability,
    alertTriggered: risk === "high",
    timeToIntervention: extreme.length ? p.risk_mapping.time_to_intervention.high : p.risk_mapping.time_to_intervention[risk],
    recommendations: [...extremeFound.map((x) => x.advice), ...p.recommendations.danger_signs, ...p.recommendations[risk]],
    explanation,
    extremeVitals: extreme,
    news2Partial: null,
    criteria: p.criteria_label,
    ageGroup: group.label,
    organDysfunction: organ,
  };
}
