import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../support/stack.js";
import { waitFor } from "./notifications-fake-providers.js";

let stack: Stack;
let nurse: string;
let admin: string;

beforeAll(async () => {
  stack = await startStack({ env: { NOTIFICATIONS_WORKER_POLL_MS: "25" } });
  [nurse, admin] = await Promise.all([stack.token("nurse"), stack.token("admin")]);
  // Unknown patients are 404 on preferences and triggers: register the ones these tests invent (no
  // contact points, so only the preferences set below reach them).
  for (const uhid of ["UG-PREF-0001", "UG-PREF-0002", "UG-PREF-0003", "UG-PREF-0004", "UG-PREF-0005", "UG-PREF-0009", "UG-NO-CONTACT"]) {
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { uhid, given_name: "Test", family_name: uhid, sex: "female", birth_date: "1990-01-01" } });
    if (res.status !== 201) throw new Error(`could not register ${uhid}: ${JSON.stringify(res.body)}`);
  }
});
afterAll(() => stack?.stop());

/** HH:MM in Kampala `minutes` from now. */
function kampalaClock(minutes: number): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Kampala", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(Date.now() + minutes * 60_000));
}

const setPrefs = (uhid: string, body: Record<string, unknown>, token = nurse) => stack.rest("PUT", `/api/v1/notifications/preferences/${uhid}/`, { token, body });
const labResult = (uhid: string) =>
  stack.rest("POST", "/api/v1/triggers/lab-result/", { token: nurse, body: { patient_uhid: uhid, observation_id: "OBS-Q", test_name: "Lipid panel", ordered_by: "Dr. Achieng", facility_name: "Mbarara RRH" } });
const criticalAlert = (uhid: string) =>
  stack.rest("POST", "/api/v1/triggers/critical-alert/", {
    token: nurse,
    body: { patient_uhid: uhid, provider_id: "PRV-0001", observation_id: "OBS-C", test_name: "Potassium", value: "2.1", unit: "mmol/L", reference_range: "3.5-5.1", patient_name: "Quiet Patient" },
  });
const detail = async (id: string) => (await stack.rest("GET", `/api/v1/notifications/${id}/`, { token: admin })).body;
const untilStatus = (id: string, statuses: string[]) => waitFor(async () => ((n) => (statuses.includes(n.status) ? n : undefined))(await detail(id)), 10_000, `${id} → ${statuses}`);

describe("quiet hours", () => {
  it("schedules a non-critical message for the end of the window, in the patient's time zone", async () => {
    const uhid = "UG-PREF-0001";
    const res = await setPrefs(uhid, { channels: ["SMS"], phone: "+256700000201", quiet_hours_start: kampalaClock(-60), quiet_hours_end: kampalaClock(90) });
    expect(res.body).toMatchObject({ time_zone: "Africa/Kampala", quiet_hours_end: kampalaClock(90) });
    const trigger = await labResult(uhid);
    expect(trigger.body).toMatchObject({ success: true, status: "PENDING", status_reason: expect.stringMatching(/^quiet hours/) });
    await new Promise((r) => setTimeout(r, 200));
    const n = await detail(trigger.body.notification_id);
    expect(n.status).toBe("PENDING");
    const minutesAway = (Date.parse(n.available_at) - Date.now()) / 60_000;
    expect(minutesAway).toBeGreaterThan(88);
    expect(minutesAway).toBeLessThanOrEqual(90);
  });

  it("lets a critical alert through at once (spec: critical alerts bypass quiet hours)", async () => {
    const res = await criticalAlert("UG-PREF-0001");
    expect(res.body.statuses[0]).toBe("PENDING");
    const n = await untilStatus(res.body.notification_ids[0], ["SENT", "DELIVERED"]);
    expect(n.status_reason).toBeNull();
  });

  it("honours another time zone", async () => {
    const uhid = "UG-PREF-0002";
    const lagosNow = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const at = (m: number) => lagosNow.format(new Date(Date.now() + m * 60_000));
    await setPrefs(uhid, { phone: "+256700000202", time_zone: "Africa/Lagos", quiet_hours_start: at(-10), quiet_hours_end: at(30) });
    const trigger = await labResult(uhid);
    expect(trigger.body.status_reason).toMatch(/quiet hours/);
    const n = await detail(trigger.body.notification_id);
    expect((Date.parse(n.available_at) - Date.now()) / 60_000).toBeLessThanOrEqual(30);
  });

  it("outside the window sends at once", async () => {
    const uhid = "UG-PREF-0003";
    await setPrefs(uhid, { phone: "+256700000203", quiet_hours_start: kampalaClock(60), quiet_hours_end: kampalaClock(120) });
    const trigger = await labResult(uhid);
    await untilStatus(trigger.body.notification_id, ["DELIVERED"]);
  });
});

