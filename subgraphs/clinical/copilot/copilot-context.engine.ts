import { checkDrugSafety, identifyDrug, interactionBetween } from "../drug-safety/drug-safety.engine.js";
import type { Knowledge } from "../knowledge/knowledge.js";
import { SEVERITY_RANK, type Severity } from "../knowledge/knowledge.types.js";
import type { PatientRecord } from "../patient/patient-record.js";

export interface CopilotAlert {
  /** reminder, interaction, duplicate, contraindication or allergy. */
  type: string;
  severity: string;
  message: string;
  source: string;
}

export interface PatientContext {
  chronicConditions: string[];
  activeMedications: string[];
  allergies: string[];
  recentVisits: number;
  recentVisitsWindowDays: number;
}

/** Visits counted as "recent": the timeline's default window. */
export const RECENT_VISIT_DAYS = 365;
const DAY = 86_400_000;

/**
 * The session context at the start of an encounter: chronic conditions, active medications,
 * allergies, visits in the last year, and alerts: interactions among the active medications,
 * active medications against chronic conditions and allergies, and reminders (overdue monitoring
 * labs, screening due) from knowledge/reminders.json.
 */
export function buildPatientContext(k: Knowledge, r: PatientRecord, today = new Date()): { context: PatientContext; alerts: CopilotAlert[] } {
  const chronic = r.dx.filter((d) => d.status === "chronic");
  const active = r.meds.filter((m) => m.status === "active");
  const context: PatientContext = {
    chronicConditions: [...new Map(chronic.map((d) => [d.code, `${d.display} (${d.code})`])).values()],
    activeMedications: [...new Set(active.map((m) => `${m.name} ${m.dose} ${m.frequency}`))],
    allergies: r.allergies.map((a) => (a.reaction ? `${a.substance} (${a.reaction})` : a.substance)),
    recentVisits: r.enc.filter((e) => Date.parse(`${e.date}T00:00:00Z`) >= today.getTime() - RECENT_VISIT_DAYS * DAY).length,
    recentVisitsWindowDays: RECENT_VISIT_DAYS,
  };

  const alerts: CopilotAlert[] = [];
  const warnings: string[] = [];
  const identified = active.map((m) => ({ med: m, found: identifyDrug(k, { code: m.rxnormCode, name: m.name }, warnings) }));
  const known = identified.filter((x) => x.found);
  const seen = new Set<string>();
  for (let i = 0; i < known.length; i++) {
    for (let j = i + 1; j < known.length; j++) {
      const a = known[i].found!.drug;
      const b = known[j].found!.drug;
      const key = [a.id, b.id].sort().join("+");
      if (seen.has(key)) continue;
      seen.add(key);
      // The same ingredient twice among the active medications (furosemide recorded twice; amoxicillin and co-amoxiclav): a double dose.
      const sharedIngredients = a.ingredients.filter((x) => b.ingredients.includes(x));
      if (a.id === b.id || sharedIngredients.length) {
        const records = known.filter((x) => x.found!.drug.id === a.id || x.found!.drug.id === b.id).map((x) => `${x.med.name} ${x.med.dose} ${x.med.frequency}`);
        alerts.push({ type: "duplicate", severity: "moderate", message: `Duplicate active medication: ${records.join("; ")} (same ingredient: ${sharedIngredients.join(", ") || a.name}). Confirm with the prescriber and correct the record; do not give it twice.`, source: "Therapeutic duplication check (project rule)" });
        if (a.id === b.id) continue;
      }
      const rule = interactionBetween(k, a, b);
      if (rule) alerts.push({ type: "interaction", severity: rule.severity, message: `${a.name} + ${b.name}: ${rule.description} ${rule.recommendation}`, source: rule.source });
    }
  }
  // Every diagnosis not marked resolved (as the drug-interaction check does), not only chronic ones:
  // an acute-status pregnancy (Z33/O) or hyperkalaemia (E87.5) must still alert on the active medications.
  const conditionCodes = [...new Set(r.dx.filter((d) => d.status !== "resolved").map((d) => d.code))];
  const allergyNames = r.allergies.map((a) => a.substance);
  const checkedDrugs = new Set<string>();
  for (const { med, found } of known) {
    if (checkedDrugs.has(found!.drug.id)) continue;
    checkedDrugs.add(found!.drug.id);
    const res = checkDrugSafety(k, { newMedication: { code: med.rxnormCode, name: med.name }, currentMedications: [], conditions: conditionCodes, allergies: allergyNames });
    for (const c of res.contraindications) alerts.push({ type: "contraindication", severity: c.severity, message: `${med.name} with ${c.condition} (${c.conditionCode}): ${c.description} ${c.recommendation}`, source: c.source });
    for (const a of res.allergyAlerts) alerts.push({ type: "allergy", severity: a.severity, message: `${med.name} and recorded allergy "${a.allergen}": ${a.description}`, source: a.source });
  }
  for (const m of identified.filter((x) => !x.found)) {
    alerts.push({ type: "unchecked_medication", severity: "minor", message: `${m.med.name} is not in the drug knowledge base: its interactions were not checked`, source: "Drug knowledge base coverage" });
  }

  const classes = new Set(known.flatMap((x) => x.found!.drug.classes));
  for (const rule of k.reminders) {
    const w = rule.when;
    const applies =
      (w.medication_class !== undefined && classes.has(w.medication_class)) ||
      (w.medication_class_any !== undefined && w.medication_class_any.some((c) => classes.has(c))) ||
      (w.icd10_prefixes !== undefined && r.dx.some((d) => w.icd10_prefixes!.some((p) => d.code.toUpperCase().replace(/\./g, "").startsWith(p)))) ||
      (w.min_age !== undefined && r.age >= w.min_age);
    if (!applies) continue;
    const last = r.obs.find((o) => o.code === rule.loinc);
    const overdue = !last || Date.parse(`${last.date}T00:00:00Z`) < today.getTime() - rule.max_age_days * DAY;
    if (overdue) {
      alerts.push({ type: "reminder", severity: "moderate", message: `${rule.message}${last ? ` (last ${rule.test}: ${last.date})` : ` (no ${rule.test} on record)`}`, source: rule.source });
    }
  }
  // Most severe first; reminders (moderate) keep their order among equals.
  alerts.sort((a, b) => (SEVERITY_RANK[b.severity as Severity] ?? 0) - (SEVERITY_RANK[a.severity as Severity] ?? 0));
  return { context, alerts };
}
