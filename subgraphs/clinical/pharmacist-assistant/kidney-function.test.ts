import { describe, expect, it } from "vitest";
import { ckdEpi2021, creatinineMgPerDl, givenKidneyFunction, kidneyFunctionFromCreatinine, type CreatinineRow } from "./kidney-function.js";

// CKD-EPI 2021 without race (Inker et al., N Engl J Med 2021;385:1737-49):
// 142 × min(Scr/κ,1)^α × max(Scr/κ,1)^−1.200 × 0.9938^age × 1.012 [female]; κ 0.7 F / 0.9 M; α −0.241 F / −0.302 M.
describe("CKD-EPI 2021 creatinine equation", () => {
  it("gives the hand-worked values (4 significant figures)", () => {
    // Man, 50 y, 1.0 mg/dL: 142 × (1.0/0.9)^−1.2 (0.8812) × 0.9938^50 (0.7327) = 91.69.
    expect(ckdEpi2021(1.0, 50, "male")).toBeCloseTo(91.69, 1);
    // Woman, 50 y, 1.0 mg/dL: 142 × (1.0/0.7)^−1.2 (0.6518) × 0.7327 × 1.012 = 68.63.
    expect(ckdEpi2021(1.0, 50, "female")).toBeCloseTo(68.63, 1);
    // Woman, 60 y, 0.6 mg/dL (below κ): 142 × (0.6/0.7)^−0.241 (1.0379) × 0.9938^60 (0.6886) × 1.012 = 102.7.
    expect(ckdEpi2021(0.6, 60, "female")).toBeCloseTo(102.69, 1);
  });

  it("at a creatinine equal to κ both powers are 1: 142 × 0.9938^age (× 1.012 for a woman)", () => {
    expect(ckdEpi2021(0.9, 40, "male")).toBeCloseTo(142 * 0.9938 ** 40, 6);
    expect(ckdEpi2021(0.7, 40, "female")).toBeCloseTo(142 * 0.9938 ** 40 * 1.012, 6);
  });

  it("falls as creatinine rises and with age", () => {
    expect(ckdEpi2021(2.0, 70, "male")).toBeLessThan(ckdEpi2021(1.5, 70, "male"));
    expect(ckdEpi2021(1.5, 80, "female")).toBeLessThan(ckdEpi2021(1.5, 40, "female"));
  });
});

describe("creatinine units", () => {
  it("reads mg/dL and µmol/L (88.4 µmol/L = 1 mg/dL) in the ways units are written; anything else is unreadable", () => {
    expect(creatinineMgPerDl("1.3", "mg/dL")).toBe(1.3);
    for (const u of ["µmol/L", "umol/L", "μmol/l", "umol / L"]) expect(creatinineMgPerDl("176.8", u), u).toBeCloseTo(2.0, 6);
    expect(creatinineMgPerDl("1.3", "mmol/L")).toBeNull();
    expect(creatinineMgPerDl("1.3", null)).toBeNull();
    expect(creatinineMgPerDl("high", "mg/dL")).toBeNull();
  });
});

describe("the kidney function from the record's creatinine", () => {
  const today = "2026-06-30";
  const row = (date: string, value: string, unit = "mg/dL", code = "2160-0", comparator: string | null = null): CreatinineRow => ({ code, value, comparator, unit, date });

  it("uses the most recent creatinine of the last 90 days, with the equation named", () => {
    const kf = kidneyFunctionFromCreatinine([row("2026-05-01", "1.0"), row("2026-06-20", "2.0"), row("2026-01-01", "0.8")], 70, "male", today);
    expect(kf).toMatchObject({ source: "patient_record_creatinine", egfr: Math.round(ckdEpi2021(2.0, 70, "male")), creatinineValue: 2, creatinineUnit: "mg/dL", creatinineLoinc: "2160-0", measuredOn: "2026-06-20", equation: expect.stringMatching(/CKD-EPI 2021/), note: null });
  });

  it("takes a µmol/L result under its own LOINC code", () => {
    const kf = kidneyFunctionFromCreatinine([row("2026-06-29", "265", "µmol/L", "14682-9")], 60, "female", today);
    expect(kf.egfr).toBe(Math.round(ckdEpi2021(265 / 88.4, 60, "female")));
    expect(kf.creatinineLoinc).toBe("14682-9");
  });

  it("ignores a creatinine older than 90 days (90 days is in) and one dated after today", () => {
    expect(kidneyFunctionFromCreatinine([row("2026-04-01", "1.0")], 50, "male", today).source).toBe("patient_record_creatinine"); // 90 days
    expect(kidneyFunctionFromCreatinine([row("2026-03-31", "1.0")], 50, "male", today)).toMatchObject({ egfr: null, source: "none", measuredOn: null }); // 91 days
    expect(kidneyFunctionFromCreatinine([row("2026-07-02", "1.0")], 50, "male", today).source).toBe("none");
  });

  it("computes nothing for a child (Schwartz needs height), an unknown sex or age, an unknown unit or a censored value, and says why", () => {
    const cases: [CreatinineRow, number | null, string | null, RegExp][] = [
      [row("2026-06-01", "0.5"), 12, "female", /under 18.*Schwartz.*height/],
      [row("2026-06-01", "1.1"), 45, "unknown", /sex/],
      [row("2026-06-01", "1.1"), null, "male", /age is not known/],
      [row("2026-06-01", "1.1", "mmol/L"), 45, "male", /unit/],
      [row("2026-06-01", "0.3", "mg/dL", "2160-0", "<"), 45, "male", /censored/],
    ];
    for (const [r, age, sex, why] of cases) {
      const kf = kidneyFunctionFromCreatinine([r], age, sex, today);
      expect(kf, String(why)).toMatchObject({ egfr: null, source: "none", measuredOn: "2026-06-01", note: expect.stringMatching(why) });
    }
  });

  it("a given eGFR is used as given (whole number)", () => {
    expect(givenKidneyFunction(27.4)).toMatchObject({ egfr: 27, source: "request", equation: null, measuredOn: null });
  });
});
