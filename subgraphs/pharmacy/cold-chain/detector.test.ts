import { describe, expect, it } from "vitest";
import { advanceMonitor, EMPTY_STATE, type MonitorLimits, type Reading } from "./detector.js";

const limits: MonitorLimits = { minC: 2, maxC: 8, toleranceMinutes: 30 };
const t0 = Date.parse("2026-03-01T08:00:00Z");
/** Readings every `step` minutes from t0 with these temperatures. */
const series = (temps: number[], step = 5, from = 0): Reading[] => temps.map((temperatureC, i) => ({ recordedAt: new Date(t0 + (from + i * step) * 60_000), temperatureC }));
let n = 0;
const ids = () => `exc-${++n}`;

describe("excursion detector", () => {
  it("a run of exactly the tolerance is not an excursion; one reading longer is", () => {
    // Out at 0..25 min, back in range at 30: lasted 30 min = tolerance.
    const under = advanceMonitor(EMPTY_STATE, limits, series([5, 9, 9, 9, 9, 9, 9, 5], 5, -5), ids);
    expect(under.episodes.size).toBe(0);
    // Out at 0..30, back at 35: 35 min > 30.
    const over = advanceMonitor(EMPTY_STATE, limits, series([5, 9, 9, 9, 9, 9, 9, 9, 5], 5, -5), ids);
    expect([...over.episodes.values()]).toEqual([
      expect.objectContaining({ isNew: true, durationMinutes: 35, maxTemperatureC: 9, maxDeviationC: 1, readingsOutOfRange: 7, endedAt: new Date(t0 + 35 * 60_000), startedAt: new Date(t0) }),
    ]);
    expect(over.state.outSince).toBeNull();
  });

  it("a reading exactly at a limit is in range", () => {
    const r = advanceMonitor(EMPTY_STATE, limits, series([8, 8, 8, 2, 2, 2, 2, 2, 2, 2, 8, 8], 10), ids);
    expect(r.episodes.size).toBe(0);
    expect(r.state.outSince).toBeNull();
  });

  it("counts a gap while out of range as out of range", () => {
    // One reading at 12 °C, then nothing for 45 minutes, then back in range.
    const r = advanceMonitor(EMPTY_STATE, limits, [...series([5, 12]), { recordedAt: new Date(t0 + 50 * 60_000), temperatureC: 5 }], ids);
    expect([...r.episodes.values()]).toEqual([expect.objectContaining({ durationMinutes: 45, readingsOutOfRange: 1, maxDeviationC: 4 })]);
  });

  it("is incremental: the same series in two calls gives the same excursion as in one", () => {
    const readings = series([5, -1, -1, -1, -1, -1, -1, -1, -1, 5]);
    const whole = advanceMonitor(EMPTY_STATE, limits, readings, () => "x");
    // Out since 5 min; by the reading at 35 min it has lasted 30 (not yet), at 40 min 35: detected, still open.
    expect(advanceMonitor(EMPTY_STATE, limits, readings.slice(0, 8), () => "x").episodes.size).toBe(0);
    const first = advanceMonitor(EMPTY_STATE, limits, readings.slice(0, 9), () => "x");
    expect(first.episodes.get("x")).toMatchObject({ isNew: true, endedAt: null, durationMinutes: 35 });
    const second = advanceMonitor(first.state, limits, readings.slice(9), () => "y");
    expect(second.episodes.get("x")).toMatchObject({ isNew: false, endedAt: whole.episodes.get("x")!.endedAt, durationMinutes: 40, minTemperatureC: -1, maxDeviationC: 3 });
    expect(second.state).toEqual(whole.state);
  });
});
