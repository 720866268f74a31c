/**
 * Reference intervals by age (lab-limits `reference_by_age`, 2026.11.13; critical-value engine 1.7.0): a
 * child's haemoglobin is low below WHO's anaemia cut-off for the age (2024 guideline), not below the adult
 * interval; from 15 years, and under 6 months, the adult interval applies. Values are not those of the blind sets.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { indexKnowledge, KNOWLEDGE_FILES, knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { assessCriticalValue, childLimitWarnings, referenceBandFor, referenceRange } from "./critical-values.engine.js";

const k = knowledgeFromFiles();
const hb = k.labTests.get("718-7")!;
// WHO's children's bands; the newborn first-week band (lab-limits 2026.11.16) is tested on its own below.
const bands = (hb.reference_by_age ?? []).filter((b) => b.source.includes("WHO"));
const newborn = (hb.reference_by_age ?? []).find((b) => b.id === "newborn first week")!;

describe("haemoglobin reference intervals for children", () => {
  it("cover 6 months to 14 years without gaps or overlaps, each with WHO's cut-off as the low end and its source", () => {
    expect(bands.map((b) => b.low)).toEqual([10.5, 11, 11.5, 12]);
    expect(bands[0].min_age_days).toBe(183);
    for (let i = 1; i < bands.length; i++) expect(bands[i].min_age_days).toBe(bands[i - 1].max_age_days + 1);
    expect(bands.at(-1)!.max_age_days).toBe(5478); // 15 years = 5478.75 days
    for (const b of bands) {
      expect(b.source).toMatch(/WHO.*2024/);
      expect(b.high).toBeUndefined();
    }
  });

  it.each(bands.flatMap((b) => ["male", "female", null].map((sex) => [b.id, sex, b] as const)))("%s (%s): at WHO's cut-off normal, just below it low, in g/dL and g/L", (_id, sex, b) => {
    for (const days of [b.min_age_days!, b.max_age_days]) {
      expect(referenceRange(hb, sex, days)[0]).toBe(b.low);
      expect(assessCriticalValue(hb, b.low!, "g/dL", sex, days).deviation).toBe("normal");
      expect(assessCriticalValue(hb, b.low! * 10, "g/L", sex, days).deviation).toBe("normal");
      expect(assessCriticalValue(hb, b.low! - 0.1, "g/dL", sex, days).deviation).toBe("low");
      // The high end stays the adult one for the patient's sex.
      expect(referenceRange(hb, sex, days)[1]).toBe(referenceRange(hb, sex)[1]);
    }
  });

  it("uses the adult interval from 15 years, from 90 days to 6 months and when the age is unknown", () => {
    // Session 22 (lab-limits 2026.11.27): Harriet Lane bands cover days 0-3 and 8-89 (lab-interpretation.classes-10.test.ts).
    for (const days of [5479, 182, 90, undefined, null]) expect(referenceBandFor(hb, days)).toBeUndefined();
    expect(assessCriticalValue(hb, 12.6, "g/dL", "male", 5479).deviation).toBe("low"); // adult male 13.5
    expect(assessCriticalValue(hb, 12.6, "g/dL", "male", 5478).deviation).toBe("normal"); // 14 years: WHO 12.0
  });

  it("says which end of the interval is a child's", () => {
    const w = childLimitWarnings(hb, 7, Math.floor(7.3 * 365.25), "v")[0];
    expect(w).toMatch(/^The patient is 7 years old: the reference interval's low end 11.5 g\/dL is for ages 5 to 11 years \(WHO/);
    expect(w).toMatch(/critical limits are adult limits/);
  });
});

describe("haemoglobin in the first week of life (Harriet Lane 14.5-22.5 g/dL on days 0-3, MedlinePlus newborn 14-24 g/dL after)", () => {
  it.each([0, 1, 3, 7])("day %i: the newborn interval applies, so a normal newborn's high Hb is not flagged high", (days) => {
    expect(referenceBandFor(hb, days)?.id).toBe(days <= 3 ? "1-3 days" : newborn.id);
    expect(referenceRange(hb, "female", days)).toEqual(days <= 3 ? [14.5, 22.5] : [14, 24]);
    expect(assessCriticalValue(hb, 18.4, "g/dL", "male", days).deviation).toBe("normal");
    expect(assessCriticalValue(hb, 139, "g/L", "female", days).deviation).toBe("low");
    expect(newborn.source).toMatch(/MedlinePlus/);
  });
});

describe("the loader refuses a reference age band", () => {
  const read = (n: string) => JSON.parse(readFileSync(new URL(`../knowledge/${n}.json`, import.meta.url), "utf8"));
  const withBand = (band: Record<string, unknown>) => {
    const f = Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, read(n)])) as Parameters<typeof indexKnowledge>[0];
    (f["lab-limits"] as unknown as { tests: LabTest[] }).tests.find((t) => t.loinc === "718-7")!.reference_by_age = [band as never];
    return f;
  };
  it.each([
    ["without a source", { id: "x", max_age_days: 100, low: 10 }],
    ["without an end", { id: "x", max_age_days: 100, source: "a list" }],
    ["starting after it ends", { id: "x", min_age_days: 200, max_age_days: 100, low: 10, source: "a list" }],
  ])("%s", (_why, band) => {
    expect(() => indexKnowledge(withBand(band))).toThrow(/reference_by_age band needs/);
  });
});
