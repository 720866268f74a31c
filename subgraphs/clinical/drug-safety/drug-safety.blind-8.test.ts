import { describe, expect, it } from "vitest";
import { ageFromYears, checkDrugSafety, identifyDrug } from "./drug-safety.engine.js";
import { check, expectInteractionBothWays, k, ruleIds } from "./drug-safety.test-support.js";

// Classes of misses of the eighth blind set (prescriptions-blind-8.json, session 19; first score recall 23/33, 16 of 75
// names unknown): a clause after the drug read as part of its name (the indication "for ...", a procedure "post ...",
// where an eye ointment goes "both eyes", "insertion", "in situ"); drugs and brands missing from drugs.json (lamotrigine,
// levetiracetam, rifapentine and 3HP, isoniazid written with pyridoxine, emtricitabine combinations, the norgestrel
// pill, levonorgestrel pill brands, the LNG-IUS); and rules the enzyme-inducer class lacked (lamotrigine with valproate, the
// pill and inducers; rifapentine with hormonal contraception, boosted PIs and nevirapine; trimethoprim with ARBs).
// Every wording here is absent from the fixture sets.
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;

describe("names: the clause after the drug is not part of its name", () => {
  it.each([
    ["Paracetamol 500mg tds for pain", "paracetamol"],
    ["Metronidazole 400mg tds to complete 7 days", "metronidazole"],
    ["Ceftriaxone 1g IV pre-op", "ceftriaxone"],
    ["Morphine 5mg IV post op", "morphine"],
    ["Levonorgestrel implant inserted 2024", "levonorgestrel_implant"],
    ["Jadelle in situ since 2023", "levonorgestrel_implant"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it("keeps an eye ointment local when the clause names the eyes", () => {
    expect(id("Tetracycline eye ointment to both eyes stat")).toBe("tetracycline_eye_ointment");
  });

  it("still reads a name that holds such a word whole", () => {
    expect(id("Rehydration solution for malnutrition 10ml")).toBe("resomal");
  });

  it("applies the age rule once the indication is read off", () => {
    const r = checkDrugSafety(k, { newMedication: { name: "Aspirin 75mg od for Kawasaki disease" }, currentMedications: [], conditions: [], allergies: [], age: ageFromYears(4), sex: "male" });
    expect(r.ageAlerts.map((a) => a.ruleId)).toContain("aspirin-under-16");
  });
});

describe("names: antiepileptics, TB preventive therapy, ART and contraceptives", () => {
  it.each([
    ["Lamictal 25mg alternate days", "lamotrigine"],
    ["Keppra 250mg bd", "levetiracetam"],
    ["Priftin 150mg 6 tabs weekly", "rifapentine"],
    ["Isoniazid/rifapentine 300/300 3 tabs weekly", "rifapentine_isoniazid"],
    ["3HP 3 tabs once a week", "rifapentine_isoniazid"],
    ["INH 100mg + pyridoxine 12.5mg od", "isoniazid_pyridoxine"],
    ["Truvada (PrEP) 1 tab od", "tenofovir_emtricitabine"],
    ["TDF/FTC 300/200 od", "tenofovir_emtricitabine"],
    ["EFV/FTC/TDF 600/200/300 nocte", "tenofovir_emtricitabine_efavirenz"],
    ["Norgestrel/ethinylestradiol 0.3/0.03 cycle 1", "ethinylestradiol_norgestrel"],
    ["Rigevidon pills", "ethinylestradiol_levonorgestrel"],
    ["LNG-IUS inserted 2022", "levonorgestrel_ius"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));
});

describe("lamotrigine with valproate, the combined pill and enzyme inducers", () => {
  it("reports valproate (major), the pill (major) and an inducer (moderate), either way round", () => {
    expectInteractionBothWays("Lamotrigine 200mg od", "Depakine 300mg bd", "lamotrigine-valproate", "major");
    expectInteractionBothWays("Lamictal 100mg", "Low-Ogestrel daily", "lamotrigine-coc", "major");
    expectInteractionBothWays("Lamotrigine 150mg bd", "Epanutin 300mg nocte", "lamotrigine-enzyme-inducer", "moderate");
  });

  it("says nothing for levetiracetam with the pill", () => {
    expect(ruleIds(check("Keppra 1g bd", ["Microgynon ED"]))).toEqual([]);
  });
});

describe("rifapentine (3HP) with contraception and ART", () => {
  it.each([
    ["Microgynon fe", "rifapentine-coc"],
    ["Microval daily", "rifapentine-progestogen-only-pill"],
    ["Nexplanon", "rifapentine-progestogen-implant"],
    ["Postinor 2 stat", "rifapentine-levonorgestrel-ec"],
    ["Kaletra 2 tabs bd", "rifapentine-protease-inhibitor"],
    ["Nevirapine 200mg od", "rifapentine-nevirapine"],
  ])("3HP with %s: %s (major)", (other, rule) => expectInteractionBothWays("Rifapentine/isoniazid weekly", other, rule, "major"));

  it("says nothing for the methods and drugs it does not affect", () => {
    for (const other of ["Depo 150mg IM", "Mirena IUS", "Zidovudine 300mg bd"]) expect(ruleIds(check("3HP weekly x12", [other])), other).toEqual([]);
  });
});

describe("trimethoprim with an angiotensin-II receptor blocker", () => {
  it("reports hyperkalaemia (moderate) for co-trimoxazole or trimethoprim with any ARB", () => {
    expectInteractionBothWays("Bactrim DS 2 tabs bd", "Cozaar 100mg", "trimethoprim-arb", "moderate");
    expectInteractionBothWays("Trimethoprim 200mg bd", "Losartan/HCTZ 50/12.5", "trimethoprim-arb", "moderate");
  });
});
