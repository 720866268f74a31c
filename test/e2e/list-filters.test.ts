import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { ROUTES } from "../../rest-bridge/routes/index.js";
import { createProduct, saleBody } from "./pharmacy-pos-helpers.js";

let stack: Stack;
let admin: string;
let pharmacist: string;
const TRANSACTIONS = "/api/v1/pharmacy/sales/transactions/";
const MOVEMENTS = "/api/v1/pharmacy/inventory/movements/";

beforeAll(async () => {
  stack = await startStack();
  admin = await stack.token("admin");
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

const concrete = (path: string) => path.replace(/\{\w+\}/g, "6a0c1d1e-0000-4000-8000-0000000000aa");

describe("query parameters", () => {
  it.each(ROUTES.map((r) => [r.method, r.path] as const))("%s %s refuses an unknown parameter, naming the accepted ones", async (method, path) => {
    const res = await stack.rest(method, `${concrete(path)}?colour=blue`, { token: admin, ...(method === "GET" ? {} : { body: {} }) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_USER_INPUT");
    expect(res.body.error.fields.colour[0]).toMatch(/accepted: page, page_size, format, ordering, search/);
  });

  it("always accepts page, page_size, format, ordering, search and _-prefixed cache-busters", async () => {
    const res = await stack.rest("GET", "/api/v1/pharmacy/inventory/pharmacies/?ordering=name&search=x&format=json&_=123&_cb=1&page=1&page_size=5", { token: admin });
    expect(res.status).toBe(200);
  });

  it("a non-UUID pharmacy filter is 400, not a database error", async () => {
    const res = await stack.rest("GET", `${TRANSACTIONS}?pharmacy=cash`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("pharmacy"); // the parameter the client sent
  });
});

describe("list filters", () => {
  let productId: string;
  beforeAll(async () => {
    productId = await createProduct(stack, { name: "Filter test", retail_price: "500.00", stock_quantity: 20 });
    for (const [phone, name] of [["+256700000111", "Akello Grace"], ["+256700000222", "Okello John"]]) {
      const sale = await stack.rest("POST", TRANSACTIONS, { token: pharmacist, body: saleBody([{ product_id: productId, quantity: 1 }], { customer_phone: phone, customer_name: name }) });
      expect(sale.status).toBe(201);
      expect((await stack.rest("POST", `${TRANSACTIONS}${sale.body.id}/complete/`, { token: pharmacist })).status).toBe(200);
    }
  });

  it("transactions by customer phone and by part of the customer's name", async () => {
    const byPhone = await stack.rest("GET", `${TRANSACTIONS}?customer_phone=%2B256700000111`, { token: pharmacist });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.results.map((t: { customer_name: string }) => t.customer_name)).toEqual(["Akello Grace"]);
    const byName = await stack.rest("GET", `${TRANSACTIONS}?search=okello%20j`, { token: pharmacist });
    expect(byName.body.results.map((t: { customer_phone: string }) => t.customer_phone)).toEqual(["+256700000222"]);
    const wildcard = await stack.rest("GET", `${TRANSACTIONS}?search=%25`, { token: pharmacist });
    expect(wildcard.body.results).toEqual([]);
  });

  it("movements by product, movement type and date range", async () => {
    const all = await stack.rest("GET", `${MOVEMENTS}?product=${productId}`, { token: pharmacist });
    expect(all.body.results.length).toBeGreaterThanOrEqual(2);
    const sales = await stack.rest("GET", `${MOVEMENTS}?product=${productId}&movement_type=sale`, { token: pharmacist });
    expect(sales.body.results).toHaveLength(2);
    expect(sales.body.results.every((m: { movement_type: string }) => m.movement_type === "sale")).toBe(true);
    const future = await stack.rest("GET", `${MOVEMENTS}?product=${productId}&date_from=2999-01-01T00:00:00Z`, { token: pharmacist });
    expect(future.body.results).toEqual([]);
    const past = await stack.rest("GET", `${MOVEMENTS}?product=${productId}&date_to=2000-01-01T00:00:00Z`, { token: pharmacist });
    expect(past.body.results).toEqual([]);
    const bad = await stack.rest("GET", `${MOVEMENTS}?date_from=yesterday`, { token: pharmacist });
    expect(bad.status).toBe(400);
  });

  it("follow-ups by completion and consultations by date take their filters", async () => {
    const followUps = await stack.rest("GET", "/api/v1/pharmacy/sales/follow-ups/?completed=false&date_from=2000-01-01T00:00:00Z", { token: pharmacist });
    expect(followUps.status).toBe(200);
    expect(followUps.body.results.every((f: { completed: boolean }) => f.completed === false)).toBe(true);
    const consultations = await stack.rest("GET", "/api/v1/pharmacy/sales/consultations/?date_to=2000-01-01T00:00:00Z&customer_phone=%2B256700000111", { token: pharmacist });
    expect(consultations.status).toBe(200);
    expect(consultations.body.results).toEqual([]);
  });
});
