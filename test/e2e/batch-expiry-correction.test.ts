/**
 * Correcting a batch's recorded expiry (docs/decisions/pharmacy.md, "Correcting a batch's expiry
 * (2026-11-28)") through REST on real servers: the mistyped expiry that made a GRN of the same lot
 * fail, the bounds and the reason, who may correct which batch, sellable units and alerts following at
 * once, a lot that would hold two batches of one expiry (409), the append-only record auditors read,
 * Idempotency-Key, and a correction racing a dispense of the batch under the item's lock.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../lib/db.js";
import { addDays } from "../../subgraphs/pharmacy/inventory/ledger.js";
import { whileRowsLocked } from "../support/row-lock.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { DISPENSING, dispenseBody, dispensingSteps } from "./dispensing-helpers.js";

let stack: Stack;
let pharmacist: string;
let guluPharmacist: string;
let auditor: string;
let admin: string;
let physician: string;
const { newPatient, prescribe } = dispensingSteps(() => ({ stack, physician }), "EXPC");

const kampalaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const day = (n: number) => addDays(kampalaToday(), n);
const yearsFromToday = (years: number) => `${Number(kampalaToday().slice(0, 4)) + years}${kampalaToday().slice(4)}`;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-expiry-pharmacist" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-expiry-pharmacist" });
  auditor = await stack.token("auditor", { sub: "expiry-auditor" });
  admin = await stack.token("admin", { sub: "expiry-admin" });
  physician = await stack.token("physician", { sub: "dr-expiry" });
});
afterAll(() => stack?.stop());

/** Receives `quantity` of `code` by hand into lot `lot` with `expiry` (as a pharmacist keys a delivery), and answers the item and batch. */
async function received(code: string, lot: string, expiry: string, quantity = 20): Promise<{ item: string; batch: string }> {
  const res = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
    token: pharmacist,
    body: { pharmacy_id: KAMPALA, medication_code: code, movement_type: "receipt", quantity, lot_number: lot, expiry_date: expiry, reference_type: "delivery_note", reference_id: `DN-${lot}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { item: res.body.inventory_item, batch: res.body.batch_id };
}

const correct = (token: string, item: string, batch: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  stack.rest("POST", `/api/v1/pharmacy/inventory/stock/${item}/batches/${batch}/expiry/`, { token, body, headers });

async function itemOf(code: string) {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?pharmacy=${KAMPALA}&medication_code=${code}`, { token: pharmacist });
  return res.body.results[0] as { id: string; quantity: number; sellable_quantity: number; batches: { id: string; lot_number: string; expiry_date: string; quantity: number; expired: boolean }[] };
}

