import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationRequests, notifications } from "../../subgraphs/notifications/db/tables.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { startFakeHttpProviders, startFakeSmtp, waitFor, type FakeHttpProviders, type FakeSmtp } from "./notifications-fake-providers.js";

/**
 * Whom a patient's messages reach and when their choices apply: the registry's phone and e-mail fill
 * every channel the preferences have no address on; consent and address are checked again when a held
 * message comes due; an Idempotency-Key fingerprints the request as sent; events read in the order
 * they happened; a patient sees what was sent to their own contact point.
 */
let stack: Stack;
let http: FakeHttpProviders;
let smtp: FakeSmtp;
let nurse: string;
let admin: string;
let cashier: string;

beforeAll(async () => {
  [http, smtp] = await Promise.all([startFakeHttpProviders(), startFakeSmtp()]);
  stack = await startStack({
    env: {
      NOTIFICATIONS_WORKER_POLL_MS: "25",
      AFRICASTALKING_URL: http.url,
      AFRICASTALKING_USERNAME: "healthcare",
      AFRICASTALKING_API_KEY: "at-test-key",
      SMTP_URL: smtp.url,
      SMTP_FROM: "Clinic <no-reply@clinic.example.org>",
    },
  });
  [nurse, admin, cashier] = await Promise.all([stack.token("nurse"), stack.token("admin"), stack.token("cashier", { pharmacy: KAMPALA })]);
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([http?.close(), smtp?.close()]);
});

let seq = 0;
/** A newly registered patient with the given registry contact points; answers the UHID. */
async function registered(contact: { phone?: string; email?: string }): Promise<string> {
  const uhid = `UG-CHOICE-${String(++seq).padStart(4, "0")}`;
  const res = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { uhid, given_name: "Test", family_name: uhid, sex: "female", birth_date: "1990-01-01", ...contact } });
  if (res.status !== 201) throw new Error(`could not register ${uhid}: ${JSON.stringify(res.body)}`);
  return uhid;
}
const phoneOf = (n: number) => `+2567009${String(n).padStart(5, "0")}`;

