import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { bandScore, scoreNews2, spo2Score, type News2Vitals } from "./news2.engine.js";

const k = knowledgeFromFiles().news2;
const p = k.parameters;
/** All zero: RR 16, SpO2 97 on air, SBP 120, pulse 70, alert, 37.0 °C. */
const NORMAL: News2Vitals = { respirationRate: 16, spo2: 97, spo2Scale: 1, supplementalOxygen: false, systolicBp: 120, pulse: 70, consciousness: "alert", temperature: 37.0 };

// Every band edge of RCP NEWS2 Chart 1 (2017): the value on each side of every boundary.
describe("NEWS2 chart boundaries (RCP 2017, Chart 1)", () => {
  it.each([
    [5, 3], [8, 3], [9, 1], [11, 1], [12, 0], [20, 0], [21, 2], [24, 2], [25, 3], [40, 3],
  ])("respiration rate %d → %d", (v, s) => expect(bandScore(p.respiration_rate.bands, v)).toBe(s));

  it.each([
    [85, 3], [91, 3], [92, 2], [93, 2], [94, 1], [95, 1], [96, 0], [100, 0],
  ])("SpO2 scale 1 %d%% → %d (on air or oxygen alike)", (v, s) => {
    expect(spo2Score(k, v, 1, false)).toBe(s);
    expect(spo2Score(k, v, 1, true)).toBe(s);
  });

  it.each([
    // value, on oxygen, score
    [80, false, 3], [83, false, 3], [84, false, 2], [85, false, 2], [86, false, 1], [87, false, 1], [88, false, 0], [92, false, 0],
    [83, true, 3], [88, true, 0], [92, true, 0],
    [93, false, 0], [97, false, 0], [100, false, 0],
    [93, true, 1], [94, true, 1], [95, true, 2], [96, true, 2], [97, true, 3], [100, true, 3],
  ])("SpO2 scale 2 %d%% (oxygen: %s) → %d", (v, o2, s) => expect(spo2Score(k, v, 2, o2)).toBe(s));

  it("air scores 0 and supplemental oxygen 2", () => {
    expect(scoreNews2(k, NORMAL).parameters.find((x) => x.parameter === "air_or_oxygen")!.score).toBe(0);
    expect(scoreNews2(k, { ...NORMAL, supplementalOxygen: true }).parameters.find((x) => x.parameter === "air_or_oxygen")!.score).toBe(2);
  });

  it.each([
    [70, 3], [90, 3], [91, 2], [100, 2], [101, 1], [110, 1], [111, 0], [219, 0], [220, 3], [250, 3],
  ])("systolic BP %d → %d", (v, s) => expect(bandScore(p.systolic_bp.bands, v)).toBe(s));

  it.each([
    [30, 3], [40, 3], [41, 1], [50, 1], [51, 0], [90, 0], [91, 1], [110, 1], [111, 2], [130, 2], [131, 3], [180, 3],
  ])("pulse %d → %d", (v, s) => expect(bandScore(p.pulse.bands, v)).toBe(s));

  it.each([
    ["alert", 0], ["new_confusion", 3], ["voice", 3], ["pain", 3], ["unresponsive", 3],
  ] as const)("consciousness %s → %d", (c, s) => expect(scoreNews2(k, { ...NORMAL, consciousness: c }).parameters.find((x) => x.parameter === "consciousness")!.score).toBe(s));

  it.each([
    [34.0, 3], [35.0, 3], [35.1, 1], [36.0, 1], [36.1, 0], [38.0, 0], [38.1, 1], [39.0, 1], [39.1, 2], [41.0, 2],
  ])("temperature %d °C → %d", (v, s) => expect(bandScore(p.temperature.bands, v)).toBe(s));
});

