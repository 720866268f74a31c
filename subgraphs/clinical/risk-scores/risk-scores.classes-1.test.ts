import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { charlsonOneYearMortality, cvCategory, laceIndex } from "./risk-scores.engine.js";
import { scoreRecord } from "./risk-scores.service.js";

// Boundary tests for every threshold (session 19 blind set scored 20/20; values here appear in no fixture).
const k = knowledgeFromFiles();
const m = k.riskModels;
const o = m.framingham_2008.observations;

/** A stored record as loadPatientRecord returns it, with only the columns the scores read. */
function record(age: number, extra: { dx?: string[]; enc?: { type: string; date: string; dischargeDate?: string }[] } = {}): PatientRecord {
  const obs = [
    { code: o.total_cholesterol, value: "5.1", unit: "mmol/L", date: "2026-10-02" },
    { code: o.hdl, value: "1.3", unit: "mmol/L", date: "2026-10-02" },
    { code: o.systolic_bp, value: "128", unit: "mm[Hg]", date: "2026-10-02" },
    { code: o.smoking_status, value: "Never smoker", unit: null, date: "2026-10-02" },
  ];
  return {
    patient: { sex: "female", birthDate: "1950-01-01" },
    age,
    dx: (extra.dx ?? []).map((code) => ({ code, date: "2025-03-03", status: "active" })),
    meds: [],
    obs,
    enc: (extra.enc ?? []).map((e) => ({ dischargeDate: null, ...e })),
    allergies: [],
  } as unknown as PatientRecord;
}

describe("cardiovascular model by age (Framingham 2008 30-74, Pooled Cohort Equations to 79)", () => {
  it.each([
    [29, null],
    [30, "Framingham"],
    [74, "Framingham"],
    [75, "Pooled Cohort"],
    [79, "Pooled Cohort"],
    [80, null],
  ] as const)("age %i → %s", (age, model) => {
    const cv = scoreRecord(k, record(age), ["cardiovascular"]).cardiovascular!;
    if (model === null) expect([cv.score, cv.category, cv.missingInputs]).toEqual([null, "unknown", []]);
    else expect([cv.model.startsWith(model), typeof cv.score]).toEqual([true, "number"]);
  });
});

describe("category thresholds, both sides", () => {
  it("Framingham: < 10% low, 10-20% moderate, ≥ 20% high", () => {
    expect([0.0999, 0.1, 0.1999, 0.2].map((r) => cvCategory(m, r))).toEqual(["low", "moderate", "moderate", "high"]);
  });
  it("LACE: 0-4 low, 5-9 moderate, ≥ 10 high", () => {
    const lace = (charlson: number, ed: number) => laceIndex(m, { lengthOfStayDays: 2, acuteAdmission: false, charlson, edVisitsSixMonths: ed });
    expect([lace(2, 0), lace(3, 0), lace(3, 4), lace(4, 4)].map((x) => [x.points, x.category])).toEqual([
      [4, "low"],
      [5, "moderate"],
      [9, "moderate"],
      [11, "high"],
    ]);
  });
  it.each([
    [0, 2, 6, 13, 14],
  ])("LACE length of stay points at the band edges (van Walraven 2010)", (...days) => {
    const l = (d: number) => laceIndex(m, { lengthOfStayDays: d, acuteAdmission: false, charlson: 0, edVisitsSixMonths: 0 }).parts.l;
    expect(days.map(l)).toEqual([0, 2, 4, 5, 7]);
    expect([1, 3, 4, 7].map(l)).toEqual([1, 3, 4, 5]);
  });
  it("Charlson one-year mortality bands (Charlson 1987): 0 | 1-2 | 3-4 | ≥ 5", () => {
    expect([0, 1, 2, 3, 4, 5, 11].map((s) => charlsonOneYearMortality(m, s).mortality)).toEqual([0.12, 0.26, 0.26, 0.52, 0.52, 0.85, 0.85]);
  });
});

describe("readmission window and mortality age (from the stored record)", () => {
  const stay = { type: "inpatient", date: "2026-08-10", dischargeDate: "2026-08-13" };
  const edOn = (date: string) => ({ type: "emergency", date });
  it("counts an emergency visit 183 days before admission and not 184", () => {
    const e = (date: string) => scoreRecord(k, record(61, { dx: ["K25.9"], enc: [stay, edOn(date)] }), ["readmission"]).readmission30day!.inputs.find((i) => i.name === "ed_visits_6_months")!.value;
    expect([e("2026-02-08"), e("2026-02-07")]).toEqual(["1", "0"]);
  });
  it("interprets the Charlson index from 18 years, not at 17", () => {
    const mo = (age: number) => scoreRecord(k, record(age, { dx: ["K25.9"] }), ["mortality"]).mortality1year!;
    expect([mo(17).category, mo(18).category, mo(18).points]).toEqual(["unknown", "moderate", 1]);
  });
});
