import type { News2Knowledge, ScoreBand } from "../knowledge/knowledge.types.js";

/**
 * National Early Warning Score 2 (Royal College of Physicians, 2017): the bands, risk thresholds and
 * responses are data (knowledge/news2.json); this file only applies them.
 */
export const NEWS2_ENGINE_VERSION = "news2-engine@1.3.0";

export const CONSCIOUSNESS_LEVELS = ["alert", "new_confusion", "voice", "pain", "unresponsive"] as const;
export type Consciousness = (typeof CONSCIOUSNESS_LEVELS)[number];

export interface News2Vitals {
  respirationRate: number;
  spo2: number;
  /** Scale 2 only for a prescribed 88–92% target (hypercapnic respiratory failure). */
  spo2Scale: 1 | 2;
  supplementalOxygen: boolean;
  systolicBp: number;
  pulse: number;
  consciousness: Consciousness;
  temperature: number;
}

export type News2Band = "low" | "low_medium" | "medium" | "high";

export interface News2ParameterScore {
  parameter: string;
  value: string;
  score: number;
}

export interface News2Result {
  total: number;
  parameters: News2ParameterScore[];
  /** True when any single parameter scores 3 (the RCP "red score"). */
  singleParameterRed: boolean;
  clinicalRisk: News2Band;
  monitoringFrequency: string;
  response: string;
  escalation: string[];
  /** Escalation beyond the routine ward response is due (total ≥ 5, or a single parameter of 3). */
  escalate: boolean;
  notes: string[];
}

export interface News2Applicability {
  /** False for a child: NEWS2's adult bands would misread a child's normal (or dangerous) vitals. */
  scored: boolean;
  /** Why it is not scored, or the pregnancy warning that goes with the score. */
  note: string | null;
}

/**
 * Whether NEWS2 applies to the patient (knowledge/news2.json `population`): not to a child under 16; in
 * pregnancy (an unresolved diagnosis in the pregnancy codes dated within the window before `today`) the
 * score stands with a warning to use MEOWS.
 */
export function news2Applicability(p: News2Knowledge["population"], ageYears: number, diagnoses: { code: string; status: string; date: string }[], today: string): News2Applicability {
  if (ageYears < p.min_age_years) return { scored: false, note: `${p.child_message} (the patient is ${ageYears} years old)` };
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - p.pregnancy_window_days * 86_400_000).toISOString().slice(0, 10);
  const current = diagnoses.filter((d) => d.status !== "resolved" && d.date >= since && d.date <= today);
  // A delivery outcome (Z37) counts only for the puerperium after its date, resolved or not: the birth is over
  // (so the record often marks it resolved) but the 42 days after it are not (session 22, patients-blind-3).
  const puerperiumSince = new Date(Date.parse(`${today}T00:00:00Z`) - p.postpartum_window_days * 86_400_000).toISOString().slice(0, 10);
  const delivered = diagnoses.filter((d) => d.date >= puerperiumSince && d.date <= today);
  const startsWith = (code: string, prefixes: string[]) => prefixes.some((prefix) => code.toUpperCase().startsWith(prefix));
  const pregnancy =
    current.find((d) => startsWith(d.code, p.pregnancy_codes))?.code ??
    delivered.find((d) => startsWith(d.code, p.postpartum_codes))?.code;
  return { scored: true, note: pregnancy ? `${p.pregnancy_message} (active diagnosis ${pregnancy})` : null };
}

/** The score of the first band whose `max` the value does not exceed. */
export function bandScore(bands: ScoreBand[], value: number): number {
  for (const b of bands) if (b.max === null || value <= b.max) return b.score;
  throw new Error(`value ${value} is above every band`);
}

/** SpO2 score on scale 1, or on scale 2 where above 92% only oxygen scores (RCP NEWS2 Chart 1). */
export function spo2Score(k: News2Knowledge, spo2: number, scale: 1 | 2, onOxygen: boolean): number {
  if (scale === 1) return bandScore(k.parameters.spo2_scale_1.bands, spo2);
  const s2 = k.parameters.spo2_scale_2;
  if (spo2 <= 92) return bandScore(s2.bands, spo2);
  return bandScore(onOxygen ? s2.above_92_on_oxygen : s2.above_92_on_air, spo2);
}

