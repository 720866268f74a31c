import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

describe("operations endpoints", () => {
  it("/healthz says the process is up, without a token", async () => {
    const res = await fetch(`${stack.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz checks the database", async () => {
    const res = await fetch(`${stack.url}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.status).toBe("ready");
    expect(body.database).toBe(process.env.TEST_DB === "postgres" ? "postgres" : "pglite");
  });

  it("answers browser preflight requests (CORS) for GraphQL and REST", async () => {
    for (const path of ["/graphql", "/api/v1/uhid/"]) {
      const res = await fetch(`${stack.url}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://app.example.org", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    }
  });

  it("puts CORS headers, the request id and no-store on answers of every kind, a body intact", async () => {
    const token = await stack.token("nurse");
    const origin = { origin: "https://app.example.org" };
    const answers = [
      await fetch(`${stack.url}/graphql`, { method: "POST", headers: { ...origin, authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ query: "{ patients(pageSize: 1) { count } }" }) }),
      await fetch(`${stack.url}/api/v1/uhid/?page_size=1`, { headers: { ...origin, authorization: `Bearer ${token}` } }),
      await fetch(`${stack.url}/api/v1/uhid/`, { headers: origin }),
      await fetch(`${stack.url}/healthz`, { headers: origin }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 200]);
    for (const res of answers) {
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toMatch(/x-request-id/);
      expect(res.headers.get("vary")).toBeNull();
    }
    for (const res of answers.slice(0, 3)) {
      expect(res.headers.get("x-request-id")).toMatch(/.+/);
      expect(res.headers.get("cache-control")).toBe("no-store"); // patient data: never stored by a browser or proxy
    }
    // A static asset keeps the policy its route set.
    const asset = await fetch(`${stack.url}/docs/swagger-ui-bundle.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(((await answers[0].json()) as any).data.patients.count).toBe(1);
    expect(((await answers[1].json()) as any).results).toHaveLength(1);
  });

  it("with CORS_ORIGINS, allows only the listed origins and says the answer varies by Origin", async () => {
    const listed = await startStack({ env: { CORS_ORIGINS: "https://app.example.org, https://ward.example.org" } });
    try {
      const ask = (origin: string) => fetch(`${listed.url}/healthz`, { headers: { origin } });
      const allowed = await ask("https://ward.example.org");
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://ward.example.org");
      expect(allowed.headers.get("vary")).toMatch(/Origin/);
      const other = await ask("https://evil.example.com");
      expect(other.status).toBe(200);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
      expect(other.headers.get("vary")).toMatch(/Origin/);
    } finally {
      await listed.stop();
    }
  });

  it("/metrics exposes request counts per role and route", async () => {
    await stack.rest("GET", "/api/v1/uhid/", { token: await stack.token("nurse") });
    const text = await (await fetch(`${stack.url}/metrics`)).text();
    expect(text).toMatch(/http_requests_total\{role="bridge",method="GET",route="\/api\/v1\/uhid\/",status="200"\} \d+/);
    expect(text).toMatch(/http_requests_total\{role="gateway",method="POST",route="\/graphql",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.05",role="subgraph:clinical"/);
  });
});

describe("request logs", () => {
  it("carry one request id bridge → gateway → subgraph", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    const logged = await startStack({ logger });
    try {
      const res = await logged.rest("GET", "/api/v1/uhid/?page_size=1", { token: await logged.token("nurse"), headers: { "x-request-id": "trace-abc" } });
      expect(res.status).toBe(200);
      const roles = lines.filter((l) => l.requestId === "trace-abc" && l.msg === "request").map((l) => l.role);
      expect(roles).toEqual(expect.arrayContaining(["bridge", "gateway", "subgraph:clinical"]));
    } finally {
      await logged.stop();
    }
  });
});
