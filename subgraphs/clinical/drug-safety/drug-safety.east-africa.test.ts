import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBlindSet, scoreBlindSet } from "../../../test/fixtures/drug-safety/score-blind-set.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { checkDrugSafety, identifyDrug } from "./drug-safety.engine.js";

// Prescriptions as East African outpatient and ward prescribers write them (drugs 2026.11.9, drug-interactions
// 2026.11.8, drug-conditions 2026.11.6, engine 1.2.0). Before, a third of the blind set's names were unknown
// and so never checked: "ALu", "Diclo", "FeFo", "Phenobarb", "x7/7", "8hrly", diazepam, morphine, haloperidol…
const k = knowledgeFromFiles();
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;
const check = (name: string, current: string[] = [], conditions: string[] = [], allergies: string[] = []) =>
  checkDrugSafety(k, { newMedication: { name }, currentMedications: current.map((n) => ({ name: n })), conditions, allergies });

describe("names with the directions written after them", () => {
  it.each([
    ["Primaquine 15mg od x14/7", "primaquine"],
    ["Doxycycline 100mg bd x7/7", "doxycycline"],
    ["Flagyl 400mg tds x 7 days", "metronidazole"],
    ["Cipro 500mg bd for 14 days", "ciprofloxacin"],
    ["Quinine 600mg IV 8hrly", "quinine"],
    ["Morphine 10mg 4 hourly prn", "morphine"],
    ["Ceftriaxone 1g IV q12h", "ceftriaxone"],
    ["Artesunate 120mg IV stat, 12hrs, 24hrs", "artesunate"],
    ["Chloroquine 600mg stat then 300mg", "chloroquine"],
    ["ORS 1 sachet after each loose stool", "oral_rehydration_salts"],
    ["Microgynon 30 ED", "ethinylestradiol_levonorgestrel"],
    ["Paracetamol 1g tds after meals for 3 days", "paracetamol"],
    ["Jadelle implant", "levonorgestrel_implant"],
    ["Amoxicillin 500mg clavulanate 125mg x5/7", "amoxicillin_clavulanate"], // never amoxicillin alone
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it.each([
    ["Jadelle implant (levonorgestrel)", "levonorgestrel_implant"],
    ["Septrin (co-trimoxazole) 960mg", "sulfamethoxazole_trimethoprim"],
    ["Co-trimoxazole (Septrin) 960mg od", "sulfamethoxazole_trimethoprim"],
    ["Coartem (artemether-lumefantrine) 80/480", "artemether_lumefantrine"],
    ["Panadol (paracetamol) 500mg", "paracetamol"],
  ])("a brand and its generic in brackets: %s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it.each([["Septrin (amoxicillin)"], ["Amox/clav 625"]])(
    "%s names no one drug and stays unknown",
    (name) => expect(id(name)).toBeUndefined(),
  );

  it("finds every drug whatever duration or interval is written after its name", () => {
    const names = [...k.drugs.byId.values()].flatMap((d) => [d.name, ...d.synonyms].map((name) => ({ id: d.id, name })));
    const directions = fc.oneof(
      fc.integer({ min: 1, max: 30 }).map((n) => `x${n}/7`),
      fc.integer({ min: 1, max: 30 }).map((n) => `x ${n} days`),
      fc.integer({ min: 1, max: 24 }).map((n) => `${n}hrly`),
      fc.integer({ min: 1, max: 24 }).map((n) => `q${n}h`),
      fc.constantFrom("stat", "for 2 weeks", "after meals", "stat then 12hrs", "ED"),
    );
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.integer({ min: 1, max: 1000 }), fc.constantFrom("mg", " mg", "ml"), fc.constantFrom("", "od", "bd", "tds"), directions, (drug, n, unit, schedule, direction) => {
        const written = `${drug.name} ${n}${unit} ${schedule} ${direction}`.replace(/\s+/g, " ");
        expect(id(written), written).toBe(drug.id);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("abbreviations, brands and essential medicines the knowledge base lacked", () => {
  it.each([
    ["Diclo 50mg", "diclofenac"], ["Ibu 400mg", "ibuprofen"], ["Brufen 400", "ibuprofen"], ["Amox 500mg", "amoxicillin"], ["PCM 1g", "paracetamol"],
    ["Cipro 500mg", "ciprofloxacin"], ["AL 20/120", "artemether_lumefantrine"], ["ALu 4 tabs bd", "artemether_lumefantrine"], ["Phenobarb 30mg", "phenobarbital"],
    ["RH 150/75", "rifampicin_isoniazid"], ["Doxy 100mg", "doxycycline"], ["CPM 4mg", "chlorphenamine"], ["Chlorpheniramine 4mg", "chlorphenamine"],
    ["Piriton", "chlorphenamine"], ["Phenergan syrup", "promethazine"], ["Valium 5mg", "diazepam"], ["Haldol 5mg IM", "haloperidol"],
    ["FeFo 1 od", "ferrous_sulfate_folic_acid"], ["Ferrous sulphate/folic acid", "ferrous_sulfate_folic_acid"], ["IFA", "ferrous_sulfate_folic_acid"],
    ["Vitamin A 200,000 IU", "vitamin_a"], ["Retinol", "vitamin_a"], ["Vitamin K 1mg IM", "phytomenadione"], ["Phytonadione", "phytomenadione"],
    ["ReSoMal", "resomal"], ["Ringer's lactate 500ml", "ringers_lactate"], ["Hartmann's solution 1L IV", "ringers_lactate"], ["RL 1L", "ringers_lactate"],
    ["Insulin 10 units sc", "insulin"], ["Actrapid 8 IU", "insulin"], ["Mixtard 30/70", "insulin"],
    ["Tetracycline eye ointment", "tetracycline_eye_ointment"], ["TEO", "tetracycline_eye_ointment"], ["Tetracycline 250mg caps", "tetracycline"],
    ["Implanon NXT", "etonogestrel_implant"], ["Zinc 20mg od", "zinc"], ["Zinc sulphate 20mg", "zinc"], ["Artesunate 60mg", "artesunate"], ["Morphine syrup", "morphine"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it.each([
    ["Doxycycline", "3640"], ["Tetracycline", "10395"], ["Diazepam", "3322"], ["Morphine", "7052"], ["Promethazine", "8745"],
    ["Chlorphenamine", "2400"], ["Haloperidol", "5093"], ["Artesunate", "18346"], ["Zinc", "11416"], ["Vitamin A", "11246"],
  ])("%s is identified by its PharmGKB-mapped RxCUI %s, and name and code agree", (name, rxcui) => {
    const r = checkDrugSafety(k, { newMedication: { name, code: rxcui }, currentMedications: [], conditions: [], allergies: [] });
    expect(r.identified[0]).toMatchObject({ matchedBy: "rxcui", drugId: id(name) });
    expect(r.warnings).toEqual([]);
  });

  it.each([["dolutegravir", 100], ["efavirenz", 800], ["nevirapine", 400], ["lamivudine", 300], ["tenofovir", 300], ["zidovudine", 600], ["nifedipine", 120], ["folic_acid", 15]])(
    "%s has a sourced adult maximum of %d mg a day",
    (drug, mg) => {
      const max = k.drugs.byId.get(drug)!.adult_max_daily_dose;
      expect(max?.mg).toBe(mg);
      expect(max?.source).toMatch(/prescribing information|BNF/);
    },
  );
});

describe("interaction rules added (each reported whichever drug is the new one)", () => {
  it.each([
    ["Diazepam 10mg", "Morphine 10mg", "opioid-cns-depressant", "major"],
    ["Phenobarb 30mg", "Morphine 5mg", "opioid-cns-depressant", "major"],
    ["Haloperidol 5mg", "Tramadol 50mg", "opioid-cns-depressant", "major"],
    ["Promethazine 25mg", "Morphine 5mg", "opioid-sedating-antihistamine", "moderate"],
    ["Chlorpheniramine 4mg", "Codeine 30mg", "opioid-sedating-antihistamine", "moderate"],
    ["Quinine 600mg", "Mefloquine 250mg", "mefloquine-quinine", "major"],
    ["Chloroquine", "Mefloquine", "mefloquine-chloroquine", "major"],
    ["Efavirenz 600mg", "Jadelle", "efavirenz-progestogen-implant", "major"],
    ["TLE", "Implanon", "efavirenz-progestogen-implant", "major"],
    ["RHZE", "Jadelle", "rif-progestogen-implant", "major"],
    ["Carbamazepine", "Implanon", "enzyme-inducer-progestogen-implant", "major"],
    ["Ketoconazole 200mg", "Nevirapine 200mg", "ketoconazole-nevirapine", "contraindicated"],
    ["Doxycycline", "FeFo", "tetracycline-polyvalent-cation", "moderate"],
    ["Doxy", "Zinc 20mg", "tetracycline-polyvalent-cation", "moderate"],
    ["Cipro", "Zinc 20mg", "fluoroquinolone-polyvalent-cation", "moderate"],
    ["TLD", "FeFo", "dolutegravir-polyvalent-cation", "moderate"],
    ["Warfarin", "Vitamin K", "warfarin-phytomenadione", "moderate"],
    ["Ceftriaxone 1g IV", "Ringer's lactate", "ceftriaxone-ringers-lactate", "moderate"],
    ["Haloperidol", "Erythromycin", "qt-qt", "major"],
  ])("%s with %s: %s (%s)", (a, b, rule, severity) => {
    expect(check(a, [b]).interactions).toContainEqual(expect.objectContaining({ ruleId: rule, severity }));
    expect(check(b, [a]).interactions).toContainEqual(expect.objectContaining({ ruleId: rule, severity }));
  });
});

describe("condition rules added", () => {
  it.each([
    ["Doxycycline", "Z3A.08", "tetracycline-pregnancy"], ["Tetracycline 250mg", "O26.9", "tetracycline-pregnancy"],
    ["Haloperidol", "G20.A1", "haloperidol-parkinson"], ["Haloperidol", "G20", "haloperidol-parkinson"],
    ["Ketoconazole", "K74.60", "ketoconazole-liver"], ["Ketoconazole", "B18.1", "ketoconazole-liver"],
    ["Glibenclamide", "N18.4", "glibenclamide-severe-renal"], ["Glibenclamide", "N18.5", "glibenclamide-severe-renal"], ["Daonil 5mg", "Z99.2", "glibenclamide-severe-renal"],
    ["Vitamin A 200,000 IU", "Z34.01", "vitamin-a-pregnancy"],
  ])("%s with %s: %s", (drug, code, rule) => {
    expect(check(drug, [], [code]).contraindications).toContainEqual(expect.objectContaining({ ruleId: rule }));
  });

  it.each([
    ["Glibenclamide", ["N18.3"]], ["Ketoconazole", ["K29.70"]], ["Haloperidol", ["F05"]],
    ["Tetracycline eye ointment", ["Z3A.32"]], // the eye ointment is not the systemic drug
    ["Coartem 80/480", ["B50.9", "Z3A.08"]], // WHO Guidelines for malaria (2022): AL in the first trimester
    ["Artesunate 120mg IV", ["B50.8", "Z3A.32"]],
  ])("%s with %j raises nothing", (drug, codes) => {
    expect(check(drug, [], codes).safe).toBe(true);
  });

  it("FeFo (folic acid 0.4 mg) with SP raises nothing: only 5 mg folic acid counteracts SP (WHO IPTp-SP policy brief)", () => {
    expect(check("FeFo 1 od", ["Fansidar"]).safe).toBe(true);
    expect(check("Folic acid 5mg", ["Fansidar"]).interactions.map((f) => f.ruleId)).toContain("folic-acid-sp");
    expect(check("FeFo", ["Folic acid 5mg"]).interactions.map((f) => f.ruleId)).toEqual(["duplicate-ingredient"]);
  });

  it("ORS with zinc for a child's diarrhoea raises nothing (WHO/UNICEF joint statement, 2004)", () => {
    expect(check("ORS 1 sachet after each loose stool", ["Zinc 20mg od x10/7"], ["A09"]).safe).toBe(true);
  });
});

describe("blind prescription set (test/fixtures/drug-safety/prescriptions-blind.json)", () => {
  it("identifies every name and reports every alert the check can express, with no false alert", () => {
    const { details: _details, ...score } = scoreBlindSet(k, loadBlindSet());
    expect(score.unknownNames).toEqual([]);
    expect(score.misses.filter((m) => m.expected.type !== "patient-age")).toEqual([]);
    expect(score.falsePositives).toEqual([]);
  });
});
