import type { SubgraphContext } from "../../../lib/context.js";
import { notFound } from "../../../lib/errors.js";
import { queryGateway } from "../../../lib/gateway-client.js";

const PATIENT_EXISTS = "query PharmacyPatientExists($uhid: ID!) { patientExists(uhid: $uhid) }";

/**
 * Workflow 2, "verify the patient": the registry belongs to the clinical subgraph, so pharmacy asks
 * it through the gateway (with the caller's bearer) whether the UHID is registered. Unknown → 404;
 * registry unreachable → 503 (nothing is written for a patient we could not verify).
 */
export async function assertPatientRegistered(ctx: SubgraphContext, uhid: string): Promise<void> {
  const data = await queryGateway<{ patientExists: boolean }>(ctx, PATIENT_EXISTS, { uhid });
  if (!data.patientExists) throw notFound("Patient", uhid);
}
