import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { allergies, diagnoses, medications } from "../db/tables.js";
import { getKnowledge, type Knowledge } from "../knowledge/knowledge.js";
import { SEVERITY_RANK } from "../knowledge/knowledge.types.js";
import { getPatient } from "../patient/patient.service.js";
import { allergensIn, checkDrugSafety, DRUG_SAFETY_ENGINE_VERSION, type DrugSafetyResult, type MedicationRef, type PatientAge } from "./drug-safety.engine.js";
import { ageNotCheckedWarnings, ageOutput, checkContext, kidneyFunctionFor, type CallContext } from "./drug-safety.service.js";
import type { DrugInteractionsAmongResult, PatientDrugAllergies } from "./drug-safety-among.type.js";

/** Most medications one among-check takes: n items make n(n-1)/2 pairs. */
export const MAX_AMONG_MEDICATIONS = 20;

function rulesetOf(k: Knowledge): string {
  return [DRUG_SAFETY_ENGINE_VERSION, `drugs@${k.versions.drugs}`, `drug-interactions@${k.versions["drug-interactions"]}`, `drug-conditions@${k.versions["drug-conditions"]}`, `drug-allergies@${k.versions["drug-allergies"]}`, `drug-age@${k.versions["drug-age"]}`].join("; ");
}

const keyOf = (m: { code: string | null; name: string }) => `${m.code ?? ""}|${m.name}`;
function uniqueBy<T>(items: T[], key: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => !seen.has(key(t)) && (seen.add(key(t)), true));
}

/**
 * Checks every pair of `meds` with the one engine (each item once as the "new" medication against the
 * items after it), and, when a patient is named, each item against the patient's active medications,
 * non-resolved diagnoses and recorded allergies. Fewer than two identified items is an answer, not an error.
 */
export async function checkDrugInteractionsAmong(ctx: CallContext, meds: MedicationRef[], patientUhid: string | null | undefined, startedAt = performance.now()): Promise<DrugInteractionsAmongResult> {
  const errors = new FieldErrorCollector();
  if (meds.length > MAX_AMONG_MEDICATIONS) errors.add("medications", `at most ${MAX_AMONG_MEDICATIONS} medications`);
  meds.forEach((m, i) => {
    if (!m.name.trim()) errors.add(`medications.${i}.name`, "must not be blank");
  });
  errors.throwIfAny("Invalid drug interaction request");

  let conditions: string[] = [];
  let allergyList: string[] = [];
  let patientMeds: MedicationRef[] = [];
  // The age rules apply with a patient whose birth date is recorded; without a patient no age is known.
  let age: { age: PatientAge | null; ageSource: "request" | "patient_record" | "none"; sex: string | null } = { age: null, ageSource: "none", sex: null };
  // The renal rules apply from an eGFR computed from the patient's recorded creatinine (kidney-function.ts).
  let kidneyFunction = await kidneyFunctionFor(ctx.db, {}, null, null);
  if (patientUhid) {
    await getPatient(ctx.db, patientUhid);
    const { age: recordAge, ageSource, sex } = await checkContext(ctx.db, { patientUhid, conditions: [], allergies: [] });
    age = { age: recordAge, ageSource, sex };
    const [dx, al, rx] = await Promise.all([
      ctx.db.select({ code: diagnoses.code }).from(diagnoses).where(and(eq(diagnoses.patientUhid, patientUhid), ne(diagnoses.status, "resolved"))),
      ctx.db.select({ substance: allergies.substance }).from(allergies).where(eq(allergies.patientUhid, patientUhid)),
      ctx.db.select({ code: medications.rxnormCode, name: medications.name }).from(medications).where(and(eq(medications.patientUhid, patientUhid), eq(medications.status, "active"))).orderBy(asc(medications.name)),
    ]);
    conditions = [...new Set(dx.map((r) => r.code.trim()))];
    kidneyFunction = await kidneyFunctionFor(ctx.db, { patientUhid }, recordAge?.years ?? null, sex);
    allergyList = [...new Set(al.map((r) => r.substance.trim()))];
    patientMeds = uniqueBy(rx.map((r) => ({ code: r.code, name: r.name })), (m) => keyOf({ code: m.code ?? null, name: m.name }));
  }

  const k = await getKnowledge(ctx.db);
  const parts: DrugSafetyResult[] = meds.map((m, i) =>
    checkDrugSafety(k, { newMedication: m, currentMedications: [...meds.slice(i + 1), ...patientMeds], conditions, allergies: allergyList, age: age.age, sex: age.sex, egfr: kidneyFunction.egfr }),
  );
  const identified = uniqueBy(parts.flatMap((p) => p.identified), keyOf);
  const identifiedItems = meds.filter((m) => identified.some((x) => keyOf(x) === keyOf({ code: m.code ?? null, name: m.name })));
  // Pairs actually checked: among the identified items, and each identified item with each identified
  // active medication of the patient (the record's medications are not checked among themselves here).
  const identifiedPatientMeds = patientMeds.filter((m) => identified.some((x) => keyOf(x) === keyOf({ code: m.code ?? null, name: m.name })));
  const checkedPairs = (identifiedItems.length * (identifiedItems.length - 1)) / 2 + identifiedItems.length * identifiedPatientMeds.length;
  const interactions = parts.flatMap((p) => p.interactions);
  const unidentified = uniqueBy(parts.flatMap((p) => p.unidentifiedMedications), keyOf);
  // Without an age, the items' age rules were not checked: said once per item that has some, as the drug check does.
  const warnings = [...new Set([...parts.flatMap((p) => p.warnings), ...(patientUhid ? parts.flatMap((p, i) => ageNotCheckedWarnings(meds[i].name, p)) : [])])];
  if (checkedPairs === 0) warnings.push(patientUhid ? "Fewer than two identified medications among those given and the patient's active medications: no pair to check" : "Fewer than two identified medications: no pair to check");
  const output = {
    safe: parts.every((p) => p.safe) && interactions.length === 0,
    checkedPairs,
    interactions: interactions.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]),
    contraindications: parts.flatMap((p) => p.contraindications),
    allergyAlerts: parts.flatMap((p) => p.allergyAlerts),
    ageAlerts: parts.flatMap((p) => p.ageAlerts),
    unidentifiedMedications: unidentified,
    unrecognizedAllergies: [...new Set(parts.flatMap((p) => p.unrecognizedAllergies))],
    identifiedMedications: identified,
    patientMedications: patientMeds.map((m) => m.name),
    warnings,
    conditionsSource: patientUhid ? "patient_record" : "none",
    allergiesSource: patientUhid ? "patient_record" : "none",
    ...ageOutput(age),
    kidneyFunction,
    requiresReview: true,
  };
  const rulesetVersion = rulesetOf(k);
  const audit = await ctx.db.transaction((tx) =>
    appendAudit(tx as unknown as Db, {
      actor: ctx.principal,
      operation: "drug_interactions_among",
      patientUhid: patientUhid ?? null,
      input: { medications: meds, patientUhid: patientUhid ?? null, resolvedConditions: conditions, resolvedAllergies: allergyList, resolvedAge: age.age },
      output,
      rulesetVersion,
      requestId: ctx.requestId,
    }),
  );
  return { ...output, processingTimeMs: Math.round(performance.now() - startedAt), auditId: audit.id, rulesetVersion };
}

