/**
 * The specimen collection date a report prints beside a label ("Date collected: 03/04/2026 08:15",
 * "Sample collected: 03/04/2026", "Collection date 03.04.2026"). East African reports write dates
 * day first (dd/mm/yyyy, the British convention): 03/04/2026 is 3 April 2026, never 4 March. Only the
 * date is kept: a time without the facility's time zone is not a valid FHIR dateTime, and the zone is
 * not on the document (EAT +03:00 in Uganda, Kenya, Tanzania; CAT +02:00 in Rwanda, Burundi).
 */
const COLLECTED = /\b(?:date\s+(?:of\s+)?collect(?:ed|ion)|collect(?:ed|ion)\s+date|(?:sample|specimen)\s+(?:collected|collection|date|taken)|date\s+sampled|collected(?:\s+on)?)\s*[:=]?\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/i;

/** The collection date (YYYY-MM-DD) when labelled and valid, and warnings for labelled dates that are not. */
export function reportDates(text: string, latest: Date): { collectedOn: string | null; warnings: string[] } {
  const m = COLLECTED.exec(text);
  if (!m) return { collectedOn: null, warnings: [] };
  const [day, month] = [Number(m[1]), Number(m[2])];
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  const written = m[0].trim();
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1 || year < 1900) {
    return { collectedOn: null, warnings: [`"${written}" is not a valid day/month/year date: no collection date was recorded`] };
  }
  if (date > latest) return { collectedOn: null, warnings: [`"${written}" (read day first) is in the future: no collection date was recorded`] };
  return { collectedOn: date.toISOString().slice(0, 10), warnings: [] };
}
