import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";
import { registerTestPatient, startFakeHttpProviders, startFakeSmtp, waitFor, type FakeHttpProviders, type FakeSmtp } from "./notifications-fake-providers.js";

const RECEIPT_TOKEN = "receipt-token-0123456789abcdef";
const MAX_ATTEMPTS = 3;

let stack: Stack;
let http: FakeHttpProviders;
let smtp: FakeSmtp;
let nurse: string;
let admin: string;

beforeAll(async () => {
  [http, smtp] = await Promise.all([startFakeHttpProviders(), startFakeSmtp()]);
  stack = await startStack({
    env: {
      NOTIFICATIONS_WORKER_POLL_MS: "25",
      NOTIFICATIONS_RETRY_BASE_MS: "40",
      NOTIFICATIONS_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      NOTIFICATIONS_RECEIPT_TOKEN: RECEIPT_TOKEN,
      AFRICASTALKING_URL: http.url,
      AFRICASTALKING_USERNAME: "healthcare",
      AFRICASTALKING_API_KEY: "at-test-key",
      AFRICASTALKING_SENDER_ID: "CLINIC",
      SMTP_URL: smtp.url,
      SMTP_FROM: "Clinic <no-reply@clinic.example.org>",
      FCM_URL: http.url,
      FCM_PROJECT_ID: "demo",
      FCM_ACCESS_TOKEN: "fcm-test-token",
      WHATSAPP_URL: http.url,
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_ACCESS_TOKEN: "wa-test-token",
    },
  });
  [nurse, admin] = await Promise.all([stack.token("nurse"), stack.token("admin")]);
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([http?.close(), smtp?.close()]);
});

let patientSeq = 0;
/** A fresh patient with the given channels and contact points. */
async function patient(prefs: Record<string, unknown>): Promise<string> {
  const uhid = `UG-PROV-${String(++patientSeq).padStart(4, "0")}`;
  await registerTestPatient(stack, nurse, uhid);
  const res = await stack.rest("PUT", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse, body: prefs });
  expect(res.status).toBe(200);
  return uhid;
}

const labResult = (uhid: string) =>
  stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: uhid, observation_id: "OBS-9", test_name: "Malaria RDT", ordered_by: "Dr. Okello", facility_name: "Gulu RRH" } });

const detail = async (id: string) => (await stack.rest("GET", `/api/v1/notifications/${id}/`, { token: admin })).body;
const untilStatus = (id: string, statuses: string[], timeoutMs = 10_000) =>
  waitFor(async () => {
    const n = await detail(id);
    return statuses.includes(n.status) ? n : undefined;
  }, timeoutMs, `notification ${id} to reach ${statuses.join("/")}`);

