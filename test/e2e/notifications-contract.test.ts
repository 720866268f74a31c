import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let nurse: string;
let cashier: string;
let service: string;

beforeAll(async () => {
  stack = await startStack();
  nurse = await stack.token("nurse");
  cashier = await stack.token("cashier", { pharmacy: "6a0c1d1e-0000-4000-8000-000000000001" });
  service = await stack.token("service");
});
afterAll(() => stack?.stop());

/** UG-2024-000001 prefers English in the demo world. */
const UHID = "UG-2024-000001";
const UNKNOWN = "UG-2099-999999";

/** An appointment this many days from now at 07:30 UTC: reminders are only for appointments still ahead. */
const appointmentIn = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T07:30:00Z`;
const TRIGGERS: Record<string, Record<string, string>> = {
  "appointment-reminder": { appointment_id: "APT-1", provider_name: "Dr. Okello", facility_name: "Mulago", appointment_date: appointmentIn(30) },
  "lab-result": { observation_id: "OBS-1", test_name: "Full blood count", ordered_by: "Dr. Okello", facility_name: "Mulago Lab" },
  "critical-alert": { provider_id: "PRV-0001", observation_id: "OBS-2", test_name: "Potassium", value: "7.1", unit: "mmol/L", reference_range: "3.5-5.1", patient_name: "Kamau Mutesi" },
  "prescription-ready": { prescription_id: "RX-1", medication_name: "Amoxicillin 500 mg", prescriber_name: "Dr. Okello", facility_name: "Kampala Pharmacy" },
  "delivery-status": { delivery_id: "DEL-1", status: "out_for_delivery", delivery_type: "medication" },
  "care-plan-update": {},
  "payment-reminder": {},
};

const subsets = <T,>(xs: readonly T[]): T[][] => xs.reduce<T[][]>((acc, x) => acc.concat(acc.map((s) => [...s, x])), [[]]);

async function bodyOf(notificationId: string): Promise<string> {
  const n = await stack.rest("GET", `/api/v1/notifications/${notificationId}/`, { token: nurse });
  return n.body.body;
}

describe("payment-reminder needs only the patient", () => {
  const OPTIONAL: Record<string, string> = { invoice_id: "INV-7", amount: "15000.00", currency: "KES", due_date: "2026-12-15", facility_name: "Mulago" };

  it("sends for every subset of invoice, amount, currency, due date and facility, and the text reads naturally", async () => {
    for (const present of subsets(Object.keys(OPTIONAL))) {
      const body = { patient_uhid: UHID, ...Object.fromEntries(present.map((k) => [k, OPTIONAL[k]])) };
      const res = await stack.rest("POST", "/api/v1/triggers/payment-reminder/", { token: nurse, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      const text = await bodyOf(res.body.notification_id);
      expect(text, JSON.stringify(body)).toMatch(/^Payment reminder: .+ is due( on \d{4}-\d{2}-\d{2})?\.$/);
      expect(text).not.toMatch(/ {2}| \.|\{\{|undefined|null/);
      if (present.includes("amount")) expect(text).toContain(`${present.includes("currency") ? "KES" : "UGX"} 15000.00`);
      else expect(text).not.toMatch(/KES|UGX/);
      for (const k of ["invoice_id", "due_date", "facility_name"]) if (present.includes(k)) expect(text).toContain(OPTIONAL[k]);
    }
  });

  it("takes amount_due as the amount, and refuses two different amounts naming amount_due", async () => {
    const res = await stack.rest("POST", "/api/v1/triggers/payment-reminder/", { token: nurse, body: { patient_uhid: UHID, amount_due: "2500.5" } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res.body.notification_id)).toBe("Payment reminder: UGX 2500.50 is due.");
    const both = await stack.rest("POST", "/api/v1/triggers/payment-reminder/", { token: nurse, body: { patient_uhid: UHID, amount: "1.00", amount_due: "2.00" } });
    expect(both.status).toBe(400);
    expect(Object.keys(both.body.error.fields)).toEqual(["amount_due"]);
  });
});

describe("care-plan-update needs only the patient", () => {
  it("sends with no details, asking the patient to contact the care team", async () => {
    const res = await stack.rest("POST", "/api/v1/triggers/care-plan-update/", { token: nurse, body: { patient_uhid: UHID } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res.body.notification_id)).toBe("Your care plan has been updated. Please ask your care team about the changes.");
  });

  it("uses every detail it is given", async () => {
    const res = await stack.rest("POST", "/api/v1/triggers/care-plan-update/", {
      token: nurse,
      body: { patient_uhid: UHID, provider_name: "Dr. Okello", facility_name: "Mulago", update_summary: "Metformin increased to 1 g twice daily.", next_review_date: "2027-01-10" },
    });
    expect(await bodyOf(res.body.notification_id)).toBe("Your care plan has been updated by Dr. Okello at Mulago: Metformin increased to 1 g twice daily. Next review: 2027-01-10.");
  });
});

describe("unknown patients are 404", () => {
  for (const [trigger, rest] of Object.entries(TRIGGERS)) {
    it(`${trigger}: an unknown patient_uhid is 404 and nothing is stored`, async () => {
      const res = await stack.rest("POST", `/api/v1/triggers/${trigger}/`, { token: await stack.token("physician"), body: { patient_uhid: UNKNOWN, ...rest } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      const stored = await stack.rest("GET", `/api/v1/notifications/?patient_uhid=${UNKNOWN}`, { token: nurse });
      expect(stored.body.results).toEqual([]);
    });
  }

  it("preferences: read and write of an unknown patient are 404, a known one 200", async () => {
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${UNKNOWN}/`, { token: nurse })).status).toBe(404);
    expect((await stack.rest("PUT", `/api/v1/notifications/preferences/${UNKNOWN}/`, { token: nurse, body: { language: "sw" } })).status).toBe(404);
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${UNKNOWN}/`, { token: service })).status).toBe(404);
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${UHID}/`, { token: service })).status).toBe(200);
  });

  it("send: a patient_uhid that does not exist is 404; a known one or none is sent", async () => {
    const body = { recipient: "+256772000111", template: "generic", parameters: { message: "Hello" } };
    expect((await stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { ...body, patient_uhid: UNKNOWN } })).status).toBe(404);
    expect((await stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { ...body, patient_uhid: UHID } })).status).toBe(200);
    expect((await stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body })).status).toBe(200);
  });

  it("the notification list keeps patient_uhid as a filter (an unknown one is an empty page)", async () => {
    const res = await stack.rest("GET", `/api/v1/notifications/?patient_uhid=${UNKNOWN}`, { token: nurse });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });
});

