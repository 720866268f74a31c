import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { createProduct, stockOf } from "./pharmacy-pos-helpers.js";

/** Stands in for {notifications_url}: records each send and answers 201, or `status` when set. */
function fakeNotifications() {
  const state = { sent: [] as { recipient: string; template: string; parameters: Record<string, string> }[], status: 201 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.url !== "/api/v1/notifications/send/" || state.status >= 400) {
      res.writeHead(state.status >= 400 ? state.status : 404, { "content-type": "application/json" }).end('{"error":{"code":"NOT_FOUND","message":"no"}}');
      return;
    }
    state.sent.push(JSON.parse(Buffer.concat(chunks).toString()));
    res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ success: true, notification_id: `n-${state.sent.length}` }));
  });
  return { server, state };
}

let stack: Stack;
let cashier: string;
const notifications = fakeNotifications();
const sales = "/api/v1/pharmacy/sales";

beforeAll(async () => {
  await new Promise<void>((r) => notifications.server.listen(0, "127.0.0.1", r));
  const { port } = notifications.server.address() as AddressInfo;
  stack = await startStack({ env: { NOTIFICATIONS_URL: `http://127.0.0.1:${port}` } });
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
});
afterAll(async () => {
  await stack?.stop();
  await new Promise<void>((r) => notifications.server.close(() => r()));
});

