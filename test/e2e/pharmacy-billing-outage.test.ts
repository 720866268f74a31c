import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

const tx = "/api/v1/pharmacy/sales/transactions/";

/** A port nothing listens on. */
/**
 * A port nothing listens on. Port 1 (tcpmux) is never served here; a port freed after binding 0 could
 * be taken by a server of another test file running in parallel.
 */
async function closedPort(): Promise<number> {
  return 1;
}

/**
 * Billing as the pharmacy sees it: answers 503 while `down`; otherwise forwards to the real service,
 * optionally dropping the first answers per path in `lose` (the charge happens, the caller sees a 503).
 */
function billingProxy() {
  const state = { down: true, lose: new Map<string, number>(), target: "", requests: [] as string[] };
  const server: Server = createServer(async (req, res) => {
    state.requests.push(`${req.method} ${req.url}`);
    if (state.down) {
      res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"UPSTREAM_UNAVAILABLE","message":"down"}}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const h of ["authorization", "content-type", "idempotency-key", "x-request-id"]) if (req.headers[h]) headers[h] = String(req.headers[h]);
    const upstream = await fetch(state.target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = await upstream.text();
    const toLose = state.lose.get(req.url ?? "") ?? 0;
    if (toLose > 0) {
      state.lose.set(req.url ?? "", toLose - 1);
      res.writeHead(503).end();
      return;
    }
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" }).end(body);
  });
  return { server, state };
}