describe("Africa's Talking SMS adapter", () => {
  it("posts the form with apiKey and an idempotency key, then a delivery report moves SENT → DELIVERED", async () => {
    const uhid = await patient({ channels: ["SMS"], phone: "+256700000101" });
    const res = await labResult(uhid);
    const sent = await untilStatus(res.body.notification_id, ["SENT"]);
    expect(sent.provider).toBe("africastalking");
    const req = http.requests.find((r) => r.recipient === "+256700000101")!;
    expect(req.headers.apikey).toBe("at-test-key");
    expect(req.body).toMatchObject({ username: "healthcare", from: "CLINIC", message: expect.stringContaining("Malaria RDT") });
    expect(req.idempotencyKey).toBe(`${sent.id}:SMS`);

    const unauthorized = await fetch(`${stack.url}/webhooks/notifications/africastalking?token=wrong`, { method: "POST", body: new URLSearchParams({ id: sent.provider_message_id, status: "Success" }) });
    expect(unauthorized.status).toBe(401);
    const receipt = await fetch(`${stack.url}/webhooks/notifications/africastalking?token=${RECEIPT_TOKEN}`, {
      method: "POST",
      body: new URLSearchParams({ id: sent.provider_message_id, status: "Success", phoneNumber: "+256700000101", networkCode: "62120" }),
    });
    expect(receipt.status).toBe(200);
    expect(await receipt.json()).toEqual({ received: 1, applied: 1 });
    const delivered = await detail(sent.id);
    expect(delivered.status).toBe("DELIVERED");
    expect(delivered.events.map((e: { to_status: string }) => e.to_status)).toEqual(["PENDING", "PROCESSING", "SENT", "DELIVERED"]);
  });

  it("retries a failing gateway with backoff, same idempotency key each time, then FAILED", async () => {
    const uhid = await patient({ channels: ["SMS"], phone: "+256700000102" });
    http.behaviour.set("+256700000102", "fail-5xx");
    const res = await labResult(uhid);
    const failed = await untilStatus(res.body.notification_id, ["FAILED"]);
    const attempts = http.requests.filter((r) => r.recipient === "+256700000102");
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(attempts.map((a) => a.idempotencyKey))).toEqual(new Set([`${failed.id}:SMS`]));
    expect(failed.attempts).toBe(MAX_ATTEMPTS);
    expect(failed.status_reason).toMatch(/gave up after 3 attempts/);
    const retries = failed.events.filter((e: { detail: string }) => /retry in \d+ ms/.test(e.detail));
    expect(retries).toHaveLength(MAX_ATTEMPTS - 1);
  });

  it("falls back to the next preferred channel (EMAIL) when the SMS is rejected, charging the e-mail", async () => {
    const uhid = await patient({ channels: ["SMS", "EMAIL"], phone: "+256700000103", email: "fallback@example.org" });
    http.behaviour.set("+256700000103", "reject");
    const res = await labResult(uhid);
    expect(res.body.channel).toBe("SMS");
    const sent = await untilStatus(res.body.notification_id, ["SENT", "DELIVERED"]);
    expect(sent).toMatchObject({ channel: "EMAIL", recipient: "fallback@example.org", provider: "smtp", cost: "20.00", fallback_channels: [] });
    expect(http.requests.filter((r) => r.recipient === "+256700000103")).toHaveLength(1);
    const mail = await waitFor(() => smtp.mails.find((m) => m.to.includes("fallback@example.org")), 5000, "the fallback e-mail");
    expect(mail.raw).toContain("Malaria RDT");
    expect(mail.raw).toContain(`Message-ID: <${sent.id}.EMAIL@clinic.example.org>`);
    expect(sent.events.some((e: { detail: string }) => /falling back to EMAIL/.test(e.detail))).toBe(true);
  });

  it("falls back when the gateway keeps failing until the attempts are spent", async () => {
    const uhid = await patient({ channels: ["SMS", "MESSAGING_APP"], phone: "+256700000104", messaging_app_id: "+256700000104" });
    http.behaviour.set("+256700000104", "fail-5xx");
    http.behaviour.set("256700000104", "accept");
    const res = await labResult(uhid);
    const sent = await untilStatus(res.body.notification_id, ["SENT"]);
    expect(sent).toMatchObject({ channel: "MESSAGING_APP", provider: "whatsapp", cost: "200.00" });
    expect(http.requests.filter((r) => r.recipient === "+256700000104")).toHaveLength(MAX_ATTEMPTS);
  });
});

