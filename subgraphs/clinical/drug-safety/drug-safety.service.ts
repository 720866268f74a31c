import { and, eq, ne } from "drizzle-orm";
import type { Principal } from "../../../lib/auth.js";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAudit } from "../audit/audit.service.js";
import { allergies, diagnoses } from "../db/tables.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { getPatient } from "../patient/patient.service.js";
import { checkDrugSafety, DRUG_SAFETY_ENGINE_VERSION } from "./drug-safety.engine.js";
import type { DrugInteractionCheckInput, DrugInteractionResult } from "./drug-safety.type.js";

/**
 * ICD-10 shape: a letter, a digit, a digit or letter (ICD-10-CM categories Z3A weeks of gestation, O9A,
 * M1A, C7A), then an optional dot and up to four more characters (e.g. N18.3, E11.65, Z3A.24).
 */
export const ICD10_PATTERN = /^[A-Z][0-9][0-9A-Z](\.?[0-9A-Z]{1,4})?$/i;

/** Field errors for the conditions (ICD-10) and allergies a request gives to a drug check. */
export function checkGivenContext(errors: FieldErrorCollector, given: { conditions?: string[] | null; allergies?: string[] | null }): void {
  given.conditions?.forEach((c, i) => {
    if (!ICD10_PATTERN.test(c.trim())) errors.add(`conditions.${i}`, "must be an ICD-10 code such as N18.3");
  });
  given.allergies?.forEach((a, i) => {
    if (!a.trim() || a.length > 100) errors.add(`allergies.${i}`, "must be 1-100 characters");
  });
}

export interface CheckContext {
  conditions: string[];
  allergies: string[];
  conditionsSource: "request" | "patient_record" | "none";
  allergiesSource: "request" | "patient_record" | "none";
}

/**
 * The conditions and allergies a drug check uses: those the request gives, else, for a patient, the
 * record's unresolved diagnoses and recorded allergies (each list unique); with where each came from.
 */
export async function checkContext(db: Db, given: { patientUhid?: string | null; conditions?: string[] | null; allergies?: string[] | null }): Promise<CheckContext> {
  const uhid = given.patientUhid;
  const [recordConditions, recordAllergies] = await Promise.all([
    uhid && !given.conditions
      ? db.select({ code: diagnoses.code }).from(diagnoses).where(and(eq(diagnoses.patientUhid, uhid), ne(diagnoses.status, "resolved"))).then((rows) => [...new Set(rows.map((r) => r.code))])
      : null,
    uhid && !given.allergies
      ? db.select({ substance: allergies.substance }).from(allergies).where(eq(allergies.patientUhid, uhid)).then((rows) => [...new Set(rows.map((r) => r.substance))])
      : null,
  ]);
  const source = (fromRequest: unknown, fromRecord: unknown) => (fromRequest ? "request" : fromRecord ? "patient_record" : "none") as CheckContext["conditionsSource"];
  return {
    conditions: given.conditions ?? recordConditions ?? [],
    allergies: given.allergies ?? recordAllergies ?? [],
    conditionsSource: source(given.conditions, recordConditions),
    allergiesSource: source(given.allergies, recordAllergies),
  };
}

export interface CallContext {
  db: Db;
  principal: Principal;
  requestId?: string;
}

/** Checks the input, fills omitted conditions/allergies from the patient's record, runs the engine and audits the call. */
export async function checkDrugInteractions(ctx: CallContext, input: DrugInteractionCheckInput, startedAt = performance.now()): Promise<DrugInteractionResult> {
  const errors = new FieldErrorCollector();
  if (!input.newMedication.name.trim()) errors.add("newMedication.name", "must not be blank");
  input.currentMedications.forEach((m, i) => {
    if (!m.name.trim()) errors.add(`currentMedications.${i}.name`, "must not be blank");
  });
  checkGivenContext(errors, input);
  errors.throwIfAny("Invalid drug interaction request");

  if (input.patientUhid) await getPatient(ctx.db, input.patientUhid);
  const { conditions, allergies: allergyList, conditionsSource, allergiesSource } = await checkContext(ctx.db, input);

  const k = await getKnowledge(ctx.db);
  const result = checkDrugSafety(k, {
    newMedication: input.newMedication,
    currentMedications: input.currentMedications,
    conditions: conditions.map((c) => c.trim()),
    allergies: allergyList.map((a) => a.trim()),
  });
  const rulesetVersion = [
    DRUG_SAFETY_ENGINE_VERSION,
    `drugs@${k.versions.drugs}`,
    `drug-interactions@${k.versions["drug-interactions"]}`,
    `drug-conditions@${k.versions["drug-conditions"]}`,
    `drug-allergies@${k.versions["drug-allergies"]}`,
  ].join("; ");
  const { identified, ...engineOutput } = result;
  const output = { ...engineOutput, identifiedMedications: identified, conditionsSource, allergiesSource, requiresReview: true };
  const audit = await ctx.db.transaction((tx) =>
    appendAudit(tx as unknown as Db, {
      actor: ctx.principal,
      operation: "drug_interaction_check",
      patientUhid: input.patientUhid ?? null,
      input: { ...input, resolvedConditions: conditions, resolvedAllergies: allergyList },
      output,
      rulesetVersion,
      requestId: ctx.requestId,
    }),
  );
  return { ...output, processingTimeMs: Math.round(performance.now() - startedAt), auditId: audit.id, rulesetVersion };
}
