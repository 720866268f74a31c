import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, pdfText, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

let stack: Stack;
let cashier: string;
let guluCashier: string;
let awkward: string;
let exempt: string;

const tx = "/api/v1/pharmacy/sales/transactions/";

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  guluCashier = await stack.token("cashier", { pharmacy: GULU, sub: "gulu-cashier" });
  awkward = await createProduct(stack, { name: "Awkward syrup", retail_price: "333.00", stock_quantity: 50 });
  exempt = await createProduct(stack, { name: "Exempt tablets", retail_price: "1500.00", stock_quantity: 50, tax_exempt: true });
});
afterAll(() => stack?.stop());

describe("creating a sales transaction", () => {
  it("prices 3 × 333 at 18% VAT (179.82, rounded to whole shillings) with a discount exactly, pending, with a human number", async () => {
    const res = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: awkward, quantity: 3 }, { product_id: exempt, quantity: 2 }], { discount_amount: "1.00", customer_name: "Amina" }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      pharmacy: KAMPALA,
      cashier: "cashier-01",
      subtotal: "3999.00",
      tax_amount: "180.00",
      discount_amount: "1.00",
      total_amount: "4178.00",
      currency: "UGX",
      payment_method: "cash",
      payment_status: "pending",
      status: "pending",
    });
    expect(res.body.transaction_number).toMatch(/^KLA-01-\d{8}-\d{4}$/);
    expect(res.body.items.find((i: { product_id: string }) => i.product_id === awkward)).toMatchObject({ quantity: 3, unit_price: "333.00", line_total: "999.00", tax_amount: "180.00" });
  });

  it("numbers transactions consecutively per pharmacy and day", async () => {
    const a = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const b = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const seq = (n: string) => Number(n.slice(-4));
    expect(seq(b.body.transaction_number)).toBe(seq(a.body.transaction_number) + 1);
  });

  it("refuses a sale beyond the stock on hand and changes nothing", async () => {
    const before = await stack.rest("GET", tx, { token: cashier });
    const res = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: awkward, quantity: 51 }]) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields["items.0.quantity"]).toEqual([expect.stringContaining("stock")]);
    const after = await stack.rest("GET", tx, { token: cashier });
    expect(after.body.results.length).toBe(before.body.results.length);
    expect(await stockOf(stack, cashier, awkward)).toBe(50);
  });

  it("refuses bad lines with field errors: zero quantity, unknown or inactive product, a discount above the subtotal", async () => {
    const inactive = await createProduct(stack, { name: "Withdrawn", retail_price: "10.00", stock_quantity: 5, is_active: false });
    const res = await stack.rest("POST", tx, {
      token: cashier,
      body: saleBody([{ product_id: awkward, quantity: 0 }, { product_id: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain("items.0.quantity");
    const unknown = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: "00000000-0000-4000-8000-000000000000", quantity: 1 }, { product_id: inactive, quantity: 1 }]) });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.fields).sort()).toEqual(["items.0.product_id", "items.1.product_id"]);
    const discount = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }], { discount_amount: "1501.00" }) });
    expect(discount.status).toBe(400);
    expect(discount.body.error.fields.discount_amount).toBeDefined();
    const method = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }], { payment_method: "cheque" }) });
    expect(method.status).toBe(400);
  });

  it("returns the first result for a repeated Idempotency-Key and refuses the key with another body", async () => {
    const headers = { "idempotency-key": "create-once-1" };
    const a = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]), headers });
    const b = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]), headers });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    const c = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 2 }]), headers });
    expect(c.status).toBe(409);
  });

  it("creates one transaction for concurrent requests with the same Idempotency-Key", async () => {
    const headers = { "idempotency-key": "create-concurrently" };
    const results = await Promise.all(Array.from({ length: 4 }, () => stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }], { cashier: "till-idem" }), headers })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const listed = await stack.rest("GET", `${tx}?cashier=till-idem`, { token: cashier });
    expect(listed.body.results).toHaveLength(1);
  });

  it("replays a created sale for its Idempotency-Key even after the stock it checked has been sold", async () => {
    const few = await createProduct(stack, { name: "Two left", retail_price: "800.00", stock_quantity: 2 });
    const headers = { "idempotency-key": "create-then-stock-moves" };
    const body = saleBody([{ product_id: few, quantity: 2 }]);
    const first = await stack.rest("POST", tx, { token: cashier, body, headers });
    expect(first.status).toBe(201);
    const other = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: few, quantity: 1 }]) });
    expect((await stack.rest("POST", `${tx}${other.body.id}/complete/`, { token: cashier })).status).toBe(200);
    const again = await stack.rest("POST", tx, { token: cashier, body, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const different = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: few, quantity: 1 }]), headers });
    expect(different.status).toBe(409);
  });
});

