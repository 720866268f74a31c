import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { addPharmacy, createProduct, NAIROBI, saleBody } from "./pharmacy-pos-helpers.js";

/**
 * Money in the pharmacy's currency, at its ISO 4217 minor unit, through REST (docs/decisions/pharmacy.md,
 * "Money"): the demo pharmacies price in UGX, which has no minor unit (whole shillings), and a Nairobi
 * pharmacy added here prices in KES (cents). The API still writes every amount with two decimals.
 */

let stack: Stack;
let cashier: string;
let pharmacist: string;
let nairobiCashier: string;
let service: string;
const tx = "/api/v1/pharmacy/sales/transactions/";
const products = "/api/v1/pharmacy/sales/products/";
const customerReturns = "/api/v1/returns/customer/";
const WHOLE_SHILLINGS = "UGX amounts are whole shillings (ISO 4217: UGX has no minor unit)";

beforeAll(async () => {
  stack = await startStack();
  await addPharmacy(stack);
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "minor-units-cashier" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "minor-units-pharmacist" });
  nairobiCashier = await stack.token("cashier", { pharmacy: NAIROBI, sub: "nairobi-cashier" });
  service = await stack.token("service");
});
afterAll(() => stack?.stop());

/** Whole shillings, written with two decimals as every amount of the API is. */
const isWholeShillings = (amount: string) => /^\d+\.00$/.test(amount);

async function completed(token: string, body: Record<string, unknown>) {
  const created = await stack.rest("POST", tx, { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

describe("a UGX pharmacy: whole shillings", () => {
  it("refuses the tester's discount of 0.50 on a 4999.00 taxable product (400 naming discount_amount, nothing written); 1.00 prices in whole shillings", async () => {
    const product = await createProduct(stack, { name: "Tester's syrup", retail_price: "4999.00", stock_quantity: 20 });
    const before = (await stack.rest("GET", tx, { token: cashier })).body.count;
    const half = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }], { discount_amount: "0.50" }) });
    expect(half.status).toBe(400);
    expect(half.body.error.fields).toEqual({ discount_amount: [`${WHOLE_SHILLINGS}: send 0.00 or 1.00`] });
    expect((await stack.rest("GET", tx, { token: cashier })).body.count).toBe(before);

    const whole = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: product, quantity: 1 }], { discount_amount: "1.00" }) });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    // 4999 × 18 % = 899.82 → 900 (half-up at the shilling); 4999 + 900 − 1 = 5898.
    expect(whole.body).toMatchObject({ subtotal: "4999.00", tax_amount: "900.00", discount_amount: "1.00", total_amount: "5898.00", currency: "UGX" });
    expect(whole.body.items).toMatchObject([{ unit_price: "4999.00", line_total: "4999.00", tax_amount: "900.00" }]);
  });

  it("sells, charges and refunds in whole shillings: a return split 1 + 2 of 3 units adds up to what was paid", async () => {
    const product = await createProduct(stack, { name: "Split-return syrup", retail_price: "4999.00", stock_quantity: 20 });
    const sale = await completed(cashier, saleBody([{ product_id: product, quantity: 3 }], { discount_amount: "1.00" }));
    // 3 × 4999 = 14997; VAT 2699.46 → 2699; total 14997 + 2699 − 1 = 17695.
    expect(sale).toMatchObject({ subtotal: "14997.00", tax_amount: "2699.00", total_amount: "17695.00" });
    const charge = await stack.rest("GET", `/api/v1/charges/${sale.billing_charge}/`, { token: cashier });
    expect(charge.body).toMatchObject({ total_amount: "17695.00", currency: "UGX", amount_paid: "17695.00" });

    const returnOf = (quantity: number) => stack.rest("POST", customerReturns, { token: cashier, body: { transaction_id: sale.id, reason: "not needed", items: [{ product_id: product, quantity, condition: "sealed" }] } });
    const first = await returnOf(1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // 17695 / 3 = 5898.33… → 5898; the rest 17695 − 5898 = 11797.
    expect(first.body.refund_amount).toBe("5898.00");
    const rest = await returnOf(2);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.refund_amount).toBe("11797.00");
    const after = await stack.rest("GET", `/api/v1/charges/${sale.billing_charge}/`, { token: cashier });
    expect(after.body).toMatchObject({ amount_paid: "17695.00", amount_refunded: "17695.00" });
    for (const amount of [sale.subtotal, sale.tax_amount, sale.total_amount, first.body.refund_amount, rest.body.refund_amount]) expect(isWholeShillings(amount), amount).toBe(true);
  });

  it("refuses prices and loyalty amounts finer than a shilling, naming the field; the largest whole amount is still a price", async () => {
    const price = await stack.rest("POST", products, { token: pharmacist, body: { name: "Half-shilling balm", category: "test", retail_price: "4999.50" } });
    expect(price.status).toBe(400);
    expect(price.body.error.fields).toEqual({ retail_price: [`${WHOLE_SHILLINGS}: send 4999.00 or 5000.00`] });
    expect((await stack.rest("GET", `${products}?search=Half-shilling`, { token: pharmacist })).body.count).toBe(0);

    const largest = await stack.rest("POST", products, { token: pharmacist, body: { name: "Largest whole", category: "test", retail_price: "999999999999.00" } });
    expect(largest.status).toBe(201);
    const centsOver = await stack.rest("POST", products, { token: pharmacist, body: { name: "Largest with cents", category: "test", retail_price: "999999999999.99" } });
    expect(centsOver.body.error.fields.retail_price).toEqual([`${WHOLE_SHILLINGS}: send 999999999999.00 or 1000000000000.00`]);

    const program = await stack.rest("POST", "/api/v1/pharmacy/sales/loyalty-programs/", { token: pharmacist, body: { name: "Half points", earn_amount: "1000.50", point_value: "10.50" } });
    expect(program.status).toBe(400);
    expect(program.body.error.fields).toEqual({ earn_amount: [`${WHOLE_SHILLINGS}: send 1000.00 or 1001.00`], point_value: [`${WHOLE_SHILLINGS}: send 10.00 or 11.00`] });

    // GraphQL answers the same field error.
    const gql = await stack.gql(`mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }`, { i: { name: "GraphQL half", category: "test", retailPrice: "0.50" } }, pharmacist);
    expect(gql.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { retailPrice: [`${WHOLE_SHILLINGS}: send 0.00 or 1.00`] } });
  });

  it("billing refuses UGX charges, payments and refunds finer than a shilling (400 on the field), and takes them in a currency with cents", async () => {
    const sale = { service_code: "PHARMACY_OTC_SALE", service_description: "OTC sale", quantity: 1, reference_type: "transaction", pharmacy_id: KAMPALA };
    const fractional = await stack.rest("POST", "/api/v1/charges/", { token: service, body: { ...sale, reference_id: "minor-1", amount: "5898.32" } });
    expect(fractional.status).toBe(400);
    expect(fractional.body.error.fields).toEqual({ amount: [`${WHOLE_SHILLINGS}: send 5898.00 or 5899.00`] });
    const inKes = await stack.rest("POST", "/api/v1/charges/", { token: service, body: { ...sale, reference_id: "minor-2", amount: "5898.32", currency: "KES" } });
    expect(inKes.status).toBe(201);
    expect(inKes.body).toMatchObject({ total_amount: "5898.32", currency: "KES" });

    const charge = await stack.rest("POST", "/api/v1/charges/", { token: service, body: { ...sale, reference_id: "minor-3", amount: "5898.00" } });
    expect(charge.status).toBe(201);
    const halfPaid = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "2949.50", method: "cash" } });
    expect(halfPaid.status).toBe(400);
    expect(halfPaid.body.error.fields).toEqual({ amount: [`${WHOLE_SHILLINGS}: send 2949.00 or 2950.00`] });
    expect((await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, method: "cash" } })).status).toBe(201);
    const refund = await stack.rest("POST", "/api/v1/refunds/", { token: service, body: { charge_id: charge.body.id, amount: "0.50", reason: "x", reference_type: "customer_return", reference_id: "minor-3" } });
    expect(refund.status).toBe(400);
    expect(refund.body.error.fields).toEqual({ amount: [`${WHOLE_SHILLINGS}: send 0.00 or 1.00`] });
    const after = await stack.rest("GET", `/api/v1/charges/${charge.body.id}/`, { token: service });
    expect(after.body).toMatchObject({ amount_paid: "5898.00", amount_refunded: "0.00" });
    expect(after.body.payments).toHaveLength(1);

    const kesPaid = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: inKes.body.id, amount: "2949.16", method: "cash" } });
    expect(kesPaid.status).toBe(201);
    expect(kesPaid.body.balance_due).toBe("2949.16");
  });
});

