import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileRowsLocked } from "../support/row-lock.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Receiving goods (spec workflow 3) as the law and the books need it: units refused at the door
 * (`rejected_quantity`, with a reason) never enter stock, the controlled register or the order's received
 * quantity; a controlled medicine's accepted units are entered in the controlled register in the GRN's
 * transaction (witnessed where the catalog says so), so the register's balance moves with the stock.
 * docs/decisions/pharmacy.md, "Procurement".
 */

let stack: Stack;
let pharmacist: string;
const orders = "/api/v1/procurement/purchase-orders/";
const grn = "/api/v1/procurement/grn/";
const register = "/api/v1/drug-safety/controlled-register/";
const MORPHINE = "7052"; // controlled, 1961-I: every register entry witnessed (catalog)
const CODEINE = "2670"; // controlled, 1961-II: no witness for a receipt (catalog)
const AMOXICILLIN = "723";

function kampalaDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let seq = 0;
async function submittedOrder(items: { medication_code: string; quantity: number }[]): Promise<{ id: string; po_number: string; supplierCode: string }> {
  const supplier = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: `Receiving Wholesale ${++seq}`, code: `RCV-${seq}` } });
  expect(supplier.status).toBe(201);
  const po = await stack.rest("POST", orders, { token: pharmacist, body: { supplier: supplier.body.id, items: items.map((i) => ({ ...i, unit_price: "150.00" })), expected_delivery: kampalaDay(2) } });
  expect(po.status).toBe(201);
  expect((await stack.rest("POST", `${orders}${po.body.id}/submit/`, { token: pharmacist })).status).toBe(200);
  return { ...po.body, supplierCode: supplier.body.code };
}

interface Line {
  medication_code: string;
  quantity_received: number;
  lot_number: string;
  expiry_date: string;
  rejected_quantity?: number;
  rejection_reason?: string;
}
const line = (medication_code: string, quantity_received: number, extra: Partial<Line> = {}): Line => ({ medication_code, quantity_received, lot_number: `L-${medication_code}-${++seq}`, expiry_date: kampalaDay(500), ...extra });

