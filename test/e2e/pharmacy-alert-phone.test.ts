import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, pharmacyChanges } from "../../subgraphs/pharmacy/db/tables.js";
import { registerUnitSince } from "../support/cold-chain.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";
import { startFakeHttpProviders, waitFor, type FakeHttpProviders } from "./notifications-fake-providers.js";

/**
 * A pharmacy's alert phone through REST on real servers: PATCH a pharmacy (who may, 400s with field
 * errors, 403, 404, the record of changes), who sees `alert_phone`, and cold-chain excursion and
 * silent-logger messages reaching the alert phone (else the phone) through the notification service's
 * SMS adapter, here a fake Africa's Talking server; with neither number the alert stays visible.
 */

let stack: Stack;
let http: FakeHttpProviders;
let admin: string;
let pharmacist: string;
let guluPharmacist: string;
let cashier: string;
let auditor: string;
let nurse: string;
let unbound: string;
const path = "/api/v1/pharmacy/inventory/pharmacies/";
const cc = "/api/v1/cold-chain/";
const ALERT = "+256772000201";
const OTHER_ALERT = "+256772000202";
const PHONE = "+256772400001"; // Kampala's demo phone (a mobile)

beforeAll(async () => {
  http = await startFakeHttpProviders();
  stack = await startStack({
    env: {
      PHARMACY_SWEEP_INTERVAL_MS: "200",
      NOTIFICATIONS_WORKER_POLL_MS: "25",
      AFRICASTALKING_URL: http.url,
      AFRICASTALKING_USERNAME: "healthcare",
      AFRICASTALKING_API_KEY: "at-test-key",
      AFRICASTALKING_SENDER_ID: "PHARMACY",
    },
  });
  [admin, pharmacist, guluPharmacist, cashier, auditor, nurse, unbound] = await Promise.all([
    stack.token("admin"),
    stack.token("pharmacist", { pharmacy: KAMPALA, sub: "kla-pharmacist" }),
    stack.token("pharmacist", { pharmacy: GULU, sub: "gulu-pharmacist" }),
    stack.token("cashier", { pharmacy: KAMPALA }),
    stack.token("auditor"),
    stack.token("nurse"),
    stack.token("pharmacist"),
  ]);
});
afterAll(async () => {
  await stack?.stop();
  await http?.close();
});

const patch = (id: string, body: unknown, token = pharmacist) => stack.rest("PATCH", `${path}${id}/`, { token, body });
const get = (id: string, token = pharmacist) => stack.rest("GET", `${path}${id}/`, { token });
const changesOf = (id: string) => stack.server.database!.db.select().from(pharmacyChanges).where(eq(pharmacyChanges.pharmacyId, id));
/** SMS the fake provider received for a number whose text mentions `about`. */
const smsTo = (to: string, about: string) => http.requests.filter((r) => r.api === "africastalking" && r.recipient === to && String(r.body.message).includes(about));

