import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../support/statements.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let cashier: string;
let guluCashier: string;
let service: string;

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  guluCashier = await stack.token("cashier", { pharmacy: GULU, sub: "gulu-cashier" });
  service = await stack.token("service");
});
afterAll(() => stack?.stop());

/** A sale's charge: priced by the sale's total, given by unit price (legacy clients) × quantity; UGX, so whole shillings. */
const chargeBody = (referenceId: string, unitPrice = "333.00", quantity = 3) => ({
  service_code: "PHARMACY_OTC_SALE",
  service_description: "OTC sale",
  quantity,
  unit_price: unitPrice,
  reference_type: "transaction",
  reference_id: referenceId,
  pharmacy_id: KAMPALA,
});

describe("billing charges", () => {
  it("creates a charge with the spec's response fields and an exact total", async () => {
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-1") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "created", total_amount: "999.00", currency: "UGX", balance_due: "999.00", amount_paid: "0.00", payments: [] });
    expect(res.body.id).toEqual(expect.any(String));
  });

  it("is idempotent per reference: the same reference returns the same charge", async () => {
    const a = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-2", "1500.00", 2) });
    const b = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-2", "1500.00", 2) });
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const list = await stack.rest("GET", "/api/v1/charges/?reference_type=transaction&reference_id=ref-2", { token: cashier });
    expect(list.body.results).toHaveLength(1);
  });

  it("refuses the same reference with a different amount (409)", async () => {
    await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-3", "100.00", 1) });
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-3", "101.00", 1) });
    expect(res.status).toBe(409);
  });

  it("replays the first answer for a repeated Idempotency-Key and refuses the key with another body", async () => {
    const headers = { "idempotency-key": "charge-key-1" };
    const a = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-4"), headers });
    const b = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-4"), headers });
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    const c = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-5"), headers });
    expect(c.status).toBe(409);
  });

  it("refuses a charge for another pharmacy (403) and hides one from other pharmacies (404)", async () => {
    const forbidden = await stack.rest("POST", "/api/v1/charges/", { token: guluCashier, body: chargeBody("ref-6") });
    expect(forbidden.status).toBe(403);
    const mine = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-7") });
    const other = await stack.rest("GET", `/api/v1/charges/${mine.body.id}/`, { token: guluCashier });
    expect(other.status).toBe(404);
  });

  it("keeps one charge per reference for charges without a pharmacy", async () => {
    const body = { ...chargeBody("ref-no-pharmacy", "250.00", 1), pharmacy_id: undefined };
    const a = await stack.rest("POST", "/api/v1/charges/", { token: service, body });
    expect(a.status).toBe(201);
    expect(a.body.pharmacy_id).toBeNull();
    const b = await stack.rest("POST", "/api/v1/charges/", { token: service, body });
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const other = await stack.rest("POST", "/api/v1/charges/", { token: service, body: { ...body, unit_price: "251.00" } });
    expect(other.status).toBe(409);
    // A pharmacy's charge for the same reference is its own.
    const kampala = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody("ref-no-pharmacy", "250.00", 1) });
    expect(kampala.status).toBe(201);
    expect(kampala.body.id).not.toBe(a.body.id);
  });

  it("refuses unknown fields with 400 naming them", async () => {
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...chargeBody("ref-8"), discount: "5" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(["discount"]);
  });

  it("refuses a sale's charge without the sale's total, naming amount", async () => {
    const res = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: { ...chargeBody("ref-9"), unit_price: undefined } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(["amount"]);
  });
});

