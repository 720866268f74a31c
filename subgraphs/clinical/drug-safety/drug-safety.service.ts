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

/** ICD-10 shape: letter, two digits, optional dot and up to four more characters (e.g. N18.3, E11.65). */
export const ICD10_PATTERN = /^[A-Z][0-9]{2}(\.?[0-9A-Z]{1,4})?$/i;

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
  input.conditions?.forEach((c, i) => {
    if (!ICD10_PATTERN.test(c.trim())) errors.add(`conditions.${i}`, "must be an ICD-10 code such as N18.3");
  });
  input.allergies?.forEach((a, i) => {
    if (!a.trim() || a.length > 100) errors.add(`allergies.${i}`, "must be 1-100 characters");
  });
  errors.throwIfAny("Invalid drug interaction request");

  let conditions = input.conditions ?? [];
  let allergyList = input.allergies ?? [];
  let conditionsSource = input.conditions ? "request" : "none";
  let allergiesSource = input.allergies ? "request" : "none";
  if (input.patientUhid) await getPatient(ctx.db, input.patientUhid);
  if (input.patientUhid && (!input.conditions || !input.allergies)) {
    if (!input.conditions) {
      const rows = await ctx.db
        .select({ code: diagnoses.code })
        .from(diagnoses)
        .where(and(eq(diagnoses.patientUhid, input.patientUhid), ne(diagnoses.status, "resolved")));
      conditions = [...new Set(rows.map((r) => r.code))];
      conditionsSource = "patient_record";
    }
    if (!input.allergies) {
      const rows = await ctx.db.select({ substance: allergies.substance }).from(allergies).where(eq(allergies.patientUhid, input.patientUhid));
      allergyList = [...new Set(rows.map((r) => r.substance))];
      allergiesSource = "patient_record";
    }
  }

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
