import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let cashier: string;

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA, sub: "till-7" });
});
afterAll(() => stack?.stop());

const sales = "/api/v1/pharmacy/sales";

describe("create inputs require only what the operation cannot run without", () => {
  it("a consultation takes free-text notes, stores and returns them, and needs no reason", async () => {
    const res = await stack.rest("POST", `${sales}/consultations/`, { token: cashier, body: { notes: "Asked about malaria prophylaxis for travel; advised to see a clinician." } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ notes: "Asked about malaria prophylaxis for travel; advised to see a clinician.", reason: null, advice: null, pharmacist: "till-7" });
    const again = await stack.rest("GET", `${sales}/consultations/${res.body.id}/`, { token: cashier });
    expect(again.body.notes).toBe(res.body.notes);
    const gql = await stack.gql(`query($id: ID!) { consultation(id: $id) { notes reason } }`, { id: res.body.id }, cashier);
    expect(gql.body.data.consultation).toEqual({ notes: res.body.notes, reason: null });
  });

  it("a consultation that records nothing at all is 400 naming notes", async () => {
    for (const body of [{}, { customer_name: "Okello" }, { notes: "   ", reason: " " }]) {
      const res = await stack.rest("POST", `${sales}/consultations/`, { token: cashier, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(["notes"]);
    }
  });

  it("a follow-up without scheduled_by is scheduled by the caller", async () => {
    const consultation = await stack.rest("POST", `${sales}/consultations/`, { token: cashier, body: { customer_phone: "+256772000444", reason: "BP check" } });
    const res = await stack.rest("POST", `${sales}/follow-ups/`, { token: cashier, body: { consultation: consultation.body.id, scheduled_at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(res.status).toBe(201);
    expect(res.body.scheduled_by).toBe("till-7");
  });

  it("a payment without an amount settles the whole balance; a paid charge takes no more", async () => {
    const charge = await stack.rest("POST", "/api/v1/charges/", {
      token: cashier,
      body: { service_code: "DELIVERY", service_description: "Delivery", quantity: 1, reference_type: "delivery", reference_id: "del-pay-all", pharmacy_id: KAMPALA },
    });
    expect(charge.body.total_amount).toBe("4720.00");
    const paid = await stack.rest("POST", "/api/v1/payments/", { token: cashier, body: { charge_id: charge.body.id, method: "cash" } });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: "4720.00", charge_status: "paid", balance_due: "0.00" });
    const more = await stack.rest("POST", "/api/v1/payments/", { token: cashier, body: { charge_id: charge.body.id, method: "cash" } });
    expect(more.status).toBe(400);
    expect(Object.keys(more.body.error.fields)).toEqual(["amount"]);
  });
});
