import { mintToken } from "./auth.js";
import type { Config } from "./config.js";

/**
 * A short-lived token for this service's own machine calls (the notifications service reading a
 * delivery contact, the pharmacy's completion sweeper asking billing), signed like any HS256 access
 * token. Undefined when tokens come only from an identity provider (JWKS_URL without JWT_SECRET):
 * the service then cannot vouch for itself and the caller's own credential is used instead.
 */
export async function mintServiceToken(config: Config, o: { sub: string; pharmacyId?: string }): Promise<string | undefined> {
  if (config.JWKS_URL && !config.JWT_SECRET) return undefined;
  return mintToken(config.jwtSecret, {
    sub: o.sub,
    roles: ["service"],
    pharmacyId: o.pharmacyId,
    expiresIn: "5m",
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
}