describe("billing payments", () => {
  it("pays a charge in parts, marks it paid, and refuses a payment above the balance", async () => {
    const charge = await stack.rest("POST", "/api/v1/charges/", { token: service, body: chargeBody("ref-pay-1", "1000.00", 1) });
    const tooMuch = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "1001.00", method: "cash" } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields.amount).toBeDefined();
    const first = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "400.00", method: "mobile_money", payer_phone: "+256772000111" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "completed", method: "mobile_money", charge_status: "created", balance_due: "600.00", provider_reference: expect.stringMatching(/^MM-/) });
    const second = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "600.00", method: "cash" } });
    expect(second.body).toMatchObject({ charge_status: "paid", balance_due: "0.00", provider_reference: null });
    const after = await stack.rest("GET", `/api/v1/charges/${charge.body.id}/`, { token: service });
    expect(after.body).toMatchObject({ status: "paid", amount_paid: "1000.00", balance_due: "0.00" });
    expect(after.body.payments).toHaveLength(2);
    const extra = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "1.00", method: "cash" } });
    expect(extra.status).toBe(400);
  });

  it("processes a repeated Idempotency-Key once", async () => {
    const charge = await stack.rest("POST", "/api/v1/charges/", { token: service, body: chargeBody("ref-pay-2", "500.00", 1) });
    const headers = { "idempotency-key": "pay-key-1" };
    const body = { charge_id: charge.body.id, amount: "500.00", method: "card" };
    const a = await stack.rest("POST", "/api/v1/payments/", { token: service, body, headers });
    const b = await stack.rest("POST", "/api/v1/payments/", { token: service, body, headers });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const after = await stack.rest("GET", `/api/v1/charges/${charge.body.id}/`, { token: service });
    expect(after.body.payments).toHaveLength(1);
  });

  it("refuses an unknown method and a charge that does not exist", async () => {
    const charge = await stack.rest("POST", "/api/v1/charges/", { token: service, body: chargeBody("ref-pay-3", "500.00", 1) });
    const bad = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount: "1.00", method: "barter" } });
    expect(bad.status).toBe(400);
    const missing = await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: "00000000-0000-4000-8000-000000000000", amount: "1.00", method: "cash" } });
    expect(missing.status).toBe(404);
  });
});

describe("a page of charges", () => {
  it("shows each charge's own payments, paid and balance, read in statements that do not grow with the page", async () => {
    const run = `page-${Date.now()}`;
    // Six list-priced charges (UGX, whole shillings): unpaid, paid in part, paid in two parts, paid in part then refunded in part, unpaid, a shilling paid.
    const plan: { pay: string[]; refund?: string }[] = [{ pay: [] }, { pay: ["125.00"] }, { pay: ["30.00", "50.00"] }, { pay: ["99.00"], refund: "33.00" }, { pay: [] }, { pay: ["1.00"] }];
    const made: { id: string; total: number; pay: string[] }[] = [];
    for (const [i, p] of plan.entries()) {
      const charge = await stack.rest("POST", "/api/v1/charges/", {
        token: service,
        body: { service_code: "PHARMACY_DISPENSING_FEE", service_description: "dispensing", quantity: 100, reference_type: "charges_page", reference_id: `${run}-${i}`, pharmacy_id: KAMPALA },
      });
      expect(charge.status).toBe(201);
      made.push({ id: charge.body.id, total: Math.round(Number(charge.body.total_amount) * 100), pay: p.pay });
      for (const amount of p.pay) expect((await stack.rest("POST", "/api/v1/payments/", { token: service, body: { charge_id: charge.body.id, amount, method: "cash" } })).status).toBe(201);
      if (p.refund) {
        const refund = await stack.rest("POST", "/api/v1/refunds/", { token: service, body: { charge_id: charge.body.id, amount: p.refund, reason: "returned", reference_type: "customer_return", reference_id: `${run}-${i}` } });
        expect(refund.status).toBe(201);
      }
    }
    const cents = (n: number) => (n / 100).toFixed(2);
    const paid = (pay: string[]) => pay.reduce((n, a) => n + Math.round(Number(a) * 100), 0);
    const counted = countStatements(stack.server.database!.db, /^select .*"billing"\."(payments|refunds)"/s);
    const page = async (size: number) => {
      const before = counted();
      const res = await stack.rest("GET", `/api/v1/charges/?reference_type=charges_page&page_size=${size}`, { token: service });
      expect(res.status).toBe(200);
      return { results: res.body.results as { id: string; amount_paid: string; balance_due: string; payments: { amount: string }[] }[], statements: counted() - before };
    };
    const small = await page(2);
    const whole = await page(6);
    expect(whole.results).toHaveLength(6);
    for (const r of whole.results) {
      const m = made.find((x) => x.id === r.id)!;
      expect(r.amount_paid).toBe(cents(paid(m.pay)));
      expect(r.balance_due).toBe(cents(m.total - paid(m.pay)));
      expect(r.payments.map((x) => x.amount).sort()).toEqual([...m.pay].sort());
    }
    expect(small.statements).toBeGreaterThan(0);
    expect(whole.statements).toBe(small.statements);
  });
});

