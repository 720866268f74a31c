import { dateTimeFormat } from "../../../lib/calendar.js";

/**
 * "25 Nov 2026, 10:00 EAT": a moment as customers in Uganda read it, with the zone named. Receipts,
 * receipt e-mails and follow-up reminders use it, so a receipt's date is the business day its
 * transaction number carries (Africa/Kampala; pharmacies have no time zone of their own yet).
 */
export function kampalaTime(at: Date): string {
  return `${dateTimeFormat("en-GB", { timeZone: "Africa/Kampala", dateStyle: "medium", timeStyle: "short" }).format(at)} EAT`;
}