describe("a KES pharmacy: cents", () => {
  it("prices, charges and refunds to the cent: 3 × 333.33 at 18 % + 500.00 exempt, 100.00 off, returned 1 + 2", async () => {
    const syrup = await createProduct(stack, { name: "Nairobi syrup", retail_price: "333.33", stock_quantity: 10, pharmacy: NAIROBI });
    const nets = await createProduct(stack, { name: "Nairobi nets", retail_price: "500.00", stock_quantity: 5, tax_exempt: true, pharmacy: NAIROBI });
    const tooFine = await stack.rest("POST", tx, { token: nairobiCashier, body: saleBody([{ product_id: syrup, quantity: 1 }], { pharmacy_id: NAIROBI, discount_amount: "0.505" }) });
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.error.fields).toEqual({ discount_amount: ["KES amounts have at most 2 decimal places: send 0.50 or 0.51"] });

    const sale = await completed(nairobiCashier, saleBody([{ product_id: syrup, quantity: 3 }, { product_id: nets, quantity: 1 }], { pharmacy_id: NAIROBI, discount_amount: "100.00" }));
    // 999.99 + VAT 180.00 (179.9982) + 500.00 − 100.00.
    expect(sale).toMatchObject({ subtotal: "1499.99", tax_amount: "180.00", total_amount: "1579.99", currency: "KES" });
    const charge = await stack.rest("GET", `/api/v1/charges/${sale.billing_charge}/`, { token: nairobiCashier });
    expect(charge.body).toMatchObject({ total_amount: "1579.99", currency: "KES", amount_paid: "1579.99" });

    const returnOf = (items: Record<string, unknown>[]) => stack.rest("POST", customerReturns, { token: nairobiCashier, body: { transaction_id: sale.id, reason: "changed their mind", items } });
    const first = await returnOf([{ product_id: syrup, quantity: 1, condition: "sealed" }]);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The syrup line paid 1109.75 (1179.99 less 70.24 of the discount, shared in whole cents); a third is 369.92.
    expect(first.body).toMatchObject({ refund_amount: "369.92", currency: "KES" });
    const rest = await returnOf([
      { product_id: syrup, quantity: 2, condition: "opened" },
      { product_id: nets, quantity: 1, condition: "damaged" },
    ]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.items.map((i: { refund_amount: string }) => i.refund_amount)).toEqual(["739.83", "470.24"]);
    const after = await stack.rest("GET", `/api/v1/charges/${sale.billing_charge}/`, { token: nairobiCashier });
    expect(after.body).toMatchObject({ amount_paid: "1579.99", amount_refunded: "1579.99" });
  });
});
