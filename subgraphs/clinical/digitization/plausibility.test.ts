import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseLabResults } from "./lab-results.js";

/**
 * Results in molar (SI) units get the same plausibility check as conventional ones: each value is
 * converted exactly into the unit of its test's possible range (lab-limits.json, or the analyte's own
 * range in lab-loinc-units.json) and never compared with numbers of another unit
 * (docs/decisions/clinical.md, "Lab results").
 */
const read = (line: string) => parseLabResults(line);

/** The possible range of each analyte in one unit, and independent factors (MIRACUM loinc-conversion, UCUM) to every spelling reports use. */
const ANALYTES = [
  { name: "Creatinine", low: 0.03, high: 147.6, units: { "mg/dL": 1, "mg/L": 0.1, "umol/L": 1 / 88.42, "µmol/L": 1 / 88.42, "μmol/L": 1 / 88.42, "micromol/L": 1 / 88.42, "mcmol/L": 1 / 88.42, "mmol/L": 1000 / 88.42 } },
  { name: "Glucose", low: null, high: 11200, units: { "mg/dL": 1, "g/L": 100, "mmol/L": 18.016, "MMOL/L": 18.016 } },
  { name: "Calcium", low: 0.4, high: 40.2, units: { "mg/dL": 1, "mmol/L": 4.008, "mg/L": 0.1 } },
  { name: "Total cholesterol", low: 1.93, high: 1600, units: { "mg/dL": 1, "mmol/L": 38.67, "g/L": 100 } },
] as const;

const fmt = (x: number) => String(Number(x.toPrecision(4)));

describe("SI units: the possible range applies in the unit the value is written in", () => {
  for (const a of ANALYTES) {
    for (const [unit, toRangeUnit] of Object.entries(a.units)) {
      it(`${a.name} in ${unit}: just inside is read, just outside is named and not read`, () => {
        const edges: Array<[number, boolean]> = [];
        if (a.high !== null) edges.push([(a.high / toRangeUnit) * 0.98, true], [(a.high / toRangeUnit) * 1.02, false]);
        if (a.low !== null) edges.push([(a.low / toRangeUnit) * 1.02, true], [(a.low / toRangeUnit) * 0.98, false]);
        for (const [value, possible] of edges) {
          const line = `${a.name} ${fmt(value)} ${unit}`;
          const r = read(line);
          if (possible) expect(r.tests.map((t) => t.value), line).toEqual([Number(fmt(value))]);
          else {
            expect(r.tests, line).toEqual([]);
            // Said in the unit written (the range's own unit needs no "about").
            const said = unit === "mg/dL" ? "mg/dL" : `about [\\d.]+ ${unit.replace(/[/^]/g, "\\$&")}`;
            expect(r.unread.join("\n"), line).toMatch(new RegExp(`is not a possible .*${said}\\); check the decimal point and the unit`));
          }
        }
      });
    }
  }

  it.each([
    ["Creatinine 0.9 µmol/L 62-106", /lowest possible is 0.03 mg\/dL, about 2.65 µmol\/L/],
    ["Creatinine 0.9 umol/L 62-106", /about 2.65 umol\/L/],
    ["Creatinine 0.9 μmol/L (62-106)", /about 2.65 μmol\/L/],
    ["S. Creatinine 0.9 micromol/L 62 - 106", /about 2.65 micromol\/L/],
    ["Glucose 700 mmol/L 3.9-6.1", /highest possible is 11200 mg\/dL, about 622 mmol\/L/],
    ["Calcium 24 mmol/L 2.10-2.60", /highest possible is 40.2 mg\/dL, about 10 mmol\/L/],
    ["Total Cholesterol 520 mmol/L <5.2", /highest possible is 1600 mg\/dL, about 41.4 mmol\/L/],
  ])("a value impossible in its unit is not read: %s", (line, reason) => {
    const r = read(line);
    expect(r.tests).toEqual([]);
    expect(r.unread.join("\n")).toMatch(reason);
  });

  it.each([
    ["Creatinine 88 µmol/L 62-106", 88, "14682-9", "N"],
    ["Creatinine 0.9 mg/dL 0.6-1.3", 0.9, "2160-0", "N"],
    ["Glucose 6.1 mmol/L 3.9-6.1", 6.1, "14749-6", "N"],
    ["Calcium 2.35 mmol/L 2.10-2.60", 2.35, "2000-8", "N"],
    ["Cholesterol 5.8 mmol/L <5.2", 5.8, "14647-2", "H"],
    ["Urea 4.2 mmol/L 2.5-7.8", 4.2, "22664-7", "N"],
    ["Total bilirubin 12 µmol/L 3-21", 12, "14631-6", "N"],
    ["Total bilirubin 0.7 mg/dL 0.3-1.2", 0.7, "1975-2", "N"],
    ["HDL Cholesterol 1.1 mmol/L >1.0", 1.1, "14646-4", "N"],
    ["HDL 45 mg/dL >40", 45, "2085-9", "N"],
    ["LDL Cholesterol 3.9 mmol/L <3.4", 3.9, "22748-8", "H"],
    ["Triglycerides 1.9 mmol/L <1.7", 1.9, "14927-8", "H"],
    ["Triglycerides 168 mg/dL <150", 168, "2571-8", "H"],
  ])("a possible SI or conventional result keeps its value and the code of its unit's property: %s", (line, value, loinc, flag) => {
    const r = read(line);
    expect(r.tests).toEqual([expect.objectContaining({ value, loincCode: loinc, abnormalFlag: flag })]);
  });

  it("glucose 450 mmol/L is within the project's possible range (twice the 311 mmol/L documented in a survivor) and is read, flagged by its range", () => {
    expect(read("Glucose 450 mmol/L 3.9-6.1").tests).toEqual([expect.objectContaining({ value: 450, abnormalFlag: "H" })]);
  });

  it("property: read or not depends only on the value converted to the range's unit, never on the number as if it were in another unit", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANALYTES), fc.double({ min: -3, max: 5, noNaN: true }), (a, exp) => {
        const units = Object.entries(a.units);
        for (const [unit, toRangeUnit] of units) {
          const value = Number((10 ** exp).toPrecision(3));
          const inRangeUnit = value * toRangeUnit;
          // Away from the bounds by 1 % so that rounding of the factors cannot decide.
          if ((a.high !== null && Math.abs(inRangeUnit / a.high - 1) < 0.01) || (a.low !== null && Math.abs(inRangeUnit / a.low - 1) < 0.01)) continue;
          const possible = (a.high === null || inRangeUnit <= a.high) && (a.low === null || inRangeUnit >= a.low);
          const line = `${a.name} ${value} ${unit}`;
          expect(read(line).tests.length, line).toBe(possible ? 1 : 0);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("calcium in mEq/L is converted by its charge (lab-limits 2026.11.8: 1 mEq/L = 0.5 mmol/L = 2.004 mg/dL), never as mmol/L", () => {
    const r = read("Calcium 4.6 mEq/L 4.2-5.2");
    expect(r.unread).toEqual([]);
    expect(r.tests).toEqual([expect.objectContaining({ value: 4.6, unit: "mEq/L" })]);
    expect(read("Calcium 24 mEq/L 4.2-5.2").unread.join("\n")).toMatch(/not a possible calcium \(the highest possible is 40.2 mg\/dL, about 20.1 mEq\/L\)/);
  });
});