describe("workflow 1: OTC sale through REST", () => {
  it("search → sale with a loyalty account → consultation → complete → receipt (e-mailed) → follow-up → loyalty updated → redeem", async () => {
    // Search the catalog.
    const search = await stack.rest("GET", `${sales}/products/?search=paracetamol`, { token: cashier });
    expect(search.status).toBe(200);
    const paracetamol = search.body.results[0];
    expect(paracetamol).toMatchObject({ name: expect.stringMatching(/Paracetamol/), is_active: true, retail_price: "1500.00" });
    const syrup = await createProduct(stack, { name: "Cough syrup 200 ml", retail_price: "8250.00", stock_quantity: 20 });

    // The customer joins the pharmacy's rewards program.
    const programs = await stack.rest("GET", `${sales}/loyalty-programs/`, { token: cashier });
    expect(programs.body.results).toEqual([expect.objectContaining({ pharmacy: KAMPALA, earn_amount: "1000.00", point_value: "10.00" })]);
    const account = await stack.rest("POST", `${sales}/loyalty-accounts/`, { token: cashier, body: { customer_name: "Grace Akello", customer_phone: "+256772123456" } });
    expect(account.status).toBe(201);
    expect(account.body).toMatchObject({ points_balance: 0, history: [] });
    const found = await stack.rest("GET", `${sales}/loyalty-accounts/?phone=%2B256772123456`, { token: cashier });
    expect(found.body.results.map((a: { id: string }) => a.id)).toEqual([account.body.id]);
    const again = await stack.rest("POST", `${sales}/loyalty-accounts/`, { token: cashier, body: { customer_name: "Grace A.", customer_phone: "+256772123456" } });
    expect(again.status).toBe(409);

    // Create the sale: 2 × paracetamol (VAT exempt) + 1 × syrup (18% VAT).
    const created = await stack.rest("POST", `${sales}/transactions/`, {
      token: cashier,
      body: {
        pharmacy_id: KAMPALA,
        cashier: "till-2",
        items: [{ product_id: paracetamol.id, quantity: 2 }, { product_id: syrup, quantity: 1 }],
        payment_method: "cash",
        customer_name: "Grace Akello",
        customer_phone: "+256772123456",
        loyalty_account_id: account.body.id,
        notes: "walk-in",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subtotal: "11250.00", tax_amount: "1485.00", discount_amount: "0.00", total_amount: "12735.00", status: "pending" });

    // A consultation at the counter, tied to the sale.
    const consultation = await stack.rest("POST", `${sales}/consultations/`, {
      token: cashier,
      body: { transaction_id: created.body.id, customer_name: "Grace Akello", customer_phone: "+256772123456", reason: "Dry cough for 3 days", advice: "Fluids; return if fever" },
    });
    expect(consultation.status).toBe(201);

    // Complete (payment), then the receipt, e-mailed.
    const stockBefore = await stockOf(stack, cashier, paracetamol.id);
    const done = await stack.rest("POST", `${sales}/transactions/${created.body.id}/complete/`, { token: cashier });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", payment_status: "completed", points_earned: 12 });
    expect(await stockOf(stack, cashier, paracetamol.id)).toBe(stockBefore - 2);

    const receipt = await stack.rest("GET", `${sales}/transactions/${created.body.id}/receipt/?email=grace@example.org`, { token: cashier });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ total_amount: "12735.00", email: "grace@example.org", email_queued: true, email_notification_id: "n-1" });
    expect(notifications.state.sent[0]).toMatchObject({
      recipient: "grace@example.org",
      template: "receipt_email",
      parameters: {
        receipt_number: created.body.transaction_number,
        total_amount: "12735.00",
        currency: "UGX",
        pharmacy_name: "Kampala Road Pharmacy",
        customer_name: "Grace Akello",
        payment_method: "cash",
        items: expect.stringContaining("1 x Cough syrup 200 ml @ 8250.00 = 8250.00"),
        transaction_date: expect.stringMatching(/ EAT$/),
      },
    });

    // Schedule a follow-up: the reminder goes out.
    const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const followUp = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: consultation.body.id, scheduled_at: scheduledAt, scheduled_by: "pharm-01", notes: "Check the cough" } });
    expect(followUp.status).toBe(201);
    expect(followUp.body).toMatchObject({ consultation: consultation.body.id, scheduled_by: "pharm-01", notes: "Check the cough", reminder_sent: true, completed: false });
    const kampala = `${new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Kampala", dateStyle: "medium", timeStyle: "short" }).format(new Date(scheduledAt))} EAT`;
    expect(notifications.state.sent[1]).toMatchObject({
      recipient: "+256772123456",
      template: "follow_up_reminder",
      parameters: { patient_name: "Grace Akello", pharmacy_name: "Kampala Road Pharmacy", scheduled_at: kampala, notes: "Check the cough", consultation: consultation.body.id },
    });
    const completedFollowUp = await stack.rest("POST", `${sales}/follow-ups/${followUp.body.id}/complete/`, { token: cashier });
    expect(completedFollowUp.body).toMatchObject({ completed: true });

    // The loyalty account earned floor(12735 / 1000) = 12 points.
    const after = await stack.rest("GET", `${sales}/loyalty-accounts/${account.body.id}/`, { token: cashier });
    expect(after.body).toMatchObject({ points_balance: 12, balance_value: "120.00", history: [expect.objectContaining({ kind: "earn", points: 12, balance_after: 12, transaction: created.body.id })] });

    // Next visit: redeem 10 points (100.00 off).
    const second = await stack.rest("POST", `${sales}/transactions/`, {
      token: cashier,
      body: { pharmacy_id: KAMPALA, cashier: "till-2", items: [{ product_id: paracetamol.id, quantity: 1 }], payment_method: "cash", loyalty_account_id: account.body.id, redeem_points: 10 },
    });
    expect(second.body).toMatchObject({ subtotal: "1500.00", discount_amount: "100.00", total_amount: "1400.00", points_redeemed: 10 });
    const tooMany = await stack.rest("POST", `${sales}/transactions/`, {
      token: cashier,
      body: { pharmacy_id: KAMPALA, cashier: "till-2", items: [{ product_id: paracetamol.id, quantity: 1 }], payment_method: "cash", loyalty_account_id: account.body.id, redeem_points: 13 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.redeem_points).toBeDefined();
    const secondDone = await stack.rest("POST", `${sales}/transactions/${second.body.id}/complete/`, { token: cashier });
    expect(secondDone.body).toMatchObject({ status: "completed", points_earned: 1 });
    const final = await stack.rest("GET", `${sales}/loyalty-accounts/${account.body.id}/`, { token: cashier });
    expect(final.body.points_balance).toBe(12 - 10 + 1);
    expect(final.body.history.map((h: { kind: string; points: number }) => [h.kind, h.points]).sort()).toEqual([["earn", 1], ["earn", 12], ["redeem", -10]]);

    // Points worth more than the subtotal: the error names redeem_points, which the client sent, not discount_amount.
    const sweet = await createProduct(stack, { name: "Glucose sweet", retail_price: "20.00", stock_quantity: 5 });
    const overPoints = await stack.rest("POST", `${sales}/transactions/`, {
      token: cashier,
      body: { pharmacy_id: KAMPALA, cashier: "till-2", items: [{ product_id: sweet, quantity: 1 }], payment_method: "cash", loyalty_account_id: account.body.id, redeem_points: 3 },
    });
    expect(overPoints.status).toBe(400);
    expect(Object.keys(overPoints.body.error.fields)).toEqual(["redeem_points"]);
  });
});

