import { SignJWT, jwtVerify, createRemoteJWKSet, errors as joseErrors, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { Config } from "./config.js";
import { unauthenticated } from "./errors.js";
import { VerifiedTokens } from "./verified-tokens.js";

export const USER_ROLES = [
  "admin",
  "physician",
  "nurse",
  "pharmacist",
  "cashier",
  "lab_technician",
  "researcher",
  "auditor",
  "patient",
  "service",
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Who is calling, after the gateway verified their bearer token. */
export interface Principal {
  sub: string;
  roles: UserRole[];
  /** Pharmacy staff are bound to one pharmacy. */
  pharmacyId?: string;
  tokenUse: "user" | "service";
}

/** Header the gateway puts the verified principal in (a short-lived JWT signed with INTERNAL_SECRET). */
export const PRINCIPAL_HEADER = "x-verified-principal";
export const REQUEST_ID_HEADER = "x-request-id";

/** `iss` and `aud` of every principal the gateway seals, whichever key signs it. */
export const INTERNAL_ISSUER = "healthcare-api-gateway";
export const INTERNAL_AUDIENCE = "healthcare-api-subgraph";

/** The principal named by verified token claims (`sub`, the `roles` array, `pharmacy_id`, `token_use`). */
export function principalFromClaims(claims: JWTPayload): Principal {
  if (typeof claims.sub !== "string" || claims.sub.length === 0) throw unauthenticated("Token has no subject");
  // Roles come from `roles` (an array) only, the one claim DESIGN names. A singular `role` is not read:
  // two claims that may disagree are two ways to be wrong about who is calling.
  if (!Array.isArray(claims.roles)) {
    throw unauthenticated("role" in claims ? 'Token has a singular "role" claim; roles must be an array in "roles"' : 'Token has no "roles" claim');
  }
  const roles = (claims.roles as unknown[]).filter((r): r is UserRole => (USER_ROLES as readonly string[]).includes(r as string));
  if (roles.length === 0) throw unauthenticated("Token carries no known role");
  const pharmacyId = typeof claims.pharmacy_id === "string" ? claims.pharmacy_id : undefined;
  const tokenUse = claims.token_use === "service" || roles.includes("service") ? "service" : "user";
  return { sub: claims.sub, roles, pharmacyId, tokenUse };
}

function describeJoseError(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return "Token has expired";
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `Token claim "${err.claim}" is not valid`;
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return "Token algorithm is not allowed";
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return "Token signature is not valid";
  return "Token is not valid";
}

/** How far a token's `iat` may be ahead of our clock (clock skew between the issuer and us). */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/**
 * jose checks `exp` and `nbf` but not whether `iat` lies in the future; a token "issued" later than
 * now was minted with a wrong clock or to outlive its stated lifetime, so it is refused.
 */
function assertNotIssuedInFuture(payload: JWTPayload, nowSeconds = Math.floor(Date.now() / 1000)): void {
  if (typeof payload.iat === "number" && payload.iat > nowSeconds + MAX_CLOCK_SKEW_SECONDS) {
    throw unauthenticated(`Token was issued in the future ("iat" more than ${MAX_CLOCK_SKEW_SECONDS} s ahead of the server clock)`);
  }
}

const secretKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC (HS256) key of a shared secret, imported once per secret and kept. jose 6 signs and
 * verifies through WebCrypto: given a `Uint8Array` or a secret `KeyObject` it imports a new CryptoKey
 * on every call; given a CryptoKey it uses it as it is.
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = secretKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", Buffer.from(secret, "utf8"), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    secretKeys.set(secret, key);
  }
  return key;
}

/** Counts bearer token verifications (tests: one REST or GraphQL request verifies its caller once). */
export const authWork = { bearerVerifications: 0, principalSignatures: 0 };

/** Bearer tokens remembered after a successful check (lib/verified-tokens.ts); beyond this the oldest go. */
const VERIFIED_BEARERS_MAX = 10_000;
/** How long a verified bearer is believed without another signature check, within its own `exp`. */
export const VERIFIED_BEARER_MAX_AGE_MS = 60_000;

/**
 * Builds the verifier for incoming bearer tokens (HS256 secret, or JWKS with RS256/ES256). A token
 * verified once is believed again, by its exact bytes, until its `exp` and for at most
 * VERIFIED_BEARER_MAX_AGE_MS (so a key withdrawn from the JWKS stops being honoured within a minute).
 */
export function createBearerVerifier(config: Config): (token: string) => Promise<Principal> {
  const key: Promise<CryptoKey> | JWTVerifyGetKey = config.JWKS_URL ? createRemoteJWKSet(new URL(config.JWKS_URL)) : hmacKey(config.jwtSecret);
  const algorithms = config.JWKS_URL ? ["RS256", "ES256"] : ["HS256"];
  const verified = new VerifiedTokens<Principal>({ max: VERIFIED_BEARERS_MAX, maxAgeMs: VERIFIED_BEARER_MAX_AGE_MS });
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    authWork.bearerVerifications++;
    try {
      const { payload } = await jwtVerify(token, typeof key === "function" ? key : await key, {
        algorithms,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        requiredClaims: ["exp"],
      });
      assertNotIssuedInFuture(payload);
      const principal = principalFromClaims(payload);
      verified.set(token, principal, payload.exp!);
      return principal;
    } catch (err) {
      if (err instanceof Error && "extensions" in err) throw err;
      throw unauthenticated(describeJoseError(err));
    }
  };
}

/** Extracts the token from `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerFrom(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}

/** The claims of a sealed principal, before the header and key are chosen (two minutes of validity). */
export function principalClaims(principal: Principal): SignJWT {
  return new SignJWT({ roles: principal.roles, pharmacy_id: principal.pharmacyId, token_use: principal.tokenUse })
    .setSubject(principal.sub)
    .setIssuer(INTERNAL_ISSUER)
    .setAudience(INTERNAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("2m");
}

/** Gateway side: seals a verified principal for subgraphs with the shared INTERNAL_SECRET (HS256). */
export async function signPrincipal(principal: Principal, secret: string): Promise<string> {
  return principalClaims(principal).setProtectedHeader({ alg: "HS256" }).sign(await hmacKey(secret));
}

export interface MintOptions {
  sub: string;
  roles: UserRole[];
  pharmacyId?: string;
  expiresIn?: string;
  issuer?: string;
  audience?: string;
}

/** Mints an HS256 access token (dev tooling and tests). */
export async function mintToken(secret: string, o: MintOptions): Promise<string> {
  let jwt = new SignJWT({
    roles: o.roles,
    pharmacy_id: o.pharmacyId,
    token_use: o.roles.includes("service") ? "service" : "user",
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(o.sub)
    .setIssuedAt()
    .setExpirationTime(o.expiresIn ?? "8h");
  if (o.issuer) jwt = jwt.setIssuer(o.issuer);
  if (o.audience) jwt = jwt.setAudience(o.audience);
  return jwt.sign(await hmacKey(secret));
}
