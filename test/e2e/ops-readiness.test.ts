import { afterEach, describe, expect, it } from "vitest";
import { SUBGRAPHS } from "../../subgraphs/index.js";
import { startStack, type Stack } from "../support/stack.js";
import { freePort } from "./ops-processes.js";

let stacks: Stack[] = [];
afterEach(async () => {
  await Promise.all(stacks.map((s) => s.stop()));
  stacks = [];
});

async function start(o: Parameters<typeof startStack>[0]) {
  const stack = await startStack(o);
  stacks.push(stack);
  return stack;
}

async function readyz(stack: Stack) {
  const res = await fetch(`${stack.url}/readyz`);
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as { status: string; failed?: string[]; checks: Record<string, string> } };
}

describe("readiness tells the truth", () => {
  it("is not ready while Redis is unreachable, naming redis and no address", async () => {
    const stack = await start({ env: { REDIS_URL: "redis://127.0.0.1:1" } });
    const r = await readyz(stack);
    expect(r.status).toBe(503);
    expect(r.body.failed).toEqual(["redis"]);
    expect(r.body.checks.database).toBe("ok");
    expect(r.text).not.toMatch(/127\.0\.0\.1|redis:\/\//);
  });

  it("a gateway with dead subgraphs is not ready, names each subgraph, and REST answers 503 without internal URLs", async () => {
    const dead = `http://127.0.0.1:${await freePort()}/graphql`;
    const stack = await start({
      roles: ["gateway", "bridge"],
      env: { CLINICAL_SUBGRAPH_URL: dead, PHARMACY_SUBGRAPH_URL: dead, NOTIFICATIONS_SUBGRAPH_URL: dead, BILLING_SUBGRAPH_URL: dead },
    });
    const r = await readyz(stack);
    expect(r.status).toBe(503);
    expect(r.body.failed).toEqual(["clinical-subgraph", "pharmacy-subgraph", "notifications-subgraph", "billing-subgraph"]);
    expect(r.body.checks["clinical-subgraph"]).toBe("connection refused");
    expect(r.text).not.toContain("127.0.0.1");

    const res = await stack.rest("GET", "/api/v1/uhid/", { token: await stack.token("admin") });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|http:/);
  });

  it("the pharmacy subgraph is not ready while billing is unreachable", async () => {
    const stack = await start({ roles: ["pharmacy"], env: { BILLING_URL: `http://127.0.0.1:${await freePort()}` } });
    const r = await readyz(stack);
    expect(r.status).toBe(503);
    expect(r.body.failed).toEqual(["billing"]);
  });

  it("a subgraph that verifies principals by the gateway's JWKS is not ready until the keys answer", async () => {
    const { createServer } = await import("node:http");
    let keys: unknown = { keys: [] };
    let status = 200;
    const jwks = createServer((_req, res) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(keys)));
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/.well-known/jwks.json`;
      const stack = await start({ roles: ["clinical"], env: { SUBGRAPH_AUTH: "jwks", GATEWAY_JWKS_URL: url } });
      const empty = await readyz(stack);
      expect(empty.status).toBe(503);
      expect(empty.body.failed).toEqual(["gateway-keys"]);
      expect(empty.body.checks["gateway-keys"]).toBe("answered no keys");
      status = 500;
      expect((await readyz(stack)).body.checks["gateway-keys"]).toBe("answered 500");
      status = 200;
      keys = { keys: [{ kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", kid: "k1", alg: "EdDSA", use: "sig" }] };
      const ready = await readyz(stack);
      expect(ready.body.checks["gateway-keys"]).toBe("ok");
      expect(ready.text).not.toContain("127.0.0.1");
      await new Promise((resolve) => jwks.close(resolve));
      expect((await readyz(stack)).body.checks["gateway-keys"]).toBe("connection refused");
    } finally {
      jwks.close();
    }
  });

  it("a worker-only process waits for the migrations of the subgraphs whose work it runs, then becomes ready", async () => {
    const stack = await start({ roles: ["worker"] });
    const before = await readyz(stack);
    expect(before.status).toBe(503);
    // The notification deliveries and the pharmacy's completion sweeper.
    expect([...(before.body.failed ?? [])].sort()).toEqual(["notifications-migrations", "pharmacy-migrations"]);

    await stack.server.database!.migrate("notifications", SUBGRAPHS.notifications.migrationsFolder);
    let partial = await readyz(stack);
    for (const deadline = Date.now() + 10_000; partial.body.failed?.length !== 1 && Date.now() < deadline; partial = await readyz(stack)) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(partial.body.failed).toEqual(["pharmacy-migrations"]);
    await stack.server.database!.migrate("pharmacy", SUBGRAPHS.pharmacy.migrationsFolder);
    const deadline = Date.now() + 10_000;
    let after = await readyz(stack);
    while (after.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await readyz(stack);
    }
    expect(after.body.status).toBe("ready");
  });
});
