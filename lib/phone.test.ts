import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { FieldErrorCollector } from "./errors.js";
import { isPhoneRegion, normalizeMobilePhone, normalizePhone, NOT_A_PHONE, phoneDigitSpellings, phoneField, type PhoneRegion } from "./phone.js";

/** One number per country, written the ways people write them at a till or in a form. */
const SPELLINGS: [region: "UG" | "KE" | "TZ", e164: string, spellings: string[]][] = [
  ["UG", "+256772123456", ["+256772123456", "+256 772 123 456", "256772123456", "256 772 123456", "0772123456", "0772 123 456", "0772-123-456", "0772.123.456", "(0772) 123 456", "+256 (0) 772 123456", "772123456", "00256772123456", " 0772123456 "]],
  ["UG", "+256701555000", ["+256 701 555000", "0701555000", "+256701555000", "256-701-555-000"]],
  ["KE", "+254712345678", ["+254712345678", "+254 712 345 678", "254712345678", "0712 345 678", "0712-345678", "(0712) 345678"]],
  ["KE", "+254110123456", ["+254 110 123456", "0110 123 456", "254110123456"]],
  ["TZ", "+255754123456", ["+255754123456", "+255 754 123 456", "255754123456", "0754 123 456", "0754-123-456"]],
];

describe("normalizePhone (lib/phone.ts)", () => {
  it.each(SPELLINGS)("reads every spelling of a %s number as %s", (region, e164, spellings) => {
    for (const s of spellings) expect(normalizePhone(s, region), s).toBe(e164);
  });

  it("keeps a number written with a country code in its country, whatever the default region", () => {
    expect(normalizePhone("+254712345678", "UG")).toBe("+254712345678");
    expect(normalizePhone("+254 712 345 678", "UG")).toBe("+254712345678");
    expect(normalizePhone("254712345678", "UG")).toBe("+254712345678");
    expect(normalizePhone("+255754123456", "UG")).toBe("+255754123456");
    expect(normalizePhone("+256772123456", "KE")).toBe("+256772123456");
    expect(normalizePhone("256772123456", "TZ")).toBe("+256772123456");
  });

  it("reads a national number (leading 0) in the default region only", () => {
    expect(normalizePhone("0712345678", "KE")).toBe("+254712345678");
    expect(normalizePhone("0712345678", "UG")).toBe("+256712345678");
    expect(normalizePhone("0754123456", "TZ")).toBe("+255754123456");
  });

  it.each([
    ["+2567721234567", "one digit too many for +256"],
    ["07721234567", "national, one digit too many"],
    ["077212345", "national, one digit too few"],
    ["12345678", "eight digits, no country"],
    ["+256100000000", "right length, a range Uganda has not assigned"],
    ["hello world", "letters"],
    ["0772l23456", "a letter l for a 1"],
    ["call 0772123456", "a number inside text"],
    ["0772123456 ext 5", "an extension (no SMS to it)"],
    ["tel:+256772123456", "a URI"],
    ["+", "a plus alone"],
    ["", "empty"],
    ["   ", "blank"],
    ["+256+772123456", "two plus signs"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizePhone(input, "UG")).toBeNull();
  });

  it("refuses null and undefined", () => {
    expect(normalizePhone(null, "UG")).toBeNull();
    expect(normalizePhone(undefined, "UG")).toBeNull();
  });

  it("gives the same E.164 for a number however it is spaced, dashed or prefixed (property)", () => {
    const separator = fc.constantFrom("", " ", "-", ".", "  ");
    const ugMobile = fc.tuple(fc.constantFrom("70", "74", "75", "76", "77", "78"), fc.stringMatching(/^[0-9]{7}$/)).map(([p, rest]) => `${p}${rest}`);
    fc.assert(
      fc.property(ugMobile, fc.constantFrom("+256", "256", "0", "+256 (0)"), fc.array(separator, { minLength: 9, maxLength: 9 }), (nsn, prefix, seps) => {
        const spaced = [...nsn].map((d, i) => `${seps[i]}${d}`).join("");
        expect(normalizePhone(`${prefix}${spaced}`, "UG")).toBe(`+256${nsn}`);
        // Too long by a digit, wherever it is written: never a number.
        expect(normalizePhone(`${prefix}${spaced}9`, "UG")).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent: an E.164 result reads as itself in every region", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPELLINGS.flatMap(([region, , spellings]) => spellings.map((s) => [region, s] as const))), fc.constantFrom("UG", "KE", "TZ" as const), ([region, s], other) => {
        const e164 = normalizePhone(s, region)!;
        expect(normalizePhone(e164, other)).toBe(e164);
      }),
    );
  });
});

