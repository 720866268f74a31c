import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { createBearerVerifier, hmacKey, INTERNAL_AUDIENCE, INTERNAL_ISSUER, principalFromClaims, type Principal } from "./auth.js";
import { ConfigError, type Config, type SubgraphAuthMode } from "./config.js";
import { unauthenticated } from "./errors.js";
import { VerifiedTokens } from "./verified-tokens.js";

/** What a subgraph reads to know who is calling: the sealed principal header and the bearer. */
export interface SubgraphCredentials {
  /** PRINCIPAL_HEADER: a principal the gateway sealed. */
  sealedPrincipal?: string;
  /** The caller's own access token (`Authorization: Bearer`), as a router forwards it. */
  bearer?: string;
}

/** Counts signature checks of sealed principals (tests: a reused principal is checked once). */
export const subgraphAuthWork = { sealedVerifications: 0 };

/** Verified sealed principals kept per authenticator; beyond this the oldest go. */
const VERIFIED_CACHE_MAX = 10_000;

/** Resolves the caller of one subgraph request, or throws UNAUTHENTICATED. */
export type SubgraphAuthenticator = (credentials: SubgraphCredentials) => Promise<Principal>;

/**
 * Who a subgraph believes, by SUBGRAPH_AUTH (docs/decisions/security.md, "Any router in front"):
 * - `secret`: a principal sealed with INTERNAL_SECRET (HS256), as our gateway seals it by default;
 * - `jwks`: a principal signed by the gateway's key (ES256/EdDSA), checked against the key set at
 *   GATEWAY_JWKS_URL (cached; refetched when an unknown key id arrives), or the key of the gateway
 *   running in this process;
 * - `bearer`: no principal header, but the caller's own JWT, verified exactly as the gateway verifies
 *   it (JWT_SECRET or JWKS_URL, issuer, audience, iat), for a router that only forwards
 *   `Authorization`.
 * A principal header is never trusted unsigned, nor with a kind of signature the modes do not name;
 * when one is present it decides (a bad one is 401, not a fall back to the bearer).
 */
export function createSubgraphAuthenticator(config: Config, o: { localGatewayKeys?: JSONWebKeySet } = {}): SubgraphAuthenticator {
  const modes = new Set<SubgraphAuthMode>(config.subgraphAuth);
  let gatewayKeys: JWTVerifyGetKey | undefined;
  if (modes.has("jwks")) {
    if (o.localGatewayKeys) gatewayKeys = createLocalJWKSet(o.localGatewayKeys);
    else if (config.GATEWAY_JWKS_URL) {
      gatewayKeys = createRemoteJWKSet(new URL(config.GATEWAY_JWKS_URL), { timeoutDuration: 5_000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    } else {
      throw new ConfigError(["GATEWAY_JWKS_URL: required when SUBGRAPH_AUTH includes jwks and no gateway in this process signs with a key"]);
    }
  }
  const secret = hmacKey(config.internalSecret);
  const verifyBearer = modes.has("bearer") ? createBearerVerifier(config) : undefined;
  const claims = { issuer: INTERNAL_ISSUER, audience: INTERNAL_AUDIENCE, requiredClaims: ["exp"] };

  // A sealed principal is reused by the gateway for up to SEALED_REUSE_MS (lib/principal-keys.ts): the
  // same bytes, already verified, are accepted again until their own `exp` without another signature check.
  // A sealed principal lives two minutes (lib/auth.ts principalClaims): its `exp` is the bound.
  const verified = new VerifiedTokens<Principal>({ max: VERIFIED_CACHE_MAX, maxAgeMs: Number.POSITIVE_INFINITY });
  async function verifySealed(sealed: string): Promise<Principal> {
    const known = verified.get(sealed);
    if (known) return known;
    const { principal, exp } = await verifySealedSignature(sealed);
    verified.set(sealed, principal, exp);
    return principal;
  }

  async function verifySealedSignature(sealed: string): Promise<{ principal: Principal; exp: number }> {
    subgraphAuthWork.sealedVerifications++;
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(sealed).alg;
    } catch {
      throw unauthenticated("The principal header is not a signed token");
    }
    try {
      let payload: JWTPayload | undefined;
      if (alg === "HS256" && modes.has("secret")) payload = (await jwtVerify(sealed, await secret, { ...claims, algorithms: ["HS256"] })).payload;
      else if ((alg === "ES256" || alg === "EdDSA") && gatewayKeys) payload = (await jwtVerify(sealed, gatewayKeys, { ...claims, algorithms: ["ES256", "EdDSA"] })).payload;
      if (payload) return { principal: principalFromClaims(payload), exp: payload.exp! };
    } catch (err) {
      if (err instanceof Error && "extensions" in err) throw err;
      throw unauthenticated("Request did not come through the gateway");
    }
    throw unauthenticated("Request did not come through the gateway");
  }

  return async function authenticateSubgraphCaller({ sealedPrincipal, bearer }) {
    if (sealedPrincipal) return verifySealed(sealedPrincipal);
    if (verifyBearer && bearer) return verifyBearer(bearer);
    throw unauthenticated(verifyBearer ? "Missing bearer token (Authorization: Bearer <token>)" : "Request did not come through the gateway");
  };
}
