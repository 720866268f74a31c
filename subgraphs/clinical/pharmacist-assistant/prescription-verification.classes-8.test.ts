import { describe, expect, it } from "vitest";
import { ageFromYears, type PatientAge } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { AgeBound } from "../knowledge/knowledge.types.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";
import { ROUNDING_ALLOWANCE } from "./weight-minimum.js";

// Paediatric wards, neonates and maternity (blind set 8 classes): a child's dose below the least for the age and weight,
// neonatal limits by postnatal age and birth weight, parenteral loading doses, and a single-dose treatment given daily.
const k = knowledgeFromFiles();
const verify = (items: PrescriptionItem[], age: PatientAge | null, weightKg: number | null) =>
  verifyPrescription(k, items, { activeMedications: [], conditions: [], allergies: [], age, weightKg });
const doseIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.field === "dose");
const below = (r: ReturnType<typeof verify>) => doseIssues(r).filter((i) => /below the least usual dose/.test(i.message));
const above = (r: ReturnType<typeof verify>) => doseIssues(r).filter((i) => i.severity === "major" && /above/.test(i.message));
const days = (n: number) => ({ years: n / 365.25, days: n });

/** An age inside an age band: a day past its lower bound (or 10 days old), below its upper bound. */
function ageInside(band: { min?: AgeBound; max?: AgeBound }): PatientAge {
  const inDays = (b: AgeBound) => (b.years !== undefined ? b.years * 365.25 : b.days!);
  const from = band.min ? inDays(band.min) + 1 : 10;
  const to = band.max ? inDays(band.max) - 1 : from + 365;
  return ageFromYears(Math.min(from, to) / 365.25);
}

describe("a child's day's total below the least for the age and weight", () => {
  it("every paediatric_min_daily_dose band: at its least nothing; at half of it a moderate issue; a stat dose and an adult never (class test)", () => {
    const drugs = [...k.drugs.byId.values()].filter((d) => d.paediatric_min_daily_dose?.length);
    expect(drugs.length).toBeGreaterThanOrEqual(3);
    for (const drug of drugs) {
      for (const band of drug.paediatric_min_daily_dose!) {
        const age = ageInside(band.age);
        const kg = 10;
        const least = Math.min(band.mg_per_kg !== null ? band.mg_per_kg * kg : Infinity, band.max_mg ?? Infinity);
        const name = band.routes?.includes("parenteral") ? `${drug.name} injection` : drug.name;
        const at = (mg: number, frequency: string, who = age) => verify([{ name, dose: `${mg} mg`, frequency }], who, kg);
        expect(below(at(least, "once a day")), `${drug.id} at its least`).toEqual([]);
        const half = below(at(least / 2, "once a day"));
        expect(half, `${drug.id} at half`).toHaveLength(1);
        expect(half[0].severity).toBe("moderate");
        expect(half[0].message).toContain(band.source);
        expect(below(at(least / 2, "stat")), `${drug.id} stat`).toEqual([]);
        expect(below(at(least / 2, "once a day", ageFromYears(30))), `${drug.id} adult`).toEqual([]);
      }
    }
  });

  it("ceftriaxone by weight: 21 mg/kg is reported with the arithmetic; a dose rounded to the vial is not", () => {
    const ceftriaxone = (dose: string, kg: number) => verify([{ name: "Ceftriaxone 1g powder for injection", dose, frequency: "once daily x 5 days" }], ageFromYears(3), kg);
    expect(below(ceftriaxone("300 mg", 14))[0].message).toMatch(/300 mg a day \(21\.429 mg\/kg a day\).*50 mg\/kg a day × 14 kg = 700 mg a day/);
    expect(below(ceftriaxone("700 mg", 14))).toEqual([]);
    expect(1 - 600 / (50 * 13)).toBeLessThan(1 - ROUNDING_ALLOWANCE);
    expect(below(ceftriaxone("600 mg", 13))).toEqual([]);
    // A large child's least is the adult least (1 g), not 50 mg/kg.
    expect(below(ceftriaxone("1 g", 45))).toEqual([]);
  });

  it("zinc by age: 10 mg is low from 6 months, right under 6 months; a dose per kg is not needed", () => {
    const zinc = (age: PatientAge) => verify([{ name: "Zinc sulfate 20mg dispersible", dose: "10 mg", frequency: "once a day for 14 days" }], age, null);
    expect(below(zinc(ageFromYears(3)))).toHaveLength(1);
    expect(below(zinc(days(120)))).toEqual([]);
  });
});

describe("neonatal limits by postnatal age and birth weight", () => {
  const gentamicin = (mg: number, age: PatientAge, kg: number) => verify([{ name: "Gentamicin paediatric injection", dose: `${mg} mg IV`, frequency: "every 24 hours" }], age, kg);

  it("gentamicin in the first week: 3 mg/kg under 2 kg, 5 mg/kg from 2 kg; 7.5 mg/kg from the second week", () => {
    expect(above(gentamicin(9, days(4), 1.8))).toHaveLength(1);
    expect(above(gentamicin(5.4, days(4), 1.8))).toEqual([]);
    expect(above(gentamicin(12.5, days(4), 2.5))).toEqual([]);
    expect(above(gentamicin(15, days(4), 2.5))).toHaveLength(1);
    expect(above(gentamicin(22.5, days(20), 3))).toEqual([]);
    expect(above(gentamicin(30, days(20), 3))).toHaveLength(1);
  });

  it("phenobarbital by injection: a neonate's loading up to 40 mg/kg, a child's 20 mg/kg; tenfold is reported", () => {
    const pheno = (dose: string, age: PatientAge, kg: number) => verify([{ name: "Phenobarbital sodium injection", dose, frequency: "once only" }], age, kg);
    expect(above(pheno("70 mg IM", days(1), 3.5))).toEqual([]);
    expect(above(pheno("700 mg IM", days(1), 3.5))).toHaveLength(1);
    expect(above(pheno("240 mg IV", ageFromYears(2), 12))).toEqual([]);
    expect(above(pheno("2.4 g IV", ageFromYears(2), 12))).toHaveLength(1);
  });
});

describe("a single-dose treatment written as a daily course", () => {
  it("every single_dose_course drug: reported when written daily or for days, not as one dose (class test)", () => {
    const drugs = [...k.drugs.byId.values()].filter((d) => d.single_dose_course);
    expect(drugs.length).toBeGreaterThanOrEqual(1);
    for (const drug of drugs) {
      const at = (frequency: string) => doseIssues(verify([{ name: drug.name, dose: "3 tablets", frequency }], ageFromYears(25), null)).filter((i) => /SINGLE dose/.test(i.message));
      expect(at("daily for 3 days"), drug.id).toEqual([expect.objectContaining({ severity: "major" })]);
      expect(at("once a day"), drug.id).toHaveLength(1);
      expect(at("stat"), drug.id).toEqual([]);
    }
  });

  it("a brand is checked as its drug", () => {
    const r = verify([{ name: "Sulfadoxine/pyrimethamine 500/25mg tablets", dose: "3 tabs", frequency: "once daily for 3 days" }], ageFromYears(19), null);
    expect(doseIssues(r).some((i) => /SINGLE dose.*above the single dose/.test(i.message))).toBe(true);
  });
});
