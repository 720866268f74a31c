/**
 * The pharmacy supply chain's safety rules end to end (REST on real servers): a witness is never the
 * recorder however the name is written; a controlled medicine going back to its supplier passes the
 * register; a refill waits until most of the previous fill is used; a supplier's delivery note is booked
 * once, also under parallel posts; the demo register opens with the controlled stock; list filters and
 * GRN lines are bounded. docs/decisions/pharmacy.md.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING, dispenseBody, dispensingSteps } from "./dispensing-helpers.js";

let stack: Stack;
let physician: string;
let pharmacist: string;
let guluPharmacist: string;
const register = "/api/v1/drug-safety/controlled-register/";
const supplierReturns = "/api/v1/returns/supplier/";
const destructions = "/api/v1/returns/destruction/";
const movements = "/api/v1/pharmacy/inventory/movements/";
const orders = "/api/v1/procurement/purchase-orders/";
const grn = "/api/v1/procurement/grn/";
const { newPatient, prescribe, stockUp } = dispensingSteps(() => ({ stack, physician }), "SUPPLY");

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await stack.server.database!.db.execute(statement));

/** A lot of a medicine on Kampala's shelf, as a receipt movement with a lot and expiry. */
async function lotOnShelf(code: string, lot_number: string, quantity: number): Promise<void> {
  const items = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${KAMPALA}&page_size=100`, { token: pharmacist });
  if (!items.body.results.some((i: { medication_code: string | null }) => i.medication_code === code)) {
    expect((await stack.rest("POST", "/api/v1/pharmacy/inventory/stock/", { token: pharmacist, body: { name: `Medicine ${code}`, medication_code: code, quantity: 0 } })).status).toBe(201);
  }
  // A controlled medicine's receipt books its witnessed register receipt (manual-stock-movements.test.ts).
  const medication = await stack.rest("GET", `/api/v1/pharmacy/inventory/medications/${encodeURIComponent(code)}/`, { token: pharmacist });
  let booked: Record<string, string> = {};
  if (medication.status === 200 && medication.body.controlled) {
    const entry = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: code, transaction_type: "receipt", quantity, witness: "pharm1b" } });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    booked = { reference_type: "controlled_register", reference_id: entry.body.id };
  }
  const res = await stack.rest("POST", movements, { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: code, movement_type: "receipt", quantity, lot_number, expiry_date: kampalaDay(300), ...booked } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const balanceOf = async (code: string, pharmacyId = KAMPALA): Promise<number> => {
  const [row] = await query<{ balance: number }>(sql`select balance from pharmacy.controlled_balances where pharmacy_id = ${pharmacyId} and medication_code = ${code}`);
  return row?.balance ?? 0;
};

beforeAll(async () => {
  stack = await startStack();
  physician = await stack.token("physician", { sub: "dr-okello" });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm1a" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharm" });
});
afterAll(() => stack?.stop());

describe("a witness is never the one recording, however the name is written", () => {
  it.each(["PHARM1A", "pharm1a\u200b", "\u200bPharm1A\u2060", "pharm-1a", " p h a r m 1 a ", "ｐｈａｒｍ１ａ", "pharm1a.", "...", "\u200b"])("register entry with witness %j is 400 on witness and writes nothing", async (witness) => {
    const before = await balanceOf("7052");
    const res = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "7052", transaction_type: "receipt", quantity: 90, witness } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toHaveProperty("witness");
    expect(await balanceOf("7052")).toBe(before);
  });

  it("accepts a real second person", async () => {
    const res = await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "7052", transaction_type: "receipt", quantity: 90, witness: "pharm1b" } });
    expect(res.status).toBe(201);
  });

  it.each([
    ["Pharm. Nakato", "pharm. nakato"],
    ["Pharm. Nakato", "PHARM NAKATO"],
    ["Pharm. Nakató", "pharm nakato"],
    ["P. Achieng", "pharm1a"], // the caller's sub
    ["P. Achieng", "Pharm1A\u200b"],
  ])("a dispense by %j witnessed by %j is 400 on witness, nothing dispensed", async (pharmacistName, witness) => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "7052", quantity: 5, dose: "10 mg", frequency: "every 4 hours" }]);
    await stockUp(pharmacist, KAMPALA, "7052", 5);
    const before = await balanceOf("7052");
    const res = await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "7052", quantity: 5 }], { pharmacist: pharmacistName, witness }) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toHaveProperty("witness");
    expect(await balanceOf("7052")).toBe(before);
  });

  it.each(["Pharm1A", "PHARM1A\u200b", "pharm 1a"])("a destruction witnessed by %j (the caller) is 400 on witness", async (witness) => {
    await lotOnShelf("4603", "FUR-WIT", 5);
    const res = await stack.rest("POST", destructions, { token: pharmacist, body: { medication_code: "4603", lot_number: "FUR-WIT", quantity: 1, method: "incineration", reason: "damaged", witness } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields).toHaveProperty("witness");
  });
});

describe("a controlled medicine going back to its supplier passes the register", () => {
  const body = (extra: Record<string, unknown> = {}) => ({ supplier: "SUP-NPD", medication_code: "local:pethidine", lot_number: "PET-1", quantity: 30, reason: "wrong strength", ...extra });

  it("needs a witness (400), is refused when the register is short (409), writes nothing on refusal, and writes the register entry when accepted", async () => {
    await lotOnShelf("local:pethidine", "PET-1", 30);
    const stockBefore = await query<{ q: number }>(sql`select quantity as q from pharmacy.inventory_items where pharmacy_id = ${KAMPALA} and medication_code = 'local:pethidine'`);
    const count = async () => (await query<{ n: number }>(sql`select count(*)::int as n from pharmacy.supplier_returns where medication_code = 'local:pethidine'`))[0].n;

    const noWitness = await stack.rest("POST", supplierReturns, { token: pharmacist, body: body() });
    expect(noWitness.status).toBe(400);
    expect(noWitness.body.error.fields).toHaveProperty("witness");
    const self = await stack.rest("POST", supplierReturns, { token: pharmacist, body: body({ witness: "PHARM1A" }) });
    expect(self.status).toBe(400);
    // The register is short of the shelf (a count found 30 fewer and recorded it unbooked): 409, and neither stock nor register moves.
    expect((await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "local:pethidine", transaction_type: "adjustment", quantity: -30, witness: "pharm1b" } })).status).toBe(201);
    expect(await balanceOf("local:pethidine")).toBe(0);
    const short = await stack.rest("POST", supplierReturns, { token: pharmacist, body: body({ witness: "pharm1b" }) });
    expect(short.status, JSON.stringify(short.body)).toBe(409);
    expect(short.body.error.message).toContain("Controlled register");
    expect(await count()).toBe(0);
    expect(await query(sql`select quantity as q from pharmacy.inventory_items where pharmacy_id = ${KAMPALA} and medication_code = 'local:pethidine'`)).toEqual(stockBefore);

    expect((await stack.rest("POST", register, { token: pharmacist, body: { medication_code: "local:pethidine", transaction_type: "adjustment", quantity: 30, witness: "pharm1b" } })).status).toBe(201);
    const ok = await stack.rest("POST", supplierReturns, { token: pharmacist, body: body({ witness: "pharm1b" }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ witness: "pharm1b", controlled_entry_id: expect.any(String), quantity: 30 });
    expect(await balanceOf("local:pethidine")).toBe(0);
    const entries = await stack.rest("GET", `${register}?medication_code=local:pethidine&transaction_type=supplier_return`, { token: pharmacist });
    expect(entries.body.results).toMatchObject([{ id: ok.body.controlled_entry_id, quantity: -30, witness: "pharm1b", reference_type: "supplier_return", reference_id: ok.body.id, balance_before: 30, balance_after: 0 }]);
  });

  it("leaves a medicine that is not controlled as it was (no witness needed, no register entry)", async () => {
    await lotOnShelf("4603", "FUR-SR", 4);
    const res = await stack.rest("POST", supplierReturns, { token: pharmacist, body: { supplier: "SUP-NPD", medication_code: "4603", lot_number: "FUR-SR", quantity: 2, reason: "damaged" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ witness: null, controlled_entry_id: null });
  });
});

describe("refill too soon", () => {
  const refill = (id: string) => stack.rest("POST", `${DISPENSING}/refills/`, { token: pharmacist, body: { prescription_id: id } });
  /** Moves the prescription's dispenses `days` into the past, as if the patient came back later. */
  const passDays = (id: string, days: number) => query(sql`update pharmacy.dispenses set created_at = created_at - make_interval(secs => ${days * 86_400}) where prescription_id = ${id}`);

  it.each([
    // [dose, frequency, units, days' supply]
    ["1 tablet", "twice daily", 60, 30],
    ["500 mg", "twice daily", 60, 30], // by strength: metformin's catalog strength is 500 mg
    ["1 g", "bd", 60, 15], // 2 tablets a dose
    ["2 tablets", "every 12 hours", 60, 15],
    ["as directed", "as directed for 30 days", 60, 30], // only the duration reads
  ])("%j %j of %i units lasts %i days: the refill is 409 before three quarters of it and 201 after", async (dose, frequency, quantity, days) => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "6809", quantity, dose, frequency, refills_allowed: 3 }]);
    await stockUp(pharmacist, KAMPALA, "6809", quantity);
    expect((await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "6809", quantity }]) })).status).toBe(201);
    const now = await refill(rx.id);
    expect(now.status).toBe(409);
    expect(now.body.error.message).toMatch(/^Refill too soon/);
    expect(now.body.error.message).toContain(`lasts about ${days} days`);
    await passDays(rx.id, days * 0.75 - 0.5);
    expect((await refill(rx.id)).status).toBe(409);
    await passDays(rx.id, 1);
    expect((await refill(rx.id)).status).toBe(201);
  });

  it("stops the tester's three refills in three seconds: one fill, then 409 until the supply is mostly used", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "6809", quantity: 60, dose: "500 mg", frequency: "twice daily for 30 days", refills_allowed: 3 }]);
    await stockUp(pharmacist, KAMPALA, "6809", 240);
    expect((await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: "6809", quantity: 60 }]) })).status).toBe(201);
    const attempts = await Promise.all([refill(rx.id), refill(rx.id), refill(rx.id)]);
    expect(attempts.map((a) => a.status)).toEqual([409, 409, 409]);
    expect(attempts[0].body.error.message).toContain(kampalaDay(23 - 1).slice(0, 4)); // names a date
  });
});

describe("a supplier's delivery note is booked once", () => {
  let seq = 0;
  async function order(supplier: string, quantity = 400): Promise<string> {
    const po = await stack.rest("POST", orders, { token: pharmacist, body: { supplier, items: [{ medication_code: "4603", quantity, unit_price: "60.00" }], expected_delivery: kampalaDay(3) } });
    expect(po.status).toBe(201);
    expect((await stack.rest("POST", `${orders}${po.body.id}/submit/`, { token: pharmacist })).status).toBe(200);
    return po.body.id;
  }
  const note = (purchase_order: string, delivery_note: string) => ({ purchase_order, delivery_note, items: [{ medication_code: "4603", quantity_received: 80, lot_number: `DN-${++seq}`, expiry_date: kampalaDay(400) }] });

  it("5 parallel posts of one note: one GRN, four 409s naming it, stock +80 once", async () => {
    const po = await order("SUP-NPD");
    const results = await Promise.all(Array.from({ length: 5 }, () => stack.rest("POST", grn, { token: pharmacist, body: { ...note(po, "NPD-INV-7781"), items: [{ medication_code: "4603", quantity_received: 80, lot_number: "DN-PAR", expiry_date: kampalaDay(400) }] } })));
    const ok = results.filter((r) => r.status === 201);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.message).toContain(ok[0].body.grn_number);
    const received = await stack.rest("GET", `${orders}${po}/`, { token: pharmacist });
    expect(received.body.items[0].quantity_received).toBe(80);
  });

  it.each(["NPD-INV-7782", " npd-inv-7782 ", "Npd-Inv-7782\t"])("a later note %j of the same supplier, even on another order, is 409", async (again) => {
    // The first booking of the note (201 on the first variant; the later variants find it booked already).
    const first = await stack.rest("POST", grn, { token: pharmacist, body: note(await order("SUP-EAM"), "NPD-INV-7782") });
    expect([201, 409]).toContain(first.status);
    const second = await order("SUP-EAM");
    const res = await stack.rest("POST", grn, { token: pharmacist, body: note(second, again) });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/booked already as GRN-/);
  });

  it("another supplier's note with the same number, and notes left out, are not repeats", async () => {
    expect((await stack.rest("POST", grn, { token: pharmacist, body: note(await order("SUP-GLS"), "NPD-INV-7781") })).status).toBe(201);
    const po = await order("SUP-GLS");
    const { delivery_note: _d, ...noNote } = note(po, "");
    expect((await stack.rest("POST", grn, { token: pharmacist, body: noNote })).status).toBe(201);
    expect((await stack.rest("POST", grn, { token: pharmacist, body: { ...note(po, "x"), delivery_note: undefined } })).status).toBe(201);
  });
});

describe("GRN lines are bounded", () => {
  let po: string;
  beforeAll(async () => {
    const res = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: "SUP-NPD", items: [{ medication_code: "4603", quantity: 1000, unit_price: "60.00" }], expected_delivery: kampalaDay(3) } });
    po = res.body.id;
    await stack.rest("POST", `${orders}${po}/submit/`, { token: pharmacist });
  });
  const line = (extra: Record<string, unknown>) => ({ purchase_order: po, items: [{ medication_code: "4603", quantity_received: 1, lot_number: `B-${Math.random().toString(36).slice(2, 8)}`, expiry_date: kampalaDay(400), ...extra }] });

  it.each([
    [{ expiry_date: "9999-12-31" }, "items.0.expiry_date"],
    [{ expiry_date: kampalaDay(3653 + 2) }, "items.0.expiry_date"],
    [{ lot_number: "L".repeat(65) }, "items.0.lot_number"],
    [{ lot_number: "L".repeat(300) }, "items.0.lot_number"],
    [{ condition_notes: "n".repeat(2001) }, "items.0.condition_notes"],
    [{ condition_notes: "n".repeat(5000) }, "items.0.condition_notes"],
  ])("%j is 400 on %s", async (extra, field) => {
    const res = await stack.rest("POST", grn, { token: pharmacist, body: line(extra) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it.each([[{ expiry_date: kampalaDay(3650 - 3) }], [{ lot_number: "L".repeat(64) }], [{ condition_notes: "n".repeat(2000) }]])("%j at the bound is accepted", async (extra) => {
    expect((await stack.rest("POST", grn, { token: pharmacist, body: line(extra) })).status).toBe(201);
  });
});

describe("list filters name their values", () => {
  it.each([
    [`${destructions}?source=bogus`, "source"],
    ["/api/v1/returns/quarantine/?status=bogus", "status"],
    ["/api/v1/charges/?status=bogus", "status"],
  ])("%s is 400 on %s", async (path, field) => {
    const res = await stack.rest("GET", path, { token: pharmacist });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field][0]).toMatch(/must be one of/);
  });

  it.each([`${destructions}?source=stock`, `${destructions}?source=quarantine`, "/api/v1/returns/quarantine/?status=quarantined", "/api/v1/charges/?status=paid", "/api/v1/charges/?status=created"])("%s is 200", async (path) => {
    expect((await stack.rest("GET", path, { token: pharmacist })).status).toBe(200);
  });
});

describe("the demo register opens with the controlled stock", () => {
  it("every pharmacy's register balance of each controlled medicine equals its seeded stock", async () => {
    const rows = await query<{ pharmacy_id: string; medication_code: string; quantity: number; balance: number | null }>(sql`
      select i.pharmacy_id, i.medication_code, i.quantity, b.balance
      from pharmacy.inventory_items i
      left join pharmacy.controlled_balances b on b.pharmacy_id = i.pharmacy_id and b.medication_code = i.medication_code
      where i.medication_code in ('2670', '10689') and i.pharmacy_id in (${KAMPALA}, ${GULU})`);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) expect(r.balance ?? 0, `${r.pharmacy_id} ${r.medication_code}`).toBe(r.quantity);
  });

  it("the first tramadol dispense at Gulu is not refused by the register", async () => {
    const uhid = await newPatient();
    const rx = await prescribe(uhid, [{ medication_code: "10689", quantity: 5, dose: "50 mg", frequency: "every 8 hours" }]);
    const res = await stack.rest("POST", `${DISPENSING}/dispenses/`, { token: guluPharmacist, body: dispenseBody(rx.id, GULU, [{ medication_code: "10689", quantity: 5 }]) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("no demo prescription has an item without a medication code", async () => {
    expect(await query(sql`select id from pharmacy.prescription_items where medication_code is null`)).toEqual([]);
  });
});
