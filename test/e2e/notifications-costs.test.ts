import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";
import { registerTestPatient, waitFor } from "./notifications-fake-providers.js";

let stack: Stack;
let pharmacist: string;
let auditor: string;

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATIONS_WORKER_POLL_MS: "25" } });
  [pharmacist, auditor] = await Promise.all([stack.token("pharmacist"), stack.token("auditor")]);
  const nurse = await stack.token("nurse");
  for (const uhid of ["UG-COST-0001", "UG-COST-0002"]) await registerTestPatient(stack, nurse, uhid);
});
afterAll(() => stack?.stop());

const UHID = "UG-COST-0001";
const pickup = { medication_name: "Amoxicillin 500 mg", pharmacy_name: "Kampala Central" };

describe("cost per notification and the cost summary (spec channel table: SMS 80, EMAIL 20, PUSH 0, MESSAGING_APP 200 UGX)", () => {
  it("charges each delivered message at its channel's cost and totals them per channel", async () => {
    const sends = [
      { recipient: "+256700000301", channel: undefined, cost: "80.00" },
      { recipient: "+256700000302", channel: undefined, cost: "80.00" },
      { recipient: "cost@example.org", channel: undefined, cost: "20.00" },
      { recipient: "push-token-cost", channel: "PUSH", cost: "0.00" },
      { recipient: "+256700000303", channel: "MESSAGING_APP", cost: "200.00" },
    ];
    const ids: string[] = [];
    for (const s of sends) {
      const res = await stack.rest("POST", "/api/v1/notifications/send/", { token: pharmacist, body: { recipient: s.recipient, template: "pickup_ready", parameters: pickup, patient_uhid: UHID, ...(s.channel ? { channel: s.channel } : {}) } });
      expect(res.status).toBe(200);
      expect(res.body.cost).toBe(s.cost);
      ids.push(res.body.notification_id);
    }
    // A message that is never sent is not charged.
    const cancelledPatient = "UG-COST-0002";
    await stack.rest("PUT", `/api/v1/notifications/preferences/${cancelledPatient}/`, { token: await stack.token("nurse"), body: { phone: "+256700000304", consent: { prescription: false } } });
    const notSent = await stack.rest("POST", "/api/v1/notifications/send/", { token: pharmacist, body: { recipient: "+256700000304", template: "pickup_ready", parameters: pickup, patient_uhid: cancelledPatient } });
    expect(notSent.body.status).toBe("CANCELLED");

    const admin = await stack.token("admin");
    await waitFor(async () => {
      const list = await stack.rest("GET", `/api/v1/notifications/?patient_uhid=${UHID}&status=DELIVERED`, { token: admin });
      return list.body.count === sends.length;
    }, 10_000, "all five messages delivered");

    const summary = await stack.rest("GET", `/api/v1/notifications/costs/?patient_uhid=${UHID}`, { token: auditor });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      channels: [
        { channel: "SMS", count: 2, unit_cost: "80.00", total: "160.00" },
        { channel: "EMAIL", count: 1, unit_cost: "20.00", total: "20.00" },
        { channel: "PUSH", count: 1, unit_cost: "0.00", total: "0.00" },
        { channel: "MESSAGING_APP", count: 1, unit_cost: "200.00", total: "200.00" },
      ],
      count: 5,
      total: "380.00",
      currency: "UGX",
    });
    const none = await stack.rest("GET", `/api/v1/notifications/costs/?patient_uhid=${cancelledPatient}`, { token: auditor });
    expect(none.body).toMatchObject({ count: 0, total: "0.00" });
  });

  it("is the same through GraphQL, and refused to a nurse", async () => {
    const res = await stack.gql(`{ notificationCostSummary(patientUhid: "${UHID}") { count total currency } }`, {}, auditor);
    expect(res.body.data.notificationCostSummary).toEqual({ count: 5, total: "380.00", currency: "UGX" });
    const nurse = await stack.rest("GET", "/api/v1/notifications/costs/", { token: await stack.token("nurse") });
    expect(nurse.status).toBe(403);
  });
});