/**
 * The patient's recorded drug allergies, each with the allergen group and classes the knowledge base
 * recognises in it. Unknown UHID → 404. Every read is an audit record (who read whose allergies).
 */
export async function patientDrugAllergies(ctx: CallContext, uhid: string): Promise<PatientDrugAllergies> {
  await getPatient(ctx.db, uhid);
  const rows = await ctx.db.select().from(allergies).where(eq(allergies.patientUhid, uhid)).orderBy(asc(allergies.recordedOn), asc(allergies.substance));
  const k = await getKnowledge(ctx.db);
  const className = (c: string) => k.drugs.classes.get(c)?.name ?? c;
  const out = rows.map((r) => {
    const named = allergensIn(k, r.substance);
    const classes = [...new Set(named.flatMap((n) => n.group?.classes ?? n.drug?.classes ?? []))];
    return {
      substance: r.substance,
      reaction: r.reaction,
      severity: r.severity,
      recordedOn: String(r.recordedOn),
      allergenGroup: named.map((n) => n.group?.name ?? n.drug?.name).join(", ") || null,
      allergenClasses: classes.map(className),
      recognized: named.length > 0,
      source: named.map((n) => n.group?.source ?? n.drug?.source ?? "").filter(Boolean).join("; ") || null,
    };
  });
  const rulesetVersion = `drug-allergies@${k.versions["drug-allergies"]}; drugs@${k.versions.drugs}`;
  const audit = await ctx.db.transaction((tx) =>
    appendAudit(tx as unknown as Db, {
      actor: ctx.principal,
      operation: "patient_allergies_read",
      patientUhid: uhid,
      input: { uhid },
      output: { allergies: out.map((a) => a.substance) },
      rulesetVersion,
      requestId: ctx.requestId,
    }),
  );
  return { patientUhid: uhid, allergies: out, auditId: audit.id, rulesetVersion };
}