async function alertsOf(code: string, batch: string) {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?pharmacy=${KAMPALA}&medication_code=${code}&days=90&page_size=100`, { token: pharmacist });
  return res.body.results.filter((a: { batch_id: string | null }) => a.batch_id === batch).map((a: { type: string }) => a.type);
}

/** A submitted purchase order of `code` from a supplier of its own, and a GRN of `lot` with `expiry` against it. */
async function goodsReceived(tag: string, code: string, lot: string, expiry: string, quantity = 10) {
  const supplier = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: `Expiry ${tag}`, code: `EXP-${tag}` } });
  expect(supplier.status).toBe(201);
  const po = await stack.rest("POST", "/api/v1/procurement/purchase-orders/", { token: pharmacist, body: { supplier: supplier.body.id, items: [{ medication_code: code, quantity: 2 * quantity, unit_price: "150.00" }], expected_delivery: day(2) } });
  expect(po.status).toBe(201);
  expect((await stack.rest("POST", `/api/v1/procurement/purchase-orders/${po.body.id}/submit/`, { token: pharmacist })).status).toBe(200);
  const grn = () => stack.rest("POST", "/api/v1/procurement/grn/", { token: pharmacist, body: { purchase_order: po.body.id, items: [{ medication_code: code, quantity_received: quantity, lot_number: lot, expiry_date: expiry }] } });
  return grn;
}

describe("a batch received with a mistyped expiry", () => {
  it("is corrected, after which a GRN of the same lot with the pack's expiry goes into that batch", async () => {
    const { item, batch } = await received("723", "AMX-TYPO", day(700)); // the pack says day(300)
    const grn = await goodsReceived("TYPO", "723", "amx-typo", day(300));
    const refused = await grn();
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields["items.0.expiry_date"][0]).toContain(day(700));

    const fixed = await correct(pharmacist, item, batch, { expiry_date: day(300), reason: "keyed the wrong year at receipt; the pack says " + day(300) });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.body).toMatchObject({
      batch_id: batch,
      inventory_item: item,
      pharmacy: KAMPALA,
      lot_number: "AMX-TYPO",
      previous_expiry_date: day(700),
      expiry_date: day(300),
      corrected_by: "kla-expiry-pharmacist",
      batch: { id: batch, expiry_date: day(300), quantity: 20, expired: false },
    });

    const accepted = await grn();
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const lots = (await itemOf("723")).batches.filter((b) => b.lot_number.toUpperCase() === "AMX-TYPO");
    expect(lots).toEqual([expect.objectContaining({ id: batch, expiry_date: day(300), quantity: 30 })]);
  });
});

describe("what a correction takes", () => {
  it.each([
    ["ten years ahead", yearsFromToday(10), "ok", 201],
    ["a day beyond ten years ahead", addDays(yearsFromToday(10), 1), "ok", 400],
    ["ten years ago", yearsFromToday(-10), "ok", 201],
    ["a day before ten years ago", addDays(yearsFromToday(-10), -1), "ok", 400],
    ["a past date (the pack is expired)", day(-3), "ok", 201],
    ["a blank reason", day(100), "  ", 400],
    ["a reason of 501 characters", day(100), "x".repeat(501), 400],
    ["the expiry on record", day(200), "ok", 400],
  ].map(([label, expiry, reason, status]) => ({ label, expiry: expiry as string, reason: reason as string, status: status as number })))("$label → $status", async ({ expiry, reason, status }) => {
    const lot = `BND-${Math.random().toString(36).slice(2, 8)}`;
    const { item, batch } = await received("5640", lot, day(200));
    const res = await correct(pharmacist, item, batch, { expiry_date: expiry, reason });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 400) expect(Object.keys(res.body.error.fields)).toEqual([reason === "ok" ? "expiry_date" : "reason"]);
  });

  it.each([
    ["another pharmacy's pharmacist: 404", () => guluPharmacist, "batch", 404],
    ["an auditor: 403", () => auditor, "batch", 403],
    ["an admin: 201", () => admin, "batch", 201],
    ["the pharmacist, naming a batch of another item: 404", () => pharmacist, "other", 404],
    ["the pharmacist, naming no batch: 404", () => pharmacist, "none", 404],
  ] as const)("from %s", async (_, token, which, status) => {
    const lot = `WHO-${Math.random().toString(36).slice(2, 8)}`;
    const { item, batch } = await received("5640", lot, day(200));
    const other = await received("723", lot, day(200));
    const batchId = which === "batch" ? batch : which === "other" ? other.batch : "7e000000-0000-4000-8000-000000000000";
    const res = await correct(token(), item, batchId, { expiry_date: day(150), reason: "pack re-read" });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });
});

describe("sellable units and alerts", () => {
  it("follow the corrected expiry at once: expired, then expiring, then neither", async () => {
    const { item, batch } = await received("29046", "LIS-1", day(400), 12);
    expect((await itemOf("29046")).sellable_quantity).toBe(12);
    expect(await alertsOf("29046", batch)).toEqual([]);

    expect((await correct(pharmacist, item, batch, { expiry_date: day(-1), reason: "pack expired yesterday" })).status).toBe(201);
    expect(await itemOf("29046")).toMatchObject({ quantity: 12, sellable_quantity: 0 });
    expect(await alertsOf("29046", batch)).toEqual(["expired"]);

    expect((await correct(pharmacist, item, batch, { expiry_date: day(20), reason: "re-read: the 1 was a 7" })).status).toBe(201);
    expect((await itemOf("29046")).sellable_quantity).toBe(12);
    expect(await alertsOf("29046", batch)).toEqual(["expiring"]);

    expect((await correct(pharmacist, item, batch, { expiry_date: day(400), reason: "back as received" })).status).toBe(201);
    expect(await alertsOf("29046", batch)).toEqual([]);
  });
});

describe("a lot with two batches", () => {
  it("is 409 when the correction would give it two batches of one expiry, naming the other batch; nothing is written", async () => {
    const right = await received("83367", "ATV-2", day(300));
    const wrong = await received("83367", "atv-2", day(330)); // the same lot keyed again with another expiry
    expect(wrong.batch).not.toBe(right.batch);
    const res = await correct(pharmacist, wrong.item, wrong.batch, { expiry_date: day(300), reason: "same lot as the other batch" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(`Batch ${right.batch}`);
    expect((await itemOf("83367")).batches.find((b) => b.id === wrong.batch)?.expiry_date).toBe(day(330));
  });
});

describe("the record", () => {
  it("is read by auditors and the pharmacy, newest first, cannot be changed, and an Idempotency-Key repeat gives the first answer", async () => {
    const { item, batch } = await received("519", "ALO-1", day(250));
    const key = { "idempotency-key": `expiry-${batch}` };
    const first = await correct(pharmacist, item, batch, { expiry_date: day(240), reason: "pack re-read" }, key);
    expect(first.status).toBe(201);
    const again = await correct(pharmacist, item, batch, { expiry_date: day(240), reason: "pack re-read" }, key);
    expect(again.body.id).toBe(first.body.id);
    const second = await correct(pharmacist, item, batch, { expiry_date: day(230), reason: "re-read again" });
    expect(second.status).toBe(201);

    for (const token of [auditor, pharmacist]) {
      const list = await stack.rest("GET", `/api/v1/pharmacy/inventory/expiry-corrections/?batch=${batch}`, { token });
      expect(list.status).toBe(200);
      expect(list.body.results.map((r: { previous_expiry_date: string; expiry_date: string; reason: string }) => [r.previous_expiry_date, r.expiry_date, r.reason])).toEqual([
        [day(240), day(230), "re-read again"],
        [day(250), day(240), "pack re-read"],
      ]);
    }
    expect((await stack.rest("GET", `/api/v1/pharmacy/inventory/expiry-corrections/?batch=${batch}`, { token: guluPharmacist })).body.results).toEqual([]);
    await expect(stack.server.database!.db.execute(sql`update pharmacy.stock_batch_expiry_corrections set reason = 'rewritten' where id = ${first.body.id}`)).rejects.toThrow();
  });
});

describe.skipIf(process.env.TEST_DB !== "postgres")("a correction racing a dispense of the batch", () => {
  it("waits for the item's lock as stock writes do: the dispense draws before it, or is refused after it", async () => {
    const CODE = "7646"; // omeprazole: no demo stock, so the dispense can draw only this batch
    const { item, batch } = await received(CODE, "OME-RACE", day(200), 10);
    const rx = await prescribe(await newPatient(), [{ medication_code: CODE, quantity: 5, dose: "1 tablet", frequency: "once daily" }]);
    const outcome = await whileRowsLocked(
      stack.config.DATABASE_URL!,
      // FOR NO KEY UPDATE: holds the item against every ledger writer (they take FOR UPDATE) but not against
      // the corrections table's foreign-key check, so only a correction that takes the item's lock waits here.
      (tx) => tx`select id from pharmacy.inventory_items where id = ${item} for no key update`,
      async (holder) => {
        const correction = correct(pharmacist, item, batch, { expiry_date: day(-1), reason: "the pack is expired" });
        const dispensed = stack.rest("POST", `${DISPENSING}/dispenses/`, { token: pharmacist, body: dispenseBody(rx.id, KAMPALA, [{ medication_code: CODE, quantity: 5 }]) });
        // Both queue on the item while another stock write holds it; the correction does not go ahead of it.
        await holder.waiters(2);
        await holder.release();
        return { correction: await correction, dispensed: await dispensed };
      },
    );
    expect(outcome.correction.status).toBe(201);
    const after = await itemOf(CODE);
    expect(after.sellable_quantity).toBe(0);
    if (outcome.dispensed.status === 201) {
      // Drawn before the correction, from the batch while it was sellable.
      const [m] = rowsOf<{ created_at: Date }>(await stack.server.database!.db.execute(sql`select created_at from pharmacy.stock_movements where reference_id = ${outcome.dispensed.body.id}`));
      expect(new Date(m.created_at).getTime()).toBeLessThan(new Date(outcome.correction.body.corrected_at).getTime());
      expect(after.quantity).toBe(5);
    } else {
      expect(outcome.dispensed.status).toBe(409);
      expect(after.quantity).toBe(10);
    }
  });
});
