import type { SubgraphContext } from "../../../lib/context.js";
import { findPatient } from "./patient.service.js";

/** Resolves `Patient` entity references from other subgraphs (`{ __typename: "Patient", uhid }`). */
export const patientReference = {
  Patient: {
    __resolveReference: (ref: { uhid: string }, ctx: SubgraphContext) => findPatient(ctx.db, ref.uhid),
  },
};
