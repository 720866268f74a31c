import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken } from "../../lib/auth.js";
import { createErrorFormatter } from "../../lib/format-error.js";
import { createLogger } from "../../lib/logger.js";
import { startStack, type Stack } from "../support/stack.js";

const ADMIN_TOKEN = "ops-admin-token-0123456789abcdef0123456789";
const DEV_SECRET = "dev-only-secret-change-me-0123456789abcdef";
const OPERATOR_ENDPOINTS = ["/metrics", "/schema.graphql", "/openapi.json", "/docs", "/docs/swagger-ui.css"];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { NODE_ENV: "production", ADMIN_TOKEN } });
});
afterAll(() => stack?.stop());

describe("production mode", () => {
  it("keeps /metrics, /schema.graphql, /openapi.json and /docs behind ADMIN_TOKEN (a browser is asked for it)", async () => {
    for (const path of OPERATOR_ENDPOINTS) {
      const anonymous = await fetch(stack.url + path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers.get("www-authenticate"), path).toMatch(/^Basic realm="operator"/);
      const wrong = await fetch(stack.url + path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}x` } });
      expect(wrong.status, path).toBe(401);
      const bearer = await fetch(stack.url + path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(bearer.status, path).toBe(200);
      const basic = await fetch(stack.url + path, { headers: { authorization: `Basic ${Buffer.from(`ops:${ADMIN_TOKEN}`).toString("base64")}` } });
      expect(basic.status, path).toBe(200);
    }
  });

  it("keeps the probes open", async () => {
    expect((await fetch(`${stack.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
  });

  it("seeds no demo world by default", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/", { token: await stack.token("admin") });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });

  it("refuses a token signed with the development secret", async () => {
    const devToken = await mintToken(DEV_SECRET, { sub: "dev-admin", roles: ["admin"] });
    const res = await stack.rest("GET", "/api/v1/uhid/", { token: devToken });
    expect(res.status).toBe(401);
  });

  it("gives no 'Did you mean' hints in GraphQL errors", async () => {
    const token = await stack.token("admin");
    const res = await stack.gql(`{ patint(uhid: "UG-2024-000001") { givenName } }`, undefined, token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('Cannot query field "patint" on type "Query".');
    const coercion = await stack.gql(`query ($r: Boolean) { patient(uhid: "UG-2024-000001") { givenName } __typename @include(if: $r) }`, { r: "tru" }, token);
    expect(JSON.stringify(coercion.body)).not.toContain("Did you mean");
  });
});

describe("the error formatter's suggestions switch", () => {
  const formatted = { message: 'Cannot query field "patint" on type "Query". Did you mean "patient" or "patients"?', extensions: { code: "GRAPHQL_VALIDATION_FAILED" } };
  const logger = createLogger("silent");

  it("keeps hints outside production and strips every one in production", () => {
    expect(createErrorFormatter(logger)(formatted, undefined).message).toContain("Did you mean");
    expect(createErrorFormatter(logger, { hideSuggestions: true })(formatted, undefined).message).toBe('Cannot query field "patint" on type "Query".');
  });
});
