import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";
import { addPharmacy, NAIROBI, saleBody as saleBodyOf } from "./pharmacy-pos-helpers.js";

/**
 * Boundaries of amounts and quantities through REST (real servers): the largest allowed value is
 * accepted and written, one above is a 400 field error, never a 500 from the database. Amounts are
 * numeric(14,2) columns (at most 999999999999.99); a line's or movement's quantity is at most 1,000,000.
 * The bounds are in cents, so the pharmacy prices in KES (cents); a UGX pharmacy takes whole shillings
 * only (test/e2e/currency-minor-units.test.ts).
 */

const MAX_AMOUNT = "999999999999.99";
const MAX_QUANTITY = 1_000_000;
/** Amounts a cent above the largest, and further. */
const TOO_LARGE = ["1000000000000.00", "1000000000000", "9999999999999.99", "-1000000000000.00", "999999999999.995"];

let stack: Stack;
let pharmacist: string;
let cashier: string;
let service: string;
const productsPath = "/api/v1/pharmacy/sales/products/";
const stockPath = "/api/v1/pharmacy/inventory/stock/";
const movementsPath = "/api/v1/pharmacy/inventory/movements/";
const tx = "/api/v1/pharmacy/sales/transactions/";

let seq = 0;
const product = (body: Record<string, unknown>) => stack.rest("POST", productsPath, { token: pharmacist, body: { name: `Bounds product ${++seq}`, category: "test", retail_price: "1.00", ...body } });
const move = (body: Record<string, unknown>) => stack.rest("POST", movementsPath, { token: pharmacist, body });
const saleBody = (items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}) => saleBodyOf(items, { pharmacy_id: NAIROBI, ...extra });

