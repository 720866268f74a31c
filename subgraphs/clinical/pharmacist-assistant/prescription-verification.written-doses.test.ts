import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageFromYears, identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { doseAsGiven } from "./daily-dose.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

/**
 * Classes of doses found by the second blind prescription set (session 17), tested over wordings in no set:
 * roman tablet counts, doses per kg, a once-weekly drug written daily, brand names and abbreviations of
 * East African prescriptions, and the maxima added with their sources.
 */
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (items: PrescriptionItem[], weightKg: number | null = null, years = 40) => verifyPrescription(k, items, { ...none, age: ageFromYears(years), weightKg });
const doseIssues = (r: ReturnType<typeof verify>, i = 0) => r.issues.filter((x) => x.item === i && x.field === "dose").map((x) => x.message);

describe("roman numeral tablet counts in the dose (i, ii, iii)", () => {
  it("reads i-iii (with or without a form) as that many tablets of the strength in the name", () => {
    fc.assert(
      fc.property(fc.constantFrom(["i", 1], ["ii", 2], ["iii", 3], ["II", 2], ["ii tabs", 2], ["i cap", 1]), fc.constantFrom(250, 400, 500), fc.constantFrom(["od", 1], ["bd", 2], ["tds", 3]), ([roman, n], mg, [f, perDay]) => {
        const r = verify([{ name: `Metronidazole ${mg}mg`, dose: roman as string, frequency: f as string }]);
        expect(r.items[0].doseParseable, `${roman} ${f}`).toBe(true);
        expect(r.items[0].dailyDoseMg, `${roman} ${f}`).toBe((n as number) * mg * (perDay as number));
      }),
    );
  });
  it("keeps 'iv' a route, never four tablets", () => expect(doseAsGiven("iv", null)).toBe("iv"));
});

describe("a dose per kg (mg/kg) is worked out with the patient's weight", () => {
  it.each([
    ["Ceftriaxone", "80mg/kg IV", "od", 18, 1440],
    ["Ampicillin", "50 mg/kg IV", "q6h", 12, 2400],
    ["Metronidazole", "7.5mg/kg", "tds", 20, 450],
    ["Gentamicin", "2.5 mg/kg IM", "8 hourly", 70, 525],
  ])("%s %s %s at %d kg → %d mg a day", (name, dose, frequency, weightKg, daily) => {
    const r = verify([{ name, dose, frequency }], weightKg);
    expect(r.items[0].doseParseable).toBe(true);
    expect(r.items[0].dailyDoseMg).toBe(daily);
  });
  it("says the weight is needed when none is given, and does not guess", () => {
    const r = verify([{ name: "Ceftriaxone", dose: "50mg/kg IV", frequency: "od" }]);
    expect(r.items[0].dailyDoseMg).toBeNull();
    expect(doseIssues(r).join(" ")).toMatch(/per kg.*weight/);
  });
  it("checks a child's per-kg dose against the child's weight maximum", () => {
    const r = verify([{ name: "Gentamicin", dose: "15mg/kg IV", frequency: "od" }], 9, 2);
    expect(r.items[0].weightDoseCheck).toBe("above_weight_maximum");
  });
});

describe("a once-weekly drug written with a daily frequency (methotrexate)", () => {
  it.each([
    ["10mg", "bd"],
    ["2.5 mg", "od"],
    ["5mg", "nocte"],
    ["15 mg", "mane"],
  ])("Methotrexate %s %s is reported (daily dosing of a once-weekly drug)", (dose, frequency) => {
    const r = verify([{ name: "Methotrexate", dose, frequency }]);
    expect(r.items[0].doseCheck).toBe("above_adult_maximum");
    expect(doseIssues(r).join(" ")).toMatch(/ONCE A WEEK/);
  });
  it("a single dose within the weekly maximum is not reported", () => {
    const r = verify([{ name: "Methotrexate", dose: "15 mg", frequency: "stat" }]);
    expect(r.items[0].doseCheck).toBe("within_adult_maximum");
    expect(doseIssues(r)).toEqual([]);
  });
});

describe("added maxima (BNF): digoxin 1.5 mg a day (loading total), ciprofloxacin 1.5 g a day", () => {
  it.each([
    ["Digoxin", "0.5mg", "qid", true],
    ["Digoxin", "0.5mg", "tds", false],
    ["Digoxin", "125 mcg", "od", false],
    ["Ciprofloxacin", "1g", "bd", true],
    ["Ciprofloxacin", "500 mg", "bd", false],
  ])("%s %s %s above: %s", (name, dose, frequency, above) => expect(verify([{ name, dose, frequency }]).items[0].doseCheck).toBe(above ? "above_adult_maximum" : "within_adult_maximum"));
});

describe("names as East African prescriptions write them (sourced entries and synonyms)", () => {
  it.each([
    ["Aldomet 500mg tabs", "methyldopa"],
    ["Calpol suspension", "paracetamol"],
    ["Ventolin evohaler", "salbutamol"],
    ["CPT 480mg", "sulfamethoxazole_trimethoprim"],
    ["SP tablets", "sulfadoxine_pyrimethamine"],
    ["Thyroxine 50mcg", "levothyroxine"],
    ["TXA 1g", "tranexamic_acid"],
    ["Clexane 60mg", "enoxaparin"],
    ["Pethidine inj", "pethidine"],
    ["Glargine", "insulin_glargine"],
    ["Beclometasone dipropionate inhaler", "beclometasone"],
    ["DHA-PPQ", "dihydroartemisinin_piperaquine"],
    ["Eurartesim", "dihydroartemisinin_piperaquine"],
    ["HRZ 75/50/150", "rifampicin_isoniazid_pyrazinamide"],
    ["N/S 0.9%", "sodium_chloride"],
    ["Timolol maleate eye drops", "timolol_eye_drops"],
    ["Compound benzoic acid ointment", "benzoic_acid_salicylic_acid"],
    ["Benzathine penicillin G", "benzathine_benzylpenicillin"],
  ])("%s → %s", (name, id) => expect(identifyDrug(k, { name }, [])?.drug.id).toBe(id));

  it("keeps systemic timolol and salicylic acid unknown (only the local preparations are entries)", () => {
    expect(identifyDrug(k, { name: "Timolol 10mg tabs" }, [])).toBeUndefined();
    expect(identifyDrug(k, { name: "Salicylic acid" }, [])).toBeUndefined();
  });

  it("does not report basal-bolus insulin as duplicate therapy", () => {
    const r = verify([
      { name: "Insulin glargine", dose: "18 units", frequency: "nocte" },
      { name: "Soluble insulin", dose: "6 units", frequency: "tds" },
    ]);
    expect(r.duplicateTherapy).toEqual([]);
  });
});
