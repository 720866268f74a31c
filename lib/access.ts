import type { UserRole } from "./auth.js";

/**
 * The access matrix: which roles may use each capability. This is the one place it lives;
 * resolvers say `@Authorized("products:read")` and the auth checker looks the roles up here.
 * `admin` may do everything. Row-level rules (own pharmacy, own uhid) live in the services.
 * See docs/decisions.md, "Authorization".
 */
export const ACCESS = {
  // The registry (list, search, one patient with contact details) is for clinical roles only; a
  // pharmacist sees the identity of a patient named on a prescription they dispense, nothing more.
  // Auditors and lab technicians get no registry (docs/decisions/privacy-and-recovery.md).
  "patients:read": ["physician", "nurse"],
  "patients:identify": ["pharmacist"],
  // Phone and e-mail only, to deliver a notification the caller was allowed to trigger (the
  // notifications service asks as itself); every read is audited.
  "patients:contact": ["service"],
  "patients:write": ["physician", "nurse"],
  "timeline:read": ["physician", "nurse", "patient"],
  "pharmacies:read": ["physician", "nurse", "lab_technician", "pharmacist", "cashier", "auditor", "patient", "service"],
  "products:read": ["pharmacist", "cashier", "auditor"],
  "products:write": ["pharmacist"],
  "prescriptions:read": ["physician", "pharmacist", "patient"],
  "prescriptions:dispense": ["pharmacist"],
  // Issue 10, dispensing: physicians write prescriptions; a refill may be asked by the patient, the
  // prescriber or the pharmacist at the counter; dispense records are read by pharmacists and auditors.
  "prescriptions:write": ["physician"],
  "prescriptions:refill": ["physician", "pharmacist", "patient"],
  "dispenses:read": ["pharmacist", "auditor"],
  "notifications:read": ["physician", "nurse", "patient", "service", "auditor"],
  "notifications:send": ["pharmacist", "cashier", "service"],
  "notifications:trigger": ["physician", "nurse", "service"],
  "notifications:trigger-lab": ["physician", "nurse", "lab_technician", "service"],
  "notifications:manage": ["physician", "nurse", "service"],
  "notifications:preferences": ["physician", "nurse", "service", "patient"],
  "notifications:costs": ["auditor", "service"],
  "billing:read": ["pharmacist", "cashier", "service", "auditor"],
  // Clinical AI (issue 4; DESIGN.md role matrix): drug safety for prescribers and pharmacists,
  // critical values for whoever handles results, sepsis screening for bedside staff.
  "cds:drug-safety": ["physician", "pharmacist"],
  "cds:critical-values": ["physician", "nurse", "lab_technician"],
  "predictive:sepsis": ["physician", "nurse"],
  "predictive:risk-scores": ["physician"],
  "copilot:use": ["physician"],
  // Entity extraction (documentation): whoever writes clinical notes — physicians and nurses.
  "documentation:extract-entities": ["physician", "nurse"],
  // Role assistants (issue 12; docs/decisions/clinical.md, "Role assistants"): each assistant for its
  // role and the physician who works alongside it; laboratory QC is the laboratory's own work.
  "assistant:nurse": ["nurse", "physician"],
  "assistant:lab": ["lab_technician", "physician"],
  "assistant:lab-qc": ["lab_technician"],
  "assistant:pharmacist": ["pharmacist"],
  // De-identified counts and study-design advice only (DESIGN.md: researcher assistant).
  "assistant:researcher": ["researcher"],
  "clinical-audit:read": ["auditor"],
  "clinical-override:write": ["physician", "nurse", "pharmacist", "lab_technician"],
  "billing:write": ["pharmacist", "cashier", "service"],
  "sales:read": ["pharmacist", "cashier", "auditor"],
  "sales:write": ["pharmacist", "cashier"],
  "sales-analytics:read": ["pharmacist", "auditor"],
  "loyalty:write": ["pharmacist"],
  "inventory:read": ["pharmacist", "auditor"],
  "inventory:write": ["pharmacist"],
  // Issue 10. The medication catalog is reference data every clinical and pharmacy role consults.
  "medications:read": ["physician", "nurse", "pharmacist", "cashier", "auditor", "service"],
  // The controlled-drug register: pharmacists keep it, auditors inspect it (docs/decisions/pharmacy.md).
  "controlled-register:read": ["pharmacist", "auditor"],
  "controlled-register:write": ["pharmacist"],
  // Procurement (issue 10): suppliers, their catalogs, purchase orders and goods received notes.
  "procurement:read": ["pharmacist", "auditor"],
  "procurement:write": ["pharmacist"],
} satisfies Record<string, readonly UserRole[]>;

export type Capability = keyof typeof ACCESS;

export function rolesFor(capability: Capability): readonly UserRole[] {
  return ACCESS[capability];
}

/** True when any of the principal's roles grants any of the capabilities. */
export function mayUse(roles: readonly UserRole[], capabilities: readonly string[]): boolean {
  if (roles.includes("admin")) return true;
  return capabilities.some((cap) => {
    const allowed = (ACCESS as Record<string, readonly UserRole[]>)[cap];
    if (!allowed) throw new Error(`Unknown capability "${cap}" (add it to lib/access.ts)`);
    return roles.some((r) => allowed.includes(r));
  });
}
