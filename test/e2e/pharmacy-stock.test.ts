import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { saleBody, stockOf } from "./pharmacy-pos-helpers.js";

let stack: Stack;
let pharmacist: string;
let cashier: string;
const tx = "/api/v1/pharmacy/sales/transactions/";

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

describe("products sold from an inventory item", () => {
  it("show the item's quantity, sell from it and record sale movements against it", async () => {
    const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Ciprofloxacin 500 mg tabs", medication_code: "2551", quantity: 5, reorder_level: 2 } });
    expect(item.status).toBe(201);
    const product = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", {
      token: pharmacist,
      body: { name: "Ciprofloxacin 500 mg (10)", category: "antibiotics", retail_price: "4000.00", inventory_item: item.body.id },
    });
    expect(product.status).toBe(201);
    expect(product.body).toMatchObject({ inventory_item: item.body.id, stock_quantity: 5 });

    const tooMany = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 6 }]) });
    expect(tooMany.status).toBe(400);
    const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 3 }]) });
    expect((await stack.rest("POST", `${tx}${sale.body.id}/complete/`, { token: cashier })).status).toBe(200);
    expect(await stockOf(stack, cashier, product.body.id)).toBe(2);

    const movements = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=transaction&reference_id=${sale.body.id}`, { token: pharmacist });
    expect(movements.body.results).toEqual([
      expect.objectContaining({ inventory_item: item.body.id, product: null, movement_type: "sale", quantity: -3, quantity_before: 5, quantity_after: 2, reference_type: "transaction", reference_id: sale.body.id }),
    ]);
    const items = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${KAMPALA}`, { token: pharmacist });
    expect(items.body.results.find((i: { id: string }) => i.id === item.body.id)).toMatchObject({ quantity: 2 });
  });

  it("refuses to link an inventory item of another pharmacy", async () => {
    const guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" });
    const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: guluPharmacist, body: { name: "ORS", quantity: 5 } });
    const res = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", { token: pharmacist, body: { name: "ORS", category: "x", retail_price: "1.00", inventory_item: item.body.id } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.inventory_item).toBeDefined();
  });
});

describe("stock movements", () => {
  it("records receipts in each of the spec's forms and never lets stock go negative", async () => {
    const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Metformin 500 mg", medication_code: "860975", quantity: 0 } });
    const byItem = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { inventory_item: item.body.id, movement_type: "receipt", quantity: 10, notes: "delivery" } });
    expect(byItem.status).toBe(201);
    expect(byItem.body).toMatchObject({ movement_type: "receipt", quantity: 10, quantity_before: 0, quantity_after: 10 });
    const byCode = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
      token: pharmacist,
      body: { pharmacy_id: KAMPALA, medication_code: "860975", movement_type: "adjustment", quantity: -4, reference_type: "stock_count", reference_id: "count-1" },
    });
    expect(byCode.body).toMatchObject({ inventory_item: item.body.id, quantity: -4, quantity_before: 10, quantity_after: 6 });
    const negative = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { inventory_item: item.body.id, movement_type: "adjustment", quantity: -7 } });
    expect(negative.status).toBe(409);
    const wrongSign = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { inventory_item: item.body.id, movement_type: "receipt", quantity: -1 } });
    expect(wrongSign.status).toBe(400);
  });

  it("restocks a product's own quantity once per Idempotency-Key", async () => {
    const products = await stack.rest("GET", "/api/v1/pharmacy/sales/products/?search=PCM-500-10", { token: pharmacist });
    const paracetamol = products.body.results[0];
    const headers = { "idempotency-key": "restock-pcm-1" };
    const body = { product_id: paracetamol.id, movement_type: "receipt", quantity: 100, reference_type: "delivery_note", reference_id: "DN-1" };
    const a = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body, headers });
    const b = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body, headers });
    expect(b.body).toEqual(a.body);
    expect(await stockOf(stack, pharmacist, paracetamol.id)).toBe(paracetamol.stock_quantity + 100);
  });

  it("is for pharmacists: cashiers may not move stock", async () => {
    const res = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: cashier, body: { product_id: "00000000-0000-4000-8000-000000000000", movement_type: "receipt", quantity: 1 } });
    expect(res.status).toBe(403);
  });
});

describe("transaction list and GraphQL", () => {
  it("filters by status, cashier and date range", async () => {
    const products = await stack.rest("GET", "/api/v1/pharmacy/sales/products/?search=ORS-1", { token: cashier });
    const ors = products.body.results[0].id;
    const a = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: ors, quantity: 1 }], { cashier: "till-9" }) });
    const b = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: ors, quantity: 1 }], { cashier: "till-9" }) });
    await stack.rest("POST", `${tx}${b.body.id}/cancel/`, { token: cashier });
    const byCashier = await stack.rest("GET", `${tx}?cashier=till-9`, { token: cashier });
    expect(byCashier.body.results.map((t: { id: string }) => t.id)).toEqual([b.body.id, a.body.id]);
    const cancelled = await stack.rest("GET", `${tx}?cashier=till-9&status=cancelled`, { token: cashier });
    expect(cancelled.body.results.map((t: { id: string }) => t.id)).toEqual([b.body.id]);
    const past = await stack.rest("GET", `${tx}?date_from=2020-01-01T00:00:00Z&date_to=2020-01-02T00:00:00Z`, { token: cashier });
    expect(past.body).toMatchObject({ results: [], count: 0, next: null });
    const paged = await stack.rest("GET", `${tx}?cashier=till-9&page_size=1&page=2`, { token: cashier });
    expect(paged.body).toMatchObject({ count: 1, page: 2, page_size: 1, previous: 1, next: null });
  });

  it("creates and completes a sale through the gateway's GraphQL API", async () => {
    const products = await stack.rest("GET", "/api/v1/pharmacy/sales/products/?search=ZNC-20-10", { token: cashier });
    const zinc = products.body.results[0].id;
    const created = await stack.gql(
      `mutation($input: CreateTransactionInput!) { createSalesTransaction(input: $input) { id status totalAmount items { productId quantity } } }`,
      { input: { pharmacyId: KAMPALA, cashier: "gql-till", items: [{ productId: zinc, quantity: 2 }], paymentMethod: "card" } },
      cashier,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createSalesTransaction).toMatchObject({ status: "pending", totalAmount: "6000.00" });
    const id = created.body.data.createSalesTransaction.id;
    const done = await stack.gql(`mutation($id: ID!) { completeSalesTransaction(id: $id) { status paymentStatus paymentReference } }`, { id }, cashier);
    expect(done.body.data.completeSalesTransaction).toMatchObject({ status: "completed", paymentStatus: "completed", paymentReference: expect.stringMatching(/^CARD-/) });
    const receipt = await stack.gql(`query($id: ID!) { transactionReceipt(id: $id) { totalAmount pharmacy { name } } transactionReceiptPdf(id: $id) { filename } }`, { id }, cashier);
    expect(receipt.body.data.transactionReceipt).toMatchObject({ totalAmount: "6000.00", pharmacy: { name: "Kampala Road Pharmacy" } });
    expect(receipt.body.data.transactionReceiptPdf.filename).toMatch(/^receipt-KLA-01-\d{8}-\d{4}\.pdf$/);
  });
});