async function onHand(code: string): Promise<number> {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?medication_code=${encodeURIComponent(code)}&page_size=100`, { token: pharmacist });
  expect(res.status).toBe(200);
  return res.body.results.reduce((s: number, i: { quantity: number }) => s + i.quantity, 0);
}

async function registerState(code: string): Promise<{ balance: number; entries: number }> {
  // Newest first; `count` is this page's size (this file writes far fewer than 100 entries of a drug).
  const res = await stack.rest("GET", `${register}?medication_code=${code}&page_size=100`, { token: pharmacist });
  expect(res.status).toBe(200);
  expect(res.body.next).toBeNull();
  return { balance: res.body.results[0]?.balance_after ?? 0, entries: res.body.count };
}

/** What a failed GRN must leave exactly as it was. */
async function books(poId: string, codes: string[]) {
  const order = await stack.rest("GET", `${orders}${poId}/`, { token: pharmacist });
  const notes = await stack.rest("GET", `${grn}?purchase_order=${poId}`, { token: pharmacist });
  const movements = await stack.rest("GET", `/api/v1/pharmacy/inventory/movements/?reference_type=purchase_order&reference_id=${poId}&page_size=100`, { token: pharmacist });
  const perCode: Record<string, unknown> = {};
  for (const c of codes) perCode[c] = { stock: await onHand(c), register: await registerState(c) };
  return { status: order.body.status, received: order.body.items.map((i: { quantity_received: number }) => i.quantity_received), notes: notes.body.count, movements: movements.body.count, perCode };
}

const db = () => stack.server.database!.db;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" });
});
afterAll(() => stack?.stop());

describe("controlled medicines received on a GRN are entered in the controlled register", () => {
  it("writes a witnessed receipt entry per accepted lot (quantity, lot, supplier, GRN, who, running balance) and moves register and stock alike", async () => {
    const po = await submittedOrder([{ medication_code: MORPHINE, quantity: 50 }]);
    const before = { stock: await onHand(MORPHINE), register: await registerState(MORPHINE) };
    const res = await stack.rest("POST", grn, {
      token: pharmacist,
      body: {
        purchase_order: po.id,
        delivery_note: `DN-MOR-${po.po_number}`,
        witness: "Pharm. Achieng (in charge)",
        items: [line(MORPHINE, 20, { lot_number: "MOR-A", rejected_quantity: 2, rejection_reason: "two ampoules cracked in transit" }), line(MORPHINE, 10, { lot_number: "MOR-B" })],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.witness).toBe("Pharm. Achieng (in charge)");
    const [a, b] = res.body.items;
    expect(a).toMatchObject({ lot_number: "MOR-A", quantity_received: 20, rejected_quantity: 2, rejection_reason: "two ampoules cracked in transit", accepted_quantity: 18 });
    expect(b).toMatchObject({ lot_number: "MOR-B", quantity_received: 10, rejected_quantity: 0, rejection_reason: null, accepted_quantity: 10 });
    expect(a.controlled_entry).toBeTruthy();
    expect(b.controlled_entry).toBeTruthy();

    // The register and the stock both gained exactly the 28 accepted units.
    expect(await onHand(MORPHINE)).toBe(before.stock + 28);
    const after = await registerState(MORPHINE);
    expect(after).toEqual({ balance: before.register.balance + 28, entries: before.register.entries + 2 });

    const entries = (await stack.rest("GET", `${register}?medication_code=${MORPHINE}&transaction_type=receipt&page_size=2`, { token: pharmacist })).body.results;
    const byId = new Map(entries.map((e: { id: string }) => [e.id, e]));
    const entryA = byId.get(a.controlled_entry) as Record<string, unknown>;
    const entryB = byId.get(b.controlled_entry) as Record<string, unknown>;
    for (const [entry, qty] of [[entryA, 18], [entryB, 10]] as const) {
      expect(entry).toMatchObject({ pharmacy_id: KAMPALA, medication_code: MORPHINE, transaction_type: "receipt", quantity: qty, recorded_by: "kla-pharmacist", witness: "Pharm. Achieng (in charge)", reference_type: "goods_received_note", reference_id: res.body.id });
      expect(entry.balance_after).toBe((entry.balance_before as number) + qty);
      expect(entry.notes).toContain(res.body.grn_number);
      expect(entry.notes).toContain(po.po_number);
      expect(entry.notes).toContain(po.supplierCode);
    }
    expect(entryA.notes).toContain("lot MOR-A");
    expect(entryA.notes).toContain("2 more refused at the door: two ampoules cracked in transit");
    expect(entryB.notes).toContain("lot MOR-B");
    // Running balance: the two entries follow one another.
    const [first, second] = [entryA, entryB].sort((x, y) => (x.entry_number as number) - (y.entry_number as number));
    expect(second.balance_before).toBe(first.balance_after);
    expect(second.balance_after).toBe(after.balance);

    // The order counts only the accepted units as received.
    const order = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(order.body).toMatchObject({ status: "partially_received", items: [expect.objectContaining({ quantity: 50, quantity_received: 28 })] });
    // Reading the note back gives the same lines.
    expect((await stack.rest("GET", `${grn}${res.body.id}/`, { token: pharmacist })).body.items).toEqual(res.body.items);
  });

  it("refuses a 1961-I receipt without a witness, or witnessed by the receiver, and writes nothing", async () => {
    const po = await submittedOrder([{ medication_code: MORPHINE, quantity: 10 }, { medication_code: AMOXICILLIN, quantity: 10 }]);
    const before = await books(po.id, [MORPHINE, AMOXICILLIN]);
    const items = [line(MORPHINE, 5), line(AMOXICILLIN, 5)];
    const missing = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.witness).toEqual([expect.stringContaining("Morphine")]);
    for (const self of ["KLA-Pharmacist", "kla pharmacist", "kla\u200b-pharmacist"]) {
      const own = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items, witness: self } });
      expect(own.status).toBe(400);
      expect(Object.keys(own.body.error.fields)).toEqual(["witness"]);
    }
    const blank = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items, witness: "   " } });
    expect(blank.status).toBe(400);
    expect(await books(po.id, [MORPHINE, AMOXICILLIN])).toEqual(before);
    // A morphine line refused whole needs no witness: nothing enters the register.
    const refused = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(MORPHINE, 5, { rejected_quantity: 5, rejection_reason: "seals broken" }), line(AMOXICILLIN, 5)] } });
    expect(refused.status).toBe(201);
    expect(refused.body.items.find((i: { medication_code: string }) => i.medication_code === MORPHINE)).toMatchObject({ accepted_quantity: 0, stock_movement: null, controlled_entry: null });
    const afterRefusal = await books(po.id, [MORPHINE, AMOXICILLIN]);
    expect(afterRefusal.perCode[MORPHINE]).toEqual(before.perCode[MORPHINE]);
    expect(afterRefusal.received).toEqual(expect.arrayContaining([0, 5]));
  });

  it("enters a receipt of a medicine that needs no witness (codeine, 1961-II) without one; other medicines write no entry", async () => {
    const po = await submittedOrder([{ medication_code: CODEINE, quantity: 30 }, { medication_code: AMOXICILLIN, quantity: 30 }]);
    const before = { codeine: await registerState(CODEINE), amoxicillinStock: await onHand(AMOXICILLIN) };
    const res = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(CODEINE, 30), line(AMOXICILLIN, 30, { rejected_quantity: 4, rejection_reason: "water-damaged cartons" })] } });
    expect(res.status).toBe(201);
    expect(res.body.purchase_order_status).toBe("partially_received");
    const codeine = res.body.items.find((i: { medication_code: string }) => i.medication_code === CODEINE);
    const amoxicillin = res.body.items.find((i: { medication_code: string }) => i.medication_code === AMOXICILLIN);
    expect(codeine.controlled_entry).toBeTruthy();
    expect(amoxicillin).toMatchObject({ controlled_entry: null, accepted_quantity: 26 });
    expect(await registerState(CODEINE)).toEqual({ balance: before.codeine.balance + 30, entries: before.codeine.entries + 1 });
    const [entry] = (await stack.rest("GET", `${register}?medication_code=${CODEINE}&page_size=1`, { token: pharmacist })).body.results;
    expect(entry).toMatchObject({ id: codeine.controlled_entry, transaction_type: "receipt", quantity: 30, witness: null, reference_id: res.body.id });
    expect(await onHand(AMOXICILLIN)).toBe(before.amoxicillinStock + 26);
  });

  it("changes nothing when the register entry fails, nor when the stock movement fails", async () => {
    const po = await submittedOrder([{ medication_code: CODEINE, quantity: 20 }, { medication_code: AMOXICILLIN, quantity: 20 }]);
    const body = { purchase_order: po.id, items: [line(AMOXICILLIN, 8), line(CODEINE, 8, { rejected_quantity: 1, rejection_reason: "blister torn" })] };
    const before = await books(po.id, [CODEINE, AMOXICILLIN]);
    const failures = [
      { table: "controlled_register_entries", when: `NEW.medication_code = '${CODEINE}'` },
      { table: "stock_movements", when: `NEW.reference_id = '${po.id}' AND NEW.quantity = 7` },
    ];
    for (const f of failures) {
      await db().execute(sql.raw(`CREATE OR REPLACE FUNCTION pharmacy.test_fail_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${f.when} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`));
      await db().execute(sql.raw(`CREATE TRIGGER test_fail_write BEFORE INSERT ON pharmacy.${f.table} FOR EACH ROW EXECUTE FUNCTION pharmacy.test_fail_write()`));
      try {
        const res = await stack.rest("POST", grn, { token: pharmacist, body });
        expect(res.status).toBe(500);
        expect(await books(po.id, [CODEINE, AMOXICILLIN])).toEqual(before);
      } finally {
        await db().execute(sql.raw(`DROP TRIGGER test_fail_write ON pharmacy.${f.table}`));
      }
    }
    // With nothing failing, the same delivery books once: register and stock move together.
    const ok = await stack.rest("POST", grn, { token: pharmacist, body });
    expect(ok.status).toBe(201);
    const after = await books(po.id, [CODEINE, AMOXICILLIN]);
    const reg = (s: typeof before, c: string) => (s.perCode[c] as { register: { balance: number } }).register.balance;
    const stock = (s: typeof before, c: string) => (s.perCode[c] as { stock: number }).stock;
    expect(reg(after, CODEINE) - reg(before, CODEINE)).toBe(7);
    expect(stock(after, CODEINE) - stock(before, CODEINE)).toBe(7);
    expect(stock(after, AMOXICILLIN) - stock(before, AMOXICILLIN)).toBe(8);
    expect(after.notes).toBe(before.notes + 1);
  });
});

describe("lock order of a controlled receipt", () => {
  // A dispense locks the drug's register balance, then its stock item; a GRN that took them the other
  // way round deadlocked with it (PostgreSQL aborts one of the two). PGlite has one connection: no race.
  it.skipIf(process.env.TEST_DB !== "postgres")("waits for a dispense holding the register balance instead of deadlocking with it", async () => {
    const po = await submittedOrder([{ medication_code: MORPHINE, quantity: 10 }]);
    const first = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, witness: "Pharm. Achieng", items: [line(MORPHINE, 2)] } });
    expect(first.status).toBe(201); // the balance row and the stock item exist
    const before = { stock: await onHand(MORPHINE), register: await registerState(MORPHINE) };
    const res = await whileRowsLocked(
      stack.config.DATABASE_URL!,
      // What a dispense of morphine does: the register balance first, then (after the release) the stock item.
      (tx) => tx`select balance from pharmacy.controlled_balances where pharmacy_id = ${KAMPALA} and medication_code = ${MORPHINE} for update`,
      async (holder) => {
        const receiving = stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, witness: "Pharm. Achieng", items: [line(MORPHINE, 3)] } });
        await holder.waiters();
        // Give a wrongly ordered GRN time to take the stock item before the "dispense" asks for it.
        await new Promise((r) => setTimeout(r, 300));
        await holder.release(); // would be aborted as a deadlock victim (or make the GRN one) with stock locked first
        return receiving;
      },
      (tx) => tx`select id from pharmacy.inventory_items where pharmacy_id = ${KAMPALA} and medication_code = ${MORPHINE} for update`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await onHand(MORPHINE)).toBe(before.stock + 3);
    expect((await registerState(MORPHINE)).balance).toBe(before.register.balance + 3);
  });
});

describe("rejected goods on a GRN line", () => {
  it("refuses a bad rejected_quantity or rejection_reason on every line at once (400 naming the line), and writes nothing", async () => {
    const po = await submittedOrder([{ medication_code: AMOXICILLIN, quantity: 100 }]);
    const before = await books(po.id, [AMOXICILLIN]);
    const res = await stack.rest("POST", grn, {
      token: pharmacist,
      body: {
        purchase_order: po.id,
        items: [
          line(AMOXICILLIN, 5, { rejected_quantity: 6, rejection_reason: "crushed" }), // more than delivered
          line(AMOXICILLIN, 5, { rejected_quantity: -1, rejection_reason: "crushed" }), // negative
          line(AMOXICILLIN, 5, { rejected_quantity: 2 }), // no reason
          line(AMOXICILLIN, 5, { rejected_quantity: 2, rejection_reason: "   " }), // blank reason
          line(AMOXICILLIN, 5, { rejection_reason: "crushed" }), // a reason with nothing rejected
          line(AMOXICILLIN, 5, { rejected_quantity: 5, rejection_reason: "x".repeat(501) }), // too long
          line(AMOXICILLIN, 5, { rejected_quantity: 5, rejection_reason: "expired on arrival", expiry_date: kampalaDay(-10) }), // fine: refused whole
          line(AMOXICILLIN, 5, { rejected_quantity: 1, rejection_reason: "one expired", expiry_date: kampalaDay(-10) }), // accepted units may not be expired
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual([
      "items.0.rejected_quantity",
      "items.1.rejected_quantity",
      "items.2.rejection_reason",
      "items.3.rejection_reason",
      "items.4.rejection_reason",
      "items.5.rejection_reason",
      "items.7.expiry_date",
    ]);
    const fractional = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(AMOXICILLIN, 5, { rejected_quantity: 1.5, rejection_reason: "half a pack" })] } });
    expect(fractional.status).toBe(400);
    expect(Object.keys(fractional.body.error.fields)).toEqual(["items.0.rejected_quantity"]);
    expect(await books(po.id, [AMOXICILLIN])).toEqual(before);
  });

  it("counts only accepted units against the order: more may arrive than is outstanding if the rest is refused", async () => {
    const po = await submittedOrder([{ medication_code: AMOXICILLIN, quantity: 10 }]);
    const stockBefore = await onHand(AMOXICILLIN);
    const over = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(AMOXICILLIN, 12, { rejected_quantity: 1, rejection_reason: "dented" })] } });
    expect(over.status).toBe(400);
    expect(over.body.error.fields["items.0.quantity_received"]).toEqual([expect.stringContaining("outstanding")]);
    // A whole delivery refused: recorded, nothing received, the order still waits for its goods.
    const refused = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(AMOXICILLIN, 10, { rejected_quantity: 10, rejection_reason: "cold chain broken: logger shows 31 °C" })] } });
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ purchase_order_status: "submitted", items: [expect.objectContaining({ accepted_quantity: 0, stock_movement: null })] });
    const ok = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items: [line(AMOXICILLIN, 12, { rejected_quantity: 2, rejection_reason: "wrong strength (250 mg)" })] } });
    expect(ok.status).toBe(201);
    expect(ok.body.purchase_order_status).toBe("received");
    expect(await onHand(AMOXICILLIN)).toBe(stockBefore + 10);
    const order = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
    expect(order.body.items[0]).toMatchObject({ quantity: 10, quantity_received: 10 });
  });

  it("serves the same fields over GraphQL, with errors on the camelCase paths", async () => {
    const po = await submittedOrder([{ medication_code: AMOXICILLIN, quantity: 10 }]);
    const mutation = `mutation($input: CreateGoodsReceivedNoteInput!) { createGoodsReceivedNote(input: $input) { id witness items { quantityReceived rejectedQuantity rejectionReason acceptedQuantity controlledEntryId stockMovementId } } }`;
    const item = { medicationCode: AMOXICILLIN, quantityReceived: 6, lotNumber: "GQL-1", expiryDate: kampalaDay(300) };
    const bad = await stack.gql(mutation, { input: { purchaseOrder: po.id, items: [{ ...item, rejectedQuantity: 7, rejectionReason: "crushed" }] } }, pharmacist);
    expect(bad.body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { "items.0.rejectedQuantity": [expect.any(String)] } });
    const ok = await stack.gql(mutation, { input: { purchaseOrder: po.id, items: [{ ...item, rejectedQuantity: 1, rejectionReason: "crushed" }] } }, pharmacist);
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.createGoodsReceivedNote.items).toEqual([{ quantityReceived: 6, rejectedQuantity: 1, rejectionReason: "crushed", acceptedQuantity: 5, controlledEntryId: null, stockMovementId: expect.any(String) }]);
  });

  it("keeps stock, register and order in step over many generated deliveries (accepted = received − rejected)", async () => {
    // A small seeded generator: the same cases every run, many shapes of delivery.
    let state = 20261127;
    /** mulberry32: a small seeded generator in 32-bit integer arithmetic. */
    const rand = (n: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const ordered = { [CODEINE]: 60, [AMOXICILLIN]: 60 };
    const po = await submittedOrder(Object.entries(ordered).map(([medication_code, quantity]) => ({ medication_code, quantity })));
    const model = { accepted: { [CODEINE]: 0, [AMOXICILLIN]: 0 } as Record<string, number> };
    const start = { codeineRegister: (await registerState(CODEINE)).balance, codeine: await onHand(CODEINE), amoxicillin: await onHand(AMOXICILLIN) };
    let accepted201 = 0;
    for (let round = 0; round < 24; round++) {
      const items: Line[] = [];
      const lines = 1 + rand(3);
      for (let k = 0; k < lines; k++) {
        const code = rand(2) ? CODEINE : AMOXICILLIN;
        const received = 1 + rand(12);
        const rejected = rand(4) === 0 ? received : rand(3) === 0 ? rand(received + 1) : 0;
        const bad = rand(10) === 0; // now and then more refused than delivered
        items.push(line(code, received, rejected || bad ? { rejected_quantity: bad ? received + 1 : rejected, rejection_reason: `round ${round} line ${k}` } : {}));
      }
      const invalid = items.some((i) => (i.rejected_quantity ?? 0) > i.quantity_received);
      const want: Record<string, number> = {};
      for (const i of items) want[i.medication_code] = (want[i.medication_code] ?? 0) + i.quantity_received - (i.rejected_quantity ?? 0);
      const fits = Object.entries(want).every(([c, n]) => model.accepted[c] + n <= ordered[c as keyof typeof ordered]);
      const res = await stack.rest("POST", grn, { token: pharmacist, body: { purchase_order: po.id, items } });
      if (invalid || !fits) {
        expect(res.status, JSON.stringify({ items, res: res.body })).toBe(400);
      } else {
        expect(res.status, JSON.stringify({ items, res: res.body })).toBe(201);
        accepted201++;
        for (const [c, n] of Object.entries(want)) model.accepted[c] += n;
        for (const [i, it] of res.body.items.entries()) expect(it.accepted_quantity, String(i)).toBe(it.quantity_received - it.rejected_quantity);
      }
      const order = await stack.rest("GET", `${orders}${po.id}/`, { token: pharmacist });
      const received = Object.fromEntries(order.body.items.map((i: { medication_code: string; quantity_received: number }) => [i.medication_code, i.quantity_received]));
      expect(received).toEqual(model.accepted);
      if (order.body.status === "received") break;
    }
    expect(accepted201).toBeGreaterThan(3);
    expect(await onHand(CODEINE)).toBe(start.codeine + model.accepted[CODEINE]);
    expect(await onHand(AMOXICILLIN)).toBe(start.amoxicillin + model.accepted[AMOXICILLIN]);
    expect((await registerState(CODEINE)).balance).toBe(start.codeineRegister + model.accepted[CODEINE]);
  });
});
