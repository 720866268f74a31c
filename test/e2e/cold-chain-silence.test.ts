import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "../../subgraphs/pharmacy/db/tables.js";
import { sweepSilentUnits } from "../../subgraphs/pharmacy/cold-chain/silence.js";
import { registerUnitSince } from "../support/cold-chain.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Silent cold-chain loggers through REST on real servers, with the worker's sweep every 200 ms: a unit
 * with a logger that has sent nothing for longer than its silence alarm shows `silent`, is listed by
 * `?silent=true` and in the safety alerts, and its pharmacy is told once per silence.
 */

let stack: Stack;
let pharmacist: string;
let guluPharmacist: string;
const cc = "/api/v1/cold-chain/";
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  stack = await startStack({ env: { PHARMACY_SWEEP_INTERVAL_MS: "200" } });
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-silence" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "pharm-gulu-silence" });
});
afterAll(() => stack?.stop());

let seq = 0;
/** A unit; registered `registeredMinutesAgo` minutes ago when given, so readings from then on are taken. */
async function newUnit(extra: Record<string, unknown> = {}, registeredMinutesAgo?: number) {
  const res = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: `Silence fridge ${++seq}`, kind: "refrigerator", profile: "refrigerated", ...extra } });
  expect(res.status).toBe(201);
  if (registeredMinutesAgo) await registerUnitSince(stack, res.body.id, new Date(Date.now() - registeredMinutesAgo * 60_000));
  return res.body;
}
const unit = async (id: string) => (await stack.rest("GET", `${cc}storage-units/${id}/`, { token: pharmacist })).body;
const reading = (id: string, at: string, temperature_c: number) => stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { storage_unit_id: id, recorded_at: at, temperature_c } });
/** The pharmacy messages written about a unit (the outbox), as the sweep left them. */
const messagesAbout = (id: string) => stack.server.database!.db.select().from(outboxMessages).where(eq(outboxMessages.referenceId, id));

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("silent loggers", () => {
  it("a unit with a logger gets the default alarm, one without gets none, 0 switches it off; 1–4 minutes is a field error and writes nothing", async () => {
    expect(await newUnit({ device_id: "SIL-DEFAULT" })).toMatchObject({ silence_alarm_minutes: 60, silent: false, silent_since: null });
    expect(await newUnit()).toMatchObject({ silence_alarm_minutes: null, silent: false });
    const off = await newUnit({ device_id: "SIL-OFF", silence_alarm_minutes: 0 });
    expect(off.silence_alarm_minutes).toBeNull();
    const before = (await stack.rest("GET", `${cc}storage-units/`, { token: pharmacist })).body.count;
    const bad = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "Bad alarm", kind: "freezer", profile: "frozen", silence_alarm_minutes: 3 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["silence_alarm_minutes"]);
    expect((await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "Bad alarm", kind: "freezer", profile: "frozen", silence_alarm_minutes: 20_000 } })).status).toBe(400);
    expect((await stack.rest("GET", `${cc}storage-units/`, { token: pharmacist })).body.count).toBe(before);
    // A logger given later brings the default; an explicit value stays; 0 removes it.
    const manual = await newUnit();
    expect((await stack.rest("PATCH", `${cc}storage-units/${manual.id}/`, { token: pharmacist, body: { device_id: "SIL-LATER" } })).body.silence_alarm_minutes).toBe(60);
    expect((await stack.rest("PATCH", `${cc}storage-units/${manual.id}/`, { token: pharmacist, body: { silence_alarm_minutes: 15 } })).body.silence_alarm_minutes).toBe(15);
    expect((await stack.rest("PATCH", `${cc}storage-units/${manual.id}/`, { token: pharmacist, body: { silence_alarm_minutes: 0 } })).body.silence_alarm_minutes).toBeNull();
  });

  it("no reading for longer than the alarm: silent, listed, alerted and told once; a reading ends it", { timeout: 60_000 }, async () => {
    const quiet = await newUnit({ device_id: "SIL-QUIET" }, 180);
    const hand = await newUnit({}, 180);
    const off = await newUnit({ device_id: "SIL-QUIET-OFF", silence_alarm_minutes: 0 }, 180);
    const fine = await newUnit({ device_id: "SIL-FINE" });
    const at = minutesAgo(120);
    for (const u of [quiet, hand, off]) expect((await reading(u.id, at, 5)).status).toBe(201);
    expect((await reading(fine.id, minutesAgo(2), 5)).status).toBe(201);

    expect(await unit(quiet.id)).toMatchObject({ silent: true, silent_since: at, last_reading_at: at });
    for (const u of [hand, off, fine]) expect(await unit(u.id)).toMatchObject({ silent: false, silent_since: null, silence_notification_status: null });
    const listed = await stack.rest("GET", `${cc}storage-units/?silent=true&page_size=100`, { token: pharmacist });
    expect(listed.body.results.map((u: { id: string }) => u.id)).toEqual([quiet.id]);
    const others = await stack.rest("GET", `${cc}storage-units/?silent=false&page_size=100`, { token: pharmacist });
    expect(others.body.results.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([hand.id, off.id, fine.id]));
    expect(others.body.results.map((u: { id: string }) => u.id)).not.toContain(quiet.id);

    const alerts = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_silent", { token: pharmacist });
    expect(alerts.body.results).toEqual([expect.objectContaining({ type: "cold_chain_silent", severity: "warning", reference_type: "cold_storage_unit", reference_id: quiet.id, title: expect.stringContaining(quiet.name) })]);
    expect((await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_silent", { token: guluPharmacist })).body.results).toEqual([]);

    // The worker's sweep tells the pharmacy, and the outbox delivers it.
    const told = await until(() => unit(quiet.id), (u) => u.silence_notification_status === "sent");
    expect(told.silence_notification_status).toBe("sent");
    const [message] = await messagesAbout(quiet.id);
    expect(message.parameters).toMatchObject({ subject: `Cold-chain logger silent: ${quiet.name}`, message: expect.stringContaining("SIL-QUIET") });
    // Sweeps go on (every 200 ms) and a direct sweep finds nothing more to tell: one message for this silence.
    await new Promise((r) => setTimeout(r, 600));
    expect(await sweepSilentUnits(stack.server.database!.db)).not.toContain(quiet.id);
    expect(await messagesAbout(quiet.id)).toHaveLength(1);
    for (const u of [hand, off, fine]) expect(await messagesAbout(u.id)).toHaveLength(0);

    // A reading now ends the silence: not silent, no alert, no status.
    expect((await reading(quiet.id, minutesAgo(0.5), 5)).status).toBe(201);
    expect(await unit(quiet.id)).toMatchObject({ silent: false, silent_since: null, silence_notification_status: null });
    expect((await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_silent", { token: pharmacist })).body.results).toEqual([]);
  });

  it("a new silence is told again; a silence whose last reading was out of range is a critical alert", { timeout: 60_000 }, async () => {
    const u = await newUnit({ device_id: "SIL-AGAIN" }, 240);
    await reading(u.id, minutesAgo(200), 5);
    await until(() => messagesAbout(u.id), (m) => m.length === 1);
    // A later reading (still old) ends that silence and starts the next: out of range this time.
    await reading(u.id, minutesAgo(100), 12);
    const second = await until(() => messagesAbout(u.id), (m) => m.length === 2);
    expect(second).toHaveLength(2);
    const alert = (await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_silent", { token: pharmacist })).body.results.find((a: { reference_id: string }) => a.reference_id === u.id);
    expect(alert).toMatchObject({ severity: "critical", message: expect.stringContaining("12 °C") });
  });

  it("sweeps side by side tell each silent unit once", async () => {
    const units = await Promise.all(Array.from({ length: 6 }, (_, i) => newUnit({ device_id: `SIL-RACE-${i}` }, 120)));
    await Promise.all(units.map((u) => reading(u.id, minutesAgo(90), 5)));
    const db = stack.server.database!.db;
    await Promise.all([sweepSilentUnits(db), sweepSilentUnits(db), sweepSilentUnits(db)]);
    await new Promise((r) => setTimeout(r, 500));
    for (const u of units) expect(await messagesAbout(u.id)).toHaveLength(1);
  });
});
