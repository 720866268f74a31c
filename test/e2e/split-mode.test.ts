import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken } from "../../lib/auth.js";
import { createTestDatabase, KAMPALA, TEST_SECRET, type TestDatabase } from "../support/stack.js";
import { freePort } from "./ops-processes.js";


async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready:\n${output()}`);
}

const children: ChildProcess[] = [];
let database: TestDatabase;
let dataDir: string;
let bridgeUrl: string;
let gatewayUrl: string;

async function startRole(role: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "main.ts", `--only=${role}`], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child, () => output);
  return url;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "hc-split-"));
  const roles = ["clinical", "pharmacy", "notifications", "billing"] as const;
  // With one shared PostgreSQL database, subgraphs migrate one after another; with PGlite each has its own.
  const urls: Record<string, string> = {};
  if (database.url) for (const role of roles) urls[role] = await startRole(role, {});
  else Object.assign(urls, Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await startRole(r, {})] as const))));
  gatewayUrl = await startRole("gateway", {
    CLINICAL_SUBGRAPH_URL: `${urls.clinical}/graphql`,
    PHARMACY_SUBGRAPH_URL: `${urls.pharmacy}/graphql`,
    NOTIFICATIONS_SUBGRAPH_URL: `${urls.notifications}/graphql`,
    BILLING_SUBGRAPH_URL: `${urls.billing}/graphql`,
  });
  bridgeUrl = await startRole("bridge", { GATEWAY_URL: gatewayUrl });
}, 240_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

describe("split mode: one role per process, talking HTTP", () => {
  it("answers a REST call bridge → gateway → pharmacy subgraph", async () => {
    const token = await mintToken(TEST_SECRET, { sub: "cashier-1", roles: ["cashier"], pharmacyId: KAMPALA });
    const res = await fetch(`${bridgeUrl}/api/v1/pharmacy/sales/products/?search=paracetamol`, {
      headers: { authorization: `Bearer ${token}`, "x-request-id": "split-1" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("split-1");
    const body = (await res.json()) as any;
    expect(body.results.map((p: { sku: string }) => p.sku)).toEqual(["PCM-500-10"]);
  });

  it("resolves a cross-subgraph query through the gateway", async () => {
    const token = await mintToken(TEST_SECRET, { sub: "admin-1", roles: ["admin"] });
    const res = await fetch(`${gatewayUrl}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ patient(uhid: "UG-2024-000001") { givenName timeline { contextWindow } prescriptions { id } notificationPreferences { channels } } }`,
      }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.patient.timeline.contextWindow).toBe("365");
    expect(body.data.patient.prescriptions.length).toBeGreaterThan(0);
    expect(body.data.patient.notificationPreferences.channels.length).toBeGreaterThan(0);
  });

  it("serves the same REST paths from the bridge as the all-in-one process", async () => {
    const doc = (await (await fetch(`${bridgeUrl}/openapi.json`)).json()) as any;
    expect(doc.paths).toHaveProperty("/api/v1/uhid/");
  });
});