/** `n` cents from the largest amount, as a decimal string. */
function fromMax(n: number): string {
  const cents = 99_999_999_999_999n + BigInt(n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

beforeAll(async () => {
  stack = await startStack();
  await addPharmacy(stack);
  pharmacist = await stack.token("pharmacist", { pharmacy: NAIROBI, sub: "bounds-pharmacist" });
  cashier = await stack.token("cashier", { pharmacy: NAIROBI, sub: "bounds-cashier" });
  service = await stack.token("service");
});
afterAll(() => stack?.stop());

describe("amounts: at most 999999999999.99 (numeric(14,2))", () => {
  it("a product's price: the largest and the cents below it are kept; every cent above is 400 on retail_price", async () => {
    for (let cents = -2; cents <= 3; cents++) {
      const price = fromMax(cents);
      const res = await product({ retail_price: price, tax_exempt: true });
      if (cents <= 0) {
        expect(res.status, price).toBe(201);
        expect(res.body.retail_price).toBe(price);
      } else {
        expect(res.status, price).toBe(400);
        expect(res.body.error.fields.retail_price, price).toEqual([expect.stringContaining(MAX_AMOUNT)]);
      }
    }
    // Each says why: beyond the bound (however many digits), or finer than four places.
    for (const price of [...TOO_LARGE, "99999999999999.99", "123456789012345678901234567890"]) {
      const res = await product({ retail_price: price });
      expect(res.status, price).toBe(400);
      expect(res.body.error.fields.retail_price, price).toEqual([expect.stringContaining(MAX_AMOUNT)]);
    }
    expect((await product({ retail_price: "1.00001" })).body.error.fields.retail_price).toEqual(["must have at most 4 decimal places"]);
  });

  it("every other money input: discount, loyalty program, charge, payment and refund amounts (400 on the field)", async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      [tx, cashier, saleBody([{ product_id: "00000000-0000-4000-8000-000000000000", quantity: 1 }], { discount_amount: "1000000000000.00" }), "discount_amount"],
      ["/api/v1/pharmacy/sales/loyalty-programs/", pharmacist, { name: "Too generous", earn_amount: "1000000000000.00", point_value: "1.00" }, "earn_amount"],
      ["/api/v1/pharmacy/sales/loyalty-programs/", pharmacist, { name: "Too generous", earn_amount: "1000.00", point_value: "9999999999999.99" }, "point_value"],
      ["/api/v1/charges/", service, { service_code: "PHARMACY_OTC_SALE", service_description: "sale", quantity: 1, amount: "1000000000000.00", reference_type: "transaction", reference_id: "bounds-1", pharmacy_id: NAIROBI, currency: "KES" }, "amount"],
      ["/api/v1/payments/", service, { charge_id: "00000000-0000-4000-8000-000000000000", amount: "1000000000000.00", method: "cash" }, "amount"],
      ["/api/v1/refunds/", service, { charge_id: "00000000-0000-4000-8000-000000000000", amount: "1000000000000.00", reason: "x", reference_type: "customer_return", reference_id: "r" }, "amount"],
    ];
    for (const [path, token, body, field] of cases) {
      const res = await stack.rest("POST", path, { token, body });
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.body.error.fields[field], `${path} ${field}`).toEqual([expect.stringContaining(MAX_AMOUNT)]);
    }
    // A charge whose price × quantity would not fit is 400 too (it reached the database: 500).
    const overCharge = await stack.rest("POST", "/api/v1/charges/", { token: service, body: { service_code: "PHARMACY_OTC_SALE", service_description: "sale", quantity: 2, unit_price: MAX_AMOUNT, reference_type: "transaction", reference_id: "bounds-2", pharmacy_id: NAIROBI, currency: "KES" } });
    expect(overCharge.status).toBe(400);
    expect(overCharge.body.error.fields.unit_price).toEqual([expect.stringContaining(MAX_AMOUNT)]);
    // GraphQL answers the same input error, not an internal one.
    const gql = await stack.gql(`mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }`, { i: { name: "GraphQL bounds", category: "test", retailPrice: "1000000000000.00" } }, pharmacist);
    expect(gql.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("a sale whose total would not fit is 400; the largest total that fits is sold, charged and paid", async () => {
    const exempt = await product({ retail_price: MAX_AMOUNT, tax_exempt: true, stock_quantity: 5 });
    const taxed = await product({ retail_price: "900000000000.00", stock_quantity: 5 });
    // 900000000000.00 + 18 % VAT = 1062000000000.00: above the largest amount.
    const overTax = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: taxed.body.id, quantity: 1 }]) });
    expect(overTax.status).toBe(400);
    expect(overTax.body.error.fields.items).toEqual([expect.stringContaining(MAX_AMOUNT)]);
    // Two units of the largest price: the line itself would not fit.
    const overLine = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt.body.id, quantity: 2 }]) });
    expect(overLine.status).toBe(400);
    expect(overLine.body.error.fields["items.0.quantity"]).toEqual([expect.stringContaining(MAX_AMOUNT)]);
    const cheap = await product({ retail_price: "0.01", tax_exempt: true, stock_quantity: 1 });
    const overTotal = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt.body.id, quantity: 1 }, { product_id: cheap.body.id, quantity: 1 }]) });
    expect(overTotal.status).toBe(400);
    expect(overTotal.body.error.fields.items).toEqual([expect.stringContaining(MAX_AMOUNT)]);

    const largest = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: exempt.body.id, quantity: 1 }]) });
    expect(largest.status, JSON.stringify(largest.body)).toBe(201);
    expect(largest.body.total_amount).toBe(MAX_AMOUNT);
    const done = await stack.rest("POST", `${tx}${largest.body.id}/complete/`, { token: cashier });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed", total_amount: MAX_AMOUNT });
  });
});

