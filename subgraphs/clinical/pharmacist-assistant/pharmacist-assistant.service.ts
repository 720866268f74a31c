import { and, eq } from "drizzle-orm";
import type { SubgraphContext } from "../../../lib/context.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { appendAuditNow } from "../audit/audit.service.js";
import { medications } from "../db/tables.js";
import { DRUG_SAFETY_ENGINE_VERSION } from "../drug-safety/drug-safety.engine.js";
import { checkContext, checkGivenContext, kidneyFunctionFor } from "../drug-safety/drug-safety.service.js";
import { getKnowledge } from "../knowledge/knowledge.js";
import { MEDICATION_SCHEDULE_ENGINE_VERSION } from "../nurse-assistant/medication-schedule.engine.js";
import { getPatient } from "../patient/patient.service.js";
import { counselMedicines } from "./counseling-points.js";
import { PRESCRIPTION_VERIFICATION_ENGINE_VERSION, verifyPrescription } from "./prescription-verification.engine.js";
import type { CounselingPointsInput, CounselingPointsResult, PrescriptionVerificationResult, VerifyPrescriptionInput } from "./pharmacist-assistant.type.js";

/** Heaviest body weight accepted (kg): above it, a typing error. */
const MAX_WEIGHT_KG = 250;

const activeMedicationsOf = (ctx: SubgraphContext, uhid: string) =>
  ctx.db
    .select({ code: medications.rxnormCode, name: medications.name })
    .from(medications)
    .where(and(eq(medications.patientUhid, uhid), eq(medications.status, "active")));

/**
 * Verifies a prescription's items (identification, dose, frequency, interactions, contraindications,
 * allergies, duplicate therapy), against the patient's active medicines, diagnoses and allergies
 * when a uhid is given (conditions/allergies in the request take precedence, as in the drug check), and
 * the patient's age (the request's birth date or age, else the recorded birth date) against the age rules,
 * a child's daily doses against the request's weight (the patient record holds no weight), and the kidney function
 * (the request's eGFR, else one from the recorded creatinine).
 */
export async function verifyPrescriptionItems(ctx: SubgraphContext, input: VerifyPrescriptionInput): Promise<PrescriptionVerificationResult> {
  const errors = new FieldErrorCollector();
  if (!input.items.length || input.items.length > 30) errors.add("items", "give 1 to 30 items");
  input.items.forEach((it, i) => {
    if (!it.name.trim()) errors.add(`items.${i}.name`, "must not be blank");
  });
  checkGivenContext(errors, input);
  const w = input.patientWeightKg;
  if (w !== null && w !== undefined && !(Number.isFinite(w) && w > 0 && w <= MAX_WEIGHT_KG)) errors.add("patientWeightKg", `must be more than 0 and at most ${MAX_WEIGHT_KG} kg`);
  errors.throwIfAny("Invalid prescription verification request");

  const k = await getKnowledge(ctx.db);
  let activeMedications: { code: string | null; name: string }[] = [];
  // The recorded sex, for the drug check's rules of one sex (valproate in women of childbearing potential).
  let sex: string | null = null;
  if (input.patientUhid) {
    sex = (await getPatient(ctx.db, input.patientUhid)).sex;
    activeMedications = await activeMedicationsOf(ctx, input.patientUhid);
  }
  const { conditions, allergies: allergyList, conditionsSource, allergiesSource, age, ageSource } = await checkContext(ctx.db, input);
  const kidneyFunction = await kidneyFunctionFor(ctx.db, input, age?.years ?? null, sex);
  const result = verifyPrescription(k, input.items, { activeMedications, conditions: conditions.map((c) => c.trim()), allergies: allergyList.map((a) => a.trim()), age, sex, weightKg: input.patientWeightKg ?? null, egfr: kidneyFunction.egfr });
  const rulesetVersion = [
    PRESCRIPTION_VERIFICATION_ENGINE_VERSION,
    DRUG_SAFETY_ENGINE_VERSION,
    MEDICATION_SCHEDULE_ENGINE_VERSION,
    ...(["drugs", "drug-interactions", "drug-conditions", "drug-allergies", "drug-age", "administration-times"] as const).map((n) => `${n}@${k.versions[n]}`),
  ].join("; ");
  const output = { ...result, conditionsSource, allergiesSource, ageSource, kidneyFunction, requiresReview: true };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "prescription_verification", patientUhid: input.patientUhid ?? null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}

/** Counseling points per medicine from knowledge/counseling.json; a medicine without a sourced entry says so. */
export async function counselingPoints(ctx: SubgraphContext, input: CounselingPointsInput): Promise<CounselingPointsResult> {
  const errors = new FieldErrorCollector();
  if (!input.medications && !input.patientUhid) errors.add("medications", "give the medications, or a patientUhid whose active medicines to counsel on");
  if (input.medications && (!input.medications.length || input.medications.length > 30)) errors.add("medications", "give 1 to 30 medications");
  errors.throwIfAny("Invalid counseling request");
  const k = await getKnowledge(ctx.db);
  let meds: { code: string | null; name: string }[] = input.medications ?? [];
  if (input.patientUhid) {
    await getPatient(ctx.db, input.patientUhid);
    if (!input.medications) meds = await activeMedicationsOf(ctx, input.patientUhid);
  }
  const out = counselMedicines(k, meds);
  const rulesetVersion = `counseling@${k.versions.counseling}; drugs@${k.versions.drugs}`;
  const output = { medications: out, requiresReview: true };
  const audit = await appendAuditNow(ctx.db, { actor: ctx.principal, operation: "counseling_points", patientUhid: input.patientUhid ?? null, input, output, rulesetVersion, requestId: ctx.requestId });
  return { ...output, auditId: audit.id, rulesetVersion };
}
