import { ageOnDate, calendarDate } from "../../../lib/calendar.js";
import { buildPatientContext } from "../copilot/copilot-context.engine.js";
import { assessChartedResult } from "../critical-values/censored-result.js";
import { conversionFactor } from "../critical-values/critical-values.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { paediatricAgeGroup } from "../sepsis/sepsis.paediatric.engine.js";
import { news2Applicability, news2LowerBound, scoreNews2, type News2Result, type News2Vitals } from "./news2.engine.js";
import { latestRecordedVitals, oldestUsableVitalDate, VITAL_NAMES } from "./record-vitals.js";

export const HANDOFF_ENGINE_VERSION = "handoff-sbar-engine@1.4.0";

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
export function buildHandoffSummary(k: Knowledge, r: PatientRecord, today = new Date(), notes: HandoffNote[] = []) {
  const name = `${r.patient.givenName} ${r.patient.familyName}`;
  const day = calendarDate(today, k.administrationTimes.timezone);
  const age = ageOnDate(r.patient.birthDate, day);
  const latest = r.enc[0];
  const active = r.dx.filter((d) => d.status !== "resolved");
  const situation = {
    patient: `${name}, ${ageInWords(r.patient.birthDate, day, age)}, ${r.patient.sex} (${r.patient.uhid})`,
    latestEncounter: latest ? `${latest.date} ${latest.type}: ${latest.chiefComplaint}${latest.facility ? ` (${latest.facility})` : ""}` : null,
    activeProblems: [...new Map(active.map((d) => [d.code, `${d.display} (${d.code}, ${d.status})`])).values()],
  };
  const background = {
    diagnoses: [...new Map(r.dx.map((d) => [d.code, `${d.display} (${d.code}) ${d.status}, ${d.date}`])).values()],
    allergies: r.allergies.map((a) => [a.substance, a.reaction && `reaction: ${a.reaction}`, a.severity].filter(Boolean).join(", ")),
    medications: r.meds.filter((m) => m.status === "active").map((m) => `${m.name} ${m.dose} ${m.frequency}`),
    // An empty list reads the same as "not asked": say which it is (JC SEA 58; NICE CG183 1.2).
    allergyStatus: r.allergies.length
      ? `${r.allergies.length} ${r.allergies.length === 1 ? "allergy" : "allergies"} recorded`
      : "No allergies recorded: confirm the allergy status with the patient or family before giving a new medicine",
  };

  const recorded = latestRecordedVitals(k.news2, r.obs);
  const latestVitals = VITAL_NAMES.filter((v) => recorded[v]).map((v) => ({ name: VITAL_LABEL[v], value: recorded[v]!.display, date: recorded[v]!.date }));
  // NEWS2 from the record only when every vital is current (record-vitals.ts): an old one is missing.
  const notBefore = oldestUsableVitalDate(k.administrationTimes.timezone, today);
  const news2Missing = VITAL_NAMES.filter((v) => !recorded[v] || recorded[v]!.date < notBefore);
  // The facility's calendar day, as the diagnoses are dated: the UTC date is the day before from 21:00 in Kampala.
  const applies = news2Applicability(k.news2.population, r.age, r.dx, day);
  let news2: News2Result | null = null;
  if (applies.scored && !news2Missing.length) {
    const vitals = Object.fromEntries(VITAL_NAMES.map((v) => [v, recorded[v]!.value])) as unknown as News2Vitals;
    news2 = scoreNews2(k.news2, { ...vitals, spo2Scale: 1 });
  }
  // Vitals missing: what is on record already scores at least this (a missing parameter only adds).
  const partial = applies.scored && !news2 ? news2LowerBound(k.news2, Object.fromEntries(VITAL_NAMES.filter((v) => recorded[v] && recorded[v]!.date >= notBefore).map((v) => [v, recorded[v]!.value]))) : null;
  const partialEscalates = partial !== null && partial.clinicalRisk !== "low";

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
  // Code status goes with every escalation (JC SEA 58; WHO Patient Safety Solution 3: advance directives).
  const dnr = active.find((d) => CODE_STATUS.test(d.code));
  const codeStatus = dnr ? `${dnr.display} (${dnr.code}) on the record: escalate within the agreed ceiling of care and confirm the resuscitation decision with the responsible clinician` : null;
  if (news2?.escalate) escalations.push(`NEWS2 ${news2.total} (${news2.clinicalRisk.replace("_", "-")} risk): ${news2.response}${redParameters(news2, k.news2.risk.single_parameter_red)}; ${news2.escalation.join("; ")}; monitoring: ${news2.monitoringFrequency.toLowerCase()}${codeStatus ? `. ${codeStatus}` : ""}`);
  else if (news2) pendingActions.push(`NEWS2 ${news2.total} (${news2.clinicalRisk} risk): ${news2.monitoringFrequency.toLowerCase()} observations`);
  else if (!applies.scored) pendingActions.push(applies.note!);
  else if (partialEscalates) escalations.push(`NEWS2 at least ${partial!.total} from the vitals on record (${partial!.clinicalRisk.replace("_", "-")} risk before the missing ones are measured): ${partial!.escalation.join("; ")}; monitoring: ${partial!.monitoringFrequency.toLowerCase()}`);
  if (!news2 && applies.scored) pendingActions.push(`Record a full set of observations for NEWS2 (missing or older than yesterday: ${news2Missing.map((v) => (recorded[v] ? `${VITAL_LABEL[v]} (last ${recorded[v]!.date})` : VITAL_LABEL[v])).join(", ")})`);
  if (applies.scored && applies.note) (news2?.escalate || partialEscalates ? escalations : pendingActions).push(applies.note);
  // Severe hypertension in pregnancy or the puerperium (NICE NG133; WHO 2011), found as NEWS2 finds a pregnancy, at any age.
  // A severe reading older than the vitals NEWS2 uses (before yesterday) is not today's state: recheck it now.
  const severeBp = severeHypertensionInPregnancy(k, r, day);
  if (severeBp && severeBp.date >= notBefore) escalations.push(`${severeBp.finding}: ${k.news2.obstetric_severe_hypertension.actions.join("; ")}`);
  else if (severeBp) pendingActions.push(`Recheck blood pressure now: ${severeBp.finding}, the latest on record is older than yesterday`);
  for (const l of abnormalLabs) {
    if (l.isCritical) escalations.push(`Critical ${l.test} ${l.value} on ${l.date}: ${l.actions.join("; ")}`);
    else pendingActions.push(`Review ${l.test} ${l.value} on ${l.date} (${l.deviation}; reference ${l.normalRange})`);
  }
  // Code status without a NEWS2 escalation: first of the escalations (a critical result) or of the pending actions.
  if (codeStatus && !news2?.escalate) (escalations.length ? escalations : pendingActions).unshift(codeStatus);
  // A child has no NEWS2: the vitals outside the age group's limits (Goldstein 2005) are named instead.
  const childVitals = applies.scored ? [] : outsideChildLimits(k, recorded, notBefore, age);
  if (childVitals.length) pendingActions.unshift(`Vital signs outside the limits for age (${childVitals.join("; ")}): score on the paediatric early warning chart (PEWS) and escalate as it directs`);
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
      news2Note: !applies.scored || applies.note ? applies.note : news2 ? null : `NEWS2 not scored: a vital sign is missing or was last recorded before yesterday${partialEscalates ? `; the vitals on record already score ${partial!.total} (${partial!.clinicalRisk.replace("_", "-")} risk)` : ""}`,
      abnormalLabs: abnormalLabs.map(({ actions: _actions, ...l }) => l),
    },
    recommendation: { escalations, pendingActions, fromNotes: planSentences(notes) },
  };
}

