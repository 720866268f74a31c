import { describe, expect, it } from "vitest";
import { localDate, quietHoursEnd } from "./quiet-hours.js";

// Africa/Kampala is UTC+3 all year (no daylight saving).
const at = (iso: string) => new Date(iso);

describe("quiet hours", () => {
  it("inside an overnight window, ends at the window's end the next morning", () => {
    expect(quietHoursEnd(at("2026-11-21T20:30:00Z"), "22:00", "07:00", "Africa/Kampala")?.toISOString()).toBe("2026-11-22T04:00:00.000Z");
  });

  it("after midnight inside the window, ends the same morning", () => {
    expect(quietHoursEnd(at("2026-11-22T00:15:30Z"), "22:00", "07:00", "Africa/Kampala")?.toISOString()).toBe("2026-11-22T04:00:00.000Z");
  });

  it("outside the window, or with no window, is null", () => {
    expect(quietHoursEnd(at("2026-11-22T06:00:00Z"), "22:00", "07:00", "Africa/Kampala")).toBeNull();
    expect(quietHoursEnd(at("2026-11-22T06:00:00Z"), null, null, "Africa/Kampala")).toBeNull();
    expect(quietHoursEnd(at("2026-11-22T06:00:00Z"), "09:00", "09:00", "Africa/Kampala")).toBeNull();
  });

  it("the end minute itself is outside (the window is [start, end))", () => {
    expect(quietHoursEnd(at("2026-11-22T04:00:00Z"), "22:00", "07:00", "Africa/Kampala")).toBeNull();
  });

  it("a daytime window in another time zone", () => {
    // 13:00 in Lagos (UTC+1) = 12:00Z; window 12:30–14:00 local → ends 13:00Z.
    expect(quietHoursEnd(at("2026-11-22T11:45:00Z"), "12:30", "14:00", "Africa/Lagos")?.toISOString()).toBe("2026-11-22T13:00:00.000Z");
  });

  it("the numbering day follows Kampala, not UTC", () => {
    expect(localDate(at("2026-11-21T22:30:00Z"), "Africa/Kampala")).toBe("2026-11-22");
  });
});
