import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.js";
import { chargeTransaction, payCharge } from "../../subgraphs/pharmacy/sales/transaction/billing-client.js";
import { sweepExpiredCompletions, type SweepRuntime } from "../../subgraphs/pharmacy/sales/transaction/completion-sweeper.js";
import { reserve } from "../../subgraphs/pharmacy/sales/transaction/transaction-completion.service.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

/**
 * The completion sweeper, in process (PGlite and PostgreSQL): a crash is reproduced by running the
 * completion's reservation step (and, for a crash after payment, billing's charge and payment) and
 * then stopping, exactly where a killed process would stop. The kill-and-restart test with real
 * processes is pharmacy-completion-crash.test.ts (PostgreSQL).
 */
const TX = "/api/v1/pharmacy/sales/transactions/";
let stack: Stack;
let cashier: string;
let admin: string;
let rt: SweepRuntime;
const logger = createLogger("silent");

beforeAll(async () => {
  // The stack's own sweeper sleeps for an hour: these tests sweep explicitly.
  stack = await startStack({ env: { PHARMACY_SWEEP_INTERVAL_MS: "3600000" } });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "sweeper-cashier" });
  admin = await stack.token("admin");
  rt = { db: stack.server.database!.db, config: stack.config, logger, selfUrl: stack.url };
});
afterAll(() => stack?.stop());

async function newSale(quantity = 3): Promise<{ id: string; productId: string; stockBefore: number; row: Awaited<ReturnType<typeof reserve>> | null }> {
  const productId = await createProduct(stack, { name: `Sweeper test ${Math.random().toString(36).slice(2, 8)}`, retail_price: "1500.00", stock_quantity: 20 });
  const res = await stack.rest("POST", TX, { token: cashier, body: saleBody([{ product_id: productId, quantity }]) });
  expect(res.status).toBe(201);
  return { id: res.body.id, productId, stockBefore: await stockOf(stack, cashier, productId), row: null };
}

/** The state a process killed right after reserving leaves: `processing`, stock taken out. */
const crashAfterReservation = (id: string) => reserve(rt.db, id, "crashed-process", stack.config.PHARMACY_COMPLETION_LEASE_MS);

const sale = async (id: string) => (await stack.rest("GET", `${TX}${id}/`, { token: cashier })).body;
const chargesOf = async (id: string) => (await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${id}`, { token: admin })).body.results;
const expired = () => new Promise((r) => setTimeout(r, 5));

describe("the completion sweeper", () => {
  it("compensates a sale that crashed before billing was paid: stock back, pending, nothing charged", async () => {
    const s = await newSale(3);
    await crashAfterReservation(s.id);
    expect((await sale(s.id)).status).toBe("processing");
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore - 3);

    await expired();
    const result = await sweepExpiredCompletions(rt, 1);
    expect(result.released).toContain(s.id);
    expect(await sale(s.id)).toMatchObject({ status: "pending" });
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore);
    expect(await chargesOf(s.id)).toEqual([]);

    // A client retry then completes it as usual, charging once.
    const done = await stack.rest("POST", `${TX}${s.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("completed");
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore - 3);
    expect(await chargesOf(s.id)).toHaveLength(1);
  });

  it("resumes a sale that crashed after billing was paid: completed with that payment, charged once", async () => {
    const s = await newSale(2);
    const reserved = await crashAfterReservation(s.id);
    const up = { config: stack.config, selfUrl: stack.url, bearer: cashier, requestId: "crash-after-payment", logger };
    const charge = await chargeTransaction(up, reserved);
    const payment = await payCharge(up, { transactionId: s.id, chargeId: charge.id, amount: charge.balance_due, method: "cash", payerPhone: null });

    await expired();
    const result = await sweepExpiredCompletions(rt, 1);
    expect(result.completed).toContain(s.id);
    expect(await sale(s.id)).toMatchObject({ status: "completed", payment_status: "completed" });
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore - 2);
    const charges = await chargesOf(s.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ id: charge.id, status: "paid" });
    expect(charges[0].payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);

    // A client retry after the sweeper finished returns the completed sale and pays nothing more.
    const retry = await stack.rest("POST", `${TX}${s.id}/complete/`, { token: cashier });
    expect(retry.body.status).toBe("completed");
    expect((await chargesOf(s.id))[0].payments).toHaveLength(1);
  });

  it("leaves a sale whose lease has not expired to the completion that holds it", async () => {
    const s = await newSale(1);
    await crashAfterReservation(s.id);
    const result = await sweepExpiredCompletions(rt, 60_000);
    expect([...result.completed, ...result.released, ...result.left]).not.toContain(s.id);
    const retry = await stack.rest("POST", `${TX}${s.id}/complete/`, { token: cashier });
    expect(retry.status).toBe(409);
    await expired();
    await sweepExpiredCompletions(rt, 1);
  });

  it("leaves the sale processing while billing cannot be asked, then recovers it", async () => {
    const s = await newSale(2);
    await crashAfterReservation(s.id);
    await expired();
    const unreachable = { ...rt, config: { ...rt.config, BILLING_URL: "http://127.0.0.1:1" } };
    const first = await sweepExpiredCompletions(unreachable, 1);
    expect(first.left).toContain(s.id);
    expect((await sale(s.id)).status).toBe("processing");
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore - 2);

    await expired();
    const second = await sweepExpiredCompletions(rt, 1);
    expect(second.released).toContain(s.id);
    expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore);
  });

  it("recovers each expired sale once when several sweepers run at the same time", async () => {
    const sales = await Promise.all([newSale(1), newSale(1), newSale(1)]);
    for (const s of sales) await crashAfterReservation(s.id);
    // A lease longer than one recovery takes: a sale claimed by one sweeper is not expired for the others.
    await new Promise((r) => setTimeout(r, 1100));
    const results = await Promise.all([sweepExpiredCompletions(rt, 1000), sweepExpiredCompletions(rt, 1000), sweepExpiredCompletions(rt, 1000)]);
    expect(results.flatMap((r) => [...r.completed, ...r.left])).toEqual([]);
    const released = results.flatMap((r) => r.released).filter((id) => sales.some((s) => s.id === id));
    expect(released.sort()).toEqual(sales.map((s) => s.id).sort());
    for (const s of sales) {
      expect((await sale(s.id)).status).toBe("pending");
      expect(await stockOf(stack, cashier, s.productId)).toBe(s.stockBefore);
    }
  });
});
