import type { SepsisKnowledge, SepticShockKnowledge } from "../knowledge/knowledge.types.js";
import type { CirculationFields, SepsisAssessment, SepsisInputs, SepsisRisk } from "./sepsis.engine.js";
import type { ScreenAge } from "./sepsis.paediatric.engine.js";

const RANK: Record<SepsisRisk, number> = { low: 0, moderate: 1, high: 2 };
const atLeast = (risk: SepsisRisk, floor: SepsisRisk): SepsisRisk => (RANK[risk] >= RANK[floor] ? risk : floor);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The measured MAP, else (systolic + 2 × diastolic) / 3 when a diastolic pressure was given (sepsis.json septic_shock). */
export function meanArterialPressure(inputs: SepsisInputs): number | null {
  if (inputs.mean_arterial_pressure !== null && inputs.mean_arterial_pressure !== undefined) return inputs.mean_arterial_pressure;
  if (inputs.diastolic_bp === null || inputs.diastolic_bp === undefined) return null;
  return round1((inputs.systolic_bp + 2 * inputs.diastolic_bp) / 3);
}

/**
 * Sepsis-3 septic shock (Singer, JAMA 2016): a vasopressor needed to keep MAP ≥ 65 mmHg and lactate
 * > 2 mmol/L. False when lactate is known and not above the limit, or when no vasopressor is given and
 * MAP is at target; null when it cannot be told (lactate or vasopressor use unknown, or a low or unknown
 * MAP without a vasopressor: the response to fluids is not known).
 */
export function septicShock(s: SepticShockKnowledge, inputs: SepsisInputs, map: number | null): { shock: boolean | null; criteria: string[] } {
  const lactate = inputs.lactate ?? null;
  const criteria: string[] = [];
  if (inputs.vasopressors === true) criteria.push(`On a vasopressor (to keep MAP >= ${s.map_target} mmHg)`);
  if (lactate !== null && lactate > s.lactate_above) criteria.push(`Lactate ${lactate} mmol/L > ${s.lactate_above}`);
  if (lactate !== null && lactate <= s.lactate_above) return { shock: false, criteria };
  if (inputs.vasopressors === true && lactate !== null) return { shock: true, criteria };
  if (inputs.vasopressors === false && map !== null && map >= s.map_target) return { shock: false, criteria };
  return { shock: null, criteria };
}

/** What the path that produced the assessment recommends at a risk (adult, obstetric or paediatric). */
function recommendationsAt(k: SepsisKnowledge, a: Omit<SepsisAssessment, CirculationFields>, risk: SepsisRisk): string[] {
  if (a.ageGroup !== null) return [...k.paediatric.recommendations.danger_signs, ...k.paediatric.recommendations[risk]];
  return a.criteria === k.obstetric.criteria_label ? k.obstetric.recommendations[risk] : k.recommendations[risk];
}

function shockSentence(s: SepticShockKnowledge, shock: boolean | null, criteria: string[], child: boolean): string {
  if (child) return s.paediatric_note;
  if (shock === true) return `Septic shock (Sepsis-3): ${criteria.join("; ")}: risk high`;
  if (shock === false) return "Not septic shock by Sepsis-3 (needs a vasopressor for MAP >= 65 mmHg and lactate > 2 mmol/L)";
  return "Septic shock not assessable: it needs vasopressor use, lactate and, without a vasopressor, a MAP at or above target";
}

/**
 * The circulation step after any of the three screens: a MAP below target makes the risk at least
 * moderate and the time immediate (adults and pregnancy; a child's hypotension is judged by the
 * systolic limit for age), a vasopressor makes it high (for a child, cardiovascular organ dysfunction,
 * Goldstein 2005 Table 4), and Sepsis-3 septic shock, assessed from 18 years, makes it high.
 */
export function withCirculation(k: SepsisKnowledge, a: Omit<SepsisAssessment, CirculationFields>, inputs: SepsisInputs, age: ScreenAge): SepsisAssessment {
  const s = k.septic_shock;
  const child = age.years < s.applies_from_years;
  const map = meanArterialPressure(inputs);
  const { shock, criteria } = child ? { shock: null, criteria: [] } : septicShock(s, inputs, map);
  let risk = a.sepsisRisk;
  let time = a.timeToIntervention;
  const advice: string[] = [];
  const extremeVitals = [...a.extremeVitals];
  const organDysfunction = [...a.organDysfunction];
  const explanation = [...a.explanation];
  if (map !== null && map < s.map_target && a.ageGroup === null) {
    extremeVitals.push(`Mean arterial pressure ${map} mmHg < ${s.map_target}`);
    risk = atLeast(risk, "moderate");
    time = "immediate";
    advice.push(s.hypotension_advice);
  }
  if (inputs.vasopressors === true) {
    risk = "high";
    advice.push(s.vasopressor_advice);
    if (child && !organDysfunction.some((o) => o.startsWith("Cardiovascular"))) organDysfunction.push("Cardiovascular: on a vasoactive drug (Goldstein 2005 Table 4)");
  }
  if (shock === true) advice.unshift(...s.recommendations);
  if (risk === "high") time = "immediate";
  if (map !== null) explanation.push(`Mean arterial pressure ${map} mmHg${inputs.mean_arterial_pressure == null ? " (estimated from systolic and diastolic)" : ""}`);
  explanation.push(shockSentence(s, shock, criteria, child));
  if (risk !== a.sepsisRisk) explanation.push(`Circulation: risk raised from ${a.sepsisRisk} to ${risk}`);
  return {
    ...a,
    sepsisRisk: risk,
    riskProbability: a.riskProbability === null ? null : k.risk_mapping.probability[risk],
    alertTriggered: risk === "high",
    timeToIntervention: time,
    recommendations: [...advice, ...(risk === a.sepsisRisk ? a.recommendations : recommendationsAt(k, a, risk))],
    explanation,
    extremeVitals,
    organDysfunction,
    septicShock: shock,
    septicShockCriteria: shock === true ? criteria : [],
    meanArterialPressure: map,
  };
}