describe("templates are discoverable", () => {
  it("lists every template with channels, languages and required/optional parameters", async () => {
    const res = await stack.rest("GET", "/api/v1/notifications/templates/?page_size=100", { token: cashier });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.results.map((t: { name: string }) => [t.name, t]));
    for (const name of ["generic", "payment_reminder", "care_plan_update", "pickup_ready", "follow_up_reminder", "receipt_email", "critical_alert_patient"]) expect(byName).toHaveProperty(name);
    expect(byName.generic).toMatchObject({ required_parameters: ["message"], optional_parameters: ["subject"], channels: ["SMS", "EMAIL", "PUSH", "MESSAGING_APP"], languages: expect.arrayContaining(["en", "sw", "lg"]), critical: false });
    expect(byName.payment_reminder.required_parameters).toEqual([]);
    expect(byName.pickup_ready.required_parameters).toEqual(["medication_name", "pharmacy_name"]);
    const critical = await stack.rest("GET", "/api/v1/notifications/templates/?search=critical", { token: nurse });
    expect(critical.body.results.every((t: { critical: boolean }) => t.critical)).toBe(true);
    const bad = await stack.rest("GET", "/api/v1/notifications/templates/?channel=PAGER", { token: nurse });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["channel"]);
  });

  it("lists the same in GraphQL", async () => {
    const res = await stack.gql(`{ notificationTemplates(category: "payment") { results { name requiredParameters optionalParameters channels languages } } }`, {}, nurse);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.notificationTemplates.results).toEqual([expect.objectContaining({ name: "payment_reminder", requiredParameters: [] })]);
  });

  it("generic sends a free message; extra parameters are ignored; a missing required one is 400 naming parameters.<name>", async () => {
    const ok = await stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { recipient: "+256772000111", template: "generic", parameters: { message: "Your order is ready.", colour: "blue" } } });
    expect(ok.status).toBe(200);
    expect(await bodyOf(ok.body.notification_id)).toBe("Your order is ready.");
    const missing = await stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { recipient: "+256772000111", template: "pickup_ready", parameters: { medication_name: "Amoxicillin", extra: "x" } } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(["parameters.pharmacy_name"]);
  });
});
