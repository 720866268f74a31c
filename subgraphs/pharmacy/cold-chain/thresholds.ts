/** Cold-chain threshold profiles (thresholds.json: a source per range; tolerances are platform policy). */
import { readFileSync } from "node:fs";

export interface ThresholdProfile {
  key: string;
  label: string;
  minC: number;
  maxC: number;
  rangeSource: string;
  toleranceMinutes: number;
  toleranceSource: string;
}

interface ThresholdFile {
  version: string;
  silence_alarm: { minutes: number; source: string };
  profiles: { key: string; label: string; min_c: number; max_c: number; range_source: string; tolerance_minutes: number; tolerance_source: string }[];
}

const file = JSON.parse(readFileSync(new URL("./thresholds.json", import.meta.url), "utf8")) as ThresholdFile;

export const THRESHOLDS_VERSION = file.version;
export const THRESHOLD_PROFILES: readonly ThresholdProfile[] = file.profiles.map((p) => ({
  key: p.key,
  label: p.label,
  minC: p.min_c,
  maxC: p.max_c,
  rangeSource: p.range_source,
  toleranceMinutes: p.tolerance_minutes,
  toleranceSource: p.tolerance_source,
}));

export const profileByKey = (key: string | null | undefined) => THRESHOLD_PROFILES.find((p) => p.key === key);

/** A unit without profile or tolerance gets this many minutes (platform policy, the refrigerated profile's). */
export const DEFAULT_TOLERANCE_MINUTES = profileByKey("refrigerated")!.toleranceMinutes;

/** A unit with a logger is silent after this many minutes without a reading, unless it sets its own (platform policy). */
export const DEFAULT_SILENCE_ALARM_MINUTES = file.silence_alarm.minutes;