describe("SMTP, FCM and WhatsApp adapters", () => {
  it("sends an e-mail receipt over SMTP", async () => {
    const res = await stack.rest("POST", "/api/v1/notifications/send/", {
      token: await stack.token("cashier"),
      body: { recipient: "buyer@example.org", template: "receipt_email", parameters: { receipt_number: "RCT-42", total_amount: "3500.00" } },
    });
    expect(res.status).toBe(200);
    await untilStatus(res.body.notification_id, ["SENT"]);
    const mail = smtp.mails.find((m) => m.to.includes("buyer@example.org"))!;
    expect(mail.raw).toContain("Subject: Your receipt RCT-42");
    expect(mail.raw).toContain("Total: UGX 3500.00");
  });

  it("refuses a mailbox permanently (550) → FAILED without retries", async () => {
    smtp.refuse.add("nobody@example.org");
    const res = await stack.rest("POST", "/api/v1/notifications/send/", {
      token: await stack.token("cashier"),
      body: { recipient: "nobody@example.org", template: "receipt_email", parameters: { receipt_number: "RCT-43", total_amount: "1.00" } },
    });
    const failed = await untilStatus(res.body.notification_id, ["FAILED"]);
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/550|rejected/);
  });

  it("pushes through FCM HTTP v1 with the bearer token", async () => {
    const uhid = await patient({ channels: ["PUSH"], push_token: "device-token-abc" });
    const res = await labResult(uhid);
    const sent = await untilStatus(res.body.notification_id, ["SENT"]);
    expect(sent).toMatchObject({ provider: "fcm", cost: "0.00" });
    const req = http.requests.find((r) => r.recipient === "device-token-abc")!;
    expect(req.headers.authorization).toBe("Bearer fcm-test-token");
    expect(req.body.message).toMatchObject({ token: "device-token-abc", notification: { title: "Your lab results are ready" } });
  });

  it("sends over WhatsApp and applies its status webhook", async () => {
    const uhid = await patient({ channels: ["MESSAGING_APP"], messaging_app_id: "+256700000105" });
    const res = await labResult(uhid);
    const sent = await untilStatus(res.body.notification_id, ["SENT"]);
    const req = http.requests.find((r) => r.recipient === "256700000105")!;
    expect(req.headers.authorization).toBe("Bearer wa-test-token");
    expect(req.body).toMatchObject({ messaging_product: "whatsapp", type: "text" });
    const webhook = await fetch(`${stack.url}/webhooks/notifications/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-receipt-token": RECEIPT_TOKEN },
      body: JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ value: { statuses: [{ id: sent.provider_message_id, status: "delivered" }] } }] }] }),
    });
    expect(await webhook.json()).toEqual({ received: 1, applied: 1 });
    expect((await detail(sent.id)).status).toBe("DELIVERED");
  });

  it("a failure receipt for the last channel moves SENT → FAILED, and a late receipt changes nothing", async () => {
    const uhid = await patient({ channels: ["SMS"], phone: "+256700000106" });
    const res = await labResult(uhid);
    const sent = await untilStatus(res.body.notification_id, ["SENT"]);
    const post = (status: string) =>
      fetch(`${stack.url}/webhooks/notifications/africastalking?token=${RECEIPT_TOKEN}`, { method: "POST", body: new URLSearchParams({ id: sent.provider_message_id, status, failureReason: "AbsentSubscriber" }) });
    expect(await (await post("Failed")).json()).toEqual({ received: 1, applied: 1 });
    expect(await (await post("Success")).json()).toEqual({ received: 1, applied: 0 });
    const n = await detail(sent.id);
    expect(n.status).toBe("FAILED");
    expect(n.status_reason).toMatch(/AbsentSubscriber/);
  });

  it("an SMS opt-out callback removes SMS from the patient's channels; the next message goes by e-mail", async () => {
    const uhid = await patient({ channels: ["SMS", "EMAIL"], phone: "+256700000107", email: "optout@example.org" });
    const optOut = await fetch(`${stack.url}/webhooks/notifications/africastalking/opt-out?token=${RECEIPT_TOKEN}`, { method: "POST", body: new URLSearchParams({ senderId: "CLINIC", phoneNumber: "+256700000107" }) });
    expect(await optOut.json()).toEqual({ patients: 1 });
    expect((await stack.rest("GET", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse })).body.channels).toEqual(["EMAIL"]);
    const res = await labResult(uhid);
    expect(res.body.channel).toBe("EMAIL");
  });
});
