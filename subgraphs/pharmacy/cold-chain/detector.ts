/**
 * The excursion detector, written once for any monitored subject (a storage unit or a transport). It is
 * incremental: it advances the subject's state (last reading, the current out-of-range run) over new
 * readings in time order and reports the excursions that opened, grew or ended, so ingest never
 * rescans history. docs/decisions/pharmacy.md, "Cold chain".
 *
 * Rules:
 *  - a reading is in range when min ≤ t ≤ max (a reading exactly at a limit is in range);
 *  - an out-of-range run starts at its first out-of-range reading and lasts until the first reading back
 *    in range, so a gap in readings while out of range counts as out of range (conservative);
 *  - a run is an excursion once it has lasted longer than the tolerance (strictly: a run of exactly the
 *    tolerance is not one), measured from its first out reading to the latest reading;
 *  - readings at or before the last processed one are late: `advanceMonitor` never sees them; `lateRuns`
 *    finds the out-of-range runs they belong to among the stored readings, which may open or widen an
 *    excursion but never shorten or end one (monitor.service.ts).
 */

export interface MonitorLimits {
  minC: number;
  maxC: number;
  toleranceMinutes: number;
}

export interface MonitorState {
  lastReadingAt: Date | null;
  lastTemperatureC: number | null;
  outSince: Date | null;
  runMinC: number | null;
  runMaxC: number | null;
  runMaxDeviationC: number | null;
  runReadings: number;
  excursionId: string | null;
  readingsProcessed: number;
}

export const EMPTY_STATE: MonitorState = {
  lastReadingAt: null,
  lastTemperatureC: null,
  outSince: null,
  runMinC: null,
  runMaxC: null,
  runMaxDeviationC: null,
  runReadings: 0,
  excursionId: null,
  readingsProcessed: 0,
};

export interface Reading {
  recordedAt: Date;
  temperatureC: number;
}

/** An excursion as the readings so far describe it. `isNew`: it was first detected in this call. */
export interface ExcursionEpisode {
  id: string;
  isNew: boolean;
  startedAt: Date;
  /** The first reading back in range; null while it lasts. */
  endedAt: Date | null;
  durationMinutes: number;
  minTemperatureC: number;
  maxTemperatureC: number;
  maxDeviationC: number;
  readingsOutOfRange: number;
}

export const inRange = (t: number, l: MonitorLimits) => t >= l.minC && t <= l.maxC;

/** °C outside the range (0 inside it). */
export const deviation = (t: number, l: MonitorLimits) => (t > l.maxC ? t - l.maxC : t < l.minC ? l.minC - t : 0);

/** °C to two decimals, as excursions show them. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whole minutes from one reading to another: every excursion's and run's duration. */
export const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);

/**
 * Advances `state` over `readings` (strictly after state.lastReadingAt, ascending) and returns the new
 * state and every excursion touched, by id. `newId` names an excursion when it is first detected.
 */
