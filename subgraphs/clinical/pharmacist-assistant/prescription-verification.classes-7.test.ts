import { describe, expect, it } from "vitest";
import { ageFromYears, checkDrugSafety } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { renalMaximumAt } from "./renal-maximum.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

// Kidney function as a number (eGFR) rather than a CKD diagnosis (blind set 7 classes).
const k = knowledgeFromFiles();
const verify = (items: PrescriptionItem[], egfr: number | null, conditions: string[] = []) =>
  verifyPrescription(k, items, { activeMedications: [], conditions, allergies: [], age: ageFromYears(55), weightKg: null, egfr });
const renalFindings = (r: ReturnType<typeof verify>) => r.contraindications.map((c) => [c.ruleId, c.conditionCode]);
const doseIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.field === "dose");

describe("renal drug-condition rules apply from the eGFR, without a diagnosis", () => {
  it("every rule with egfr_below fires just below its threshold, not at it, and not without an eGFR (class test)", () => {
    const rules = k.drugSafety.conditionRulesByKey;
    const renal = [...new Set([...rules.values()].flat())].filter((r) => r.egfr_below !== undefined);
    expect(renal.length).toBeGreaterThanOrEqual(10);
    for (const rule of renal) {
      const drug = [...k.drugs.byId.values()].find((d) => ("drug" in rule.drug ? d.id === rule.drug.drug : d.classes.includes((rule.drug as { class: string }).class)))!;
      expect(drug, rule.id).toBeDefined();
      const at = (egfr: number | null) => checkDrugSafety(k, { newMedication: { name: drug.name }, currentMedications: [], conditions: [], allergies: [], egfr }).contraindications.filter((c) => c.ruleId === rule.id);
      expect(at(rule.egfr_below! - 1), rule.id).toEqual([expect.objectContaining({ conditionCode: `eGFR ${rule.egfr_below! - 1}`, condition: expect.stringMatching(/^Kidney function: eGFR/) })]);
      expect(at(rule.egfr_below!), rule.id).toEqual([]);
      expect(at(null), rule.id).toEqual([]);
      if (rule.egfr_from !== undefined) expect(at(rule.egfr_from - 1), rule.id).toEqual([]);
    }
  });

  it("metformin: contraindicated below 30, review from 30 to under 45, nothing from 45", () => {
    const metformin = [{ name: "Metformin 500mg SR", dose: "1000mg", frequency: "2 times a day" }];
    expect(renalFindings(verify(metformin, 27))).toEqual([["metformin-severe-renal", "eGFR 27"]]);
    expect(verify(metformin, 27).contraindications[0].severity).toBe("contraindicated");
    expect(renalFindings(verify(metformin, 33))).toEqual([["metformin-ckd3", "eGFR 33"]]);
    expect(renalFindings(verify(metformin, 45))).toEqual([]);
  });

  it("a diagnosis and an eGFR together give one finding: the measured eGFR stages CKD, acute kidney injury and dialysis still count", () => {
    const metformin = [{ name: "Metformin 500mg SR", dose: "1000mg", frequency: "2 times a day" }];
    expect(renalFindings(verify(metformin, 27, ["N18.4"]))).toEqual([["metformin-severe-renal", "eGFR 27"]]);
    // CKD stage 3 on the problem list, eGFR 33 on today's slip: one metformin finding, from the eGFR.
    expect(renalFindings(verify(metformin, 33, ["N18.3"]))).toEqual([["metformin-ckd3", "eGFR 33"]]);
    // CKD of unknown stage with a normal eGFR: nothing to check any more.
    expect(renalFindings(verify(metformin, 70, ["N18.9"]))).toEqual([]);
    expect(renalFindings(verify(metformin, 70, ["N17.9"]))).toEqual([["metformin-renal-unspecified", "N17.9"]]);
    expect(renalFindings(verify(metformin, 70, ["Z99.2"]))).toEqual([["metformin-severe-renal", "Z99.2"]]);
    // No eGFR: the diagnosis alone, as before.
    expect(renalFindings(verify(metformin, null, ["N18.3"]))).toEqual([["metformin-ckd3", "N18.3"]]);
  });

  it("brand names are checked as their drug: Macrodantin below 45, spironolactone below 30, an NSAID below 60", () => {
    expect(renalFindings(verify([{ name: "Macrodantin", dose: "50mg", frequency: "four times a day" }], 44))).toEqual([["nitrofurantoin-severe-renal", "eGFR 44"]]);
    expect(renalFindings(verify([{ name: "Spironolactone 25mg tabs", dose: "50mg", frequency: "one in the mornings" }], 29))).toEqual([["k-sparing-severe-renal", "eGFR 29"]]);
    expect(renalFindings(verify([{ name: "Ibuprofen 200mg tabs", dose: "200mg", frequency: "tds" }], 52))).toEqual([["nsaid-ckd", "eGFR 52"]]);
    expect(renalFindings(verify([{ name: "Ibuprofen 200mg tabs", dose: "200mg", frequency: "tds" }], 95))).toEqual([]);
  });
});

describe("lower daily maxima for the kidney function", () => {
  it("each band holds at its maximum and is reported just above it, only below its eGFR (class test)", () => {
    const drugs = [...k.drugs.byId.values()].filter((d) => d.renal_max_daily_dose);
    expect(drugs.map((d) => d.id).sort()).toEqual(expect.arrayContaining(["allopurinol", "ciprofloxacin", "gabapentin", "metformin"]));
    for (const d of drugs) {
      for (const band of d.renal_max_daily_dose!) {
        expect(band.source, d.id).toMatch(/SmPC|Summary of Product Characteristics|BNF|KDIGO|label/);
        const egfr = band.egfr_below - 1;
        expect(renalMaximumAt(d, egfr)!.mg, `${d.id} ${egfr}`).toBeLessThanOrEqual(band.mg);
        const max = renalMaximumAt(d, egfr)!.mg;
        const dose = (mg: number) => [{ name: d.name, dose: `${mg} mg`, frequency: "daily" }];
        expect(doseIssues(verify(dose(max), egfr)), `${d.id} at ${max}`).toEqual([]);
        expect(doseIssues(verify(dose(max + 50), egfr)), `${d.id} over ${max}`).toEqual([expect.objectContaining({ item: 0, severity: "major", message: expect.stringMatching(/above the maximum of .* a day for the kidney function \(eGFR \d+/) })]);
        expect(doseIssues(verify(dose(max + 50), null)), `${d.id} no eGFR`).toEqual([]);
      }
    }
  });

  it("Neurontin 400 mg tds is within at eGFR 50 and over the 900 mg at 45; allopurinol and ciprofloxacin by their bands", () => {
    const neurontin = [{ name: "Neurontin", dose: "400mg", frequency: "3 times daily" }];
    expect(doseIssues(verify(neurontin, 50))).toEqual([]);
    expect(doseIssues(verify(neurontin, 45))[0].message).toMatch(/1\.2 g a day is above the maximum of 900 mg a day for the kidney function \(eGFR 45/);
    expect(doseIssues(verify([{ name: "Allopurinol 100mg tabs", dose: "200 mg", frequency: "daily" }], 9))).toHaveLength(1);
    expect(doseIssues(verify([{ name: "Ciprofloxacin", dose: "750 mg", frequency: "2 times daily" }], 55))).toHaveLength(1);
    expect(doseIssues(verify([{ name: "Ciprofloxacin", dose: "500 mg", frequency: "2 times daily" }], 55))).toEqual([]);
  });
});