describe("follow-up reminders when the notification service refuses", () => {
  it("keeps the follow-up with reminder_sent false", async () => {
    notifications.state.status = 404;
    const consultation = await stack.rest("POST", `${sales}/consultations/`, { token: cashier, body: { customer_phone: "+256700000001", reason: "BP check" } });
    const res = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: consultation.body.id, scheduled_at: new Date(Date.now() + 86_400_000).toISOString(), scheduled_by: "pharm-01" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ reminder_sent: false, completed: false });
    notifications.state.status = 201;
  });

  it("refuses a follow-up in the past or for an unknown consultation", async () => {
    const consultation = await stack.rest("POST", `${sales}/consultations/`, { token: cashier, body: { reason: "Rash" } });
    const past = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: consultation.body.id, scheduled_at: "2020-01-01T00:00:00Z", scheduled_by: "p" } });
    expect(past.status).toBe(400);
    // A year typo far ahead is refused too: its reminder SMS would go out at once (366 days at most).
    for (const [at, status] of [[new Date(Date.now() + 367 * 86_400_000).toISOString(), 400], ["2226-11-28T09:00:00+03:00", 400], [new Date(Date.now() + 365 * 86_400_000).toISOString(), 201]] as const) {
      const res = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: consultation.body.id, scheduled_at: at, scheduled_by: "p" } });
      expect(res.status, at).toBe(status);
      if (status === 400) expect(res.body.error.fields.scheduled_at[0]).toMatch(/within 366 days/);
    }
    const unknown = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: "00000000-0000-4000-8000-000000000000", scheduled_at: new Date(Date.now() + 86_400_000).toISOString(), scheduled_by: "p" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields.consultation).toBeDefined();
  });
});

describe("with this service's own notification endpoint", () => {
  let own: Stack;
  beforeAll(async () => {
    own = await startStack();
  });
  afterAll(() => own?.stop());

  it("queues the receipt e-mail and the follow-up reminder through POST /api/v1/notifications/send/", async () => {
    const token = await own.token("cashier", { pharmacy: KAMPALA });
    const product = await createProduct(own, { name: "Real-notify balm", retail_price: "1000.00", stock_quantity: 3 });
    const sale = await own.rest("POST", `${sales}/transactions/`, { token, body: { pharmacy_id: KAMPALA, cashier: "c", items: [{ product_id: product, quantity: 1 }], payment_method: "cash", customer_name: "Okello" } });
    await own.rest("POST", `${sales}/transactions/${sale.body.id}/complete/`, { token });
    const receipt = await own.rest("GET", `${sales}/transactions/${sale.body.id}/receipt/?email=okello@example.org`, { token });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ email_queued: true, email_notification_id: expect.any(String) });
    const pdf = await fetch(`${own.url}${sales}/transactions/${sale.body.id}/receipt/?format=pdf&email=okello@example.org`, { headers: { authorization: `Bearer ${token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const consultation = await own.rest("POST", `${sales}/consultations/`, { token, body: { customer_name: "Okello", customer_phone: "+256772999888", reason: "Sprain" } });
    const followUp = await own.rest("POST", `${sales}/follow-ups/`, { token, body: { consultation: consultation.body.id, scheduled_at: new Date(Date.now() + 86_400_000).toISOString(), scheduled_by: "pharm-01" } });
    expect(followUp.status).toBe(201);
    expect(followUp.body).toMatchObject({ reminder_sent: true, reminder_notification_id: expect.any(String) });
  });
});