describe("billing unreachable (closed port)", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { BILLING_URL: `http://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => stack?.stop());

  it("answers 503 UPSTREAM_UNAVAILABLE, leaves the sale pending and the stock untouched", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const product = await createProduct(stack, { name: "Outage syrup", retail_price: "333.00", stock_quantity: 5 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 2 }]) });
    const res = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    const after = await stack.rest("GET", `${tx}${created.body.id}/`, { token: cashier });
    expect(after.body).toMatchObject({ status: "pending", payment_status: "pending", billing_charge: null });
    expect(await stockOf(stack, cashier, product)).toBe(5);
  });

  it("puts the units of a failed completion back into the very batches the sale drew (FEFO across two lots)", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
    const product = await createProduct(stack, { name: "Two-lot drops", retail_price: "100.00", stock_quantity: 5 });
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { product_id: product, movement_type: "receipt", quantity: 2, lot_number: "SOON-1", expiry_date: soon } });
    expect(receipt.status).toBe(201);
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 3 }]) });
    expect((await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier })).status).toBe(503);
    const moved = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=transaction&reference_id=${created.body.id}`, { token: pharmacist });
    const [reversal, sale] = moved.body.results as { movement_type: string; batches: { batch_id: string; lot_number: string | null; quantity: number }[] }[];
    expect(sale.movement_type).toBe("sale");
    expect(sale.batches.map((b) => [b.lot_number, b.quantity])).toEqual([["SOON-1", -2], [null, -1]]);
    expect(reversal.movement_type).toBe("adjustment");
    expect(reversal.batches).toEqual(sale.batches.map((b) => ({ ...b, quantity: -b.quantity })));
    expect(await stockOf(stack, cashier, product)).toBe(7);
    const stock = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?product=${product}`, { token: pharmacist });
    expect(stock.body.results[0].batches.map((b: { lot_number: string | null; quantity: number }) => [b.lot_number, b.quantity])).toEqual([["SOON-1", 2], [null, 5]]);
  });

  it("keeps hand-made sale movements out of a sale's reference, so undoing the sale cannot undo them", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
    const product = await createProduct(stack, { name: "Shared-reference syrup", retail_price: "100.00", stock_quantity: 5 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 2 }]) });
    const manual = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
      token: pharmacist,
      body: { product_id: product, movement_type: "sale", quantity: -1, reference_type: "transaction", reference_id: created.body.id },
    });
    // A sale still pending has booked nothing, so there is nothing to acknowledge (session 21: a movement naming one the
    // service booked is answered with that movement; test/e2e/legacy-workflows.test.ts).
    expect(manual.status).toBe(400);
    expect(manual.body.error.fields.reference_id).toEqual([expect.stringMatching(/booked stock/)]);
    expect(await stockOf(stack, cashier, product)).toBe(5);
    // The sale's failed completion puts back exactly what it took.
    expect((await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier })).status).toBe(503);
    expect(await stockOf(stack, cashier, product)).toBe(5);
  });
});

describe("billing answering 503, then recovering", () => {
  let stack: Stack;
  const proxy = billingProxy();
  beforeAll(async () => {
    await new Promise<void>((r) => proxy.server.listen(0, "127.0.0.1", r));
    const { port } = proxy.server.address() as AddressInfo;
    stack = await startStack({ env: { BILLING_URL: `http://127.0.0.1:${port}` } });
    proxy.state.target = stack.url;
  });
  afterAll(async () => {
    await stack?.stop();
    await new Promise<void>((r) => proxy.server.close(() => r()));
  });

  it("retries with backoff, fails with 503 and changes nothing; a later retry completes with exactly one charge", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    const product = await createProduct(stack, { name: "Flaky billing balm", retail_price: "1000.00", stock_quantity: 3 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }]) });
    const key = { "idempotency-key": `complete-${created.body.id}` };

    proxy.state.down = true;
    const failed = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier, headers: key });
    expect(failed.status).toBe(503);
    expect(proxy.state.requests.length).toBeGreaterThan(1); // bounded retries happened
    expect(proxy.state.requests.length).toBeLessThanOrEqual(4);
    expect((await stack.rest("GET", `${tx}${created.body.id}/`, { token: cashier })).body.status).toBe("pending");
    expect(await stockOf(stack, cashier, product)).toBe(3);

    // Billing comes back, but its first answer to the charge and to the payment is lost on the way:
    // both are made while the pharmacy sees 503 and retries with the same Idempotency-Keys.
    proxy.state.down = false;
    proxy.state.lose = new Map([["/api/v1/charges/", 1], ["/api/v1/payments/", 1]]);
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier, headers: key });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed" });
    expect(await stockOf(stack, cashier, product)).toBe(2);

    const charges = await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results).toHaveLength(1);
    expect(charges.body.results[0]).toMatchObject({ status: "paid", total_amount: "1180.00", amount_paid: "1180.00" });
    expect(charges.body.results[0].payments).toHaveLength(1);

    const again = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier, headers: key });
    expect(again.body).toEqual(done.body);
  });

  it("recovers when the payment failed after the charge was made: the retry reuses the charge", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "second-cashier" });
    const product = await createProduct(stack, { name: "Half-billed cream", retail_price: "251.00", stock_quantity: 2 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 2 }]) });
    // Charge succeeds, then billing goes down before the payment.
    proxy.state.down = false;
    const original = proxy.server.listeners("request")[0] as (...a: unknown[]) => void;
    let calls = 0;
    proxy.server.removeAllListeners("request");
    proxy.server.on("request", (req, res) => {
      calls++;
      if (calls > 1) proxy.state.down = true;
      original(req, res);
    });
    const failed = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(failed.status).toBe(503);
    expect(await stockOf(stack, cashier, product)).toBe(2);
    proxy.server.removeAllListeners("request");
    proxy.server.on("request", original);
    proxy.state.down = false;
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body.total_amount).toBe("592.00");
    const charges = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results).toHaveLength(1);
    expect(charges.body.results[0].payments).toHaveLength(1);
    expect(await stockOf(stack, cashier, product)).toBe(0);
  });

  it("puts reserved units back with a movement (not by deleting the sale's), so the ledger chains when other stock moved meanwhile", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "ledger-cashier" });
    const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "ledger-pharmacist" });
    const product = await createProduct(stack, { name: "Ledger linctus", retail_price: "300.00", stock_quantity: 10 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 2 }]) });
    // While the completion waits on billing (units reserved), a delivery is booked in; then billing fails.
    const original = proxy.server.listeners("request")[0] as (...a: unknown[]) => void;
    let receipt: Promise<unknown> | undefined;
    proxy.server.removeAllListeners("request");
    proxy.server.on("request", (req, res) => {
      receipt ??= stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { product_id: product, movement_type: "receipt", quantity: 5 } });
      void receipt.then(() => res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"code":"UPSTREAM_UNAVAILABLE","message":"down"}}'));
    });
    try {
      const failed = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
      expect(failed.status).toBe(503);
    } finally {
      proxy.server.removeAllListeners("request");
      proxy.server.on("request", original);
    }
    expect(await stockOf(stack, cashier, product)).toBe(15);
    const list = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?product=${product}`, { token: pharmacist });
    const chain = [...list.body.results].reverse() as { movement_type: string; quantity: number; quantity_before: number; quantity_after: number; batches: { batch_id: string; quantity: number }[] }[];
    // The product's opening stock is its first movement (issue 10: the sum of movements is stock on hand).
    expect(chain.map((m) => [m.movement_type, m.quantity])).toEqual([["receipt", 10], ["sale", -2], ["receipt", 5], ["adjustment", 2]]);
    // The reversal puts the units back into the very batches the sale drew.
    expect(chain[3].batches).toEqual(chain[1].batches.map((b) => ({ ...b, quantity: -b.quantity })));
    let at = 0;
    for (const m of chain) {
      expect(m.quantity_before).toBe(at);
      expect(m.quantity_after).toBe(m.quantity_before + m.quantity);
      at = m.quantity_after;
    }
    expect(at).toBe(15);

    // A later completion takes the units once more and, on success, leaves stock 13.
    proxy.state.down = false;
    proxy.state.lose = new Map();
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(await stockOf(stack, cashier, product)).toBe(13);
  });

  it("refuses to cancel a sale whose payment reached billing although its answer was lost; completing it uses that payment", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "third-cashier" });
    const product = await createProduct(stack, { name: "Lost-answer lozenges", retail_price: "400.00", stock_quantity: 3 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }]) });
    proxy.state.down = false;
    // Billing records the payment every time, but none of its answers comes back.
    proxy.state.lose = new Map([["/api/v1/payments/", 10]]);
    const failed = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(failed.status).toBe(503);
    proxy.state.lose = new Map();
    const charges = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results[0]).toMatchObject({ status: "paid", amount_paid: "472.00" });
    expect((await stack.rest("GET", `${tx}${created.body.id}/`, { token: cashier })).body.status).toBe("pending");

    const cancel = await stack.rest("POST", `${tx}${created.body.id}/cancel/`, { token: cashier });
    expect(cancel.status).toBe(409);
    expect((await stack.rest("GET", `${tx}${created.body.id}/`, { token: cashier })).body.status).toBe("pending");

    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed" });
    expect(await stockOf(stack, cashier, product)).toBe(2);
    const after = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(after.body.results[0].payments).toHaveLength(1);
  });

  it("still cancels a sale that billing holds no payment for", async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "fourth-cashier" });
    const product = await createProduct(stack, { name: "Unpaid ointment", retail_price: "400.00", stock_quantity: 3 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }]) });
    proxy.state.down = false;
    proxy.state.lose = new Map();
    const cancel = await stack.rest("POST", `${tx}${created.body.id}/cancel/`, { token: cashier });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
  });
});
