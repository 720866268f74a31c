import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let cashier: string;
let pharmacist: string;

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

const PRODUCTS = "/api/v1/pharmacy/sales/products/";

describe("OTC products through REST", () => {
  it("lists only the caller's pharmacy, with the spec's product fields", async () => {
    const res = await stack.rest("GET", `${PRODUCTS}?page_size=100`, { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(15);
    expect(res.body.results.every((p: { pharmacy: string }) => p.pharmacy === KAMPALA)).toBe(true);
    const product = res.body.results[0];
    for (const field of ["id", "name", "sku", "category", "retail_price", "stock_quantity", "inventory_item", "is_active"]) {
      expect(product).toHaveProperty(field);
    }
    expect(product.retail_price).toMatch(/^\d+\.\d{2}$/);
  });

  it("searches by name, SKU or category and filters by category", async () => {
    const byName = await stack.rest("GET", `${PRODUCTS}?search=paracetamol`, { token: cashier });
    expect(byName.body.results.map((p: { sku: string }) => p.sku)).toEqual(["PCM-500-10"]);
    const bySku = await stack.rest("GET", `${PRODUCTS}?search=llin`, { token: cashier });
    expect(bySku.body.results.map((p: { name: string }) => p.name)).toEqual(["Long-lasting insecticidal net"]);
    const byCategory = await stack.rest("GET", `${PRODUCTS}?category=malaria-prevention`, { token: cashier });
    expect(byCategory.body.count).toBe(2);
    const literal = await stack.rest("GET", `${PRODUCTS}?search=%25`, { token: cashier });
    expect(literal.body.count).toBe(0);
  });

  it("filters by is_active and refuses a non-boolean", async () => {
    expect((await stack.rest("GET", `${PRODUCTS}?is_active=false`, { token: cashier })).body.count).toBe(0);
    const bad = await stack.rest("GET", `${PRODUCTS}?is_active=maybe`, { token: cashier });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("is_active");
  });

  it("paginates with next and previous", async () => {
    const p1 = await stack.rest("GET", `${PRODUCTS}?page_size=10`, { token: cashier });
    const p2 = await stack.rest("GET", `${PRODUCTS}?page_size=10&page=2`, { token: cashier });
    expect(p1.body).toMatchObject({ count: 10, next: 2, previous: null, page_size: 10 });
    expect(p2.body).toMatchObject({ count: 5, next: null, previous: 1 });
    const ids = [...p1.body.results, ...p2.body.results].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(15);
  });

  it("creates a product in the caller's pharmacy and fetches it", async () => {
    const created = await stack.rest("POST", PRODUCTS, {
      token: pharmacist,
      body: { name: "Amoxicillin dispersible 250 mg (10)", sku: "AMX-250-10", category: "antibiotics", retail_price: "4500.00", stock_quantity: 40 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pharmacy: KAMPALA, retail_price: "4500.00", stock_quantity: 40, is_active: true, inventory_item: null });
    const fetched = await stack.rest("GET", `${PRODUCTS}${created.body.id}/`, { token: cashier });
    expect(fetched.status).toBe(200);
    expect(fetched.body.name).toBe("Amoxicillin dispersible 250 mg (10)");
  });

  it("refuses a duplicate SKU in the same pharmacy with 409", async () => {
    const res = await stack.rest("POST", PRODUCTS, { token: pharmacist, body: { name: "Paracetamol again", sku: "PCM-500-10", category: "analgesics", retail_price: "1.00" } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("CONFLICT");
  });

  it("refuses cashiers creating products (403)", async () => {
    const res = await stack.rest("POST", PRODUCTS, { token: cashier, body: { name: "X", category: "y", retail_price: "1.00" } });
    expect(res.status).toBe(403);
  });

  it("answers 404 for an unknown or malformed product id", async () => {
    expect((await stack.rest("GET", `${PRODUCTS}00000000-0000-4000-8000-000000000000/`, { token: cashier })).status).toBe(404);
    expect((await stack.rest("GET", `${PRODUCTS}not-a-uuid/`, { token: cashier })).status).toBe(404);
  });

  it("hides another pharmacy's product (404) and refuses writing into it (403)", async () => {
    const gulu = await stack.rest("GET", `${PRODUCTS}?page_size=1`, { token: await stack.token("cashier", { pharmacy: GULU }) });
    const guluProduct = gulu.body.results[0].id;
    expect((await stack.rest("GET", `${PRODUCTS}${guluProduct}/`, { token: cashier })).status).toBe(404);
    const write = await stack.rest("POST", PRODUCTS, { token: pharmacist, body: { name: "X", category: "y", retail_price: "1.00", pharmacy_id: GULU } });
    expect(write.status).toBe(403);
    const read = await stack.rest("GET", `${PRODUCTS}?pharmacy=${GULU}`, { token: cashier });
    expect(read.status).toBe(403);
  });
});

describe("pharmacy locations", () => {
  it("lists the participating pharmacies through REST and GraphQL", async () => {
    const res = await stack.rest("GET", "/api/v1/pharmacy/inventory/pharmacies/", { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.results.map((p: { code: string }) => p.code)).toEqual(["GUL-01", "KLA-01", "MBR-01"]);
    expect(res.body.results[1]).toMatchObject({ id: KAMPALA, tax_rate: "0.1800", currency: "UGX" });
    const one = await stack.rest("GET", `/api/v1/pharmacy/inventory/pharmacies/${GULU}/`, { token: cashier });
    expect(one.body.name).toBe("Gulu Town Chemists");
    const gql = await stack.gql(`{ pharmacies(district: "Mbarara") { totalCount results { code } } }`, {}, cashier);
    expect(gql.body.data.pharmacies).toEqual({ totalCount: 1, results: [{ code: "MBR-01" }] });
  });
});

describe("OTC products through GraphQL", () => {
  it("creates, lists and fetches with Decimal prices as strings", async () => {
    const created = await stack.gql(
      `mutation($i: CreateProductInput!) { createProduct(input: $i) { id retailPrice stockQuantity pharmacyId } }`,
      { i: { name: "Oral contraceptive pills (28)", sku: "OCP-28", category: "sexual-health", retailPrice: "3000", stockQuantity: 12 } },
      pharmacist,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createProduct).toMatchObject({ retailPrice: "3000.00", stockQuantity: 12, pharmacyId: KAMPALA });
    const list = await stack.gql(`{ products(search: "OCP") { totalCount results { id } } }`, {}, cashier);
    expect(list.body.data.products.results[0].id).toBe(created.body.data.createProduct.id);
    const missing = await stack.gql(`{ product(id: "00000000-0000-4000-8000-000000000000") { id } }`, {}, cashier);
    expect(missing.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("refuses a price of zero or finer than the pharmacy's currency allows (UGX: whole shillings)", async () => {
    for (const price of ["0", "-5", "1.005", "4500.50"]) {
      const res = await stack.gql(`mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }`, { i: { name: "X", category: "y", retailPrice: price } }, pharmacist);
      expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
      expect(res.body.errors[0].extensions.fields).toHaveProperty("retailPrice");
    }
  });
});
