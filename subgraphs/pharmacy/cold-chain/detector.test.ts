import { describe, expect, it } from "vitest";
import { advanceMonitor, EMPTY_STATE, lateRuns, type MonitorLimits, type Reading } from "./detector.js";

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

describe("runs of late readings", () => {
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  /** Readings every 5 minutes from 0; those at `lateAt` minutes arrived late. */
  const window = (temps: number[], lateAt: number[]) => series(temps).map((r, i) => ({ ...r, late: lateAt.includes(i * 5) }));

  it("reports only runs holding a late reading, bounded by the first reading back in range, whatever their length", () => {
    // Runs: 5–15 (stored only), 30–60 (late 40 and 45), 70 (late, one reading).
    const runs = lateRuns(window([5, 9, 9, 9, 5, 5, 12, 12, 13, 12, 12, 12, 12, 5, 1, 5], [40, 45, 70]), limits);
    expect(runs).toEqual([
      { startedAt: at(30), endedAt: at(65), lastAt: at(60), durationMinutes: 35, minTemperatureC: 12, maxTemperatureC: 13, maxDeviationC: 5, readingsOutOfRange: 7, lateReadings: 2 },
      { startedAt: at(70), endedAt: at(75), lastAt: at(70), durationMinutes: 5, minTemperatureC: 1, maxTemperatureC: 1, maxDeviationC: 1, readingsOutOfRange: 1, lateReadings: 1 },
    ]);
  });

  it("a run reaching the window's last reading has no end: the subject's current run, measured to its last reading", () => {
    const runs = lateRuns(window([5, -3, -3.25, -2], [5]), limits);
    expect(runs).toEqual([{ startedAt: at(5), endedAt: null, lastAt: at(15), durationMinutes: 10, minTemperatureC: -3.25, maxTemperatureC: -2, maxDeviationC: 5.25, readingsOutOfRange: 3, lateReadings: 1 }]);
  });

  it("a late reading in range splits a run; late readings in range alone make no run; limits are in range", () => {
    expect(lateRuns(window([9, 9, 5, 9, 9], [10]), limits)).toEqual([]);
    expect(lateRuns(window([9, 9, 5, 9, 9], [0, 15]), limits).map((r) => [r.startedAt, r.endedAt])).toEqual([
      [at(0), at(10)],
      [at(15), null],
    ]);
    expect(lateRuns(window([8, 2, 8], [0, 5, 10]), limits)).toEqual([]);
  });

  it("agrees with the incremental detector on the runs it would find in the same readings (random series)", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let c = 0; c < 200; c++) {
      const temps = Array.from({ length: 40 }, () => (rand() < 0.4 ? 9 + Math.round(rand() * 6) : 5));
      // Every reading late: every out-of-range run is reported, and those longer than the tolerance are
      // exactly the incremental detector's excursions, with the same figures.
      const runs = lateRuns(window(temps, temps.map((_, i) => i * 5)), limits);
      const whole = advanceMonitor(EMPTY_STATE, limits, series(temps), ids);
      const long = runs.filter((r) => ((r.endedAt ?? r.lastAt).getTime() - r.startedAt.getTime()) / 60_000 > limits.toleranceMinutes);
      expect(long.map((r) => ({ startedAt: r.startedAt, endedAt: r.endedAt, durationMinutes: r.durationMinutes, maxTemperatureC: r.maxTemperatureC, readingsOutOfRange: r.readingsOutOfRange }))).toEqual(
        [...whole.episodes.values()].map((e) => ({ startedAt: e.startedAt, endedAt: e.endedAt, durationMinutes: e.durationMinutes, maxTemperatureC: e.maxTemperatureC, readingsOutOfRange: e.readingsOutOfRange })),
      );
      expect(runs.reduce((n, r) => n + r.readingsOutOfRange, 0)).toBe(temps.filter((t) => t > 8).length);
    }
  });
});
