import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, TEST_SECRET, type Stack } from "../support/stack.js";
import { waitFor } from "./notifications-fake-providers.js";
import { createProduct, saleBody, stockOf } from "./pharmacy-pos-helpers.js";

/**
 * A server process killed with SIGKILL in the middle of completing a sale leaves it `processing`
 * with stock reserved (and perhaps paid). Worker processes started afterwards recover it with no
 * client retry: completed when billing shows it paid, otherwise stock back and `pending`; never
 * charged twice. Processes share the database: PostgreSQL only (embedded PGlite is single-process).
 */
const onPostgres = process.env.TEST_DB === "postgres";
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TX = "/api/v1/pharmacy/sales/transactions/";

let stack: Stack;
let billing: BillingThatHangs;
const children: ChildProcess[] = [];

interface BillingThatHangs {
  url: string;
  /** Requests ("POST /api/v1/payments/") whose answer is withheld after billing has done them. */
  hangAfter: Set<string>;
  /** Requests billing has done (answered upstream), in order. */
  done: string[];
  close(): Promise<void>;
}

/** {billing_url} for the doomed process: forwards to the real billing, then never answers the calls named in `hangAfter`. */
async function billingThatHangs(target: string): Promise<BillingThatHangs> {
  const state = { hangAfter: new Set<string>(), done: [] as string[] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers: Record<string, string> = {};
    for (const h of ["authorization", "content-type", "idempotency-key", "x-request-id", "accept"]) if (req.headers[h]) headers[h] = String(req.headers[h]);
    const upstream = await fetch(target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = await upstream.text();
    const call = `${req.method} ${(req.url ?? "").split("?")[0]}`;
    state.done.push(call);
    if (state.hangAfter.has(call)) return; // the charge or payment is made; the caller never hears of it
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ...state,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** `tsx main.ts --only=<roles>` as its own process (node --import tsx: one pid to kill). Resolves with its URL once ready. */
function spawnServer(roles: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "main.ts", `--only=${roles}`], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", JWT_SECRET: TEST_SECRET, DATABASE_URL: stack.config.DATABASE_URL, SEED_DEMO: "false", ...env },
  });
  children.push(child);
  child.stderr?.on("data", (d: Buffer) => process.env.TEST_LOG_LEVEL && process.stderr.write(d));
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const ready = /ready \(.*\) on (http:\/\/\S+)/.exec(out);
      if (ready) resolve({ child, url: ready[1] });
    });
    child.once("exit", (code) => reject(new Error(`server process exited (${code}) before it was ready`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

beforeAll(async () => {
  if (!onPostgres) return;
  // Every role but the worker: recovery happens only in the worker processes this test spawns.
  stack = await startStack({ roles: ["gateway", "clinical", "pharmacy", "notifications", "billing", "bridge"] });
  billing = await billingThatHangs(stack.url);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await Promise.all(children.map(exited));
  await billing?.close();
  await stack?.stop();
});

describe.skipIf(!onPostgres)("a server killed mid-completion (PostgreSQL only: PGlite cannot be shared between processes)", () => {
  it("is recovered by worker processes: paid → completed, unpaid → stock back and pending; charged once", { timeout: 180_000 }, async () => {
    const cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "crash-cashier" });
    const admin = await stack.token("admin");
    const sale = async (id: string) => (await stack.rest("GET", `${TX}${id}/`, { token: cashier })).body;
    const chargesOf = async (id: string) => (await stack.rest("GET", `/api/v1/charges/?reference_type=transaction&reference_id=${id}`, { token: admin })).body.results;
    const newSale = async (quantity: number) => {
      const productId = await createProduct(stack, { name: `Crash test ${Math.random().toString(36).slice(2, 8)}`, retail_price: "2000.00", stock_quantity: 10 });
      const res = await stack.rest("POST", TX, { token: cashier, body: saleBody([{ product_id: productId, quantity }]) });
      return { id: res.body.id as string, productId, stockBefore: 10 };
    };

    /** Starts a completion in a doomed server, waits until billing did `call`, then kills the server with SIGKILL. */
    async function crashDuring(id: string, call: string) {
      billing.hangAfter.clear();
      billing.hangAfter.add(call);
      const doomed = await spawnServer("gateway,clinical,pharmacy,notifications,billing,bridge", { BILLING_URL: billing.url });
      const seen = billing.done.length;
      void fetch(`${doomed.url}${TX}${id}/complete/`, { method: "POST", headers: { authorization: `Bearer ${cashier}` } }).catch(() => undefined);
      await waitFor(() => billing.done.slice(seen).includes(call), 60_000, `billing to do ${call}`);
      doomed.child.kill("SIGKILL");
      await exited(doomed.child);
    }

    // 1. Killed after billing took the payment, before the sale was finalized.
    const paid = await newSale(3);
    await crashDuring(paid.id, "POST /api/v1/payments/");
    // 2. Killed after the charge was created, before any payment.
    const unpaid = await newSale(2);
    await crashDuring(unpaid.id, "POST /api/v1/charges/");

    for (const s of [paid, unpaid]) {
      expect((await sale(s.id)).status).toBe("processing");
      expect(await stockOf(stack, cashier, s.productId)).toBeLessThan(s.stockBefore);
    }

    // Two workers (SKIP LOCKED) with a short lease take over; nobody retries the completion.
    const workerEnv = { BILLING_URL: stack.url, PHARMACY_COMPLETION_LEASE_MS: "1500", PHARMACY_SWEEP_INTERVAL_MS: "200", NOTIFICATIONS_WORKER_POLL_MS: "1000" };
    await Promise.all([spawnServer("worker", workerEnv), spawnServer("worker", workerEnv)]);
    await waitFor(async () => (await sale(paid.id)).status === "completed" && (await sale(unpaid.id)).status === "pending", 60_000, "the workers to recover both sales");

    // Paid: completed with the one payment billing took; stock out once.
    expect(await sale(paid.id)).toMatchObject({ status: "completed", payment_status: "completed" });
    expect(await stockOf(stack, cashier, paid.productId)).toBe(paid.stockBefore - 3);
    const paidCharges = await chargesOf(paid.id);
    expect(paidCharges).toHaveLength(1);
    expect(paidCharges[0]).toMatchObject({ status: "paid" });
    expect(paidCharges[0].payments).toHaveLength(1);

    // Unpaid: stock back, nothing paid; a later completion reuses the open charge and pays once.
    expect(await stockOf(stack, cashier, unpaid.productId)).toBe(unpaid.stockBefore);
    const open = await chargesOf(unpaid.id);
    expect(open).toHaveLength(1);
    expect(open[0].payments).toEqual([]);
    const retry = await stack.rest("POST", `${TX}${unpaid.id}/complete/`, { token: cashier });
    expect(retry.body.status).toBe("completed");
    expect(await stockOf(stack, cashier, unpaid.productId)).toBe(unpaid.stockBefore - 2);
    const charged = await chargesOf(unpaid.id);
    expect(charged).toHaveLength(1);
    expect(charged[0].payments).toHaveLength(1);
  });
});