/** Scores every parameter, totals them and maps the result to the RCP risk band and clinical response. */
export function scoreNews2(k: News2Knowledge, v: News2Vitals): News2Result {
  const p = k.parameters;
  const consciousness = p.consciousness.scores[v.consciousness];
  if (consciousness === undefined) throw new Error(`unknown consciousness level ${v.consciousness}`);
  const parameters: News2ParameterScore[] = [
    { parameter: "respiration_rate", value: String(v.respirationRate), score: bandScore(p.respiration_rate.bands, v.respirationRate) },
    { parameter: `spo2_scale_${v.spo2Scale}`, value: String(v.spo2), score: spo2Score(k, v.spo2, v.spo2Scale, v.supplementalOxygen) },
    { parameter: "air_or_oxygen", value: v.supplementalOxygen ? "oxygen" : "air", score: p.air_or_oxygen.scores[v.supplementalOxygen ? "oxygen" : "air"] },
    { parameter: "systolic_bp", value: String(v.systolicBp), score: bandScore(p.systolic_bp.bands, v.systolicBp) },
    { parameter: "pulse", value: String(v.pulse), score: bandScore(p.pulse.bands, v.pulse) },
    { parameter: "consciousness", value: v.consciousness, score: consciousness },
    { parameter: "temperature", value: String(v.temperature), score: bandScore(p.temperature.bands, v.temperature) },
  ];
  const total = parameters.reduce((s, x) => s + x.score, 0);
  // The red score is about the physiological parameters; oxygen itself scores 2 at most.
  const singleParameterRed = parameters.some((x) => x.score >= k.risk.single_parameter_red);
  const clinicalRisk: News2Band = total >= k.risk.high_at ? "high" : total >= k.risk.medium_at ? "medium" : singleParameterRed ? "low_medium" : "low";
  const response = k.responses[total === 0 ? "zero" : clinicalRisk];
  const notes: string[] = [];
  if (v.spo2Scale === 2) notes.push(`SpO2 scored on scale 2: ${p.spo2_scale_2.use_when}.`);
  if (v.consciousness === "new_confusion") notes.push("New-onset confusion scores 3 (ACVPU 'C'): assess for delirium, sepsis and hypoxia.");
  return {
    total,
    parameters,
    singleParameterRed,
    clinicalRisk,
    monitoringFrequency: response.monitoring_frequency,
    response: response.response,
    escalation: response.actions,
    escalate: clinicalRisk !== "low",
    notes,
  };
}

/**
 * The score of the parameters that are on record when one or more cannot be scored: a missing parameter can
 * only add to it (every band scores 0 or more), so a partial total that already reaches a trigger of RCP
 * NEWS2 Chart 4 (5, 7, or a single parameter of 3) is acted on now rather than after the missing vital is found.
 */
export function news2LowerBound(k: News2Knowledge, v: Partial<Omit<News2Vitals, "spo2Scale">>): { total: number; clinicalRisk: News2Band; singleParameterRed: boolean; response: string; monitoringFrequency: string; escalation: string[] } {
  const p = k.parameters;
  const scores: number[] = [];
  if (v.respirationRate !== undefined) scores.push(bandScore(p.respiration_rate.bands, v.respirationRate));
  if (v.spo2 !== undefined) scores.push(spo2Score(k, v.spo2, 1, v.supplementalOxygen === true));
  if (v.supplementalOxygen !== undefined) scores.push(p.air_or_oxygen.scores[v.supplementalOxygen ? "oxygen" : "air"]);
  if (v.systolicBp !== undefined) scores.push(bandScore(p.systolic_bp.bands, v.systolicBp));
  if (v.pulse !== undefined) scores.push(bandScore(p.pulse.bands, v.pulse));
  if (v.consciousness !== undefined) scores.push(p.consciousness.scores[v.consciousness] ?? 0);
  if (v.temperature !== undefined) scores.push(bandScore(p.temperature.bands, v.temperature));
  const total = scores.reduce((a, b) => a + b, 0);
  const singleParameterRed = scores.some((x) => x >= k.risk.single_parameter_red);
  const clinicalRisk: News2Band = total >= k.risk.high_at ? "high" : total >= k.risk.medium_at ? "medium" : singleParameterRed ? "low_medium" : "low";
  const response = k.responses[total === 0 ? "zero" : clinicalRisk];
  return { total, clinicalRisk, singleParameterRed, response: response.response, monitoringFrequency: response.monitoring_frequency, escalation: response.actions };
}
