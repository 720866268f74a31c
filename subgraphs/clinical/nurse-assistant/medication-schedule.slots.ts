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
  if (!f || units.size !== 1) {
    return { kind: "unparseable", reason: `"${text.trim()}": dosing slots (morning-midday-evening[-night]) with ${units.size > 1 ? "different amounts at different times" : "no standard set of times"}: write each time's dose on its own line, or the frequency as e.g. bd, tds` };
  }
  return { kind: "scheduled", pattern: f.id, times: f.times, courseDays, instruction, unitsPerDose: [...units][0] };
}
