import { afterEach, describe, expect, it, vi } from "vitest";
import { authWork, createBearerVerifier, mintToken, VERIFIED_BEARER_MAX_AGE_MS } from "./auth.js";
import { loadConfig } from "./config.js";
import { VerifiedTokens } from "./verified-tokens.js";

const SECRET = "a-real-secret-0123456789abcdef0123456789";

describe("verified tokens, remembered by their bytes", () => {
  it("are forgotten at the token's exp or after maxAgeMs, whichever comes first", () => {
    const tokens = new VerifiedTokens<string>({ max: 10, maxAgeMs: 60_000 });
    const now = 1_000_000_000_000;
    tokens.set("short", "a", now / 1000 + 5, now);
    tokens.set("long", "b", now / 1000 + 3600, now);
    expect(tokens.get("short", now + 4_999)).toBe("a");
    expect(tokens.get("short", now + 5_000)).toBeUndefined();
    expect(tokens.get("long", now + 59_999)).toBe("b");
    expect(tokens.get("long", now + 60_000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it("hold at most `max` entries whatever the number of callers, dropping the oldest", () => {
    const tokens = new VerifiedTokens<number>({ max: 1_000, maxAgeMs: 60_000 });
    const now = Date.now();
    for (let i = 0; i < 100_000; i++) tokens.set(`t${i}`, i, now / 1000 + 60, now);
    expect(tokens.size).toBe(1_000);
    expect(tokens.get("t98999", now)).toBeUndefined();
    expect(tokens.get("t99000", now)).toBe(99_000);
    expect(tokens.get("t99999", now)).toBe(99_999);
  });
});

describe("the bearer verifier", () => {
  afterEach(() => vi.useRealTimers());
  const verify = () => createBearerVerifier(loadConfig({ JWT_SECRET: SECRET }));

  it("checks a token once, and again (refusing it) once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const verifyBearer = verify();
    const token = await mintToken(SECRET, { sub: "short-lived", roles: ["nurse"], expiresIn: "30s" });
    const before = authWork.bearerVerifications;
    expect((await verifyBearer(token)).sub).toBe("short-lived");
    expect((await verifyBearer(token)).sub).toBe("short-lived");
    expect(authWork.bearerVerifications - before).toBe(1);
    vi.setSystemTime(Date.now() + 31_000);
    await expect(verifyBearer(token)).rejects.toThrow("Token has expired");
    expect(authWork.bearerVerifications - before).toBe(2);
  });

  it("checks a long-lived token's signature again after VERIFIED_BEARER_MAX_AGE_MS", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const verifyBearer = verify();
    const token = await mintToken(SECRET, { sub: "long-lived", roles: ["nurse"], expiresIn: "1h" });
    const before = authWork.bearerVerifications;
    await verifyBearer(token);
    vi.setSystemTime(Date.now() + VERIFIED_BEARER_MAX_AGE_MS - 1_000);
    await verifyBearer(token);
    expect(authWork.bearerVerifications - before).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    await verifyBearer(token);
    expect(authWork.bearerVerifications - before).toBe(2);
  });

  it("never remembers a refusal, nor accepts a token differing from a verified one by one character", async () => {
    const verifyBearer = verify();
    const token = await mintToken(SECRET, { sub: "tamper", roles: ["nurse"] });
    await verifyBearer(token);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), roles: ["admin"] })).toString("base64url");
    await expect(verifyBearer(`${header}.${forged}.${signature}`)).rejects.toThrow("Token signature is not valid");
    const before = authWork.bearerVerifications;
    await expect(verifyBearer(`${header}.${forged}.${signature}`)).rejects.toThrow("Token signature is not valid");
    expect(authWork.bearerVerifications - before).toBe(1);
  });
});
