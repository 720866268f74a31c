import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { consciousnessProblem, latestRecordedVitals, oldestUsableVitalDate, parseConsciousness, usableRecordedVitals, type RecordedVital } from "./record-vitals.js";

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

describe("reading the record's vitals as wards chart them (RCP NEWS2 2017, Chart 1)", () => {
  const k = knowledgeFromFiles().news2;
  const obs = (code: string, value: string, date: string, unit: string | null = null) => ({ code, value, unit, date });

  it("reads ACVPU words: delirium and new or worsening confusion are C; confusion not said to be new is neither level", () => {
    expect(["Delirious", "worsening confusion", "Acutely confused.", "new-onset confusion"].map(parseConsciousness)).toEqual(Array(4).fill("new_confusion"));
    expect(["Responds to voice", "verbal", "responds to painful stimuli", "no response", "A&O x3"].map(parseConsciousness)).toEqual(["voice", "voice", "pain", "unresponsive", "alert"]);
    expect(parseConsciousness("confused")).toBeUndefined();
    expect(parseConsciousness("pt confusion")).toBeUndefined();
    expect(consciousnessProblem("pt confusion")).toMatch(/whether the confusion is new/);
    expect(consciousnessProblem("drowsy")).toMatch(/must be one of/);
  });

  it("reads air and oxygen as charted, and leaves a negated or unknown device unread", () => {
    const read = (value: string) => latestRecordedVitals(k, [obs("local:supplemental-oxygen", value, "2026-11-27")]).supplementalOxygen?.value;
    expect(["On RA", "room air", "nil O2", "0 L/min"].map(read)).toEqual([false, false, false, false]);
    expect(["3 litres/min via face mask", "on 1L O2", "Venturi 40%", "NRBM 15 L", "nasal specs"].map(read)).toEqual([true, true, true, true, true]);
    expect(["weaned off O2 this morning", "CPAP", "?"].map(read)).toEqual([undefined, undefined, undefined]);
  });

  it("takes the number out of a value that carries its unit, and converts a Fahrenheit temperature", () => {
    const got = latestRecordedVitals(k, [
      obs("59408-5", "93 %", "2026-11-27"), obs("9279-1", "24 /min", "2026-11-27"), obs("8480-6", "96/58", "2026-11-27", "mmHg"),
      obs("8310-5", "99.5", "2026-11-27", "degF"),
    ]);
    expect([got.spo2?.value, got.respirationRate?.value, got.systolicBp?.value, got.temperature?.value]).toEqual([93, 24, 96, 37.5]);
    expect(latestRecordedVitals(k, [obs("8310-5", "104°F", "2026-11-27")]).temperature?.value).toBe(40);
  });

  it("never lets an older reading stand in for a newer one it cannot read", () => {
    const got = latestRecordedVitals(k, [obs("8867-4", "irregular", "2026-11-27"), obs("8867-4", "72", "2026-11-26"), obs("8310-5", "99.1", "2026-11-27"), obs("8310-5", "36.9", "2026-11-26")]);
    expect(got.pulse).toBeUndefined();
    expect(got.temperature).toBeUndefined();
  });
});
