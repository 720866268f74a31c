import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createGatewayRuntime } from "@graphql-hive/gateway";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken, PRINCIPAL_HEADER, signPrincipal, type UserRole } from "../../lib/auth.js";
import { loadConfig } from "../../lib/config.js";
import { openDatabase, type Database } from "../../lib/db.js";
import { createLogger } from "../../lib/logger.js";
import { SUBGRAPH_NAMES } from "../../lib/subgraph.js";
import { startServer, type RunningServer } from "../../server.js";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "../support/stack.js";
import { freePort, REPO_ROOT } from "./ops-processes.js";

/**
 * Any federation router can front the subgraphs: Hive Gateway (from npm) runs the committed
 * supergraph against our subgraphs, forwarding only the caller's `Authorization`; the subgraphs
 * verify that JWT themselves (SUBGRAPH_AUTH=bearer) and, for our own gateway, principals it signs
 * with its published key (SUBGRAPH_AUTH=jwks). No shared secret is accepted in this setup.
 */

// The README's cross-subgraph query (clinical → pharmacy → notifications).
const README_QUERY = `{ patient(uhid: "UG-2024-000001") { givenName timeline(days: 90) { timeline { diagnoses { code display } } } prescriptions { medicationName status } notificationPreferences { channels } notifications { totalCount } } }`;
const NURSE_QUERY = `{ patient(uhid: "UG-2024-000001") { givenName prescriptions { id } } }`;

let testDb: TestDatabase;
let database: Database;
const servers: RunningServer[] = [];
const subgraphUrls = {} as Record<(typeof SUBGRAPH_NAMES)[number], string>;
let gatewayUrl: string;
let hive: Server;
let hiveUrl: string;
let hiveDispose: () => Promise<void> | void;

const baseEnv = { NODE_ENV: "test", HOST: "127.0.0.1", DATA_DIR: "memory://", LOG_LEVEL: "silent", JWT_SECRET: TEST_SECRET };
const token = (role: UserRole) => mintToken(TEST_SECRET, { sub: `router-${role}`, roles: [role] });

