import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

let stack: Stack;
let cashier: string;
const tx = "/api/v1/pharmacy/sales/transactions/";

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

describe("a sale whose total is zero", () => {
  it("completes a fully discounted, tax-exempt sale (total 0.00): charged once, nothing paid, stock moved once", async () => {
    const free = await createProduct(stack, { name: "Free sample", retail_price: "500.00", stock_quantity: 4, tax_exempt: true });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: free, quantity: 1 }], { discount_amount: "500.00" }) });
    expect(created.status).toBe(201);
    expect(created.body.total_amount).toBe("0.00");
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed", total_amount: "0.00" });
    expect(await stockOf(stack, cashier, free)).toBe(3);
    const charges = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results).toHaveLength(1);
    expect(charges.body.results[0]).toMatchObject({ total_amount: "0.00", balance_due: "0.00" });
    expect(charges.body.results[0].payments).toHaveLength(0);
  });
});

describe("staff tokens without a pharmacy", () => {
  it("are refused (403) instead of seeing every pharmacy's sales, records and charges", async () => {
    const p = await createProduct(stack, { name: "Unbound probe", retail_price: "100.00", stock_quantity: 4 });
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: p, quantity: 1 }]) });
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    for (const role of ["cashier", "pharmacist"] as const) {
      const unbound = await stack.token(role, { sub: `unbound-${role}` });
      for (const path of [
        `${tx}${created.body.id}/`,
        tx,
        `${tx}${created.body.id}/receipt/`,
        `/api/v1/pharmacy/sales/products/${p}/`,
        "/api/v1/pharmacy/sales/loyalty-programs/",
        `/api/v1/charges/${done.body.billing_charge}/`,
        "/api/v1/charges/",
      ]) {
        const res = await stack.rest("GET", path, { token: unbound });
        expect([path, res.status]).toEqual([path, 403]);
      }
    }
    // Cross-pharmacy roles keep their view.
    const auditor = await stack.token("auditor", { sub: "auditor-1" });
    expect((await stack.rest("GET", `${tx}${created.body.id}/`, { token: auditor })).status).toBe(200);
    const service = await stack.token("service", { sub: "svc-1" });
    expect((await stack.rest("GET", `/api/v1/charges/${done.body.billing_charge}/`, { token: service })).status).toBe(200);
  });
});
