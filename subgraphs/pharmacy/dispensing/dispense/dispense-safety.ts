/**
 * Dispensing's calls into drug safety (owned by the drug-safety area): the interaction check of the
 * dispensed items against each other and the patient's active medications, conditions and recorded
 * allergies (the clinical engine, through the gateway), the override recorded against that check's
 * audit record, and the controlled register entry.
 */
import type { SubgraphContext } from "../../../../lib/context.js";
import type { Db } from "../../../../lib/db.js";
import { queryGateway } from "../../../../lib/gateway-client.js";
import { ControlledBalanceError, recordControlledEntry } from "../../drug-safety/controlled-register.service.js";
import { checkInteractions } from "../../drug-safety/interactions.service.js";
import type { DispenseFinding } from "./dispense.type.js";

export { ControlledBalanceError };

/** Severities that stop a dispense unless the pharmacist overrides with a reason. */
export const BLOCKING_SEVERITIES = new Set(["contraindicated", "major"]);

export interface SafetyCheck {
  findings: DispenseFinding[];
  /** Codes the knowledge base did not recognise (not checked). */
  unrecognized: string[];
  auditId: string | null;
}

/** Workflow 2, "check interactions" and "check allergies": one call to the engine with the patient. */
export async function checkDispenseSafety(ctx: SubgraphContext, codes: string[], patientUhid: string): Promise<SafetyCheck> {
  const check = await checkInteractions(ctx, codes, { patientUhid });
  return {
    findings: check.interactions.map((f) => ({
      type: f.type,
      severity: f.severity,
      drugs: f.drugs,
      codes: f.codes,
      description: f.description,
      mechanism: f.mechanism,
      management: f.management,
      source: f.source,
      blocking: BLOCKING_SEVERITIES.has(f.severity),
    })),
    unrecognized: check.unrecognized,
    auditId: check.auditId,
  };
}

const RECORD_OVERRIDE = `mutation PharmacyDispenseOverride($input: ClinicalOverrideInput!) { recordClinicalOverride(input: $input) { id } }`;

/**
 * The pharmacist's override goes into the clinical audit log against the check it sets aside
 * ("reject" the advice, with the reason): who and when are the audit chain's, tamper-evident.
 */
export async function recordSafetyOverride(ctx: SubgraphContext, auditId: string, reason: string): Promise<string> {
  const data = await queryGateway<{ recordClinicalOverride: { id: string } | null }>(ctx, RECORD_OVERRIDE, { input: { auditId, action: "reject", reason } });
  return data.recordClinicalOverride?.id ?? "";
}

export interface ControlledDispenseEntry {
  pharmacyId: string;
  medicationCode: string;
  quantity: number;
  prescriptionId: string;
  recordedBy: string;
  /** The pharmacist named on the dispense. */
  recordedByName: string;
  witness: string | null;
  dispenseId: string;
}

/** Workflow 2, "record in the controlled register": a reduction of the register balance, in the dispense's transaction. */
export async function writeControlledDispense(tx: Db, e: ControlledDispenseEntry): Promise<void> {
  await recordControlledEntry(tx, {
    pharmacyId: e.pharmacyId,
    medicationCode: e.medicationCode,
    transactionType: "dispense",
    quantity: -e.quantity,
    prescriptionId: e.prescriptionId,
    recordedBy: e.recordedBy,
    recordedByName: e.recordedByName,
    witness: e.witness,
    referenceType: "dispense",
    referenceId: e.dispenseId,
  });
}
