import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.js";
import { refundCustomerReturn } from "../../subgraphs/pharmacy/returns/customer/billing-refunds.js";
import { claimReturn } from "../../subgraphs/pharmacy/returns/customer/customer-return.service.js";
import { sweepStaleReturns, type ReturnSweepRuntime } from "../../subgraphs/pharmacy/returns/customer/return-sweeper.js";
import { startBillingProxy, type BillingProxy } from "../support/billing-proxy.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

/** Spec workflow 4 through REST: customer return and inspection, refunds through billing, supplier return, destruction. */

let stack: Stack;
let cashier: string;
let pharmacist: string;
const tx = "/api/v1/pharmacy/sales/transactions/";
const customer = "/api/v1/returns/customer/";
const supplierPath = "/api/v1/returns/supplier/";
const destructionPath = "/api/v1/returns/destruction/";
const movementsPath = "/api/v1/pharmacy/inventory/movements/";

/** Billing as the pharmacy reaches it, switched to 503 by `billing.down`. */
let billing: BillingProxy;

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function completedSale(items: { product_id: string; quantity: number }[], extra: Record<string, unknown> = {}): Promise<{ id: string; total_amount: string; billing_charge: string }> {
  const created = await stack.rest("POST", tx, { token: cashier, body: saleBody(items, extra) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const done = await stack.rest("POST", `${tx}${created.body.id}/complete/`, { token: cashier });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body;
}

const returnOf = (transaction_id: string, items: Record<string, unknown>[], headers?: Record<string, string>) =>
  stack.rest("POST", customer, { token: cashier, body: { transaction_id, reason: "customer changed their mind", items }, headers });

async function charge(id: string) {
  return (await stack.rest("GET", `/api/v1/charges/${id}/`, { token: cashier })).body;
}

beforeAll(async () => {
  billing = await startBillingProxy();
  stack = await startStack({ env: { BILLING_URL: billing.url } });
  billing.target = stack.url;
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "kla-till-1" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-returns-pharmacist" });
}, 240_000);
afterAll(async () => {
  await stack?.stop();
  await billing?.close();
});

describe("customer returns", () => {
  it("refunds exactly (VAT and a pro-rata discount): partial and full returns add up to what was paid; sealed units go back into their batch, the rest to quarantine", async () => {
    const syrup = await createProduct(stack, { name: "Return syrup", retail_price: "333.00", stock_quantity: 10 });
    const nets = await createProduct(stack, { name: "Return nets", retail_price: "500.00", stock_quantity: 5, tax_exempt: true });
    const sale = await completedSale([{ product_id: syrup, quantity: 3 }, { product_id: nets, quantity: 1 }], { discount_amount: "100.00" });
    expect(sale.total_amount).toBe("1579.00");
    expect(await stockOf(stack, cashier, syrup)).toBe(7);

    // One sealed unit: 1109 paid for the line (1179 less 70 of the discount, in whole shillings), a third is 369.67 → 370.
    const first = await returnOf(sale.id, [{ product_id: syrup, quantity: 1, condition: "sealed" }], { "Idempotency-Key": `ret-${sale.id}-1` });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ status: "completed", refund_amount: "370.00", refund_method: "cash", billing_charge_id: sale.billing_charge, transaction_id: sale.id, return_number: expect.stringMatching(/^CR-KLA-01-\d{8}-0001$/) });
    expect(first.body.items[0]).toMatchObject({ quantity: 1, condition: "sealed", disposition: "restock", refund_amount: "370.00", stock_movement_id: expect.any(String), quarantine_id: null });
    expect(first.body.billing_refund_id).toEqual(expect.any(String));
    expect(await stockOf(stack, cashier, syrup)).toBe(8);
    const replay = await returnOf(sale.id, [{ product_id: syrup, quantity: 1, condition: "sealed" }], { "Idempotency-Key": `ret-${sale.id}-1` });
    expect(replay.body.id).toBe(first.body.id);
    // Back into the very batch the sale drew.
    const saleMove = await stack.rest("GET", `${movementsPath}?reference_type=transaction&reference_id=${sale.id}&product=${syrup}`, { token: pharmacist });
    const returnMove = await stack.rest("GET", `${movementsPath}?reference_type=customer_return&reference_id=${first.body.id}`, { token: pharmacist });
    expect(returnMove.body.results).toMatchObject([{ movement_type: "return", quantity: 1, batches: [{ batch_id: saleMove.body.results[0].batches[0].batch_id, quantity: 1 }] }]);

    // The rest: two opened units (quarantine) and the nets, damaged.
    const rest = await returnOf(sale.id, [
      { product_id: syrup, quantity: 2, condition: "opened" },
      { product_id: nets, quantity: 1, condition: "damaged" },
    ]);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.items.map((i: { refund_amount: string; disposition: string }) => `${i.disposition}:${i.refund_amount}`)).toEqual(["quarantine:739.00", "quarantine:470.00"]);
    expect(rest.body.refund_amount).toBe("1209.00");
    expect(await stockOf(stack, cashier, syrup)).toBe(8);
    expect(await stockOf(stack, cashier, nets)).toBe(4);
    const c = await charge(sale.billing_charge);
    expect(c).toMatchObject({ amount_paid: "1579.00", amount_refunded: "1579.00" });
    const refunds = await stack.rest("GET", `/api/v1/refunds/?charge_id=${sale.billing_charge}`, { token: cashier });
    expect(refunds.body.results.map((r: { amount: string }) => r.amount).sort()).toEqual(["1209.00", "370.00"]);

    // Nothing more may come back: 409, nothing written.
    const count = (await stack.rest("GET", `${customer}?transaction=${sale.id}`, { token: cashier })).body.count;
    const more = await returnOf(sale.id, [{ product_id: syrup, quantity: 1, condition: "sealed" }]);
    expect(more.status).toBe(409);
    expect(more.body.error.fields["items.0.quantity"][0]).toMatch(/3 sold, 3 already returned/);
    expect((await stack.rest("GET", `${customer}?transaction=${sale.id}`, { token: cashier })).body.count).toBe(count);
    expect(count).toBe(2);

    // Quarantine holds the opened and damaged units until a witnessed destruction.
    const quarantine = await stack.rest("GET", `/api/v1/returns/quarantine/?status=quarantined`, { token: pharmacist });
    const held = quarantine.body.results.find((q: { id: string }) => q.id === rest.body.items[0].quarantine_id);
    expect(held).toMatchObject({ quantity: 2, name: "Return syrup", status: "quarantined" });
    const destroyed = await stack.rest("POST", destructionPath, { token: pharmacist, body: { quarantine_id: held.id, reason: "opened returns", method: "incineration", witness: "J. Nakato" } });
    expect(destroyed.status, JSON.stringify(destroyed.body)).toBe(201);
    expect(destroyed.body).toMatchObject({ source: "quarantine", quantity: 2, stock_movement_id: null, witness: "J. Nakato" });
    expect((await stack.rest("POST", destructionPath, { token: pharmacist, body: { quarantine_id: held.id, reason: "again", method: "incineration", witness: "J. Nakato" } })).status).toBe(409);
    expect(await stockOf(stack, cashier, syrup)).toBe(8);
  }, 120_000);

  it("refuses returns against a sale that is not completed, products not sold on it and bad quantities; other pharmacies' sales are 404", async () => {
    const drops = await createProduct(stack, { name: "Return drops", retail_price: "1000.00", stock_quantity: 5 });
    const pending = await stack.rest("POST", tx, { token: cashier, body: saleBody([{ product_id: drops, quantity: 1 }]) });
    expect((await returnOf(pending.body.id, [{ product_id: drops, quantity: 1 }])).status).toBe(409);
    const sale = await completedSale([{ product_id: drops, quantity: 2 }]);
    const other = await createProduct(stack, { name: "Never sold", retail_price: "10.00", stock_quantity: 1 });
    const bad = await returnOf(sale.id, [{ product_id: other, quantity: 1 }, { product_id: drops, quantity: 0 }]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(["items.1.quantity"]));
    expect((await returnOf(sale.id, [{ product_id: other, quantity: 1 }])).status).toBe(400);
    expect((await returnOf(sale.id, [{ product_id: drops, quantity: 3 }])).status).toBe(409);
    const guluCashier = await stack.token("cashier", { pharmacy: GULU });
    expect((await stack.rest("POST", customer, { token: guluCashier, body: { transaction_id: sale.id, reason: "x", items: [{ product_id: drops, quantity: 1 }] } })).status).toBe(404);
    // Without an inspection the units are quarantined, never restocked.
    const uninspected = await returnOf(sale.id, [{ product_id: drops, quantity: 1 }]);
    expect(uninspected.body.items[0]).toMatchObject({ condition: "uninspected", disposition: "quarantine", refund_amount: "1180.00" });
    expect(await stockOf(stack, cashier, drops)).toBe(3);
  }, 120_000);

  it("billing out of reach: 503 with the return processing and nothing restocked or refunded; complete refunds once, cancel gives up; illegal transitions are 409", async () => {
    const gel = await createProduct(stack, { name: "Return gel", retail_price: "250.00", stock_quantity: 6 });
    const sale = await completedSale([{ product_id: gel, quantity: 2 }]);
    billing.down = true;
    const res = await returnOf(sale.id, [{ product_id: gel, quantity: 1, condition: "sealed" }]);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    const waiting = (await stack.rest("GET", `${customer}?transaction=${sale.id}&status=processing`, { token: cashier })).body.results;
    expect(waiting).toHaveLength(1);
    expect(await stockOf(stack, cashier, gel)).toBe(4);
    expect((await stack.rest("POST", `${customer}${waiting[0].id}/cancel/`, { token: cashier })).status).toBe(503);
    billing.down = false;
    expect((await charge(sale.billing_charge)).amount_refunded).toBe("0.00");
    const done = await stack.rest("POST", `${customer}${waiting[0].id}/complete/`, { token: cashier });
    expect(done.body).toMatchObject({ status: "completed", refund_amount: "295.00" });
    expect((await stack.rest("POST", `${customer}${waiting[0].id}/complete/`, { token: cashier })).body.status).toBe("completed");
    expect(await stockOf(stack, cashier, gel)).toBe(5);
    expect((await charge(sale.billing_charge)).amount_refunded).toBe("295.00");
    expect((await stack.rest("POST", `${customer}${waiting[0].id}/cancel/`, { token: cashier })).status).toBe(409);

    billing.down = true;
    expect((await returnOf(sale.id, [{ product_id: gel, quantity: 1, condition: "sealed" }])).status).toBe(503);
    billing.down = false;
    const second = (await stack.rest("GET", `${customer}?transaction=${sale.id}&status=processing`, { token: cashier })).body.results[0];
    const cancelled = await stack.rest("POST", `${customer}${second.id}/cancel/`, { token: cashier });
    expect(cancelled.body.status).toBe("cancelled");
    expect((await stack.rest("POST", `${customer}${second.id}/complete/`, { token: cashier })).status).toBe(409);
    // The cancelled claim is released: the unit may come back again.
    const again = await returnOf(sale.id, [{ product_id: gel, quantity: 1, condition: "sealed" }]);
    expect(again.body).toMatchObject({ status: "completed", refund_amount: "295.00" });
    expect((await charge(sale.billing_charge)).amount_refunded).toBe("590.00");
  }, 120_000);
});

