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

/**
 * Words for the ACVPU levels as wards write them. Only NEW (new-onset or worsening) confusion or delirium
 * scores 3 (RCP NEWS2 2017, Chart 1; Williams, Clin Med 2019;19:190: "new-onset or worsening confusion,
 * delirium or any other altered mentation"), so "confused" alone is not read as either level.
 */
const ACVPU_WORDS: [RegExp, Consciousness][] = [
  [/^(?:alert|alert_and_oriented|a_?&_?o(?:_?x_?[34])?)$/, "alert"],
  [/^(?:new(?:ly)?|new_onset|acute(?:ly)?|worsening|recent(?:ly)?)_(?:onset_)?(?:confusion|confused)$|^(?:delirium|delirious)$/, "new_confusion"],
  [/^(?:voice|verbal|responds?_to_(?:voice|verbal(?:_stimuli)?))$/, "voice"],
  [/^(?:pain|responds?_to_(?:pain|painful_stimuli))$/, "pain"],
  [/^(?:unresponsive|unresponsive_to_(?:voice_and_)?pain|no_response)$/, "unresponsive"],
];

/** "A", "alert", "New confusion", "delirious", "responds to voice" → a level; undefined when it is none of them. */
export function parseConsciousness(text: string): Consciousness | undefined {
  const t = text.trim().toLowerCase().replace(/[.]+$/, "").replace(/[\s-]+/g, "_");
  if (ACVPU_LETTERS[t]) return ACVPU_LETTERS[t];
  if ((CONSCIOUSNESS_LEVELS as readonly string[]).includes(t)) return t as Consciousness;
  return ACVPU_WORDS.find(([re]) => re.test(t))?.[1];
}

/** Why a consciousness text cannot be scored: confusion not said to be new gets its own question. */
export function consciousnessProblem(text: string): string {
  if (/confus/i.test(text)) return "does not say whether the confusion is new: give new_confusion (C) if it is new or worse than the patient's usual state (scores 3), or alert (A) if it is their known baseline (RCP NEWS2 2017: only new confusion scores)";
  return "must be one of alert, new_confusion, voice, pain, unresponsive (or A, C, V, P, U)";
}

/**
 * Air or supplemental oxygen as charts write it: "RA", "on room air", "off O2" → false; "on 2L O2",
 * "4 L/min via nasal prongs", "venturi 28%", "NRB" → true (RCP NEWS2 2017, Chart 1: any supplemental
 * oxygen scores 2). Anything else (CPAP, "weaned off O2", "?") is not read.
 */
function parseOxygen(text: string): boolean | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  if (/^(?:on )?(?:room )?air$|^(?:on )?ra$|^(?:off|no|nil|without) (?:supplemental )?(?:oxygen|o2)$|^(?:none|nil|false)$|^0 ?(?:l|lpm|l\/min)(?: o2)?$/.test(t)) return false;
  if (/^(?:on )?(?:supplemental )?(?:oxygen|o2)$|^true$/.test(t)) return true;
  // "weaned off O2", "not on oxygen": a negation that is not one of the plain forms above is not guessed.
  if (/\b(?:off|no|nil|not|without|weaned|stopped|discontinued)\b/.test(t)) return undefined;
  const flow = /^(?:on )?\d+(?:\.\d+)? ?(?:l|lpm|l\/min|litres?(?:\/min)?|liters?(?:\/min)?)\b/.test(t) && !/^(?:on )?0(?:\.0+)? ?l/.test(t);
  const device = /\b(?:o2|oxygen|nasal (?:cannula|prongs?|specs)|nc|face ?mask|simple mask|venturi|non[- ]?rebreather|nrb(?:m)?|high[- ]flow|hfnc|fio2)\b/.test(t);
  return flow || device ? true : undefined;
}

/** A recorded number, with the unit some imports leave in the value ("96%", "18/min", "120/80 mmHg" for systolic). */
function parseRecordedNumber(name: VitalName, value: string): { n: number; fahrenheit: boolean } | undefined {
  const t = value.trim().toLowerCase();
  const bp = name === "systolicBp" ? /^(\d{2,3})\s*\/\s*\d{2,3}\s*(?:mm\s*hg)?$/.exec(t) : null;
  if (bp) return { n: Number(bp[1]), fahrenheit: false };
  const m = /^(\d+(?:\.\d+)?)\s*(%|\/\s*min|bpm|b\/min|breaths\/min|mm\s*hg|°?\s*c|°?\s*f|deg\s*[cf])?$/.exec(t);
  if (!m) return undefined;
  return { n: Number(m[1]), fahrenheit: /f$/.test(m[2] ?? "") };
}

/** °F → °C to one decimal, as the chart's bands are written (100.4 °F → 38.0 °C). */
const celsiusFrom = (f: number) => Math.round(((f - 32) * 5) / 9 * 10) / 10;

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
 * The latest recorded value of each NEWS2 vital (observations newest first). Only the latest counts: when
 * it cannot be read (an unknown word, a temperature above 45 with no unit), the vital is left out, to be
 * measured, rather than an older reading standing in for a newer one. A temperature with a °F unit
 * ("°F", "degF", UCUM "[degF]") is converted to °C.
 */
export function latestRecordedVitals(k: News2Knowledge, obs: RecordObservation[]): Partial<Record<VitalName, RecordedVital>> {
  const out: Partial<Record<VitalName, RecordedVital>> = {};
  for (const name of VITAL_NAMES) {
    const codes = k.record_codes[CODE_KEY[name]];
    const o = obs.find((x) => codes.includes(x.code));
    if (!o) continue;
    let value: number | boolean | Consciousness | undefined;
    if (name === "consciousness") value = parseConsciousness(o.value);
    else if (name === "supplementalOxygen") value = parseOxygen(o.value);
    else {
      const r = parseRecordedNumber(name, o.value);
      if (r && name === "temperature") {
        const fahrenheit = r.fahrenheit || /(?:^|[^a-z])(?:°\s*f|deg\s*f|\[degf\]|f)$/i.test((o.unit ?? "").trim());
        const c = fahrenheit ? celsiusFrom(r.n) : r.n;
        value = c >= 25 && c <= 45 ? c : undefined;
      } else if (r) value = Math.round(r.n);
    }
    if (value === undefined) continue;
    out[name] = { value, display: o.unit ? `${o.value} ${o.unit}` : o.value, date: o.date };
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
