import type { MiddlewareFn } from "type-graphql";
import type { Principal } from "./auth.js";
import type { Config } from "./config.js";
import type { Db } from "./db.js";
import type { Logger } from "./logger.js";
import { forbidden, unauthenticated } from "./errors.js";
import { onlyAsPatient, type Capability } from "./access.js";

/** What every subgraph resolver receives. */
export interface SubgraphContext {
  principal: Principal;
  /** The caller's original bearer token, forwarded on upstream calls (billing, notifications). */
  bearer?: string;
  requestId: string;
  /** The client's `Idempotency-Key` header, when it sent one. */
  idempotencyKey?: string;
  db: Db;
  config: Config;
  logger: Logger;
  /** This service's own base URL: the default {billing_url} and {notifications_url}. */
  selfUrl: string;
}

/** Throws unless the caller may act for this pharmacy (admins and services may act for any). */
export function assertPharmacyAccess(principal: Principal, pharmacyId: string): void {
  if (principal.roles.includes("admin") || principal.roles.includes("service")) return;
  if (!principal.pharmacyId) throw forbidden("Your token is not bound to a pharmacy");
  if (principal.pharmacyId !== pharmacyId) throw forbidden("You may act only for your own pharmacy");
}

/** The pharmacy a caller works at; admins and services must name one. */
export function callerPharmacy(principal: Principal, requested?: string | null): string | undefined {
  if (requested) {
    assertPharmacyAccess(principal, requested);
    return requested;
  }
  return principal.pharmacyId;
}

/** Roles that may look across pharmacies (docs/decisions.md, "Authorization"). */
const CROSS_PHARMACY_ROLES = ["admin", "auditor", "service"];

/**
 * Pharmacy staff (pharmacist, cashier) act only for the pharmacy their token names. Services scope
 * rows with `principal.pharmacyId` and treat a principal without one as unscoped (admins, auditors,
 * services), so a staff token that lacks `pharmacy_id` is refused rather than shown every pharmacy.
 */
export function assertBoundStaff(principal: Principal | undefined): void {
  if (!principal || principal.pharmacyId) return;
  if (principal.roles.some((r) => CROSS_PHARMACY_ROLES.includes(r))) return;
  if (principal.roles.some((r) => r === "pharmacist" || r === "cashier")) throw forbidden("Your token is not bound to a pharmacy");
}

/** type-graphql middleware: `@UseMiddleware(BoundStaff)` on resolvers of pharmacy-scoped records. */
export const BoundStaff: MiddlewareFn<SubgraphContext> = async ({ context }, next) => {
  assertBoundStaff(context.principal);
  return next();
};

/**
 * Patients may read only their own records (`sub` is their uhid). `capabilities` are the ones the
 * caller was let in by (the resolver's `@Authorized` list): the rule applies when only the `patient`
 * role grants them, whatever other roles the token also carries (lib/access.ts `onlyAsPatient`).
 */
export function assertPatientAccess(principal: Principal, uhid: string, ...capabilities: Capability[]): void {
  if (!capabilities.length) throw new Error("assertPatientAccess needs the capabilities the caller was let in by");
  if (onlyAsPatient(principal.roles, capabilities) && principal.sub !== uhid) throw forbidden("Patients may read only their own records");
}

export function requirePrincipal(principal: Principal | undefined): Principal {
  if (!principal) throw unauthenticated();
  return principal;
}
