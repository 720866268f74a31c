import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patients } from "../../subgraphs/clinical/db/tables.js";
import { notifications, preferences } from "../../subgraphs/notifications/db/tables.js";
import { loyaltyAccounts, salesTransactions } from "../../subgraphs/pharmacy/db/tables.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";
import { registerTestPatient } from "./notifications-fake-providers.js";

/**
 * One form for phone numbers across the API (lib/phone.ts): every phone that enters is stored and sent
 * in E.164, an impossible one is 400 on its field, and rows stored in other spellings before that still
 * match where it matters (opt-out, loyalty lookup and uniqueness, the registry fallback).
 */
const RECEIPT_TOKEN = "receipt-token-0123456789abcdef";
const SALES = "/api/v1/pharmacy/sales";

let stack: Stack;
let cashier: string;
let nurse: string;
let admin: string;

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATIONS_RECEIPT_TOKEN: RECEIPT_TOKEN } });
  [cashier, nurse, admin] = await Promise.all([stack.token("cashier", { pharmacy: KAMPALA }), stack.token("nurse"), stack.token("admin")]);
});
afterAll(() => stack?.stop());

const db = () => stack.server.database!.db;
const notificationCount = async () => (await db().select({ n: count() }).from(notifications))[0].n;
const pickupReady = (recipient: string) =>
  stack.rest("POST", "/api/v1/notifications/send/", { token: cashier, body: { recipient, template: "pickup_ready", parameters: { medication_name: "Amoxicillin", pharmacy_name: "Kampala Central" } } });

