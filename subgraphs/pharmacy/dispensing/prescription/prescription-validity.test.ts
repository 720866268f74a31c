import { describe, expect, it } from "vitest";
import { addDays } from "../../inventory/ledger.js";
import { assertPrescriptionValid, defaultValidUntil, expiresAtOf, isExpiredOn, lastDayOfMonthsBeginning } from "./prescription-validity.js";

/** Every day of 2027 and 2028 (a leap year), as YYYY-MM-DD. */
const days = Array.from({ length: 731 }, (_, i) => addDays("2027-01-01", i));

describe("six months beginning with the day written", () => {
  it.each([
    ["2027-01-01", "2027-06-30"],
    ["2027-03-01", "2027-08-31"],
    ["2027-06-15", "2027-12-14"],
    ["2027-08-28", "2028-02-27"],
    ["2027-08-29", "2028-02-28"], // 29 February 2028 exists: the day before it
    ["2027-08-30", "2028-02-29"], // 30 February does not exist: February's last day
    ["2027-08-31", "2028-02-29"],
    ["2026-08-31", "2027-02-28"],
    ["2027-12-31", "2028-06-30"],
  ])("written %s: valid through %s", (issued, last) => {
    expect(lastDayOfMonthsBeginning(issued, 6)).toBe(last);
  });

  it("is between 181 and 184 days long, never shrinks as the issue day moves on, and ends in the sixth month after", () => {
    let previous = "";
    for (const issued of days) {
      const last = lastDayOfMonthsBeginning(issued, 6);
      const length = (Date.parse(last) - Date.parse(issued)) / 86_400_000 + 1;
      expect(length).toBeGreaterThanOrEqual(181);
      expect(length).toBeLessThanOrEqual(184);
      expect(last >= previous).toBe(true);
      const monthsLater = (Number(last.slice(0, 4)) - Number(issued.slice(0, 4))) * 12 + Number(last.slice(5, 7)) - Number(issued.slice(5, 7));
      expect([5, 6]).toContain(monthsLater);
      previous = last;
    }
  });
});

describe("the default validity", () => {
  it.each([
    // issued at (UTC), controlled, last valid day (Kampala)
    ["2027-03-01T08:00:00Z", false, "2027-08-31"],
    ["2027-03-01T08:00:00Z", true, "2027-03-30"],
    // 22:00 UTC on 28 February is 1 March in Kampala: the period begins with 1 March
    ["2027-02-28T22:00:00Z", false, "2027-08-31"],
    ["2027-02-28T22:00:00Z", true, "2027-03-30"],
    ["2027-02-28T20:59:59Z", false, "2027-08-27"],
  ])("written at %s (controlled %s): valid through %s", (at, controlled, last) => {
    expect(defaultValidUntil(new Date(at), controlled as boolean)).toBe(last);
  });

  it("for a controlled medicine is 30 days beginning with the day written, always shorter than six months", () => {
    for (const issued of days) {
      const at = new Date(`${issued}T09:00:00+03:00`);
      expect(defaultValidUntil(at, true)).toBe(addDays(issued, 29));
      expect(defaultValidUntil(at, true) < defaultValidUntil(at, false)).toBe(true);
    }
  });
});

describe("expiry: the last valid day in Kampala, not in UTC", () => {
  const validUntil = "2027-05-31";
  it.each([
    ["2027-05-31T00:00:00Z", false],
    ["2027-05-31T20:59:59.999Z", false], // 23:59:59 in Kampala: the last valid moment
    ["2027-05-31T21:00:00Z", true], // still 31 May in UTC, already 1 June in Kampala
    ["2027-06-01T00:00:00Z", true],
    ["2027-05-30T21:00:00Z", false], // the last valid day begins in Kampala
  ])("at %s expired: %s", (now, expired) => {
    expect(isExpiredOn(validUntil, new Date(now))).toBe(expired);
    expect(expiresAtOf(validUntil).toISOString()).toBe("2027-05-31T21:00:00.000Z");
    const check = () => assertPrescriptionValid({ validUntil }, "refilled", new Date(now));
    if (expired) expect(check).toThrow("valid through 2027-05-31 in Kampala (until 2027-05-31T21:00:00.000Z) and cannot be refilled");
    else expect(check).not.toThrow();
  });
});
