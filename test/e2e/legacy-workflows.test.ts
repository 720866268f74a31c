/**
 * The spec's pharmacy workflows 2 and 3 ("Pharmacy workflows (orderings)") followed to the letter by a
 * legacy client, over HTTP on real servers. The dispense, the goods received note and the till write
 * their own stock movements; the workflows' later "record a stock movement" step names them and is
 * acknowledged with the movement already booked: stock is counted once. A step that disagrees with what
 * was booked is refused naming it, and two acknowledgements at once write nothing.
 * docs/decisions/pharmacy.md, "Movements the service already booked: acknowledged, not written twice".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING, dispensingSteps } from "./dispensing-helpers.js";

let stack: Stack;
let physician: string;
let pharmacist: string;
let cashier: string;
const movements = "/api/v1/pharmacy/inventory/movements/";
const orders = "/api/v1/procurement/purchase-orders/";
const grn = "/api/v1/procurement/grn/";
const { newPatient, prescribe, stockUp, onHand } = dispensingSteps(() => ({ stack, physician }), "LEGACY");

const move = (body: Record<string, unknown>, headers?: Record<string, string>) => stack.rest("POST", movements, { token: pharmacist, body, headers });
const movementsOf = async (reference: string) => (await stack.rest("GET", `${movements}?reference_id=${reference}&page_size=100`, { token: pharmacist })).body.results as { id: string; inventory_item: string; quantity: number; movement_type: string }[];
const allMovements = async () => (await stack.rest("GET", `${movements}?pharmacy=${KAMPALA}&page_size=1`, { token: pharmacist })).body.count as number;

function kampalaDay(days: number): string {
  const d = new Date(Date.now() + (3 * 60 + days * 24 * 60) * 60_000);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-legacy" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "legacy-pharmacist" });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "legacy-till" });
});
afterAll(() => stack?.stop());

describe("workflow 2 (prescription dispensing) as the spec orders it", () => {
  it("queue, checks, dispense, then 'record a stock movement to reduce stock': acknowledged, stock taken once", async () => {
    await stockUp(pharmacist, KAMPALA, "723", 40);
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "723", quantity: 12 }]);
    // read the queue, check interactions, check allergies (under the name interactions/ uses), controlled, stock
    const queue = await stack.rest("GET", `${DISPENSING}/queue/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(queue.status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/drug-safety/interactions/?items=723&patient_uhid=${uhid}`, { token: pharmacist })).status).toBe(200);
    const allergies = await stack.rest("GET", `/api/v1/drug-safety/allergies/?patient_uhid=${uhid}`, { token: pharmacist });
    expect(allergies.status, JSON.stringify(allergies.body)).toBe(200);
    expect(allergies.body.uhid).toBe(uhid);
    expect((await stack.rest("GET", "/api/v1/drug-safety/controlled-substances/?search=amoxicillin", { token: pharmacist })).status).toBe(200);
    const before = await onHand(pharmacist, KAMPALA, "723");
    // create dispense
    const dispense = await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: { prescription_id: rx.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: "723", quantity: 12 }] } });
    expect(dispense.status, JSON.stringify(dispense.body)).toBe(201);
    const [booked] = await movementsOf(dispense.body.id);
    const count = await allMovements();
    // record a stock movement to reduce stock: both request forms, both reduction words
    const byMedication = await move({ pharmacy_id: KAMPALA, medication_code: "723", movement_type: "dispense", quantity: -12, reference_type: "dispense", reference_id: dispense.body.id });
    expect(byMedication.status, JSON.stringify(byMedication.body)).toBe(201);
    expect(byMedication.body).toMatchObject({ id: booked.id, movement_type: "dispense", quantity: -12, quantity_before: before, quantity_after: before - 12 });
    const byItem = await move({ inventory_item: booked.inventory_item, movement_type: "sale", quantity: -12, reference_type: "Dispense", reference_id: dispense.body.id, notes: "legacy client" });
    expect(byItem.status, JSON.stringify(byItem.body)).toBe(201);
    expect(byItem.body.id).toBe(booked.id);
    expect(await onHand(pharmacist, KAMPALA, "723")).toBe(before - 12);
    expect(await allMovements()).toBe(count);
  });
});

describe("workflow 3 (inventory) as the spec orders it", () => {
  it("alerts, suppliers, order, GRN, then 'record a receipt stock movement': acknowledged, stock received once", async () => {
    expect((await stack.rest("GET", "/api/v1/pharmacy/inventory/alerts/", { token: pharmacist })).status).toBe(200);
    expect((await stack.rest("GET", "/api/v1/procurement/suppliers/?search=SUP-NPD", { token: pharmacist })).status).toBe(200);
    expect((await stack.rest("GET", "/api/v1/procurement/supplier-medications/?medication_code=4603", { token: pharmacist })).status).toBe(200);
    const po = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: "SUP-NPD", expected_delivery: kampalaDay(3), items: [{ medication_code: "4603", quantity: 60, unit_price: "60.00" }] } });
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    // The spec lists no submit step: a GRN against a created order says which step is missing.
    const early = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.body.id, items: [{ medication_code: "4603", quantity_received: 60, lot_number: "LEG-1", expiry_date: kampalaDay(400) }] } });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain(`purchase-orders/${po.body.id}/submit/`);
    expect((await stack.rest("POST", `${orders}${po.body.id}/submit/`, { token: pharmacist })).status).toBe(200);
    const before = await onHand(pharmacist, KAMPALA, "4603");
    const note = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.body.id, delivery_note: `LEG-DN-${Date.now()}`, items: [{ medication_code: "4603", quantity_received: 60, lot_number: "LEG-1", expiry_date: kampalaDay(400) }] } });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const count = await allMovements();
    // record a receipt stock movement, under the order (the spec's purchase_order) by id and by number, and under the GRN
    for (const ref of [
      { reference_type: "purchase_order", reference_id: po.body.id },
      { reference_type: "purchase_order", reference_id: po.body.po_number },
      { reference_type: "goods_received_note", reference_id: note.body.id },
      { reference_type: "GRN", reference_id: note.body.grn_number },
    ]) {
      const res = await move({ pharmacy_id: KAMPALA, medication_code: "4603", movement_type: "receipt", quantity: 60, ...ref });
      expect(res.status, `${JSON.stringify(ref)} ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ movement_type: "receipt", quantity: 60, quantity_after: before + 60, reference_type: "purchase_order", reference_id: po.body.id });
    }
    expect(await onHand(pharmacist, KAMPALA, "4603")).toBe(before + 60);
    expect(await allMovements()).toBe(count);
  });
});

describe("a step that disagrees with what was booked writes nothing and names it", () => {
  let dispenseId: string;
  let itemId: string;
  beforeAll(async () => {
    await stockUp(pharmacist, KAMPALA, "723", 20);
    const rx = await prescribe(await newPatient(), [{ medication_code: "723", quantity: 6 }]);
    const d = await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: { prescription_id: rx.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: "723", quantity: 6 }] } });
    expect(d.status).toBe(201);
    dispenseId = d.body.id;
    itemId = (await movementsOf(dispenseId))[0].inventory_item;
  });

  it("another quantity, another medicine, another kind: 409 naming the booked movement; an unknown reference: 400; a positive reduction: 400", async () => {
    const count = await allMovements();
    const stock = await onHand(pharmacist, KAMPALA, "723");
    const other = await move({ inventory_item: itemId, movement_type: "dispense", quantity: -5, reference_type: "dispense", reference_id: dispenseId });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toMatch(/dispense -6 of medication 723 .*this request says -5/);
    await stockUp(pharmacist, KAMPALA, "4603", 5);
    const medicine = await move({ pharmacy_id: KAMPALA, medication_code: "4603", movement_type: "dispense", quantity: -6, reference_type: "dispense", reference_id: dispenseId });
    expect(medicine.status).toBe(409);
    expect(medicine.body.error.message).toMatch(/other stock/);
    const kind = await move({ inventory_item: itemId, movement_type: "receipt", quantity: 6, reference_type: "dispense", reference_id: dispenseId });
    expect(kind.status).toBe(409);
    const unknown = await move({ inventory_item: itemId, movement_type: "dispense", quantity: -6, reference_type: "dispense", reference_id: "00000000-0000-4000-8000-00000000abcd" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.reference_id).toEqual([expect.stringContaining("no dispense")]);
    const positive = await move({ inventory_item: itemId, movement_type: "sale", quantity: 6, reference_type: "dispense", reference_id: dispenseId });
    expect(positive.status).toBe(400);
    expect(positive.body.error.fields.quantity).toBeDefined();
    // a reduction naming nothing cannot be matched: 400 telling what to name
    const bare = await move({ inventory_item: itemId, movement_type: "sale", quantity: -2, notes: "legacy" });
    expect(bare.status).toBe(400);
    expect(bare.body.error.fields.reference_type).toEqual([expect.stringContaining("reference_id")]);
    expect(await allMovements()).toBe(count);
    expect(await onHand(pharmacist, KAMPALA, "723")).toBe(stock);
  });

  it("two acknowledgements at once: both answer the booked movement, nothing written", async () => {
    const count = await allMovements();
    const stock = await onHand(pharmacist, KAMPALA, "723");
    const body = { inventory_item: itemId, movement_type: "dispense", quantity: -6, reference_type: "dispense", reference_id: dispenseId };
    const [a, b] = await Promise.all([move(body), move(body, { "Idempotency-Key": `legacy-pair-${Date.now()}` })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await allMovements()).toBe(count);
    expect(await onHand(pharmacist, KAMPALA, "723")).toBe(stock);
  });

  it("another pharmacy's dispense is not found from here", async () => {
    const gulu = await stack.token("pharmacist", { pharmacy: GULU, sub: "legacy-gulu" });
    const res = await stack.rest("POST", movements, { token: gulu, body: { pharmacy_id: GULU, medication_code: "723", movement_type: "dispense", quantity: -6, reference_type: "dispense", reference_id: dispenseId } });
    expect([400, 403]).toContain(res.status);
  });
});

describe("a till sale's movement (workflow 1's stock) is acknowledged by inventory item", () => {
  it("completed sale, then a sale movement naming the transaction: the till's movement, counted once", async () => {
    const products = await stack.rest("GET", "/api/v1/pharmacy/sales/products/?search=paracetamol", { token: cashier });
    const product = products.body.results[0];
    const sale = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", {
      token: cashier,
      headers: { "Idempotency-Key": `legacy-sale-${Date.now()}` },
      body: { pharmacy_id: KAMPALA, cashier: "till-1", payment_method: "cash", items: [{ product_id: product.id, quantity: 2 }] },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect((await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${sale.body.id}/complete/`, { token: cashier })).status).toBe(200);
    const [booked] = await movementsOf(sale.body.id);
    const count = await allMovements();
    const ack = await move({ inventory_item: booked.inventory_item, movement_type: "sale", quantity: -2, reference_type: "transaction", reference_id: sale.body.id });
    expect(ack.status, JSON.stringify(ack.body)).toBe(201);
    expect(ack.body.id).toBe(booked.id);
    // a dispense word does not acknowledge a till sale
    expect((await move({ inventory_item: booked.inventory_item, movement_type: "dispense", quantity: -2, reference_type: "transaction", reference_id: sale.body.id })).status).toBe(409);
    expect(await allMovements()).toBe(count);
  });
});

describe("drug-safety/allergies/ takes uhid or patient_uhid", () => {
  it("both and different is 400; neither is 400", async () => {
    const a = await newPatient();
    const b = await newPatient();
    expect((await stack.rest("GET", `/api/v1/drug-safety/allergies/?uhid=${a}`, { token: pharmacist })).status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/drug-safety/allergies/?uhid=${a}&patient_uhid=${a}`, { token: pharmacist })).status).toBe(200);
    const both = await stack.rest("GET", `/api/v1/drug-safety/allergies/?uhid=${a}&patient_uhid=${b}`, { token: pharmacist });
    expect(both.status).toBe(400);
    expect(both.body.error.fields.patient_uhid).toBeDefined();
    expect((await stack.rest("GET", "/api/v1/drug-safety/allergies/", { token: pharmacist })).status).toBe(400);
  });
});
