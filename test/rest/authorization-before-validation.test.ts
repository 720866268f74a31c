import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { buildSchema, Kind, parse, type OperationDefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayUse } from "../../lib/access.js";
import { mintToken, USER_ROLES, type UserRole } from "../../lib/auth.js";
import { graphqlOperationDuration } from "../../lib/observability.js";
import { capabilitiesOfOperation, loadFieldCapabilities } from "../../rest-bridge/authorization.js";
import { fieldCapabilitiesFromCode, printFieldCapabilities } from "../../rest-bridge/field-capabilities.js";
import { loadOperations } from "../../rest-bridge/operations.js";
import type { RouteDef } from "../../rest-bridge/route.js";
import { ROUTES } from "../../rest-bridge/routes/index.js";
import { countStatements } from "../support/statements.js";
import { KAMPALA, startStack, TEST_SECRET, type Stack } from "../support/stack.js";

// Django REST Framework checks permissions before the serializer: a caller whose role may not use a
// path gets 403, never a 400 that lists the path's fields (docs/decisions/rest-contract.md,
// "Authorization before validation"). The cases come from the route table and the capability map.
const apiSchema = buildSchema(readFileSync(new URL("../../schema/api.graphql", import.meta.url), "utf8"));
const operations = loadOperations();
const capabilities = loadFieldCapabilities();
const ROLES = USER_ROLES.filter((r) => r !== "admin");

interface Case {
  name: string;
  route: RouteDef;
  needed: string[][];
  forbidden: UserRole[];
  allowed: UserRole;
}
const CASES: Case[] = ROUTES.map((route) => {
  const needed = capabilitiesOfOperation(operations.get(route.operation)!.definition, apiSchema, capabilities);
  const mayRun = (role: UserRole) => needed.every((caps) => mayUse([role], caps));
  return { name: `${route.method} ${route.path}`, route, needed, forbidden: ROLES.filter((r) => !mayRun(r)), allowed: [...ROLES, "admin" as const].find(mayRun)! };
});
const WITH_FORBIDDEN_ROLES = CASES.filter((c) => c.forbidden.length > 0);

/** A request the bridge itself refuses with 400: an unknown body field, or an unknown query parameter on a row without a JSON body. */
function badRequest(route: RouteDef): { path: string; body?: unknown } {
  const path = route.path.replace(/\{\w+\}/g, () => randomUUID());
  return route.body ? { path, body: { bogus: 1 } } : { path: `${path}?bogus=1` };
}

/** Operations the gateway has run so far (every operation, stored or not, is one observation). */
async function gatewayOperations(): Promise<number> {
  const { values } = await graphqlOperationDuration.get();
  return values.filter((v) => v.metricName?.endsWith("_count")).reduce((n, v) => n + v.value, 0);
}

describe("the capability map (schema/field-capabilities.json)", () => {
  it("matches the resolvers' @Authorized (run `npm run schema` after changing one)", async () => {
    const committed = readFileSync(new URL("../../schema/field-capabilities.json", import.meta.url), "utf8");
    expect(committed, "schema/field-capabilities.json is stale: run npm run schema").toBe(printFieldCapabilities(await fieldCapabilitiesFromCode()));
  });

  it("covers every row: each operation reaches at least one @Authorized field", () => {
    expect(CASES.filter((c) => c.needed.length === 0).map((c) => c.name)).toEqual([]);
    expect(WITH_FORBIDDEN_ROLES.length).toBeGreaterThan(150);
  });

  it("collects root fields and field resolvers the operation selects, through fragments and aliases", () => {
    const doc = parse('query Q { p: patient(uhid: "UG-1") { ... on Patient { timeline(days: 7) { __typename } } givenName } }');
    const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    expect(capabilitiesOfOperation(op, apiSchema, capabilities)).toEqual([capabilities["Query.patient"], capabilities["Patient.timeline"]]);
    expect(capabilities["Patient.timeline"]).toEqual(["timeline:read"]);
  });
});

