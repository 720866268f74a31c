import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBillingProxy, type BillingProxy } from "../support/billing-proxy.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody } from "./pharmacy-pos-helpers.js";

/**
 * The sales summary nets customer returns completed in its range (docs/decisions/pharmacy.md,
 * "Recommendations and analytics"). Worked by hand, UGX, VAT 18 %:
 *   sale 1: Full 5500.00 × 2 → 11000 + 1980 VAT = 12980.00, fully returned (refund 12980.00)
 *   sale 2: Syrup 333.00 × 3 (VAT) + Nets 500.00 (exempt), 100.00 off → 1579.00; one syrup back → 370.00
 *   sale 3: Gel 1000.00 × 2 (exempt) → 2000.00; one back while billing is down → processing, counts nothing
 */
let stack: Stack;
let cashier: string;
let pharmacist: string;
const ids = { full: "", syrup: "", nets: "", gel: "" };
const sales = "/api/v1/pharmacy/sales";
const customer = "/api/v1/returns/customer/";
let fullWindow: { from: string; to: string };
let pendingReturnId = "";

/** Billing as the pharmacy reaches it, switched to 503 by `billing.down`. */
let billing: BillingProxy;

async function completedSale(items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const created = await stack.rest("POST", `${sales}/transactions/`, { token: cashier, body: saleBody(items, extra) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const done = await stack.rest("POST", `${sales}/transactions/${created.body.id}/complete/`, { token: cashier });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body as { id: string; total_amount: string; tax_amount: string };
}

const returnOf = (transaction_id: string, items: { product_id: string; quantity: number }[]) =>
  stack.rest("POST", customer, { token: cashier, body: { transaction_id, reason: "customer changed their mind", items: items.map((i) => ({ ...i, condition: "sealed" })) } });

const summary = async (query = "") => {
  const res = await stack.rest("GET", `${sales}/analytics/summary/${query}`, { token: pharmacist });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  billing = await startBillingProxy();
  stack = await startStack({ env: { BILLING_URL: billing.url } });
  billing.target = stack.url;
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "kla-analytics-till" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-analytics-pharmacist" });
  ids.full = await createProduct(stack, { name: "Full return tonic", retail_price: "5500.00", stock_quantity: 10 });
  ids.syrup = await createProduct(stack, { name: "Partial syrup", retail_price: "333.00", stock_quantity: 10 });
  ids.nets = await createProduct(stack, { name: "Nets", retail_price: "500.00", stock_quantity: 10, tax_exempt: true });
  ids.gel = await createProduct(stack, { name: "Gel", retail_price: "1000.00", stock_quantity: 10, tax_exempt: true });

  const from = new Date().toISOString();
  const full = await completedSale([{ product_id: ids.full, quantity: 2 }]);
  expect(full).toMatchObject({ total_amount: "12980.00", tax_amount: "1980.00" });
  const fullReturn = await returnOf(full.id, [{ product_id: ids.full, quantity: 2 }]);
  expect(fullReturn.body).toMatchObject({ status: "completed", refund_amount: "12980.00" });
  await new Promise((r) => setTimeout(r, 5));
  fullWindow = { from, to: new Date().toISOString() };
  await new Promise((r) => setTimeout(r, 5));

  const partial = await completedSale([{ product_id: ids.syrup, quantity: 3 }, { product_id: ids.nets, quantity: 1 }], { discount_amount: "100.00" });
  expect(partial.total_amount).toBe("1579.00");
  const partialReturn = await returnOf(partial.id, [{ product_id: ids.syrup, quantity: 1 }]);
  expect(partialReturn.body).toMatchObject({ status: "completed", refund_amount: "370.00" });

  const gel = await completedSale([{ product_id: ids.gel, quantity: 2 }]);
  billing.down = true;
  try {
    expect((await returnOf(gel.id, [{ product_id: ids.gel, quantity: 1 }])).status).toBe(503);
  } finally {
    billing.down = false;
  }
  const waiting = (await stack.rest("GET", `${customer}?transaction=${gel.id}&status=processing`, { token: cashier })).body.results;
  expect(waiting).toHaveLength(1);
  pendingReturnId = waiting[0].id;
}, 240_000);
afterAll(async () => {
  await stack?.stop();
  await billing?.close();
});

describe("sales summary net of customer returns", () => {
  it("a sale fully returned: refunds equal it, net revenue 0.00, its product no top product", async () => {
    const res = await summary(`?date_from=${encodeURIComponent(fullWindow.from)}&date_to=${encodeURIComponent(fullWindow.to)}`);
    expect(res).toMatchObject({ revenue: "12980.00", transactions: 1, items_sold: 2, tax_collected: "1980.00", refunds: "12980.00", net_revenue: "0.00", items_returned: 2 });
    expect(res.top_products).toEqual([]);
  });

  it("a partial return nets exactly (whole shillings); a return still processing counts nothing", async () => {
    const res = await summary();
    // Gross as before: 12980 + 1579 + 2000; refunds 12980 + 370 (the gel return has refunded nothing yet).
    expect(res).toMatchObject({ revenue: "16559.00", transactions: 3, items_sold: 8, refunds: "13350.00", net_revenue: "3209.00", items_returned: 3 });
    // Ranked net of returns: Gel 2000, Syrup 999 − 333 = 666, Nets 500; the fully returned tonic is gone. Quantity and revenue stay gross.
    expect(res.top_products).toEqual([
      { product_id: ids.gel, product_name: "Gel", quantity: 2, revenue: "2000.00" },
      { product_id: ids.syrup, product_name: "Partial syrup", quantity: 3, revenue: "999.00" },
      { product_id: ids.nets, product_name: "Nets", quantity: 1, revenue: "500.00" },
    ]);
  });

  it("counts the processing return once it completes, dated by its completion", async () => {
    const done = await stack.rest("POST", `${customer}${pendingReturnId}/complete/`, { token: cashier });
    expect(done.body).toMatchObject({ status: "completed", refund_amount: "1000.00" });
    expect(await summary()).toMatchObject({ revenue: "16559.00", refunds: "14350.00", net_revenue: "2209.00", items_returned: 4 });
    // The window of the first sale and its return does not see a later return of another sale.
    expect(await summary(`?date_from=${encodeURIComponent(fullWindow.from)}&date_to=${encodeURIComponent(fullWindow.to)}`)).toMatchObject({ refunds: "12980.00", net_revenue: "0.00" });
  });

  it("also over GraphQL", async () => {
    const res = await stack.gql(`{ salesSummary { revenue refunds netRevenue itemsReturned } }`, {}, pharmacist);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.salesSummary).toEqual({ revenue: "16559.00", refunds: "14350.00", netRevenue: "2209.00", itemsReturned: 4 });
  });
});