/** A blood pressure as charted: "164", "164 mmHg", or "164/98" (the diastolic then read too). */
const BP_VALUE = /^(\d{2,3})(?:\s*\/\s*(\d{2,3}))?\s*(?:mm\s*\[?hg\]?)?$/i;

/**
 * The finding (and the date of its severe reading) for a pregnant or postpartum woman (news2.json population: the pregnancy codes and the
 * 42-day puerperium) whose latest recorded systolic is at or above 160 mmHg or diastolic at or above 110
 * mmHg (news2.json obstetric_severe_hypertension: NICE NG133; WHO 2011), naming the reading; else null.
 */
function severeHypertensionInPregnancy(k: Knowledge, r: PatientRecord, day: string): { finding: string; date: string } | null {
  const rule = k.news2.obstetric_severe_hypertension;
  const population = k.news2.population;
  // NEWS2's age gate is not this rule's: asked at that age so a pregnant girl under 16 is found too (as sepsis.pregnancy.ts does).
  const pregnancy = news2Applicability(population, Math.max(r.age, population.min_age_years), r.dx, day).note;
  if (!pregnancy) return null;
  const sysObs = r.obs.find((o) => rule.systolic_codes.includes(o.code));
  const diaObs = r.obs.find((o) => rule.diastolic_codes.includes(o.code));
  const sysMatch = sysObs ? BP_VALUE.exec(sysObs.value.trim()) : null;
  const diaMatch = diaObs ? BP_VALUE.exec(diaObs.value.trim()) : null;
  const sys = sysMatch ? Number(sysMatch[1]) : null;
  // A diastolic written with the systolic ("164/98") is that reading's; otherwise the latest diastolic record.
  const dia = sysMatch?.[2] ? Number(sysMatch[2]) : diaMatch && !diaMatch[2] ? Number(diaMatch[1]) : null;
  const diaDate = sysMatch?.[2] ? sysObs!.date : diaObs?.date;
  const sysSevere = sys !== null && sys >= rule.systolic_at_or_above;
  const diaSevere = dia !== null && dia >= rule.diastolic_at_or_above;
  if (!sysSevere && !diaSevere) return null;
  const reading =
    sys !== null && dia !== null && sysObs!.date === diaDate
      ? `BP ${sys}/${dia} mmHg on ${sysObs!.date}`
      : [sys !== null ? `systolic ${sys} mmHg on ${sysObs!.date}` : null, dia !== null ? `diastolic ${dia} mmHg on ${diaDate}` : null].filter(Boolean).join(", ");
  const dates = [sysSevere ? sysObs!.date : null, diaSevere ? diaDate! : null].filter((d): d is string => d !== null);
  return {
    finding: `Severe hypertension in pregnancy: ${reading} (at or above ${rule.systolic_at_or_above}/${rule.diastolic_at_or_above} mmHg; pregnant or within 42 days of delivery on the record)`,
    // The newest severe part's date decides whether it is today's state.
    date: dates.sort().at(-1)!,
  };
}

