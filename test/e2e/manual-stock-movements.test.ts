import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * What may be recorded by hand through POST /api/v1/pharmacy/inventory/movements/ (real servers):
 * receipts and adjustments under references of one's own. A workflow's movement types and references
 * are its own (a dispense's stock is never taken off twice), and a controlled medicine's adjustment books
 * a controlled-register entry.
 */

let stack: Stack;
let pharmacist: string;
let physician: string;
const movementsPath = "/api/v1/pharmacy/inventory/movements/";
const stockPath = "/api/v1/pharmacy/inventory/stock/";
const registerPath = "/api/v1/drug-safety/controlled-register/";

const move = (body: Record<string, unknown>) => stack.rest("POST", movementsPath, { token: pharmacist, body });
const stockOf = async (code: string) => (await stack.rest("GET", `${stockPath}?medication_code=${encodeURIComponent(code)}`, { token: pharmacist })).body.results[0] as { id: string; quantity: number };
const movementCount = async (itemId: string) => (await stack.rest("GET", `${movementsPath}?inventory_item=${itemId}&page_size=100`, { token: pharmacist })).body.results.length as number;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "manual-moves-pharmacist" });
  physician = await stack.token("physician", { sub: "dr-manual-moves" });
});
afterAll(() => stack?.stop());

describe("a workflow's stock is never moved again by hand", () => {
  it("after a dispense took its units, a hand-made dispense under its reference is answered with the dispense's own movement and changes nothing", async () => {
    const uhid = `UG-MOVES-${Date.now().toString(36).toUpperCase()}`;
    expect((await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Manual", family_name: "Moves", sex: "female", birth_date: "1985-03-01", phone: "+256772000222" } })).status).toBe(201);
    const rx = await stack.rest("POST", "/api/v1/pharmacy/dispensing/prescriptions/", { token: physician, body: { patient_uhid: uhid, items: [{ medication_code: "723", dose: "500 mg", frequency: "three times daily", quantity: 10 }] } });
    expect(rx.status).toBe(201);
    const before = await stockOf("723");
    const dispense = await stack.rest("POST", "/api/v1/pharmacy/dispensing/dispenses/", {
      token: pharmacist,
      body: { prescription_id: rx.body.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: "723", quantity: 10 }] },
    });
    expect(dispense.status, JSON.stringify(dispense.body)).toBe(201);
    const dispensed = await stockOf("723");
    expect(dispensed.quantity).toBe(before.quantity - 10);
    const count = await movementCount(dispensed.id);

    // Spec workflow 2 followed literally: acknowledged (the booked movement), never taken off twice (test/e2e/legacy-workflows.test.ts).
    const again = await move({ pharmacy_id: KAMPALA, medication_code: "723", movement_type: "dispense", quantity: -10, reference_type: "dispense", reference_id: dispense.body.id });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ movement_type: "dispense", quantity: -10, reference_type: "dispense", reference_id: dispense.body.id, quantity_after: dispensed.quantity });
    // Dressed as an adjustment under the dispense's reference: refused (409 naming what the dispense booked).
    const disguised = await move({ inventory_item: dispensed.id, movement_type: "adjustment", quantity: -10, reference_type: "dispense", reference_id: dispense.body.id });
    expect(disguised.status).toBe(409);
    expect(disguised.body.error.message).toMatch(/already booked its stock: dispense -10 of medication 723/);
    expect((await stockOf("723")).quantity).toBe(dispensed.quantity);
    expect(await movementCount(dispensed.id)).toBe(count);
  });

  it("refuses every workflow's movement type (400 on movement_type naming the workflow)", async () => {
    const item = await stockOf("723");
    const cases: [string, number, RegExp][] = [
      ["sale", -1, /till/],
      ["dispense", -1, /dispensing/],
      ["return", 1, /customer return/],
      ["supplier_return", -1, /supplier return/],
      ["destruction", -1, /witnessed destruction/],
      ["compounding", -1, /compound preparation/],
      ["compounding", 1, /compound preparation/],
    ];
    const count = await movementCount(item.id);
    for (const [movement_type, quantity, workflow] of cases) {
      const res = await move({ inventory_item: item.id, movement_type, quantity, reference_type: "stock_count", reference_id: "c-1" });
      expect(res.status, movement_type).toBe(400);
      expect(res.body.error.fields.movement_type, movement_type).toEqual([expect.stringMatching(workflow)]);
    }
    expect(await movementCount(item.id)).toBe(count);
    expect((await stockOf("723")).quantity).toBe(item.quantity);
  });

  it("refuses every workflow's reference type on a receipt or an adjustment, however it is spelt (400 on reference_type)", async () => {
    const item = await stockOf("723");
    const references = [
      "transaction",
      "sale",
      "dispense",
      "prescription",
      "purchase_order",
      "Purchase Order",
      "PURCHASE-ORDER",
      "grn",
      "goods_received_note",
      "customer_return",
      "supplier_return",
      "destruction",
      "quarantine",
      "compound_preparation",
      "compounding",
      "opening_balance",
      " Transaction ",
    ];
    const count = await movementCount(item.id);
    for (const reference_type of references) {
      for (const [movement_type, quantity] of [["receipt", 5], ["adjustment", -1]] as const) {
        const res = await move({ inventory_item: item.id, movement_type, quantity, reference_type, reference_id: "x-1" });
        expect(res.status, `${movement_type} ${reference_type}`).toBe(400);
        // A record that books its own movements (dispense, transaction, order, GRN) is looked up: x-1 names none (400 on reference_id).
        expect(res.body.error.fields.reference_type ?? res.body.error.fields.reference_id, reference_type).toBeDefined();
      }
    }
    expect(await movementCount(item.id)).toBe(count);
  });

  it("records receipts and adjustments under references of one's own", async () => {
    const item = await stockOf("723");
    const receipt = await move({ inventory_item: item.id, movement_type: "receipt", quantity: 12, lot_number: "AMX-HAND", expiry_date: "2030-01-31", reference_type: "delivery_note", reference_id: "DN-77" });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    expect(receipt.body).toMatchObject({ movement_type: "receipt", quantity: 12, reference_type: "delivery_note", reference_id: "DN-77" });
    const count = await move({ inventory_item: item.id, movement_type: "adjustment", quantity: -2, reference_type: "stock_count", reference_id: "SC-2026-11" });
    expect(count.status).toBe(201);
    const plain = await move({ inventory_item: item.id, movement_type: "adjustment", quantity: 1, notes: "found behind the shelf" });
    expect(plain.status).toBe(201);
    expect((await stockOf("723")).quantity).toBe(item.quantity + 11);
  });
});

