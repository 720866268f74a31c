import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import type { ParsedFrequency } from "./medication-schedule.frequency.js";

/**
 * Dosing-slot notation (session 18): the units at each time of day, morning-midday-evening ("1-0-1", "1+1+1",
 * "½-0-½", "8-0-0") or morning-midday-evening-night ("1-1-1-1", "0-0-0-1"), as written on outpatient prescriptions
 * and dispensing labels. The slots give when and how many; the times are the frequency's own ward times
 * (knowledge/administration-times.json), never new clock times. Read only when every slot given has the same
 * amount and the slots make a standard frequency; anything else is unparseable with the reason.
 */

const AMOUNT = String.raw`(?:\d+(?:\.\d+)?|½|¼|1\/2|1\/4)`;
const SLOTS = new RegExp(String.raw`^${AMOUNT}(?:\s*-\s*${AMOUNT}){2,3}$|^${AMOUNT}(?:\s*\+\s*${AMOUNT}){2,3}$`);
const FRACTIONS: Record<string, number> = { "½": 0.5, "¼": 0.25, "1/2": 0.5, "1/4": 0.25 };
const amountOf = (a: string) => FRACTIONS[a] ?? Number(a);

/** The frequency each set of given slots makes (slot indices: 0 morning, 1 midday, 2 evening, 3 night in the four-slot form). */
const SLOT_FREQUENCIES: Record<string, string> = {
  "3:0": "once_daily",
  "3:2": "once_daily_night",
  "3:0,2": "twice_daily",
  "3:0,1,2": "three_times_daily",
  "4:0": "once_daily",
  "4:2": "once_daily_night",
  "4:3": "once_daily_night",
  "4:0,2": "twice_daily",
  "4:0,3": "twice_daily",
  "4:0,1,2": "three_times_daily",
  "4:0,1,2,3": "four_times_daily",
};

/** The units at each slot ("1-0-1" → [1, 0, 1]), or null when the text is not slot notation. */
export function slotAmounts(s: string): number[] | null {
  if (!SLOTS.test(s)) return null;
  return s.split(/\s*[-+]\s*/).map(amountOf);
}

/** A frequency written in dosing slots, read as its standard frequency with the slot's units a dose; null when not slot notation. */
export function parseDosingSlots(k: AdministrationTimes, text: string, s: string, courseDays: number | null, instruction: string | null): ParsedFrequency | null {
  const amounts = slotAmounts(s);
  if (!amounts) return null;
  const given = amounts.map((a, i) => (a > 0 ? i : -1)).filter((i) => i >= 0);
  const units = new Set(given.map((i) => amounts[i]));
  const id = SLOT_FREQUENCIES[`${amounts.length}:${given.join(",")}`];
  const f = id ? k.frequencies.find((x) => x.id === id) : undefined;
  if (f && units.size === 1) return { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction, unitsPerDose: [...units][0] };
  // Different amounts at different times ("2-1-0", "1-0-2"), or slots with no standard frequency (morning and
  // midday): each slot's amount at its time of day (session 20); the day's total is their sum.
  const times = slotTimes(k, amounts.length);
  if (!times || given.length === 0) {
    return { kind: "unparseable", reason: `"${text.trim()}": dosing slots (morning-midday-evening[-night]) with no dose at any time: write the frequency as e.g. bd, tds` };
  }
  return timedSchedule(k, amounts.length, given.map((i) => ({ slot: i, time: times[i], amount: amounts[i], unit: null })), courseDays, instruction);
}

/**
 * The ward time of each part of the day, from the standard frequencies' own times (knowledge/administration-times.json):
 * morning = once daily, midday = the middle dose of tds, evening = the second dose of bd, night = nocte. Three slots
 * are morning-midday-evening, four add the night. Null when a frequency is missing from the knowledge.
 */
function slotTimes(k: AdministrationTimes, slots: number): string[] | null {
  const at = (id: string, i: number) => k.frequencies.find((x) => x.id === id)?.times[i];
  const all = [at("once_daily", 0), at("three_times_daily", 1), at("twice_daily", 1), at("once_daily_night", 0)];
  if (all.some((t) => t === undefined)) return null;
  return (slots === 3 ? all.slice(0, 3) : all) as string[];
}

/**
 * One dose at each time, sorted by time. Slots that make a standard frequency (morning and night: bd) take its
 * pattern and times, as equal slots do; others keep their part of the day's time, pattern "timed_doses_N_a_day".
 */
function timedSchedule(k: AdministrationTimes, slots: number, doses: (DoseAtTime & { slot: number })[], courseDays: number | null, instruction: string | null): ParsedFrequency {
  const bySlot = [...doses].sort((a, b) => a.slot - b.slot);
  const id = SLOT_FREQUENCIES[`${slots}:${bySlot.map((d) => d.slot).join(",")}`];
  const f = id ? k.frequencies.find((x) => x.id === id && x.times.length === bySlot.length) : undefined;
  const placed = f ? bySlot.map((d, i) => ({ ...d, time: f.times[i] })) : bySlot;
  const sorted = placed.map(({ time, amount, unit }) => ({ time, amount, unit })).sort((a, b) => a.time.localeCompare(b.time));
  return { kind: "scheduled", pattern: f?.id ?? `timed_doses_${sorted.length}_a_day`, times: sorted.map((d) => d.time), courseDays, instruction, doseAtTimes: sorted };
}

/** A dose at one time of the day: `amount` of `unit` ("10 u" mane), or `unit` null: that many of the prescribed dose's units (the "2" of "2-1-0"). */
export interface DoseAtTime { time: string; amount: number; unit: string | null }

