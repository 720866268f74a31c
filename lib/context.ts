import type { Principal } from "./auth.js";
import type { Config } from "./config.js";
import type { Db } from "./db.js";
import type { Logger } from "./logger.js";
import { forbidden, unauthenticated } from "./errors.js";

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

/** Patients may read only their own records (`sub` is their uhid). */
export function assertPatientAccess(principal: Principal, uhid: string): void {
  const onlyPatient = principal.roles.every((r) => r === "patient");
  if (onlyPatient && principal.sub !== uhid) throw forbidden("Patients may read only their own records");
}

export function requirePrincipal(principal: Principal | undefined): Principal {
  if (!principal) throw unauthenticated();
  return principal;
}
