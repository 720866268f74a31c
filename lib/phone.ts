import { eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

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

function validE164(text: string, region: PhoneRegion): string | null {
  const parsed = parsePhoneNumberFromString(text, region);
  // An extension cannot take an SMS; a number with one is not a delivery address.
  return parsed && !parsed.ext && parsed.isValid() ? parsed.number : null;
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
  const text = input?.trim() ?? "";
  if (!text || !TYPED_PHONE.test(text)) return null;
  const national = validE164(text, defaultRegion);
  if (national || text.startsWith("+")) return national;
  // No "+": the digits may still be international ("256772123456", "00256772123456").
  const digits = text.replace(/\D/g, "");
  return validE164(`+${digits}`, defaultRegion) ?? (digits.startsWith("00") ? validE164(`+${digits.slice(2)}`, defaultRegion) : null);
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
 * would refuse numbers the installed metadata is too old to classify).
 */
export function normalizeMobilePhone(input: string | null | undefined, defaultRegion: PhoneRegion): string | null {
  const e164 = normalizePhone(input, defaultRegion);
  if (!e164) return null;
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === undefined || TEXTABLE_TYPES.has(type) ? e164 : null;
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
