import { readWrittenGlucose, readWrittenVitals, type WrittenVital } from "../extraction/written-vitals.js";
import { durationDays } from "./durations.js";

/**
 * Numbers clinicians write among the symptoms ("T 38.6", "RR 56/min", "PR 132", "SpO2 86%", "BP 168/112",
 * "LMP 7 weeks ago", "34/40", "20% TBSA"), read as the symptom ids their thresholds in symptoms.json `measurements`
 * name. The thresholds are data with their sources; the vital signs are read as the SOAP note reads them
 * (extraction/written-vitals.ts); this file finds the rest and applies the thresholds.
 */
/**
 * A rate read against the bands of the patient's age (whole years); no band: the rate is left unread. A band may
 * name its own symptom for a rate up to max_rate (NEWS2 scores a pulse of 111-130 2, not 3: a raised pulse, not
 * tachycardia), so one age can have a raised and a red band.
 */
interface AgeBandedRate {
  symptom: string;
  bands: { min_age?: number; max_age?: number; min_rate: number; max_rate?: number; symptom?: string; source: string }[];
}

export interface MeasurementRules {
  temperature: { symptom: string; min_celsius: number; plausible_celsius: [number, number]; source: string };
  respiratory_rate: AgeBandedRate;
  pulse: AgeBandedRate;
  oxygen_saturation: { symptom: string; below_percent: number; source: string };
  /** Highest first: the first band whose systolic or diastolic minimum is reached names the reading. */
  blood_pressure: { symptom: string; systolic_min: number; diastolic_min: number; source: string }[];
  low_blood_pressure: { symptom: string; systolic_below: number; source: string };
  last_menstrual_period: { symptom: string; min_days: number; source: string };
  gestational_age: { symptom: string; min_weeks: number; also: string[]; source: string };
  /** A burn's extent in % of body surface, against the band of the patient's age. */
  burn_extent?: { symptom: string; bands: { min_age?: number; max_age?: number; min_percent: number; source: string }[] };
  /** A temperature below the band's limit for the patient's age (whole years) is hypothermia. */
  low_temperature?: { symptom: string; bands: { min_age?: number; max_age?: number; below_celsius: number; source: string }[] };
  /** A written blood glucose ("RBS 28", "FBS 7.2", "RBS HI") at or above min_mmol_l (mg/dL above mg_dl_above are converted). */
  blood_glucose?: { symptom: string; min_mmol_l: number; mg_dl_above: number; meter_high_words: string[]; source: string };
  /** An infant's age written in the text ("3 weeks old", "10-day-old", "now 5 wks") up to max_days, read only at age 0. */
  young_infant_age?: { symptom: string; max_days: number; source: string };
  /** The same written age up to max_days ("1 day old", "day 1 of life", "18 hours old") is the first day of life, at age 0 only. */
  first_day_age?: { symptom: string; max_days: number; source: string };
  /** A capillary refill time in seconds ("CRT 4 s", "capillary refill >3 sec") above above_seconds. */
  capillary_refill?: { symptom: string; above_seconds: number; source: string };
  /** A MUAC (cm; extraction/written-vitals.ts reads mm as cm) below below_cm, or the tape's colour word, at ages min_age-max_age. */
  muac?: { symptom: string; below_cm: number; min_age: number; max_age: number; tape_colour_words: string[]; source: string };
}

export interface MeasuredFindings {
  /** Symptom ids the numbers amount to. */
  ids: string[];
  /** A measurement was read (even a normal one): the entry is assessed, not unread. */
  read: boolean;
}

const LMP = /\bl(?:n)?mp\b(.*)/i;
const GESTATION = [
  /(?<![\d/])(\d{1,2})\s*\/\s*40\b/g,
  /(?<![\d/])(\d{1,2})\s*(?:\/\s*52|weeks?|wks?)\s*(?:pregnant|gestation|of gestation|of pregnancy|amenorrh)/gi,
  /\b(?:ga|gestational age|gestation)\s*(?:of|[:=])?\s*(\d{1,2})\b/gi,
];

// "20% TBSA", "BSA 12%", "15% burns", "burns of 30%": a percentage written with the words of a burn's extent.
const BURN_EXTENT = [
  /(?<![\d.])(\d{1,3})\s*%\s*(?:of\s*)?(?:t?bsa|total body surface(?: area)?|body surface(?: area)?|burns?|burnt|scalds?)\b/gi,
  /\b(?:t?bsa|body surface area|burns?|scalds?)\s*(?:of|is|was|about|approx\.?|[:=~])?\s*(?:about\s*)?(\d{1,3})\s*%/gi,
];

