import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, type JSONWebKeySet, type JWK } from "jose";
import { authWork, principalClaims, signPrincipal, type Principal } from "./auth.js";
import type { Config } from "./config.js";
import type { Logger } from "./logger.js";
import { VerifiedTokens } from "./verified-tokens.js";

/** Where the gateway publishes the public key its sealed principals are signed with. */
export const GATEWAY_JWKS_PATH = "/.well-known/jwks.json";

/** A private key the gateway may sign principals with: ECDSA P-256 (ES256) or Ed25519 (EdDSA). */
export interface SigningKey {
  privateKey: KeyObject;
  alg: "ES256" | "EdDSA";
}

/**
 * Reads GATEWAY_SIGNING_KEY: a PKCS#8 PEM (`openssl genpkey -algorithm ed25519`, or
 * `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256`) or a private JWK as JSON.
 * Undefined when it is neither, or another kind of key.
 */
export function readSigningKey(text: string): SigningKey | undefined {
  let privateKey: KeyObject;
  try {
    const trimmed = text.trim();
    privateKey = trimmed.startsWith("{") ? createPrivateKey({ key: JSON.parse(trimmed), format: "jwk" }) : createPrivateKey(trimmed);
  } catch {
    return undefined;
  }
  if (privateKey.asymmetricKeyType === "ed25519") return { privateKey, alg: "EdDSA" };
  if (privateKey.asymmetricKeyType === "ec" && privateKey.asymmetricKeyDetails?.namedCurve === "prime256v1") return { privateKey, alg: "ES256" };
  return undefined;
}

/** How the gateway seals the verified principal it passes to subgraphs (PRINCIPAL_SIGNING). */
export interface PrincipalSigner {
  mode: "secret" | "jwks";
  sign(principal: Principal): Promise<string>;
  /** The public key set to publish at GATEWAY_JWKS_PATH (jwks mode only). */
  jwks?: JSONWebKeySet;
}

/**
 * The gateway's principal signer. `secret`: HS256 with INTERNAL_SECRET (every subgraph holds the
 * secret). `jwks`: the gateway's own key (GATEWAY_SIGNING_KEY, or outside production one generated
 * at start), whose public half is published so subgraphs verify without holding any secret.
 */
export async function createPrincipalSigner(config: Config, logger?: Logger): Promise<PrincipalSigner> {
  if (config.PRINCIPAL_SIGNING === "secret") {
    return { mode: "secret", sign: reuseSealed((principal) => signPrincipal(principal, config.internalSecret)) };
  }
  let key = config.GATEWAY_SIGNING_KEY ? readSigningKey(config.GATEWAY_SIGNING_KEY) : undefined;
  if (!key) {
    // loadConfig validated a configured key; production refuses to start without one (productionProblems).
    key = { privateKey: generateKeyPairSync("ed25519").privateKey, alg: "EdDSA" };
    logger?.warn("GATEWAY_SIGNING_KEY is not set: signing principals with a key generated at start (never do this with several gateways)");
  }
  const publicJwk: JWK = await exportJWK(createPublicKey(key.privateKey));
  const kid = await calculateJwkThumbprint(publicJwk);
  const { privateKey, alg } = key;
  return {
    mode: "jwks",
    jwks: { keys: [{ ...publicJwk, kid, alg, use: "sig" }] },
    sign: reuseSealed((principal) => principalClaims(principal).setProtectedHeader({ alg, kid, typ: "JWT" }).sign(privateKey)),
  };
}

/** How long one sealed principal is reused: it is valid two minutes, so a subgraph receives it with at least 90 s left. */
export const SEALED_REUSE_MS = 30_000;
/** Distinct principals kept; beyond this the oldest go (a burst of callers costs one signature each, as before). */
const SEALED_CACHE_MAX = 10_000;

/**
 * Signs each principal once per SEALED_REUSE_MS and hands the same token to every request of that
 * principal meanwhile (docs/decisions/security.md, "Verified once"). The token is the same signed
 * claims a fresh signature would give (sub, roles, pharmacy, token use; iat and exp), so a subgraph
 * verifies it exactly as before; what is saved is the signature (an HMAC, or an Ed25519/ECDSA
 * signature in jwks mode) on every request.
 */
export function reuseSealed(sign: (principal: Principal) => Promise<string>, now: () => number = Date.now): (principal: Principal) => Promise<string> {
  const cache = new VerifiedTokens<Promise<string>>({ max: SEALED_CACHE_MAX, maxAgeMs: SEALED_REUSE_MS });
  return (principal) => {
    const key = `${principal.sub}\u0000${principal.roles.join(",")}\u0000${principal.pharmacyId ?? ""}\u0000${principal.tokenUse}`;
    const t = now();
    const hit = cache.get(key, t);
    if (hit) return hit;
    authWork.principalSignatures++;
    const token = sign(principal);
    // Kept SEALED_REUSE_MS (the token itself is valid two minutes).
    cache.set(key, token, Number.POSITIVE_INFINITY, t);
    // A failed signature is not kept.
    token.catch(() => { if (cache.get(key, now()) === token) cache.delete(key); });
    return token;
  };
}
