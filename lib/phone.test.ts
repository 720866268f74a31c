import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";
import { isPhoneRegion, normalizePhone, phoneDigitSpellings } from "./phone.js";

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