describe("a controlled medicine's stock changes by hand only with the register", () => {
  const codeine = "2670";

  async function registerEntry(code: string, transaction_type: string, quantity: number): Promise<string> {
    const res = await stack.rest("POST", registerPath, { token: pharmacist, body: { medication_code: code, pharmacy_id: KAMPALA, transaction_type, quantity, witness: "S. Nakato" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  it("refuses an adjustment that names no register entry (400 naming the schedule), and changes nothing", async () => {
    for (const code of [codeine, "10689"]) {
      const item = await stockOf(code);
      const count = await movementCount(item.id);
      for (const body of [
        { inventory_item: item.id, movement_type: "adjustment", quantity: -5, reference_type: "stock_count", reference_id: "SC-1" },
        { pharmacy_id: KAMPALA, medication_code: code, movement_type: "adjustment", quantity: 3 },
      ]) {
        const res = await move(body);
        expect(res.status, code).toBe(400);
        expect(res.body.error.fields.reference_type).toEqual([expect.stringMatching(/controlled medicine \(schedule .+\).*controlled_register/)]);
      }
      const malformed = await move({ inventory_item: item.id, movement_type: "adjustment", quantity: -1, reference_type: "controlled_register", reference_id: "SC-1" });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.fields.reference_id).toBeDefined();
      // The workflows' types stay refused for controlled stock too.
      const destroyed = await move({ inventory_item: item.id, movement_type: "destruction", quantity: -1 });
      expect(destroyed.status).toBe(400);
      expect(await movementCount(item.id)).toBe(count);
      expect((await stockOf(code)).quantity).toBe(item.quantity);
    }
  });

  it("books a register adjustment once, with its exact quantity, medicine and pharmacy", async () => {
    const item = await stockOf(codeine);
    await registerEntry(codeine, "receipt", 40);
    const entry = await registerEntry(codeine, "adjustment", -3);
    const tramadolEntry = await registerEntry("10689", "receipt", 5);
    const book = (reference_id: string, quantity: number) => move({ inventory_item: item.id, movement_type: "adjustment", quantity, reference_type: "controlled_register", reference_id });

    const wrongQuantity = await book(entry, -2);
    expect(wrongQuantity.status).toBe(400);
    expect(wrongQuantity.body.error.fields.quantity).toEqual([expect.stringContaining("-3")]);
    expect((await book(tramadolEntry, -3)).status).toBe(400); // another medicine's entry (and a receipt)
    expect((await book("00000000-0000-4000-8000-000000000000", -3)).status).toBe(400);
    expect((await stockOf(codeine)).quantity).toBe(item.quantity);

    // Two movements naming the same entry at once: exactly one books it, the other is 409.
    const [a, b] = await Promise.all([book(entry, -3), book(entry, -3)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const booked = a.status === 201 ? a : b;
    expect(booked.body).toMatchObject({ movement_type: "adjustment", quantity: -3, reference_type: "controlled_register", reference_id: entry });
    expect((await stockOf(codeine)).quantity).toBe(item.quantity - 3);
    expect((await book(entry, -3)).status).toBe(409);
    expect((await stockOf(codeine)).quantity).toBe(item.quantity - 3);
  });

  it("a controlled_register reference is refused on a medicine that is not controlled", async () => {
    const entry = await registerEntry(codeine, "adjustment", 1);
    const res = await move({ pharmacy_id: KAMPALA, medication_code: "723", movement_type: "adjustment", quantity: 1, reference_type: "controlled_register", reference_id: entry });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.reference_type).toBeDefined();
  });

  it("a receipt by hand books a register receipt too: none named is 400 and changes nothing; the entry's kind, medicine and quantity must match; booked once", async () => {
    const item = await stockOf(codeine);
    const count = await movementCount(item.id);
    const receipt = (extra: Record<string, unknown>, quantity = 10) => move({ inventory_item: item.id, movement_type: "receipt", quantity, lot_number: "COD-HAND", expiry_date: "2030-06-30", ...extra });
    const unbooked = await receipt({ reference_type: "delivery_note", reference_id: "DN-COD-1" });
    expect(unbooked.status).toBe(400);
    expect(unbooked.body.error.fields.reference_type).toEqual([expect.stringMatching(/controlled medicine \(schedule .+\): a receipt books a controlled-register receipt.*goods received note/)]);
    expect((await receipt({})).status).toBe(400);
    expect(await movementCount(item.id)).toBe(count);
    expect((await stockOf(codeine)).quantity).toBe(item.quantity);

    const adjustment = await registerEntry(codeine, "adjustment", 10);
    const entry = await registerEntry(codeine, "receipt", 10);
    const wrongKind = await receipt({ reference_type: "controlled_register", reference_id: adjustment });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.fields.reference_id).toEqual([expect.stringContaining("no controlled-register receipt")]);
    expect((await receipt({ reference_type: "controlled_register", reference_id: entry }, 9)).body.error.fields.quantity).toEqual([expect.stringContaining("10")]);
    expect(await movementCount(item.id)).toBe(count);

    const booked = await receipt({ reference_type: "controlled_register", reference_id: entry });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ movement_type: "receipt", quantity: 10, reference_type: "controlled_register", reference_id: entry });
    expect((await stockOf(codeine)).quantity).toBe(item.quantity + 10);
    expect((await receipt({ reference_type: "controlled_register", reference_id: entry })).status).toBe(409);
    expect((await stockOf(codeine)).quantity).toBe(item.quantity + 10);
  });

  it("a new stock item of a controlled medicine opens at 0: an opening quantity is 400 and creates nothing", async () => {
    const pethidine = "local:pethidine";
    const listed = async () => (await stack.rest("GET", `${stockPath}?medication_code=${encodeURIComponent(pethidine)}&pharmacy=${KAMPALA}`, { token: pharmacist })).body.count as number;
    const before = await listed();
    const opened = await stack.rest("POST", stockPath, { token: pharmacist, body: { pharmacy_id: KAMPALA, name: "Pethidine 50 mg/mL", medication_code: pethidine, quantity: 20 } });
    expect(opened.status).toBe(400);
    expect(opened.body.error.fields.quantity).toEqual([expect.stringMatching(/Pethidine is a controlled medicine.*open its stock item at 0/)]);
    expect(await listed()).toBe(before);
  });
});
