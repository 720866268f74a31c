import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../support/statements.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let cashier: string;

beforeAll(async () => {
  stack = await startStack();
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
});
afterAll(() => stack?.stop());

const send = (body: unknown, token = cashier, headers?: Record<string, string>) => stack.rest("POST", "/api/v1/notifications/send/", { token, body, headers });

describe("POST /api/v1/notifications/send/ (spec: recipient, template, parameters)", () => {
  it("queues an SMS to a phone number and answers with the id, number and cost", async () => {
    const res = await send({ recipient: "+256772000111", template: "follow_up_reminder", parameters: { scheduled_at: "2026-12-01 10:00", patient_name: "Sarah", pharmacy_name: "Kampala Central" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, channel: "SMS", cost: "80.00", currency: "UGX", status: expect.stringMatching(/PENDING|PROCESSING|SENT|DELIVERED/) });
    expect(res.body.notification_number).toMatch(/^NOTIF-\d{8}-\d{6}$/);
  });

  it("sends a receipt e-mail to an e-mail address (EMAIL, 20 UGX)", async () => {
    const res = await send({ recipient: "sarah@example.org", template: "receipt_email", parameters: { receipt_number: "RCT-001", total_amount: "15000.00", pharmacy_name: "Kampala Central", items: "2 x Paracetamol 500 mg" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, channel: "EMAIL", cost: "20.00" });
    const n = await stack.rest("GET", `/api/v1/notifications/${res.body.notification_id}/`, { token: await stack.token("admin") });
    expect(n.body.subject).toBe("Your receipt RCT-001 from Kampala Central");
    expect(n.body.body).toContain("Total: UGX 15000.00");
    expect(n.body.body).toContain("2 x Paracetamol 500 mg");
  });

  it("refuses an unknown template with 400 naming template", async () => {
    const res = await send({ recipient: "+256772000111", template: "no_such_template", parameters: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("template");
  });

  it("refuses a missing template parameter with 400 naming it", async () => {
    const res = await send({ recipient: "+256772000111", template: "pickup_ready", parameters: { medication_name: "Amoxicillin" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(["parameters.pharmacy_name"]);
  });

  it("refuses a parameter that is not a string", async () => {
    const res = await send({ recipient: "+256772000111", template: "pickup_ready", parameters: { medication_name: "Amoxicillin", pharmacy_name: 7 } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(["parameters.pharmacy_name"]);
  });

  it("refuses a recipient that is neither a phone number nor an e-mail address", async () => {
    const res = await send({ recipient: "call me maybe", template: "pickup_ready", parameters: { medication_name: "A", pharmacy_name: "B" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("recipient");
  });

  it("refuses a missing recipient and a missing template", async () => {
    const res = await send({ parameters: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["recipient", "template"]);
  });

  it("returns the first result for a repeated Idempotency-Key", async () => {
    const body = { recipient: "+256772000112", template: "pickup_ready", parameters: { medication_name: "Amoxicillin", pharmacy_name: "Kampala Central" } };
    const first = await send(body, cashier, { "idempotency-key": "pickup-RX-77" });
    const again = await send(body, cashier, { "idempotency-key": "pickup-RX-77" });
    expect(again.status).toBe(200);
    expect(again.body.notification_id).toBe(first.body.notification_id);
    expect(again.body.notification_number).toBe(first.body.notification_number);
    const different = await send({ ...body, recipient: "+256772000119" }, cashier, { "idempotency-key": "pickup-RX-77" });
    expect(different.status).toBe(409);
  });

  it.each([
    ["pharmacist", 200],
    ["cashier", 200],
    ["service", 200],
    ["admin", 200],
    ["nurse", 403],
    ["patient", 403],
  ] as const)("role %s → %i", async (role, status) => {
    const res = await send({ recipient: "+256772000113", template: "pickup_ready", parameters: { medication_name: "A", pharmacy_name: "B" } }, await stack.token(role, { pharmacy: KAMPALA }));
    expect(res.status).toBe(status);
  });

  it.each([
    ["cashier", 403],
    ["pharmacist", 403],
    ["service", 200],
  ] as const)("critical-alert templates (which skip consent and quiet hours): %s → %i", async (role, status) => {
    const recipient = `+256772001${String(role.length).padStart(2, "0")}${status === 403 ? 3 : 2}`;
    const res = await send({ recipient, template: "critical_alert_patient", parameters: { test_name: "Potassium" } }, await stack.token(role, { pharmacy: KAMPALA }));
    expect(res.status).toBe(status);
    const list = await stack.rest("GET", "/api/v1/notifications/?page_size=100", { token: await stack.token("service") });
    expect(list.body.results.filter((n: { recipient: string }) => n.recipient === recipient)).toHaveLength(status === 403 ? 0 : 1);
    if (status === 403) expect(res.body.error.code).toBe("FORBIDDEN");
  });
});

describe("a list of notifications with their events", () => {
  it("gives each notification its own events, read in statements that do not grow with the page", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send({ recipient: `+2567720099${String(i).padStart(2, "0")}`, template: "follow_up_reminder", parameters: { scheduled_at: "2026-12-01 10:00", patient_name: `Events ${i}`, pharmacy_name: "Kampala Central" } });
      expect(res.status).toBe(200);
      ids.push(res.body.notification_id);
    }
    const admin = await stack.token("admin");
    const counted = countStatements(stack.server.database!.db, /^select .*"notifications"\."notification_events"/s);
    const page = async (size: number) => {
      const before = counted();
      const res = await stack.gql(`query($since: String!, $size: Int!) { notifications(dateFrom: $since, pageSize: $size, channel: SMS) { results { id events { fromStatus toStatus } } } }`, { since, size }, admin);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      return { results: res.body.data.notifications.results as { id: string; events: { fromStatus: string | null; toStatus: string }[] }[], statements: counted() - before };
    };
    const small = await page(2);
    const whole = await page(6);
    expect(whole.results.map((r) => r.id).sort()).toEqual([...ids].sort());
    // Each notification's timeline starts once (created with no status before), so no list holds another's events.
    for (const r of whole.results) expect(r.events.filter((e) => e.fromStatus === null)).toHaveLength(1);
    expect(small.statements).toBe(1);
    expect(whole.statements).toBe(1);
  });
});