async function post(url: string, query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const logger = createLogger("silent");
  database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
  const gatewayPort = await freePort();
  // Subgraphs accept principals signed by our gateway's key (from its JWKS) or the caller's own JWT, and nothing sealed with a secret.
  for (const name of SUBGRAPH_NAMES) {
    const config = loadConfig({ ...baseEnv, PORT: "0", SUBGRAPH_AUTH: "jwks,bearer", GATEWAY_JWKS_URL: `http://127.0.0.1:${gatewayPort}/.well-known/jwks.json` });
    const server = await startServer({ config, logger, roles: [name], database });
    servers.push(server);
    subgraphUrls[name] = `http://127.0.0.1:${server.port}/graphql`;
  }
  const gateway = await startServer({
    config: loadConfig({
      ...baseEnv,
      PORT: String(gatewayPort),
      PRINCIPAL_SIGNING: "jwks",
      CLINICAL_SUBGRAPH_URL: subgraphUrls.clinical,
      PHARMACY_SUBGRAPH_URL: subgraphUrls.pharmacy,
      NOTIFICATIONS_SUBGRAPH_URL: subgraphUrls.notifications,
      BILLING_SUBGRAPH_URL: subgraphUrls.billing,
    }),
    logger,
    roles: ["gateway"],
  });
  servers.push(gateway);
  gatewayUrl = `http://127.0.0.1:${gateway.port}`;

  // Hive Gateway as an operator would run it: the committed supergraph, each subgraph's location
  // overridden (the file names compose's hosts), and the caller's Authorization forwarded.
  const runtime = createGatewayRuntime({
    supergraph: readFileSync(`${REPO_ROOT}/schema/supergraph.graphql`, "utf8"),
    transportEntries: Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, { location: subgraphUrls[name] }])),
    propagateHeaders: {
      fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get("authorization") }),
    },
    logging: false,
  });
  hiveDispose = () => runtime.dispose();
  hive = createServer(runtime);
  await new Promise<void>((resolve) => hive.listen(0, "127.0.0.1", resolve));
  hiveUrl = `http://127.0.0.1:${(hive.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => hive?.close(resolve));
  await hiveDispose?.();
  for (const server of servers.reverse()) await server.stop();
  await database?.close();
  await testDb?.drop();
});

describe("Hive Gateway in front of the subgraphs (the caller's JWT forwarded)", () => {
  it("answers the README's cross-subgraph query with the same data as our gateway", async () => {
    const authorization = `Bearer ${await token("physician")}`;
    const ours = await post(gatewayUrl, README_QUERY, { authorization });
    const theirs = await post(hiveUrl, README_QUERY, { authorization });
    expect(ours.body.errors).toBeUndefined();
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.status).toBe(200);
    expect(ours.body.data.patient.prescriptions.length).toBeGreaterThan(0);
    expect(ours.body.data.patient.notificationPreferences.channels.length).toBeGreaterThan(0);
    expect(theirs.body.data).toEqual(ours.body.data);
  });

  it("refuses an unauthenticated call as our gateway does", async () => {
    const ours = await post(gatewayUrl, README_QUERY);
    const theirs = await post(hiveUrl, README_QUERY);
    expect(ours.status).toBe(401);
    expect(ours.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(theirs.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(theirs.body.data?.patient ?? null).toBeNull();
  });

  it("refuses a nurse the prescriptions as our gateway does", async () => {
    const authorization = `Bearer ${await token("nurse")}`;
    const ours = await post(gatewayUrl, NURSE_QUERY, { authorization });
    const theirs = await post(hiveUrl, NURSE_QUERY, { authorization });
    for (const answer of [ours, theirs]) {
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].extensions.code).toBe("FORBIDDEN");
      expect(answer.body.errors[0].path).toEqual(["patient", "prescriptions"]);
    }
    expect(theirs.body.data).toEqual(ours.body.data);
  });

  it("refuses a token our gateway refuses (a wrong signature) at the subgraph", async () => {
    const forged = await mintToken("another-secret-0123456789abcdef0123456789", { sub: "mallory", roles: ["admin"] });
    const theirs = await post(hiveUrl, README_QUERY, { authorization: `Bearer ${forged}` });
    expect(theirs.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await post(gatewayUrl, README_QUERY, { authorization: `Bearer ${forged}` })).status).toBe(401);
  });
});

describe("a subgraph that trusts the gateway's published key (SUBGRAPH_AUTH=jwks,bearer)", () => {
  const ask = (headers: Record<string, string>) => post(subgraphUrls.clinical.replace(/\/graphql$/, ""), `{ patients(pageSize: 1) { count } }`, headers);

  it("publishes one EdDSA key at /.well-known/jwks.json", async () => {
    const res = await fetch(`${gatewayUrl}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, string>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig", kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty("d");
  });

  it("refuses a principal sealed with the shared secret (not a mode it accepts)", async () => {
    const sealed = await signPrincipal({ sub: "doc", roles: ["physician"], tokenUse: "user" }, loadConfig(baseEnv).internalSecret);
    expect((await ask({ [PRINCIPAL_HEADER]: sealed })).status).toBe(401);
  });

  it("never trusts an unsigned principal header, even beside a valid bearer", async () => {
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"),
      Buffer.from(JSON.stringify({ sub: "mallory", roles: ["admin"], iss: "healthcare-api-gateway", aud: "healthcare-api-subgraph", exp: 9999999999 })).toString("base64url"),
      "",
    ].join(".");
    const res = await ask({ [PRINCIPAL_HEADER]: unsigned, authorization: `Bearer ${await token("physician")}` });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("refuses a principal signed by a key the gateway does not publish", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const forged = await new SignJWT({ roles: ["admin"], token_use: "user" })
      .setProtectedHeader({ alg: "EdDSA" })
      .setSubject("mallory")
      .setIssuer("healthcare-api-gateway")
      .setAudience("healthcare-api-subgraph")
      .setExpirationTime("2m")
      .sign(privateKey);
    expect((await ask({ [PRINCIPAL_HEADER]: forged })).status).toBe(401);
  });

  it("accepts the caller's own JWT, verified as the gateway verifies it", async () => {
    const res = await ask({ authorization: `Bearer ${await token("physician")}` });
    expect(res.status).toBe(200);
    expect(res.body.data.patients.count).toBe(1);
    const patient = await ask({ authorization: `Bearer ${await token("patient")}` });
    expect(patient.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });
});
