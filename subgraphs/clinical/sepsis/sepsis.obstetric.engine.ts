import type { Comparison, SepsisKnowledge } from "../knowledge/knowledge.types.js";
import { holds, type CirculationFields, type SepsisAssessment, type SepsisInputs, type SepsisRisk } from "./sepsis.engine.js";

type Values = Record<string, number | null | undefined>;

/** "Heart rate > 130/min: 138" — the criterion with the value that met it. */
const withValue = (c: Comparison & { description: string }, values: Values) => `${c.description}: ${values[c.input]}`;

/**
 * NICE NG51 criteria for a woman who is pregnant or was pregnant in the past 6 weeks (sepsis.json
 * obstetric): the high risk criteria met, and the moderate to high risk criteria met on a vital sign that
 * is not already high risk (SBP 85 is high risk, not also "91-100").
 */
function obstetricRiskCriteria(o: SepsisKnowledge["obstetric"], values: Values): { high: string[]; moderate: string[] } {
  const highMet = o.high_risk.filter((c) => holds(c, values));
  const highInputs = new Set(highMet.map((c) => c.input));
  const moderateMet = o.moderate_risk.filter((c) => !highInputs.has(c.input) && holds(c, values));
  return { high: highMet.map((c) => withValue(c, values)), moderate: moderateMet.map((c) => withValue(c, values)) };
}

/**
 * Sepsis screen in pregnancy and the 6 weeks after (sepsis.json obstetric): the RCOG Green-top 64a signs
 * of sepsis in place of SIRS (heart rate > 100, WBC > 17 or < 4: normal pregnancy raises both), the NICE
 * NG51 pregnancy risk criteria, and the UK Sepsis Trust maternal red flag lactate ≥ 2 mmol/L. qSOFA is
 * shown with the warning that it is not validated in pregnancy; NEWS2 (not for pregnancy) is not applied.
 */
export function assessObstetricSepsis(k: SepsisKnowledge, inputs: SepsisInputs, reason: string): Omit<SepsisAssessment, CirculationFields> {
  const o = k.obstetric;
  const values = inputs as unknown as Values;
  const qsofaCriteriaMet = k.qsofa.criteria.filter((c) => holds(c, values)).map((c) => c.description);
  const signs = o.sirs.filter((c) => c.any.some((x) => holds(x, values))).map((c) => c.description);
  const notAssessed = o.sirs.filter((c) => c.any.every((x) => holds(x, values) === undefined)).map((c) => c.id);
  const { high, moderate } = obstetricRiskCriteria(o, values);
  const lactate = inputs.lactate ?? null;
  if (lactate === null) notAssessed.push("lactate");
  const redFlagLactate = lactate !== null && lactate >= o.lactate_high_at;
  const risk: SepsisRisk = high.length || redFlagLactate ? "high" : moderate.length || signs.length >= o.sirs_positive_at ? "moderate" : "low";
  const explanation = [
    `Obstetric criteria applied: ${reason}`,
    `${o.qsofa_warning} (qSOFA ${qsofaCriteriaMet.length}/3)`,
    `Signs of sepsis in pregnancy (RCOG GTG 64a) ${signs.length}/4${signs.length ? ` (${signs.join("; ")})` : ""}`,
    high.length ? `NICE NG51 high risk: ${high.join("; ")}` : "No NICE NG51 high risk criterion",
  ];
  if (moderate.length) explanation.push(`NICE NG51 moderate to high risk: ${moderate.join("; ")}`);
  if (redFlagLactate) explanation.push(`Lactate ${lactate} mmol/L ≥ ${o.lactate_high_at}: maternal red flag (UK Sepsis Trust), risk high`);
  if (notAssessed.length) explanation.push(`Not assessed (not supplied): ${notAssessed.join(", ")}; the screen may understate the risk`);
  explanation.push(o.note);
  return {
    qsofaScore: qsofaCriteriaMet.length,
    qsofaCriteriaMet,
    sirsCriteriaMet: signs.length,
    sirsCriteria: signs,
    notAssessed,
    sepsisRisk: risk,
    riskProbability: o.risk_mapping.probability,
    alertTriggered: risk === "high",
    timeToIntervention: o.risk_mapping.time_to_intervention[risk],
    recommendations: [...o.recommendations[risk]],
    explanation,
    extremeVitals: high,
    news2Partial: null,
    criteria: o.criteria_label,
    ageGroup: null,
    organDysfunction: [],
  };
}
