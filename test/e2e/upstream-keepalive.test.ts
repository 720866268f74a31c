import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken } from "../../lib/auth.js";
import { loadConfig } from "../../lib/config.js";
import { listen } from "../../lib/http-lifecycle.js";
import { openDatabase, type Database } from "../../lib/db.js";
import { createLogger } from "../../lib/logger.js";
import { SUBGRAPH_NAMES } from "../../lib/subgraph.js";
import { isConnectionReset, isQueryDocument } from "../../lib/upstream-http.js";
import { startServer, type RunningServer } from "../../server.js";
import { createTestDatabase, TEST_SECRET, type TestDatabase } from "../support/stack.js";

/**
 * Split mode, with a TCP proxy in front of the clinical subgraph that resets a connection the moment
 * a request arrives on it (what a subgraph closing an idle keep-alive socket looks like to a client
 * that just reused it). Decision (docs/decisions/operations.md): a query is sent once more on a fresh
 * connection and succeeds; a mutation is never sent twice (the reset could have come after it ran):
 * the caller gets UPSTREAM_UNAVAILABLE naming the subgraph, and retries it itself.
 */

/** Forwards to `target`; while `resetNext` > 0, a connection that sends bytes is reset instead (nothing forwarded). */
class ResettingProxy {
  resetNext = 0;
  /** Requests that reached the subgraph (first bytes of a forwarded connection or a new chunk on it). */
  forwardedChunks: string[] = [];
  resets = 0;
  private readonly sockets = new Set<Socket>();
  readonly server: TcpServer;

  constructor(readonly target: number) {
    this.server = createTcpServer((client) => {
      this.sockets.add(client);
      let upstream: Socket | undefined;
      client.on("data", (chunk) => {
        if (this.resetNext > 0) {
          this.resetNext--;
          this.resets++;
          upstream?.destroy();
          client.resetAndDestroy();
          return;
        }
        this.forwardedChunks.push(chunk.toString("latin1"));
        if (!upstream) {
          upstream = connect(this.target, "127.0.0.1");
          upstream.on("data", (d) => client.write(d));
          upstream.on("close", () => client.destroy());
          upstream.on("error", () => client.destroy());
        }
        upstream.write(chunk);
      });
      client.on("error", () => upstream?.destroy());
      client.on("close", () => {
        this.sockets.delete(client);
        upstream?.destroy();
      });
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return (this.server.address() as { port: number }).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const baseEnv = { NODE_ENV: "test", HOST: "127.0.0.1", DATA_DIR: "memory://", LOG_LEVEL: "silent", JWT_SECRET: TEST_SECRET };
let testDb: TestDatabase;
let database: Database;
const servers: RunningServer[] = [];
let proxy: ResettingProxy;
let gatewayUrl: string;

async function graphql(query: string) {
  const token = await mintToken(TEST_SECRET, { sub: "keepalive-admin", roles: ["admin"] });
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({ url: testDb.url, dataDir: "memory://" });
  const logger = createLogger("silent");
  const urls = {} as Record<(typeof SUBGRAPH_NAMES)[number], string>;
  for (const name of SUBGRAPH_NAMES) {
    const server = await startServer({ config: loadConfig({ ...baseEnv, PORT: "0" }), logger, roles: [name], database });
    servers.push(server);
    urls[name] = `http://127.0.0.1:${server.port}/graphql`;
  }
  proxy = new ResettingProxy(servers[SUBGRAPH_NAMES.indexOf("clinical")].port);
  urls.clinical = `http://127.0.0.1:${await proxy.listen()}/graphql`;
  const gateway = await startServer({
    config: loadConfig({
      ...baseEnv,
      PORT: "0",
      CLINICAL_SUBGRAPH_URL: urls.clinical,
      PHARMACY_SUBGRAPH_URL: urls.pharmacy,
      NOTIFICATIONS_SUBGRAPH_URL: urls.notifications,
      BILLING_SUBGRAPH_URL: urls.billing,
    }),
    logger,
    roles: ["gateway"],
  });
  servers.push(gateway);
  gatewayUrl = `http://127.0.0.1:${gateway.port}`;
}, 60_000);

afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
  await proxy?.close();
  await database?.close();
  await testDb?.drop();
});

describe("a subgraph connection reset under the gateway (split mode)", () => {
  it("sends a query once more on a fresh connection and answers it", async () => {
    expect((await graphql(`{ patients(pageSize: 1) { count } }`)).status).toBe(200); // a keep-alive connection to reuse
    proxy.resetNext = 1;
    const answer = await graphql(`{ patients(pageSize: 1) { count } }`);
    expect(proxy.resets).toBe(1);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ data: { patients: { count: expect.any(Number) } } });
  });