describe("phoneDigitSpellings (old rows compared by their digits)", () => {
  it("lists the stored spellings that are the same number, national forms only in the default region", () => {
    expect(phoneDigitSpellings("+256772123456", "UG").sort()).toEqual(["00256772123456", "000256772123456", "0772123456", "256772123456", "772123456"].sort());
    expect(phoneDigitSpellings("+256772123456", "KE")).not.toContain("0772123456");
    expect(phoneDigitSpellings("0772 123 456", "UG")).toContain("256772123456");
  });

  it("keeps the digits of a number the plan does not know, and nothing for no digits", () => {
    expect(phoneDigitSpellings("+256723552450", "UG")).toEqual(["256723552450"]);
    expect(phoneDigitSpellings("hello", "UG")).toEqual([]);
  });
});

describe("DEFAULT_PHONE_REGION (lib/config.ts)", () => {
  it("defaults to UG and takes another region, in any case", () => {
    expect(loadConfig({}).DEFAULT_PHONE_REGION).toBe("UG");
    expect(loadConfig({ DEFAULT_PHONE_REGION: "ke" }).DEFAULT_PHONE_REGION).toBe("KE");
    expect(isPhoneRegion("TZ")).toBe(true);
  });

  it.each(["XX", "Uganda", "256", ""])("stops the process on %j, naming the variable", (value) => {
    expect(() => loadConfig({ DEFAULT_PHONE_REGION: value })).toThrow(/DEFAULT_PHONE_REGION: must be an ISO 3166-1 alpha-2 country code/);
  });
});

/** normalizeMobilePhone as it was before it read the type from its own parse: the number parsed again. */
function mobileByTwoParses(input: string, region: PhoneRegion): string | null {
  const e164 = normalizePhone(input, region);
  if (!e164) return null;
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type === undefined || type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? e164 : null;
}

describe("normalizeMobilePhone (one parse)", () => {
  it.each([
    ["0772 123 456", "UG", "+256772123456"],
    ["+254 712 345 678", "UG", "+254712345678"],
    ["0414 100 001", "UG", null], // Kampala landline
    ["0800 100 100", "UG", null], // toll-free
    ["+1 201 555 0123", "UG", "+12015550123"], // North America: fixed line or mobile
    ["hello", "UG", null],
  ] as const)("%j in %s is %j", (input, region, expected) => {
    expect(normalizeMobilePhone(input, region)).toBe(expected);
  });

  it("answers what parsing twice answered, over numbers of every region and type in every spelling (property)", () => {
    // Each region's example mobile with its last digits replaced: random numbers of that plan, of every
    // type (fixed lines, toll-free and mobiles share lengths), and many invalid ones.
    const number = fc.tuple(fc.constantFrom(...getCountries()), fc.stringMatching(/^[0-9]{1,5}$/)).map(([country, tail]) => {
      const example = getExampleNumber(country, examples)!;
      return { country, nsn: `${example.nationalNumber.slice(0, Math.max(1, example.nationalNumber.length - tail.length))}${tail}`, cc: example.countryCallingCode };
    });
    const spelled = fc.tuple(number, fc.constantFrom("+cc", "cc", "00cc", "0", "")).map(([{ nsn, cc }, prefix]) => (prefix.includes("cc") ? `${prefix.replace("cc", cc)} ${nsn}` : `${prefix}${nsn}`));
    const regions = fc.constantFrom<PhoneRegion>("UG", "KE", "TZ", "US", "CA", "GB", "JE", "RU", "KZ", "RE", "YT", "IT", "VA");
    fc.assert(
      fc.property(spelled, regions, (input, region) => {
        expect(normalizeMobilePhone(input, region), `${input} in ${region}`).toBe(mobileByTwoParses(input, region));
      }),
      { numRuns: 5000 },
    );
  });
});