describe("customer returns a crash left processing (the worker's sweep)", () => {
  const logger = createLogger("silent");
  const rt = (): ReturnSweepRuntime => ({ db: stack.server.database!.db, config: stack.config, logger, selfUrl: stack.url });
  const till = { sub: "kla-till-1", roles: ["cashier" as const], pharmacyId: KAMPALA, tokenUse: "user" as const };
  /** The state a process killed right after step 1 leaves: the return `processing` under a fresh lease, nothing moved. */
  const crashAfterClaim = (saleId: string, productId: string, quantity: number) =>
    claimReturn(stack.server.database!.db, till, { transactionId: saleId, reason: "crashed mid-return", items: [{ productId, quantity, condition: "sealed" }] });
  const returnView = async (id: string) => (await stack.rest("GET", `${customer}${id}/`, { token: cashier })).body;
  const expired = () => new Promise((r) => setTimeout(r, 5));

  it("billing holds no refund: cancelled, nothing moved, the units may come back again; a person's complete during the crashed lease is 409", async () => {
    const drops = await createProduct(stack, { name: "Sweep drops", retail_price: "400.00", stock_quantity: 5 });
    const sale = await completedSale([{ product_id: drops, quantity: 2 }]);
    const crashed = await crashAfterClaim(sale.id, drops, 2);
    const complete = await stack.rest("POST", `${customer}${crashed.id}/complete/`, { token: cashier });
    expect(complete.status).toBe(409);
    expect(complete.body.error.message).toMatch(/retry shortly/);
    await expired();
    const swept = await sweepStaleReturns(rt(), 1);
    expect(swept.cancelled).toContain(crashed.id);
    expect(await returnView(crashed.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(stack, cashier, drops)).toBe(3);
    expect((await charge(sale.billing_charge)).amount_refunded).toBe("0.00");
    expect((await returnOf(sale.id, [{ product_id: drops, quantity: 2, condition: "sealed" }])).body).toMatchObject({ status: "completed" });
    expect(await stockOf(stack, cashier, drops)).toBe(5);
  });

  it("billing holds the refund: completed with it and the units restocked, refunded once; a second sweep finds nothing", async () => {
    const syrup = await createProduct(stack, { name: "Sweep syrup", retail_price: "1000.00", stock_quantity: 4 });
    const sale = await completedSale([{ product_id: syrup, quantity: 3 }]);
    const crashed = await crashAfterClaim(sale.id, syrup, 1);
    // Step 2 went through, then the process died before step 3.
    const refund = await refundCustomerReturn(
      { config: stack.config, selfUrl: stack.url, bearer: cashier, requestId: "crash-after-refund", logger },
      { returnId: crashed.id, returnNumber: crashed.returnNumber, pharmacyId: crashed.pharmacyId, chargeId: crashed.billingChargeId!, amount: crashed.refundAmount, method: crashed.refundMethod, reason: crashed.reason },
    );
    expect(await stockOf(stack, cashier, syrup)).toBe(1);
    await expired();
    expect((await sweepStaleReturns(rt(), 1)).completed).toContain(crashed.id);
    expect(await returnView(crashed.id)).toMatchObject({ status: "completed", refund_amount: crashed.refundAmount });
    expect(await stockOf(stack, cashier, syrup)).toBe(2);
    expect((await charge(sale.billing_charge)).amount_refunded).toBe(refund.amount);
    await expired();
    const again = await sweepStaleReturns(rt(), 1);
    expect([...again.completed, ...again.cancelled, ...again.left]).not.toContain(crashed.id);
  });

  it("billing out of reach during the sweep: left processing and decided by a later sweep; a return a person is waiting on (503) is not swept", async () => {
    const balm = await createProduct(stack, { name: "Sweep balm", retail_price: "300.00", stock_quantity: 6 });
    const sale = await completedSale([{ product_id: balm, quantity: 2 }]);
    const crashed = await crashAfterClaim(sale.id, balm, 1);
    billing.down = true;
    try {
      await expired();
      expect((await sweepStaleReturns(rt(), 1)).left).toContain(crashed.id);
      expect(await returnView(crashed.id)).toMatchObject({ status: "processing" });
      // Billing down while a cashier waits: 503, the return waits for that cashier, not for the sweep.
      expect((await returnOf(sale.id, [{ product_id: balm, quantity: 1, condition: "sealed" }])).status).toBe(503);
    } finally {
      billing.down = false;
    }
    const waiting = (await stack.rest("GET", `${customer}?transaction=${sale.id}&status=processing`, { token: cashier })).body.results.map((r: { id: string }) => r.id);
    expect(waiting).toHaveLength(2);
    const personal = waiting.find((id: string) => id !== crashed.id);
    await expired();
    const swept = await sweepStaleReturns(rt(), 1);
    expect(swept.cancelled).toContain(crashed.id);
    expect([...swept.completed, ...swept.cancelled, ...swept.left]).not.toContain(personal);
    expect(await returnView(personal)).toMatchObject({ status: "processing" });
    expect((await stack.rest("POST", `${customer}${personal}/complete/`, { token: cashier })).body).toMatchObject({ status: "completed" });
  });
});

describe("supplier returns and destruction", () => {
  it("sends a lot back to its supplier through the ledger; more than the batch holds is 409", async () => {
    const sup = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: "Returns Wholesale", code: "RET-01" } });
    expect(sup.status).toBe(201);
    const receipt = await stack.rest("POST", movementsPath, { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "4603", movement_type: "receipt", quantity: 20, lot_number: "FUR-RET", expiry_date: kampalaDay(30) } });
    expect(receipt.status).toBe(201);
    const res = await stack.rest("POST", supplierPath, { token: pharmacist, body: { supplier: "RET-01", medication_code: "4603", lot_number: "FUR-RET", quantity: 8, reason: "short expiry, supplier credit" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ supplier: sup.body.id, supplier_name: "Returns Wholesale", lot_number: "FUR-RET", quantity: 8, return_number: expect.stringMatching(/^SR-KLA-01-/) });
    const moved = await stack.rest("GET", `${movementsPath}?reference_type=supplier_return&reference_id=${res.body.id}`, { token: pharmacist });
    expect(moved.body.results).toMatchObject([{ movement_type: "supplier_return", quantity: -8, batches: [{ lot_number: "FUR-RET", quantity: -8 }] }]);
    expect((await stack.rest("POST", supplierPath, { token: pharmacist, body: { supplier: "RET-01", medication_code: "4603", lot_number: "FUR-RET", quantity: 13, reason: "x" } })).status).toBe(409);
    expect((await stack.rest("POST", supplierPath, { token: pharmacist, body: { supplier: "NOPE", medication_code: "4603", lot_number: "FUR-RET", quantity: 1, reason: "x" } })).status).toBe(400);
    expect((await stack.rest("POST", supplierPath, { token: cashier, body: { supplier: "RET-01", medication_code: "4603", lot_number: "FUR-RET", quantity: 1, reason: "x" } })).status).toBe(403);
    expect((await stack.rest("GET", `${supplierPath}?supplier=${sup.body.id}`, { token: pharmacist })).body.count).toBe(1);
    expect((await stack.rest("GET", `${supplierPath}${res.body.id}/`, { token: pharmacist })).body.id).toBe(res.body.id);
  }, 120_000);

  it("names a batch by its lot without regard to case or surrounding spaces (receipt, supplier return, destruction); a blank lot names none", async () => {
    expect((await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: "Lot Case Wholesale", code: "RET-LOT" } })).status).toBe(201);
    const receipt = (lot_number: string, quantity: number) =>
      stack.rest("POST", movementsPath, { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "1191", movement_type: "receipt", quantity, lot_number, expiry_date: kampalaDay(200) } });
    const first = await receipt("ins-2", 10);
    expect(first.status).toBe(201);
    // The same lot and expiry written another way joins its batch.
    const again = await receipt(" INS-2 ", 2);
    expect(again.body.batch_id).toBe(first.body.batch_id);
    for (const lot_number of ["INS-2", " Ins-2 ", "ins-2\t"]) {
      const res = await stack.rest("POST", supplierPath, { token: pharmacist, body: { supplier: "RET-LOT", medication_code: "1191", lot_number, quantity: 1, reason: "damaged cartons" } });
      expect(res.status, `${JSON.stringify(lot_number)}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ lot_number: "ins-2", batch_id: first.body.batch_id });
    }
    const destroyed = await stack.rest("POST", destructionPath, { token: pharmacist, body: { medication_code: "1191", lot_number: "INS-2", quantity: 2, reason: "crushed", method: "incineration", witness: "J. Nakato" } });
    expect(destroyed.status, JSON.stringify(destroyed.body)).toBe(201);
    expect(destroyed.body).toMatchObject({ lot_number: "ins-2", quantity: 2 });
    const blank = await stack.rest("POST", supplierPath, { token: pharmacist, body: { supplier: "RET-LOT", medication_code: "1191", lot_number: "   ", quantity: 1, reason: "x" } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.batch_id).toBeDefined();
    const stock = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?medication_code=1191&pharmacy=${KAMPALA}`, { token: pharmacist });
    expect(stock.body.results[0].batches).toEqual([expect.objectContaining({ id: first.body.batch_id, lot_number: "ins-2", quantity: 7 })]);
  }, 120_000);

  it("destroys an expired lot of a controlled medicine before a witness and writes the controlled register", async () => {
    const register = "/api/v1/drug-safety/controlled-register/";
    expect((await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "3322", pharmacy_id: KAMPALA, transaction_type: "receipt", quantity: 10 } })).status).toBe(201);
    // A controlled receipt by hand books its register receipt (manual-stock-movements.test.ts).
    const entry = await stack.rest("POST", "/api/v1/drug-safety/controlled-register/", { token: pharmacist, body: { medication_code: "3322", pharmacy_id: KAMPALA, transaction_type: "receipt", quantity: 10, witness: "S. Nakato" } });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const receipt = await stack.rest("POST", movementsPath, { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "3322", movement_type: "receipt", quantity: 10, lot_number: "DZP-EXP", expiry_date: kampalaDay(-3), reference_type: "controlled_register", reference_id: entry.body.id } });
    expect(receipt.status).toBe(201);
    const body = { medication_code: "3322", lot_number: "DZP-EXP", quantity: 4, reason: "expired", method: "incineration" };
    const noWitness = await stack.rest("POST", destructionPath, { token: pharmacist, body });
    expect(noWitness.status).toBe(400);
    expect((await stack.rest("POST", destructionPath, { token: pharmacist, body: { ...body, witness: "kla-returns-pharmacist" } })).status).toBe(400);
    expect((await stack.rest("POST", destructionPath, { token: pharmacist, body: { ...body, quantity: 11, witness: "J. Nakato" } })).status).toBe(409);
    const res = await stack.rest("POST", destructionPath, { token: pharmacist, body: { ...body, witness: "J. Nakato" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ source: "stock", quantity: 4, lot_number: "DZP-EXP", witness: "J. Nakato", destroyed_by: "kla-returns-pharmacist", controlled_entry_id: expect.any(String), destruction_number: expect.stringMatching(/^DS-KLA-01-/) });
    const entries = await stack.rest("GET", `${register}?medication_code=3322&transaction_type=destruction`, { token: pharmacist });
    expect(entries.body.results[0]).toMatchObject({ quantity: -4, witness: "J. Nakato", balance_after: entries.body.results[0].balance_before - 4, reference_type: "destruction", reference_id: res.body.id });
    const moved = await stack.rest("GET", `${movementsPath}?reference_type=destruction&reference_id=${res.body.id}`, { token: pharmacist });
    expect(moved.body.results).toMatchObject([{ movement_type: "destruction", quantity: -4, batches: [{ lot_number: "DZP-EXP" }] }]);
    expect((await stack.rest("GET", `${destructionPath}?medication_code=3322`, { token: pharmacist })).body.count).toBe(1);
  }, 120_000);
});
