import { buildPatientContext, type CopilotAlert } from "../copilot/copilot-context.engine.js";
import { checkDrugSafety } from "../drug-safety/drug-safety.engine.js";
import { asPrinted, assessChartedResult } from "../critical-values/censored-result.js";
import { conversionFactor } from "../critical-values/critical-values.engine.js";
import type { ExtractionResult } from "../extraction/extraction.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import { FLAGS } from "../lab-assistant/lab-interpretation.engine.js";
import { bandScore } from "../nurse-assistant/news2.engine.js";
import type { PatientRecord } from "../patient/patient-record.js";
import type { RiskScore } from "../risk-scores/risk-scores.type.js";
import { noteSectionTexts, sectionAt, splitNoteSections } from "./note-sections.js";
import { readWrittenVitals, type WrittenVital } from "../extraction/written-vitals.js";
import { sortNoteMedicines } from "./note-medicines.js";

export const SOAP_ENGINE_VERSION = "soap-note-template@1.7.0";

type Encounter = PatientRecord["enc"][number];

export interface SoapInputs {
  record: PatientRecord;
  encounter: Encounter;
  /** Free-text notes of this encounter, oldest first. */
  notes: string[];
  includeHistory: boolean;
  /** The extraction engine's answer on this encounter's notes joined with "\n" (its offsets are in that text); null without notes. */
  extraction: ExtractionResult | null;
  riskScores: Record<string, RiskScore | undefined>;
}

export interface SoapFinding {
  /** interaction, contraindication, allergy, unchecked_medication, reminder, critical_value, abnormal_result, risk_score */
  type: string;
  severity: string;
  message: string;
  source: string;
}

export interface SoapDraft {
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
  /** Share of the four sections that had source data (a section with part of its data counts half). */
  confidence: number;
  entitiesExtracted: number;
  sectionsWithData: string[];
  findings: SoapFinding[];
  priorEncounterIds: string[];
}

/** Vitals shown in the objective section (LOINC, as in the FHIR R4 vital-signs profile), with the NEWS2 parameter that flags them. */
const VITALS: { codes: string[]; label: string; news2?: "respiration_rate" | "spo2_scale_1" | "systolic_bp" | "pulse" | "temperature" }[] = [
  { codes: ["8480-6"], label: "Systolic BP", news2: "systolic_bp" },
  { codes: ["8462-4"], label: "Diastolic BP" },
  { codes: ["8867-4"], label: "Heart rate", news2: "pulse" },
  { codes: ["9279-1"], label: "Respiratory rate", news2: "respiration_rate" },
  { codes: ["59408-5", "2708-6"], label: "SpO2", news2: "spo2_scale_1" },
  { codes: ["8310-5"], label: "Temperature", news2: "temperature" },
  { codes: ["29463-7"], label: "Weight" },
  { codes: ["39156-5"], label: "BMI" },
];
const VITAL_CODES = new Set(VITALS.flatMap((v) => v.codes));
/** Vitals are "recent" within 30 days before the encounter, results within 90 (project convention). */
const VITALS_WINDOW_DAYS = 30;
const RESULTS_WINDOW_DAYS = 90;
const HISTORY_ENCOUNTERS = 5;
const DAY = 86_400_000;

