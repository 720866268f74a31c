import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { saleBody } from "./pharmacy-pos-helpers.js";

/**
 * Drug recalls (issue 11) through REST on real servers: a recalled lot is never sold or dispensed (409
 * naming the recall) while another lot of the medicine still is, first expiry first; recalled stock
 * shows in the stock alerts and the safety alerts; closing the recall makes the lot sellable again.
 */

let stack: Stack;
let pharmacist: string;
let cashier: string;
let admin: string;
let physician: string;
const recalls = "/api/v1/drug-safety/recalls/";
const CODE = "7646"; // omeprazole: catalogued, not in the demo stock, not controlled

function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function receive(lot: string, expiry: string, quantity: number) {
  const res = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
    token: pharmacist,
    body: { pharmacy_id: KAMPALA, medication_code: CODE, movement_type: "receipt", quantity, lot_number: lot, expiry_date: expiry },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function item() {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?medication_code=${CODE}`, { token: pharmacist });
  return res.body.results[0];
}

async function saleLots(transactionId: string): Promise<string[]> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=transaction&reference_id=${transactionId}`, { token: pharmacist });
  return res.body.results.flatMap((m: { batches: { lot_number: string }[] }) => m.batches.map((b) => b.lot_number)).sort();
}

async function prescribeAndDispense(quantity: number) {
  const uhid = `UG-RECALL-${Date.now().toString(36).toUpperCase()}-${quantity}`;
  const patient = await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Recall", family_name: "Patient", sex: "female", birth_date: "1980-01-01", phone: "+256772000111" } });
  expect(patient.status).toBe(201);
  const rx = await stack.rest("POST", "/api/v1/pharmacy/dispensing/prescriptions/", { token: physician, body: { patient_uhid: uhid, items: [{ medication_code: CODE, dose: "20 mg", frequency: "daily", quantity }] } });
  expect(rx.status).toBe(201);
  return stack.rest("POST", "/api/v1/pharmacy/dispensing/dispenses/", {
    token: pharmacist,
    body: { prescription_id: rx.body.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: CODE, quantity }] },
  });
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-recall" });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  admin = await stack.token("admin", { sub: "admin-recall" });
  physician = await stack.token("physician", { sub: "dr-recall" });
});
afterAll(() => stack?.stop());

