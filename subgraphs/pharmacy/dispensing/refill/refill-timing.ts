/**
 * "Refill too soon": a refill may be requested only once most of the previous fill should have been
 * used, so a patient cannot collect fill after fill in minutes (240 tablets of a 30-day medicine in
 * three seconds). The days a fill lasts are read from the prescription as written: units given ÷ units
 * a day (dose × doses a day), else the duration written with the frequency ("for 30 days").
 * docs/decisions/pharmacy.md, "Dispensing", "Refill too soon".
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../lib/db.js";
import { conflict } from "../../../../lib/errors.js";
import { dispenseItems, dispenses } from "../../db/tables.js";
import { medicationByCode } from "../../inventory/medications/catalog.js";
import { kampalaToday } from "../../inventory/ledger.js";

/**
 * The share of the previous fill's days' supply that must have elapsed before the next refill: a
 * project rule (a constant, changed here), set as the "refill too soon" edits of US prescription payers
 * commonly are (NCPDP reject code 79, "Refill Too Soon"; plans typically allow the refill once 75–80 %
 * of the days' supply has passed). 75 % lets a patient on a 30-day supply collect from day 23.
 */
export const REFILL_TOO_SOON_FRACTION = 0.75;

const DAY_MS = 86_400_000;

/** Latin and English frequency words → doses a day. */
const PER_DAY: [RegExp, number][] = [
  [/\b(once|one time|1 time|1x|od|qd|daily|a day|every day|nocte|at night|in the morning|mane)\b/, 1],
  [/\b(twice|two times|2 times|2x|bd|bid|b\.i\.d)\b/, 2],
  [/\b(three times|3 times|3x|tds|tid|t\.i\.d)\b/, 3],
  [/\b(four times|4 times|4x|qds|qid|q\.i\.d)\b/, 4],
];
const UNIT_WORDS = "tablets?|tabs?|capsules?|caps?|puffs?|sachets?|suppositor(?:y|ies)|pessar(?:y|ies)|patch(?:es)?|vials?|ampoules?|amps?|units? of use|doses?|lozenges?";
const MASS = { mcg: 0.001, µg: 0.001, ug: 0.001, mg: 1, g: 1000 } as Record<string, number>;

/**
 * Doses a day written in `frequency`, or null when it cannot be read or is "as needed" (no schedule).
 * "every 8 hours" → 3; "three times a day" → 3; "twice daily" → 2; "weekly" → 1/7.
 */
export function dosesPerDay(frequency: string): number | null {
  const f = frequency.toLowerCase();
  if (/\b(prn|as needed|as required|when required|if needed|sos|stat)\b/.test(f)) return null;
  const hours = /\b(?:every|q)\s*(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?|hourly)\b/.exec(f);
  if (hours && Number(hours[1]) > 0) return 24 / Number(hours[1]);
  const times = /\b(\d+)\s*(?:times|x)\s*(?:a|per|\/)?\s*(?:day|daily)\b/.exec(f);
  if (times && Number(times[1]) > 0) return Number(times[1]);
  if (/\b(weekly|once a week|every week)\b/.test(f)) return 1 / 7;
  for (const [re, n] of PER_DAY.slice().reverse()) if (re.test(f)) return n;
  return null;
}

/**
 * Units (tablets, capsules, puffs…) per dose: counted when the dose names them ("2 tablets", "1 puff"),
 * else the dose's strength over the catalog's strength in the same kind of unit ("1 g" of a "500 mg"
 * tablet → 2); null when neither reads (a liquid's "5 ml", a dose by weight without a catalog strength).
 */