describe("NEWS2 aggregate, trigger and response (RCP 2017, Charts 3 and 4)", () => {
  it("a fully normal set scores 0: 12-hourly routine monitoring", () => {
    const r = scoreNews2(k, NORMAL);
    expect(r).toMatchObject({ total: 0, clinicalRisk: "low", singleParameterRed: false, escalate: false, monitoringFrequency: "Minimum 12-hourly" });
    expect(r.parameters).toHaveLength(7);
  });

  it("total 1-4 is low risk: 4-6-hourly, registered nurse assesses", () => {
    // RR 21 (2) + temperature 38.5 (1) + pulse 95 (1) = 4
    const r = scoreNews2(k, { ...NORMAL, respirationRate: 21, temperature: 38.5, pulse: 95 });
    expect(r).toMatchObject({ total: 4, clinicalRisk: "low", escalate: false, monitoringFrequency: "Minimum 4-6-hourly", response: "Ward-based response" });
  });

  it("a 3 in any single parameter with a total under 5 is low-medium: hourly, inform the medical team", () => {
    const r = scoreNews2(k, { ...NORMAL, consciousness: "new_confusion" });
    expect(r).toMatchObject({ total: 3, singleParameterRed: true, clinicalRisk: "low_medium", escalate: true, monitoringFrequency: "Minimum 1-hourly", response: "Urgent ward-based response" });
    expect(r.escalation[0]).toMatch(/informs the medical team/);
    expect(r.notes.join(" ")).toMatch(/confusion/);
  });

  it("total 5 is medium (the key threshold for urgent response) even with a single 3", () => {
    // SBP 90 (3) + RR 21 (2) = 5
    const r = scoreNews2(k, { ...NORMAL, systolicBp: 90, respirationRate: 21 });
    expect(r).toMatchObject({ total: 5, singleParameterRed: true, clinicalRisk: "medium", monitoringFrequency: "Minimum 1-hourly" });
    expect(r.escalation.join(" ")).toMatch(/urgent assessment/);
  });

  it("total 6 is still medium; total 7 is high: continuous monitoring and emergency assessment", () => {
    // oxygen (2) + SpO2 93 scale 1 (2) + RR 22 (2) = 6
    expect(scoreNews2(k, { ...NORMAL, supplementalOxygen: true, spo2: 93, respirationRate: 22 })).toMatchObject({ total: 6, clinicalRisk: "medium" });
    // + temperature 38.5 (1) = 7
    const r = scoreNews2(k, { ...NORMAL, supplementalOxygen: true, spo2: 93, respirationRate: 22, temperature: 38.5 });
    expect(r).toMatchObject({ total: 7, clinicalRisk: "high", monitoringFrequency: "Continuous monitoring of vital signs" });
    expect(r.escalation.join(" ")).toMatch(/critical care competencies/);
  });

  it("worked example: a septic patient (RR 26, SpO2 91 on oxygen, SBP 88, pulse 128, voice, 39.4 °C) scores the maximum bands", () => {
    const r = scoreNews2(k, { respirationRate: 26, spo2: 91, spo2Scale: 1, supplementalOxygen: true, systolicBp: 88, pulse: 128, consciousness: "voice", temperature: 39.4 });
    expect(Object.fromEntries(r.parameters.map((x) => [x.parameter, x.score]))).toEqual({
      respiration_rate: 3, spo2_scale_1: 3, air_or_oxygen: 2, systolic_bp: 3, pulse: 2, consciousness: 3, temperature: 2,
    });
    expect(r).toMatchObject({ total: 18, clinicalRisk: "high" });
  });

  it("worked example: a COPD patient on scale 2, SpO2 90% on oxygen, scores nothing for saturation but 2 for oxygen", () => {
    const r = scoreNews2(k, { ...NORMAL, spo2: 90, spo2Scale: 2, supplementalOxygen: true });
    expect(r.parameters.find((x) => x.parameter === "spo2_scale_2")!.score).toBe(0);
    expect(r).toMatchObject({ total: 2, clinicalRisk: "low" });
    expect(r.notes[0]).toMatch(/scale 2/);
    // The same saturation on scale 1 would score 3.
    expect(scoreNews2(k, { ...NORMAL, spo2: 90, supplementalOxygen: true })).toMatchObject({ total: 5, clinicalRisk: "medium" });
  });
});