  it("never sends a mutation twice: UPSTREAM_UNAVAILABLE naming the subgraph, no internal URL", async () => {
    proxy.resetNext = 1;
    const before = proxy.forwardedChunks.length;
    const resetsBefore = proxy.resets;
    const answer = await graphql(`mutation { recordClinicalOverride(input: { auditId: "0", action: accept }) { id } }`);
    expect(proxy.resets).toBe(resetsBefore + 1);
    // Nothing after the reset reached the subgraph: the mutation was not retried.
    expect(proxy.forwardedChunks.slice(before).some((c) => c.includes("recordClinicalOverride"))).toBe(false);
    const body = JSON.parse(answer.text);
    expect(body.errors[0].extensions.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(body.errors[0].message).toMatch(/clinical subgraph/);
    expect(answer.text).not.toMatch(/127\.0\.0\.1|localhost|socket|ECONNRESET|other side closed/i);
  });

  it("fails a query UPSTREAM_UNAVAILABLE when the retry is reset too (one retry, not a loop)", async () => {
    proxy.resetNext = 2;
    const resetsBefore = proxy.resets;
    const answer = await graphql(`{ patients(pageSize: 1) { count } }`);
    expect(proxy.resets).toBe(resetsBefore + 2);
    expect(JSON.parse(answer.text).errors[0].extensions.code).toBe("UPSTREAM_UNAVAILABLE");
    proxy.resetNext = 0;
  });
});

describe("keep-alive timeouts: the server outlives its callers' idle connections", () => {
  it("keeps idle connections HTTP_KEEP_ALIVE_TIMEOUT_MS, above the clients' UPSTREAM_IDLE_TIMEOUT_MS", async () => {
    const config = loadConfig({ ...baseEnv, PORT: "0" });
    const listener = await listen(config, () => new Response("ok"));
    try {
      expect(listener.server.keepAliveTimeout).toBe(65_000);
      expect(listener.server.headersTimeout).toBeGreaterThan(listener.server.keepAliveTimeout);
      expect(config.UPSTREAM_IDLE_TIMEOUT_MS).toBeLessThan(5_000); // below Node's default, for servers not ours
      expect(config.UPSTREAM_IDLE_TIMEOUT_MS).toBeLessThan(listener.server.keepAliveTimeout);
    } finally {
      await new Promise((resolve) => listener.server.close(resolve));
    }
  });
});

describe("what counts as a reset, and as a query", () => {
  it("recognises undici's and Node's connection resets, not refusals or timeouts", () => {
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }))).toBe(true);
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }))).toBe(true);
    expect(isConnectionReset(new Error("socket hang up"))).toBe(true);
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))).toBe(false);
    expect(isConnectionReset(new DOMException("The operation was aborted due to timeout", "TimeoutError"))).toBe(false);
  });

  it("tells a query from a mutation, by operation name in a document of several", () => {
    expect(isQueryDocument(`{ patients { count } }`)).toBe(true);
    expect(isQueryDocument(`# comment\nquery Patients { patients { count } }`)).toBe(true);
    expect(isQueryDocument(`mutation M { x }`)).toBe(false);
    expect(isQueryDocument(`query Q { a } mutation M { x }`, "M")).toBe(false);
    expect(isQueryDocument(`query Q { a } mutation M { x }`, "Q")).toBe(true);
    expect(isQueryDocument(`fragment F on T { a } query Q { ...F }`)).toBe(false); // unsure: not retried
  });
});
