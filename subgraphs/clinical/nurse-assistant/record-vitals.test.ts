import { describe, expect, it } from "vitest";
import { oldestUsableVitalDate, usableRecordedVitals, type RecordedVital } from "./record-vitals.js";

const at = (date: string): RecordedVital => ({ value: 120, display: "120 mmHg", date });

describe("recorded vitals that may stand in for the ones not sent (NEWS2 scores the patient now)", () => {
  it("reaches back to yesterday in Kampala: 21:30 UTC on the 1st is already the 2nd there", () => {
    expect(oldestUsableVitalDate("Africa/Kampala", new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-26");
    expect(oldestUsableVitalDate("Africa/Kampala", new Date("2026-12-01T21:30:00Z"))).toBe("2026-12-01");
    expect(oldestUsableVitalDate("Africa/Kampala", new Date("2027-01-01T00:30:00Z"))).toBe("2026-12-31");
  });

  it("uses today's and yesterday's, and sets older ones apart with their dates", () => {
    const { usable, stale } = usableRecordedVitals(["systolicBp", "pulse", "temperature", "spo2"], { systolicBp: at("2026-11-27"), pulse: at("2026-11-26"), temperature: at("2026-11-25"), respirationRate: at("2026-11-27") }, "2026-11-26");
    expect(Object.keys(usable).sort()).toEqual(["pulse", "systolicBp"]);
    expect(stale).toEqual({ temperature: "2026-11-25" });
  });

  it("fills only what is missing", () => {
    expect(usableRecordedVitals([], { pulse: at("2026-11-27") }, "2026-11-26")).toEqual({ usable: {}, stale: {} });
  });
});