export function unitsPerDose(dose: string, medicationCode: string | null): number | null {
  const d = dose.toLowerCase().trim();
  const counted = new RegExp(`^(\\d+(?:\\.\\d+)?|½|one|two|three|four)\\s*(?:x\\s*)?(?:${UNIT_WORDS})\\b`).exec(d);
  if (counted) return { "½": 0.5, one: 1, two: 2, three: 3, four: 4 }[counted[1]] ?? Number(counted[1]);
  const strength = medicationCode ? medicationByCode(medicationCode)?.strength : undefined;
  const mass = (s: string) => {
    const m = /^(\d+(?:\.\d+)?)\s*(mcg|µg|ug|mg|g)\b/.exec(s.toLowerCase().trim());
    return m ? Number(m[1]) * MASS[m[2]] : null;
  };
  const given = mass(d);
  const unit = strength ? mass(strength) : null;
  return given && unit ? given / unit : null;
}

/** Days written with the directions: "for 30 days", "x 2 weeks", "for 1 month" (30 days); null when none. */
export function durationDays(frequency: string): number | null {
  const m = /\b(?:for|x|×)\s*(\d+)\s*(days?|weeks?|months?)\b/.exec(frequency.toLowerCase());
  if (!m || Number(m[1]) < 1) return null;
  return Number(m[1]) * (m[2].startsWith("week") ? 7 : m[2].startsWith("month") ? 30 : 1);
}

/** How long `unitsGiven` of an item lasts, in days, or null when its directions cannot be read. */
export function daysSupply(item: { dose: string; frequency: string; medicationCode: string | null }, unitsGiven: number): number | null {
  const perDose = unitsPerDose(item.dose, item.medicationCode);
  const perDay = dosesPerDay(item.frequency);
  if (perDose && perDay) return unitsGiven / (perDose * perDay);
  return durationDays(item.frequency);
}

interface RefillItem {
  medicationCode: string | null;
  medicationName: string;
  dose: string;
  frequency: string;
  refillsAllowed: number;
}

/**
 * Refuses (409) refill `number` while less than REFILL_TOO_SOON_FRACTION of the previous fill's days'
 * supply has elapsed since that fill was first given, naming the earliest date. The supply that counts
 * is the shortest among the items the refill gives whose directions can be read (no patient runs out of
 * one medicine because another lasts longer); a fill none of whose items can be read is not checked.
 */
export async function assertRefillDue(tx: Db, prescriptionId: string, number: number, items: RefillItem[], now = new Date()): Promise<void> {
  const previousFill = number - 1;
  const parts = await tx
    .select({ id: dispenses.id, createdAt: dispenses.createdAt })
    .from(dispenses)
    .where(and(eq(dispenses.prescriptionId, prescriptionId), eq(dispenses.fillNumber, previousFill)))
    .orderBy(asc(dispenses.createdAt));
  if (!parts.length) return;
  const given = new Map<string, number>();
  for (const r of await tx.select({ code: dispenseItems.medicationCode, quantity: dispenseItems.quantity }).from(dispenseItems).where(inArray(dispenseItems.dispenseId, parts.map((p) => p.id)))) {
    given.set(r.code, (given.get(r.code) ?? 0) + r.quantity);
  }
  let shortest: { days: number; item: RefillItem; units: number } | null = null;
  for (const item of items.filter((i) => i.refillsAllowed >= number && i.medicationCode)) {
    const units = given.get(item.medicationCode!) ?? 0;
    if (units === 0) continue;
    const days = daysSupply(item, units);
    if (days != null && (!shortest || days < shortest.days)) shortest = { days, item, units };
  }
  if (!shortest) return;
  const since = parts[0].createdAt;
  const earliest = new Date(since.getTime() + shortest.days * REFILL_TOO_SOON_FRACTION * DAY_MS);
  if (now >= earliest) return;
  const { item, units, days } = shortest;
  throw conflict(
    `Refill too soon: the previous fill (${units} of ${item.medicationName}, ${item.dose} ${item.frequency}, first given ${kampalaToday(since)}) lasts about ${Math.round(days * 10) / 10} days; ` +
      `a refill may be requested once ${Math.round(REFILL_TOO_SOON_FRACTION * 100)}% of it is used, from ${earliest.toISOString()} (${kampalaToday(earliest)} in Kampala)`,
  );
}
