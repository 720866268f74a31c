import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

/** Spec workflow 3 through REST: suppliers → supplier catalog → purchase order → goods received notes → stock. */

let stack: Stack;
let pharmacist: string;
let guluPharmacist: string;
const suppliers = "/api/v1/procurement/suppliers/";
const catalog = "/api/v1/procurement/supplier-medications/";
const orders = "/api/v1/procurement/purchase-orders/";
const grn = "/api/v1/procurement/grn/";

/** A calendar day in Kampala, `days` from today (YYYY-MM-DD). */
function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let supplierSeq = 0;
async function newSupplier(extra: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const res = await stack.rest("POST", suppliers, { token: pharmacist, body: { name: `Test Wholesale ${++supplierSeq}`, code: `TST-${supplierSeq}`, phone: "+256414200000", email: "orders@test.example.org", district: "Kampala", ...extra } });
  expect(res.status).toBe(201);
  return res.body;
}

async function submittedOrder(items: { medication_code: string; quantity: number; unit_price: string }[], token = pharmacist): Promise<{ id: string; items: { medication_code: string }[] }> {
  const supplier = await newSupplier();
  const po = await stack.rest("POST", orders, { token, body: { supplier: supplier.id, items, expected_delivery: kampalaDay(3) } });
  expect(po.status).toBe(201);
  const submitted = await stack.rest("POST", `${orders}${po.body.id}/submit/`, { token });
  expect(submitted.status).toBe(200);
  return po.body;
}

const lot = (medication_code: string, quantity_received: number, lot_number = `LOT-${medication_code}-${quantity_received}`, expiry_date = kampalaDay(400)) => ({ medication_code, quantity_received, lot_number, expiry_date });

async function onHand(code: string): Promise<number> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${KAMPALA}&page_size=100`, { token: pharmacist });
  return res.body.results.filter((i: { medication_code: string | null }) => i.medication_code === code).reduce((s: number, i: { quantity: number }) => s + i.quantity, 0);
}

async function receiptsOf(poId: string): Promise<{ quantity: number; movement_type: string }[]> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=purchase_order&reference_id=${poId}&page_size=100`, { token: pharmacist });
  return res.body.results;
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" });
});
afterAll(() => stack?.stop());

