/**
 * Newborn critical limits (lab-limits `critical_by_age`, 2026.11.11; critical-value engine 1.5.0): a band
 * replaces the adult limit on the side it gives, for ages 0 to max_age_days completed days, in every unit the
 * test accepts; outside the band the adult limits (or the child refusal) apply. Values and wordings are not
 * those of the blind sets. Children's bands (Kost 1991, lab-limits 2026.11.13, engine 1.7.0) at the end.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { isoDateDaysAgo } from "../../../lib/seed.js";
import { indexKnowledge, KNOWLEDGE_FILES, knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { LabTest } from "../knowledge/knowledge.types.js";
import { assessCriticalValue, childLimitWarnings, childWithoutCriticalLimit, conversionFactor, criticalBandFor, criticalLimitsFor, thresholdInUnit } from "./critical-values.engine.js";
import { assessChartedResult } from "./censored-result.js";

const k = knowledgeFromFiles();
const test = (loinc: string) => {
  const t = k.labTests.get(loinc);
  if (!t) throw new Error(`no ${loinc}`);
  return t;
};
const banded = [...k.labTests.values()].filter((t) => t.critical_by_age?.length);
const unitsOf = (t: LabTest) => Object.keys(t.units).filter((u) => u !== "");

describe("every age band of lab-limits", () => {
  it("is held for newborn bilirubin, glucose, arterial pH and ammonia, and children's glucose, potassium, sodium, platelets and white cells, each with a source", () => {
    expect(banded.map((t) => t.loinc).sort()).toEqual(["1975-2", "22763-7", "2345-7", "2744-1", "2823-3", "2951-2", "6690-2", "777-3"]);
    for (const t of banded) for (const b of t.critical_by_age!) expect(b.source).toMatch(/\w+.*\d{4}|wakemed|citilab|newcastle/i);
  });

  it.each(banded.flatMap((t) => t.critical_by_age!.map((b) => [t.loinc, b.id, b.min_age_days ?? 0, b.max_age_days] as const)))(
    "%s %s applies from day %i to day %i and not the day after, on the sides it gives",
    (loinc, id, minDays, maxDays) => {
      const t = test(loinc);
      for (const days of [minDays, Math.min(minDays + 1, maxDays), Math.floor((minDays + maxDays) / 2), maxDays]) expect(criticalBandFor(t, days)?.id).toBe(id);
      expect(criticalBandFor(t, maxDays + 1)?.max_age_days ?? maxDays + 1).toBeGreaterThan(maxDays);
      expect(criticalBandFor(t, undefined)).toBeUndefined();
      const oldest = Math.max(...t.critical_by_age!.map((b) => b.max_age_days));
      expect(criticalLimitsFor(t, oldest + 1)).toMatchObject({ low: t.critical_low, high: t.critical_high });
      const band = criticalBandFor(t, minDays)!;
      const inBand = criticalLimitsFor(t, minDays);
      expect(inBand.low).toEqual(band.critical_low === undefined ? t.critical_low : band.critical_low);
      expect(inBand.high).toEqual(band.critical_high === undefined ? t.critical_high : band.critical_high);
    },
  );

  it.each(banded.flatMap((t) => unitsOf(t).map((u) => [t.loinc, u] as const)))("%s in %s: just beyond the newborn limit is critical at 2 days, and assessed with the adult limits the day after the band", (loinc, unit) => {
    const t = test(loinc);
    const high = criticalLimitsFor(t, 2).high!;
    const factor = conversionFactor(t, unit)!;
    const beyond = (high.value * 1.02) / factor;
    const inside = (high.value * 0.98) / factor;
    expect(assessCriticalValue(t, beyond, unit, null, 2).deviation).toBe("severely_high");
    expect(assessCriticalValue(t, inside, unit, null, 2).isCritical).toBe(false);
    const adult = assessCriticalValue(t, beyond, unit, null, criticalBandFor(t, 2)!.max_age_days + 1);
    expect(adult.isCritical).toBe(t.critical_high !== null && beyond * factor > t.critical_high.value);
  });
});

describe("newborn bilirubin and glucose", () => {
  it("applies ≥ 15 mg/dL to total bilirubin sent in mg/dL, µmol/L or mg/L through day 30, with newborn wording", () => {
    const t = test("1975-2");
    expect(assessCriticalValue(t, 15, "mg/dL", "female", 10).isCritical).toBe(true);
    expect(assessCriticalValue(t, 14.9, "mg/dL", "female", 30).isCritical).toBe(false);
    expect(assessCriticalValue(t, 300, "umol/L", "male", 6).isCritical).toBe(true);
    expect(assessCriticalValue(t, 180, "mg/L", "male", 21).isCritical).toBe(true);
    const a = assessCriticalValue(t, 18, "mg/dL", "male", 4);
    expect(a.clinicalSignificance).toMatch(/neonatal hyperbilirubinaemia/);
    expect(a.recommendedActions.join(" ")).toMatch(/phototherapy/);
    expect(a.criticalLimits).toBe("≥ 15 mg/dL");
  });

  it("refuses a child's bilirubin after day 30 and never an adult's; a newborn's is assessed", () => {
    const t = test("1975-2");
    expect(childWithoutCriticalLimit(t, 0, 18, 12)).toBeNull();
    expect(childWithoutCriticalLimit(t, 0, 18, 31)).toMatch(/under 18/);
    expect(childWithoutCriticalLimit(t, 7, 18, 2600)).toMatch(/under 18/);
    expect(childWithoutCriticalLimit(t, 40, 18, 14600)).toBeNull();
    expect(assessCriticalValue(t, 25, "mg/dL", null, 14600).criticalLimits).toBe("none defined");
  });

  it("keeps the adult low glucose limit for a newborn and lowers the high one to > 200 mg/dL", () => {
    const t = test("2345-7");
    expect(assessCriticalValue(t, 45, "mg/dL", null, 1).isCritical).toBe(true); // adult < 50 mg/dL kept
    expect(assessCriticalValue(t, 12, "mmol/L", null, 8).deviation).toBe("severely_high"); // 216 mg/dL
    expect(assessCriticalValue(t, 12, "mmol/L", null, 30).isCritical).toBe(false);
    expect(assessCriticalValue(t, 200, "mg/dL", null, 8).isCritical).toBe(false); // strict
  });

  it("says which limits applied: the newborn band's, or adult limits for an older child", () => {
    expect(childLimitWarnings(test("1975-2"), 0, 5, "v")[0]).toMatch(/^The patient is 5 days old: the newborn critical limits of Bilirubin.total \(2-30 days\) apply \(.*WakeMed/);
    expect(childLimitWarnings(test("17861-6"), 0, 5, "v")[0]).toMatch(/under 1 year old: the reference interval and critical limits are adult limits/);
    expect(childLimitWarnings(test("2345-7"), 3, 1200, "v")[0]).toMatch(/3 years old: .*adult limits/);
    expect(childLimitWarnings(test("2345-7"), 30, 11000, "v")).toEqual([]);
  });
});

describe("the loader refuses an age band", () => {
  const read = (n: string) => JSON.parse(readFileSync(new URL(`../knowledge/${n}.json`, import.meta.url), "utf8"));
  const files = () => Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, read(n)])) as Parameters<typeof indexKnowledge>[0];
  const withBand = (band: Record<string, unknown>) => {
    const f = files();
    const lab = f["lab-limits"] as unknown as { tests: LabTest[] };
    lab.tests.find((t) => t.loinc === "2823-3")!.critical_by_age = [band as never];
    return f;
  };
  it.each([
    ["without a source", { id: "newborn", max_age_days: 28, critical_high: { value: 7 } }],
    ["without a limit", { id: "newborn", max_age_days: 28, source: "a list" }],
    ["with a fractional or negative age", { id: "newborn", max_age_days: -1, critical_high: { value: 7 }, source: "a list" }],
  ])("%s", (_why, band) => {
    expect(() => indexKnowledge(withBand(band))).toThrow(/critical_by_age band needs/);
  });
});

describe("a charted result (handoff, copilot, SOAP note) gets the age band of the day it was taken", () => {
  it.each(banded.map((t) => [t.loinc] as const))("%s: a value critical only in the newborn band is critical when charted in the band, not when charted after it", (loinc) => {
    const t = test(loinc);
    const band = criticalBandFor(t, 0)!;
    const unit = unitsOf(t)[0];
    const factor = conversionFactor(t, unit)!;
    // Just beyond the band's limit on the side it gives, and inside the adult limits.
    const canonical = band.critical_high ? band.critical_high.value * 1.01 : band.critical_low!.value * 0.99;
    const value = canonical / factor;
    const patient = { sex: "female", birthDate: "2026-11-01" };
    // Charted on a day the band holds (a one-day band, e.g. bilirubin's NICE day 0, holds only its own day).
    const day = Math.min(2, band.max_age_days);
    const inBand = assessChartedResult(t, value, { unit, date: isoDateDaysAgo(-day, new Date("2026-11-01T00:00:00Z")) }, patient).assessment;
    const after = assessChartedResult(t, value, { unit, date: isoDateDaysAgo(-(band.max_age_days + 1), new Date("2026-11-01T00:00:00Z")) }, patient).assessment;
    expect(inBand.isCritical).toBe(true);
    expect(inBand).toEqual(assessCriticalValue(t, value, unit, patient.sex, day));
    expect(after.isCritical).toBe(assessCriticalValue(t, value, unit, patient.sex).isCritical);
  });
});

describe("children's limits (Kost 1991, lab-limits 2026.11.13): under 18 years, where more sensitive than the adult limit", () => {
  const YEAR = 365.25;
  const children = banded.flatMap((t) => t.critical_by_age!.filter((b) => b.id === "child").map((b) => [t.loinc, b] as const));

  it("are held for glucose (high), potassium, sodium, platelets and white cells (low), each citing Kost 1991", () => {
    expect(children.map(([l]) => l).sort()).toEqual(["2345-7", "2823-3", "2951-2", "6690-2", "777-3"]);
    for (const [, b] of children) expect(b.source).toMatch(/Pediatrics 1991;88:597-603/);
  });

  it.each(children)("%s: each side the band gives is more sensitive than the adult limit on that side", (loinc, b) => {
    const t = test(loinc);
    if (b.critical_low) expect(b.critical_low.value).toBeGreaterThan(t.critical_low!.value);
    if (b.critical_high) expect(b.critical_high.value).toBeLessThan(t.critical_high!.value);
  });

  it.each(children.flatMap(([loinc]) => unitsOf(test(loinc)).map((u) => [loinc, u] as const)))("%s in %s: at a child's limit not critical, beyond it critical, and the adult limits again at 18", (loinc, unit) => {
    const t = test(loinc);
    const band = t.critical_by_age!.find((b) => b.id === "child")!;
    const factor = conversionFactor(t, unit)!;
    const days = [band.min_age_days ?? 0, Math.floor(2 * YEAR), Math.floor(13.5 * YEAR), band.max_age_days];
    for (const [side, limit] of [["high", band.critical_high], ["low", band.critical_low]] as const) {
      if (!limit) continue;
      const at = thresholdInUnit(limit.value, factor, side); // the limit as shown in this unit (rounded in the safe direction)
      const beyond = (limit.value * (side === "high" ? 1.02 : 0.98)) / factor;
      for (const d of days) {
        expect(assessCriticalValue(t, beyond, unit, null, d).deviation, `${d} days`).toBe(side === "high" ? "severely_high" : "severely_low");
        expect(assessCriticalValue(t, at, unit, null, d).isCritical, `${d} days`).toBe(false);
      }
      const adult = t[side === "high" ? "critical_high" : "critical_low"]!;
      const adultCritical = side === "high" ? beyond * factor > adult.value : beyond * factor < adult.value;
      expect(assessCriticalValue(t, beyond, unit, null, band.max_age_days + 1).isCritical).toBe(adultCritical);
    }
  });

  it("keeps the newborn glucose band in the first 30 days and the child's from day 30", () => {
    const t = test("2345-7");
    expect(criticalBandFor(t, 29)?.id).toBe("newborn");
    expect(criticalBandFor(t, 30)?.id).toBe("child");
    expect(assessCriticalValue(t, 26.1, "mmol/L", "male", Math.floor(9 * YEAR)).deviation).toBe("severely_high"); // 470 mg/dL > 445
    expect(assessCriticalValue(t, 26.1, "mmol/L", "male", Math.floor(30 * YEAR)).isCritical).toBe(false); // adult > 500 mg/dL
    expect(assessCriticalValue(t, 2.7, "mmol/L", "male", Math.floor(9 * YEAR)).isCritical).toBe(true); // adult < 50 mg/dL kept
  });

  it("says a child's limits applied, giving the age in years", () => {
    expect(childLimitWarnings(test("2951-2"), 11, Math.floor(11.4 * YEAR), "v")[0]).toMatch(/^The patient is 11 years old: the child critical limits of Sodium \(0 days to 17 years\) apply \(.*Kost/);
  });
});