describe("consent", () => {
  it("does not send a category the patient withdrew consent for, and records why", async () => {
    const uhid = "UG-PREF-0004";
    await setPrefs(uhid, { phone: "+256700000204", consent: { lab_result: false } });
    const trigger = await labResult(uhid);
    expect(trigger.status).toBe(200);
    expect(trigger.body).toMatchObject({ success: false, status: "CANCELLED", status_reason: "no consent for lab_result messages" });
  });

  it("still sends critical alerts (spec: bypass consent)", async () => {
    const refused = await setPrefs("UG-PREF-0004", { consent: { critical_alert: false } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields["consent.critical_alert"][0]).toMatch(/always sent/);
    const optOutAll = { appointment: false, lab_result: false, prescription: false, delivery: false, care_plan: false, payment: false, follow_up: false, receipt: false };
    expect((await setPrefs("UG-PREF-0004", { consent: optOutAll })).status).toBe(200);
    const res = await criticalAlert("UG-PREF-0004");
    await untilStatus(res.body.notification_ids[0], ["DELIVERED"]);
  });

  it("sends other categories the patient did not withdraw", async () => {
    await setPrefs("UG-PREF-0004", { consent: { prescription: true } });
    const res = await stack.rest("POST", "/api/v1/triggers/prescription-ready/", {
      token: nurse,
      body: { patient_uhid: "UG-PREF-0004", prescription_id: "RX-9", medication_name: "Amlodipine 5 mg", prescriber_name: "Dr. A", facility_name: "Mulago" },
    });
    expect(res.body.status).not.toBe("CANCELLED");
  });

  it("reaches a patient without preferences at the phone of their registration (through the gateway)", async () => {
    const registered = await stack.rest("POST", "/api/v1/uhid/", {
      token: nurse,
      body: { uhid: "UG-2026-NOTIF1", given_name: "Esther", family_name: "Akello", sex: "female", birth_date: "1988-05-04", phone: "+256772000999" },
    });
    expect(registered.status).toBe(201);
    const res = await labResult("UG-2026-NOTIF1");
    expect(res.body).toMatchObject({ success: true, channel: "SMS" });
    expect((await detail(res.body.notification_id)).recipient).toBe("+256772000999");
  });

  it("reaches them for a lab technician too (who may not read the registry), and the service's contact read is audited", async () => {
    const registered = await stack.rest("POST", "/api/v1/uhid/", {
      token: nurse,
      body: { uhid: "UG-2026-NOTIF2", given_name: "Okello", family_name: "Opio", sex: "male", birth_date: "1979-02-11", phone: "+256772000888" },
    });
    expect(registered.status).toBe(201);
    const labTech = await stack.token("lab_technician");
    expect((await stack.rest("GET", "/api/v1/uhid/UG-2026-NOTIF2/", { token: labTech })).status).toBe(403);
    const res = await stack.rest("POST", "/api/v1/triggers/lab-result/", {
      token: labTech,
      body: { patient_uhid: "UG-2026-NOTIF2", observation_id: "OBS-LT", test_name: "CBC", ordered_by: "Dr. Achieng", facility_name: "Mbarara RRH" },
    });
    expect(res.body).toMatchObject({ success: true, channel: "SMS" });
    expect((await detail(res.body.notification_id)).recipient).toBe("+256772000888");
    const audit = await stack.rest("GET", "/api/v1/clinical-audit/records/?operation=patient_contact_read&patient_uhid=UG-2026-NOTIF2", { token: await stack.token("auditor") });
    expect(audit.status).toBe(200);
    expect(audit.body.results.map((r: { actor_sub: string }) => r.actor_sub)).toContain("notifications-delivery");
  });

  it("records a patient with no contact point as FAILED", async () => {
    const res = await labResult("UG-NO-CONTACT");
    expect(res.body).toMatchObject({ success: false, status: "FAILED", status_reason: expect.stringMatching(/no contact point/) });
  });
});

describe("preference validation and access", () => {
  it.each([
    [{ channels: ["FAX"] }, "channels.0"],
    [{ phone: "abc" }, "phone"],
    [{ email: "not-an-email" }, "email"],
    [{ language: "fr" }, "language"],
    [{ quiet_hours_start: "25:00", quiet_hours_end: "06:00" }, "quiet_hours_start"],
    [{ quiet_hours_start: "22:00" }, "quiet_hours_end"],
    [{ time_zone: "Mars/Olympus" }, "time_zone"],
    [{ consent: { marketing: true } }, "consent.marketing"],
  ])("refuses %j naming %s", async (body, field) => {
    const res = await setPrefs("UG-PREF-0009", body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty([field]);
  });

  it("lets a patient set their own preferences but not another's", async () => {
    const patient = await stack.token("patient", { sub: "UG-2024-000010" });
    expect((await setPrefs("UG-2024-000010", { language: "sw" }, patient)).status).toBe(200);
    expect((await setPrefs("UG-2024-000011", { language: "sw" }, patient)).status).toBe(403);
  });
});

describe("records", () => {
  it("cancels a PENDING notification, and refuses to cancel it twice (409)", async () => {
    const uhid = "UG-PREF-0005";
    await setPrefs(uhid, { phone: "+256700000205", quiet_hours_start: kampalaClock(-30), quiet_hours_end: kampalaClock(30) });
    const { body } = await labResult(uhid);
    const cancelled = await stack.rest("POST", `/api/v1/notifications/${body.notification_id}/cancel/?reason=appointment%20moved`, { token: nurse });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELLED", status_reason: "appointment moved" });
    const again = await stack.rest("POST", `/api/v1/notifications/${body.notification_id}/cancel/`, { token: nurse });
    expect(again.status).toBe(409);
  });

  it("lists with filters on status, channel, patient and date, paginated", async () => {
    const all = await stack.rest("GET", "/api/v1/notifications/?patient_uhid=UG-PREF-0005", { token: nurse });
    expect(all.body).toMatchObject({ count: 1, page: 1, next: null });
    const cancelled = await stack.rest("GET", "/api/v1/notifications/?status=CANCELLED&page_size=2", { token: nurse });
    expect(cancelled.body.results.every((n: { status: string }) => n.status === "CANCELLED")).toBe(true);
    expect(cancelled.body.page_size).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const sms = await stack.rest("GET", `/api/v1/notifications/?channel=SMS&date_from=${today}&date_to=${today}`, { token: nurse });
    expect(sms.body.results.length).toBeGreaterThan(0);
    expect(sms.body.results.every((n: { channel: string }) => n.channel === "SMS")).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await stack.rest("GET", `/api/v1/notifications/?date_from=${tomorrow}`, { token: nurse })).body.count).toBe(0);
    // status is an enum, refused at the edge with the allowed values; the date is checked by the service.
    const bad = await stack.rest("GET", "/api/v1/notifications/?status=LOST", { token: nurse });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ status: ["must be one of PENDING, PROCESSING, SENT, DELIVERED, FAILED, CANCELLED"] });
    const badDate = await stack.rest("GET", "/api/v1/notifications/?status=SENT&date_from=yesterday", { token: nurse });
    expect(badDate.status).toBe(400);
    expect(Object.keys(badDate.body.error.fields)).toEqual(["date_from"]);
    // A day that does not exist is refused, not rolled into the next month (2026-11-31 is not 1 December).
    for (const [path, field] of [["/api/v1/notifications/?date_from=2026-11-31", "date_from"], ["/api/v1/notifications/?date_to=2026-02-30T08:00:00Z", "date_to"], ["/api/v1/notifications/costs/?date_from=2026-02-30", "date_from"]]) {
      const impossible = await stack.rest("GET", path, { token: field === "date_from" && path.includes("costs") ? await stack.token("auditor") : nurse });
      expect(impossible.status, path).toBe(400);
      expect(Object.keys(impossible.body.error.fields), path).toEqual([field]);
    }
  });

  it("shows a patient only their own messages (404 for someone else's)", async () => {
    const mine = await stack.token("patient", { sub: "UG-PREF-0005" });
    const list = await stack.rest("GET", "/api/v1/notifications/", { token: mine });
    expect(list.body.results.every((n: { patient_uhid: string; recipient_type: string }) => n.patient_uhid === "UG-PREF-0005" && n.recipient_type === "patient")).toBe(true);
    const other = await stack.rest("GET", "/api/v1/notifications/?patient_uhid=UG-PREF-0001", { token: mine });
    expect(other.status).toBe(403);
    const provider = (await criticalAlert("UG-PREF-0005")).body.notification_ids[1];
    expect((await stack.rest("GET", `/api/v1/notifications/${provider}/`, { token: mine })).status).toBe(404);
  });

  it("serves Patient.notifications and notificationPreferences through the gateway", async () => {
    const res = await stack.gql(`{ patient(uhid: "UG-2024-000001") { uhid notificationPreferences { channels language timeZone } notifications(pageSize: 5) { totalCount } } }`, {}, admin);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.patient.notificationPreferences).toMatchObject({ channels: ["SMS", "EMAIL"], timeZone: "Africa/Kampala" });
  });
});