describe("workflow 3: suppliers, catalog, purchase order, goods received", () => {
  it("orders from a supplier's catalog, receives in two deliveries and books each lot into stock against the order", async () => {
    // Find or create the supplier and its catalog.
    const supplier = await newSupplier({ name: "Lake Victoria Pharma", code: "lvp-01", licence_number: "NDA/W/123", address: "Plot 5, Jinja Road" });
    expect(supplier).toMatchObject({ code: "LVP-01", name: "Lake Victoria Pharma", licence_number: "NDA/W/123", is_active: true });
    const again = await stack.rest("POST", suppliers, { token: pharmacist, body: { name: "Copy", code: "LVP-01" } });
    expect(again.status).toBe(409);
    const found = await stack.rest("GET", `${suppliers}?search=victoria&is_active=true`, { token: pharmacist });
    expect(found.body.results.map((s: { id: string }) => s.id)).toEqual([supplier.id]);
    expect((await stack.rest("GET", `${suppliers}${supplier.id}/`, { token: pharmacist })).body.code).toBe("LVP-01");

    const amoxicillin = await stack.rest("POST", catalog, {
      token: pharmacist,
      body: { supplier: supplier.id, medication_code: "723", product_name: "Amoxicillin 500 mg capsules", unit_price: "333.33", pack_size: 100, lead_time_days: 5, minimum_order_quantity: 100 },
    });
    expect(amoxicillin.status).toBe(201);
    expect(amoxicillin.body).toMatchObject({ supplier: supplier.id, supplier_name: "Lake Victoria Pharma", medication_code: "723", unit_price: "333.33", currency: "UGX", pack_size: 100, lead_time_days: 5, minimum_order_quantity: 100, is_active: true });
    const duplicate = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: "LVP-01", medication_code: "723", product_name: "Amoxil", unit_price: "300.00", lead_time_days: 2 } });
    expect(duplicate.status).toBe(409);
    const listed = await stack.rest("GET", `${catalog}?supplier=${supplier.id}&medication_code=723`, { token: pharmacist });
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: amoxicillin.body.id }] });

    // Order: three lines with fractional prices; the total is exact.
    const before = { amoxicillin: await onHand("723"), furosemide: await onHand("4603"), hctz: await onHand("5487") };
    const created = await stack.rest("POST", orders, {
      token: pharmacist,
      body: {
        supplier: supplier.id,
        items: [
          { medication_code: "723", quantity: 100, unit_price: "333.33" },
          { medication_code: "4603", quantity: 7, unit_price: "0.15" },
          { medication_code: "5487", quantity: 3, unit_price: "1000.10" },
        ],
        expected_delivery: kampalaDay(5),
      },
    });
    expect(created.status).toBe(201);
    const po = created.body;
    expect(po).toMatchObject({ supplier: supplier.id, status: "created", pharmacy: KAMPALA, total_amount: "36334.35", currency: "UGX", expected_delivery: kampalaDay(5), created_by: "kla-pharmacist" });
    expect(po.po_number).toMatch(/^PO-KLA-01-\d{8}-\d{4}$/);
    expect(po.items).toEqual([
      expect.objectContaining({ medication_code: "4603", quantity: 7, unit_price: "0.15", line_total: "1.05", quantity_received: 0 }),
      expect.objectContaining({ medication_code: "5487", quantity: 3, unit_price: "1000.10", line_total: "3000.30", quantity_received: 0 }),
      expect.objectContaining({ medication_code: "723", quantity: 100, unit_price: "333.33", line_total: "33333.00", quantity_received: 0 }),
    ]);

    const submitted = await stack.rest("POST", `${orders}${po.id}/submit/`, { token: pharmacist });
    expect(submitted.body).toMatchObject({ status: "submitted" });
    expect(submitted.body.submitted_at).toBeTruthy();

    // First delivery: amoxicillin in two lots, all the furosemide.
    const first = await stack.rest("POST", grn, {
      token: pharmacist,
      body: { purchase_order: po.id, delivery_note: "DN-7781", items: [lot("723", 40, "AMX-A"), lot("723", 20, "AMX-B", kampalaDay(30)), { ...lot("4603", 7, "FUR-1"), condition_notes: "one carton dented" }] },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ purchase_order: po.id, po_number: po.po_number, purchase_order_status: "partially_received", delivery_note: "DN-7781", received_by: "kla-pharmacist" });
    expect(first.body.grn_number).toMatch(/^GRN-KLA-01-\d{8}-\d{4}$/);
    expect(first.body.items).toEqual([
      expect.objectContaining({ medication_code: "4603", quantity_received: 7, lot_number: "FUR-1", short_expiry: false, condition_notes: "one carton dented" }),
      expect.objectContaining({ medication_code: "723", quantity_received: 40, lot_number: "AMX-A", short_expiry: false }),
      expect.objectContaining({ medication_code: "723", quantity_received: 20, lot_number: "AMX-B", short_expiry: true }),
    ]);
    expect(await onHand("723")).toBe(before.amoxicillin + 60);
    expect(await onHand("4603")).toBe(before.furosemide + 7);
    const receipts = await receiptsOf(po.id);
    expect(receipts).toHaveLength(3);
    expect(receipts.every((m) => m.movement_type === "receipt")).toBe(true);
    expect(receipts.map((m) => m.quantity).sort((a, b) => a - b)).toEqual([7, 20, 40]);
    expect(first.body.items.map((i: { stock_movement: string }) => i.stock_movement).sort()).toEqual(receipts.map((m) => (m as unknown as { id: string }).id).sort());

    const partly = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(partly.body.status).toBe("partially_received");
    expect(Object.fromEntries(partly.body.items.map((i: { medication_code: string; quantity_received: number }) => [i.medication_code, i.quantity_received]))).toEqual({ "723": 60, "4603": 7, "5487": 0 });
    // Goods have arrived: the order can no longer be cancelled.
    expect((await stack.rest("POST", `${orders}${po.id}/cancel/`, { token: pharmacist })).status).toBe(409);

    // Second delivery completes the order.
    const second = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("723", 40, "AMX-C"), lot("5487", 3, "HCT-1")] } });
    expect(second.status).toBe(201);
    expect(second.body.purchase_order_status).toBe("received");
    const done = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(done.body).toMatchObject({ status: "received", total_amount: "36334.35" });
    expect(done.body.received_at).toBeTruthy();
    expect(done.body.items.every((i: { quantity: number; quantity_received: number }) => i.quantity === i.quantity_received)).toBe(true);
    expect(await onHand("723")).toBe(before.amoxicillin + 100);
    expect(await onHand("5487")).toBe(before.hctz + 3);
    expect(await receiptsOf(po.id)).toHaveLength(5);

    // A received order takes no more deliveries.
    const third = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("723", 1)] } });
    expect(third.status).toBe(409);

    const notes = await stack.rest("GET", `${grn}?purchase_order=${po.id}`, { token: pharmacist });
    expect(notes.body.results.map((n: { id: string }) => n.id).sort()).toEqual([first.body.id, second.body.id].sort());
    expect((await stack.rest("GET", `${grn}${first.body.id}/`, { token: pharmacist })).body.grn_number).toBe(first.body.grn_number);
    const byStatus = await stack.rest("GET", `${orders}?status=received&supplier=${supplier.id}`, { token: pharmacist });
    expect(byStatus.body.results.map((o: { id: string }) => o.id)).toEqual([po.id]);
  });

  it("numbers purchase orders one after another per pharmacy and day", async () => {
    const supplier = await newSupplier();
    const body = { supplier: supplier.code, items: [{ medication_code: "519", quantity: 1, unit_price: "10.00" }], expected_delivery: kampalaDay(1) };
    const a = await stack.rest("POST", orders, { token: pharmacist, body });
    const b = await stack.rest("POST", orders, { token: pharmacist, body });
    const seq = (n: string) => Number(n.slice(-4));
    expect(b.body.po_number.slice(0, -4)).toBe(a.body.po_number.slice(0, -4));
    expect(seq(b.body.po_number)).toBe(seq(a.body.po_number) + 1);
    expect(a.body.supplier).toBe(supplier.id);
  });
});

