import type { AdministrationTimes } from "../knowledge/knowledge.types.js";
import { weekdayIn } from "./weekly-frequency.js";

/**
 * Words written with a frequency that say how to give a dose, how long to go on, or the most a day, but not
 * when: taken off before the timing is read (session 18). How to give ("stat over 20 min", "4 hourly alternate
 * buttocks", "stat (DOT)", "slowly") becomes the nurse's instruction; an open end ("od till delivery", "until
 * review") leaves the course open, never guessed; a written maximum ("q6h prn max 8/day", "tds prn, max 6
 * tabs/24 hrs", "not more than 4 doses in 24 hours") is kept as `maxPerDay` for the dose check.
 */
export interface Directions {
  rest: string;
  /** How to give, as written ("over 20 min", "alternate buttocks", "dot"). */
  directions: string[];
  /** An open end was written ("till delivery", "until review"): the course is open on purpose. */
  openEnded: boolean;
  /** The most a day as written: `unit` "dose" (doses), "unit" (tablets, capsules…), or null (a bare number: the dose's own units). */
  maxPerDay?: { amount: number; unit: "dose" | "unit" | null };
}

// "/24" alone is the British clinical shorthand for 24 hours ("max 8/24", as "x/7" is days and "x/52" weeks; session 21).
const PER_DAY = String.raw`(?:(?:\/|per|a|in|each|every)\s*(?:day|24\s*(?:h|hrs?|hours?))|\/\s*24(?![\d/.]))`;
/** "max 8/day", "max. 6 tabs/24 hrs", "maximum 4 doses in 24 hours", "not more than 8 tablets a day", "not to exceed 3 doses per day". */
const MAX_PER_DAY = new RegExp(String.raw`[,;]?\s*(?:max(?:imum)?|not (?:more than|to exceed|exceeding)|up to)\s*(?:of\s*)?(\d+(?:\.\d+)?)\s*(doses?|tabs?|tablets?|caps?|capsules?|puffs?|supps?|suppositories|sachets?)?\s*${PER_DAY}\b`);
/** How to give: a rate ("over 20 min", "over 5-10 minutes"), the site ("alternate buttocks", "in each buttock"), "slowly", "deep", observed (DOT). */
const HOW_TO_GIVE = [
  /\bover\s+\d+(?:\s*-\s*\d+)?\s*(?:min|mins|minutes?|hrs?|hours?)\b/,
  /\b(?:in(?:to)?\s+)?(?:alternate|alternating|each)\s+(?:buttocks?|sites?|thighs?|arms?|sides?)\b/,
  /\b(?:slowly|slow push|deep)\b/,
  /\b(?:dot|directly observed(?: therapy)?)\b/,
];
/** An open end: the course goes on until an event, never a guessed number of days. */
const OPEN_END = /\s*(?:\b(?:till|until|untill|to|up to)\s+(?:delivery|birth|term|review|discharge|further notice|next (?:visit|review|appointment|anc visit)|reviewed|delivered)|\bthroughout pregnancy|\bcontinuous(?:ly)?|\blong[ -]term|\bfor life)\s*$/;

/**
 * The quantity dispensed ("#60", "# 120", "qty 90", "quantity: 30 tabs") and the word "supply" ("x 1/12 supply"):
 * how much to hand over, never a time or a course length (session 18); taken off before the timing is read.
 */
const QUANTITY = /(?:^|\s|,)(?:#\s*\d+|(?:qty|quantity|dispense)\s*:?\s*\d+(?:\s*(?:tabs?|tablets?|caps?|capsules?))?|supply)(?=\s|,|$)/g;

const tidy = (s: string) => s.replace(/\s+/g, " ").replace(/^[\s,;]+|[\s,;]+$/g, "").trim();
const unitOf = (u: string | undefined): "dose" | "unit" | null => (!u ? null : /^dose/.test(u) ? "dose" : "unit");

/** Takes the directions, open end and written maximum off a (normalised) frequency; brackets too, unless they hold a weekday. */
export function takeDirections(k: AdministrationTimes, s: string): Directions {
  const directions: string[] = [];
  let rest = s.replace(/\(([^)]*)\)/g, (whole, inner: string) => {
    if (weekdayIn(k, inner.trim())) return whole;
    directions.push(inner.trim());
    return " ";
  });
  rest = rest.replace(QUANTITY, " ");
  let maxPerDay: Directions["maxPerDay"];
  const max = MAX_PER_DAY.exec(rest);
  if (max) {
    maxPerDay = { amount: Number(max[1]), unit: unitOf(max[2]) };
    rest = `${rest.slice(0, max.index)} ${rest.slice(max.index + max[0].length)}`;
  }
  for (const how of HOW_TO_GIVE) {
    const m = how.exec(rest);
    if (m) {
      directions.push(m[0].trim());
      rest = `${rest.slice(0, m.index)} ${rest.slice(m.index + m[0].length)}`;
    }
  }
  const tidied = tidy(rest);
  rest = tidied.replace(OPEN_END, "");
  const openEnded = rest !== tidied;
  // Directions found inside brackets that are themselves a maximum ("(max 8/day)") still count.
  for (const d of directions) {
    const inner = MAX_PER_DAY.exec(d);
    if (inner && !maxPerDay) maxPerDay = { amount: Number(inner[1]), unit: unitOf(inner[2]) };
  }
  return { rest: tidy(rest), directions: directions.filter(Boolean), openEnded, ...(maxPerDay ? { maxPerDay } : {}) };
}
