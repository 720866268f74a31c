/**
 * Vital signs as clinicians write them in a note ("T 38.6", "Temp 37.2°C", "PR 132", "HR 96 bpm", "RR 28",
 * "SpO2 92% on RA", "BP 128/76", "GCS 14/15", "Wt 62kg"), with their values. Only plausible values are kept
 * (outside these ranges the number is something else: "T2DM", "hr" as hours, a date). The SOAP note shows
 * them beside the recorded vitals as written in the notes, never as recorded observations; the copilot reads
 * the same numbers among the symptoms against its thresholds (copilot/measurements.ts).
 */
export type WrittenVitalKind = "temperature" | "pulse" | "respiratoryRate" | "spo2" | "bloodPressure" | "gcs" | "weight";

export interface WrittenVital {
  kind: WrittenVitalKind;
  value: number;
  /** The diastolic pressure of a blood pressure. */
  diastolic?: number;
  /** Offset in the text, for ordering and for the note section it stands in. */
  at: number;
}

const NUMBER = String.raw`(\d{1,3}(?:\.\d+)?)`;
const SAID = String.raw`\s*(?:of|is|was|=|:|-)?\s*`;
const PATTERNS: { kind: Exclude<WrittenVitalKind, "bloodPressure">; re: RegExp; range: [number, number] }[] = [
  { kind: "temperature", re: new RegExp(String.raw`\b(?:t|temp|tmp|temperature|axillary temp(?:erature)?)${SAID}${NUMBER}`, "gi"), range: [30, 45] },
  { kind: "temperature", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*(?:°\s*c?|℃|deg(?:rees?)?\s*c(?:elsius)?\b)`, "gi"), range: [30, 45] },
  // "breathing fast, 60 per min", "breaths 48 bpm": a rate after a breathing word is the respiratory rate, not a pulse.
  { kind: "respiratoryRate", re: new RegExp(String.raw`\bbreath\w*\b[^\d,;]{0,30}?${NUMBER}\s*(?:\/\s*min|per\s*min|bpm)`, "gi"), range: [4, 150] },
  // Not "1 hr 30 min": an "hr" after a number is hours.
  { kind: "pulse", re: new RegExp(String.raw`(?<!\d\s{0,2})\b(?:pulse(?:\s*rate)?|pr|hr|heart\s*rate)${SAID}${NUMBER}`, "gi"), range: [20, 300] },
  { kind: "pulse", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*(?:bpm|b\/min|beats\s*(?:\/|per)\s*min)`, "gi"), range: [20, 300] },
  { kind: "respiratoryRate", re: new RegExp(String.raw`\b(?:rr|resp(?:iratory)?\s*rate|resps?|respirations?)${SAID}${NUMBER}`, "gi"), range: [4, 150] },
  { kind: "respiratoryRate", re: new RegExp(String.raw`(?<![\d.])${NUMBER}\s*breaths?\b`, "gi"), range: [4, 150] },
  { kind: "spo2", re: new RegExp(String.raw`\b(?:sp[o0]2|sao2|o2\s*sat(?:uration)?s?|sats?|oxygen\s*saturation|saturation)${SAID}(?:on\s*(?:room\s*)?air\s*)?${NUMBER}\s*%?`, "gi"), range: [30, 100] },
  { kind: "gcs", re: new RegExp(String.raw`\bgcs${SAID}${NUMBER}(?:\s*\/\s*15)?`, "gi"), range: [3, 15] },
  { kind: "weight", re: new RegExp(String.raw`\b(?:wt|weight|weighs?)${SAID}${NUMBER}\s*kgs?\b`, "gi"), range: [0.3, 350] },
];
const BLOOD_PRESSURE = /\b(?:bp|b\/p|blood pressure)\s*(?:of|is|was|=|:|-)?\s*(\d{2,3})\s*\/\s*(\d{2,3})/gi;

/** Every plausible vital written in `text`, in the order written (one reading per position). */
export function readWrittenVitals(text: string): WrittenVital[] {
  const found = new Map<number, WrittenVital>();
  for (const { kind, re, range } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const value = Number(m[1]);
      const at = m.index + m[0].indexOf(m[1]);
      if (value >= range[0] && value <= range[1] && !found.has(at)) found.set(at, { kind, value, at });
    }
  }
  for (const m of text.matchAll(BLOOD_PRESSURE)) {
    const [systolic, diastolic] = [Number(m[1]), Number(m[2])];
    const at = m.index + m[0].indexOf(m[1]);
    if (systolic > diastolic && systolic <= 300 && diastolic >= 20) found.set(at, { kind: "bloodPressure", value: systolic, diastolic, at });
  }
  return [...found.values()].sort((a, b) => a.at - b.at);
}