describe("notifications send: the recipient is read as a phone number before anything is queued", () => {
  it.each(["0772123456", "256772123456", "0772 123 456", "+256 772-123-456"])("queues %j to +256772123456", async (recipient) => {
    const res = await pickupReady(recipient);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, channel: "SMS" });
    const n = await stack.rest("GET", `/api/v1/notifications/${res.body.notification_id}/`, { token: admin });
    expect(n.body.recipient).toBe("+256772123456");
  });

  it.each(["+2567721234567", "12345678", "+256100000000"])("refuses %j with 400 on recipient and queues nothing", async (recipient) => {
    const before = await notificationCount();
    const res = await pickupReady(recipient);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("recipient");
    expect(await notificationCount()).toBe(before);
  });

  it.each(["0800 123 456", "+256 800 123456", "0414 123 456", "+256 200 123456", "0392 123456"])("refuses %j, a valid landline or toll-free number no SMS reaches, with 400 on recipient", async (recipient) => {
    const before = await notificationCount();
    const res = await pickupReady(recipient);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.recipient[0]).toMatch(/mobile/);
    expect(await notificationCount()).toBe(before);
  });

  it("refuses a landline as a patient's SMS or messaging-app number, and as a provider's", async () => {
    await registerTestPatient(stack, nurse, "UG-PHONE-0032");
    const prefs = await stack.rest("PUT", "/api/v1/notifications/preferences/UG-PHONE-0032/", { token: nurse, body: { phone: "0414 123 456", messaging_app_id: "0800 123 456" } });
    expect(prefs.status).toBe(400);
    expect(Object.keys(prefs.body.error.fields).sort()).toEqual(["messaging_app_id", "phone"]);
    const provider = await stack.rest("PUT", "/api/v1/notifications/providers/PRV-PHONE-2/", { token: await stack.token("physician"), body: { name: "Dr. Landline", channels: ["SMS"], phone: "0414 123 456" } });
    expect(provider.status).toBe(400);
    expect(provider.body.error.fields).toHaveProperty("phone");
  });

  it("keeps a Kenyan number Kenyan under the default region UG", async () => {
    const res = await pickupReady("+254 712 345 678");
    expect(res.status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/notifications/${res.body.notification_id}/`, { token: admin })).body.recipient).toBe("+254712345678");
  });
});

describe("preferences, provider contacts and the SMS opt-out callback", () => {
  const optOut = async (phoneNumber: string) => {
    const res = await fetch(`${stack.url}/webhooks/notifications/africastalking/opt-out?token=${RECEIPT_TOKEN}`, { method: "POST", body: new URLSearchParams({ senderId: "CLINIC", phoneNumber }) });
    return (await res.json()) as { patients: number };
  };
  const prefsOf = async (uhid: string) => (await stack.rest("GET", `/api/v1/notifications/preferences/${uhid}/`, { token: nurse })).body;

  it("stores the phone and messaging-app number in E.164, and refuses an impossible one", async () => {
    await registerTestPatient(stack, nurse, "UG-PHONE-0001");
    const put = await stack.rest("PUT", "/api/v1/notifications/preferences/UG-PHONE-0001/", { token: nurse, body: { phone: "256772444555", messaging_app_id: "0772 444 556" } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ phone: "+256772444555", messaging_app_id: "+256772444556" });
    const bad = await stack.rest("PUT", "/api/v1/notifications/preferences/UG-PHONE-0001/", { token: nurse, body: { phone: "+2567724445551" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("phone");
    expect((await prefsOf("UG-PHONE-0001")).phone).toBe("+256772444555");
  });

  it("stores a provider contact's phone in E.164", async () => {
    const put = await stack.rest("PUT", "/api/v1/notifications/providers/PRV-PHONE-1/", { token: await stack.token("physician"), body: { name: "Dr. Phone", channels: ["SMS"], phone: "0701 555 123" } });
    expect(put.status).toBe(200);
    expect(put.body.phone).toBe("+256701555123");
  });

  it("an opt-out for +256772123456 matches a preference written as 0772 123 456", async () => {
    await registerTestPatient(stack, nurse, "UG-PHONE-0002");
    expect((await stack.rest("PUT", "/api/v1/notifications/preferences/UG-PHONE-0002/", { token: nurse, body: { channels: ["SMS", "EMAIL"], phone: "0772 123 456", email: "phone@example.org" } })).status).toBe(200);
    expect(await optOut("+256772123456")).toEqual({ patients: 1 });
    expect((await prefsOf("UG-PHONE-0002")).channels).toEqual(["EMAIL"]);
  });

  it("an opt-out matches a preference stored in another spelling before phones were normalized", async () => {
    await db().insert(preferences).values({ patientUhid: "UG-PHONE-0003", channels: ["SMS"], phone: "256772333444" });
    await db().insert(preferences).values({ patientUhid: "UG-PHONE-0004", channels: ["SMS"], phone: "0772 333 444" });
    // Another country's number with the same national digits is someone else.
    await db().insert(preferences).values({ patientUhid: "UG-PHONE-0005", channels: ["SMS"], phone: "+254772333444" });
    expect(await optOut("+256772333444")).toEqual({ patients: 2 });
    const rows = await db().select({ uhid: preferences.patientUhid, channels: preferences.channels }).from(preferences).where(eq(preferences.phone, "+254772333444"));
    expect(rows).toEqual([{ uhid: "UG-PHONE-0005", channels: ["SMS"] }]);
  });
});

describe("patient registry: the phone is stored in E.164", () => {
  const register = (uhid: string, phone: string) => stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { uhid, given_name: "Amina", family_name: "Nakato", sex: "female", birth_date: "1991-03-02", phone } });

  it("stores 0772 123 456 as +256772123456", async () => {
    const res = await register("UG-PHONE-0010", "0772 123 456");
    expect(res.status).toBe(201);
    const [row] = await db().select({ phone: patients.phone }).from(patients).where(eq(patients.uhid, "UG-PHONE-0010"));
    expect(row.phone).toBe("+256772123456");
  });

  it.each(["+2567721234567", "12345678", "hello world"])("refuses %j with 400 on phone and registers no one", async (phone) => {
    const res = await register("UG-PHONE-0011", phone);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("phone");
    expect(await db().select().from(patients).where(eq(patients.uhid, "UG-PHONE-0011"))).toEqual([]);
  });

  it("reaches a patient registered before phones were normalized at the number in E.164", async () => {
    await db().insert(patients).values({ uhid: "UG-PHONE-0012", givenName: "Old", familyName: "Row", sex: "female", birthDate: "1980-01-01", phone: "0772 000 555", source: "local_registry" });
    const res = await stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: "UG-PHONE-0012", observation_id: "OBS-P1", test_name: "Malaria RDT", ordered_by: "Dr. Okello", facility_name: "Mulago" } });
    expect(res.status).toBe(200);
    const n = await stack.rest("GET", `/api/v1/notifications/${res.body.notification_id}/`, { token: admin });
    expect(n.body).toMatchObject({ channel: "SMS", recipient: "+256772000555" });
  });
});

describe("pharmacy: loyalty accounts and consultations", () => {
  const openAccount = (customer_phone: string, customer_name = "Grace Akello") => stack.rest("POST", `${SALES}/loyalty-accounts/`, { token: cashier, body: { customer_name, customer_phone } });
  const findByPhone = async (phone: string) => (await stack.rest("GET", `${SALES}/loyalty-accounts/?phone=${encodeURIComponent(phone)}`, { token: cashier })).body;

  it("one number is one account however it is written: 409 on another spelling, found by any", async () => {
    const first = await openAccount("+256 701 555000");
    expect(first.status).toBe(201);
    expect(first.body.customer_phone).toBe("+256701555000");
    for (const spelling of ["0701555000", "+256701555000", "256 701 555 000"]) expect((await openAccount(spelling, "G. Akello")).status, spelling).toBe(409);
    for (const spelling of ["+256701555000", "0701 555 000"]) {
      const found = await findByPhone(spelling);
      expect(found.count, spelling).toBe(1);
      expect(found.results[0].id).toBe(first.body.id);
    }
  });

  it("an account opened before phones were normalized is found, and not opened twice", async () => {
    const programs = await stack.rest("GET", `${SALES}/loyalty-programs/`, { token: cashier });
    const [old] = await db().insert(loyaltyAccounts).values({ programId: programs.body.results[0].id, pharmacyId: KAMPALA, customerName: "Old Account", customerPhone: "0701 666 000" }).returning();
    expect((await findByPhone("+256701666000")).results.map((a: { id: string }) => a.id)).toEqual([old.id]);
    expect((await openAccount("+256701666000")).status).toBe(409);
  });

  it("refuses a phone that is not a number with 400 on customer_phone", async () => {
    const res = await openAccount("hello world");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("customer_phone");
  });

  it("a consultation's customer_phone is stored in E.164; hello world is 400 and records nothing", async () => {
    const ok = await stack.rest("POST", `${SALES}/consultations/`, { token: cashier, body: { customer_phone: "0772 000 444", reason: "BP check" } });
    expect(ok.status).toBe(201);
    expect(ok.body.customer_phone).toBe("+256772000444");
    const listed = await stack.rest("GET", `${SALES}/consultations/?customer_phone=${encodeURIComponent("0772000444")}`, { token: cashier });
    expect(listed.body.results.map((c: { id: string }) => c.id)).toContain(ok.body.id);

    const before = (await stack.rest("GET", `${SALES}/consultations/`, { token: cashier })).body.count;
    const bad = await stack.rest("POST", `${SALES}/consultations/`, { token: cashier, body: { customer_phone: "hello world", reason: "BP check" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("customer_phone");
    expect((await stack.rest("GET", `${SALES}/consultations/`, { token: cashier })).body.count).toBe(before);
  });
});

describe("the till, suppliers and couriers: their phones are E.164 too", () => {
  const saleCount = async () => (await db().select({ n: count() }).from(salesTransactions))[0].n;

  it("a sale's customer_phone is stored in E.164 and found by any spelling; hello world is 400 and records no sale", async () => {
    const product = (await stack.rest("GET", `${SALES}/products/?search=paracetamol`, { token: cashier })).body.results[0];
    const sell = (customer_phone: string) =>
      stack.rest("POST", `${SALES}/transactions/`, { token: cashier, body: { pharmacy_id: KAMPALA, cashier: "till-1", payment_method: "mobile_money", customer_phone, items: [{ product_id: product.id, quantity: 1 }] } });
    const sale = await sell("0772 000 555");
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.customer_phone).toBe("+256772000555");
    for (const spelling of ["0772000555", "+256 772 000 555", "256772000555"]) {
      const listed = await stack.rest("GET", `${SALES}/transactions/?customer_phone=${encodeURIComponent(spelling)}`, { token: cashier });
      expect(listed.body.results.map((t: { id: string }) => t.id), spelling).toEqual([sale.body.id]);
    }
    const before = await saleCount();
    for (const bad of ["hello world", "12345678", "+2567720005551"]) {
      const res = await sell(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.fields, bad).toHaveProperty("customer_phone");
    }
    expect(await saleCount()).toBe(before);
  });

  it("a supplier's phone is stored in E.164 on create and update; an impossible one is 400 and changes nothing", async () => {
    const pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA });
    const created = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: "Phone Wholesale", code: "PHONE-01", phone: "0414 100 777" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.phone).toBe("+256414100777");
    const refused = await stack.rest("POST", "/api/v1/procurement/suppliers/", { token: pharmacist, body: { name: "Bad Phone Wholesale", code: "PHONE-02", phone: "12345678" } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty("phone");
    expect((await stack.rest("GET", "/api/v1/procurement/suppliers/?search=PHONE-02", { token: pharmacist })).body.results).toEqual([]);

    const path = `/api/v1/procurement/suppliers/${created.body.id}/`;
    const updated = await stack.rest("PATCH", path, { token: pharmacist, body: { phone: "+256 772 111 222" } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.phone).toBe("+256772111222");
    const badUpdate = await stack.rest("PATCH", path, { token: pharmacist, body: { phone: "0772 111 2229" } });
    expect(badUpdate.status).toBe(400);
    expect((await stack.rest("GET", path, { token: pharmacist })).body.phone).toBe("+256772111222");
  });

  it("a courier's phone in a delivery-status message is the number in E.164; one that cannot be dialled is 400 and sends nothing", async () => {
    await registerTestPatient(stack, nurse, "UG-PHONE-0031");
    const trigger = (courier_phone: string) =>
      stack.rest("POST", "/api/v1/triggers/delivery-status/", { token: admin, body: { patient_uhid: "UG-PHONE-0031", delivery_id: `DEL-${courier_phone}`, status: "out_for_delivery", delivery_type: "medication", courier_name: "Okello", courier_phone } });
    const sent = await trigger("0772 333 444");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const message = (await stack.rest("GET", `/api/v1/notifications/${sent.body.notification_id}/`, { token: admin })).body.body as string;
    expect(message).toContain("+256772333444");
    const before = await notificationCount();
    const refused = await trigger("12345678");
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toHaveProperty("courier_phone");
    expect(await notificationCount()).toBe(before);
  });
});

describe("every phone field, one rule (lib/phone.ts phoneField): its message, its blank, its landline", () => {
  const NOT_A_PHONE = "must be a phone number, e.g. +256772000111 or 0772 000 111";
  const NOT_A_MOBILE = "must be a mobile phone number such as +256772000111 (a landline or toll-free number cannot take an SMS)";
  let n = 0;
  /** Each phone field: the call that sends `phone` in it, and where the answer holds the number. */
  const sites = () => ({
    loyalty: (phone: string) => stack.rest("POST", `${SALES}/loyalty-accounts/`, { token: cashier, body: { customer_name: `Rule ${++n}`, customer_phone: phone } }),
    consultation: (phone: string) => stack.rest("POST", `${SALES}/consultations/`, { token: cashier, body: { customer_phone: phone, reason: "BP check" } }),
    supplier: async (phone: string) => stack.rest("POST", "/api/v1/procurement/suppliers/", { token: await stack.token("pharmacist", { pharmacy: KAMPALA }), body: { name: `Rule ${++n}`, code: `RULE-${n}`, phone } }),
    courier: (phone: string) =>
      stack.rest("POST", "/api/v1/triggers/delivery-status/", { token: admin, body: { patient_uhid: "UG-PHONE-0041", delivery_id: `DEL-RULE-${++n}`, status: "out_for_delivery", delivery_type: "medication", courier_name: "Okello", courier_phone: phone } }),
    preferences: (phone: string) => stack.rest("PUT", "/api/v1/notifications/preferences/UG-PHONE-0041/", { token: nurse, body: { phone } }),
  });

  beforeAll(() => registerTestPatient(stack, nurse, "UG-PHONE-0041"));

  it.each([
    ["loyalty", { message: `Invalid value for customer_phone: ${NOT_A_PHONE}`, fields: { customer_phone: [NOT_A_PHONE] } }],
    ["consultation", { message: `Invalid value for customer_phone: ${NOT_A_PHONE}`, fields: { customer_phone: [NOT_A_PHONE] } }],
    ["supplier", { message: "Invalid value for phone: must be a phone number, e.g. +256414100001 or 0414 100 001", fields: { phone: ["must be a phone number, e.g. +256414100001 or 0414 100 001"] } }],
    ["courier", { message: `Invalid value for courier_phone: ${NOT_A_PHONE}`, fields: { courier_phone: [NOT_A_PHONE] } }],
    ["preferences", { message: "Invalid notification preferences", fields: { phone: [NOT_A_MOBILE] } }],
  ] as const)("%s: a number in no assigned range is 400 with its own message on its own field", async (site, error) => {
    const res = await sites()[site]("+256 100 000 000");
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "BAD_USER_INPUT", ...error });
  });

  it("a landline is a phone where a phone is asked for, and refused where a text message must reach it", async () => {
    const s = sites();
    expect((await s.loyalty("0414 100 001")).body.customer_phone).toBe("+256414100001");
    expect((await s.consultation("0414 100 001")).body.customer_phone).toBe("+256414100001");
    expect((await s.supplier("0414 100 001")).body.phone).toBe("+256414100001");
    expect((await s.courier("0414 100 001")).status).toBe(200);
    expect((await s.preferences("0414 100 001")).body.error.fields).toEqual({ phone: [NOT_A_MOBILE] });
  });

  it("a blank number is no number where the field is optional, and refused where it is required or must be a mobile", async () => {
    const s = sites();
    expect((await s.loyalty("   ")).body.error.fields).toEqual({ customer_phone: [NOT_A_PHONE] });
    expect((await s.consultation("   ")).body.customer_phone).toBeNull();
    const courier = await s.courier("   ");
    expect(courier.status).toBe(200);
    expect((await stack.rest("GET", `/api/v1/notifications/${courier.body.notification_id}/`, { token: admin })).body.body).not.toContain("Call");
    expect((await s.preferences("   ")).body.error.fields).toEqual({ phone: [NOT_A_MOBILE] });
    // An empty string is kept as given (no address), as it always was.
    expect((await s.preferences("")).body.phone).toBe("");
  });
});
