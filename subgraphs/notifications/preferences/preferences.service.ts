import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../lib/db.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { preparedRead } from "../../../lib/prepared.js";
import { CHANNELS, contactNumber, isChannel, isEmail, NOT_A_MOBILE } from "../channels.js";
import { preferences } from "../db/tables.js";
import { LANGUAGES, isLanguage, TEMPLATES } from "../templates/templates.js";
import { CLOCK_TIME, isTimeZone } from "./quiet-hours.js";
import type { NotificationPreferences, NotificationPreferencesInput } from "./preferences.type.js";

export const DEFAULT_TIME_ZONE = "Africa/Kampala";

/** Consent categories: those of the templates. */
export const CATEGORIES = [...new Set([...TEMPLATES.values()].map((t) => t.category))].sort();
const CRITICAL_CATEGORIES = [...new Set([...TEMPLATES.values()].filter((t) => t.critical).map((t) => t.category))];

/**
 * A patient who never chose: phone, then e-mail, at the addresses of their registration (no address
 * of their own here; the registry's fills each channel at send time, notification/enqueue.ts).
 */
export function defaultPreferences(uhid: string): NotificationPreferences {
  return { patientUhid: uhid, channels: ["SMS", "EMAIL"], phone: null, email: null, pushToken: null, messagingAppId: null, language: "en", consent: {}, quietHoursStart: null, quietHoursEnd: null, timeZone: DEFAULT_TIME_ZONE };
}

const preferencesOfPatient = preparedRead((db) => db.select().from(preferences).where(eq(preferences.patientUhid, sql.placeholder("uhid"))).prepare("preferences_of_patient"));

export async function getPreferences(db: Db, uhid: string): Promise<NotificationPreferences> {
  const [row] = await preferencesOfPatient(db, { uhid });
  return row ?? defaultPreferences(uhid);
}

/**
 * Each patient's preferences (the defaults where none are stored), in the order of `uhids`
 * (`Patient.notificationPreferences` over many patients at once, lib/request-loader.ts): one patient
 * through the statement built once above, several in one statement.
 */
export async function preferencesOfPatients(db: Db, uhids: readonly string[]): Promise<NotificationPreferences[]> {
  const distinct = [...new Set(uhids)];
  if (distinct.length === 1) {
    const one = await getPreferences(db, distinct[0]);
    return uhids.map(() => one);
  }
  const rows = await db.select().from(preferences).where(inArray(preferences.patientUhid, distinct));
  const byPatient = new Map<string, NotificationPreferences>(rows.map((r) => [r.patientUhid, r]));
  return uhids.map((uhid) => byPatient.get(uhid) ?? defaultPreferences(uhid));
}

/** The numbers of a contact input in E.164 (undefined: not given, keep the stored one). */
export interface ContactNumbers {
  phone: string | null | undefined;
  messagingAppId: string | null | undefined;
}

/**
 * Checks contact points, channel names and language, adding what is wrong to `errors`; answers the
 * phone and messaging-app numbers in E.164 (read once, for the check and the value stored).
 */
export function checkContactInput(i: NotificationPreferencesInput, errors: FieldErrorCollector): ContactNumbers {
  if (i.channels) {
    if (!i.channels.length) errors.add("channels", "must name at least one channel");
    i.channels.forEach((c, n) => !isChannel(c) && errors.add(`channels.${n}`, `must be one of ${CHANNELS.join(", ")}`));
    if (new Set(i.channels).size !== i.channels.length) errors.add("channels", "must not repeat a channel");
  }
  const phone = contactNumber(i.phone, "phone", errors);
  const messagingAppId = contactNumber(i.messagingAppId, "messagingAppId", errors, `${NOT_A_MOBILE.replace("an SMS", "a message")}: the messaging-app number`);
  if (i.email && !isEmail(i.email)) errors.add("email", "must be an e-mail address");
  if (i.language !== undefined && (i.language === null || !isLanguage(i.language))) errors.add("language", `must be one of ${LANGUAGES.join(", ")}`);
  return { phone, messagingAppId };
}

export async function setPreferences(db: Db, uhid: string, i: NotificationPreferencesInput): Promise<NotificationPreferences> {
  const errors = new FieldErrorCollector();
  const numbers = checkContactInput(i, errors);
  for (const [category, granted] of Object.entries(i.consent ?? {})) {
    if (!CATEGORIES.includes(category)) errors.add(`consent.${category}`, `is not a category; known: ${CATEGORIES.join(", ")}`);
    else if (CRITICAL_CATEGORIES.includes(category)) errors.add(`consent.${category}`, "critical alerts are always sent (spec: they bypass consent)");
    else if (typeof granted !== "boolean") errors.add(`consent.${category}`, "must be true or false");
  }
  for (const field of ["quietHoursStart", "quietHoursEnd"] as const) {
    const v = i[field];
    if (v !== undefined && v !== null && !CLOCK_TIME.test(v)) errors.add(field, "must be a time HH:MM (24-hour clock)");
  }
  if (i.timeZone !== undefined && (i.timeZone === null || !isTimeZone(i.timeZone))) errors.add("timeZone", "must be an IANA time zone such as Africa/Kampala");
  const current = await getPreferences(db, uhid);
  const start = i.quietHoursStart === undefined ? current.quietHoursStart : i.quietHoursStart;
  const end = i.quietHoursEnd === undefined ? current.quietHoursEnd : i.quietHoursEnd;
  if (Boolean(start) !== Boolean(end)) errors.add(start ? "quietHoursEnd" : "quietHoursStart", "quiet hours need both a start and an end");
  errors.throwIfAny("Invalid notification preferences");

  const next = {
    channels: i.channels ?? current.channels,
    phone: numbers.phone === undefined ? current.phone : numbers.phone,
    email: i.email === undefined ? current.email : i.email?.trim() || null,
    pushToken: i.pushToken === undefined ? current.pushToken : i.pushToken?.trim() || null,
    messagingAppId: numbers.messagingAppId === undefined ? current.messagingAppId : numbers.messagingAppId,
    language: i.language ?? current.language,
    consent: { ...current.consent, ...(i.consent as Record<string, boolean> | undefined) },
    quietHoursStart: start,
    quietHoursEnd: end,
    timeZone: i.timeZone ?? current.timeZone,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(preferences)
    .values({ patientUhid: uhid, ...next })
    .onConflictDoUpdate({ target: preferences.patientUhid, set: next })
    .returning();
  return row;
}
