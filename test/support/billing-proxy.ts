import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** Billing as the pharmacy reaches it: forwards to `target`, or answers 503 while `down`. */
export interface BillingProxy {
  /** Where the pharmacy is told billing is (BILLING_URL). */
  url: string;
  /** Where requests are forwarded (the stack's own URL once it has started). */
  target: string;
  down: boolean;
  close(): Promise<void>;
}

/** Starts the switchable billing stand-in on a loopback port. */
export async function startBillingProxy(): Promise<BillingProxy> {
  const proxy: BillingProxy = { url: "", target: "", down: false, close: async () => {} };
  const server = createServer(async (req, res) => {
    if (proxy.down) return void res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"UPSTREAM_UNAVAILABLE","message":"down"}}');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const h of ["authorization", "content-type", "idempotency-key", "x-request-id"]) if (req.headers[h]) headers[h] = String(req.headers[h]);
    const upstream = await fetch(proxy.target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise<void>((r) => server.close(() => r()));
  return proxy;
}
