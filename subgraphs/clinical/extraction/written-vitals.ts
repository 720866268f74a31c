/**
 * Vital signs as clinicians write them in a note ("T 38.6", "Temp 37.2°C", "PR 132", "HR 96 bpm", "RR 28",
 * "SpO2 92% on RA", "BP 128/76", "GCS 14/15", "GCS E3V4M5", "Wt 62kg", "MUAC 11.5cm", "Ht 165cm", "RBS 14.2"),
 * with their values. Only plausible values are kept (outside these ranges the number is something else: "T2DM",
 * "hr" as hours, a date). The SOAP note shows them beside the recorded vitals as written in the notes, never as
 * recorded observations; the copilot reads the same numbers among the symptoms against its thresholds
 * (copilot/measurements.ts).
 */
export type WrittenVitalKind = "temperature" | "pulse" | "respiratoryRate" | "spo2" | "bloodPressure" | "gcs" | "weight" | "height" | "muac" | "glucose";

export interface WrittenVital {
  kind: WrittenVitalKind;
  value: number;
  /** The diastolic pressure of a blood pressure. */
  diastolic?: number;
  /** A glucose's unit when written ("mmol/L", "mg/dL"); other kinds are in one unit (°C, /min, %, mmHg, kg, cm). */
  unit?: string;
  /** Offset in the text, for ordering and for the note section it stands in. */
  at: number;
}

