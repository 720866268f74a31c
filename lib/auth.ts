import { SignJWT, jwtVerify, createRemoteJWKSet, errors as joseErrors, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { Config } from "./config.js";
import { unauthenticated } from "./errors.js";

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

const INTERNAL_ISSUER = "healthcare-api-gateway";
const INTERNAL_AUDIENCE = "healthcare-api-subgraph";

function principalFromClaims(claims: JWTPayload): Principal {
  if (typeof claims.sub !== "string" || claims.sub.length === 0) throw unauthenticated("Token has no subject");
  const rawRoles = Array.isArray(claims.roles) ? claims.roles : typeof claims.role === "string" ? [claims.role] : [];
  const roles = rawRoles.filter((r): r is UserRole => (USER_ROLES as readonly string[]).includes(r as string));
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

/** Builds the verifier for incoming bearer tokens (HS256 secret, or JWKS with RS256/ES256). */
export function createBearerVerifier(config: Config): (token: string) => Promise<Principal> {
  const key: Uint8Array | JWTVerifyGetKey = config.JWKS_URL
    ? createRemoteJWKSet(new URL(config.JWKS_URL))
    : new TextEncoder().encode(config.jwtSecret);
  const algorithms = config.JWKS_URL ? ["RS256", "ES256"] : ["HS256"];
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key as Uint8Array, {
        algorithms,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        requiredClaims: ["exp"],
      });
      return principalFromClaims(payload);
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

/** Gateway side: seals a verified principal for subgraphs. */
export async function signPrincipal(principal: Principal, secret: string): Promise<string> {
  return new SignJWT({ roles: principal.roles, pharmacy_id: principal.pharmacyId, token_use: principal.tokenUse })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(principal.sub)
    .setIssuer(INTERNAL_ISSUER)
    .setAudience(INTERNAL_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("2m")
    .sign(new TextEncoder().encode(secret));
}

/** Subgraph side: trusts a principal only when the gateway sealed it. */
export async function verifyPrincipal(sealed: string, secret: string): Promise<Principal> {
  try {
    const { payload } = await jwtVerify(sealed, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer: INTERNAL_ISSUER,
      audience: INTERNAL_AUDIENCE,
    });
    return principalFromClaims(payload);
  } catch (err) {
    if (err instanceof Error && "extensions" in err) throw err;
    throw unauthenticated("Request did not come through the gateway");
  }
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
  return jwt.sign(new TextEncoder().encode(secret));
}