/** Parts of the day as written with a dose ("10U mane 6U nocte", "20 units am, 10 units pm", "1 tab asubuhi 2 usiku"): slot index as in slotTimes' four. */
const PART_OF_DAY: Record<string, number> = {
  mane: 0, am: 0, morning: 0, "in the morning": 0, "every morning": 0, om: 0, asubuhi: 0, "before breakfast": 0, "with breakfast": 0,
  midday: 1, noon: 1, "at noon": 1, lunch: 1, "at lunch": 1, "before lunch": 1, "with lunch": 1, mchana: 1,
  evening: 2, pm: 2, "in the evening": 2, supper: 2, dinner: 2, breakfast: 0, "before supper": 2, "with supper": 2, "before dinner": 2, "with dinner": 2, jioni: 2,
  nocte: 3, night: 3, "at night": 3, "at bedtime": 3, bedtime: 3, hs: 3, on: 3, usiku: 3,
};
const TIMED_UNIT = String.raw`(u|units?|iu|tabs?|tablets?|caps?|capsules?|puffs?|mg|g|mcg|ml)`;
const TIMED_PART = new RegExp(String.raw`^(\d+(?:\.\d+)?|½|1\/2)\s*${TIMED_UNIT}?\s*(?:in the |at |every )?(${Object.keys(PART_OF_DAY).sort((a, b) => b.length - a.length).join("|")})$|^(${Object.keys(PART_OF_DAY).sort((a, b) => b.length - a.length).join("|")})\s*:?\s*(\d+(?:\.\d+)?|½|1\/2)\s*${TIMED_UNIT}?$`);
const UNIT_NAMES: Record<string, string> = { units: "u", unit: "u", tablets: "tab", tablet: "tab", tabs: "tab", capsules: "cap", capsule: "cap", caps: "cap", puff: "puffs" };

/**
 * A dose for each time of day written in one text (session 20): "10U mane 6U nocte", "20 units am, 10 units pm",
 * "1 tab mane, 2 tabs nocte", "500mg morning and 1g at night", "asubuhi 2 usiku 1": each amount at its part of the
 * day's ward time (slotTimes), at least two different parts. Null when the text is not written so.
 */
export function parseTimedDoses(k: AdministrationTimes, s: string, courseDays: number | null, instruction: string | null): ParsedFrequency | null {
  const parts = s.trim().toLowerCase().split(/\s*(?:,|;|\+|&|\band\b)\s*|\s+(?=\d+(?:\.\d+)?\s*[a-z]*\s+(?:mane|nocte|am|pm)\b)/).filter(Boolean);
  if (parts.length < 2) return null;
  const times = slotTimes(k, 4);
  if (!times) return null;
  const doses: (DoseAtTime & { slot: number })[] = [];
  const seen = new Set<number>();
  for (const p of parts) {
    const m = TIMED_PART.exec(p);
    if (!m) return null;
    const [amountText, unitText, partText] = m[1] !== undefined ? [m[1], m[2], m[3]] : [m[5], m[6], m[4]];
    const slot = PART_OF_DAY[partText];
    if (seen.has(slot)) return null;
    seen.add(slot);
    const amount = amountText === "½" || amountText === "1/2" ? 0.5 : Number(amountText);
    const unit = unitText ? UNIT_NAMES[unitText] ?? unitText : null;
    if (amount > 0) doses.push({ slot, time: times[slot], amount, unit });
  }
  return doses.length ? timedSchedule(k, 4, doses, courseDays, instruction) : null;
}

/**
 * Parts of the day named as the frequency, two or more joined ("morning and evening", "before breakfast and supper",
 * "mane & nocte"): the standard frequency those slots make (morning and evening or night: bd; morning, midday and
 * evening: tds), at its times. Null when the text is not written so, or the slots make no standard frequency.
 */
export function parsePartsOfDay(k: AdministrationTimes, s: string, courseDays: number | null, instruction: string | null): ParsedFrequency | null {
  const parts = s.trim().toLowerCase().split(/\s*(?:,|;|\+|&|\band\b)\s*/).filter(Boolean);
  if (parts.length < 2 || parts.some((p) => PART_OF_DAY[p] === undefined)) return null;
  const slots = [...new Set(parts.map((p) => PART_OF_DAY[p]))].sort((a, b) => a - b);
  if (slots.length !== parts.length) return null;
  const id = SLOT_FREQUENCIES[`4:${slots.join(",")}`];
  const f = id ? k.frequencies.find((x) => x.id === id) : undefined;
  return f ? { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction } : null;
}

/** A split dose in units written "a/b" ("20/10 units", "Mixtard 24/12 IU"): the first amount at the first time, the second at the second. */
const SPLIT_UNITS = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*(u|units?|iu)\b/i;

/** A twice-a-day schedule with its dose written "a/b units": each time's amount (session 20); anything else unchanged. */
export function splitUnitsAtTimes(parsed: ParsedFrequency, dose: string | null | undefined): ParsedFrequency {
  const m = dose ? SPLIT_UNITS.exec(dose.trim()) : null;
  if (!m || parsed.kind !== "scheduled" || parsed.times.length !== 2 || parsed.doseAtTimes || parsed.steps || parsed.everyDays) return parsed;
  return { ...parsed, doseAtTimes: [{ time: parsed.times[0], amount: Number(m[1]), unit: "u" }, { time: parsed.times[1], amount: Number(m[2]), unit: "u" }] };
}
