import type { MiddlewareFn } from "type-graphql";
import type { Principal } from "../../lib/auth.js";
import type { SubgraphContext } from "../../lib/context.js";
import { forbidden } from "../../lib/errors.js";

/** Roles that may look across pharmacies (docs/decisions.md, "Authorization"). */
const CROSS_PHARMACY = ["admin", "auditor", "service"];

/**
 * Pharmacy staff (pharmacist, cashier) act only for the pharmacy their token names. The services scope
 * rows with `principal.pharmacyId` and treat a principal without one as unscoped (admins, auditors,
 * services); a staff token that lacks `pharmacy_id` must therefore be refused, not shown every pharmacy.
 */
export function assertBoundStaff(principal: Principal | undefined): void {
  if (!principal || principal.pharmacyId) return;
  if (principal.roles.some((r) => CROSS_PHARMACY.includes(r))) return;
  if (principal.roles.some((r) => r === "pharmacist" || r === "cashier")) throw forbidden("Your token is not bound to a pharmacy");
}

export const BoundStaff: MiddlewareFn<SubgraphContext> = async ({ context }, next) => {
  assertBoundStaff(context.principal);
  return next();
};
