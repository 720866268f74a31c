import { buildPatientContext } from "../copilot/copilot-context.engine.js";
import { assessChartedResult } from "../critical-values/censored-result.js";
import { conversionFactor } from "../critical-values/critical-values.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { news2Applicability, scoreNews2, type News2Result, type News2Vitals } from "./news2.engine.js";
import { latestRecordedVitals, oldestUsableVitalDate, VITAL_NAMES } from "./record-vitals.js";

export const HANDOFF_ENGINE_VERSION = "handoff-sbar-engine@1.1.0";

const VITAL_LABEL: Record<string, string> = {
  respirationRate: "Respiration rate",
  spo2: "SpO2",
  supplementalOxygen: "Air or oxygen",
  systolicBp: "Systolic BP",
  pulse: "Pulse",
  consciousness: "Consciousness (ACVPU)",
  temperature: "Temperature",
};

/**
 * SBAR handoff (Situation, Background, Assessment, Recommendation) from the stored record. It reuses
 * the engines: NEWS2 on the latest vitals (adults only; a pregnancy warning with it), the critical-values engine on the latest result of every
 * test with limits, and the copilot's context (medication alerts, overdue monitoring reminders).
 */
export function buildHandoffSummary(k: Knowledge, r: PatientRecord, today = new Date()) {
  const name = `${r.patient.givenName} ${r.patient.familyName}`;
  const latest = r.enc[0];
  const active = r.dx.filter((d) => d.status !== "resolved");
  const situation = {
    patient: `${name}, ${r.age} years, ${r.patient.sex} (${r.patient.uhid})`,
    latestEncounter: latest ? `${latest.date} ${latest.type}: ${latest.chiefComplaint}${latest.facility ? ` (${latest.facility})` : ""}` : null,
    activeProblems: [...new Map(active.map((d) => [d.code, `${d.display} (${d.code}, ${d.status})`])).values()],
  };
  const background = {
    diagnoses: [...new Map(r.dx.map((d) => [d.code, `${d.display} (${d.code}) ${d.status}, ${d.date}`])).values()],
    allergies: r.allergies.map((a) => [a.substance, a.reaction && `reaction: ${a.reaction}`, a.severity].filter(Boolean).join(", ")),
    medications: r.meds.filter((m) => m.status === "active").map((m) => `${m.name} ${m.dose} ${m.frequency}`),
  };

  const recorded = latestRecordedVitals(k.news2, r.obs);
  const latestVitals = VITAL_NAMES.filter((v) => recorded[v]).map((v) => ({ name: VITAL_LABEL[v], value: recorded[v]!.display, date: recorded[v]!.date }));
  // NEWS2 from the record only when every vital is current (record-vitals.ts): an old one is missing.
  const notBefore = oldestUsableVitalDate(k.administrationTimes.timezone, today);
  const news2Missing = VITAL_NAMES.filter((v) => !recorded[v] || recorded[v]!.date < notBefore);
  const applies = news2Applicability(k.news2.population, r.age, r.dx, today.toISOString().slice(0, 10));
  let news2: News2Result | null = null;
  if (applies.scored && !news2Missing.length) {
    const vitals = Object.fromEntries(VITAL_NAMES.map((v) => [v, recorded[v]!.value])) as unknown as News2Vitals;
    news2 = scoreNews2(k.news2, { ...vitals, spo2Scale: 1 });
  }

  // Latest result of each test the critical-values engine knows, in a unit it accepts.
  const abnormalLabs = [];
  const seen = new Set<string>();
  for (const o of r.obs) {
    const test = k.labTests.get(o.code);
    if (!test || seen.has(o.code)) continue;
    const value = Number(o.value);
    if (!Number.isFinite(value) || conversionFactor(test, o.unit) === undefined) continue;
    seen.add(o.code);
    const { assessment: a, shown } = assessChartedResult(test, value, o, r.patient);
    if (a.deviation === "normal") continue;
    abnormalLabs.push({ test: o.display, loincCode: o.code, value: o.unit ? `${shown} ${o.unit}` : shown, date: o.date, deviation: a.deviation, isCritical: a.isCritical, normalRange: a.normalRange, actions: a.recommendedActions });
  }

  const escalations: string[] = [];
  const pendingActions: string[] = [];
  if (news2?.escalate) escalations.push(`NEWS2 ${news2.total} (${news2.clinicalRisk.replace("_", "-")} risk): ${news2.escalation.join("; ")}`);
  else if (news2) pendingActions.push(`NEWS2 ${news2.total} (${news2.clinicalRisk} risk): ${news2.monitoringFrequency.toLowerCase()} observations`);
  else if (!applies.scored) pendingActions.push(applies.note!);
  else pendingActions.push(`Record a full set of observations for NEWS2 (missing or older than yesterday: ${news2Missing.map((v) => (recorded[v] ? `${VITAL_LABEL[v]} (last ${recorded[v]!.date})` : VITAL_LABEL[v])).join(", ")})`);
  if (applies.scored && applies.note) (news2?.escalate ? escalations : pendingActions).push(applies.note);
  for (const l of abnormalLabs) {
    if (l.isCritical) escalations.push(`Critical ${l.test} ${l.value} on ${l.date}: ${l.actions.join("; ")}`);
    else pendingActions.push(`Review ${l.test} ${l.value} on ${l.date} (${l.deviation}; reference ${l.normalRange})`);
  }
  const { alerts } = buildPatientContext(k, r, today);
  for (const a of alerts) pendingActions.push(`${a.type === "reminder" ? "Follow-up" : `Medication ${a.type}`}: ${a.message}`);

  return {
    situation,
    background,
    assessment: {
      latestVitals,
      news2Score: news2?.total ?? null,
      news2Risk: news2?.clinicalRisk ?? null,
      news2Missing: news2Missing.map((v) => VITAL_LABEL[v]),
      abnormalLabs: abnormalLabs.map(({ actions: _actions, ...l }) => l),
    },
    recommendation: { escalations, pendingActions },
  };
}
