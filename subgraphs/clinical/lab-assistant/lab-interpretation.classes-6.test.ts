import { describe, expect, it } from "vitest";
import { childWithoutCriticalLimit } from "../critical-values/critical-values.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { interpretLabResult, seriesDirection, type PriorResult } from "./lab-interpretation.engine.js";

// Classes from blind set 6 (session 19); wordings and values appear in no fixture.
const k = knowledgeFromFiles();
const CREATININE = "2160-0";
const ALP = "6768-6";
const DATE = "2026-10-14";
const days = (years: number) => Math.floor(years * 365.25);
const flagOf = (loinc: string, value: number, unit: string, sex: string | null, ageDays?: number) =>
  interpretLabResult(k.labTests.get(loinc)!, value, unit, sex, [], k.labDeltaChecks.get(loinc), DATE, ageDays).flag;
const prior = (value: string, date: string, unit = "mmol/L", comparator: string | null = null): PriorResult => ({ value, unit, date, comparator });

describe("creatinine reference intervals by sex (MedlinePlus: men 0.7-1.3, women 0.6-1.1 mg/dL)", () => {
  it("reads the same value as high in a woman and normal in a man", () => {
    expect(flagOf(CREATININE, 1.18, "mg/dL", "female", days(52))).toBe("H");
    expect(flagOf(CREATININE, 1.18, "mg/dL", "male", days(52))).toBe("N");
    expect(flagOf(CREATININE, 104, "µmol/L", "female", days(39))).toBe("H");
  });

  it("keeps the interval spanning both sexes when the sex is not known", () => {
    expect(flagOf(CREATININE, 1.25, "mg/dL", null, days(44))).toBe("N");
  });
});

describe("creatinine reference intervals by age (Quest Diagnostics Nichols Institute table)", () => {
  it("calls a school child's adult-normal creatinine high", () => {
    expect(flagOf(CREATININE, 0.85, "mg/dL", "male", days(6))).toBe("H");
    expect(flagOf(CREATININE, 0.9, "mg/dL", "female", days(12))).toBe("H");
  });

  it("does not call a small child's normal creatinine low", () => {
    expect(flagOf(CREATININE, 0.35, "mg/dL", "female", days(5))).toBe("N");
    expect(flagOf(CREATININE, 31, "umol/L", "male", days(3))).toBe("N");
  });

  it("reads a day-old baby's creatinine (the mother's) against the newborn interval", () => {
    expect(flagOf(CREATININE, 1.45, "mg/dL", "female", 1)).toBe("N");
    expect(flagOf(CREATININE, 1.45, "mg/dL", "female", days(30))).toBe("H");
  });
});

describe("alkaline phosphatase (adults by sex; children not assessed)", () => {
  it("flags against the adult interval of the patient's sex", () => {
    expect(flagOf(ALP, 115, "U/L", "female", days(61))).toBe("H");
    expect(flagOf(ALP, 115, "IU/L", "male", days(61))).toBe("N");
    expect(flagOf(ALP, 2.5, "µkat/L", "male", days(47))).toBe("H"); // 150 U/L
  });

  it("refuses a child's result: children's intervals are not held and there is no critical limit", () => {
    expect(childWithoutCriticalLimit(k.labTests.get(ALP)!, 11, 18, days(11))).toMatch(/under 18/);
  });
});

describe("direction of a series of results", () => {
  const potassium = k.labTests.get("2823-3")!;
  const series = (value: number, priors: PriorResult[]) => interpretLabResult(potassium, value, "mmol/L", "male", priors, undefined, DATE).series;

  it("says rising, falling, unchanged or mixed over three results or more", () => {
    expect(series(4.3, [prior("4.0", "2026-10-12"), prior("3.6", "2026-10-09"), prior("3.2", "2026-10-05")])).toBe("rising");
    expect(series(3.1, [prior("3.4", "2026-10-13"), prior("3.4", "2026-10-11"), prior("3.9", "2026-10-08")])).toBe("falling");
    expect(series(4.4, [prior("4.2", "2026-10-13"), prior("4.6", "2026-10-10"), prior("4.0", "2026-10-06")])).toBe("mixed");
  });

  it("gives no series for two results, and leaves censored priors out of it", () => {
    expect(series(5.0, [prior("4.1", "2026-10-13")])).toBeNull();
    expect(series(5.0, [prior("4.1", "2026-10-13"), prior("2.0", "2026-10-10", "mmol/L", "<")])).toBeNull();
  });

  it("uses the latest five results only", () => {
    const older = ["3.6", "3.4", "3.2", "3.0", "9.9"].map((v, i) => prior(v, `2026-10-0${8 - i}`));
    expect(series(3.8, older)).toBe("rising");
    expect(seriesDirection([1, 1, 1])).toBe("unchanged");
  });
});
