/**
 * A patient's drug allergies, read from the clinical record through the gateway (the clinical subgraph
 * owns them and audits every read). Dispensing calls `patientAllergies` before a dispense.
 */
import { fieldError } from "../../../lib/errors.js";
import { queryGateway, type GatewayCaller } from "../../../lib/gateway-client.js";
import type { PatientAllergies } from "./allergies.type.js";

const ALLERGIES = /* GraphQL */ `
  query PharmacyPatientDrugAllergies($uhid: ID!) {
    patientDrugAllergies(uhid: $uhid) {
      patientUhid auditId rulesetVersion
      allergies { substance reaction severity recordedOn allergenGroup allergenClasses recognized source }
    }
  }
`;

type Answer = { patientDrugAllergies: Omit<PatientAllergies, "uhid"> & { patientUhid: string } };

/** The patient's recorded allergies with allergen classes; unknown UHID → 404 (the clinical subgraph's answer). */
export async function patientAllergies(ctx: GatewayCaller, uhid: string, opts: { bearer?: string } = {}): Promise<PatientAllergies> {
  const id = uhid.trim();
  if (!id || id.length > 64) throw fieldError("uhid", "must be a patient's UHID (1-64 characters)");
  const data = await queryGateway<Answer>(ctx, ALLERGIES, { uhid: id }, { bearer: opts.bearer });
  const { patientUhid, ...rest } = data.patientDrugAllergies;
  return { uhid: patientUhid, ...rest };
}