describe("audit of staff reads of preferences (contact details, as the registry's)", () => {
  const UHID = "UG-PREF-AUDIT1";
  const prefReads = async (uhid: string): Promise<any[]> => {
    const res = await stack.rest("GET", `/api/v1/clinical-audit/records/?operation=patient_contact_read&patient_uhid=${uhid}&page_size=100`, { token: await stack.token("auditor") });
    expect(res.status).toBe(200);
    return res.body.results.filter((r: { output: { source?: string } }) => r.output.source === "notification_preferences");
  };

  beforeAll(async () => {
    const res = await stack.rest("POST", "/api/v1/uhid/", { token: nurse, body: { uhid: UHID, given_name: "Audit", family_name: "Prefs", sex: "female", birth_date: "1990-01-01" } });
    expect(res.status).toBe(201);
  });

  it("records who read whose preferences, which contact fields, when, and the request id; the echo of a set too", async () => {
    const set = await stack.rest("PUT", `/api/v1/notifications/preferences/${UHID}/`, { token: await stack.token("physician", { sub: "prefs-physician" }), body: { phone: "0772 000 301", email: "audit@example.org" } });
    expect(set.status).toBe(200);
    const [echo] = await prefReads(UHID);
    expect(echo).toMatchObject({ actor_sub: "prefs-physician", output: { via: { rootField: "setNotificationPreferences" } } });

    const before = (await prefReads(UHID)).length;
    const read = await stack.rest("GET", `/api/v1/notifications/preferences/${UHID}/`, { token: await stack.token("nurse", { sub: "prefs-nurse" }), headers: { "x-request-id": "prefs-trace-1" } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ phone: "+256772000301", email: "audit@example.org" });
    const records = await prefReads(UHID);
    expect(records.length).toBe(before + 1);
    expect(records[0]).toMatchObject({
      actor_sub: "prefs-nurse",
      actor_roles: "nurse",
      operation: "patient_contact_read",
      patient_uhid: UHID,
      request_id: "prefs-trace-1",
      output: { fields: ["email", "messagingAppId", "phone", "pushToken"], source: "notification_preferences", via: { rootField: "notificationPreferences" } },
    });
    expect(Date.now() - new Date(records[0].occurred_at).getTime()).toBeLessThan(60_000);
  });

  it("leaves no record when the patient reads their own, or when no contact detail is selected", async () => {
    const before = (await prefReads(UHID)).length;
    const own = await stack.rest("GET", `/api/v1/notifications/preferences/${UHID}/`, { token: await stack.token("patient", { sub: UHID }) });
    expect(own.status).toBe(200);
    expect(own.body.phone).toBe("+256772000301");
    const noContact = await stack.gql(`{ notificationPreferences(patientUhid: "${UHID}") { channels language } }`, {}, nurse);
    expect(noContact.body.errors).toBeUndefined();
    expect((await prefReads(UHID)).length).toBe(before);
  });

  it("audits preferences reached through the patient (federation), with the fields selected", async () => {
    const before = (await prefReads(UHID)).length;
    const res = await stack.gql(`{ patient(uhid: "${UHID}") { notificationPreferences { channels phone } } }`, {}, await stack.token("physician", { sub: "prefs-physician-2" }));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.patient.notificationPreferences.phone).toBe("+256772000301");
    const records = await prefReads(UHID);
    expect(records.length).toBe(before + 1);
    expect(records[0]).toMatchObject({ actor_sub: "prefs-physician-2", output: { fields: ["phone"], via: { rootField: "_entities" } } });
  });

  it("records a read only for those who may read: a patient may not record one about another, and fields are checked", async () => {
    const record = (token: string, fields: string[]) =>
      stack.gql(`mutation($reads: [NotificationPreferencesReadInput!]!) { recordNotificationPreferencesReads(reads: $reads, rootField: "x") }`, { reads: [{ patientUhid: UHID, fields }] }, token);
    const asPatient = await record(await stack.token("patient", { sub: "UG-2024-000010" }), ["phone"]);
    expect(asPatient.body.errors[0].extensions.code, JSON.stringify(asPatient.body)).toBe("FORBIDDEN");
    expect((await record(await stack.token("auditor"), ["phone"])).body.errors[0].extensions.code).toBe("FORBIDDEN");
    expect((await record(nurse, ["givenName"])).body.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", fields: { "reads.0.fields": [expect.any(String)] } });
  });
});