export function advanceMonitor(state: MonitorState, limits: MonitorLimits, readings: Reading[], newId: () => string): { state: MonitorState; episodes: Map<string, ExcursionEpisode> } {
  const s: MonitorState = { ...state };
  const episodes = new Map<string, ExcursionEpisode>();
  const toleranceMs = limits.toleranceMinutes * 60_000;
  const record = (endedAt: Date | null, until: Date) => {
    const id = s.excursionId!;
    const prior = episodes.get(id);
    episodes.set(id, {
      id,
      isNew: prior?.isNew ?? false,
      startedAt: s.outSince!,
      endedAt,
      durationMinutes: minutesBetween(s.outSince!, until),
      minTemperatureC: s.runMinC!,
      maxTemperatureC: s.runMaxC!,
      maxDeviationC: round2(s.runMaxDeviationC!),
      readingsOutOfRange: s.runReadings,
    });
  };
  const openIfOverdue = (at: Date) => {
    if (!s.excursionId && at.getTime() - s.outSince!.getTime() > toleranceMs) {
      s.excursionId = newId();
      episodes.set(s.excursionId, { id: s.excursionId, isNew: true } as ExcursionEpisode);
    }
  };
  for (const r of readings) {
    const t = r.temperatureC;
    if (!inRange(t, limits)) {
      const d = deviation(t, limits);
      if (!s.outSince) {
        Object.assign(s, { outSince: r.recordedAt, runMinC: t, runMaxC: t, runMaxDeviationC: d, runReadings: 1, excursionId: null });
      } else {
        s.runMinC = Math.min(s.runMinC!, t);
        s.runMaxC = Math.max(s.runMaxC!, t);
        s.runMaxDeviationC = Math.max(s.runMaxDeviationC!, d);
        s.runReadings += 1;
      }
      openIfOverdue(r.recordedAt);
      if (s.excursionId) record(null, r.recordedAt);
    } else if (s.outSince) {
      // Back in range: the run lasted until this reading (a gap before it counts as out of range).
      openIfOverdue(r.recordedAt);
      if (s.excursionId) record(r.recordedAt, r.recordedAt);
      Object.assign(s, { outSince: null, runMinC: null, runMaxC: null, runMaxDeviationC: null, runReadings: 0, excursionId: null });
    }
    s.lastReadingAt = r.recordedAt;
    s.lastTemperatureC = t;
    s.readingsProcessed += 1;
  }
  return { state: s, episodes };
}

/** A stored reading of a subject; `late`: it arrived in this ingest, after a later reading had been processed. */
export interface WindowReading extends Reading {
  late: boolean;
}

/** A run of out-of-range readings that contains late ones, as `lateRuns` finds it. */
export interface LateRun {
  startedAt: Date;
  /** The first reading back in range; null when the run reaches the window's last reading (the subject's current run). */
  endedAt: Date | null;
  /** The run's last reading. */
  lastAt: Date;
  /** To `endedAt`, or to the run's last reading. */
  durationMinutes: number;
  minTemperatureC: number;
  maxTemperatureC: number;
  maxDeviationC: number;
  readingsOutOfRange: number;
  /** How many of its readings are late. */
  lateReadings: number;
}

/**
 * The out-of-range runs of `window` (a subject's readings in time order, late ones included) that contain
 * at least one late reading, whatever their length: the caller decides what each opens or widens
 * (subgraphs/pharmacy/cold-chain/monitor.service.ts). The window should start at an in-range reading (or at
 * the subject's first) and end at one (or at its latest), so a run is never cut at the window's edge.
 */
export function lateRuns(window: WindowReading[], limits: MonitorLimits): LateRun[] {
  const runs: LateRun[] = [];
  let run: Omit<LateRun, "endedAt" | "durationMinutes"> | null = null;
  const close = (endedAt: Date | null) => {
    if (run && run.lateReadings > 0) {
      const until = endedAt ?? run.lastAt;
      runs.push({ ...run, endedAt, durationMinutes: minutesBetween(run.startedAt, until), maxDeviationC: round2(run.maxDeviationC) });
    }
    run = null;
  };
  for (const r of window) {
    const t = r.temperatureC;
    if (inRange(t, limits)) {
      close(r.recordedAt);
      continue;
    }
    const d = deviation(t, limits);
    if (!run) run = { startedAt: r.recordedAt, lastAt: r.recordedAt, minTemperatureC: t, maxTemperatureC: t, maxDeviationC: d, readingsOutOfRange: 0, lateReadings: 0 };
    run.lastAt = r.recordedAt;
    run.minTemperatureC = Math.min(run.minTemperatureC, t);
    run.maxTemperatureC = Math.max(run.maxTemperatureC, t);
    run.maxDeviationC = Math.max(run.maxDeviationC, d);
    run.readingsOutOfRange += 1;
    if (r.late) run.lateReadings += 1;
  }
  close(null);
  return runs;
}