describe("completing, cancelling and receipts", () => {
  it("completes a sale: charge, payment, stock movement, receipt as JSON and as PDF", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: awkward, quantity: 3 }], { payment_method: "mobile_money", customer_phone: "+256772000111" }) });
    const stockBefore = await stockOf(stack, cashier, awkward);
    const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed", total_amount: "1179.00", billing_charge: expect.any(String), billing_payment: expect.any(String), payment_reference: expect.stringMatching(/^MM-/) });
    expect(await stockOf(stack, cashier, awkward)).toBe(stockBefore - 3);

    const charge = await stack.rest("GET", `/api/v1/charges/${done.body.billing_charge}/`, { token: cashier });
    expect(charge.body).toMatchObject({ status: "paid", total_amount: "1179.00", reference_type: "transaction", reference_id: created.body.id, balance_due: "0.00" });

    const receipt = await stack.rest("GET", `${tx}${created.body.id}/receipt/`, { token: cashier });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ transaction_number: created.body.transaction_number, total_amount: "1179.00", tax_amount: "180.00", email_queued: false, pharmacy: { name: "Kampala Road Pharmacy" } });

    const badEmail = await stack.rest("GET", `${tx}${created.body.id}/receipt/?email=not-an-address`, { token: cashier });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.fields.email).toBeDefined();

    const pdf = await fetch(`${stack.url}${tx}${created.body.id}/receipt/?format=pdf`, { headers: { authorization: `Bearer ${cashier}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain(created.body.transaction_number);
    const text = pdfText(bytes);
    expect(text).toContain(created.body.transaction_number);
    expect(text).toContain("1179.00");
    expect(text).toContain("Kampala Road Pharmacy");
    expect(text).toContain("Awkward syrup");
    expect(text).toContain("VAT");
    expect(text).toContain("180.00");
    // The pharmacy's local date and time, the zone named (Africa/Kampala: the transaction number's business day).
    expect(text).toContain(`Date ${new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Kampala", dateStyle: "medium" }).format(new Date())}, `);
    expect(text).toMatch(/\d{2}:\d{2} EAT/);
  });

  it("completing twice returns the completed sale and moves stock once", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const before = await stockOf(stack, cashier, exempt);
    const a = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    const b = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.billing_charge).toBe(a.body.billing_charge);
    expect(await stockOf(stack, cashier, exempt)).toBe(before - 1);
  });

  it("a repeated Idempotency-Key on complete returns the first result", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const headers = { "idempotency-key": `complete-${created.body.id}` };
    const a = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier, headers });
    const b = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier, headers });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it("cancels a pending sale (nothing charged or moved) and refuses to cancel a completed one", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const before = await stockOf(stack, cashier, exempt);
    const cancelled = await stack.rest("POST", `${tx}${created.body.id}/cancel/`, { token: cashier });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", payment_status: "pending", billing_charge: null });
    expect(await stockOf(stack, cashier, exempt)).toBe(before);
    const complete = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
    expect(complete.status).toBe(409);
    const charges = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results).toHaveLength(0);

    const sold = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    await stack.rest("POST", `${tx}${sold.body.id}/complete/`, { token: cashier });
    const refused = await stack.rest("POST", `${tx}${sold.body.id}/cancel/`, { token: cashier });
    expect(refused.status).toBe(409);
  });

  it("has no receipt before completion (409)", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const res = await stack.rest("GET", `${tx}${created.body.id}/receipt/`, { token: cashier });
    expect(res.status).toBe(409);
  });

  it("lets exactly one of two racing completions take the last unit", async () => {
    const last = await createProduct(stack, { name: "Last one", retail_price: "700.00", stock_quantity: 1 });
    const [a, b] = await Promise.all([1, 2].map(() => stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: last, quantity: 1 }]) })));
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const results = await Promise.all([a, b].map((t) => stack.rest("POST", `${tx}${t.body.id}/complete/`, { token: cashier })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(stack, cashier, last)).toBe(0);
    const loser = [a, b][results.findIndex((r) => r.status === 409)];
    const loserNow = await stack.rest("GET", `${tx}${loser.body.id}/`, { token: cashier });
    expect(loserNow.body).toMatchObject({ status: "pending", payment_status: "pending" });
    const loserCharges = await stack.rest("GET", `/api/v1/charges/?reference_id=${loser.body.id}`, { token: cashier });
    expect(loserCharges.body.results).toHaveLength(0);
  });
});