/** The parameters scoring 3 (RCP NEWS2 Chart 4: a single red score triggers an urgent ward-based response), named so the next shift knows which one. */
function redParameters(n: News2Result, redAt: number): string {
  const red = n.parameters.filter((p) => p.score >= redAt).map((p) => `${p.parameter.replace(/_scale_\d$/, "").replace(/_/g, " ")} ${p.value}`);
  return red.length ? ` (scoring ${redAt}: ${red.join(", ")})` : "";
}

/** ICD-10 Z66 "Do not resuscitate" (ICD-10-CM 2025 tabular). */
const CODE_STATUS = /^Z66\b/i;

/** An infant's age in days or months, as a ward chart writes it; years from 2. */
function ageInWords(birthDate: string, day: string, age: { years: number; days: number }): string {
  if (age.years >= 2) return `${age.years} years`;
  if (age.days < 31) return `${age.days} ${age.days === 1 ? "day" : "days"}`;
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ty, tm, td] = day.split("-").map(Number);
  const months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  return `${months} months`;
}

type Recorded = ReturnType<typeof latestRecordedVitals>;

/** Current pulse, respiration rate, temperature and systolic BP outside the child's age-group limits (sepsis.json paediatric, Goldstein 2005 Tables 1 and 3). */
function outsideChildLimits(k: Knowledge, recorded: Recorded, notBefore: string, age: { years: number; days: number }): string[] {
  const p = k.sepsis.paediatric;
  const group = paediatricAgeGroup(p.age_groups, age);
  const current = (v: keyof Recorded) => (recorded[v] && recorded[v]!.date >= notBefore ? Number(recorded[v]!.value) : null);
  const out: string[] = [];
  const hr = current("pulse"), rr = current("respirationRate"), t = current("temperature"), sbp = current("systolicBp");
  const bradycardia = group.heart_rate_below !== null && age.years < p.bradycardia_below_age_years ? group.heart_rate_below : null;
  if (hr !== null && Number.isFinite(hr) && hr > group.heart_rate_above) out.push(`pulse ${hr}/min above ${group.heart_rate_above}`);
  if (hr !== null && Number.isFinite(hr) && bradycardia !== null && hr < bradycardia) out.push(`pulse ${hr}/min below ${bradycardia}`);
  if (rr !== null && Number.isFinite(rr) && rr > group.respiratory_rate_above) out.push(`respiration rate ${rr}/min above ${group.respiratory_rate_above}`);
  if (t !== null && Number.isFinite(t) && t > p.temperature.above) out.push(`temperature ${t} °C above ${p.temperature.above}`);
  if (t !== null && Number.isFinite(t) && t < p.temperature.below) out.push(`temperature ${t} °C below ${p.temperature.below}`);
  if (sbp !== null && Number.isFinite(sbp) && group.systolic_bp_below !== null && sbp < group.systolic_bp_below) out.push(`systolic BP ${sbp} mmHg below ${group.systolic_bp_below}`);
  return out.length ? [`${group.label}: ${out.join(", ")}`] : [];
}

