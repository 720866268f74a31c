import type { SubgraphContext } from "../../../lib/context.js";
import { assertMayReachPatient } from "./patient-access.js";
import { findPatient } from "./patient.service.js";

/**
 * Resolves `Patient` entity references from other subgraphs (`{ __typename: "Patient", uhid }`),
 * e.g. a prescription's patient. The caller's role decides whether they may reach a patient at all;
 * the guarded fields then check again (patient.fields.resolver.ts), so a pharmacist who reaches a
 * patient through a prescription sees identity fields only.
 */
export const patientReference = {
  Patient: {
    __resolveReference: (ref: { uhid: string }, ctx: SubgraphContext) => {
      assertMayReachPatient(ctx.principal, ref.uhid);
      return findPatient(ctx.db, ref.uhid);
    },
  },
};