// "3 weeks old", "10-day-old", "aged 5 wks", "18 hours old", "day 3 of life": an infant's age in hours, days, weeks or
// months ("now 3 weeks" may be how long an illness has lasted, so only "old", "aged" or "of life" marks an age).
const INFANT_AGE = [
  /\b(\d{1,2})\s*-?\s*(hours?|hrs?|days?|weeks?|wks?|months?|mths?)\s*-?\s*old\b/gi,
  // East African shorthand: "2/52 old" (weeks), "3/7 old" (days), "8/12 old" (months); only with "old".
  /\b(\d{1,2})\s*\/\s*(52|12|7)\s*-?\s*old\b/gi,
  /\baged?\s*(\d{1,2})\s*-?\s*(days?|weeks?|wks?|months?|mths?)\b/gi,
  /\bday\s*(\d{1,2})\s*of\s*(life)\b/gi,
];
const DAYS_PER_UNIT: Record<string, number> = { h: 1 / 24, d: 1, l: 1, w: 7, m: 30 };
/** The denominator of "2/52", "3/7", "8/12" as the unit it counts. */
const FRACTION_UNIT: Record<string, string> = { "52": "w", "7": "d", "12": "m" };

// "CRT 4 s", "capillary refill 4 seconds", "cap refill >3sec", "CRT more than 3 seconds": a capillary refill time;
// "CRT" alone needs its seconds (it also names a cardiac device).
const CAPILLARY_REFILL = [
  /\bcap(?:illary)?\s*refill(?:\s*time)?\s*(?:of|is|was|=|:|-)?\s*(>|more than|over|greater than|longer than)?\s*(\d{1,2}(?:\.\d)?)\s*(?:s\b|secs?\b|seconds?\b)?/gi,
  /\bcrt\s*(?:of|is|was|=|:|-)?\s*(>|more than|over|greater than|longer than)?\s*(\d{1,2}(?:\.\d)?)\s*(?:s|secs?|seconds?)\b/gi,
];
/** "MUAC red", "MUAC: red zone", "MUAC 10.9 (red)": the tape's colour word after "MUAC". */
const MUAC_COLOUR = /\bmuac\b[^,;.\d]{0,12}(?:[\d.]+\s*(?:cm|mm)?\s*)?\(?\s*\b([a-z]+)\b/gi;
/**
 * "RR 56 bpm", "resp rate 48 bpm": after a respiratory-rate name "bpm" is breaths, not beats, a minute (the vital
 * reader takes a number before "bpm" as a pulse). The unit is written "/min" there before the vitals are read.
 */
const RESPIRATORY_BPM = /\b(rr|resp(?:iratory)?\s*rate|resps?|respirations?)(\s*(?:of|is|was|=|:|-)?\s*\d{1,3})\s*bpm\b/gi;
const withBreathsPerMinute = (text: string) => text.replace(RESPIRATORY_BPM, "$1$2/min");
/** Glucose: 1 mmol/L = 18 mg/dL (molar mass 180 g/mol). */
const MG_DL_PER_MMOL_L = 18;

const valuesOf = (res: RegExp[], text: string) => res.flatMap((re) => [...text.matchAll(re)].map((m) => Number(m[1])));
const inAgeBand = (b: { min_age?: number; max_age?: number }, age: number) => (b.min_age === undefined || age >= b.min_age) && (b.max_age === undefined || age <= b.max_age);

/** The symptom ids a temperature, respiratory rate, blood pressure, LMP, gestational age or burn extent in `text` amounts to. */
export function readMeasurements(rules: MeasurementRules | undefined, text: string, age: number | undefined): MeasuredFindings {
  const ids = new Set<string>();
  let read = false;
  if (!rules) return { ids: [], read };
  const written = readWrittenVitals(withBreathsPerMinute(text));
  const valuesOfKind = (kind: WrittenVital["kind"]) => written.filter((w) => w.kind === kind).map((w) => w.value);
  const t = rules.temperature;
  for (const celsius of valuesOfKind("temperature").filter((v) => v >= t.plausible_celsius[0] && v <= t.plausible_celsius[1])) {
    read = true;
    if (celsius >= t.min_celsius) ids.add(t.symptom);
  }
  for (const [rule, kind] of [[rules.respiratory_rate, "respiratoryRate"], [rules.pulse, "pulse"]] as const) {
    const rate = readRate(rule, valuesOfKind(kind), age);
    read ||= rate.read;
    rate.ids.forEach((id) => ids.add(id));
  }
  const o2 = rules.oxygen_saturation;
  for (const percent of valuesOfKind("spo2")) {
    read = true;
    if (percent < o2.below_percent) ids.add(o2.symptom);
  }
  for (const { value: systolic, diastolic } of written.filter((w) => w.kind === "bloodPressure")) {
    read = true;
    const level = rules.blood_pressure.find((b) => systolic >= b.systolic_min || diastolic! >= b.diastolic_min);
    if (level) ids.add(level.symptom);
    if (systolic < rules.low_blood_pressure.systolic_below) ids.add(rules.low_blood_pressure.symptom);
  }
  const lmp = LMP.exec(text);
  const sinceLmp = lmp ? durationDays(lmp[1]) : undefined;
  if (sinceLmp !== undefined) {
    read = true;
    if (sinceLmp >= rules.last_menstrual_period.min_days) ids.add(rules.last_menstrual_period.symptom);
  }
  const g = rules.gestational_age;
  for (const weeks of valuesOf(GESTATION, text).filter((w) => w >= 4 && w <= 44)) {
    read = true;
    for (const id of g.also) ids.add(id);
    if (weeks >= g.min_weeks) ids.add(g.symptom);
  }
  const burn = rules.burn_extent;
  const band = burn && age !== undefined ? burn.bands.find((b) => inAgeBand(b, age)) : undefined;
  for (const percent of valuesOf(BURN_EXTENT, text).filter((v) => v > 0 && v <= 100)) {
    read = true;
    if (band && percent >= band.min_percent) ids.add(burn!.symptom);
  }
  const cold = rules.low_temperature;
  const coldBand = cold && age !== undefined ? cold.bands.find((b) => inAgeBand(b, age)) : undefined;
  for (const celsius of valuesOfKind("temperature").filter((v) => v >= t.plausible_celsius[0] && v <= t.plausible_celsius[1])) {
    if (coldBand && celsius < coldBand.below_celsius) ids.add(cold!.symptom);
  }
  const glucose = readGlucose(rules.blood_glucose, text);
  read ||= glucose.read;
  glucose.ids.forEach((id) => ids.add(id));
  // An infant's written age is read (the entry is assessed) even when it is past the young-infant limit.
  if (age === 0 && infantAgesInDays(text).length) read = true;
  for (const rule of [rules.young_infant_age, rules.first_day_age]) {
    if (rule && age === 0 && infantAgesInDays(text).some((d) => d <= rule.max_days)) {
      read = true;
      ids.add(rule.symptom);
    }
  }
  const crt = rules.capillary_refill;
  if (crt) {
    for (const re of CAPILLARY_REFILL) {
      for (const m of text.matchAll(re)) {
        const seconds = Number(m[2]);
        if (!(seconds > 0 && seconds <= 20)) continue;
        read = true;
        if (seconds > crt.above_seconds || (m[1] && seconds >= crt.above_seconds)) ids.add(crt.symptom);
      }
    }
  }
  const muac = rules.muac;
  if (muac && age !== undefined && age >= muac.min_age && age <= muac.max_age) {
    for (const cm of valuesOfKind("muac")) {
      read = true;
      if (cm < muac.below_cm) ids.add(muac.symptom);
    }
    for (const m of text.matchAll(MUAC_COLOUR)) {
      if (!muac.tape_colour_words.includes(m[1].toLowerCase())) continue;
      read = true;
      ids.add(muac.symptom);
    }
  }
  return { ids: [...ids], read };
}

/**
 * A written blood glucose (extraction/written-vitals.ts) against its threshold: mg/dL converted to mmol/L (a
 * number without its unit above mg_dl_above is mg/dL); a meter's "HI" is above its range, so high.
 */
function readGlucose(rule: MeasurementRules["blood_glucose"], text: string): MeasuredFindings {
  if (!rule) return { ids: [], read: false };
  let read = false;
  let high = false;
  for (const g of readWrittenGlucose(text)) {
    if (!("value" in g)) {
      if (rule.meter_high_words.includes(g.word)) read = high = true;
      continue;
    }
    if (g.value <= 0) continue;
    read = true;
    const inMgDl = g.unit === "mg/dL" || (g.unit === undefined && g.value > rule.mg_dl_above);
    if ((inMgDl ? g.value / MG_DL_PER_MMOL_L : g.value) >= rule.min_mmol_l) high = true;
  }
  return { ids: high ? [rule.symptom] : [], read };
}

/** Ages written in the text, in days ("6 weeks old" = 42). */
function infantAgesInDays(text: string): number[] {
  return INFANT_AGE.flatMap((re) => [...text.matchAll(re)].map((m) => Number(m[1]) * DAYS_PER_UNIT[(FRACTION_UNIT[m[2]] ?? m[2])[0].toLowerCase()]));
}

/** Rates read against the bands of the patient's age: unknown age or no band leaves them unread. */
function readRate(rule: AgeBandedRate, rates: number[], age: number | undefined): MeasuredFindings {
  const bands = age === undefined ? [] : rule.bands.filter((b) => inAgeBand(b, age));
  if (!bands.length || !rates.length) return { ids: [], read: false };
  const inBand = (b: AgeBandedRate["bands"][number]) => rates.some((r) => r >= b.min_rate && (b.max_rate === undefined || r <= b.max_rate));
  return { ids: [...new Set(bands.filter(inBand).map((b) => b.symptom ?? rule.symptom))], read: true };
}