describe("completions under contention", () => {
  it("sells exactly the stock on hand when six sales race for three units", async () => {
    const scarce = await createProduct(stack, { name: "Scarce drops", retail_price: "450.00", stock_quantity: 3 });
    const created = await Promise.all(Array.from({ length: 6 }, () => stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: scarce, quantity: 1 }]) })));
    const results = await Promise.all(created.map((t) => stack.rest("POST", `${tx}${t.body.id}/complete/`, { token: cashier })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await stockOf(stack, cashier, scarce)).toBe(0);
    const charged = await Promise.all(created.map((t) => stack.rest("GET", `/api/v1/charges/?reference_id=${t.body.id}`, { token: cashier })));
    expect(charged.reduce((n, c) => n + c.body.results.length, 0)).toBe(3);
  });

  it("charges and moves stock once when the same sale is completed twice at the same time", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 2 }]) });
    const before = await stockOf(stack, cashier, exempt);
    const results = await Promise.all([1, 2].map(() => stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier })));
    expect(results.some((r) => r.status === 200)).toBe(true);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const final = await stack.rest("GET", `${tx}${created.body.id}/`, { token: cashier });
    expect(final.body.status).toBe("completed");
    expect(await stockOf(stack, cashier, exempt)).toBe(before - 2);
    const charges = await stack.rest("GET", `/api/v1/charges/?reference_id=${created.body.id}`, { token: cashier });
    expect(charges.body.results).toHaveLength(1);
    expect(charges.body.results[0].payments).toHaveLength(1);
  });
});

describe("pharmacy isolation", () => {
  it("hides another pharmacy's transactions (404) and refuses writes naming it (403)", async () => {
    const created = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    expect((await stack.rest("GET", `${tx}${created.body.id}/`, { token: guluCashier })).status).toBe(404);
    expect((await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: guluCashier })).status).toBe(404);
    expect((await stack.rest("POST", `${tx}${created.body.id}/cancel/`, { token: guluCashier })).status).toBe(404);
    expect((await stack.rest("GET", `${tx}${created.body.id}/receipt/`, { token: guluCashier })).status).toBe(404);
    expect((await stack.rest("POST", tx, { token: guluCashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) })).status).toBe(403);
    const list = await stack.rest("GET", tx, { token: guluCashier });
    expect(list.status).toBe(200);
    expect(list.body.results.every((t: { pharmacy: string }) => t.pharmacy === GULU)).toBe(true);
    // A Kampala product cannot be sold in Gulu.
    const foreign = await stack.rest("POST", tx, { token: guluCashier, body: { ...saleBody([{ product_id: exempt, quantity: 1 }]), pharmacy_id: GULU } });
    expect(foreign.status).toBe(400);
  });

  it("a charge another pharmacy creates for this sale's id neither blocks nor replaces the sale's own charge", async () => {
    const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const squat = { service_code: "PHARMACY_OTC_SALE", service_description: "squat", quantity: 1, unit_price: "1500.00", reference_type: "transaction", reference_id: sale.body.id };
    const foreign = await stack.rest("POST", "/api/v1/charges/", { token: guluCashier, body: squat });
    expect(foreign.status).toBe(201);
    expect(foreign.body.pharmacy_id).toBe(GULU);
    const foreignPaid = await stack.rest("POST", "/api/v1/payments/", { token: guluCashier, body: { charge_id: foreign.body.id, amount: "1500.00", method: "cash" } });
    expect(foreignPaid.body.charge_status).toBe("paid");

    const done = await stack.rest("POST", `${tx}${sale.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", billing_charge: expect.any(String) });
    expect(done.body.billing_charge).not.toBe(foreign.body.id);
    const own = await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${sale.body.id}`, { token: cashier });
    expect(own.body.results).toHaveLength(1);
    expect(own.body.results[0]).toMatchObject({ id: done.body.billing_charge, pharmacy_id: KAMPALA, status: "paid", total_amount: "1500.00" });
    expect(own.body.results[0].payments).toHaveLength(1);

    // Within one pharmacy a charge stays idempotent per reference: the same one again, another amount 409.
    const again = await stack.rest("POST", "/api/v1/charges/", { token: guluCashier, body: squat });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(foreign.body.id);
    const otherAmount = await stack.rest("POST", "/api/v1/charges/", { token: guluCashier, body: { ...squat, unit_price: "1499.00" } });
    expect(otherAmount.status).toBe(409);
    const theirs = await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${sale.body.id}`, { token: guluCashier });
    expect(theirs.body.results.map((c: { id: string }) => c.id)).toEqual([foreign.body.id]);
  });

  it("cancelling a sale is not blocked by another pharmacy's paid charge for its id", async () => {
    const sale = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt, quantity: 1 }]) });
    const foreign = await stack.rest("POST", "/api/v1/charges/", {
      token: guluCashier,
      body: { service_code: "PHARMACY_OTC_SALE", service_description: "squat", quantity: 1, unit_price: "1500.00", reference_type: "transaction", reference_id: sale.body.id },
    });
    await stack.rest("POST", "/api/v1/payments/", { token: guluCashier, body: { charge_id: foreign.body.id, amount: "1500.00", method: "cash" } });
    const cancelled = await stack.rest("POST", `${tx}${sale.body.id}/cancel/`, { token: cashier });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
  });

  it("refuses roles without sales access", async () => {
    const nurse = await stack.token("nurse");
    expect((await stack.rest("GET", tx, { token: nurse })).status).toBe(403);
  });
});
