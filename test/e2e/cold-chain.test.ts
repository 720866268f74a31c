import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUnitSince } from "../support/cold-chain.js";
import { GULU, KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Cold chain (issue 11) through REST on real servers: storage units, readings (one, batches, repeats),
 * excursion detection at the tolerance's edges, at a limit and across gaps, held stock and its release,
 * dispositions and 409s, transports, the pharmacy's notification, temperature-sensitive products.
 */

let stack: Stack;
let pharmacist: string;
let auditor: string;
let cashier: string;
let guluPharmacist: string;
const cc = "/api/v1/cold-chain/";
const INSULIN = "local:insulin-human";
/** Readings start 10 days ago, so none is in the future. */
const T0 = Date.now() - 10 * 86_400_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
/** A reading every `step` minutes from `from` with these temperatures. */
const series = (temps: number[], from = 0, step = 5) => temps.map((temperature_c, i) => ({ recorded_at: at(from + i * step), temperature_c }));
const repeat = (n: number, t: number) => Array.from({ length: n }, () => t);

let unitSeq = 0;
/** A unit registered an hour before T0, so the tests' readings (from T0 − 5 min on) do not predate it. */
async function newUnit(extra: Record<string, unknown> = {}) {
  const res = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: `Vaccine fridge ${++unitSeq}`, kind: "refrigerator", profile: "refrigerated", ...extra } });
  expect(res.status).toBe(201);
  await registerUnitSince(stack, res.body.id, new Date(T0 - 3_600_000));
  return res.body;
}
const post = (unitId: string, readings: unknown[]) => stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { storage_unit_id: unitId, readings } });