describe("PATCH a pharmacy", () => {
  it("a pharmacist changes their own pharmacy: numbers stored in E.164, each changed field recorded once, alert_phone read back by those allowed", async () => {
    const res = await patch(KAMPALA, { alert_phone: "0772 000 201", address: "  Plot 14, Kampala Road " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: KAMPALA, alert_phone: ALERT, address: "Plot 14, Kampala Road", phone: PHONE });
    // The same values again change and record nothing.
    expect((await patch(KAMPALA, { alert_phone: ALERT })).body.alert_phone).toBe(ALERT);
    const changes = await changesOf(KAMPALA);
    expect(changes.map((c) => [c.field, c.value, c.changedBy]).sort()).toEqual([
      ["address", "Plot 14, Kampala Road", "kla-pharmacist"],
      ["alert_phone", ALERT, "kla-pharmacist"],
    ]);
    expect(changes.find((c) => c.field === "alert_phone")!.previousValue).toBeNull();

    // Auditors and admins read the record of any pharmacy; a pharmacist their own; a cashier none.
    const listed = await stack.rest("GET", `${path}${KAMPALA}/changes/`, { token: auditor });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(2);
    expect(listed.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ pharmacy: KAMPALA, field: "alert_phone", previous_value: null, value: ALERT, changed_by: "kla-pharmacist", changed_at: expect.any(String) })]));
    expect((await stack.rest("GET", `${path}${KAMPALA}/changes/`, { token: pharmacist })).body.count).toBe(2);
    expect((await stack.rest("GET", `${path}${KAMPALA}/changes/`, { token: guluPharmacist })).status).toBe(403);
    expect((await stack.rest("GET", `${path}${KAMPALA}/changes/`, { token: cashier })).status).toBe(403);

    // Staff contact data: admins, auditors and the pharmacy's own pharmacists see it; others read null.
    for (const t of [pharmacist, admin, auditor]) expect((await get(KAMPALA, t)).body.alert_phone).toBe(ALERT);
    for (const t of [guluPharmacist, cashier, nurse]) expect(await get(KAMPALA, t).then((r) => [r.status, r.body.alert_phone, r.body.phone])).toEqual([200, null, PHONE]);
    const list = await stack.rest("GET", path, { token: nurse });
    expect(list.status).toBe(200);
    expect(list.body.results.every((p: { alert_phone: string | null }) => p.alert_phone === null)).toBe(true);

    // An admin changes any pharmacy, the name too; a landline is a valid phone (not an alert phone).
    const gulu = await patch(GULU, { name: "Gulu Main Pharmacy", phone: "0414 100 001", alert_phone: OTHER_ALERT }, admin);
    expect(gulu.status).toBe(200);
    expect(gulu.body).toMatchObject({ name: "Gulu Main Pharmacy", phone: "+256414100001", alert_phone: OTHER_ALERT });
    expect((await get(GULU, guluPharmacist)).body.alert_phone).toBe(OTHER_ALERT);
    expect((await get(GULU, pharmacist)).body.alert_phone).toBeNull();
    // null clears a number; an empty string too.
    expect((await patch(GULU, { alert_phone: null, phone: "" }, guluPharmacist)).body).toMatchObject({ alert_phone: null, phone: null });
    expect((await changesOf(GULU)).filter((c) => c.field === "alert_phone").map((c) => [c.previousValue, c.value, c.changedBy])).toEqual(
      expect.arrayContaining([
        [null, OTHER_ALERT, expect.any(String)],
        [OTHER_ALERT, null, "gulu-pharmacist"],
      ]),
    );
  });

  it("400 with a field error per problem, an unknown field 400, and nothing written", async () => {
    const before = (await get(KAMPALA)).body;
    const recorded = (await changesOf(KAMPALA)).length;
    const bad = await patch(KAMPALA, { alert_phone: "+256414100001", phone: "call the shop", name: null });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("BAD_USER_INPUT");
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["alert_phone", "name", "phone"]);
    expect(bad.body.error.fields.alert_phone).toEqual([expect.stringContaining("landline")]);
    for (const body of [{ alert_phone: "0800 100 200" }, { alert_phone: "+256 100 000 000" }, { alert_phone: "12" }, { name: "" }, { name: "x".repeat(201) }, { fax: "+256414100001" }, { alert_phone: 256772000201 }]) {
      const res = await patch(KAMPALA, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(Object.keys((await patch(KAMPALA, { fax: "x" })).body.error.fields ?? {})).toContain("fax");
    expect((await get(KAMPALA)).body).toEqual(before);
    expect(await changesOf(KAMPALA)).toHaveLength(recorded);
  });

  it("403 for a cashier, a nurse, an auditor, another pharmacy's pharmacist and an unbound one; 404 for an unknown pharmacy", async () => {
    const before = (await get(KAMPALA)).body;
    for (const t of [cashier, nurse, auditor, guluPharmacist, unbound]) expect((await patch(KAMPALA, { alert_phone: OTHER_ALERT }, t)).status).toBe(403);
    expect((await get(KAMPALA)).body).toEqual(before);
    expect((await patch("6a0c1d1e-0000-4000-8000-0000000000ff", { alert_phone: ALERT }, admin)).status).toBe(404);
    expect((await patch("not-a-pharmacy", { alert_phone: ALERT }, admin)).status).toBe(404);
    expect((await stack.rest("GET", `${path}6a0c1d1e-0000-4000-8000-0000000000ff/changes/`, { token: auditor })).status).toBe(404);
  });

  it("the record of changes is append-only", async () => {
    const db = stack.server.database!.db;
    const [one] = await changesOf(KAMPALA);
    const refused = (p: Promise<unknown>) => p.then(() => "written", (err: { message?: string; cause?: { message?: string } }) => String(err.cause?.message ?? err.message));
    expect(await refused(db.update(pharmacyChanges).set({ value: "+256700000000" }).where(eq(pharmacyChanges.id, one.id)))).toMatch(/append-only/);
    expect(await refused(db.delete(pharmacyChanges).where(eq(pharmacyChanges.id, one.id)))).toMatch(/append-only/);
  });
});

