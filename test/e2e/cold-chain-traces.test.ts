import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * Cold-chain traces as loggers send them, beyond the blind set (test/fixtures/cold-chain/traces-blind-1.json):
 * a transport's logger is started at the depot before it is packed and stopped after unpacking, so its
 * dump holds readings from before departure and after arrival. Those are the room's temperature, not the
 * shipment's: stored and counted, never judged (WHO TRS 961 Annex 9; PQS E006 loggers' start delay).
 * docs/decisions/pharmacy.md, "2026-11-28 (session 21)".
 */

let stack: Stack;
let pharmacist: string;
const cc = "/api/v1/cold-chain/";
const T0 = Date.now() - 3 * 86_400_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
/** A reading every `step` minutes from `from` with these temperatures. */
const series = (temps: number[], from: number, step = 5) => temps.map((temperature_c, i) => ({ recorded_at: at(from + i * step), temperature_c }));
const repeat = (n: number, t: number) => Array.from({ length: n }, () => t);

let seq = 0;
async function transport(o: { departed: number; arrived?: number; readings: unknown[]; device?: string }) {
  const res = await stack.rest("POST", `${cc}transports/`, {
    token: pharmacist,
    body: {
      origin: "Regional medical stores",
      destination: "Kampala pharmacy",
      shipment_reference: `TRACE-${++seq}-${Date.now()}`,
      profile: "refrigerated",
      ...(o.device ? { device_id: o.device } : {}),
      contents: [{ medication_code: "local:oxytocin", lot_number: `OXY-TRACE-${seq}`, quantity: 10 }],
      departed_at: at(o.departed),
      ...(o.arrived !== undefined ? { arrived_at: at(o.arrived) } : {}),
      readings: o.readings,
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-traces" });
});
afterAll(() => stack?.stop());

describe("a transport's logger outside the journey", () => {
  it("readings before departure and after arrival (room temperature) raise nothing and are still counted", async () => {
    // Started on the packing bench at 23–24 °C for 50 min, in the box 2–8 °C for 3 h, on the counter at 26 °C for 45 min.
    const readings = [...series(repeat(10, 23.5), 0), ...series(repeat(36, 5.5), 50), ...series(repeat(9, 26), 230 + 5)];
    const t = await transport({ departed: 50, arrived: 230, readings });
    expect(t.excursions).toEqual([]);
    expect(t.readings_count).toBe(readings.length);
  });

  it("an excursion during the journey starts at its first judged reading, not on the packing bench", async () => {
    // The box was packed warm: 9–10 °C for 40 min after departure, then cooled.
    const readings = [...series(repeat(6, 22), 0), ...series([9.8, 9.6, 9.3, 9.1, 8.8, 8.5, 8.2, 8.1], 30), ...series(repeat(12, 5), 70)];
    const t = await transport({ departed: 30, arrived: 130, readings });
    expect(t.excursions).toHaveLength(1);
    expect(t.excursions[0]).toMatchObject({ started_at: at(30), ended_at: at(70), duration_minutes: 40, max_temperature_c: 9.8, min_temperature_c: 8.1 });
  });

  it("readings posted after arrival, in order or late, are not judged; in-transit ones still are", async () => {
    const t = await transport({ departed: 0, arrived: 120, readings: series(repeat(25, 5), 0) });
    // The logger's tail, uploaded later: on the counter after unpacking.
    const after = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { transport_id: t.id, readings: series(repeat(12, 27), 125) } });
    expect(after.status).toBe(201);
    expect(after.body.excursions).toEqual([]);
    // A second transport still in transit: its later readings are judged (a run of 40 min).
    const live = await transport({ departed: 0, device: `TRACE-LOGGER-${Date.now()}`, readings: series(repeat(12, 5), 0) });
    const more = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { transport_id: live.id, readings: series([9.5, 10.1, 10.4, 10.2, 9.9, 9.7, 9.2, 8.6, 7.1], 60) } });
    expect(more.status).toBe(201);
    expect(more.body.excursions).toEqual([expect.objectContaining({ started_at: at(60), ended_at: at(100), duration_minutes: 40 })]);
    // Late readings from before departure (the bench) of the arrived transport: stored, counted as late, not judged.
    const bench = await stack.rest("POST", `${cc}readings/`, { token: pharmacist, body: { transport_id: t.id, readings: series(repeat(8, 24), -45) } });
    expect(bench.status).toBe(201);
    expect(bench.body).toMatchObject({ inserted: 8, late: 8, excursions: [] });
    const got = (await stack.rest("GET", `${cc}transports/${t.id}/`, { token: pharmacist })).body;
    expect(got.excursions).toEqual([]);
    // Late readings are not among the processed ones (as for a storage unit); the tail after arrival is.
    expect(got.readings_count).toBe(25 + 12);
  });
});