describe("purchase order states", () => {
  it("refuses illegal transitions with 409 and repeats a transition harmlessly", async () => {
    const supplier = await newSupplier();
    const po = (await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [{ medication_code: "2002", quantity: 5, unit_price: "250.00" }], expected_delivery: kampalaDay(0) } })).body;
    expect(po.status).toBe("created");
    // Goods are received only against a submitted order.
    const early = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("2002", 5)] } });
    expect(early.status).toBe(409);
    const cancelled = await stack.rest("POST", `${orders}${po.id}/cancel/`, { token: pharmacist });
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect((await stack.rest("POST", `${orders}${po.id}/cancel/`, { token: pharmacist })).body.status).toBe("cancelled");
    const submit = await stack.rest("POST", `${orders}${po.id}/submit/`, { token: pharmacist });
    expect(submit.status).toBe(409);
    expect(submit.body.error.code).toBe("CONFLICT");
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("2002", 5)] } })).status).toBe(409);
    expect(await receiptsOf(po.id)).toEqual([]);

    const submitted = await submittedOrder([{ medication_code: "2002", quantity: 5, unit_price: "250.00" }]);
    expect((await stack.rest("POST", `${orders}${submitted.id}/submit/`, { token: pharmacist })).body.status).toBe("submitted");
    expect((await stack.rest("POST", `${orders}${submitted.id}/cancel/`, { token: pharmacist })).body.status).toBe("cancelled");
    expect((await stack.rest("POST", `${orders}00000000-0000-4000-8000-000000000000/submit/`, { token: pharmacist })).status).toBe(404);
  });
});

describe("goods received notes", () => {
  it("refuses receiving more than ordered over all notes, and writes nothing", async () => {
    const po = await submittedOrder([{ medication_code: "117466", quantity: 10, unit_price: "1200.00" }]);
    const before = await onHand("117466");
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("117466", 6, "TDF-1")] } })).status).toBe(201);
    const over = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("117466", 3, "TDF-2"), lot("117466", 2, "TDF-3")] } });
    expect(over.status).toBe(400);
    expect(over.body.error.fields["items.1.quantity_received"]).toEqual([expect.stringContaining("outstanding")]);
    expect(await onHand("117466")).toBe(before + 6);
    expect(await receiptsOf(po.id)).toHaveLength(1);
    const order = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(order.body).toMatchObject({ status: "partially_received", items: [expect.objectContaining({ quantity_received: 6 })] });
    expect((await stack.rest("GET", `${grn}?purchase_order=${po.id}`, { token: pharmacist })).body.results).toHaveLength(1);
  });

  it("lets only one of two concurrent deliveries that together exceed the order through", async () => {
    const po = await submittedOrder([{ medication_code: "83367", quantity: 10, unit_price: "95.50" }]);
    const before = await onHand("83367");
    const [a, b] = await Promise.all([
      stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("83367", 6, "ATV-A")] } }),
      stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("83367", 6, "ATV-B")] } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await onHand("83367")).toBe(before + 6);
    expect(await receiptsOf(po.id)).toHaveLength(1);
    expect((await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist })).body.items[0].quantity_received).toBe(6);
  });

  it("refuses expired lots, lines not on the order and missing lots with field errors", async () => {
    const po = await submittedOrder([{ medication_code: "4603", quantity: 10, unit_price: "50.00" }]);
    const res = await stack.rest("POST", grn, {
      token: pharmacist,
      body: { purchase_order: po.id, items: [lot("4603", 2, "F-1", kampalaDay(0)), lot("4603", 2, "  "), lot("4603", 0, "F-3"), lot("4603", 1, "F-4", "2020-01-01")] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["items.0.expiry_date", "items.1.lot_number", "items.2.quantity_received", "items.3.expiry_date"]);
    const notOnOrder = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("723", 1)] } });
    expect(notOnOrder.status).toBe(400);
    expect(notOnOrder.body.error.fields["items.0.medication_code"]).toBeDefined();
    expect(await receiptsOf(po.id)).toEqual([]);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: "00000000-0000-4000-8000-000000000000", items: [lot("4603", 1)] } })).status).toBe(404);
  });

  it("books a delivery once per Idempotency-Key", async () => {
    const po = await submittedOrder([{ medication_code: "519", quantity: 20, unit_price: "40.00" }]);
    const before = await onHand("519");
    const headers = { "idempotency-key": `grn-${po.id}` };
    const body = { purchase_order: po.id, items: [lot("519", 8, "ALP-1")] };
    const a = await stack.rest("POST", grn, { token: pharmacist, body, headers });
    const b = await stack.rest("POST", grn, { token: pharmacist, body, headers });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await onHand("519")).toBe(before + 8);
    expect(await receiptsOf(po.id)).toHaveLength(1);
  });
});

