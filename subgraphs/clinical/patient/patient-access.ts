import type { Principal } from "../../../lib/auth.js";
import { isThePatient, mayUse } from "../../../lib/access.js";
import { forbidden } from "../../../lib/errors.js";

/**
 * Who sees what of a patient (docs/decisions/privacy-and-recovery.md):
 *  - the registry roles ("patients:read": physician, nurse; admin) see the whole record;
 *  - a patient sees their own record;
 *  - a pharmacist ("patients:identify") reaches a patient only through a prescription they may
 *    dispense and sees the identity fields a counter check needs (uhid, names, sex, birth year);
 *  - everyone else reaches no patient.
 * Contact details (phone, e-mail, address) read by anyone but the patient themself are audited.
 */

/** Fields that reach a person outside the clinic: read only by the registry roles, always audited. */
export const CONTACT_FIELDS = ["phone", "email", "district"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The whole record: full birth date and contact details. */
export function mayReadFullRecord(p: Principal, uhid: string): boolean {
  return mayUse(p.roles, ["patients:read"]) || isThePatient(p, uhid);
}

/** Whether this read of contact details must leave an audit record (staff and machines, not the patient). */
export function contactReadIsAudited(p: Principal, uhid: string): boolean {
  return !isThePatient(p, uhid);
}

/** Entity references (federation): the registry roles, the patient themself, and pharmacists (identity only). */
export function assertMayReachPatient(p: Principal, uhid: string): void {
  if (mayReadFullRecord(p, uhid) || mayUse(p.roles, ["patients:identify"])) return;
  throw forbidden("You may not read patient records");
}

/** Guards one field of the full record (birth date, contact details). */
export function assertMayReadField(p: Principal, uhid: string, field: string): void {
  if (!mayReadFullRecord(p, uhid)) throw forbidden(`You may not read the patient's ${field}; pharmacists see name, sex and birth year`);
}
