/**
 * Every write of a controlled medicine takes its register balance before its stock (the order a
 * dispense takes), so two of them on the same drug queue instead of deadlocking. Each request here runs
 * while another transaction holds the drug's balance, as a dispense does between its register entry and
 * its stock: it must wait, then succeed once the other takes the stock and commits. A write that locked
 * the stock first deadlocked (PostgreSQL aborts one of the two). PGlite has one connection: no race.
 * docs/decisions/pharmacy.md, "Lock order of controlled writes".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileRowsLocked } from "../support/row-lock.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

const MORPHINE = "7052"; // controlled, 1961-I: every register entry witnessed (catalog)
let stack: Stack;
let pharmacist: string;

function kampalaDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Kampala", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Morphine received on a GRN under its own lot, from a supplier of its own. */
async function receivedLot(tag: string, quantity: number): Promise<{ lot: string; supplier: string }> {
  const code = `LOCK-${tag}`;
  const supplier = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: `Lock order ${tag}`, code } });
  expect(supplier.status).toBe(201);
  const po = await stack.rest("POST", "/api/v1/procurement/purchase-orders/", { token: pharmacist, body: { supplier: supplier.body.id, items: [{ medication_code: MORPHINE, quantity, unit_price: "150.00" }], expected_delivery: kampalaDay(2) } });
  expect(po.status).toBe(201);
  expect((await stack.rest("POST", `/api/v1/procurement/purchase-orders/${po.body.id}/submit/`, { token: pharmacist })).status).toBe(200);
  const lot = `MOR-${tag}`;
  const grn = await stack.rest("POST", "/api/v1/procurement/grn/", { token: pharmacist, body: { purchase_order: po.body.id, witness: "Pharm. Achieng", items: [{ medication_code: MORPHINE, quantity_received: quantity, lot_number: lot, expiry_date: kampalaDay(400) }] } });
  expect(grn.status, JSON.stringify(grn.body)).toBe(201);
  return { lot, supplier: code };
}

/** Runs `request` while another transaction holds morphine's register balance, then lets that one take the stock item and commit. */
function whileADispenseHoldsTheRegister<T>(request: () => Promise<T>): Promise<T> {
  return whileRowsLocked(
    stack.config.DATABASE_URL!,
    (tx) => tx`select balance from pharmacy.controlled_balances where pharmacy_id = ${KAMPALA} and medication_code = ${MORPHINE} for update`,
    async (holder) => {
      const answer = request();
      await holder.waiters();
      // Time for a wrongly ordered write to take the stock item before the "dispense" asks for it.
      await new Promise((r) => setTimeout(r, 300));
      await holder.release(); // a deadlock would abort the holder (or make the request the victim: a 500)
      return answer;
    },
    (tx) => tx`select id from pharmacy.inventory_items where pharmacy_id = ${KAMPALA} and medication_code = ${MORPHINE} for update`,
  );
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-lock-pharmacist" });
});
afterAll(() => stack?.stop());

describe.skipIf(process.env.TEST_DB !== "postgres")("controlled writes wait for a dispense holding the register", () => {
  it("a destruction of morphine", async () => {
    const { lot } = await receivedLot("DS", 6);
    const res = await whileADispenseHoldsTheRegister(() =>
      stack.rest("POST", "/api/v1/returns/destruction/", { token: pharmacist, body: { medication_code: MORPHINE, lot_number: lot, quantity: 2, reason: "broken ampoules", method: "incineration", witness: "J. Nakato" } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.controlled_entry_id).toEqual(expect.any(String));
  });

  it("a supplier return of morphine", async () => {
    const { lot, supplier } = await receivedLot("SR", 6);
    const res = await whileADispenseHoldsTheRegister(() =>
      stack.rest("POST", "/api/v1/returns/supplier/", { token: pharmacist, body: { supplier, medication_code: MORPHINE, lot_number: lot, quantity: 2, reason: "wrong strength delivered", witness: "J. Nakato" } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
