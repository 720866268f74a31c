import { queryGateway, type GatewayCaller } from "../../../lib/gateway-client.js";
import { mintServiceToken } from "../../../lib/service-token.js";
import type { ContactPoints } from "../channels.js";

/** Looks up a patient's registered contact points; null when unknown or unavailable. */
export type RegistryContactLookup = (uhid: string) => Promise<ContactPoints | null>;

const QUERY = "query NotificationRegistryContact($uhid: ID!) { patientDeliveryContact(uhid: $uhid) { phone email } }";

/** Who the notifications service is when it reads a delivery contact (in the contact-read audit records). */
const DELIVERY_SUB = "notifications-delivery";

/**
 * A patient who never set notification preferences is still reachable at the phone and e-mail of
 * their registration. The registry belongs to the clinical subgraph, so we ask it through the
 * gateway (federation) as itself — a short service credential allowed only the audited phone and
 * e-mail (`patients:contact`) — because whoever triggered the message (a lab technician, a machine)
 * may not read the registry. Without a way to mint one (JWKS_URL only) it asks with the caller's
 * bearer. Best effort, bounded by UPSTREAM_TIMEOUT_MS like every call between services (a fixed 2 s
 * gave up under load and sent the message nowhere), done before the outbox transaction.
 */
export function registryContactLookup(ctx: GatewayCaller): RegistryContactLookup {
  return async (uhid) => {
    const bearer = (await mintServiceToken(ctx.config, { sub: DELIVERY_SUB })) ?? ctx.bearer;
    if (!bearer) return null;
    try {
      const data = await queryGateway<{ patientDeliveryContact?: { phone: string | null; email: string | null } | null }>(ctx, QUERY, { uhid }, { bearer });
      const p = data.patientDeliveryContact;
      if (!p || (!p.phone && !p.email)) return null;
      return { phone: p.phone, email: p.email, pushToken: null, messagingAppId: null };
    } catch (err) {
      ctx.logger.warn({ err, uhid }, "patient registry contact lookup failed");
      return null;
    }
  };
}

/** Whether the registry knows a UHID: true, false, or null when the registry could not be asked. */
export type RegistryPatientExists = (uhid: string) => Promise<boolean | null>;

const EXISTS_QUERY = "query NotificationPatientExists($uhid: ID!) { patientExists(uhid: $uhid) }";

/**
 * Asks the patient registry (clinical subgraph, through the gateway with the caller's bearer, as the
 * contact lookup does) whether a UHID is registered, so that an unknown patient is a 404 rather than
 * a message or preferences stored for nobody. Never reads clinical tables.
 */
export function registryPatientExists(ctx: GatewayCaller): RegistryPatientExists {
  const known = new Map<string, Promise<boolean | null>>();
  const ask = async (uhid: string): Promise<boolean | null> => {
    if (!ctx.bearer) return null;
    try {
      // UPSTREAM_TIMEOUT_MS, like every call between services: an existence check that gives up early turns a burst of triggers into 503s.
      const data = await queryGateway<{ patientExists?: boolean | null }>(ctx, EXISTS_QUERY, { uhid });
      return typeof data.patientExists === "boolean" ? data.patientExists : null;
    } catch (err) {
      ctx.logger.warn({ err, uhid }, "patient registry existence lookup failed");
      return null;
    }
  };
  return (uhid) => {
    let pending = known.get(uhid);
    if (!pending) known.set(uhid, (pending = ask(uhid)));
    return pending;
  };
}