/** The error `phoneField` threw, or null when it answered. */
function thrownBy(read: () => unknown): { message: string; extensions: Record<string, unknown> } | null {
  try {
    read();
    return null;
  } catch (err) {
    return err as { message: string; extensions: Record<string, unknown> };
  }
}

describe("phoneField: the one rule of every input that takes a phone", () => {
  const UG = { defaultRegion: "UG" } as const;

  it("reads a number as E.164, keeps undefined (not given) and null, and reads blank as no number", () => {
    expect(phoneField("0772 123 456", "customerPhone", UG)).toBe("+256772123456");
    expect(phoneField(undefined, "customerPhone", UG)).toBeUndefined();
    expect(phoneField(null, "customerPhone", UG)).toBeNull();
    expect(phoneField("", "customerPhone", UG)).toBeNull();
    expect(phoneField("   ", "customerPhone", UG)).toBeNull();
  });

  it("throws a 400 naming the field, with the message every phone field gives", () => {
    const err = thrownBy(() => phoneField("hello world", "courierPhone", UG));
    expect(err?.message).toBe(`Invalid value for courierPhone: ${NOT_A_PHONE}`);
    expect(err?.extensions).toEqual({ code: "BAD_USER_INPUT", fields: { courierPhone: [NOT_A_PHONE] } });
  });

  it("refuses a blank value when told to, like any text that is not a number", () => {
    expect(thrownBy(() => phoneField("  ", "customerPhone", { ...UG, blank: "refused" }))?.extensions.fields).toEqual({ customerPhone: [NOT_A_PHONE] });
    expect(phoneField(null, "customerPhone", { ...UG, blank: "refused" })).toBeNull();
  });

  it("takes the caller's message", () => {
    const message = "must be a phone number, e.g. +256414100001 or 0414 100 001";
    expect(thrownBy(() => phoneField("12345678", "phone", { ...UG, message }))?.extensions.fields).toEqual({ phone: [message] });
  });

  it("with mobile, refuses a landline and a toll-free number that it otherwise takes", () => {
    for (const landline of ["0414 100 001", "0800 100 100"]) {
      expect(phoneField(landline, "phone", UG)).toMatch(/^\+256/);
      expect(thrownBy(() => phoneField(landline, "phone", { ...UG, mobile: true }))?.extensions.fields).toHaveProperty("phone");
    }
    expect(phoneField("0772 123 456", "phone", { ...UG, mobile: true })).toBe("+256772123456");
  });

  it("adds the error to a collector instead of throwing, and answers null", () => {
    const errors = new FieldErrorCollector();
    expect(phoneField("hello world", "customerPhone", { ...UG, errors })).toBeNull();
    expect(phoneField("0772 123 456", "other", { ...UG, errors })).toBe("+256772123456");
    expect(errors.fields).toEqual({ customerPhone: [NOT_A_PHONE] });
  });

  it("answers normalizePhone (or normalizeMobilePhone) for any text, or throws naming the field (property)", () => {
    const phoneish = fc.stringMatching(/^[+0-9 ()-]{0,16}$/);
    fc.assert(
      fc.property(fc.oneof(phoneish, fc.string()), fc.boolean(), fc.constantFrom<PhoneRegion>("UG", "KE", "TZ"), (text, mobile, defaultRegion) => {
        const expected = (mobile ? normalizeMobilePhone : normalizePhone)(text, defaultRegion);
        const err = thrownBy(() => phoneField(text, "f", { defaultRegion, mobile }));
        if (!text.trim()) expect([err, phoneField(text, "f", { defaultRegion, mobile })]).toEqual([null, null]);
        else if (expected) expect([err, phoneField(text, "f", { defaultRegion, mobile })]).toEqual([null, expected]);
        else expect(err?.extensions.fields).toEqual({ f: [NOT_A_PHONE] });
      }),
      { numRuns: 2000 },
    );
  });
});