describe("purchase order validation and access", () => {
  it("answers 400 naming every wrong field, and creates nothing", async () => {
    const supplier = await newSupplier();
    const count = async () => (await stack.rest("GET", `${orders}?supplier=${supplier.id}`, { token: pharmacist })).body.count;
    const res = await stack.rest("POST", orders, {
      token: pharmacist,
      body: {
        supplier: supplier.id,
        items: [
          { medication_code: "723", quantity: 0, unit_price: "10.00" },
          { medication_code: "4603", quantity: 2, unit_price: "0.00" },
          { medication_code: "723", quantity: 1, unit_price: "10.00" },
          { medication_code: "amoxicillin", quantity: 1, unit_price: "1.234" },
        ],
        expected_delivery: kampalaDay(-1),
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["expected_delivery", "items.0.quantity", "items.1.unit_price", "items.2.medication_code", "items.3.medication_code", "items.3.unit_price"]);
    const empty = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [], expected_delivery: kampalaDay(1) } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.items).toBeDefined();
    // Money is a decimal string: a JSON number is refused.
    const number = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [{ medication_code: "723", quantity: 1, unit_price: 12.5 }], expected_delivery: kampalaDay(1) } });
    expect(number.status).toBe(400);
    const unknown = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: "NO-SUCH", items: [{ medication_code: "723", quantity: 1, unit_price: "1.00" }], expected_delivery: kampalaDay(1) } });
    expect(unknown.body.error.fields.supplier).toEqual(["no such supplier"]);
    const inactive = await newSupplier({ is_active: false });
    const closed = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: inactive.id, items: [{ medication_code: "723", quantity: 1, unit_price: "1.00" }], expected_delivery: kampalaDay(1) } });
    expect(closed.status).toBe(400);
    expect(closed.body.error.fields.supplier).toEqual([expect.stringContaining("not active")]);
    expect(await count()).toBe(0);
  });

  it("keeps each pharmacy's orders to itself: 403 for naming another pharmacy, 404 for reading its order", async () => {
    const supplier = await newSupplier();
    const body = { supplier: supplier.id, items: [{ medication_code: "723", quantity: 1, unit_price: "1.00" }], expected_delivery: kampalaDay(1) };
    const foreign = await stack.rest("POST", orders, { token: pharmacist, body: { ...body, pharmacy_id: GULU } });
    expect(foreign.status).toBe(403);
    const gulu = await stack.rest("POST", orders, { token: guluPharmacist, body });
    expect(gulu.status).toBe(201);
    expect(gulu.body.po_number).toMatch(/^PO-GUL-01-/);
    expect((await stack.rest("GET", `${orders}${gulu.body.id}/`, { token: pharmacist })).status).toBe(404);
    expect((await stack.rest("POST", `${orders}${gulu.body.id}/submit/`, { token: pharmacist })).status).toBe(404);
    expect((await stack.rest("GET", `${orders}?pharmacy=${GULU}`, { token: pharmacist })).status).toBe(403);
    const mine = await stack.rest("GET", `${orders}?supplier=${supplier.id}`, { token: pharmacist });
    expect(mine.body.results).toEqual([]);
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA });
    expect((await stack.rest("POST", orders, { token: cashier, body })).status).toBe(403);
    const auditor = await stack.token("auditor");
    const audited = await stack.rest("GET", `${orders}?pharmacy=${GULU}`, { token: auditor });
    expect(audited.body.results.map((o: { id: string }) => o.id)).toContain(gulu.body.id);
    expect((await stack.rest("POST", suppliers, { token: auditor, body: { name: "X", code: "X-1" } })).status).toBe(403);
  });

  it("creates a purchase order once per Idempotency-Key", async () => {
    const supplier = await newSupplier();
    const body = { supplier: supplier.id, items: [{ medication_code: "723", quantity: 4, unit_price: "2.50" }], expected_delivery: kampalaDay(2) };
    const headers = { "idempotency-key": `po-${supplier.id}` };
    const a = await stack.rest("POST", orders, { token: pharmacist, body, headers });
    const b = await stack.rest("POST", orders, { token: pharmacist, body, headers });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect((await stack.rest("GET", `${orders}?supplier=${supplier.id}`, { token: pharmacist })).body.count).toBe(1);
    const reused = await stack.rest("POST", orders, { token: pharmacist, body: { ...body, notes: "changed" }, headers });
    expect(reused.status).toBe(409);
  });
});