describe("authorization before validation", () => {
  let stack: Stack;
  let forbiddenBody: unknown;
  const tokens = new Map<UserRole, string>();
  const tokenOf = async (role: UserRole) => {
    if (!tokens.has(role)) tokens.set(role, await stack.token(role, { pharmacy: KAMPALA, sub: role === "patient" ? "UG-2024-000001" : undefined }));
    return tokens.get(role)!;
  };

  beforeAll(async () => {
    stack = await startStack();
    // The gateway's own refusal of a valid request: what every refusal below must read exactly like.
    const refused = await stack.rest("GET", "/api/v1/uhid/", { token: await tokenOf("cashier") });
    expect(refused.status).toBe(403);
    forbiddenBody = refused.body;
  });
  afterAll(() => stack?.stop());

  it("answers the cashier's POST {bogus: 1} to /api/v1/uhid/ with the gateway's 403, not the registry's field list", async () => {
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: await tokenOf("cashier"), body: { bogus: 1 } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbiddenBody);
    expect(res.body).toEqual({ error: { code: "FORBIDDEN", message: "Your role may not do this" } });
  });

  it.each(WITH_FORBIDDEN_ROLES.map((c) => [c.name, c] as const))("%s: every role without access gets 403 for a bad request, and nothing runs", async (_name, c) => {
    const writes = countStatements(stack.server.database!.db, /^\s*(insert|update|delete)\b/i);
    const before = await gatewayOperations();
    for (const role of c.forbidden) {
      const { path, body } = badRequest(c.route);
      const res = await stack.rest(c.route.method, path, { token: await tokenOf(role), body });
      expect({ role, status: res.status, body: res.body }).toEqual({ role, status: 403, body: forbiddenBody });
    }
    expect(await gatewayOperations(), "the gateway ran an operation").toBe(before);
    expect(writes(), "a statement wrote").toBe(0);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s: a role with access still gets 400 with the field named", async (_name, c) => {
    const { path, body } = badRequest(c.route);
    const res = await stack.rest(c.route.method, path, { token: await tokenOf(c.allowed), body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.body.error.fields)).toContain("bogus");
  });

  // GET rows a request with no parameters is valid for: the gateway decides, as before.
  const VALID_WITHOUT_INPUT = WITH_FORBIDDEN_ROLES.filter(
    (c) => c.route.method === "GET" && !c.route.path.includes("{") && !operations.get(c.route.operation)!.definition.variableDefinitions?.some((d) => d.type.kind === Kind.NON_NULL_TYPE && !d.defaultValue),
  );
  it.each(VALID_WITHOUT_INPUT.map((c) => [c.name, c] as const))("%s: a valid request from a role without access is still the gateway's 403", async (_name, c) => {
    for (const role of c.forbidden) {
      const res = await stack.rest("GET", c.route.path, { token: await tokenOf(role) });
      expect({ role, status: res.status, body: res.body }).toEqual({ role, status: 403, body: forbiddenBody });
    }
  });

  it("keeps the gateway's 403 for a valid registration by a cashier", async () => {
    const before = await gatewayOperations();
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: await tokenOf("cashier"), body: { given_name: "Amina", family_name: "Nakato", birth_date: "1990-01-01", sex: "female" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbiddenBody);
    expect(await gatewayOperations(), "the valid request reached the gateway").toBe(before + 1);
  });

  it("does the same in a bridge of its own (split mode: --only=bridge, the gateway over HTTP)", async () => {
    const bridge = await startStack({ roles: ["bridge"], env: { GATEWAY_URL: stack.url } });
    try {
      const refused = await bridge.rest("POST", "/api/v1/uhid/", { token: await tokenOf("cashier"), body: { bogus: 1 } });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: forbiddenBody });
      const invalid = await bridge.rest("POST", "/api/v1/uhid/", { token: await tokenOf("physician"), body: { bogus: 1 } });
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body.error.fields)).toContain("bogus");
      const forged = await mintToken("another-secret-0123456789abcdef0123456789", { sub: "x", roles: ["physician"] });
      expect((await bridge.rest("POST", "/api/v1/uhid/", { token: forged, body: { bogus: 1 } })).status).toBe(401);
    } finally {
      await bridge.stop();
    }
  });

  const BAD_TOKENS: [string, () => Promise<string | undefined>][] = [
    ["no token", async () => undefined],
    ["another secret's token", () => mintToken("another-secret-0123456789abcdef0123456789", { sub: "x", roles: ["physician"] })],
    ["an expired token", () => mintToken(TEST_SECRET, { sub: "x", roles: ["physician"], expiresIn: "-1m" })],
    ["a token without a known role", () => mintToken(TEST_SECRET, { sub: "x", roles: ["janitor" as UserRole] })],
  ];
  it.each(BAD_TOKENS)("%s: 401 first on every row, as the gateway answers it", async (_name, make) => {
    const token = await make();
    const gateway = await stack.rest("GET", "/api/v1/uhid/", { token });
    expect(gateway.status).toBe(401);
    for (const c of CASES) {
      const { path, body } = badRequest(c.route);
      const res = await stack.rest(c.route.method, path, { token, body });
      expect({ row: c.name, status: res.status, body: res.body, auth: res.headers.get("www-authenticate") }).toEqual({ row: c.name, status: 401, body: gateway.body, auth: 'Bearer realm="healthcare-api"' });
    }
  });
});
