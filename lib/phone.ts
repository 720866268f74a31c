import { eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js/max";
import { fieldError, type FieldErrorCollector } from "./errors.js";

/**
 * Phone numbers, one form everywhere: E.164 ("+256772123456"), checked against the numbering plan.
 *
 * Library: libphonenumber-js (a port of Google's libphonenumber) with its bundled **max** metadata.
 * The default "min" metadata checks only lengths (its `isValid()` is `isPossible()`); max also knows
 * which prefixes a country has assigned, so "+256 100 000 000" (right length, no such range) is
 * refused here instead of by the SMS gateway ("InvalidPhoneNumber") after we answered 200. The
 * metadata ships inside the package (nothing is fetched at run time) and is refreshed by upgrading
 * it; a range assigned after the installed release is refused until then.
 * See: https://www.itu.int/rec/T-REC-E.164 and https://github.com/catamphetamine/libphonenumber-js#min-vs-max-vs-mobile-vs-core
 */

/** An ISO 3166-1 alpha-2 region the numbering metadata knows (e.g. "UG", "KE", "TZ"). */
export type PhoneRegion = CountryCode;

/** True for an ISO 3166-1 alpha-2 code (upper case) that has a numbering plan in the metadata. */
export function isPhoneRegion(value: string): value is PhoneRegion {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/**
 * What a typed number may contain: digits, one leading "+", and the separators people write (spaces,
 * dashes, dots, parentheses). Anything else ("hello world", "tel:", "ext. 5", a number inside a
 * sentence) is refused before parsing, because the parser would otherwise pick a number out of text.
 */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/** The number `text` spells in `region`'s plan when it is a valid one without an extension, else null. */
function parseValid(text: string, region: PhoneRegion): PhoneNumber | null {
  const parsed = parsePhoneNumberFromString(text, region);
  // An extension cannot take an SMS; a number with one is not a delivery address.
  return parsed && !parsed.ext && parsed.isValid() ? parsed : null;
}

/**
 * The one parse behind `normalizePhone` and `normalizeMobilePhone`: the valid number a typed text
 * spells, or null. A national number (or one with "+") is read as written; without "+", the digits may
 * still be international ("256772123456", "00256772123456").
 */
function parseTyped(input: string | null | undefined, defaultRegion: PhoneRegion): PhoneNumber | null {
  const text = input?.trim() ?? "";
  if (!text || !TYPED_PHONE.test(text)) return null;
  const national = parseValid(text, defaultRegion);
  if (national || text.startsWith("+")) return national;
  const digits = text.replace(/\D/g, "");
  return parseValid(`+${digits}`, defaultRegion) ?? (digits.startsWith("00") ? parseValid(`+${digits.slice(2)}`, defaultRegion) : null);
}

/**
 * The number in E.164, or null when it is not a valid number (too long, too short, letters, a range
 * the country has not assigned). Accepts spaces, dashes, dots and parentheses; a national number with
 * its trunk "0" in `defaultRegion` ("0772 123 456" → "+256772123456"); an international number with or
 * without "+" ("256772123456", "+254 712 345678", "00256…"). A number with a country code keeps it: a
 * Kenyan number under the default region UG stays Kenyan.
 *
 * The bar is "valid" (numbering plan), not "possible" (length only): these numbers are SMS and
 * messaging-app addresses, and a number of the right length in an unassigned range is refused by the
 * gateway just the same.
 */
export function normalizePhone(input: string | null | undefined, defaultRegion: PhoneRegion): string | null {
  return parseTyped(input, defaultRegion)?.number ?? null;
}

/**
 * Number types a text message or a messaging app reaches: mobiles, and numbers the numbering plan
 * cannot tell from mobiles (North America's FIXED_LINE_OR_MOBILE). A landline or a toll-free number is
 * a valid number, but an SMS gateway refuses it after we answered 200 (Uganda's 0414…, 0800…).
 */
const TEXTABLE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * A number an SMS or a messaging app can reach, in E.164, or null: `normalizePhone`, and a type the
 * metadata knows as mobile. A valid number whose type the metadata cannot name is kept (refusing it
 * would refuse numbers the installed metadata is too old to classify). The type is read from the same
 * parse as the number (parsing is most of the cost).
 */
export function normalizeMobilePhone(input: string | null | undefined, defaultRegion: PhoneRegion): string | null {
  const parsed = parseTyped(input, defaultRegion);
  if (!parsed) return null;
  const type = parsed.getType();
  return type === undefined || TEXTABLE_TYPES.has(type) ? parsed.number : null;
}

/** What a phone field that is not a number is told, unless the caller says otherwise. */
export const NOT_A_PHONE = "must be a phone number, e.g. +256772000111 or 0772 000 111";

export interface PhoneFieldOptions {
  /** Region of numbers typed without a country code (DEFAULT_PHONE_REGION). */
  defaultRegion: PhoneRegion;
  /** Only numbers a text message reaches (`normalizeMobilePhone`): a landline or toll-free number is refused. @default false */
  mobile?: boolean;
  /** A blank value ("", spaces) is no number (null), or is refused like any text that is not a number. @default "none" */
  blank?: "none" | "refused";
  /** The field error's message. @default NOT_A_PHONE */
  message?: string;
  /** Adds the field error here (the caller reports every field at once) instead of throwing it; the result is then null. */
  errors?: FieldErrorCollector;
}

/**
 * A phone number a caller typed into `field`, in E.164: the one rule of every input that takes a phone.
 * Not given (undefined) stays undefined, null stays null, a blank value is null (see `blank`), and
 * anything else is a valid number (a mobile one with `mobile`) or a 400 naming `field`: `fieldError`
 * thrown, or added to `errors` when given.
 */
export function phoneField(value: string, field: string, opts: PhoneFieldOptions & { blank: "refused"; errors?: undefined }): string;
export function phoneField<T extends string | null | undefined>(value: T, field: string, opts: PhoneFieldOptions): string | null | (undefined extends T ? undefined : never);
export function phoneField(value: string | null | undefined, field: string, opts: PhoneFieldOptions): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (!value.trim() && opts.blank !== "refused") return null;
  const e164 = (opts.mobile ? normalizeMobilePhone : normalizePhone)(value, opts.defaultRegion);
  if (e164) return e164;
  const message = opts.message ?? NOT_A_PHONE;
  if (!opts.errors) throw fieldError(field, message);
  opts.errors.add(field, message);
  return null;
}

/**
 * The digit strings (everything but digits removed) that `normalizePhone` reads as the same number as
 * `phone`: "256772123456", "0772123456", "772123456", "00256…", "000256…" for +256772123456 under UG
 * (the national forms only when the number is of `defaultRegion`). Rows stored before numbers were
 * normalized ("0772 123 456", "256772123456") are matched by comparing their digits with these, in
 * SQL, without a migration. A `phone` that is not a valid number has only its own digits.
 */
export function phoneDigitSpellings(phone: string, defaultRegion: PhoneRegion): string[] {
  const e164 = normalizePhone(phone, defaultRegion);
  const digits = phone.replace(/\D/g, "");
  if (!e164) return digits ? [digits] : [];
  const parsed = parsePhoneNumberFromString(e164)!;
  const cc = parsed.countryCallingCode;
  const nsn = parsed.nationalNumber;
  const candidates = [`${cc}${nsn}`, `0${nsn}`, nsn, `00${cc}${nsn}`, `000${cc}${nsn}`];
  return [...new Set(candidates.filter((c) => normalizePhone(c, defaultRegion) === e164))];
}

/**
 * SQL: `column` holds the same number as `phone`, in whatever spelling it was stored (its digits are
 * one of `phoneDigitSpellings`); a `phone` without digits only equals itself.
 */
export function samePhoneAs(column: AnyColumn, phone: string, defaultRegion: PhoneRegion): SQL {
  const spellings = phoneDigitSpellings(phone, defaultRegion);
  return spellings.length ? inArray(sql`regexp_replace(${column}, '[^0-9]', '', 'g')`, spellings) : eq(column, phone);
}

let processRegion: PhoneRegion = "UG";

/** Sets the region of numbers typed without a country code for this process (DEFAULT_PHONE_REGION, at start). */
export function setDefaultPhoneRegion(region: PhoneRegion): void {
  processRegion = region;
}

/** The region set at start (DEFAULT_PHONE_REGION), for code that has no request context at hand. */
export function defaultPhoneRegion(): PhoneRegion {
  return processRegion;
}
