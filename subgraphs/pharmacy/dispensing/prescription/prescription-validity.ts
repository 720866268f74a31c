/**
 * How long a prescription may be dispensed (its first fill and every refill): through its `valid_until`,
 * the last valid day in Africa/Kampala, after which it has expired and a new prescription is needed.
 * docs/decisions/pharmacy.md, "Dispensing", "Prescription validity (2026-11-28)".
 */
import { conflict } from "../../../../lib/errors.js";
import { addDays, afterKampalaDay, kampalaToday } from "../../inventory/ledger.js";

/**
 * Default validity: six months beginning with the day it was written. Source: the UK Human Medicines
 * Regulations 2012 (SI 2012/1916), regulation 217(5), Condition D: a prescription only medicine is not
 * dispensed "after the end of the period of six months beginning with the appropriate date"
 * (https://www.legislation.gov.uk/uksi/2012/1916/regulation/217). Neither the specification nor the
 * domain notes give a Ugandan (NDA, Cap. 206) or Kenyan (PPB, Cap. 244) period; we found none in the
 * Acts' text either. Unlike reg. 217(5)(b), refills do not outlive it here (the brief: refills too).
 */
export const PRESCRIPTION_VALIDITY_MONTHS = 6;

/**
 * A prescription carrying a controlled medicine: valid for this many days beginning with the day it was
 * written (platform policy, docs/decisions/pharmacy.md, "Dispensing"; UK law is stricter for its
 * Schedules 2-4, 28 days). dispense-plan.ts also refuses a controlled dispense this many days after issue.
 */
export const CONTROLLED_PRESCRIPTION_VALIDITY_DAYS = 30;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The last day of the period of `months` months beginning with `issued` (YYYY-MM-DD): the day before the
 * same day of the month `months` later (1 March → 31 August), or, when that month is shorter and has no
 * such day, its last day (31 August → 28 or 29 February). The migration's backfill computes the same in SQL.
 */
export function lastDayOfMonthsBeginning(issued: string, months: number): string {
  const [y, m, d] = issued.split("-").map(Number);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const pad = (n: number) => String(n).padStart(2, "0");
  const last = daysInMonth(year, month);
  if (d > last) return `${year}-${pad(month)}-${pad(last)}`;
  return addDays(`${year}-${pad(month)}-${pad(d)}`, -1);
}

/** The default last valid day of a prescription written at `issuedAt`: six months, or 30 days with a controlled medicine on it. */
export function defaultValidUntil(issuedAt: Date, controlled: boolean): string {
  const issued = kampalaToday(issuedAt);
  const months = lastDayOfMonthsBeginning(issued, PRESCRIPTION_VALIDITY_MONTHS);
  if (!controlled) return months;
  const days = addDays(issued, CONTROLLED_PRESCRIPTION_VALIDITY_DAYS - 1);
  return days < months ? days : months;
}

/** The moment a prescription valid through `validUntil` (Kampala) expires: the start of the next day in Kampala. */
export function expiresAtOf(validUntil: string): Date {
  return afterKampalaDay(validUntil);
}

export const isExpiredOn = (validUntil: string, now = new Date()) => kampalaToday(now) > validUntil;

/** 409 once the prescription has expired, naming the moment (UTC) and the last valid day (Kampala), as "refill too soon" does. */
export function assertPrescriptionValid(p: { validUntil: string }, what: "dispensed" | "refilled", now = new Date()): void {
  if (!isExpiredOn(p.validUntil, now)) return;
  throw conflict(
    `This prescription has expired: it was valid through ${p.validUntil} in Kampala (until ${expiresAtOf(p.validUntil).toISOString()}) and cannot be ${what}; a new prescription is needed`,
  );
}