describe("quantities: at most 1000000 per line or movement", () => {
  it("a product's opening stock and an item's opening quantity", async () => {
    const largest = await product({ stock_quantity: MAX_QUANTITY });
    expect(largest.status).toBe(201);
    expect(largest.body.stock_quantity).toBe(MAX_QUANTITY);
    for (const n of [MAX_QUANTITY + 1, 2_147_483_647]) {
      const res = await product({ stock_quantity: n });
      expect(res.status, String(n)).toBe(400);
      expect(res.body.error.fields.stock_quantity, String(n)).toBeDefined();
      const item = await stack.rest("POST", stockPath, { token: pharmacist, body: { name: `Bounds item ${n}`, quantity: n } });
      expect(item.status, String(n)).toBe(400);
      expect(item.body.error.fields.quantity).toBeDefined();
    }
    // Beyond a 32-bit integer the input itself is refused.
    expect((await product({ stock_quantity: 2_147_483_648 })).status).toBe(400);
  });

  it("a stock movement either way: the largest is recorded, one more (or int4-sized) is 400 on quantity and writes nothing", async () => {
    const item = await stack.rest("POST", stockPath, { token: pharmacist, body: { name: "Bounds bulk base (g)", quantity: 0 } });
    expect(item.status).toBe(201);
    const listed = async () => (await stack.rest("GET", `${movementsPath}?inventory_item=${item.body.id}`, { token: pharmacist })).body.results.length as number;
    for (const [movement_type, quantity] of [
      ["receipt", MAX_QUANTITY + 1],
      ["receipt", 2_147_483_647],
      ["adjustment", 2_147_483_000],
      ["adjustment", MAX_QUANTITY + 1],
      ["adjustment", -(MAX_QUANTITY + 1)],
    ] as const) {
      const res = await move({ inventory_item: item.body.id, movement_type, quantity });
      expect(res.status, `${movement_type} ${quantity}`).toBe(400);
      expect(res.body.error.fields.quantity, `${movement_type} ${quantity}`).toEqual([expect.stringContaining(String(MAX_QUANTITY))]);
    }
    // Past GraphQL's 32-bit Int: still a whole number, refused with the range, never "must be an integer".
    for (const quantity of [2_147_483_648, -2_147_483_649, 1e15]) {
      const res = await move({ inventory_item: item.body.id, movement_type: "adjustment", quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.body.error.fields.quantity, String(quantity)).toEqual(["must be a whole number from -2147483648 to 2147483647"]);
    }
    expect((await move({ inventory_item: item.body.id, movement_type: "adjustment", quantity: 2.5 })).body.error.fields.quantity).toEqual(["must be an integer"]);
    expect(await listed()).toBe(0);
    expect((await move({ inventory_item: item.body.id, movement_type: "receipt", quantity: MAX_QUANTITY })).status).toBe(201);
    expect((await move({ inventory_item: item.body.id, movement_type: "adjustment", quantity: -MAX_QUANTITY })).status).toBe(201);
    expect((await move({ inventory_item: item.body.id, movement_type: "adjustment", quantity: MAX_QUANTITY })).status).toBe(201);
    expect(await listed()).toBe(3);
  });

  it("a sale's line, alone or summed over the same product's lines", async () => {
    const stocked = await product({ retail_price: "1.00", stock_quantity: MAX_QUANTITY, tax_exempt: true });
    for (const items of [
      [{ product_id: stocked.body.id, quantity: MAX_QUANTITY + 1 }],
      [{ product_id: stocked.body.id, quantity: 400_000_000 }],
      [{ product_id: stocked.body.id, quantity: 600_000 }, { product_id: stocked.body.id, quantity: 600_000 }],
    ]) {
      const res = await stack.rest("POST", tx, { token: cashier, body: saleBody(items) });
      expect(res.status, JSON.stringify(items)).toBe(400);
      expect(Object.keys(res.body.error.fields).some((f) => /^items\.\d\.quantity$/.test(f))).toBe(true);
    }
    const largest = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: stocked.body.id, quantity: MAX_QUANTITY }]) });
    expect(largest.status, JSON.stringify(largest.body)).toBe(201);
    expect(largest.body.total_amount).toBe("1000000.00");
  });
});
