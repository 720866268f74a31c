import type { News2Knowledge } from "../knowledge/knowledge.types.js";
import { todayIn } from "./medication-schedule.engine.js";
import { CONSCIOUSNESS_LEVELS, type Consciousness, type News2Vitals } from "./news2.engine.js";

/** A stored observation as the record holds it (value is text). */
export interface RecordObservation {
  code: string;
  value: string;
  unit: string | null;
  date: string;
}

export type VitalName = Exclude<keyof News2Vitals, "spo2Scale">;

/** Which codes of knowledge/news2.json `record_codes` hold each vital. */
const CODE_KEY: Record<VitalName, keyof News2Knowledge["record_codes"]> = {
  respirationRate: "respiration_rate",
  spo2: "spo2",
  supplementalOxygen: "supplemental_oxygen",
  systolicBp: "systolic_bp",
  pulse: "pulse",
  consciousness: "consciousness",
  temperature: "temperature",
};

export const VITAL_NAMES = Object.keys(CODE_KEY) as VitalName[];

const ACVPU_LETTERS: Record<string, Consciousness> = { a: "alert", c: "new_confusion", v: "voice", p: "pain", u: "unresponsive" };

/** "A", "alert", "New confusion", "new-confusion" → a level; undefined when it is none of them. */
export function parseConsciousness(text: string): Consciousness | undefined {
  const t = text.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (ACVPU_LETTERS[t]) return ACVPU_LETTERS[t];
  if (t === "confusion" || t === "confused") return "new_confusion";
  return (CONSCIOUSNESS_LEVELS as readonly string[]).includes(t) ? (t as Consciousness) : undefined;
}

/** "air" / "room air" → false, "oxygen" / "O2" → true. */
function parseOxygen(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === "air" || t === "room air") return false;
  if (t === "oxygen" || t === "o2" || t === "supplemental oxygen") return true;
  return undefined;
}

/**
 * NEWS2 scores the patient's observations now (RCP, National Early Warning Score 2, 2017): a recorded
 * vital stands in for one the nurse did not send only if it was taken today or yesterday (calendar days
 * in the facility's time zone; the record keeps dates, not times). An older one counts as missing.
 */
export const RECORDED_VITAL_MAX_AGE_DAYS = 1;

/** The first calendar date (YYYY-MM-DD, in `timezone`) whose recorded vitals may still be used. */
export function oldestUsableVitalDate(timezone: string, now = new Date()): string {
  return todayIn(timezone, new Date(now.getTime() - RECORDED_VITAL_MAX_AGE_DAYS * 86_400_000));
}

export interface RecordedVital {
  value: number | boolean | Consciousness;
  display: string;
  date: string;
}

/**
 * The latest usable recorded value of each NEWS2 vital (observations newest first). Temperatures are
 * taken only in °C (a unit of °F or a value above 45 is not read as Celsius).
 */
export function latestRecordedVitals(k: News2Knowledge, obs: RecordObservation[]): Partial<Record<VitalName, RecordedVital>> {
  const out: Partial<Record<VitalName, RecordedVital>> = {};
  for (const name of VITAL_NAMES) {
    const codes = k.record_codes[CODE_KEY[name]];
    for (const o of obs) {
      if (!codes.includes(o.code)) continue;
      let value: number | boolean | Consciousness | undefined;
      if (name === "consciousness") value = parseConsciousness(o.value);
      else if (name === "supplementalOxygen") value = parseOxygen(o.value);
      else {
        const n = Number(o.value);
        const fahrenheit = name === "temperature" && (/f/i.test(o.unit ?? "") || n > 45);
        value = Number.isFinite(n) && o.value.trim() !== "" && !fahrenheit ? (name === "temperature" ? n : Math.round(n)) : undefined;
      }
      if (value === undefined) continue;
      out[name] = { value, display: o.unit ? `${o.value} ${o.unit}` : o.value, date: o.date };
      break;
    }
  }
  return out;
}

/**
 * The recorded vitals that may stand in for `missing` ones: taken on or after `notBefore`. Older ones
 * are returned apart (`stale`, their dates) so the answer can say why they were not used.
 */
export function usableRecordedVitals(missing: VitalName[], recorded: Partial<Record<VitalName, RecordedVital>>, notBefore: string) {
  const usable: Partial<Record<VitalName, RecordedVital>> = {};
  const stale: Partial<Record<VitalName, string>> = {};
  for (const n of missing) {
    const r = recorded[n];
    if (!r) continue;
    if (r.date < notBefore) stale[n] = r.date;
    else usable[n] = r;
  }
  return { usable, stale };
}