const NUMBER = String.raw`(\d{1,3}(?:\.\d+)?)`;
const SAID = String.raw`\s*(?:of|is|was|=|:|-)?\s*`;
/** "Weight today 9.4kg", "temp now 38.9": a word of when between the name and its number. */
const WHEN_WORDS = String.raw`today|now|on\s+admission|this\s+visit|leo`;
const WHEN = String.raw`(?:\s*(?:${WHEN_WORDS}))?`;
/** Read a number in one unit: a length in mm or m becomes cm ("MUAC 115mm", "Ht 1.65m"). */
const CENTIMETRES: Record<string, number> = { mm: 0.1, cm: 1, m: 100 };
type Pattern = { kind: Exclude<WrittenVitalKind, "bloodPressure" | "glucose">; re: RegExp; range: [number, number]; toUnit?: (unit: string | undefined) => number };
const PATTERNS: Pattern[] = [
  { kind: "temperature", re: new RegExp(String.raw`\b(?:t|temp|tmp|temperature|axillary temp(?:erature)?|joto(?:\s+la\s+mwili)?)${WHEN}${SAID}${NUMBER}`, "gi"), range: [30, 45] },
  { kind: "temperature", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*(?:°\s*c?|℃|deg(?:rees?)?\s*c(?:elsius)?\b)`, "gi"), range: [30, 45] },
  // "breathing fast, 60 per min", "breaths 48 bpm": a rate after a breathing word is the respiratory rate, not a pulse.
  { kind: "respiratoryRate", re: new RegExp(String.raw`\bbreath\w*\b[^\d,;]{0,30}?${NUMBER}\s*(?:\/\s*min|per\s*min|bpm)`, "gi"), range: [4, 150] },
  // "PR" and "pulse" are never hours: "T 36.9 PR 106".
  { kind: "pulse", re: new RegExp(String.raw`\b(?:pulse(?:\s*rate)?|pr|heart\s*rate|mapigo(?:\s+ya\s+moyo)?|pigo\s+la\s+moyo)${WHEN}${SAID}${NUMBER}`, "gi"), range: [20, 300] },
  // Not "1 hr 30 min": an "hr" after a whole number is hours ("T 38.2 HR 120" after a decimal is a pulse).
  { kind: "pulse", re: new RegExp(String.raw`(?<!(?:^|[^\d.])\d+\s{0,2})\bhr${SAID}${NUMBER}(?![\d.]*\s*(?:min|mins|minutes)\b)`, "gi"), range: [20, 300] },
  // Before the bare "N bpm" below: "RR 56 bpm" is a respiratory rate whatever unit follows (the label decides).
  { kind: "respiratoryRate", re: new RegExp(String.raw`\b(?:rr|resp(?:iratory)?\s*rate|resps?|respirations?|kupumua|pumzi)${WHEN}${SAID}${NUMBER}`, "gi"), range: [4, 150] },
  { kind: "pulse", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*(?:bpm|b\/min|beats\s*(?:\/|per)\s*min)`, "gi"), range: [20, 300] },
  { kind: "respiratoryRate", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*breaths?\b`, "gi"), range: [4, 150] },
  { kind: "spo2", re: new RegExp(String.raw`\b(?:sp[o0]2|sao2|o2\s*sat(?:uration)?s?|sats?|oxygen\s*saturation|saturation)${SAID}(?:on\s*(?:room\s*)?air\s*)?${NUMBER}\s*%?`, "gi"), range: [30, 100] },
  { kind: "gcs", re: new RegExp(String.raw`\bgcs${SAID}${NUMBER}(?:\s*\/\s*15)?`, "gi"), range: [3, 15] },
  { kind: "weight", re: new RegExp(String.raw`\b(?:wt|weight|weighs?|uzito)${WHEN}${SAID}${NUMBER}\s*(?:kgs?|kilos?|kilograms?)\b`, "gi"), range: [0.3, 350] },
  { kind: "height", re: new RegExp(String.raw`\b(?:ht|height|length)${SAID}${NUMBER}\s*(cm|m)\b`, "gi"), range: [20, 250], toUnit: (u) => CENTIMETRES[u!.toLowerCase()] },
  { kind: "muac", re: new RegExp(String.raw`\bmuac${SAID}${NUMBER}\s*(cm|mm)?(?![\w\/])`, "gi"), range: [5, 50], toUnit: (u) => CENTIMETRES[(u ?? "cm").toLowerCase()] },
];
/**
 * A temperature written in °F ("T 101.3F", "Temp 102 °F", "100.4 degrees Fahrenheit"), charted in °C to one decimal:
 * a note from a clinic whose thermometer reads °F. Only with the F written: a bare "T 101" stays unread (30-45 °C).
 */
const FAHRENHEIT_UNIT = String.raw`\s*(?:°\s*f|℉|deg(?:rees?)?\s*f(?:ahrenheit)?|f(?:ahrenheit)?)(?![\w\/])`;
const FAHRENHEIT = [
  new RegExp(String.raw`\b(?:t|temp|tmp|temperature|axillary temp(?:erature)?|joto(?:\s+la\s+mwili)?)${WHEN}${SAID}${NUMBER}${FAHRENHEIT_UNIT}`, "gi"),
  new RegExp(String.raw`(?<![\d.])${NUMBER}\s*(?:°\s*f|℉|deg(?:rees?)?\s*f(?:ahrenheit)?)(?![\w\/])`, "gi"),
];
/** 30-45 °C, the range a written temperature in °C is read in. */
const FAHRENHEIT_RANGE: [number, number] = [86, 113];
const celsiusOf = (fahrenheit: number) => Math.round(((fahrenheit - 32) * 5) / 9 * 10) / 10;

/**
 * "BP 128/76", "BP today 150/95", "BP reading 158/98", "BP pre-dialysis 146/88": one word of when (or "reading", or
 * the session's before/after) may stand before the numbers; a dictated pressure says "over" ("blood pressure 128 over 78").
 */
const BLOOD_PRESSURE = new RegExp(String.raw`\b(?:bp|b\/p|blood pressure|shinikizo(?:\s+la\s+damu)?)(?:\s*(?:${WHEN_WORDS}|reading|(?:pre|post)-?\s*(?:session|dialysis|hd|op)))?${SAID}(\d{2,3})\s*(?:\/|over)\s*(\d{2,3})`, "gi");
/**
 * A pressure written without "BP": in mmHg ("150/95 mmHg"), on an arm ("146/88 L arm"), repeated ("repeat
 * 156/102", "rpt BP 150/96", "recheck 148/94") or as a reading ("reading 158/98"). A bare "2/52" or "1/12" (weeks,
 * months) is none of these.
 */
const REPEATED_BLOOD_PRESSURE = /\b(?:repeat(?:ed)?|rpt|re-?check(?:ed)?|2nd|second|readings?)\s*(?:bp\s*)?(?:after\s*\d{1,2}\s*(?:min(?:ute)?s?|hrs?|hours?)\s*)?(?:of|=|:|-)?\s*(\d{2,3})\s*\/\s*(\d{2,3})/gi;
const MMHG_BLOOD_PRESSURE = /(?<![\d\/.])(\d{2,3})\s*\/\s*(\d{2,3})(?=\s*(?:mm\s*hg|\(?\s*(?:l|r|left|right)\s*arm)\b)/gi;
/** "GCS E3V4M5" (no total written): the total of eye, verbal and motor (Teasdale & Jennett, Lancet 1974). */
const GCS_PARTS = new RegExp(String.raw`\bgcs${SAID}\(?E([1-4])\s*V([1-5])\s*M([1-6])`, "gi");
/**
 * "RBS 14.2", "FBS: 5.6 mmol/l", "blood sugar 180 mg/dl", "sugar level was 28", "RBS 'HI'": a glucose after its
 * name, in its unit when written, or the word written in its place (a meter's "HI"), read without taking it, so
 * "glucose RBS 14" still reads the RBS. Not "sugar 2+" or "glucose 1+" (a urine dipstick).
 */
const GLUCOSE = new RegExp(
  String.raw`\b(?:rbs|fbs|rbg|fbg|rpg|fpg|blood\s*(?:sugar|glucose)|glucose|sugar)(?:\s*(?:level|reading|${WHEN_WORDS}))?${SAID}['"‘’“”]?\s*(?:${NUMBER}(?![\d.]*\s*[+%])\s*(mmol\/l|mg\/dl)?|(?=([a-z]+)\b))`,
  "gi",
);
const GLUCOSE_RANGE: Record<string, [number, number]> = { "mmol/L": [0.5, 60], "mg/dL": [10, 1100] };

/** A glucose as written: its number (and unit when written), or the word in its place ("HI"), lower-cased. */
export type WrittenGlucose = { at: number } & ({ value: number; unit?: "mmol/L" | "mg/dL" } | { word: string });

/**
 * Every glucose written in `text`, unfiltered: the one reader of a written glucose. The SOAP note keeps the
 * plausible numbers (readWrittenVitals); the copilot reads them, and a meter's words, against its threshold.
 */
export function readWrittenGlucose(text: string): WrittenGlucose[] {
  return [...text.matchAll(GLUCOSE)].map((m) => {
    if (m[1] === undefined) return { word: m[3].toLowerCase(), at: m.index + m[0].length };
    const unit = m[2] ? (m[2].toLowerCase() === "mg/dl" ? ("mg/dL" as const) : ("mmol/L" as const)) : undefined;
    return { value: Number(m[1]), ...(unit ? { unit } : {}), at: m.index + m[0].indexOf(m[1]) };
  });
}
/**
 * "P 104", "R 26": a bare letter is a pulse or respiratory rate only beside another vital on its line
 * ("T=38.6 P 104 BP 110/70"), never "P1+0" (parity), "R 5cm" or a date.
 */
const BARE = [
  { kind: "pulse" as const, re: new RegExp(String.raw`\bp${SAID}${NUMBER}(?![\d.+\/]|\s*(?:cm|mm|kg|%|x\b))`, "gi"), range: [20, 300] as [number, number] },
  { kind: "respiratoryRate" as const, re: new RegExp(String.raw`\br${SAID}${NUMBER}(?![\d.+\/]|\s*(?:cm|mm|kg|%|x\b))`, "gi"), range: [4, 150] as [number, number] },
];
const NEIGHBOUR_CHARS = 40;

/**
 * A reading that is not the patient's now, by the words just before it: the fetus's heart ("FHR 146b/min", "FH 140"),
 * a weight at birth ("birth wt 3.1kg", "BWt"), or an earlier visit's ("prev wt", "last visit BP", "usual", "booking",
 * "pre-pregnancy"). Such a number is left to the note's text: shown as today's vital it would be wrong.
 */
const NOT_NOW_BEFORE = /\b(?:fhr?|fhs|fetal|foetal|f(?:o|oe|e)tus|birth|bwt|b\/wt|prev(?:ious)?|last\s+(?:visit|time|review|clinic|month|week)|usual|booking|pre-?pregnancy)\b[^\n\d;,.:]{0,14}$/i;
const NOT_NOW_AFTER = /^[^\n\d]{0,6}\bat\s+birth\b/i;
const BEFORE_CHARS = 28;

function notNow(text: string, start: number, end: number): boolean {
  return NOT_NOW_BEFORE.test(text.slice(Math.max(0, start - BEFORE_CHARS), start)) || NOT_NOW_AFTER.test(text.slice(end, end + 24));
}

/** Every plausible vital written in `text`, in the order written (one reading per position). */
export function readWrittenVitals(text: string): WrittenVital[] {
  const found = new Map<number, WrittenVital>();
  const add = (w: WrittenVital) => found.has(w.at) || found.set(w.at, w);
  // A position another reading's words stand on ("FHR 146b/min": not a pulse) is taken, and read as nothing.
  const skipped = new Set<number>();
  for (const { kind, re, range, toUnit } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      // As written ("Wt 3.05kg": 50 g matter in a newborn); a converted length to 0.01 cm, without float noise.
      const value = toUnit ? Math.round(Number(m[1]) * toUnit(m[2]) * 100) / 100 : Number(m[1]);
      const at = m.index + m[0].indexOf(m[1]);
      if (notNow(text, m.index, m.index + m[0].length)) skipped.add(at);
      else if (value >= range[0] && value <= range[1] && !skipped.has(at)) add({ kind, value, at });
    }
  }
  for (const re of FAHRENHEIT) {
    for (const m of text.matchAll(re)) {
      const fahrenheit = Number(m[1]);
      const at = m.index + m[0].indexOf(m[1]);
      if (fahrenheit >= FAHRENHEIT_RANGE[0] && fahrenheit <= FAHRENHEIT_RANGE[1] && !skipped.has(at) && !notNow(text, m.index, m.index + m[0].length)) add({ kind: "temperature", value: celsiusOf(fahrenheit), at });
    }
  }
  for (const m of text.matchAll(GCS_PARTS)) add({ kind: "gcs", value: Number(m[1]) + Number(m[2]) + Number(m[3]), at: m.index + m[0].indexOf(m[1]) - 1 });
  for (const g of readWrittenGlucose(text)) {
    if (!("value" in g)) continue;
    const [min, max] = GLUCOSE_RANGE[g.unit ?? "mmol/L"];
    if (g.value >= min && g.value <= max) add({ kind: "glucose", ...g });
  }
  for (const re of [BLOOD_PRESSURE, REPEATED_BLOOD_PRESSURE, MMHG_BLOOD_PRESSURE]) {
    for (const m of text.matchAll(re)) {
      const [systolic, diastolic] = [Number(m[1]), Number(m[2])];
      const at = m.index + m[0].indexOf(m[1]);
      if (systolic > diastolic && systolic >= 50 && systolic <= 300 && diastolic >= 20 && !notNow(text, m.index, m.index + m[0].length) && !found.has(at))
        found.set(at, { kind: "bloodPressure", value: systolic, diastolic, at });
    }
  }
  addBareLetters(text, found, skipped);
  return [...found.values()].sort((a, b) => a.at - b.at);
}

/** The bare-letter readings that stand on a line beside another reading. */
function addBareLetters(text: string, found: Map<number, WrittenVital>, skipped: ReadonlySet<number>): void {
  const others = [...found.values()];
  const besideAnother = (at: number) => others.some((w) => Math.abs(w.at - at) <= NEIGHBOUR_CHARS && !text.slice(Math.min(w.at, at), Math.max(w.at, at)).includes("\n"));
  for (const { kind, re, range } of BARE) {
    for (const m of text.matchAll(re)) {
      const value = Number(m[1]);
      const at = m.index + m[0].indexOf(m[1]);
      if (value >= range[0] && value <= range[1] && !found.has(at) && !skipped.has(at) && besideAnother(at) && !notNow(text, m.index, m.index + m[0].length)) found.set(at, { kind, value, at });
    }
  }
}
