import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing } from "../../lib/tracing.js";
import { startStack, type Stack } from "../support/stack.js";

/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: a tiny OTLP/HTTP receiver (JSON, as
 * the exporter sends it) gets the spans of one REST request from the bridge, the gateway and the
 * subgraph, in one trace carried by `traceparent` headers from tier to tier.
 */

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}

const received: { resource: string; span: ExportedSpan }[] = [];
let receiver: Server;
let stopTracing: () => Promise<void>;
let stack: Stack;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces" && req.headers["content-type"]?.includes("json")) {
        for (const rs of JSON.parse(body).resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === "service.name")?.value?.stringValue;
          for (const ss of rs.scopeSpans ?? []) for (const span of ss.spans ?? []) received.push({ resource: service, span });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  stopTracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "healthcare-api-test" });
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
  await stopTracing?.();
  await new Promise((resolve) => receiver?.close(resolve));
});

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

describe("traces across bridge → gateway → subgraph", () => {
  it("exports one trace for one REST request, with a server span in each tier", async () => {
    const res = await stack.rest("GET", "/api/v1/uhid/?page=1&page_size=1", { token: await stack.token("admin"), headers: { "x-request-id": "trace-1" } });
    expect(res.status).toBe(200);
    await stopTracing(); // flushes the batch

    const servers = received.filter((r) => attribute(r.span, "request.id") === "trace-1");
    const byRole = Object.fromEntries(servers.map((r) => [attribute(r.span, "service.role"), r.span]));
    expect(Object.keys(byRole).sort()).toEqual(["bridge", "gateway", "subgraph:clinical"]);
    const traceId = byRole.bridge.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(byRole.gateway.traceId).toBe(traceId);
    expect(byRole["subgraph:clinical"].traceId).toBe(traceId);
    expect(received.every((r) => r.resource === "healthcare-api-test")).toBe(true);

    // Each tier continues its caller: the gateway's server span is a child of the bridge's, and the
    // subgraph's a child of one of the gateway's spans (Apollo Gateway's fetch span).
    expect(byRole.gateway.parentSpanId).toBe(byRole.bridge.spanId);
    const gatewaySpanIds = received.filter((r) => r.span.traceId === traceId && r.span !== byRole.bridge && r.span !== byRole["subgraph:clinical"]).map((r) => r.span.spanId);
    expect(gatewaySpanIds).toContain(byRole["subgraph:clinical"].parentSpanId);
    expect(byRole.bridge.name).toBe("bridge GET /api/v1/uhid/");
  });
});
