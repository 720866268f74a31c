import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { recommendationsFor, scoreRecord } from "./risk-scores.service.js";

const k = knowledgeFromFiles();
const today = new Date().toISOString().slice(0, 10);
const obs = (code: string, value: string | number, unit: string | null = null) => ({ id: code, patientUhid: "UG-T", code, display: code, value: String(value), unit, date: today });

/** A record as loadPatientRecord returns it, with only what the scores read. */
function record(age: number, sex: string, opts: { dx?: string[]; smoking?: string; sbp?: number; tc?: number; hdl?: number } = {}): PatientRecord {
  const o = [
    ...(opts.sbp ? [obs("8480-6", opts.sbp, "mmHg")] : []),
    ...(opts.tc ? [obs("2093-3", opts.tc, "mg/dL")] : []),
    ...(opts.hdl ? [obs("2085-9", opts.hdl, "mg/dL")] : []),
    ...(opts.smoking ? [obs("72166-2", opts.smoking)] : []),
  ];
  return {
    patient: { uhid: "UG-T", sex, birthDate: "2000-01-01", givenName: "T", familyName: "T" },
    age,
    dx: (opts.dx ?? []).map((code) => ({ id: code, patientUhid: "UG-T", code, display: code, status: "active", date: today })),
    meds: [],
    obs: o,
    enc: [],
    allergies: [],
  } as unknown as PatientRecord;
}

describe("one-year mortality (Charlson) says what it cannot know", () => {
  it("answers unknown, not low, when no diagnosis is recorded, and asks for the diagnoses", () => {
    const m = scoreRecord(k, record(60, "male"), ["mortality"]).mortality1year!;
    expect(m).toMatchObject({ score: null, category: "unknown", points: null });
    expect(m.missingInputs).toEqual([expect.stringMatching(/recorded diagnoses/)]);
    expect(m.factors[0]).toMatch(/unknown, not zero/);
  });

  it.each([0, 2, 17])("is not applied to a child of %i (Charlson is an adult index)", (age) => {
    const m = scoreRecord(k, record(age, "female", { dx: ["N18.3"] }), ["mortality"]).mortality1year!;
    expect(m).toMatchObject({ score: null, category: "unknown" });
    expect(m.factors[0]).toMatch(/not validated in children/);
    expect(m.missingInputs).toEqual([]);
  });

  it("still scores an adult with diagnoses (18 and over)", () => {
    const m = scoreRecord(k, record(18, "female", { dx: ["N18.3"] }), ["mortality"]).mortality1year!;
    expect(m).toMatchObject({ score: 0.26, points: 2 });
  });
});

describe("cardiovascular recommendations follow the model and the patient", () => {
  it("asks a 2-year-old's clinician to record nothing: no equation covers the age", () => {
    const scores = scoreRecord(k, record(2, "male"), ["cardiovascular"]);
    expect(scores.cardiovascular).toMatchObject({ score: null, category: "unknown", missingInputs: [] });
    expect(recommendationsFor(scores).join(" ")).not.toMatch(/Record|systolic/);
  });

  it.each([
    // age, smoking, expected model, band text, smoking advice?
    [77, "Never smoker", /Pooled Cohort/, /hard ASCVD/, false],
    [77, "Current every day smoker", /Pooled Cohort/, /hard ASCVD/, true],
    [60, "Never smoker", /Framingham/, /10-year CVD risk/, false],
    [60, "Current every day smoker", /Framingham/, /10-year CVD risk/, true],
  ])("age %i, %s: the model's outcome and thresholds, smoking cessation only for a smoker", (age, smoking, model, outcome, cessation) => {
    const scores = scoreRecord(k, record(age, "male", { smoking, sbp: 170, tc: 260, hdl: 35, dx: ["E11.9"] }), ["cardiovascular"]);
    const cv = scores.cardiovascular!;
    expect(cv.model).toMatch(model);
    expect(["moderate", "high"]).toContain(cv.category);
    const text = recommendationsFor(scores).join(" ");
    expect(text).toMatch(outcome);
    expect(/smoking cessation/.test(text)).toBe(cessation);
    if (cv.model.startsWith("Pooled") && cv.category === "moderate") expect(text).toMatch(/7\.5-20%/);
    if (cv.model.startsWith("Pooled")) expect(text).not.toMatch(/10-20%/);
  });

  it("gives the Pooled Cohort moderate band from 7.5%", () => {
    const cv = { model: "Pooled Cohort Equations 2013 (10-year hard ASCVD)", category: "moderate", score: 0.08, inputs: [{ name: "smoker", value: "false" }], missingInputs: [], factors: [], points: null, source: "" };
    expect(recommendationsFor({ cardiovascular: cv as never })[0]).toMatch(/^10-year hard ASCVD risk 7\.5-20%/);
  });
});

describe("readmission (LACE) with no recorded diagnoses", () => {
  const admitted = (dx: string[]) => {
    const r = record(60, "female", { dx });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    (r as unknown as { enc: unknown[] }).enc = [{ id: "E1", patientUhid: "UG-T", type: "inpatient", date: day(10), dischargeDate: day(5) }];
    return scoreRecord(k, r, ["readmission"]).readmission30day!;
  };

  it("scores what it knows but names the diagnoses as missing: C is a lower bound, not zero comorbidity", () => {
    const lace = admitted([]);
    expect(lace.points).not.toBeNull();
    expect(lace.missingInputs).toEqual([expect.stringMatching(/recorded diagnoses/)]);
    expect(lace.factors.find((f) => f.startsWith("C:"))).toMatch(/unknown, not absent/);
  });

  it("has nothing missing when diagnoses are recorded", () => {
    expect(admitted(["I50.9"]).missingInputs).toEqual([]);
  });
});
