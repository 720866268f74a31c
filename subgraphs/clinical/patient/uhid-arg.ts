import { fieldError } from "../../../lib/errors.js";

/** Longest UHID an argument may carry: the limit every request body's `patient_uhid` has (`@Length(1, 64)`). */
export const MAX_UHID_LENGTH = 64;

/**
 * A UHID given as a query argument (a REST path's `{uhid}`) is held to the same limits as one in a
 * body: 1 to 64 characters, else BAD_USER_INPUT naming `uhid` (400), not a lookup that answers 404
 * with the whole input echoed back.
 */
export function checkUhidArg(uhid: string): void {
  if (uhid.length === 0 || uhid.length > MAX_UHID_LENGTH) throw fieldError("uhid", `must be 1 to ${MAX_UHID_LENGTH} characters`);
}
