import { GraphQLError } from "graphql";
import { ErrorCode, notFound } from "../../../lib/errors.js";
import type { RegistryPatientExists } from "./registry-contact.js";

/**
 * An unknown UHID is a 404 on every path that names a patient (triggers, send, preferences). When the
 * registry cannot be asked, critical alerts still go out (a lost alert is worse than a stray one);
 * anything else is refused as 503 rather than stored for a patient nobody can vouch for.
 */
export async function assertPatientKnown(exists: RegistryPatientExists | undefined, uhid: string, opts: { critical?: boolean } = {}): Promise<void> {
  if (!exists) return;
  const answer = await exists(uhid);
  if (answer === false) throw notFound("Patient", uhid);
  if (answer === null && !opts.critical) {
    throw new GraphQLError("The patient registry could not confirm this patient; try again", { extensions: { code: ErrorCode.UPSTREAM_UNAVAILABLE, service: "patient registry" } });
  }
}