const daysBefore = (date: string, ref: string) => (Date.parse(`${ref}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY;
/** A recorded value as reported: a censored one with its comparator ("> 33.3 mmol/L"). */
const withUnit = (o: { value: string; unit: string | null; comparator?: string | null }) => {
  const value = asPrinted(o.value, o.comparator);
  return o.unit && o.unit !== "{INR}" && !o.unit.startsWith("{") ? `${value} ${o.unit}` : value;
};

/** NEWS2 parameter score as an abnormal flag: 0 → none; above/below the normal band → H/L with the score. */
function vitalFlag(k: Knowledge, param: NonNullable<(typeof VITALS)[number]["news2"]>, value: number): string | null {
  const bands = k.news2.parameters[param].bands;
  const score = bandScore(bands, value);
  if (score === 0) return null;
  const normal = bands.find((b) => b.score === 0)!;
  const side = normal.max !== null && value > normal.max ? "H" : "L";
  return `${side}, NEWS2 ${score}`;
}

/**
 * Builds the four SOAP sections from the record only (template text; docs/decisions/clinical.md,
 * "SOAP notes"). Decision support reuses the engines: the copilot context (interactions among active
 * medications, contraindications, allergies, monitoring reminders), the critical-values engine on
 * recent results, the risk scores and the entity extraction on the encounter's notes.
 */
export function buildSoapNote(k: Knowledge, x: SoapInputs, today = new Date()): SoapDraft {
  const { record: r, encounter: enc } = x;
  const findings: SoapFinding[] = [];

  // S: chief complaint, this encounter's notes, allergies, prior encounters.
  const prior = x.includeHistory ? r.enc.filter((e) => e.id !== enc.id && e.date <= enc.date).slice(0, HISTORY_ENCOUNTERS) : [];
  const dxByEncounter = new Map<string, string[]>();
  for (const d of r.dx) if (d.encounterId) dxByEncounter.set(d.encounterId, [...(dxByEncounter.get(d.encounterId) ?? []), `${d.display} (${d.code})`]);
  // Allergies the notes state ("Allergic to amoxicillin (rash)") count as much as recorded ones: they are
  // shown and every medicine of the record or the notes is checked against them.
  const recordedAllergies = new Set(r.allergies.map((a) => a.substance.trim().toLowerCase()));
  const noteAllergies = [...new Set((x.extraction?.excluded ?? []).filter((e) => e.assertion === "allergy").map((e) => e.text.trim()))].filter((a) => !recordedAllergies.has(a.toLowerCase()));
  const recordedText = r.allergies.length ? r.allergies.map((a) => (a.reaction ? `${a.substance} (${a.reaction})` : a.substance)).join(", ") : "none recorded";
  // The notes' own headings (O/E, Imp, Plan …) put each part under its section; a note without them is history.
  const noteText = x.notes.join("\n");
  const spans = splitNoteSections(noteText, x.extraction?.entities);
  const headed = spans.some((sp) => sp.heading !== null);
  const parts = noteSectionTexts(noteText, spans);
  const subjective = [
    `Chief complaint: ${enc.chiefComplaint}.`,
    historyLine(x.notes, headed, parts.subjective),
    `Allergies: ${recordedText}${noteAllergies.length ? `; stated in the notes (not on the record, confirm and record): ${noteAllergies.join(", ")}` : ""}.`,
    ...(prior.length ? [`Previous encounters: ${prior.map((e) => `${e.date} ${e.type}: ${e.chiefComplaint}${dxByEncounter.get(e.id) ? ` [${dxByEncounter.get(e.id)!.join("; ")}]` : ""}`).join("; ")}.`] : []),
  ].join(" ");

  // O: latest vitals (30 days) and results (90 days) up to the encounter date, flagged.
  const upTo = r.obs.filter((o) => o.date <= enc.date);
  // NEWS2 bands are for adults (knowledge/news2.json population): a child's vitals are shown unflagged.
  const adult = r.age >= k.news2.population.min_age_years;
  const written = writtenVitalsLine(k, readWrittenVitals(noteText).filter((w) => !headed || !parts.objective || sectionAt(spans, w.at) === "objective"), adult);
  const vitals: string[] = [];
  for (const v of VITALS) {
    const o = upTo.find((ob) => v.codes.includes(ob.code) && daysBefore(ob.date, enc.date) <= VITALS_WINDOW_DAYS);
    if (!o) continue;
    const n = Number(o.value);
    const flag = v.news2 && Number.isFinite(n) && adult ? vitalFlag(k, v.news2, n) : null;
    vitals.push(`${v.label} ${withUnit(o)}${flag ? ` [${flag}]` : ""} (${o.date})`);
  }
  const results: string[] = [];
  const seen = new Set<string>();
  for (const o of upTo) {
    if (VITAL_CODES.has(o.code) || seen.has(o.code) || o.code.startsWith("local:") || daysBefore(o.date, enc.date) > RESULTS_WINDOW_DAYS) continue;
    seen.add(o.code);
    const test = k.labTests.get(o.code);
    const n = Number(o.value);
    if (test && Number.isFinite(n) && conversionFactor(test, o.unit) !== undefined) {
      const { assessment: a } = assessChartedResult(test, n, o, r.patient);
      const flag = FLAGS[a.deviation];
      results.push(`${o.display} ${withUnit(o)} [${flag}; reference ${a.normalRange}] (${o.date})`);
      if (a.isCritical) findings.push({ type: "critical_value", severity: "critical", message: `${o.display} ${withUnit(o)} on ${o.date} is beyond the critical limits (${a.criticalLimits}): ${a.recommendedActions.join("; ")}`, source: "knowledge/lab-limits.json" });
      else if (a.deviation !== "normal") findings.push({ type: "abnormal_result", severity: "moderate", message: `${o.display} ${withUnit(o)} on ${o.date} is ${a.deviation} (reference ${a.normalRange})`, source: "knowledge/lab-limits.json" });
    } else {
      results.push(`${o.display} ${withUnit(o)} (${o.date})`);
    }
  }
  const objective = [
    ...(parts.objective && headed ? [`Examination (encounter notes): ${parts.objective}.`] : []),
    ...(written ? [written] : []),
    vitals.length ? `Vitals: ${vitals.join("; ")}.` : `Vitals: none recorded in the ${VITALS_WINDOW_DAYS} days up to the encounter.`,
    results.length ? `Results: ${results.join("; ")}.` : `Results: none recorded in the ${RESULTS_WINDOW_DAYS} days up to the encounter.`,
  ].join(" ");

  // A: diagnoses, extracted entities, decision support.
  const thisDx = r.dx.filter((d) => d.encounterId === enc.id);
  const activeDx = [...new Map(r.dx.filter((d) => d.status !== "resolved" && d.encounterId !== enc.id).map((d) => [d.code, `${d.code} ${d.display} (${d.status})`])).values()];
  const pastDx = x.includeHistory ? [...new Map(r.dx.filter((d) => d.status === "resolved" && d.encounterId !== enc.id).map((d) => [d.code, `${d.code} ${d.display}`])).values()] : [];
  const entities = x.extraction?.entities ?? [];
  const { alerts } = buildPatientContext(k, r, today);
  const safety = alerts.filter((a) => a.type !== "reminder");
  const reminders = alerts.filter((a) => a.type === "reminder");
  findings.push(...safety.map(toFinding));
  const risks = Object.values(x.riskScores).filter((s): s is RiskScore => !!s && s.score !== null);
  for (const s of risks) findings.push({ type: "risk_score", severity: s.category, message: `${s.model}: ${riskValue(s)} (${s.category})`, source: s.source });
  const criticals = findings.filter((f) => f.type === "critical_value" || f.type === "abnormal_result");
  const assessment = [
    thisDx.length ? `Diagnoses this encounter: ${thisDx.map((d) => `${d.code} ${d.display} (${d.status})`).join("; ")}` : "Diagnoses this encounter: none coded yet",
    ...(activeDx.length ? [`Active problems: ${activeDx.join("; ")}`] : []),
    ...(pastDx.length ? [`Past history: ${pastDx.join("; ")}`] : []),
    ...(parts.assessment && headed ? [`Clinician's assessment (encounter notes): ${parts.assessment}`] : []),
    ...(entities.length ? [`From the notes (entity extraction, to confirm): ${distinctFindings(entities).join("; ")}`] : []),
    ...safety.map((a) => `Medication ${a.type.replace("_", " ")} (${a.severity}): ${a.message}`),
    ...criticals.map((f) => `${f.type === "critical_value" ? "Critical value" : "Abnormal result"}: ${f.message.split(":")[0]}`),
    ...risks.map((s) => `Risk: ${s.model} ${riskValue(s)} (${s.category})`),
  ].join("\n");

  // P: medications, safety actions, follow-ups. A record medication the notes hold or stop ("hold
  // warfarin", "stopped metformin") is not listed as "continue": it is set apart for the clinician.
  const stoppedInNotes = (x.extraction?.excluded ?? []).filter((e) => e.type === "medication" && e.assertion === "absent");
  const heldByNotes = (m: (typeof r.meds)[number]) => stoppedInNotes.find((e) => (e.code && e.code === m.rxnormCode) || sameMedicineName(e.display ?? e.text, m.name) || sameMedicineName(e.text, m.name));
  const activeAll = r.meds.filter((m) => m.status === "active");
  const held = activeAll.flatMap((m) => {
    const e = heldByNotes(m);
    return e ? [{ m, said: e.text }] : [];
  });
  const active = activeAll.filter((m) => !held.some((h) => h.m === m));
  for (const h of held) findings.push({ type: "note_conflict", severity: "moderate", message: `${h.m.name} is active on the record, but the encounter notes hold or stop it ("${h.said}")`, source: "Encounter notes (entity extraction, NegEx/ConText)" });
  // With a plan in the notes, a medicine named only elsewhere, already given or stopped is one to reconcile (note-medicines.ts).
  const { planned, mentioned, conditional } = sortNoteMedicines(x.extraction, spans, !!(parts.plan && headed));
  const noted = [...planned, ...mentioned];
  const allergyConflicts = noteAllergyConflicts(k, noted, active, noteAllergies, r.allergies.map((a) => a.substance));
  findings.push(...allergyConflicts.map((c) => c.finding));
  const conflicted = new Set(allergyConflicts.map((c) => c.drug.toLowerCase()));
  const followUps = [...reminders.map((a) => a.message), ...risks.flatMap((s) => (s.category === "high" ? [`${s.model} is high: address modifiable risk factors`] : []))];
  const describeNoted = (e: ExtractionResult["entities"][number]) =>
    [e.text, e.sig?.dose, e.sig?.route, e.sig?.frequency, e.sig?.duration].filter(Boolean).join(" ") + (conditional.has(e) ? " (only if the condition written holds)" : "") + (conflicted.has(e.text.toLowerCase()) ? " (ALLERGY CONFLICT: do not give before review)" : "");
  const plan = [
    ...(parts.plan && headed ? [`Plan (encounter notes): ${parts.plan}`] : []),
    active.length ? `Medications: continue ${active.map((m) => `${m.name} ${m.dose} ${m.frequency}`).join("; ")}` : held.length ? "Medications: none to continue unchanged" : "Medications: no active medications on record",
    ...(held.length ? [`Medications held or stopped in the notes (confirm, and update the record): ${held.map((h) => `${h.m.name} ${h.m.dose} ${h.m.frequency}`).join("; ")}`] : []),
    ...(planned.length ? [`Medications named in the notes (confirm and prescribe): ${planned.map(describeNoted).join("; ")}`] : []),
    ...(mentioned.length ? [`Medicines the notes mention outside the plan (reconcile with the record): ${mentioned.map(describeNoted).join("; ")}`] : []),
    ...allergyConflicts.map((c) => `Safety: ${c.finding.message}`),
    ...safety.map((a) => `Safety: ${a.message}`),
    ...criticals.filter((f) => f.type === "critical_value").map((f) => `Safety: ${f.message}`),
    ...followUps.map((f) => `Follow-up: ${f}`),
    "Review: generated from the record; a clinician must review and sign this note",
  ].join("\n");

  const sectionScore = {
    subjective: x.notes.length ? 1 : 0.5,
    objective: (vitals.length || written) && results.length ? 1 : vitals.length || written || results.length || (headed && parts.objective) ? 0.5 : 0,
    assessment: (headed && parts.assessment) || thisDx.length || activeDx.length || entities.length ? 1 : 0,
    plan: (headed && parts.plan) || active.length || held.length || noted.length || safety.length || followUps.length ? 1 : 0,
  };
  const scores = Object.values(sectionScore);
  return {
    subjective,
    objective,
    assessment,
    plan,
    confidence: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100,
    entitiesExtracted: entities.length,
    sectionsWithData: Object.entries(sectionScore).filter(([, s]) => s > 0).map(([n]) => n),
    findings,
    priorEncounterIds: prior.map((e) => e.id),
  };
}

