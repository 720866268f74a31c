import type { Comparison, SepsisKnowledge } from "../knowledge/knowledge.types.js";

export const SEPSIS_ENGINE_VERSION = "sepsis-engine@1.0.0";

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
}

export type SepsisRisk = "low" | "moderate" | "high";

export interface SepsisAssessment {
  qsofaScore: number;
  qsofaCriteriaMet: string[];
  sirsCriteriaMet: number;
  sirsCriteria: string[];
  /** Inputs that were not given, so their criteria could not count. */
  notAssessed: string[];
  sepsisRisk: SepsisRisk;
  riskProbability: number;
  alertTriggered: boolean;
  timeToIntervention: string;
  recommendations: string[];
  explanation: string[];
}

function holds(c: Comparison, inputs: Record<string, number | null | undefined>): boolean | undefined {
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
 * moderate when qSOFA = 1 or SIRS ≥ 2; lactate ≥ 2 raises the category one step.
 */
export function assessSepsis(k: SepsisKnowledge, inputs: SepsisInputs): SepsisAssessment {
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
    timeToIntervention: k.risk_mapping.time_to_intervention[risk],
    recommendations: k.recommendations[risk],
    explanation,
  };
}
