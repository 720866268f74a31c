import { describe, expect, it } from "vitest";
import { ageFromYears, identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";
import { routeOf } from "./weight-dose.js";

// A child's day's total against mg/kg a day × weight (knowledge/drugs.json paediatric_max_daily_dose), session 16.
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const child = (items: PrescriptionItem[], years: number, weightKg: number | null = null) => verifyPrescription(k, items, { ...none, age: ageFromYears(years), weightKg });
const weightIssues = (r: ReturnType<typeof verifyPrescription>) => r.issues.filter((i) => i.field === "dose" && /mg\/kg a day|a day for a child/.test(i.message));

describe("a child's dose against the maximum for the weight", () => {
  it("flags paracetamol 960 mg a day for a 7 kg infant, with the arithmetic", () => {
    const r = child([{ name: "Paracetamol 120mg/5ml", dose: "10mls", frequency: "qid" }], 0.5, 7);
    expect(r.items[0]).toMatchObject({ doseCheck: "within_adult_maximum", dailyDoseMg: 960, weightDoseCheck: "above_weight_maximum", weightMaxDailyDoseMg: 420, weightDoseCheckSource: expect.stringMatching(/WHO Pocket Book/) });
    expect(weightIssues(r)).toEqual([expect.objectContaining({ item: 0, severity: "major", message: expect.stringMatching(/960 mg a day = 137\.1 mg\/kg a day .* 7 kg, above the maximum of 60 mg\/kg a day × 7 kg = 420 mg a day/) })]);
    expect(r.verified).toBe(false);
  });

  it("is within exactly at the limit and above just over it (boundary)", () => {
    // 7 kg × 60 mg/kg = 420 mg a day: 105 mg qid is at it, 106 mg qid above.
    const at = child([{ name: "Paracetamol", dose: "105 mg", frequency: "qid" }], 1, 7);
    expect(at.items[0]).toMatchObject({ weightDoseCheck: "within_weight_maximum", dailyDoseMg: 420, weightMaxDailyDoseMg: 420 });
    expect(weightIssues(at)).toEqual([]);
    expect(at.verified).toBe(true);
    const over = child([{ name: "Paracetamol", dose: "106 mg", frequency: "qid" }], 1, 7);
    expect(over.items[0].weightDoseCheck).toBe("above_weight_maximum");
    expect(weightIssues(over)).toHaveLength(1);
  });

  it("holds at and just over mg/kg × weight for every per-kg band, across weights (class test)", () => {
    const cases = [
      { drug: "paracetamol", name: "Paracetamol", years: 3 },
      { drug: "ibuprofen", name: "Ibuprofen", years: 5 },
      { drug: "amoxicillin", name: "Amoxicillin", years: 4 },
      { drug: "ceftriaxone", name: "Ceftriaxone IV", years: 6 },
      { drug: "gentamicin", name: "Gentamicin IV", years: 2 },
    ];
    for (const c of cases) {
      const band = k.drugs.byId.get(c.drug)!.paediatric_max_daily_dose![0];
      for (const kg of [3.5, 9, 14, 22, 31]) {
        const limit = Math.min(band.mg_per_kg! * kg, band.max_mg ?? Infinity, k.drugs.byId.get(c.drug)!.adult_max_daily_dose?.mg ?? Infinity);
        const at = child([{ name: c.name, dose: `${limit} mg`, frequency: "od" }], c.years, kg);
        expect(at.items[0].weightDoseCheck, `${c.drug} ${kg} kg at ${limit}`).toBe("within_weight_maximum");
        const over = child([{ name: c.name, dose: `${limit + 1} mg`, frequency: "od" }], c.years, kg);
        expect(over.items[0].weightDoseCheck, `${c.drug} ${kg} kg over`).toBe("above_weight_maximum");
        expect(over.issues.some((i) => i.item === 0 && i.severity === "major" && i.message.includes(`${kg} kg`))).toBe(true);
      }
    }
  });

  it("caps by the absolute maximum: a 70 kg 15-year-old is not allowed 60 mg/kg × 70 = 4.2 g of paracetamol", () => {
    const r = child([{ name: "Paracetamol", dose: "1050 mg", frequency: "qid" }], 15, 70);
    expect(r.items[0]).toMatchObject({ weightDoseCheck: "above_weight_maximum", weightMaxDailyDoseMg: 4000 });
    expect(weightIssues(r)[0].message).toMatch(/4 g a day \(lower than 60 mg\/kg a day × 70 kg = 4\.2 g a day\)/);
  });

  it("checks a fixed daily dose (zinc) by age, without needing a weight", () => {
    const infant = child([{ name: "Zinc 20mg", dose: "20 mg", frequency: "od" }], 0.3);
    expect(infant.items[0]).toMatchObject({ weightDoseCheck: "above_weight_maximum", weightMaxDailyDoseMg: 10 });
    const older = child([{ name: "Zinc 20mg", dose: "20 mg", frequency: "od" }], 2);
    expect(older.items[0]).toMatchObject({ weightDoseCheck: "within_weight_maximum", weightMaxDailyDoseMg: 20 });
  });

  it("says a child's dose was not checked when the weight is not given (never verified silently)", () => {
    const r = child([{ name: "Paracetamol 120mg/5ml", dose: "5mls", frequency: "qid" }, { name: "Amoxicillin 125mg/5ml", dose: "5 ml", frequency: "tds" }], 0.5);
    expect(r.items.map((i) => i.weightDoseCheck)).toEqual(["not_checked_no_weight", "not_checked_no_weight"]);
    expect(r.warnings).toContainEqual(expect.stringMatching(/child .* no weight was given \(patientWeightKg\): the dose of Paracetamol, Amoxicillin was NOT checked/));
    expect(r.verified).toBe(false);
  });

  it("says so for a drug or route with no sourced band (no silent pass)", () => {
    const noBand = child([{ name: "Metformin", dose: "500 mg", frequency: "bd" }], 14, 50);
    expect(noBand.items[0].weightDoseCheck).toBe("not_checked_no_paediatric_maximum");
    expect(noBand.warnings).toContainEqual(expect.stringMatching(/No sourced maximum daily dose by weight for Metformin/));
    const iv = child([{ name: "Amoxicillin 500mg IV", dose: "500 mg", frequency: "tds" }], 3, 14);
    expect(iv.items[0].weightDoseCheck).toBe("not_checked_no_paediatric_maximum");
    expect(iv.items[0].weightDoseCheckNote).toMatch(/by injection \(the sourced maximum is for oral use\)/);
    const neonate = verifyPrescription(k, [{ name: "Paracetamol", dose: "30 mg", frequency: "tds" }], { ...none, age: { years: 0, days: 10 }, weightKg: 3 });
    expect(neonate.items[0].weightDoseCheck).toBe("not_checked_no_paediatric_maximum");
  });

  it("reads the route from the name or the dose", () => {
    for (const [name, dose] of [["Ceftriaxone 1g IV", "1 g"], ["Gentamicin 80mg", "80 mg IM"], ["Ceftriaxone inj", "1 g"], ["Quinine", "200 mg in 5% dextrose infusion"]]) expect(routeOf(name, dose), name).toBe("parenteral");
    for (const [name, dose] of [["Amoxicillin 250mg/5ml", "5 ml"], ["Paracetamol 500mg tabs", "1 tab"], ["Amoxicillin dispersible", "250 mg"]]) expect(routeOf(name, dose), name).toBe("oral");
  });

  it("leaves adults and an unknown age as before: no weight check, the same answer", () => {
    // 55 kg: a child's 60 mg/kg a day (3.3 g) would flag 4 g of paracetamol; under 50 kg an adult's own per-kg maximum applies (classes-6 test).
    const items = [{ name: "Paracetamol", dose: "1 g", frequency: "qds" }, { name: "Ibuprofen", dose: "400 mg", frequency: "tds" }];
    const withoutWeight = verifyPrescription(k, items, { ...none, age: ageFromYears(30) });
    const withWeight = verifyPrescription(k, items, { ...none, age: ageFromYears(30), weightKg: 55 });
    expect(withWeight).toEqual(withoutWeight);
    expect(withWeight.items.map((i) => i.weightDoseCheck)).toEqual([null, null]);
    expect(withWeight.verified).toBe(true);
    const eighteen = verifyPrescription(k, items, { ...none, age: ageFromYears(18), weightKg: 55 });
    expect(eighteen.items.map((i) => i.weightDoseCheck)).toEqual([null, null]);
    const noAge = verifyPrescription(k, items, { ...none, weightKg: 55 });
    expect(noAge.items.map((i) => i.weightDoseCheck)).toEqual([null, null]);
    expect(noAge.verified).toBe(true);
  });
});

describe("local (eye, ear, skin) preparations are not the systemic drug", () => {
  it("does not read a gel, cream, ointment, lotion or topical form as the oral drug", () => {
    for (const name of ["Diclofenac gel", "Diclofenac 1% gel", "Voltaren emulgel gel", "Ibuprofen 5% cream", "Ibuprofen gel", "Diclofenac topical", "Gentamicin ointment", "Metronidazole 0.75% gel", "Ketoconazole lotion"]) {
      const found = identifyDrug(k, { name }, []);
      expect(found?.drug.adult_max_daily_dose, name).toBeUndefined();
      expect(["diclofenac", "ibuprofen", "gentamicin", "metronidazole", "ketoconazole"], name).not.toContain(found?.drug.id);
    }
    const r = verifyPrescription(k, [{ name: "Diclofenac gel", dose: "2 g", frequency: "tds" }], { ...none, age: ageFromYears(40) });
    expect(r.items[0].doseCheck).not.toBe("above_adult_maximum");
    expect(r.items[0].maxDailyDoseMg).toBeNull();
  });

  it("still identifies the skin entries and oral gels that carry the word, and the eye and ear ones", () => {
    expect(identifyDrug(k, { name: "Hydrocortisone 1% cream" }, [])?.drug.id).toBe("hydrocortisone_topical");
    expect(identifyDrug(k, { name: "Hydrocortisone ointment" }, [])?.drug.id).toBe("hydrocortisone_topical");
    expect(identifyDrug(k, { name: "Aluminium hydroxide gel" }, [])?.drug.id).toBe("aluminium_hydroxide");
    expect(identifyDrug(k, { name: "Clotrimazole 1% cream" }, [])?.drug.id).toBe("clotrimazole");
    expect(identifyDrug(k, { name: "Tetracycline eye ointment" }, [])?.drug.id).toBe("tetracycline_eye_ointment");
    expect(identifyDrug(k, { name: "Diclofenac 50mg tabs" }, [])?.drug.id).toBe("diclofenac");
  });

  it("does not weigh a child's eye, ear or skin preparation", () => {
    const r = child([{ name: "Hydrocortisone 1% cream", dose: "1 application", frequency: "bd" }], 2, 12);
    expect(r.items[0].weightDoseCheck).toBe("not_applicable_local");
    expect(r.warnings.filter((w) => /weight/.test(w))).toEqual([]);
  });
});
