import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { assessPaediatricSepsis, type ScreenAge } from "./sepsis.paediatric.engine.js";
import type { SepsisInputs } from "./sepsis.engine.js";

/** Class (set 2, children): an altered mental state short of Goldstein's GCS <= 11 was "low, routine" for a child. */
const p = knowledgeFromFiles().sepsis.paediatric;
const days = (d: number): ScreenAge => ({ years: Math.floor(d / 365.25), days: d });

/** One afebrile child per Goldstein age group, vitals well inside the group's limits. */
const CHILDREN: [string, ScreenAge, SepsisInputs][] = [
  ["5-day-old", days(5), { heart_rate: 135, respiratory_rate: 40, systolic_bp: 72, temperature: 36.9, gcs: 15, wbc: 14, lactate: null }],
  ["3-week-old", days(21), { heart_rate: 145, respiratory_rate: 34, systolic_bp: 88, temperature: 37.2, gcs: 15, wbc: 11, lactate: null }],
  ["10-month-old", days(305), { heart_rate: 125, respiratory_rate: 28, systolic_bp: 92, temperature: 36.8, gcs: 15, wbc: 9, lactate: null }],
  ["4-year-old", days(4 * 365 + 40), { heart_rate: 100, respiratory_rate: 21, systolic_bp: 98, temperature: 37.3, gcs: 15, wbc: 8, lactate: 1.0 }],
  ["10-year-old", days(10 * 365 + 90), { heart_rate: 88, respiratory_rate: 17, systolic_bp: 108, temperature: 36.6, gcs: 15, wbc: 7, lactate: null }],
  ["16-year-old", days(16 * 365 + 200), { heart_rate: 78, respiratory_rate: 13, systolic_bp: 118, temperature: 36.9, gcs: 15, wbc: 6.5, lactate: null }],
];

describe("a child's altered mental state (GCS < 15, NICE NG51 high-risk criterion) escalates the screen", () => {
  it.each(CHILDREN)("%s: GCS 15 stays low and routine; GCS 14 is moderate, immediate, named in extreme vitals", (_label, age, well) => {
    expect(assessPaediatricSepsis(p, well, age)).toMatchObject({ sepsisRisk: "low", timeToIntervention: "routine", extremeVitals: [] });
    const r = assessPaediatricSepsis(p, { ...well, gcs: 14 }, age);
    expect(r).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate", alertTriggered: false, organDysfunction: [] });
    expect(r.extremeVitals).toEqual([expect.stringMatching(/^GCS 14 < 15 \(altered mental state/)]);
    expect(r.recommendations[0]).toMatch(/Altered mental state .*blood glucose/);
  });

  it("keeps GCS 12 below organ dysfunction (moderate) and GCS 11 at Goldstein's neurological dysfunction (high, alert)", () => {
    const [, age, well] = CHILDREN[4];
    expect(assessPaediatricSepsis(p, { ...well, gcs: 12 }, age)).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate", organDysfunction: [] });
    expect(assessPaediatricSepsis(p, { ...well, gcs: 11 }, age)).toMatchObject({ sepsisRisk: "high", alertTriggered: true, timeToIntervention: "immediate", organDysfunction: ["Neurological: GCS 11 <= 11"] });
  });

  it("does not lower a pSIRS-positive child and keeps both advices when the heart rate is also under 60", () => {
    const [, age, well] = CHILDREN[2];
    const febrile = assessPaediatricSepsis(p, { ...well, temperature: 39.4, heart_rate: 188, gcs: 13 }, age);
    expect(febrile).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate", sirsCriteriaMet: 2 });
    const both = assessPaediatricSepsis(p, { ...well, heart_rate: 52, gcs: 13 }, age);
    expect(both.extremeVitals).toHaveLength(2);
    expect(both.recommendations.slice(0, 2)).toEqual([p.extreme_vitals.advice, p.extreme_vitals.gcs_advice]);
  });

  it("takes the GCS limit and its source from sepsis.json", () => {
    expect(p.extreme_vitals.gcs_below).toBe(15);
    expect(p.extreme_vitals.gcs_source).toMatch(/NICE NG51/);
  });
});
