import type { UserRole } from "./auth.js";

/**
 * The access matrix: which roles may use each capability. This is the one place it lives;
 * resolvers say `@Authorized("products:read")` and the auth checker looks the roles up here.
 * `admin` may do everything. Row-level rules (own pharmacy, own uhid) live in the services.
 * See docs/decisions.md, "Authorization".
 */
export const ACCESS = {
  "patients:read": ["physician", "nurse", "lab_technician", "pharmacist", "auditor"],
  "patients:write": ["physician", "nurse"],
  "timeline:read": ["physician", "nurse", "patient"],
  "pharmacies:read": ["physician", "nurse", "lab_technician", "pharmacist", "cashier", "auditor", "patient", "service"],
  "products:read": ["pharmacist", "cashier", "auditor"],
  "products:write": ["pharmacist"],
  "prescriptions:read": ["physician", "pharmacist", "patient"],
  "notifications:read": ["physician", "nurse", "patient", "service", "auditor"],
  "billing:read": ["pharmacist", "cashier", "service", "auditor"],
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