let insulinItem: string;
async function insulinStock() {
  const res = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?medication_code=${encodeURIComponent(INSULIN)}`, { token: pharmacist });
  return res.body.results[0];
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-cold" });
  guluPharmacist = await stack.token("pharmacist", { pharmacy: GULU, sub: "pharm-gulu" });
  auditor = await stack.token("auditor");
  cashier = await stack.token("cashier", { pharmacy: KAMPALA });
  const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", {
    token: pharmacist,
    body: { pharmacy_id: KAMPALA, medication_code: INSULIN, movement_type: "receipt", quantity: 20, lot_number: "INS-1", expiry_date: "2030-01-31" },
  });
  expect(receipt.status).toBe(201);
  insulinItem = (await insulinStock()).id;
});
afterAll(() => stack?.stop());

/** How long a test waits for the pharmacy outbox to deliver: a loaded machine may take a while. */
const DELIVERY_DEADLINE_MS = 30_000;

/** Reads the excursion through the API until its notification shows `sent` (or the deadline passes). */
async function notificationSent(excursionId: string) {
  const end = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const e = (await stack.rest("GET", `${cc}excursions/${excursionId}/`, { token: pharmacist })).body;
    if (e.notification_status === "sent" || Date.now() > end) return e;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("storage units", () => {
  it("creates one from a profile (range with its source), reads, lists, changes it; 400 with fields and nothing written; 403/404 across pharmacies", async () => {
    const unit = await newUnit({ device_id: "LOG-A1", stock_items: [insulinItem], location: "Dispensary" });
    expect(unit).toMatchObject({ pharmacy_id: KAMPALA, min_c: 2, max_c: 8, tolerance_minutes: 30, profile: "refrigerated", range_source: expect.stringContaining("WHO"), stock_items: [insulinItem], in_range: null, open_excursions: 0 });
    const before = (await stack.rest("GET", `${cc}storage-units/`, { token: pharmacist })).body.count;
    const bad = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "Bad", kind: "refrigerator", min_c: 8, max_c: 2, profile: "tepid", stock_items: ["5b7c2a3e-0000-4000-8000-00000000abcd"] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["max_c", "profile", "stock_items.0"]);
    expect((await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "No range", kind: "freezer" } })).status).toBe(400);
    expect((await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "Same logger", kind: "freezer", profile: "frozen", device_id: "LOG-A1" } })).status).toBe(409);
    expect((await stack.rest("GET", `${cc}storage-units/`, { token: pharmacist })).body.count).toBe(before);
    const patched = await stack.rest("PATCH", `${cc}storage-units/${unit.id}/`, { token: pharmacist, body: { tolerance_minutes: 45, location: "Back room" } });
    expect(patched.body).toMatchObject({ tolerance_minutes: 45, location: "Back room", min_c: 2 });
    expect((await stack.rest("PATCH", `${cc}storage-units/${unit.id}/`, { token: pharmacist, body: { min_c: 9 } })).status).toBe(400);
    const listed = await stack.rest("GET", `${cc}storage-units/?search=LOG-A1`, { token: pharmacist });
    expect(listed.body.results.map((u: { id: string }) => u.id)).toEqual([unit.id]);
    expect((await stack.rest("GET", `${cc}storage-units/${unit.id}/`, { token: guluPharmacist })).status).toBe(404);
    expect((await stack.rest("GET", `${cc}storage-units/?pharmacy=${KAMPALA}`, { token: guluPharmacist })).status).toBe(403);
    expect((await stack.rest("GET", `${cc}storage-units/${unit.id}/`, { token: auditor })).status).toBe(200);
    expect((await stack.rest("GET", `${cc}storage-units/`, { token: cashier })).status).toBe(403);
  });
});

describe("a logger already in use", () => {
  it("is 409 naming the unit within the pharmacy, and without naming another pharmacy's unit; nothing written", async () => {
    const mine = await newUnit({ device_id: "LOG-UG-002" });
    const fridge = { name: "Gulu vaccine fridge", kind: "refrigerator", profile: "refrigerated" };
    const guluCount = async () => (await stack.rest("GET", `${cc}storage-units/`, { token: guluPharmacist })).body.count;
    const before = await guluCount();
    const leaks = (message: string) => message.includes(mine.id) || message.includes(mine.name);

    const created = await stack.rest("POST", `${cc}storage-units/`, { token: guluPharmacist, body: { ...fridge, device_id: "LOG-UG-002" } });
    expect(created.status).toBe(409);
    expect(created.body.error.message).toMatch(/LOG-UG-002 is already in use/);
    expect(leaks(created.body.error.message)).toBe(false);
    expect(await guluCount()).toBe(before);

    // Given to a unit of its own by PATCH: the same answer, and the unit keeps no logger.
    const own = await stack.rest("POST", `${cc}storage-units/`, { token: guluPharmacist, body: fridge });
    expect(own.status).toBe(201);
    const patched = await stack.rest("PATCH", `${cc}storage-units/${own.body.id}/`, { token: guluPharmacist, body: { device_id: " LOG-UG-002 " } });
    expect(patched.status).toBe(409);
    expect(leaks(patched.body.error.message)).toBe(false);
    expect((await stack.rest("GET", `${cc}storage-units/${own.body.id}/`, { token: guluPharmacist })).body.device_id).toBeNull();

    // Within the pharmacy that has it, and for an admin, the unit is named so it can be found.
    const same = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { ...fridge, device_id: "LOG-UG-002" } });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toContain(mine.id);
    const admin = await stack.token("admin");
    const byAdmin = await stack.rest("POST", `${cc}storage-units/`, { token: admin, body: { ...fridge, pharmacy_id: GULU, device_id: "LOG-UG-002" } });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.message).toContain(mine.id);
  });
});

describe("readings dated before their unit was registered (a logger whose clock reset)", () => {
  it("are refused with a field error per reading beyond the 5-minute clock allowance, and nothing is stored", async () => {
    const res = await stack.rest("POST", `${cc}storage-units/`, { token: pharmacist, body: { name: "Fridge registered today", kind: "refrigerator", profile: "refrigerated", device_id: "LOG-RESET" } });
    expect(res.status).toBe(201);
    const unit = res.body;
    const registered = Date.parse(unit.created_at);
    const iso = (ms: number) => new Date(ms).toISOString();
    const readings = [
      { recorded_at: iso(Date.now() - 30_000), temperature_c: 5 },
      { recorded_at: "2000-01-01T00:00:00Z", temperature_c: 12 },
      { recorded_at: "1970-01-01T00:00:00Z", temperature_c: 12 },
      { recorded_at: iso(registered - 5 * 60_000 - 1000), temperature_c: 12 },
      { recorded_at: iso(registered - 4 * 60_000), temperature_c: 5 },
      { recorded_at: iso(registered - 86_400_000), temperature_c: 12 },
    ];
    const bad = await post(unit.id, readings);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["readings.1.recorded_at", "readings.2.recorded_at", "readings.3.recorded_at", "readings.5.recorded_at"]);
    expect(bad.body.error.fields["readings.1.recorded_at"]).toEqual([expect.stringContaining("before storage unit Fridge registered today was registered")]);
    // The same by the logger's id only, and as one reading.
    const byLogger = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { device_id: "LOG-RESET", readings: [{ recorded_at: "2000-01-01T00:00:00Z", temperature_c: 5 }] } });
    expect(Object.keys(byLogger.body.error.fields)).toEqual(["readings.0.recorded_at"]);
    const single = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { storage_unit_id: unit.id, recorded_at: "1970-01-01T00:00:00Z", temperature_c: 5 } });
    expect(single.status).toBe(400);
    expect(Object.keys(single.body.error.fields)).toEqual(["recorded_at"]);
    expect((await stack.rest("GET", `${cc}readings/?storage_unit=${unit.id}`, { token: pharmacist })).body.count).toBe(0);
    expect((await stack.rest("GET", `${cc}excursions/?storage_unit=${unit.id}`, { token: pharmacist })).body.count).toBe(0);
    expect((await stack.rest("GET", `${cc}storage-units/${unit.id}/`, { token: pharmacist })).body.last_reading_at).toBeNull();
    // Readings from its registration on (a clock a few minutes slow included) are taken.
    const good = await post(unit.id, [readings[0], readings[4]]);
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ inserted: 2, excursions: [] });
  });
});

describe("excursion detection", () => {
  it("a run of exactly the tolerance is no excursion; five minutes longer is one, holding the unit's stock and notifying the pharmacy", { timeout: 30_000 + DELIVERY_DEADLINE_MS }, async () => {
    const unit = await newUnit({ stock_items: [insulinItem] });
    // Out of range (9 °C) from 0 to 25 min, back at 30: 30 minutes = the tolerance.
    const under = await post(unit.id, series([5, ...repeat(6, 9), 5], -5));
    expect(under.status).toBe(201);
    expect(under.body).toMatchObject({ received: 8, inserted: 8, duplicates: 0, excursions: [] });
    // Out from 60 to 90 min, back at 95: 35 minutes.
    const over = await post(unit.id, series([...repeat(7, 11.5), 5], 60));
    expect(over.body.excursions).toHaveLength(1);
    const e = over.body.excursions[0];
    expect(e).toMatchObject({ storage_unit: unit.id, status: "open", ongoing: false, started_at: at(60), ended_at: at(95), duration_minutes: 35, max_temperature_c: 11.5, max_deviation_c: 3.5, readings_out_of_range: 7, limit_min_c: 2, limit_max_c: 8, tolerance_minutes: 30 });
    expect(e.affected_stock).toEqual([expect.objectContaining({ medication_code: INSULIN, lot_number: "INS-1", quantity_at_hold: 20, held: true })]);
    // Sent by the ingest's own attempt, or queued for the pharmacy outbox, which delivers it.
    expect(["sent", "queued"]).toContain(e.notification_status);
    expect(await notificationSent(e.id)).toMatchObject({ notification_status: "sent", notification_id: expect.any(String) });
    // The held insulin may not be sold: stock, stock alerts, safety alerts.
    expect((await insulinStock()).sellable_quantity).toBe(0);
    const held = await stack.rest("GET", `/api/v1/pharmacy/inventory/alerts/?type=held`, { token: pharmacist });
    expect(held.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ medication_code: INSULIN, lot_number: "INS-1", reason: expect.stringContaining(e.id) })]));
    const safety = await stack.rest("GET", "/api/v1/drug-safety/alerts/?type=cold_chain_excursion", { token: pharmacist });
    expect(safety.body.results.map((a: { reference_id: string }) => a.reference_id)).toContain(e.id);

    // Release after review: sellable again; a second close is 409.
    const closed = await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "release", notes: "Manufacturer stability data: 35 min at 11.5 °C acceptable" } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", disposition: "release", closed_by: "pharm-cold", affected_stock: [expect.objectContaining({ held: false })] });
    expect((await insulinStock()).sellable_quantity).toBe(20);
    expect((await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "discard", notes: "again" } })).status).toBe(409);
    expect((await stack.rest("GET", `${cc}excursions/?storage_unit=${unit.id}&status=closed`, { token: pharmacist })).body.count).toBe(1);
  });

  it("a reading exactly at a limit is in range", async () => {
    const unit = await newUnit();
    const res = await post(unit.id, series([8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]));
    expect(res.body).toMatchObject({ inserted: 21, excursions: [] });
    const list = await stack.rest("GET", `${cc}readings/?storage_unit=${unit.id}&page_size=100`, { token: pharmacist });
    expect(list.body.results.every((r: { in_range: boolean }) => r.in_range)).toBe(true);
    expect((await stack.rest("GET", `${cc}storage-units/${unit.id}/`, { token: pharmacist })).body).toMatchObject({ in_range: true, last_temperature_c: 2, out_of_range_since: null });
  });

  it("counts a gap in readings while out of range as out of range", async () => {
    const unit = await newUnit();
    // One reading at 12 °C, nothing for 45 minutes, then back in range: 45 > 30.
    const res = await post(unit.id, [...series([5, 12]), { recorded_at: at(50), temperature_c: 5 }]);
    expect(res.body.excursions).toEqual([expect.objectContaining({ duration_minutes: 45, readings_out_of_range: 1, max_deviation_c: 4, ended_at: at(50) })]);
  });

  it("ignores repeated readings (same unit and time) without detecting twice; a late reading joining an excursion widens it", async () => {
    const unit = await newUnit();
    const readings = series([5, ...repeat(8, 0.5), 5]);
    const first = await post(unit.id, readings);
    expect(first.body.excursions).toHaveLength(1);
    const again = await post(unit.id, [...readings, readings[0]]);
    expect(again.body).toMatchObject({ received: 11, inserted: 0, duplicates: 11, late: 0, excursions: [] });
    expect((await stack.rest("GET", `${cc}excursions/?storage_unit=${unit.id}`, { token: pharmacist })).body.count).toBe(1);
    // At 2 min, between the reading in range at 0 and the run from 5: the run now starts at 2.
    const late = await post(unit.id, [{ recorded_at: at(2), temperature_c: 20 }]);
    expect(late.body).toMatchObject({ inserted: 1, late: 1, excursions: [expect.objectContaining({ id: first.body.excursions[0].id, started_at: at(2), ended_at: at(45), duration_minutes: 43, max_temperature_c: 20, readings_out_of_range: 9, late_readings: 1 })] });
    const stored = await stack.rest("GET", `${cc}readings/?storage_unit=${unit.id}&date_from=${encodeURIComponent(at(1))}&date_to=${encodeURIComponent(at(3))}`, { token: pharmacist });
    expect(stored.body.results).toEqual([expect.objectContaining({ temperature_c: 20, late: true, in_range: false })]);
    expect((await stack.rest("GET", `${cc}excursions/?storage_unit=${unit.id}`, { token: pharmacist })).body.count).toBe(1);
  });

  it("detects across requests (incremental); an ongoing excursion cannot be released (409) but can be quarantined, keeping the stock held", async () => {
    const unit = await newUnit({ device_id: "LOG-ONGOING", stock_items: [insulinItem] });
    expect((await post(unit.id, series([5, 15, 15, 15]))).body.excursions).toEqual([]);
    // By device id only, as a logger posts: the run, out since 5 min, passes 30 min at 40.
    const res = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { device_id: "LOG-ONGOING", readings: series([15, 15, 15, 15, 15], 20) } });
    expect(res.status).toBe(201);
    const e = res.body.excursions[0];
    expect(e).toMatchObject({ ongoing: true, ended_at: null, started_at: at(5), duration_minutes: 35, readings_out_of_range: 8 });
    expect((await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "release", notes: "looks fine" } })).status).toBe(409);
    expect((await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "thaw", notes: "x" } })).status).toBe(400);
    expect((await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "quarantine" } })).status).toBe(400);
    const q = await stack.rest("POST", `${cc}excursions/${e.id}/close/`, { token: pharmacist, body: { disposition: "quarantine", notes: "Fridge failed; stock moved to quarantine shelf" } });
    expect(q.body).toMatchObject({ status: "closed", disposition: "quarantine", affected_stock: [expect.objectContaining({ held: true })] });
    expect((await insulinStock()).sellable_quantity).toBe(0);
    // Destruction may still draw held units (that is how they leave): witnessed, through returns (never by hand).
    const destroy = await stack.rest("POST", "/api/v1/returns/destruction/", { token: pharmacist, body: { inventory_item: insulinItem, lot_number: "INS-1", quantity: 20, reason: "heat-damaged", method: "incineration", witness: "S. Nakato" } });
    expect(destroy.status).toBe(201);
  });

  it("refuses bad readings with field errors and writes nothing", async () => {
    const unit = await newUnit();
    const bad = await post(unit.id, [{ recorded_at: at(0), temperature_c: 5 }, { recorded_at: new Date(Date.now() + 3_600_000).toISOString(), temperature_c: 5 }, { recorded_at: at(10), temperature_c: 500 }]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["readings.1.recorded_at", "readings.2.temperature_c"]);
    const tooMany = await post(unit.id, Array.from({ length: 5001 }, (_, i) => ({ recorded_at: at(i), temperature_c: 5 })));
    expect(tooMany.status).toBe(400);
    expect((await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { recorded_at: at(0), temperature_c: 5 } })).status).toBe(400);
    expect((await stack.rest("POST", `${cc}readings/`, { token: guluPharmacist, body: { storage_unit_id: unit.id, recorded_at: at(0), temperature_c: 5 } })).status).toBe(400);
    expect((await stack.rest("GET", `${cc}readings/?storage_unit=${unit.id}`, { token: pharmacist })).body.count).toBe(0);
    const one = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { storage_unit_id: unit.id, recorded_at: at(0), temperature_c: 4.2, device_id: "HAND-1" } });
    expect(one.body).toMatchObject({ received: 1, inserted: 1 });
  });
});

describe("late readings (a logger's backlog arriving after later readings)", () => {
  const excursionsOf = async (unitId: string) => (await stack.rest("GET", `${cc}excursions/?storage_unit=${unitId}&page_size=100`, { token: pharmacist })).body.results;

  it("a backlog uploaded after a live reading raises the excursion it holds, ended, and notifies the pharmacy", { timeout: 30_000 + DELIVERY_DEADLINE_MS }, async () => {
    const unit = await newUnit();
    expect((await post(unit.id, series([5], 200))).body.excursions).toEqual([]);
    // The logger's buffer from 100 to 195 min: 12 °C from 120 to 170, back in range at 175.
    const backlog = await post(unit.id, series([...repeat(4, 5), ...repeat(11, 12), ...repeat(5, 5)], 100));
    expect(backlog.status).toBe(201);
    expect(backlog.body).toMatchObject({ received: 20, inserted: 20, late: 20 });
    expect(backlog.body.excursions).toEqual([
      expect.objectContaining({ status: "open", ongoing: false, started_at: at(120), ended_at: at(175), duration_minutes: 55, max_temperature_c: 12, readings_out_of_range: 11, late_readings: 11, revises_excursion: null }),
    ]);
    expect(await notificationSent(backlog.body.excursions[0].id)).toMatchObject({ notification_status: "sent" });
    // The same backlog again changes nothing.
    expect((await post(unit.id, series([...repeat(4, 5), ...repeat(11, 12), ...repeat(5, 5)], 100))).body).toMatchObject({ inserted: 0, duplicates: 20, excursions: [] });
    expect(await excursionsOf(unit.id)).toHaveLength(1);
  });

  it("a late run within the tolerance raises nothing; a gap it ends in counts as out of range, as for readings in order", async () => {
    const unit = await newUnit();
    await post(unit.id, [...series([5]), ...series([5], 200)]);
    // 20 to 40 at 12 °C, back in range at 45: 25 minutes.
    expect((await post(unit.id, series([...repeat(5, 12), 5], 20))).body).toMatchObject({ late: 6, excursions: [] });
    // 100 to 110 at 12 °C and nothing until the reading at 200: 100 minutes.
    const gap = await post(unit.id, series(repeat(3, 12), 100));
    expect(gap.body.excursions).toEqual([expect.objectContaining({ started_at: at(100), ended_at: at(200), duration_minutes: 100, late_readings: 3 })]);
  });

  it("late readings move an ongoing excursion's start earlier; a late reading in range inside it changes nothing; the end comes with the next reading in range", async () => {
    const unit = await newUnit();
    const live = await post(unit.id, series(repeat(9, 15), 100));
    expect(live.body.excursions).toEqual([expect.objectContaining({ ongoing: true, started_at: at(100), duration_minutes: 40, readings_out_of_range: 9 })]);
    const id = live.body.excursions[0].id;
    const earlier = await post(unit.id, series(repeat(4, 16), 80));
    expect(earlier.body.excursions).toEqual([expect.objectContaining({ id, ongoing: true, started_at: at(80), duration_minutes: 60, max_temperature_c: 16, readings_out_of_range: 13, late_readings: 4 })]);
    const inside = await post(unit.id, [{ recorded_at: at(122), temperature_c: 5 }]);
    expect(inside.body).toMatchObject({ late: 1, excursions: [] });
    const back = await post(unit.id, series([5], 145));
    expect(back.body.excursions).toEqual([expect.objectContaining({ id, ongoing: false, started_at: at(80), ended_at: at(145), duration_minutes: 65, readings_out_of_range: 13 })]);
    expect(await excursionsOf(unit.id)).toHaveLength(1);
  });

  it("late readings making a closed excursion longer raise a new one that revises it; late readings adding nothing to it raise none", async () => {
    const unit = await newUnit();
    // 11 °C from 5 to 40 with no readings at 20 and 25, back in range at 45: 40 minutes.
    const readings = series([5, ...repeat(8, 11), 5]).filter((_, i) => i !== 4 && i !== 5);
    const found = await post(unit.id, readings);
    const closed = found.body.excursions[0];
    expect(closed).toMatchObject({ started_at: at(5), ended_at: at(45), duration_minutes: 40, readings_out_of_range: 6 });
    expect((await stack.rest("POST", `${cc}excursions/${closed.id}/close/`, { token: pharmacist, body: { disposition: "release", notes: "Stability data reviewed" } })).status).toBe(200);
    // The missing readings arrive, no warmer than the rest: nothing new.
    expect((await post(unit.id, series([11, 10], 20))).body).toMatchObject({ late: 2, excursions: [] });
    // A reading at 2 min, out of range: the excursion began earlier than the pharmacist knew.
    const revised = await post(unit.id, [{ recorded_at: at(2), temperature_c: 11.5 }]);
    expect(revised.body.excursions).toEqual([
      expect.objectContaining({ status: "open", revises_excursion: closed.id, started_at: at(2), ended_at: at(45), duration_minutes: 43, max_temperature_c: 11.5, readings_out_of_range: 9, late_readings: 1 }),
    ]);
    expect(revised.body.excursions[0].id).not.toBe(closed.id);
    expect((await stack.rest("GET", `${cc}excursions/${closed.id}/`, { token: pharmacist })).body).toMatchObject({ status: "closed", disposition: "release", started_at: at(5) });
  });

  it("delivered in shuffled batches, readings raise excursions covering every out-of-range reading the same readings in order do (random series)", { timeout: 120_000 }, async () => {
    let seed = 11;
    let found = 0;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let c = 0; c < 8; c++) {
      // A fridge's temperature stays out of range for a while once it leaves it (runs of ten readings on average).
      let out = false;
      const temps = Array.from({ length: 60 }, () => ((out = rand() < 0.1 ? !out : out) ? 9 + Math.round(rand() * 6) : 5));
      const readings = series(temps, 1000 * c);
      const [inOrder, shuffled] = [await newUnit(), await newUnit()];
      await post(inOrder.id, readings);
      const batches: (typeof readings)[] = [];
      for (let i = 0; i < readings.length; ) {
        const n = 1 + Math.floor(rand() * 15);
        batches.push(readings.slice(i, i + n));
        i += n;
      }
      batches.sort(() => rand() - 0.5);
      for (const b of batches) expect((await post(shuffled.id, b)).status).toBe(201);
      const covered = (await excursionsOf(shuffled.id)).map((e: { started_at: string; ended_at: string | null }) => [Date.parse(e.started_at), e.ended_at ? Date.parse(e.ended_at) : Infinity]);
      const expected = await excursionsOf(inOrder.id);
      found += expected.length;
      for (const e of expected) {
        for (const r of readings) {
          const t = Date.parse(r.recorded_at);
          if (r.temperature_c > 8 && t >= Date.parse(e.started_at) && t < (e.ended_at ? Date.parse(e.ended_at) : Infinity)) {
            expect(covered.some(([from, to]: number[]) => t >= from && t < to), `case ${c}: reading at ${r.recorded_at} of excursion ${e.started_at}`).toBe(true);
          }
        }
      }
    }
    // The series are long enough to hold excursions (the property is not met by having none).
    expect(found).toBeGreaterThanOrEqual(8);
  });
});

describe("transports", () => {
  it("records a transport with its logger readings; an excursion holds the carried lot at the pharmacy", async () => {
    const receipt = await stack.rest("POST", "/api/v1/pharmacy/inventory/movements/", { token: pharmacist, body: { pharmacy_id: KAMPALA, medication_code: "local:oxytocin", movement_type: "receipt", quantity: 30, lot_number: "OXY-T1", expiry_date: "2030-06-30" } });
    expect(receipt.status).toBe(201);
    const res = await stack.rest("POST", `${cc}transports/`, {
      token: pharmacist,
      body: {
        origin: "NMS Entebbe",
        destination: "Kampala Central",
        shipment_reference: "SHP-0042",
        device_id: "COLD-BOX-7",
        profile: "refrigerated",
        contents: [{ medication_code: "local:oxytocin", lot_number: "OXY-T1", quantity: 30 }],
        departed_at: at(0),
        arrived_at: at(240),
        readings: series([6, ...repeat(10, 9.5), 6], 0, 10),
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shipment_reference: "SHP-0042", min_c: 2, max_c: 8, readings_count: 12 });
    expect(res.body.excursions).toEqual([expect.objectContaining({ subject_type: "transport", transport: res.body.id, duration_minutes: 100, affected_stock: [expect.objectContaining({ medication_code: "local:oxytocin", lot_number: "OXY-T1", batch_id: null, held: true })] })]);
    const stock = await stack.rest("GET", `/api/v1/pharmacy/inventory/stock/?medication_code=${encodeURIComponent("local:oxytocin")}`, { token: pharmacist });
    expect(stock.body.results[0].sellable_quantity).toBe(0);
    const bad = await stack.rest("POST", `${cc}transports/`, { token: pharmacist, body: { origin: "A", destination: "B", shipment_reference: "S", contents: [{ medication_code: "nope", lot_number: "L", quantity: 1 }], departed_at: at(0) } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["contents.0.medication_code", "max_c", "min_c"]);
    expect((await stack.rest("GET", `${cc}transports/?search=shp-0042`, { token: pharmacist })).body.count).toBe(1);
    expect((await stack.rest("GET", `${cc}excursions/?transport=${res.body.id}`, { token: pharmacist })).body.count).toBe(1);
  });
});

describe("temperature-sensitive products", () => {
  it("lists the catalog's cold-chain medicines with their sourced range and the pharmacy's stock", async () => {
    const res = await stack.rest("GET", `${cc}products/?in_stock=true`, { token: pharmacist });
    expect(res.status).toBe(200);
    const oxytocin = res.body.results.find((p: { medication_code: string }) => p.medication_code === "local:oxytocin");
    expect(oxytocin).toMatchObject({ storage_min_c: 2, storage_max_c: 8, storage_source: expect.stringContaining("oxytocin"), pharmacy_id: KAMPALA, quantity: 30, sellable_quantity: 0, unsellable_quantity: 30 });
    expect(res.body.results.every((p: { quantity: number }) => p.quantity > 0)).toBe(true);
  });
});