describe("urgent cold-chain messages", () => {
  /** Readings start 10 days ago, so none is in the future; a unit registered an hour before. */
  const T0 = Date.now() - 10 * 86_400_000;
  const series = (temps: number[]) => temps.map((temperature_c, i) => ({ recorded_at: new Date(T0 + i * 5 * 60_000).toISOString(), temperature_c }));
  let seq = 0;
  async function unitOf(token: string, extra: Record<string, unknown> = {}, since = new Date(T0 - 3_600_000)) {
    const res = await stack.rest("POST", `${cc}storage-units/`, { token, body: { name: `Alert fridge ${++seq}`, kind: "refrigerator", profile: "refrigerated", ...extra } });
    expect(res.status).toBe(201);
    await registerUnitSince(stack, res.body.id, since);
    return res.body as { id: string; name: string };
  }
  /** 45 minutes at 12 °C, then back in range: one excursion. */
  const excursion = async (token: string, unitId: string) => {
    const res = await stack.rest("POST", `${cc}readings/`, { token, body: { storage_unit_id: unitId, readings: series([5, ...Array(10).fill(12), 5]) } });
    expect(res.status).toBe(201);
    expect(res.body.excursions).toHaveLength(1);
    return res.body.excursions[0] as { id: string };
  };
  const excursionNow = (id: string, token: string) => stack.rest("GET", `${cc}excursions/${id}/`, { token }).then((r) => r.body);

  it("an excursion's SMS goes to the alert phone, not the phone; cleared, to the phone again", { timeout: 60_000 }, async () => {
    expect((await patch(KAMPALA, { alert_phone: ALERT })).status).toBe(200);
    const unit = await unitOf(pharmacist);
    const e = await excursion(pharmacist, unit.id);
    const [sms] = await waitFor(() => smsTo(ALERT, unit.name).length > 0 && smsTo(ALERT, unit.name), 30_000, "the excursion's SMS to the alert phone");
    expect(String(sms.body.message)).toContain(e.id);
    expect(smsTo(PHONE, unit.name)).toHaveLength(0);
    expect((await waitFor(async () => { const x = await excursionNow(e.id, pharmacist); return x.notification_status === "sent" && x; }, 30_000, "sent")).notification_id).toEqual(expect.any(String));

    expect((await patch(KAMPALA, { alert_phone: null })).status).toBe(200);
    const next = await unitOf(pharmacist);
    await excursion(pharmacist, next.id);
    await waitFor(() => smsTo(PHONE, next.name).length > 0, 30_000, "the excursion's SMS to the phone");
    expect(smsTo(ALERT, next.name)).toHaveLength(0);
  });

  it("a silent logger's SMS goes to the alert phone", { timeout: 60_000 }, async () => {
    expect((await patch(KAMPALA, { alert_phone: ALERT })).status).toBe(200);
    const unit = await unitOf(pharmacist, { device_id: "ALERT-SILENT-1" }, new Date(Date.now() - 180 * 60_000));
    const reading = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { storage_unit_id: unit.id, recorded_at: new Date(Date.now() - 120 * 60_000).toISOString(), temperature_c: 5 } });
    expect(reading.status).toBe(201);
    const [sms] = await waitFor(() => smsTo(ALERT, unit.name).length > 0 && smsTo(ALERT, unit.name), 30_000, "the silence SMS to the alert phone");
    expect(String(sms.body.message)).toContain("ALERT-SILENT-1");
    expect(smsTo(PHONE, unit.name)).toHaveLength(0);
  });

  it("with neither number the message is written and fails, saying why, and the excursion stays visible in the API", { timeout: 60_000 }, async () => {
    expect((await patch(GULU, { alert_phone: null, phone: null }, admin)).body).toMatchObject({ alert_phone: null, phone: null });
    // Insulin kept in the unit, so the excursion holds stock and is a safety alert too.
    const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
      token: guluPharmacist,
      body: { pharmacy_id: GULU, medication_code: "local:insulin-human", movement_type: "receipt", quantity: 5, lot_number: "INS-ALERT-1", expiry_date: "2030-01-31" },
    });
    expect(receipt.status).toBe(201);
    const item = (await stack.rest("GET", "/api/v1/pharmacy/inventory/stock/?medication_code=local%3Ainsulin-human", { token: guluPharmacist })).body.results[0].id;
    const unit = await unitOf(guluPharmacist, { stock_items: [item] });
    const e = await excursion(guluPharmacist, unit.id);
    const failed = await waitFor(async () => { const x = await excursionNow(e.id, guluPharmacist); return x.notification_status === "failed" && x; }, 30_000, "failed");
    expect(failed).toMatchObject({ id: e.id, status: "open", notification_id: null });
    const [message] = await stack.server.database!.db.select().from(outboxMessages).where(eq(outboxMessages.referenceId, e.id));
    expect(message).toMatchObject({ recipient: null, status: "failed", lastError: expect.stringContaining("no alert_phone or phone") });
    const open = await stack.rest("GET", `${cc}excursions/?status=open&page_size=100`, { token: guluPharmacist });
    expect(open.body.results.map((x: { id: string }) => x.id)).toContain(e.id);
    const alerts = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_excursion", { token: guluPharmacist });
    expect(alerts.body.results.map((a: { reference_id: string }) => a.reference_id)).toContain(e.id);
  });
});
