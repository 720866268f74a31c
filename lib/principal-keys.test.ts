import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig, productionProblems } from "./config.js";
import { createPrincipalSigner, readSigningKey, reuseSealed, SEALED_REUSE_MS } from "./principal-keys.js";
import { createSubgraphAuthenticator, subgraphAuthWork } from "./subgraph-auth.js";

const SECRET = "a-real-secret-0123456789abcdef0123456789";
const ed25519Pem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

describe("the gateway's signing key", () => {
  it("reads Ed25519 and EC P-256 keys as PEM or JWK, and nothing else", () => {
    expect(readSigningKey(ed25519Pem())?.alg).toBe("EdDSA");
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    expect(readSigningKey(JSON.stringify(ec.export({ format: "jwk" })))?.alg).toBe("ES256");
    expect(readSigningKey(generateKeyPairSync("ec", { namedCurve: "P-384" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString())).toBeUndefined();
    expect(readSigningKey(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString())).toBeUndefined();
    expect(readSigningKey("not a key")).toBeUndefined();
  });

  it("is validated at start, and required in production when the gateway signs with a key", () => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, GATEWAY_SIGNING_KEY: "nope" })).toThrow(/GATEWAY_SIGNING_KEY: must be an Ed25519 or EC P-256/);
    const production = loadConfig({ NODE_ENV: "production", JWT_SECRET: SECRET, PRINCIPAL_SIGNING: "jwks", DATABASE_URL: "postgres://x/y" });
    expect(productionProblems(production, ["gateway"])).toEqual([expect.stringMatching(/^GATEWAY_SIGNING_KEY: required in production/)]);
    expect(productionProblems(production, ["clinical"])).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: "production", JWT_SECRET: SECRET, GATEWAY_SIGNING_KEY: ed25519Pem() }), ["gateway"])).toEqual([]);
  });

  it("publishes only the public half, named by its thumbprint", async () => {
    const signer = await createPrincipalSigner(loadConfig({ JWT_SECRET: SECRET, GATEWAY_SIGNING_KEY: ed25519Pem() }));
    expect(signer.mode).toBe("jwks");
    expect(signer.jwks!.keys).toEqual([expect.objectContaining({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", kid: expect.any(String) })]);
    expect(signer.jwks!.keys[0]).not.toHaveProperty("d");
  });
});

describe("SUBGRAPH_AUTH", () => {
  it("defaults to what the gateway signs with", () => {
    expect(loadConfig({ JWT_SECRET: SECRET }).subgraphAuth).toEqual(["secret"]);
    expect(loadConfig({ JWT_SECRET: SECRET, GATEWAY_JWKS_URL: "http://gateway:4000/.well-known/jwks.json" }).subgraphAuth).toEqual(["jwks"]);
    expect(loadConfig({ JWT_SECRET: SECRET, PRINCIPAL_SIGNING: "jwks" }).subgraphAuth).toEqual(["jwks"]);
    expect(loadConfig({ JWT_SECRET: SECRET, SUBGRAPH_AUTH: "jwks, bearer" }).subgraphAuth).toEqual(["jwks", "bearer"]);
  });

  it("refuses an unknown mode or an empty list in one line naming the variable", () => {
    for (const bad of ["secret,trust-me", ","]) {
      try {
        loadConfig({ JWT_SECRET: SECRET, SUBGRAPH_AUTH: bad });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems[0]).toMatch(/^SUBGRAPH_AUTH(\.\d+)?: /);
      }
    }
  });

  it("needs the gateway's key set for jwks when no gateway runs in the process", () => {
    expect(() => createSubgraphAuthenticator(loadConfig({ JWT_SECRET: SECRET, SUBGRAPH_AUTH: "jwks" }))).toThrow(/GATEWAY_JWKS_URL: required/);
  });

  it("verifies a principal signed by the in-process gateway's key, and refuses the shared secret unless named", async () => {
    const config = loadConfig({ JWT_SECRET: SECRET, PRINCIPAL_SIGNING: "jwks" });
    const signer = await createPrincipalSigner(config);
    const authenticate = createSubgraphAuthenticator(config, { localGatewayKeys: signer.jwks });
    const principal = { sub: "doc", roles: ["physician" as const], tokenUse: "user" as const };
    expect(await authenticate({ sealedPrincipal: await signer.sign(principal) })).toMatchObject({ sub: "doc", roles: ["physician"] });
    const secretSigned = await (await createPrincipalSigner(loadConfig({ JWT_SECRET: SECRET }))).sign(principal);
    await expect(authenticate({ sealedPrincipal: secretSigned })).rejects.toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });
    await expect(authenticate({})).rejects.toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });
  });
});

describe("sealed principals are signed once per principal and reuse window", () => {
  const nurse = { sub: "n-1", roles: ["nurse" as const], tokenUse: "user" as const };
  const pharmacist = { sub: "p-1", roles: ["pharmacist" as const], pharmacyId: "ph-1", tokenUse: "user" as const };

  it("hands the same token to every request of one principal for SEALED_REUSE_MS, then signs again", async () => {
    let clock = 1_000_000;
    let signatures = 0;
    const sign = reuseSealed(async (p) => `token-${p.sub}-${++signatures}`, () => clock);
    expect(await sign(nurse)).toBe("token-n-1-1");
    expect(await sign({ ...nurse })).toBe("token-n-1-1");
    expect(await sign(pharmacist)).toBe("token-p-1-2");
    // Another pharmacy or role is another principal.
    expect(await sign({ ...pharmacist, pharmacyId: "ph-2" })).toBe("token-p-1-3");
    expect(await sign({ ...nurse, roles: ["nurse", "physician"] })).toBe("token-n-1-4");
    clock += SEALED_REUSE_MS;
    expect(await sign(nurse)).toBe("token-n-1-5");
    expect(signatures).toBe(5);
  });

  it("keeps no failed signature", async () => {
    let fail = true;
    const sign = reuseSealed(async () => {
      if (fail) throw new Error("no key");
      return "ok";
    });
    await expect(sign(nurse)).rejects.toThrow("no key");
    fail = false;
    expect(await sign(nurse)).toBe("ok");
  });

  it("a subgraph checks a reused principal's signature once, still refuses a tampered one, and refuses it after its exp", async () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    const signer = await createPrincipalSigner(config);
    const authenticate = createSubgraphAuthenticator(config);
    const sealed = await signer.sign(nurse);
    expect(await signer.sign(nurse)).toBe(sealed);
    const before = subgraphAuthWork.sealedVerifications;
    expect((await authenticate({ sealedPrincipal: sealed })).sub).toBe("n-1");
    expect((await authenticate({ sealedPrincipal: sealed })).sub).toBe("n-1");
    expect(subgraphAuthWork.sealedVerifications - before).toBe(1);
    // Another role in the claims, same signature: a different string, checked and refused.
    const [h, payload, sig] = sealed.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...claims, roles: ["admin"] })).toString("base64url"), sig].join(".");
    await expect(authenticate({ sealedPrincipal: forged })).rejects.toThrow(/did not come through the gateway/);
    // Past its exp the cached principal is refused too (checked again, and jose refuses it).
    vi.useFakeTimers({ now: Date.now() + 3 * 60_000, toFake: ["Date"] });
    try {
      await expect(authenticate({ sealedPrincipal: sealed })).rejects.toThrow(/did not come through the gateway/);
    } finally {
      vi.useRealTimers();
    }
  });
});