describe("suppliers and catalog validation", () => {
  it("refuses bad supplier and catalog input with field errors, and writes nothing", async () => {
    const bad = await stack.rest("POST", suppliers, { token: pharmacist, body: { name: "", code: "has space", email: "not-an-email", phone: "call me" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["code", "email", "name", "phone"]);
    expect((await stack.rest("GET", `${suppliers}?search=has space`, { token: pharmacist })).body.count).toBe(0);
    const supplier = await newSupplier();
    const offer = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: supplier.id, medication_code: "amox", product_name: "Amoxil", unit_price: "0.00", lead_time_days: -1, pack_size: 0 } });
    expect(offer.status).toBe(400);
    expect(Object.keys(offer.body.error.fields).sort()).toEqual(["lead_time_days", "pack_size"]);
    const offer2 = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: "NO-SUCH", medication_code: "amox", product_name: "Amoxil", unit_price: "0.00", lead_time_days: 1 } });
    expect(Object.keys(offer2.body.error.fields).sort()).toEqual(["medication_code", "supplier", "unit_price"]);
    // A well-formed code the medication catalog does not list is refused too: codes are never guessed.
    const unlisted = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: supplier.id, medication_code: "999999", product_name: "Unknown", unit_price: "5.00", lead_time_days: 1 } });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.error.fields.medication_code).toEqual([expect.stringContaining("medication catalog")]);
    const local = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: supplier.id, medication_code: "local:oral-rehydration-salts", product_name: "ORS sachets", unit_price: "500.00", lead_time_days: 1 } });
    expect(local.status).toBe(201);
    expect((await stack.rest("GET", `${catalog}?supplier=${supplier.id}`, { token: pharmacist })).body.count).toBe(1);
    expect((await stack.rest("GET", `${suppliers}00000000-0000-4000-8000-000000000000/`, { token: pharmacist })).status).toBe(404);
  });

  it("updates a catalog price and deactivates a supplier, which then takes no new orders", async () => {
    const supplier = await newSupplier();
    const offer = await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: supplier.id, medication_code: "5487", product_name: "HCTZ 25 mg", unit_price: "55.00", lead_time_days: 3 } });
    const repriced = await stack.rest("PATCH", `${catalog}${offer.body.id}/`, { token: pharmacist, body: { unit_price: "52.50", lead_time_days: 2 } });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ id: offer.body.id, unit_price: "52.50", lead_time_days: 2, product_name: "HCTZ 25 mg" });
    expect((await stack.rest("PATCH", `${catalog}${offer.body.id}/`, { token: pharmacist, body: { unit_price: "-1.00" } })).status).toBe(400);
    const closed = await stack.rest("PATCH", `${suppliers}${supplier.id}/`, { token: pharmacist, body: { is_active: false, phone: "+256414999999" } });
    expect(closed.body).toMatchObject({ is_active: false, phone: "+256414999999", code: supplier.code });
    const po = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [{ medication_code: "5487", quantity: 1, unit_price: "52.50" }], expected_delivery: kampalaDay(1) } });
    expect(po.status).toBe(400);
    expect((await stack.rest("PATCH", `${suppliers}00000000-0000-4000-8000-000000000000/`, { token: pharmacist, body: { is_active: false } })).status).toBe(404);
  });

  it("serves the same procurement records over GraphQL", async () => {
    const po = await submittedOrder([{ medication_code: "723", quantity: 2, unit_price: "0.10" }]);
    const res = await stack.gql(`query($id: ID!) { purchaseOrder(id: $id) { poNumber status totalAmount items { medicationCode quantityReceived } } }`, { id: po.id }, pharmacist);
    expect(res.body.data.purchaseOrder).toMatchObject({ status: "submitted", totalAmount: "0.20", items: [{ medicationCode: "723", quantityReceived: 0 }] });
  });
});