describe("who may give money back", () => {
  /** A sale's charge, paid in full in cash at the till (as a completed sale leaves it). */
  async function paidCharge(referenceId: string): Promise<string> {
    const charge = await stack.rest("POST", "/api/v1/charges/", { token: cashier, body: chargeBody(referenceId, "35000.00", 3) });
    expect(charge.status).toBe(201);
    expect((await stack.rest("POST", "/api/v1/payments/", { token: cashier, body: { charge_id: charge.body.id, method: "cash" } })).status).toBe(201);
    return charge.body.id;
  }
  const refundsOf = async (chargeId: string) => (await stack.rest("GET", `/api/v1/refunds/?charge_id=${chargeId}`, { token: service })).body.results as unknown[];
  const refund = (token: string, chargeId: string, referenceType: string, referenceId = `r-${Math.random()}`, amount = "105000.00") =>
    stack.rest("POST", "/api/v1/refunds/", { token, body: { charge_id: chargeId, amount, reason: "cash back", reference_type: referenceType, reference_id: referenceId } });

  it("never a cashier: 403 for any reference, through REST and GraphQL, and nothing is written", async () => {
    const chargeId = await paidCharge("refund-cashier-1");
    for (const referenceType of ["till", "customer_return", "transaction"]) {
      const res = await refund(cashier, chargeId, referenceType);
      expect(res.status, referenceType).toBe(403);
    }
    const gql = await stack.gql(
      `mutation($i: CreateRefundInput!) { createRefund(input: $i) { id } }`,
      { i: { chargeId, amount: "105000.00", reason: "cash back", referenceType: "customer_return", referenceId: "gql-1" } },
      cashier,
    );
    expect(gql.body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect(await refundsOf(chargeId)).toEqual([]);
    const charge = await stack.rest("GET", `/api/v1/charges/${chargeId}/`, { token: cashier });
    expect(charge.body).toMatchObject({ status: "paid", amount_refunded: "0.00" });
  });

  it("only for a known kind of reference (customer_return): a free-text one is 400 on reference_type, for pharmacists and services alike", async () => {
    const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "refund-pharmacist" });
    const chargeId = await paidCharge("refund-kinds-1");
    for (const token of [pharmacist, service]) {
      for (const referenceType of ["till", "cash", "Customer_Return", "customer-return", "transaction"]) {
        const res = await refund(token, chargeId, referenceType);
        expect(res.status, referenceType).toBe(400);
        expect(res.body.error.fields.reference_type, referenceType).toEqual([expect.stringContaining("customer_return")]);
      }
    }
    expect(await refundsOf(chargeId)).toEqual([]);
    // A pharmacist (the pharmacy's responsible person) and the pharmacy's own flows (service) may refund a return.
    expect((await refund(pharmacist, chargeId, "customer_return", "return-a", "86100.00")).status).toBe(201);
    const bound = await stack.token("service", { pharmacy: KAMPALA, sub: "pharmacy-customer-returns" });
    const rest = await stack.rest("POST", "/api/v1/refunds/", { token: bound, body: { charge_id: chargeId, amount: "4950.00", reason: "returned", reference_type: "customer_return", reference_id: "return-b" } });
    expect(rest.status).toBe(201);
    expect(rest.body.refundable_balance).toBe("13950.00");
  });
});