const setPrefs = async (uhid: string, body: Record<string, unknown>) => {
  const res = await stack.rest("PUT", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** An appointment this many days from now at 07:30 UTC: reminders are only for appointments still ahead. */
const appointmentIn = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T07:30:00Z`;
const appointmentBody = (uhid: string, date = appointmentIn(30)) => ({ patient_uhid: uhid, appointment_id: "APT-1", provider_name: "Dr. Okello", facility_name: "Mulago", appointment_date: date });
const reminder = (uhid: string, headers?: Record<string, string>, body = appointmentBody(uhid)) => stack.rest("POST", "/api/v1/triggers/appointment-reminder/", { token: nurse, body, headers });
const labResult = (uhid: string) =>
  stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: uhid, observation_id: "OBS-1", test_name: "Lipid panel", ordered_by: "Dr. Achieng", facility_name: "Mbarara RRH" } });
const criticalAlert = (uhid: string) =>
  stack.rest("POST", "/api/v1/triggers/critical-alert/", {
    token: nurse,
    body: { patient_uhid: uhid, provider_id: "PRV-0001", observation_id: "OBS-C", test_name: "Potassium", value: "2.1", unit: "mmol/L", reference_range: "3.5-5.1", patient_name: "Test Patient" },
  });
const detail = async (id: string, token = admin) => (await stack.rest("GET", `/api/v1/notifications/${id}/`, { token })).body;
const untilStatus = (id: string, statuses: string[]) => waitFor(async () => ((n) => (statuses.includes(n.status) ? n : undefined))(await detail(id)), 10_000, `${id} → ${statuses}`);

describe("setting a preference keeps the registry's contact points (defect 1)", () => {
  it.each([{ consent: { payment: false } }, { language: "sw" }, { time_zone: "Africa/Nairobi" }, { quiet_hours_start: null, quiet_hours_end: null }])(
    "after PUT %j the reminder and the critical alert's patient copy still go to the registered phone",
    async (prefs) => {
      const phone = phoneOf(++seq);
      const uhid = await registered({ phone });
      const stored = await setPrefs(uhid, prefs);
      expect(stored.phone).toBeNull();
      const res = await reminder(uhid);
      expect(res.body).toMatchObject({ success: true, status: "PENDING", channel: "SMS" });
      expect((await untilStatus(res.body.notification_id, ["SENT", "DELIVERED"])).recipient).toBe(phone);
      const alert = await criticalAlert(uhid);
      expect(alert.body.statuses[0]).toBe("PENDING");
      expect((await untilStatus(alert.body.notification_ids[0], ["SENT", "DELIVERED"])).recipient).toBe(phone);
      expect(http.requests.filter((r) => r.recipient === phone)).toHaveLength(2);
    },
  );

  it("a preference's own address wins on its channel; the registry's fills the channels it has none for", async () => {
    const [registeredPhone, ownPhone, email] = [phoneOf(++seq), phoneOf(++seq), `choice${seq}@example.org`];
    const uhid = await registered({ phone: registeredPhone, email });
    await setPrefs(uhid, { channels: ["EMAIL", "SMS"], phone: ownPhone });
    const byEmail = await reminder(uhid);
    expect(byEmail.body).toMatchObject({ success: true, channel: "EMAIL" });
    expect(await detail(byEmail.body.notification_id)).toMatchObject({ recipient: email, fallback_channels: ["SMS"] });
    await setPrefs(uhid, { channels: ["SMS"] });
    const bySms = await reminder(uhid);
    expect((await detail(bySms.body.notification_id)).recipient).toBe(ownPhone);
  });

  it("a patient registered with an e-mail only is reached by e-mail after setting their language (default channels: SMS, then EMAIL)", async () => {
    const email = `only-mail${++seq}@example.org`;
    const uhid = await registered({ email });
    expect((await setPrefs(uhid, { language: "lg" })).channels).toEqual(["SMS", "EMAIL"]);
    const res = await labResult(uhid);
    expect(res.body).toMatchObject({ success: true, channel: "EMAIL" });
    expect((await detail(res.body.notification_id)).recipient).toBe(email);
  });
});

/** HH:MM in Kampala `minutes` from now. */
function kampalaClock(minutes: number): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Kampala", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(Date.now() + minutes * 60_000));
}

/** The end of the quiet hours, reached: the held message is due now. */
const comesDue = (id: string) => stack.server.database!.db.update(notifications).set({ availableAt: sql`now()` }).where(eq(notifications.id, id));

describe("a message held for quiet hours follows the patient's choices when it comes due (defect 2)", () => {
  async function heldLabResult(phone: string): Promise<{ uhid: string; id: string }> {
    const uhid = await registered({});
    await setPrefs(uhid, { channels: ["SMS"], phone, quiet_hours_start: kampalaClock(-60), quiet_hours_end: kampalaClock(120) });
    const res = await labResult(uhid);
    expect(res.body).toMatchObject({ success: true, status: "PENDING", status_reason: expect.stringMatching(/^quiet hours/) });
    return { uhid, id: res.body.notification_id };
  }

  it("is CANCELLED with the reason and an event, and nothing is sent, when consent was withdrawn meanwhile", async () => {
    const phone = phoneOf(++seq);
    const { uhid, id } = await heldLabResult(phone);
    await setPrefs(uhid, { consent: { lab_result: false } });
    await comesDue(id);
    const n = await untilStatus(id, ["CANCELLED", "PROCESSING", "SENT", "DELIVERED"]);
    expect(n).toMatchObject({ status: "CANCELLED", status_reason: expect.stringMatching(/no consent for lab_result/) });
    expect(n.events.at(-1)).toMatchObject({ from_status: "PENDING", to_status: "CANCELLED" });
    await new Promise((r) => setTimeout(r, 200));
    expect(http.requests.filter((r) => r.recipient === phone)).toHaveLength(0);
  });

  it("goes to the current phone when the phone changed meanwhile, never to the old one", async () => {
    const [oldPhone, newPhone] = [phoneOf(++seq), phoneOf(++seq)];
    const { uhid, id } = await heldLabResult(oldPhone);
    await setPrefs(uhid, { phone: newPhone });
    await comesDue(id);
    expect((await untilStatus(id, ["SENT", "DELIVERED"])).recipient).toBe(newPhone);
    expect(http.requests.filter((r) => r.recipient === newPhone)).toHaveLength(1);
    expect(http.requests.filter((r) => r.recipient === oldPhone)).toHaveLength(0);
  });

  it("is sent as queued when nothing changed", async () => {
    const phone = phoneOf(++seq);
    const { id } = await heldLabResult(phone);
    await comesDue(id);
    expect((await untilStatus(id, ["SENT", "DELIVERED"])).recipient).toBe(phone);
  });
});

describe("an Idempotency-Key fingerprints the request as sent (defect 3)", () => {
  it.each([{ language: "en" }, { time_zone: "Africa/Lagos" }])("a byte-identical retry after PUT %j returns the first call's notification", async (change) => {
    const uhid = await registered({ phone: phoneOf(++seq) });
    await setPrefs(uhid, { language: "sw", time_zone: "Africa/Kampala" });
    const key = { "idempotency-key": `apt-${uhid}` };
    const first = await reminder(uhid, key);
    expect(first.status).toBe(200);
    await setPrefs(uhid, change);
    const again = await reminder(uhid, key);
    expect(again.status).toBe(200);
    expect(again.body.notification_id).toBe(first.body.notification_id);
    expect((await reminder(uhid, key, appointmentBody(uhid, appointmentIn(31)))).status).toBe(409);
  });

  it("keeps answering retries of requests stored before, with the parameters formatted then (labels in the language of then)", async () => {
    const uhid = await registered({ phone: phoneOf(++seq) });
    await setPrefs(uhid, { language: "lg" });
    const db = stack.server.database!.db;
    /** Rewrites a request's stored fingerprint to the format written before: the patient and the formatted parameters. */
    const toOldFormat = async (notificationId: string) => {
      const [n] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
      await db.update(notificationRequests).set({ payload: { patientUhid: uhid, ...n.parameters } }).where(eq(notificationRequests.id, n.requestId!));
    };
    const delivery = { patient_uhid: uhid, delivery_id: "DLV-1", status: "out_for_delivery", delivery_type: "medication" };
    const deliveryStatus = (body: Record<string, unknown>) => stack.rest("POST", "/api/v1/triggers/delivery-status/", { token: nurse, body, headers: { "idempotency-key": `dlv-${uhid}` } });
    const first = await deliveryStatus(delivery);
    const apt = await reminder(uhid, { "idempotency-key": `old-apt-${uhid}` });
    await toOldFormat(first.body.notification_id);
    await toOldFormat(apt.body.notification_id);

    await setPrefs(uhid, { language: "en" });
    const again = await deliveryStatus(delivery);
    expect(again.status).toBe(200);
    expect(again.body.notification_id).toBe(first.body.notification_id);
    expect((await deliveryStatus({ ...delivery, status: "delivered" })).status).toBe(409);
    await setPrefs(uhid, { language: "lg" });
    expect((await reminder(uhid, { "idempotency-key": `old-apt-${uhid}` })).body.notification_id).toBe(apt.body.notification_id);
    expect((await reminder(uhid, { "idempotency-key": `old-apt-${uhid}` }, appointmentBody(uhid, appointmentIn(32)))).status).toBe(409);
  });
});

describe("events read in the order they happened (defect 4)", () => {
  it("every notification's events form one chain of statuses, over many notifications", async () => {
    // PUSH has no provider configured here: the development provider reports delivery at once, so
    // SENT and DELIVERED are written in one transaction (the same created_at).
    const uhid = await registered({});
    await setPrefs(uhid, { channels: ["PUSH"], push_token: `device-${uhid}` });
    const ids = await Promise.all(Array.from({ length: 40 }, async () => (await labResult(uhid)).body.notification_id as string));
    for (const id of ids) {
      const { events } = await untilStatus(id, ["DELIVERED"]);
      expect(events.map((e: { to_status: string }) => e.to_status)).toEqual(["PENDING", "PROCESSING", "SENT", "DELIVERED"]);
      events.forEach((e: { from_status: string | null }, i: number) => expect(e.from_status).toBe(i === 0 ? null : events[i - 1].to_status));
    }
  });
});

describe("a patient sees what was sent to their own contact point, not what was sent to someone else about them (defect 5)", () => {
  const pickupReady = (recipient: string, uhid: string) =>
    stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { recipient, patient_uhid: uhid, template: "pickup_ready", parameters: { medication_name: "Amoxicillin", pharmacy_name: "Kampala Central" } } });

  it.each([
    ["their registered phone", "registered"],
    ["their registered phone, written with spaces", "registered-spaced"],
    ["the phone of their preferences", "preferred"],
    ["the e-mail of their registration", "email"],
  ] as const)("sent to %s: in their list and readable by them", async (_, to) => {
    const [registeredPhone, preferredPhone] = [phoneOf(++seq), phoneOf(++seq)];
    const email = `own${seq}@example.org`;
    const uhid = await registered({ phone: registeredPhone, email });
    await setPrefs(uhid, { phone: preferredPhone });
    const recipient = { registered: registeredPhone, "registered-spaced": `${registeredPhone.slice(0, 4)} ${registeredPhone.slice(4, 7)} ${registeredPhone.slice(7)}`, preferred: preferredPhone, email: email.toUpperCase() }[to];
    const sent = await pickupReady(recipient, uhid);
    expect(sent.status).toBe(200);
    const patient = await stack.token("patient", { sub: uhid });
    expect(await detail(sent.body.notification_id, patient)).toMatchObject({ id: sent.body.notification_id, recipient_type: "patient" });
    const list = await stack.rest("GET", "/api/v1/notifications/", { token: patient });
    expect(list.body.results.map((n: { id: string }) => n.id)).toContain(sent.body.notification_id);
  });

  it("sent to a carer's phone about them: not theirs (404, not listed), still on the staff's list", async () => {
    const uhid = await registered({ phone: phoneOf(++seq) });
    const carer = phoneOf(++seq);
    const sent = await pickupReady(carer, uhid);
    expect(sent.status).toBe(200);
    const patient = await stack.token("patient", { sub: uhid });
    expect((await stack.rest("GET", `/api/v1/notifications/${sent.body.notification_id}/`, { token: patient })).status).toBe(404);
    expect((await stack.rest("GET", "/api/v1/notifications/", { token: patient })).body.results.map((n: { id: string }) => n.id)).not.toContain(sent.body.notification_id);
    expect(await detail(sent.body.notification_id)).toMatchObject({ recipient: carer, recipient_type: "recipient", patient_uhid: uhid });
  });
});