describe("lots: one identity whatever the case or surrounding spaces, one expiry", () => {
  const batchesOf = async (code: string) => {
    const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${KAMPALA}&medication_code=${code}`, { token: pharmacist });
    return (res.body.results[0]?.batches ?? []) as { id: string; lot_number: string; expiry_date: string | null; quantity: number }[];
  };

  it("refuses a (medication, lot) twice in one note whatever its case or surrounding spaces, and writes nothing; a lot received again in another case joins its batch", async () => {
    const po = await submittedOrder([
      { medication_code: "6809", quantity: 20, unit_price: "50.00" },
      { medication_code: "36567", quantity: 5, unit_price: "80.00" },
    ]);
    const twice = await stack.rest("POST", grn, {
      token: pharmacist,
      body: { purchase_order: po.id, items: [lot("6809", 2, "MET-SHORT"), lot("6809", 3, "met-short "), lot("6809", 1, " Met-Short"), lot("36567", 1, "met-short")] },
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.error.fields).sort()).toEqual(["items.1.lot_number", "items.2.lot_number"]);
    expect(await receiptsOf(po.id)).toEqual([]);
    expect((await stack.rest("GET", `${grn}?purchase_order=${po.id}`, { token: pharmacist })).body.count).toBe(0);

    const expiry = kampalaDay(300);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("6809", 4, "MET-SHORT", expiry)] } })).status).toBe(201);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("6809", 6, " met-Short ", expiry)] } })).status).toBe(201);
    expect((await batchesOf("6809")).filter((b) => b.lot_number.trim().toUpperCase() === "MET-SHORT")).toEqual([expect.objectContaining({ lot_number: "MET-SHORT", expiry_date: expiry, quantity: 10 })]);
  });

  it("refuses a lot the stock holds under another expiry (a day either way, or none), naming the expiry on record; nothing is written and the lot stays returnable", async () => {
    const po = await submittedOrder([
      { medication_code: "36567", quantity: 40, unit_price: "80.00" },
      { medication_code: "32968", quantity: 20, unit_price: "120.00" },
    ]);
    const onRecord = kampalaDay(400);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("36567", 5, "SIM-1", onRecord)] } })).status).toBe(201);
    const stockBefore = { simvastatin: await onHand("36567"), clopidogrel: await onHand("32968") };
    for (const other of [kampalaDay(401), kampalaDay(399), kampalaDay(200)]) {
      const res = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("32968", 5, "CLO-1"), lot("36567", 5, " sim-1", other)] } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["items.1.expiry_date"]);
      expect(res.body.error.fields["items.1.expiry_date"]).toEqual([expect.stringContaining(`on record with expiry ${onRecord}`)]);
    }
    // A lot recorded without an expiry date is not a second batch either.
    const noExpiry = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "32968", movement_type: "receipt", quantity: 2, lot_number: "CLO-NOEXP" } });
    expect(noExpiry.status).toBe(201);
    const undated = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("32968", 5, "clo-noexp")] } });
    expect(undated.status).toBe(400);
    expect(undated.body.error.fields["items.0.expiry_date"]).toEqual([expect.stringContaining("without an expiry date")]);
    // Nothing of the refused notes was written.
    expect(await onHand("36567")).toBe(stockBefore.simvastatin);
    expect(await onHand("32968")).toBe(stockBefore.clopidogrel + 2);
    expect(await receiptsOf(po.id)).toHaveLength(1);
    expect((await stack.rest("GET", `${grn}?purchase_order=${po.id}`, { token: pharmacist })).body.count).toBe(1);
    expect((await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist })).body.items.map((i: { quantity_received: number }) => i.quantity_received)).toEqual([0, 5]);

    // The expiry on record is taken; the same lot string of another medication is another lot.
    const right = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("36567", 5, "sim-1", onRecord), lot("32968", 5, "SIM-1", kampalaDay(200))] } });
    expect(right.status).toBe(201);
    expect((await batchesOf("36567")).filter((b) => b.lot_number.toUpperCase() === "SIM-1")).toEqual([expect.objectContaining({ expiry_date: onRecord, quantity: 10 })]);
    // One batch per lot: a supplier return names it by lot, in any case.
    const back = await stack.rest("POST", "/api/v1/returns/supplier/", { token: pharmacist, body: { supplier: (po as unknown as { supplier: string }).supplier, medication_code: "36567", lot_number: " Sim-1 ", quantity: 2, reason: "damaged cartons" } });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ lot_number: "SIM-1", quantity: 2 });
  });
});

describe("closing a partially received order short", () => {
  const suggestionFor = async (code: string) =>
    (await stack.rest("GET", "/api/v1/procurement/reorder-suggestions/?page_size=100", { token: pharmacist })).body.results.find((r: { medication_code: string }) => r.medication_code === code);

  it("closes it with a reason (who, when, why and what was not delivered on the order): the rest is no longer on order, so it is reordered", async () => {
    // Erythromycin (4053): 20 on hand, reorder level 39.
    const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Erythromycin 250 mg", medication_code: "4053", quantity: 20, reorder_level: 39 } });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const supplier = await newSupplier();
    expect((await stack.rest("POST", catalog, { token: pharmacist, body: { supplier: supplier.id, medication_code: "4053", product_name: "Erythromycin 250 mg tabs", unit_price: "90.00", lead_time_days: 2 } })).status).toBe(201);
    const po = (await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [{ medication_code: "4053", quantity: 60, unit_price: "90.00" }, { medication_code: "3407", quantity: 5, unit_price: "10.00" }], expected_delivery: kampalaDay(2) } })).body;
    expect((await stack.rest("POST", `${orders}${po.id}/submit/`, { token: pharmacist })).status).toBe(200);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("4053", 10, "ERY-1")] } })).status).toBe(201);
    // 30 on hand, 50 still on order: 78 − 30 − 50 < 0, so no suggestion while the order is open.
    expect(await suggestionFor("4053")).toBeUndefined();

    const cancel = await stack.rest("POST", `${orders}${po.id}/cancel/`, { token: pharmacist });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.message).toContain("close it short");
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await stack.rest("POST", `${orders}${po.id}/close/`, { token: pharmacist, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["reason"]);
    }
    expect((await stack.rest("POST", `${orders}${po.id}/close/`, { token: guluPharmacist, body: { reason: "not mine" } })).status).toBe(404);
    for (const role of ["cashier", "auditor"] as const) {
      const token = await stack.token(role, role === "cashier" ? { pharmacy: KAMPALA } : {});
      expect((await stack.rest("POST", `${orders}${po.id}/close/`, { token, body: { reason: "no" } })).status).toBe(403);
    }
    const open = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(open.body).toMatchObject({ status: "partially_received", cancelled_at: null, notes: null });

    const closed = await stack.rest("POST", `${orders}${po.id}/close/`, { token: pharmacist, body: { reason: "Supplier out of stock until next quarter" } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", received_at: null, cancelled_at: expect.any(String) });
    expect(closed.body.notes).toMatch(/^Closed short \S+ by kla-pharmacist: Supplier out of stock until next quarter\. Not delivered: 3407 × 5, 4053 × 50\.$/);
    // A repeat returns it unchanged; a closed order takes no goods and no other move.
    expect((await stack.rest("POST", `${orders}${po.id}/close/`, { token: pharmacist, body: { reason: "again" } })).body).toEqual(closed.body);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [lot("4053", 1, "ERY-2")] } })).status).toBe(409);
    for (const move of ["submit", "cancel"]) expect((await stack.rest("POST", `${orders}${po.id}/${move}/`, { token: pharmacist })).status).toBe(409);
    expect((await stack.rest("GET", `${orders}?status=closed&supplier=${supplier.id}`, { token: pharmacist })).body.results.map((o: { id: string }) => o.id)).toEqual([po.id]);

    // Nothing on order any more: 78 − 30 = 48 to get.
    expect(await suggestionFor("4053")).toMatchObject({ quantity_on_hand: 30, reorder_level: 39, quantity_on_order: 0, target_quantity: 78, suggested_quantity: 48, supplier: supplier.id });
  });

  it("closes only a partially received order (409 otherwise), over GraphQL as over REST", async () => {
    const close = (id: string) => stack.rest("POST", `${orders}${id}/close/`, { token: pharmacist, body: { reason: "supplier stopped the line" } });
    const supplier = await newSupplier();
    const created = (await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.id, items: [{ medication_code: "3407", quantity: 4, unit_price: "10.00" }], expected_delivery: kampalaDay(1) } })).body;
    expect((await close(created.id)).status).toBe(409);
    const submitted = await submittedOrder([{ medication_code: "3407", quantity: 4, unit_price: "10.00" }]);
    expect((await close(submitted.id)).status).toBe(409);
    const received = await submittedOrder([{ medication_code: "3407", quantity: 4, unit_price: "10.00" }]);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: received.id, items: [lot("3407", 4, "LOT-R")] } })).body.purchase_order_status).toBe("received");
    expect((await close(received.id)).status).toBe(409);
    const cancelled = await submittedOrder([{ medication_code: "3407", quantity: 4, unit_price: "10.00" }]);
    expect((await stack.rest("POST", `${orders}${cancelled.id}/cancel/`, { token: pharmacist })).status).toBe(200);
    expect((await close(cancelled.id)).status).toBe(409);
    for (const id of [created.id, submitted.id, received.id, cancelled.id]) expect((await stack.rest("GET", `${orders}${id}/`, { token: pharmacist })).body.notes).toBeNull();

    const partly = await submittedOrder([{ medication_code: "3407", quantity: 4, unit_price: "10.00" }]);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: partly.id, items: [lot("3407", 1, "LOT-P")] } })).status).toBe(201);
    const res = await stack.gql(`mutation($id: ID!, $reason: String!) { closePurchaseOrder(id: $id, reason: $reason) { status notes cancelledAt } }`, { id: partly.id, reason: "short-dated stock only" }, pharmacist);
    expect(res.body.data.closePurchaseOrder).toMatchObject({ status: "closed", notes: expect.stringContaining("short-dated stock only. Not delivered: 3407 × 3."), cancelledAt: expect.any(String) });
  });
});

describe("demo data", () => {
  it("gives the demo suppliers catalogs for every demo medicine", async () => {
    const npd = (await stack.rest("GET", `${suppliers}?search=SUP-NPD`, { token: pharmacist })).body.results[0];
    expect(npd).toMatchObject({ code: "SUP-NPD", is_active: true });
    const offers = await stack.rest("GET", `${catalog}?supplier=${npd.id}&page_size=100`, { token: pharmacist });
    expect(offers.body.results.map((o: { medication_code: string }) => o.medication_code).sort()).toEqual(["117466", "2002", "4603", "519", "5487", "723", "83367"]);
    const amoxicillin = await stack.rest("GET", `${catalog}?medication_code=723&page_size=100`, { token: pharmacist });
    const prices = amoxicillin.body.results.map((o: { unit_price: string }) => Number(o.unit_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe("reorder suggestions", () => {
  it("suggests whole packs from the cheapest active supplier, minus what is on order", async () => {
    // Phenytoin (RxCUI 8183): low on stock at Kampala.
    const item = await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: "Phenytoin 100 mg", medication_code: "8183", quantity: 10, reorder_level: 50 } });
    expect(item.status).toBe(201);
    const cheap = await newSupplier();
    const dear = await newSupplier();
    const closed = await newSupplier({ is_active: false });
    const offer = (s: { id: string }, unit_price: string) => ({ supplier: s.id, medication_code: "8183", product_name: "Phenytoin 100 mg caps", unit_price, pack_size: 30, lead_time_days: 4, minimum_order_quantity: 60 });
    for (const [s, price] of [[cheap, "120.00"], [dear, "150.00"], [closed, "50.00"]] as const) {
      expect((await stack.rest("POST", catalog, { token: pharmacist, body: offer(s, price) })).status).toBe(201);
    }
    const find = async () => (await stack.rest("GET", `/api/v1/procurement/reorder-suggestions/?page_size=100`, { token: pharmacist })).body.results.find((r: { medication_code: string }) => r.medication_code === "8183");
    // Target 2 × 50 = 100; need 90 → three packs of 30.
    expect(await find()).toMatchObject({ quantity_on_hand: 10, reorder_level: 50, quantity_on_order: 0, target_quantity: 100, suggested_quantity: 90, supplier: cheap.id, unit_price: "120.00", line_total: "10800.00", lead_time_days: 4, expected_delivery: kampalaDay(4) });
    // 75 on order leaves 15 to get: the minimum order (60) applies.
    await stack.rest("POST", orders, { token: pharmacist, body: { supplier: dear.id, items: [{ medication_code: "8183", quantity: 75, unit_price: "150.00" }], expected_delivery: kampalaDay(2) } });
    expect(await find()).toMatchObject({ quantity_on_order: 75, suggested_quantity: 60 });
    expect((await stack.rest("GET", `/api/v1/procurement/reorder-suggestions/?pharmacy=${GULU}`, { token: pharmacist })).status).toBe(403);
  });
});