describe("drug recalls", () => {
  it("holds a recalled lot out of sales and dispenses (409 naming the recall) while another lot is still drawn FEFO; closing it releases the lot", async () => {
    await receive("OME-EARLY", dayFromToday(100), 10);
    await receive("OME-LATE", dayFromToday(300), 10);
    const stockItem = await item();
    const product = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", { token: pharmacist, body: { name: "Omeprazole 20 mg (recall test)", category: "test", retail_price: "500.00", inventory_item: stockItem.id } });
    expect(product.status).toBe(201);
    // Two sales rung up before the recall arrives.
    const small = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 4 }]) });
    const large = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 12 }]) });
    expect([small.status, large.status]).toEqual([201, 201]);

    const notice = { medication_code: CODE, lot_numbers: ["ome-early "], recall_class: "I", reason: "Dissolution failure", recall_date: dayFromToday(0), issuing_authority: "National Drug Authority", authority_reference: "NDA/RC/2026/017" };
    const created = await stack.rest("POST", recalls, { token: pharmacist, body: notice });
    expect(created.status).toBe(201);
    const recallId = created.body.id;
    expect(created.body).toMatchObject({ status: "active", active: true, medication_name: "Omeprazole", affected_units: 10, created_by: "pharm-recall" });
    expect(created.body.affected_batches).toEqual([expect.objectContaining({ lot_number: "OME-EARLY", quantity: 10, pharmacy_id: KAMPALA })]);
    expect((await stack.rest("POST", recalls, { token: pharmacist, body: notice })).status).toBe(409);
    expect((await item()).sellable_quantity).toBe(10);

    // The small sale is met by the other lot; the large one only with recalled units: 409 naming the recall.
    const done = await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${small.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(await saleLots(small.body.id)).toEqual(["OME-LATE"]);
    const refused = await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${large.body.id}/complete/`, { token: cashier });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(recallId);
    expect(refused.body.error.message).toContain("NDA/RC/2026/017");
    expect((await stack.rest("GET", `/api/v1/pharmacy/sales/transactions/${large.body.id}/`, { token: cashier })).body.status).toBe("pending");
    // A sale rung up now is refused at once, 409 naming the recall (not a bare "not enough stock"), and not written.
    const salesBefore = (await stack.rest("GET", "/api/v1/pharmacy/sales/transactions/?page_size=1", { token: cashier })).body.count;
    const rungUp = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 12 }]) });
    expect(rungUp.status).toBe(409);
    expect(rungUp.body.error.message).toContain("NDA/RC/2026/017");
    expect(Object.keys(rungUp.body.error.fields)).toEqual(["items.0.quantity"]);
    expect((await stack.rest("GET", "/api/v1/pharmacy/sales/transactions/?page_size=1", { token: cashier })).body.count).toBe(salesBefore);

    const dispenseRefused = await prescribeAndDispense(8);
    expect(dispenseRefused.status).toBe(409);
    expect(dispenseRefused.body.error.message).toContain(recallId);
    expect(dispenseRefused.body.error.message).toContain("NDA/RC/2026/017");
    const dispensed = await prescribeAndDispense(2);
    expect(dispensed.status).toBe(201);
    const dispenseMoves = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=dispense&reference_id=${dispensed.body.id}`, { token: pharmacist });
    expect(dispenseMoves.body.results[0].batches.map((b: { lot_number: string }) => b.lot_number)).toEqual(["OME-LATE"]);

    // Visible where pharmacists look.
    const alerts = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?type=recalled&medication_code=${CODE}`, { token: pharmacist });
    expect(alerts.body.results).toEqual([expect.objectContaining({ type: "recalled", severity: "critical", lot_number: "OME-EARLY", batch_quantity: 10, reason: expect.stringContaining(recallId) })]);
    const safety = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=recall", { token: pharmacist });
    expect(safety.status).toBe(200);
    expect(safety.body.results).toEqual([expect.objectContaining({ type: "recall", severity: "critical", lot_number: "OME-EARLY", reference_type: "drug_recall", reference_id: recallId, pharmacy_id: KAMPALA })]);

    // Only admins close; closing twice is 409; closed, the lot sells again (first expiry first).
    expect((await stack.rest("POST", `${recalls}${recallId}/close/`, { token: pharmacist, body: {} })).status).toBe(403);
    const closed = await stack.rest("POST", `${recalls}${recallId}/close/`, { token: admin, body: { reason: "Lifted by the authority" } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", active: false, closed_by: "admin-recall", close_reason: "Lifted by the authority" });
    expect((await stack.rest("POST", `${recalls}${recallId}/close/`, { token: admin, body: {} })).status).toBe(409);
    const retried = await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${large.body.id}/complete/`, { token: cashier });
    expect(retried.status).toBe(200);
    expect(await saleLots(large.body.id)).toEqual(["OME-EARLY", "OME-LATE"]);
  });

  it("refuses bad input with field errors and writes nothing; cashiers may not record recalls", async () => {
    const before = (await stack.rest("GET", recalls, { token: pharmacist })).body;
    const bad = await stack.rest("POST", recalls, {
      token: pharmacist,
      body: { medication_code: "99999999", lot_numbers: ["A", "a"], recall_class: "I", reason: " ", recall_date: dayFromToday(3), issuing_authority: "NDA", authority_reference: "X-1" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["lot_numbers", "medication_code", "reason", "recall_date"]);
    const wrongClass = await stack.rest("POST", recalls, { token: pharmacist, body: { medication_code: CODE, recall_class: "IV", reason: "x", recall_date: dayFromToday(0), issuing_authority: "NDA", authority_reference: "X-2" } });
    expect(wrongClass.status).toBe(400);
    expect((await stack.rest("GET", recalls, { token: pharmacist })).body.count).toBe(before.count);
    expect((await stack.rest("POST", recalls, { token: cashier, body: { medication_code: CODE, recall_class: "I", reason: "x", recall_date: dayFromToday(0), issuing_authority: "NDA", authority_reference: "X-3" } })).status).toBe(403);
  });

  it("lists recalls with filters and pagination, one by id (404 unknown)", async () => {
    for (const [cls, ref] of [["II", "MFR-22"], ["III", "MFR-33"]]) {
      const r = await stack.rest("POST", recalls, { token: pharmacist, body: { medication_code: "5640", lot_numbers: [], recall_class: cls, reason: `Labelling error ${ref}`, recall_date: dayFromToday(-1), issuing_authority: "Manufacturer", authority_reference: ref } });
      expect(r.status).toBe(201);
    }
    const byClass = await stack.rest("GET", `${recalls}?recall_class=II&medication_code=5640`, { token: pharmacist });
    expect(byClass.body.results.map((r: { authority_reference: string }) => r.authority_reference)).toEqual(["MFR-22"]);
    const active = await stack.rest("GET", `${recalls}?active=true&page_size=1`, { token: pharmacist });
    expect(active.body).toMatchObject({ count: 1, next: 2 });
    const closed = await stack.rest("GET", `${recalls}?status=closed`, { token: pharmacist });
    expect(closed.body.results.every((r: { status: string }) => r.status === "closed")).toBe(true);
    const search = await stack.rest("GET", `${recalls}?search=mfr-33`, { token: pharmacist });
    expect(search.body.results).toHaveLength(1);
    const one = await stack.rest("GET", `${recalls}${search.body.results[0].id}/`, { token: pharmacist });
    expect(one.body).toMatchObject({ recall_class: "III", lot_numbers: [] });
    expect((await stack.rest("GET", `${recalls}5b7c2a3e-0000-4000-8000-00000000abcd/`, { token: pharmacist })).status).toBe(404);
    expect((await stack.rest("GET", `${recalls}?recall_class=IV`, { token: pharmacist })).status).toBe(400);
  });
});
