import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINCIPAL_HEADER, signPrincipal } from "../../lib/auth.js";
import { startStack, TEST_SECRET, type Stack } from "../support/stack.js";

let stack: Stack;
const secret = new TextEncoder().encode(TEST_SECRET);
const LIST = "/api/v1/uhid/";
const QUERY = `{ patients(pageSize: 1) { count } }`;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const signed = (claims: Record<string, unknown>, key: Uint8Array = secret) =>
  new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject("doc-1").setIssuedAt().setExpirationTime("1h").sign(key);

async function expect401(token: string | undefined) {
  const rest = await stack.rest("GET", LIST, { token });
  expect(rest.status).toBe(401);
  expect(rest.body.error.code).toBe("UNAUTHENTICATED");
  expect(rest.headers.get("www-authenticate")).toMatch(/^Bearer/);
  const gql = await stack.gql(QUERY, {}, token);
  expect(gql.status).toBe(401);
  expect(gql.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
}

describe("bearer authentication", () => {
  it("accepts a valid token (REST and GraphQL)", async () => {
    const token = await stack.token("physician");
    expect((await stack.rest("GET", LIST, { token })).status).toBe(200);
    const gql = await stack.gql(QUERY, {}, token);
    expect(gql.status).toBe(200);
    expect(gql.body.data.patients.count).toBe(1);
  });

  it("refuses a missing token", () => expect401(undefined));

  it("refuses a token signed with another secret", async () => {
    await expect401(await signed({ roles: ["physician"] }, new TextEncoder().encode("another-secret-another-secret-0000")));
  });

  it("refuses an unsigned token (alg: none)", async () => {
    await expect401(new UnsecuredJWT({ roles: ["admin"] }).setSubject("mallory").setIssuedAt().setExpirationTime("1h").encode());
  });

  it("refuses an expired token", async () => {
    await expect401(await stack.token("physician", { expiresIn: "-1m" }));
  });

  it("refuses a token without an expiry", async () => {
    await expect401(await new SignJWT({ roles: ["physician"] }).setProtectedHeader({ alg: "HS256" }).setSubject("doc").sign(secret));
  });

  it("refuses a token that carries no known role", async () => {
    await expect401(await signed({ roles: ["superuser"] }));
  });

  it("refuses a token issued in the future beyond the 60 s clock skew, and accepts one within it", async () => {
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = (iat: number) =>
      new SignJWT({ roles: ["physician"] }).setProtectedHeader({ alg: "HS256" }).setSubject("doc-1").setIssuedAt(iat).setExpirationTime(iat + 3600).sign(secret);
    for (const ahead of [61 + 5, 3600, 365 * 86400]) {
      const token = await issuedAt(now + ahead);
      await expect401(token);
      expect((await stack.rest("GET", LIST, { token })).body.error.message).toMatch(/issued in the future/);
    }
    expect((await stack.rest("GET", LIST, { token: await issuedAt(now + 30) })).status).toBe(200);
  });

  it("reads roles only from the `roles` array: a singular `role` claim is refused", async () => {
    for (const claims of [{ role: "admin" }, { role: "physician", roles: "physician" }, { roles: "admin" }]) {
      const token = await signed(claims);
      await expect401(token);
    }
    const res = await stack.rest("GET", LIST, { token: await signed({ role: "admin" }) });
    expect(res.body.error.message).toMatch(/singular "role"/);
    // `roles` decides; a stray `role` beside it grants nothing.
    const both = await signed({ roles: ["cashier"], role: "admin" });
    expect((await stack.rest("GET", "/api/v1/clinical-audit/verify/", { token: both })).status).toBe(403);
  });

  it("refuses a malformed Authorization header", async () => {
    const res = await stack.rest("GET", LIST, { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expect(res.status).toBe(401);
  });
});

describe("issuer and audience", () => {
  it("are checked when configured", async () => {
    const strict = await startStack({ env: { JWT_ISSUER: "https://id.example.org", JWT_AUDIENCE: "healthcare-api" } });
    try {
      const good = await new SignJWT({ roles: ["physician"] })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("doc")
        .setIssuer("https://id.example.org")
        .setAudience("healthcare-api")
        .setExpirationTime("1h")
        .sign(secret);
      expect((await strict.rest("GET", LIST, { token: good })).status).toBe(200);
      const wrongAudience = await new SignJWT({ roles: ["physician"] })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("doc")
        .setIssuer("https://id.example.org")
        .setAudience("someone-else")
        .setExpirationTime("1h")
        .sign(secret);
      expect((await strict.rest("GET", LIST, { token: wrongAudience })).status).toBe(401);
      expect((await strict.rest("GET", LIST, { token: await strict.token("physician") })).status).toBe(401);
    } finally {
      await strict.stop();
    }
  });
});

describe("a subgraph called directly", () => {
  let clinical: Stack;
  beforeAll(async () => {
    clinical = await startStack({ roles: ["clinical"] });
  });
  afterAll(() => clinical?.stop());

  const ask = (headers: Record<string, string>) =>
    fetch(`${clinical.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ query: QUERY }),
    });

  it("refuses a request that did not come through the gateway, even with a valid bearer", async () => {
    const res = await ask({ authorization: `Bearer ${await clinical.token("admin")}` });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("refuses a forged principal header", async () => {
    const forged = await signPrincipal({ sub: "mallory", roles: ["admin"], tokenUse: "user" }, "not-the-internal-secret-000000000000");
    expect((await ask({ [PRINCIPAL_HEADER]: forged })).status).toBe(401);
    const bearerAsPrincipal = await clinical.token("admin");
    expect((await ask({ [PRINCIPAL_HEADER]: bearerAsPrincipal })).status).toBe(401);
  });

  it("accepts a principal sealed with the internal secret", async () => {
    const sealed = await signPrincipal({ sub: "doc", roles: ["physician"], tokenUse: "user" }, clinical.config.internalSecret);
    const res = await ask({ [PRINCIPAL_HEADER]: sealed });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.patients.count).toBe(1);
  });
});