/** A note of the current encounter, newest first. */
export interface HandoffNote {
  text: string;
  recordedAt: string;
}

/**
 * Sentences of the current encounter's notes that hand something on: a result or procedure awaited, a plan
 * with its time, fasting, isolation, timed checks, a ceiling of care, blood awaited (JC SEA 58 "to-do list",
 * ACSQHC NSQHS 6.8 "pending investigations"). Other sentences are left to the notes themselves.
 */
const HANDS_ON = new RegExp(
  [
    "\\bpending\\b", "\\bawait(?:s|ed|ing)?\\b", "\\bto follow\\b", "\\b(?:sent|requested|booked|scheduled|ordered)\\b",
    "\\bplan(?:ned|s)?\\b", "\\btomorrow\\b", "\\btonight\\b", "\\bnil by mouth\\b", "\\bNPO\\b", "\\bfasting\\b", "\\bkeep (?:fasted|nil)\\b",
    "\\bisolat(?:e|ed|ion)\\b", "\\bbarrier nursing\\b", "\\bchecks?\\b[^.]{0,20}\\b(?:hourly|every|\\d+[- ]?(?:min|hour))", "\\b(?:hourly|\\d+[- ]hourly|every \\d+ (?:minutes|hours))\\b",
    "\\bceiling of care\\b", "\\bnot for (?:cardiopulmonary|resuscitation|CPR|ICU|intubation|escalation)\\b", "\\bDNA?CPR\\b", "\\bcrossmatch(?:ed)?\\b",
    "\\btransfus\\w*", "\\brepeat\\b", "\\brecheck\\b", "\\bdue (?:at|by|on|in|tomorrow|today|tonight)\\b",
    // Session 22 (blind set 2), ward shorthand and East African usage. Intervals as charts write them: 2hrly, 4 hrly, q4h.
    "\\b\\d+\\s?(?:hrly|hr?ly)\\b", "\\bhrly\\b", "\\bq\\d+h\\b", "\\bevery \\d+\\s?(?:min|mins|minutes|hrs?|hours)\\b", "\\bNBM\\b",
    // Monitoring asked of the next shift (NSQHS 6.8 "alerts and risks"; IHI SBAR "what to watch for").
    "\\bwatch(?:ing)?\\b", "\\bmonitor(?:ing)?\\b", "\\breport if\\b", "\\bcheck\\b", "\\bkeep\\b", "\\bdo not\\b", "\\bwean\\w*", "\\btarget\\b",
    // Lines, tubes and devices in place and the fluid balance (WHO PSS 3 treatment plan; WHO MCPC urine output in eclampsia and PPH).
    "\\bin situ\\b", "\\bcatheteri[sz]ed\\b", "\\bNGT?\\b", "\\bb?CPAP\\b", "\\bdrains?\\b", "\\burine output\\b", "\\bUO\\b", "\\binput\\s?/\\s?output\\b", "\\bweigh\\b",
    // Who has been told, referred, or what is still outstanding (SEA 58 to-do list).
    "\\b(?:informed|aware|notified)\\b", "\\breferr(?:al|ed)\\b", "\\bnot yet\\b", "\\bunknown\\b", "\\bfor (?:\\w+ )?review\\b", "\\bends?\\b[^.]{0,20}\\b\\d{3,4}\\s?hrs?\\b",
    // Events of the shift (IHI SBAR situation): a fit, a fall, a hypoglycaemia.
    "\\bfit(?:s|ted)?\\b", "\\bconvuls\\w*", "\\bseizures?\\b", "\\bhypo\\b", "\\bfell\\b",
    // Swahili: kesho (tomorrow), asubuhi (morning), jioni (evening), usiku (night), degedege (convulsions),
    // hajakojoa / hajakula (has not passed urine / has not eaten).
    "\\bkesho\\b", "\\basubuhi\\b", "\\bjioni\\b", "\\busiku\\b", "\\bdegedege\\b", "\\bhajakojoa\\b", "\\bhajakula\\b",
  ].join("|"),
  "i",
);
const SENTENCE = /(?<=[.!?])\s+|\n+/;

function planSentences(notes: HandoffNote[]): string[] {
  const out: string[] = [];
  for (const n of notes) {
    for (const s of n.text.split(SENTENCE).map((x) => x.trim()).filter(Boolean)) {
      if (HANDS_ON.test(s) && out.length < 12) out.push(`${s.length > 300 ? `${s.slice(0, 297)}...` : s} (note ${n.recordedAt.slice(0, 10)})`);
    }
  }
  return out;
}
