/**
 * The service connects to no one it was not configured to call (docs/decisions/security.md, "No calls
 * home"). Apollo Gateway's defaults probe cloud metadata endpoints when it is built and send usage
 * metrics to Apollo when it stops; every socket and name lookup of a whole stack's life, from start
 * to stop, is recorded here and must stay on loopback.
 */
import dns from "node:dns";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startStack } from "../support/stack.js";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

function recordConnections() {
  const seen: string[] = [];
  const connect = net.Socket.prototype.connect;
  const lookup = dns.lookup;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const target = args[0];
    if (target && typeof target === "object" && !("path" in target && (target as { path?: string }).path)) {
      seen.push(String((target as { host?: string }).host ?? "localhost"));
    } else if (typeof target === "number") {
      seen.push(typeof args[1] === "string" ? args[1] : "localhost");
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  dns.lookup = function (hostname: string, ...rest: unknown[]) {
    seen.push(hostname);
    return (lookup as (...a: unknown[]) => unknown).call(dns, hostname, ...rest);
  } as typeof dns.lookup;
  return {
    seen,
    restore() {
      net.Socket.prototype.connect = connect;
      dns.lookup = lookup;
    },
  };
}

let recorder: ReturnType<typeof recordConnections> | undefined;
afterEach(() => recorder?.restore());

describe("no calls home", () => {
  it("a whole stack started, asked through the gateway and stopped connects only to loopback", async () => {
    recorder = recordConnections();
    const stack = await startStack();
    const token = await stack.token("physician");
    expect((await stack.gql("{ patients(page: 1, pageSize: 1) { count } }", {}, token)).status).toBe(200);
    expect((await stack.rest("GET", "/api/v1/uhid/?page=1&page_size=1", { token })).status).toBe(200);
    await stack.stop();
    // Give anything scheduled on stop (a metrics export, a metadata probe) the time to start.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const elsewhere = recorder.seen.map((h) => h.replace(/\.$/, "")).filter((host) => !LOOPBACK.test(host));
    expect(elsewhere).toEqual([]);
    // The test's own requests went through the recorder: it saw something.
    expect(recorder.seen.length).toBeGreaterThan(0);
  });
});