/**
 * Allergy alerts (the drug-allergy engine, with class cross-reactivity) for the medicines the notes name
 * against every allergy, and for the record's active medicines against the allergies only the notes
 * state (the copilot context already checks the record's medicines against the record's allergies).
 */
function noteAllergyConflicts(k: Knowledge, noted: ExtractionResult["entities"], active: PatientRecord["meds"], noteAllergies: string[], recordedAllergies: string[]): { drug: string; finding: SoapFinding }[] {
  const checks = [
    ...noted.map((e) => ({ name: e.text, code: e.code, allergies: [...recordedAllergies, ...noteAllergies], from: "named in the notes" })),
    ...active.map((m) => ({ name: m.name, code: m.rxnormCode, allergies: noteAllergies, from: "active on the record" })),
  ];
  const out: { drug: string; finding: SoapFinding }[] = [];
  const seen = new Set<string>();
  for (const c of checks) {
    if (!c.allergies.length) continue;
    const res = checkDrugSafety(k, { newMedication: { code: c.code, name: c.name }, currentMedications: [], conditions: [], allergies: c.allergies });
    for (const a of res.allergyAlerts) {
      const key = `${c.name.toLowerCase()}|${a.allergen.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const where = noteAllergies.includes(a.allergen) ? "allergy stated in the encounter notes" : "recorded allergy";
      out.push({ drug: c.name, finding: { type: "allergy", severity: a.severity, message: `${c.name} (${c.from}) and ${where} "${a.allergen}": ${a.description} ${a.recommendation}`, source: `${a.source}; encounter notes (entity extraction)` } });
    }
  }
  return out;
}

/** The same medicine by name: the note's word is the record name's first word ("warfarin" / "Warfarin 5 mg"), case aside. */
function sameMedicineName(noted: string, recorded: string): boolean {
  const a = noted.trim().toLowerCase();
  const b = recorded.trim().toLowerCase();
  return a.length > 2 && (a === b || b.startsWith(`${a} `) || a.startsWith(`${b} `));
}

/** LACE's score is points / 19, not a probability: it is shown as points; the others are risks. */
const riskValue = (s: RiskScore) => (s.model.startsWith("LACE") && s.points !== null ? `${s.points}/19 points` : `${(s.score! * 100).toFixed(1)}%`);

const toFinding = (a: CopilotAlert): SoapFinding => ({ type: a.type, severity: a.severity, message: a.message, source: a.source });

/** The history: the notes' subjective part when they have headings, else the whole notes. */
function historyLine(notes: string[], headed: boolean, subjectivePart: string | undefined): string {
  if (!notes.length) return "History: no notes were recorded for this encounter.";
  if (!headed) return `History (encounter notes): ${notes.map((n) => n.trim()).join(" ")}`;
  return subjectivePart ? `History (encounter notes): ${subjectivePart}.` : "History (encounter notes): none written apart from the examination, assessment or plan.";
}

const WRITTEN_LABEL: Record<WrittenVital["kind"], string> = {
  temperature: "Temperature", pulse: "Heart rate", respiratoryRate: "Respiratory rate", spo2: "SpO2", bloodPressure: "BP", gcs: "GCS", weight: "Weight", height: "Height", muac: "MUAC", glucose: "Glucose",
};
/** A written vital with its unit ("38.6 °C", "110/70 mmHg", "11.2 cm"); a glucose shows the unit only as written. */
const WRITTEN_VALUE: Record<WrittenVital["kind"], (w: WrittenVital) => string> = {
  temperature: (w) => `${w.value} °C`, pulse: (w) => `${w.value}/min`, respiratoryRate: (w) => `${w.value}/min`, spo2: (w) => `${w.value}%`,
  bloodPressure: (w) => `${w.value}/${w.diastolic} mmHg`, gcs: (w) => `${w.value}/15`, weight: (w) => `${w.value} kg`, height: (w) => `${w.value} cm`,
  muac: (w) => `${w.value} cm`, glucose: (w) => (w.unit ? `${w.value} ${w.unit}` : `${w.value} (unit not written)`),
};
const WRITTEN_NEWS2: Partial<Record<WrittenVital["kind"], NonNullable<(typeof VITALS)[number]["news2"]>>> = { temperature: "temperature", pulse: "pulse", respiratoryRate: "respiration_rate", spo2: "spo2_scale_1", bloodPressure: "systolic_bp" };

/** "Vitals written in the notes: Temperature 38.6 °C [H, NEWS2 1]; BP 128/76 mmHg", flagged by NEWS2 for adults; null when none. */
function writtenVitalsLine(k: Knowledge, written: WrittenVital[], adult: boolean): string | null {
  if (!written.length) return null;
  const shown = written.map((w) => {
    const value = WRITTEN_VALUE[w.kind](w);
    const param = WRITTEN_NEWS2[w.kind];
    const flag = param && adult ? vitalFlag(k, param, w.value) : null;
    return `${WRITTEN_LABEL[w.kind]} ${value}${flag ? ` [${flag}]` : ""}`;
  });
  return `Vitals written in the notes: ${shown.join("; ")}.`;
}

const ASSERTION_RANK: Record<string, number> = { present: 0, possible: 1, historical: 2 };

/** Each finding once (by code, else by name), with its strongest assertion (present over possible over historical), in the order first written. */
function distinctFindings(entities: ExtractionResult["entities"]): string[] {
  const best = new Map<string, ExtractionResult["entities"][number]>();
  for (const e of entities) {
    const key = e.code ? `${e.system}|${e.code}` : (e.display ?? e.text).toLowerCase();
    const seen = best.get(key);
    if (!seen || (ASSERTION_RANK[e.assertion] ?? 3) < (ASSERTION_RANK[seen.assertion] ?? 3)) best.set(key, seen ? { ...e, start: Math.min(seen.start, e.start) } : e);
  }
  return [...best.values()].sort((a, b) => a.start - b.start).map((e) => `${e.display ?? e.text}${e.code ? ` [${e.system} ${e.code}]` : ""}${e.assertion === "present" ? "" : ` (${e.assertion})`}`);
}
