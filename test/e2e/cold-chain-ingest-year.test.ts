import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUnitSince } from "../support/cold-chain.js";
import { KAMPALA, startStack, type Stack } from "../support/stack.js";

/**
 * A year of five-minute readings (105,120) for one storage unit through REST in batches of 5,000:
 * ingest stays fast because detection is incremental (the unit's state row), and the one excursion
 * planted in the year is found once, with its exact start and duration.
 */
let stack: Stack;
let pharmacist: string;
const YEAR = 105_120;
const BATCH = 5_000;

beforeAll(async () => {
  stack = await startStack();
  pharmacist = await stack.token("pharmacist", { pharmacy: KAMPALA, sub: "pharm-year" });
});
afterAll(() => stack?.stop());

describe("a year of readings", () => {
  it("ingests 105,120 five-minute readings in batches of 5,000 and finds the one planted excursion", async () => {
    const unit = await stack.rest("POST", "/api/v1/cold-chain/storage-units/", { token: pharmacist, body: { name: "Year fridge", kind: "refrigerator", profile: "refrigerated" } });
    expect(unit.status).toBe(201);
    const t0 = Date.now() - 370 * 86_400_000;
    // A fridge registered before the year began: its readings may not predate it.
    await registerUnitSince(stack, unit.body.id, new Date(t0 - 60_000));
    // Day 200: 10.2 °C for 50 minutes (readings 57,600..57,609), back in range at 57,610.
    const temp = (i: number) => (i >= 57_600 && i < 57_610 ? 10.2 : 4 + Math.sin(i / 50));
    const started = Date.now();
    const found: { started_at: string; duration_minutes: number }[] = [];
    for (let from = 0; from < YEAR; from += BATCH) {
      const readings = Array.from({ length: Math.min(BATCH, YEAR - from) }, (_, k) => ({ recorded_at: new Date(t0 + (from + k) * 300_000).toISOString(), temperature_c: Math.round(temp(from + k) * 100) / 100 }));
      const res = await stack.rest("POST", "/api/v1/cold-chain/readings/", { token: pharmacist, body: { storage_unit_id: unit.body.id, readings } });
      expect(res.status).toBe(201);
      expect(res.body.inserted).toBe(readings.length);
      found.push(...res.body.excursions);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`cold-chain year ingest: ${YEAR} readings in ${seconds.toFixed(1)} s (${Math.round(YEAR / seconds)} readings/s)`);
    expect(found).toEqual([expect.objectContaining({ started_at: new Date(t0 + 57_600 * 300_000).toISOString(), duration_minutes: 50, readings_out_of_range: 10 })]);
    const list = await stack.rest("GET", `/api/v1/cold-chain/readings/?storage_unit=${unit.body.id}&page_size=1`, { token: pharmacist });
    expect(list.body.next).toBe(2);
    // Generous bound for a loaded 2-core machine; a rescan per batch would grow quadratically past it.
    expect(seconds).toBeLessThan(240);
  }, 300_000);
});
