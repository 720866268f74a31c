import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockMovementBatches } from "../../subgraphs/pharmacy/db/tables.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { saleBody } from "./pharmacy-pos-helpers.js";

/**
 * How far a hold reaches, through REST on real servers: a recall (or any hold) of an ingredient lot holds
 * the preparations compounded from it, transitively; a recall may name a stock item without a catalog
 * code (the till refuses its lots at creation and completion); a storage unit's excursion holds stock
 * received into the unit while it is out of range, until its disposition.
 */

let stack: Stack;
let pharmacist: string;
let approver: string;
let cashier: string;
let admin: string;
let physician: string;
let guluPharmacist: string;
const recalls = "/api/v1/drug-safety/recalls/";
const stockPath = "/api/v1/pharmacy/inventory/stock/";
const movementsPath = "/api/v1/pharmacy/inventory/movements/";
const cc = "/api/v1/cold-chain/";
const dispensing = "/api/v1/pharmacy/dispensing";

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const notice = (extra: Record<string, unknown>) => ({ recall_class: "I", reason: "Out-of-specification assay", recall_date: kampalaDay(0), issuing_authority: "National Drug Authority", ...extra });

async function stockOf(query: string, token = pharmacist) {
  const res = await stack.rest("GET", `${stockPath}?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.results[0];
}

async function receive(body: Record<string, unknown>, token = pharmacist) {
  const res = await stack.rest("POST", movementsPath, { token, body: { movement_type: "receipt", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Lots a movement reference drew. */
async function lotsDrawn(referenceType: string, referenceId: string): Promise<string[]> {
  const res = await stack.rest("GET", `${movementsPath}?reference_type=${referenceType}&reference_id=${referenceId}`, { token: pharmacist });
  return res.body.results.filter((m: { quantity: number }) => m.quantity < 0).flatMap((m: { batches: { lot_number: string }[] }) => m.batches.map((b) => b.lot_number)).sort();
}

/** A storage unit that raises an excursion on two readings out of range (tolerance 0), with these stock items. */
async function fridge(stockItems: string[], token = pharmacist) {
  const res = await stack.rest("POST", `${cc}storage-units/`, { token, body: { name: `Fridge ${Math.random().toString(36).slice(2, 8)}`, kind: "refrigerator", profile: "refrigerated", tolerance_minutes: 0, stock_items: stockItems } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
/** Readings of a unit, `minutesAgo` before now (a unit's readings may not predate it by more than a few minutes). */
const readings = (unitId: string, r: [minutesAgo: number, temperature: number][], token = pharmacist) =>
  stack.rest("POST", `${cc}readings/`, { token, body: { storage_unit_id: unitId, readings: r.map(([m, t]) => ({ recorded_at: new Date(Date.now() - m * 60_000).toISOString(), temperature_c: t })) } });

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-reach" });
  approver = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-reach-chief" });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  admin = await stack.token("admin", { sub: "admin-reach" });
  physician = await stack.token("physician", { sub: "dr-reach" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "pharm-reach-gulu" });
}, 120_000);
afterAll(() => stack?.stop());

describe("a recall of an ingredient lot reaches the preparations compounded from it", () => {
  it("lists them among the affected batches, keeps them out of stock and dispenses (409 naming the recall and the lot), transitively, and releases them on close", async () => {
    await receive({ pharmacy_id: KAMPALA, medication_code: "723", quantity: 21, lot_number: "AMX-SHORT", expiry_date: kampalaDay(30) });
    await receive({ pharmacy_id: KAMPALA, medication_code: "excipient:syrup-base", quantity: 2000, lot_number: "SYR-1", expiry_date: kampalaDay(60) });
    const created = await stack.rest("POST", "/api/v1/compounding/formulas/", {
      token: pharmacist,
      body: {
        code: "AMOX-SUSP-PAED2",
        name: "Amoxicillin paediatric suspension",
        dosage_form: "oral suspension",
        batch_unit: "mL",
        beyond_use_days: 14,
        tolerance_percent: "5",
        ingredients: [
          { stock_code: "723", quantity_per_unit: "0.2", unit: "capsule" },
          { stock_code: "excipient:syrup-base", name: "Syrup base", quantity_per_unit: "0.8", unit: "mL" },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const f = (await stack.rest("POST", `/api/v1/compounding/formulas/${created.body.id}/approve/`, { token: approver })).body;
    const code: string = f.medication_code;
    const prepare = async (size: number, amox: number, base: number) => {
      const res = await stack.rest("POST", "/api/v1/compounding/preparations/", {
        token: pharmacist,
        body: { formula_id: f.id, batch_size: size, prepared_by: "P. Achieng", ingredients_used: [{ ingredient_id: f.ingredients[0].id, quantity: amox }, { ingredient_id: f.ingredients[1].id, quantity: base }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    // The first draws the short-dated lot whole (first expiry first), the second the demo world's lot.
    const fromShort = await prepare(100, 21, 79);
    const fromOther = await prepare(100, 21, 79);
    expect(await lotsDrawn("compound_preparation", fromShort.id)).toEqual(["AMX-SHORT", "SYR-1"]);
    expect(await lotsDrawn("compound_preparation", fromOther.id)).not.toContain("AMX-SHORT");

    const recall = await stack.rest("POST", recalls, { token: pharmacist, body: notice({ medication_code: "723", lot_numbers: [" amx-short"], authority_reference: "NDA/RC/2026/AMX" }) });
    expect(recall.status, JSON.stringify(recall.body)).toBe(201);
    const recallId = recall.body.id;
    expect(recall.body.affected_batches).toEqual([expect.objectContaining({ batch_id: fromShort.batch_id, lot_number: fromShort.lot_number, quantity: 100, pharmacy_id: KAMPALA })]);
    expect(recall.body.affected_units).toBe(100);
    expect(await stockOf(`medication_code=${encodeURIComponent(code)}`)).toMatchObject({ quantity: 200, sellable_quantity: 100 });
    const alerts = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?type=recalled&medication_code=${encodeURIComponent(code)}`, { token: pharmacist });
    expect(alerts.body.results).toEqual([expect.objectContaining({ lot_number: fromShort.lot_number, reason: expect.stringContaining("AMX-SHORT") })]);
    const safety = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=recall", { token: pharmacist });
    expect(safety.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ reference_id: recallId, lot_number: fromShort.lot_number })]));

    // A prescription of the compound is dispensed from the other preparation only.
    const uhid = `UG-REACH-${Date.now().toString(36).toUpperCase()}`;
    expect((await stack.rest("POST", "/api/v1/uhid/", { token: physician, body: { uhid, given_name: "Reach", family_name: "Patient", sex: "female", birth_date: "2020-01-01", phone: "+256772000111" } })).status).toBe(201);
    const dispense = async (quantity: number) => {
      const rx = await stack.rest("POST", `${dispensing}/prescriptions/`, { token: physician, body: { patient_uhid: uhid, items: [{ medication_code: code, dose: "5 mL", frequency: "tds", quantity }] } });
      expect(rx.status, JSON.stringify(rx.body)).toBe(201);
      return stack.rest("POST", `${dispensing}/dispenses/`, { token: pharmacist, body: { prescription_id: rx.body.id, pharmacy_id: KAMPALA, pharmacist: "P. Achieng", items: [{ medication_code: code, quantity }] } });
    };
    const given = await dispense(60);
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(await lotsDrawn("dispense", given.body.id)).toEqual([fromOther.lot_number]);
    const refused = await dispense(60);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(recallId);
    expect(refused.body.error.message).toContain("AMX-SHORT");
    expect(await stockOf(`medication_code=${encodeURIComponent(code)}`)).toMatchObject({ quantity: 140, sellable_quantity: 40 });

    // A preparation made with a preparation made from the lot is held too (the API refuses such a formula
    // today; the draw is rewired in the database to stand for one).
    const nested = await prepare(10, 2, 8);
    const amoxDraw = nested.ingredients_used.find((i: { stock_code: string }) => i.stock_code === "723").stock_movement_id;
    await stack.server.database!.db.update(stockMovementBatches).set({ batchId: fromShort.batch_id }).where(eq(stockMovementBatches.movementId, amoxDraw));
    const again = await stack.rest("GET", `${recalls}${recallId}/`, { token: pharmacist });
    expect(again.body.affected_batches.map((b: { lot_number: string }) => b.lot_number).sort()).toEqual([fromShort.lot_number, nested.lot_number].sort());
    expect(again.body.affected_units).toBe(110);
    expect(await stockOf(`medication_code=${encodeURIComponent(code)}`)).toMatchObject({ quantity: 150, sellable_quantity: 40 });

    // Closed, every preparation may be dispensed again.
    expect((await stack.rest("POST", `${recalls}${recallId}/close/`, { token: admin, body: { reason: "Lifted" } })).status).toBe(200);
    expect(await stockOf(`medication_code=${encodeURIComponent(code)}`)).toMatchObject({ sellable_quantity: 150 });
  }, 120_000);

  it("any hold of an ingredient batch holds the preparations made from it: an excursion of the fridge the base is kept in, until it is released", async () => {
    const created = await stack.rest("POST", "/api/v1/compounding/formulas/", {
      token: pharmacist,
      body: { code: "BASE-ONLY", name: "Plain syrup", dosage_form: "syrup", batch_unit: "mL", beyond_use_days: 7, tolerance_percent: "0", ingredients: [{ stock_code: "excipient:cold-base", name: "Cold base", quantity_per_unit: "1", unit: "mL" }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const f = (await stack.rest("POST", `/api/v1/compounding/formulas/${created.body.id}/approve/`, { token: approver })).body;
    await receive({ pharmacy_id: KAMPALA, medication_code: "excipient:cold-base", quantity: 50, lot_number: "CB-1", expiry_date: kampalaDay(60) });
    const prep = await stack.rest("POST", "/api/v1/compounding/preparations/", { token: pharmacist, body: { formula_id: f.id, batch_size: 20, prepared_by: "P. Achieng", ingredients_used: [{ ingredient_id: f.ingredients[0].id, quantity: 20 }] } });
    expect(prep.status).toBe(201);
    const base = await stockOf(`medication_code=${encodeURIComponent("excipient:cold-base")}`);
    const unit = await fridge([base.id]);
    const out = await readings(unit, [[4, 12], [3.5, 12]]);
    expect(out.body.excursions).toHaveLength(1);
    const excursion = out.body.excursions[0].id;
    expect(await stockOf(`medication_code=${encodeURIComponent(f.medication_code)}`)).toMatchObject({ quantity: 20, sellable_quantity: 0 });
    const held = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?type=held&medication_code=${encodeURIComponent(f.medication_code)}`, { token: pharmacist });
    expect(held.body.results).toEqual([expect.objectContaining({ lot_number: prep.body.lot_number, reason: expect.stringContaining(excursion) })]);
    expect((await readings(unit, [[3, 5]])).status).toBe(201);
    expect((await stack.rest("POST", `${cc}excursions/${excursion}/close/`, { token: pharmacist, body: { disposition: "release", notes: "Within the base's stability data" } })).status).toBe(200);
    expect(await stockOf(`medication_code=${encodeURIComponent(f.medication_code)}`)).toMatchObject({ sellable_quantity: 20 });
  }, 60_000);
});

describe("a recall of stock without a catalog code", () => {
  // The demo world's Kampala ibuprofen (an OTC product): its stock item has no medication code.
  const PRODUCT = "8549f29c-ddcb-4be3-a29e-b47274dfafc0";
  const ITEM = "7af31b53-97b2-4f18-94ff-8bf1ec321e9e";
  const GULU_PRODUCT = "a5030e43-4e45-44e8-aa5f-b92c76639753";
  const GULU_ITEM = "1965aeff-6c76-46a3-8c6f-8c526d7bb5d2";
  const ibuprofen = () => stockOf(`product=${PRODUCT}`);
  const count = async () => (await stack.rest("GET", recalls, { token: admin })).body.count;

  it("holds the item's named lots (any case and spacing): refused at sale creation and completion naming the recall, listed, closed to sell again", async () => {
    expect(await ibuprofen()).toMatchObject({ id: ITEM, medication_code: null, quantity: 86, sellable_quantity: 86 });
    const before = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: PRODUCT, quantity: 60 }]) });
    expect(before.status).toBe(201);

    const recall = await stack.rest("POST", recalls, { token: pharmacist, body: notice({ inventory_item: ITEM, lot_numbers: [" ibu20010-24815 "], authority_reference: "MFR/IBU/01" }) });
    expect(recall.status, JSON.stringify(recall.body)).toBe(201);
    const recallId = recall.body.id;
    expect(recall.body).toMatchObject({ medication_code: `item:${ITEM}`, inventory_item: ITEM, medication_name: "Ibuprofen 200 mg tablets (10)", lot_numbers: ["ibu20010-24815"], affected_units: 28 });
    expect(recall.body.affected_batches).toEqual([expect.objectContaining({ inventory_item: ITEM, lot_number: "IBU20010-24815", quantity: 28 })]);
    expect(await ibuprofen()).toMatchObject({ quantity: 86, sellable_quantity: 58 });
    // The same notice for the same item again: 409.
    expect((await stack.rest("POST", recalls, { token: pharmacist, body: notice({ product_id: PRODUCT, lot_numbers: ["IBU20010-24815"], authority_reference: "mfr/ibu/01" }) })).status).toBe(409);

    // Completion of a sale rung up before: only the recalled units would do, 409 naming the recall, still pending.
    const done = await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${before.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(409);
    expect(done.body.error.message).toContain(recallId);
    expect(done.body.error.message).toContain("MFR/IBU/01");
    expect((await stack.rest("GET", `/api/v1/pharmacy/sales/transactions/${before.body.id}/`, { token: cashier })).body.status).toBe("pending");
    // Creation now: 59 (one more than may be sold) is refused naming the recall; 58 sells, from the other lot.
    const rungUp = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: PRODUCT, quantity: 59 }]) });
    expect(rungUp.status).toBe(409);
    expect(rungUp.body.error.message).toContain("MFR/IBU/01");
    expect(Object.keys(rungUp.body.error.fields)).toEqual(["items.0.quantity"]);
    const sale = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: PRODUCT, quantity: 10 }]) });
    expect(sale.status).toBe(201);
    expect((await stack.rest("POST", `/api/v1/pharmacy/sales/transactions/${sale.body.id}/complete/`, { token: cashier })).status).toBe(200);
    expect(await lotsDrawn("transaction", sale.body.id)).toEqual(["IBU20010-24549"]);

    // Visible where pharmacists look; filtered by its code.
    const listed = await stack.rest("GET", `${recalls}?medication_code=${encodeURIComponent(`item:${ITEM}`)}`, { token: pharmacist });
    expect(listed.body.results.map((r: { id: string }) => r.id)).toEqual([recallId]);
    const alerts = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=recall", { token: pharmacist });
    expect(alerts.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ reference_id: recallId, lot_number: "IBU20010-24815" })]));

    expect((await stack.rest("POST", `${recalls}${recallId}/close/`, { token: admin, body: {} })).status).toBe(200);
    expect(await ibuprofen()).toMatchObject({ sellable_quantity: 76 });
    expect((await stack.rest("POST", `${recalls}${recallId}/close/`, { token: admin, body: {} })).status).toBe(409);
  }, 60_000);

  it("names the item by its product; no lots listed holds every lot, including one received later", async () => {
    const recall = await stack.rest("POST", recalls, { token: pharmacist, body: notice({ product_id: PRODUCT, lot_numbers: [], recall_class: "II", authority_reference: "MFR/IBU/ALL" }) });
    expect(recall.status, JSON.stringify(recall.body)).toBe(201);
    expect(recall.body).toMatchObject({ inventory_item: ITEM, medication_code: `item:${ITEM}`, affected_units: 76 });
    await receive({ inventory_item: ITEM, quantity: 12, lot_number: "IBU-NEW", expiry_date: kampalaDay(400) });
    expect(await ibuprofen()).toMatchObject({ quantity: 88, sellable_quantity: 0 });
    expect((await stack.rest("GET", `${recalls}${recall.body.id}/`, { token: pharmacist })).body.affected_units).toBe(88);
    const refused = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: PRODUCT, quantity: 1 }]) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(recall.body.id);
    // Other pharmacies' stock of a product of the same name is not touched.
    expect(await stockOf(`product=${GULU_PRODUCT}`, guluPharmacist)).toMatchObject({ sellable_quantity: 91 });
    expect((await stack.rest("POST", `${recalls}${recall.body.id}/close/`, { token: admin, body: {} })).status).toBe(200);
  });

  it("refuses a recall naming no stock, two, or a malformed id (400 fields), an unknown or another pharmacy's item or product (404, not revealed), writing nothing; staff do not see another pharmacy's item recalls", async () => {
    const before = await count();
    const post = (body: Record<string, unknown>, token = pharmacist) => stack.rest("POST", recalls, { token, body: notice({ authority_reference: "X-REACH", ...body }) });
    const none = await post({});
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.error.fields)).toEqual(["medication_code"]);
    const blank = await post({ medication_code: "  " });
    expect(Object.keys(blank.body.error.fields)).toEqual(["medication_code"]);
    const two = await post({ medication_code: "5640", inventory_item: ITEM });
    expect(two.status).toBe(400);
    expect(Object.keys(two.body.error.fields)).toEqual(["inventory_item"]);
    const three = await post({ medication_code: "5640", inventory_item: ITEM, product_id: PRODUCT });
    expect(Object.keys(three.body.error.fields).sort()).toEqual(["inventory_item", "product_id"]);
    const malformed = await post({ inventory_item: "ibuprofen", lot_numbers: ["A", "a"] });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.error.fields).sort()).toEqual(["inventory_item", "lot_numbers"]);
    expect((await post({ product_id: "nope" })).body.error.fields).toHaveProperty("product_id");
    // A recall code is not a catalog code: an item is named by inventory_item.
    expect(Object.keys((await post({ medication_code: `item:${ITEM}` })).body.error.fields)).toEqual(["medication_code"]);

    for (const body of [{ inventory_item: "5b7c2a3e-0000-4000-8000-00000000abcd" }, { inventory_item: GULU_ITEM }, { product_id: "5b7c2a3e-0000-4000-8000-00000000abcd" }, { product_id: GULU_PRODUCT }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error.message).not.toMatch(/gulu|Ibuprofen/i);
    }
    // Invalid input is refused before any lookup: a 400 for another pharmacy's item says nothing of it either.
    expect((await post({ inventory_item: GULU_ITEM, recall_class: "IV" })).status).toBe(400);
    expect(await count()).toBe(before);
    expect(await stockOf(`product=${GULU_PRODUCT}`, guluPharmacist)).toMatchObject({ sellable_quantity: 91 });

    // Gulu's own pharmacist (or an admin) may; Kampala's staff neither see nor read it.
    const gulu = await post({ inventory_item: GULU_ITEM, lot_numbers: ["IBU20010-24620"] }, guluPharmacist);
    expect(gulu.status, JSON.stringify(gulu.body)).toBe(201);
    expect(gulu.body.affected_units).toBe(30);
    expect((await stack.rest("GET", `${recalls}${gulu.body.id}/`, { token: pharmacist })).status).toBe(404);
    expect((await stack.rest("GET", recalls, { token: pharmacist })).body.results.map((r: { id: string }) => r.id)).not.toContain(gulu.body.id);
    expect((await stack.rest("GET", `${recalls}${gulu.body.id}/`, { token: admin })).body.affected_units).toBe(30);
    expect(await stockOf(`product=${GULU_PRODUCT}`, guluPharmacist)).toMatchObject({ sellable_quantity: 61 });
    // A catalog recall still holds catalog stock everywhere, and nothing of the uncoded item.
    const coded = await post({ medication_code: "5640", lot_numbers: ["IBU20010-24549"], authority_reference: "NDA/IBU/CODED" });
    expect(coded.status).toBe(201);
    expect(coded.body).toMatchObject({ medication_code: "5640", inventory_item: null, affected_units: 0 });
  });
});

describe("a storage unit's live excursion holds stock received into it", () => {
  const INSULIN = "local:insulin-human";
  const insulin = () => stockOf(`medication_code=${encodeURIComponent(INSULIN)}`);

  it("holds batches received while readings are out of range (new lots and top-ups), not those received after they are back in range; the release frees them", async () => {
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 10, lot_number: "INS-A", expiry_date: "2030-01-31" });
    const item = (await insulin()).id;
    const unit = await fridge([item]);
    const out = await readings(unit, [[4, 12], [3.5, 12]]);
    expect(out.body.excursions).toEqual([expect.objectContaining({ ongoing: true, affected_stock: [expect.objectContaining({ lot_number: "INS-A", held: true })] })]);
    const excursion = out.body.excursions[0].id;

    // Received after the excursion opened, before any further reading.
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 5, lot_number: "INS-B", expiry_date: "2030-02-28" });
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 3, lot_number: "INS-A", expiry_date: "2030-01-31" });
    expect(await insulin()).toMatchObject({ quantity: 18, sellable_quantity: 0 });
    const alert = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?type=held&medication_code=${encodeURIComponent(INSULIN)}`, { token: pharmacist });
    expect(alert.body.results.map((a: { lot_number: string }) => a.lot_number).sort()).toEqual(["INS-A", "INS-B"]);
    const product = await stack.rest("POST", "/api/v1/pharmacy/sales/products/", { token: pharmacist, body: { name: "Insulin (reach test)", category: "test", retail_price: "900.00", inventory_item: item } });
    expect(product.status).toBe(201);
    const refused = await stack.rest("POST", "/api/v1/pharmacy/sales/transactions/", { token: cashier, body: saleBody([{ product_id: product.body.id, quantity: 1 }]) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(excursion);

    // The next reading (still out) gives the new batch its hold row: the excursion lists it.
    await readings(unit, [[3, 12]]);
    const listed = (await stack.rest("GET", `${cc}excursions/${excursion}/`, { token: pharmacist })).body;
    expect(listed.affected_stock.map((s: { lot_number: string; held: boolean }) => `${s.lot_number}:${s.held}`).sort()).toEqual(["INS-A:true", "INS-B:true"]);

    // Back in range: a batch received now was never out of range.
    expect((await readings(unit, [[0, 5]])).body.excursions).toEqual([expect.objectContaining({ id: excursion, ongoing: false })]);
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 7, lot_number: "INS-C", expiry_date: "2030-03-31" });
    expect(await insulin()).toMatchObject({ quantity: 25, sellable_quantity: 7 });

    const released = await stack.rest("POST", `${cc}excursions/${excursion}/close/`, { token: pharmacist, body: { disposition: "release", notes: "Stability data reviewed" } });
    expect(released.status).toBe(200);
    expect(released.body.affected_stock.every((s: { held: boolean }) => !s.held)).toBe(true);
    expect(await insulin()).toMatchObject({ quantity: 25, sellable_quantity: 25 });
  }, 60_000);

  it("a quarantined excursion still out of range holds what is received until readings are back, and keeps it held after", async () => {
    const item = (await insulin()).id;
    const unit = await fridge([item]);
    const out = await readings(unit, [[4, 1], [3.5, 0.5]]);
    const excursion = out.body.excursions[0].id;
    const q = await stack.rest("POST", `${cc}excursions/${excursion}/close/`, { token: pharmacist, body: { disposition: "quarantine", notes: "Frozen: stock to the quarantine shelf" } });
    expect(q.status).toBe(200);
    expect(await insulin()).toMatchObject({ quantity: 25, sellable_quantity: 0 });
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 4, lot_number: "INS-D", expiry_date: "2030-04-30" });
    expect(await insulin()).toMatchObject({ quantity: 29, sellable_quantity: 0 });
    // Back in range: INS-D was received while it was out, so it stays held with the rest; INS-E was not.
    await readings(unit, [[0, 5]]);
    await receive({ pharmacy_id: KAMPALA, medication_code: INSULIN, quantity: 2, lot_number: "INS-E", expiry_date: "2030-05-31" });
    expect(await insulin()).toMatchObject({ quantity: 31, sellable_quantity: 2 });
    const shown = (await stack.rest("GET", `${cc}excursions/${excursion}/`, { token: pharmacist })).body;
    expect(shown.affected_stock.map((s: { lot_number: string; held: boolean }) => `${s.lot_number}:${s.held}`).sort()).toEqual(["INS-A:true", "INS-B:true", "INS-C:true", "INS-D:true"]);
  }, 60_000);

  it("a unit with no stock items assigned holds the pharmacy's cold-chain medicines received while it is out of range", async () => {
    const unit = await fridge([], guluPharmacist);
    const out = await readings(unit, [[4, 11], [3.5, 11]], guluPharmacist);
    expect(out.body.excursions).toHaveLength(1);
    await receive({ pharmacy_id: GULU, medication_code: "local:oxytocin", quantity: 6, lot_number: "OXY-G1", expiry_date: "2030-06-30" }, guluPharmacist);
    expect(await stockOf(`medication_code=${encodeURIComponent("local:oxytocin")}`, guluPharmacist)).toMatchObject({ quantity: 6, sellable_quantity: 0 });
    // Kampala's stock is not Gulu's fridge's.
    await receive({ pharmacy_id: KAMPALA, medication_code: "local:oxytocin", quantity: 6, lot_number: "OXY-K1", expiry_date: "2030-06-30" });
    expect(await stockOf(`medication_code=${encodeURIComponent("local:oxytocin")}`)).toMatchObject({ sellable_quantity: 6 });
  });
});
