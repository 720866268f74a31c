import { describe, expect, it } from "vitest";
import { loadBlindSet, scoreBlindSet } from "../../../test/fixtures/drug-safety/score-blind-set.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { allergyBySpelling } from "./drug-name-spelling.js";
import { ageFromYears, checkDrugSafety, identifyDrug } from "./drug-safety.engine.js";

// Classes of misses of the fifth blind set (prescriptions-blind-5.json, session 18; first score recall 27/42): Beers
// anticholinergics, heparins, warfarin brands and miconazole oral gel, duplicates inside combination products, local
// directions and implant counts, misspelt allergies, and valproate in women of childbearing potential (drugs 2026.11.33,
// drug-interactions 2026.11.11, drug-conditions 2026.11.9, drug-age 2026.11.2). Every wording here is absent from the
// fixture sets.
const k = knowledgeFromFiles();
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;
interface Given {
  current?: string[];
  conditions?: string[];
  allergies?: string[];
  years?: number;
  sex?: string;
}
const check = (name: string, g: Given = {}) =>
  checkDrugSafety(k, {
    newMedication: { name },
    currentMedications: (g.current ?? []).map((n) => ({ name: n })),
    conditions: g.conditions ?? [],
    allergies: g.allergies ?? [],
    age: g.years === undefined ? null : ageFromYears(g.years),
    sex: g.sex,
  });
const ruleIds = (r: ReturnType<typeof check>) => [...r.interactions.map((f) => f.ruleId), ...r.ageAlerts.map((a) => a.ruleId)];

describe("names: brands, new medicines, local directions and implant counts", () => {
  it.each([
    ["Coumadin 3 mg tabs", "warfarin"],
    ["Marevan 1mg mane", "warfarin"],
    ["UFH 5000 units IV", "heparin"],
    ["Heparin sodium 1000 IU/ml", "heparin"],
    ["Paluther 160mg IM stat", "artemether"],
    ["Sulphadiazine 500mg qds", "sulfadiazine"],
    ["Panadol Extra 1 tab prn", "paracetamol_caffeine"],
    ["Daktarin Oral Gel 20mg/g", "miconazole_oral_gel"],
    ["Aprinox 5mg mane", "bendroflumethiazide"],
    ["Sinemet 110 1 tab tds", "levodopa_carbidopa"],
    ["Carbidopa/levodopa 25/100 tds", "levodopa_carbidopa"],
    ["Artane 5mg bd", "trihexyphenidyl"],
    ["TEO apply nocte x3/7", "tetracycline_eye_ointment"],
    ["Implanon 1 rod", "etonogestrel_implant"],
    ["Jadelle 2 rods", "levonorgestrel_implant"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it("miconazole cream is not the oral gel (a skin preparation stays unknown)", () => {
    expect(id("Miconazole cream 2% apply bd")).not.toBe("miconazole_oral_gel");
  });
});

describe("older adults (AGS Beers 2023): anticholinergics", () => {
  it("an anticholinergic antiparkinsonian agent alerts at 65 and over, not at 64", () => {
    expect(ruleIds(check("Artane 2mg tds", { years: 65 }))).toContain("anticholinergic-antiparkinsonian-older-adult");
    expect(ruleIds(check("Artane 2mg tds", { years: 64 }))).not.toContain("anticholinergic-antiparkinsonian-older-adult");
  });

  it.each([
    ["Chlorpheniramine 4mg nocte", "G30.1", "anticholinergic-dementia"],
    ["Amitriptyline 10mg nocte", "F01.50", "anticholinergic-dementia"],
    ["Largactil 50mg nocte", "F05", "anticholinergic-dementia"],
    ["Trihexyphenidyl 2mg od", "G31.84", "anticholinergic-dementia"],
    ["Promethazine 10mg nocte", "N40.3", "anticholinergic-bph-retention"],
    ["Amitriptyline 25mg nocte", "R33.9", "anticholinergic-bph-retention"],
  ])("%s with %s: %s", (name, code, rule) => expect(ruleIds(check(name, { conditions: [code] }))).toContain(rule));

  it("no anticholinergic rule for BPH without urinary symptoms, or for a drug without anticholinergic activity", () => {
    expect(ruleIds(check("Promethazine 10mg nocte", { conditions: ["N40.0"] }))).not.toContain("anticholinergic-bph-retention");
    expect(check("Paracetamol 500mg tds", { conditions: ["G30.1", "N40.1"] }).contraindications).toEqual([]);
  });
});

describe("anticoagulants", () => {
  it("heparin or an LMWH with an NSAID", () => {
    expect(ruleIds(check("Naproxen 250mg bd", { current: ["UFH 5000 units sc"] }))).toContain("heparin-nsaid");
    expect(ruleIds(check("Indocid 25mg tds", { current: ["Clexane 40 mg sc"] }))).toContain("heparin-nsaid");
  });

  it("heparins after immune-mediated or unspecified HIT are contraindicated; non-immune HIT is not", () => {
    expect(check("Clexane 60mg sc bd", { conditions: ["D75.829"] }).contraindications).toEqual([expect.objectContaining({ ruleId: "heparin-hit", severity: "contraindicated" })]);
    expect(ruleIds(check("Heparin 1000 units/hr", { conditions: ["D75.82"] }))).toContain("heparin-hit");
    expect(ruleIds(check("Heparin 1000 units/hr", { conditions: ["D75.821"] }))).not.toContain("heparin-hit");
  });

  it("miconazole oral gel with warfarin (MHRA 2016), under any warfarin brand", () => {
    const r = check("Miconazole oral gel 2.5 ml qds", { current: ["Coumadin 5mg"] });
    expect(r.interactions).toContainEqual(expect.objectContaining({ ruleId: "warfarin-miconazole-oral-gel", severity: "major" }));
  });

  it("metoclopramide with levodopa", () => {
    expect(ruleIds(check("Maxolon 10mg tds", { current: ["Sinemet 1 tab tds"] }))).toContain("metoclopramide-levodopa");
  });
});

describe("duplicates inside combination products", () => {
  it.each([
    ["Paluther 80mg IM", "Artemether/lumefantrine 80/480 bd", "duplicate-ingredient"],
    ["Panadol Extra 2 tabs qid", "Calpol 5ml tds", "duplicate-ingredient"],
    ["Sulphadiazine 500mg qds", "Bactrim 960mg od", "duplicate-class"],
  ])("%s with %s: %s", (name, current, rule) => expect(ruleIds(check(name, { current: [current] }))).toContain(rule));
});

describe("an allergy written with one spelling slip", () => {
  it.each([
    ["Penicilllin", "Benzylpenicillin 1.2MU IV", "allergy-same_class"],
    ["Erythromicin allergy", "Erythromycin 250mg qid", "allergy-same_drug"],
    ["sulphonamid (rash)", "Bactrim 960mg bd", "allergy-same_class"],
  ])("%s is read and alerts against %s, with a warning; the check is not safe", (allergy, drug, rule) => {
    const r = check(drug, { allergies: [allergy] });
    expect(r.allergyAlerts.map((a) => `allergy-${a.crossReactivity}`)).toContain(rule);
    expect(r.unrecognizedAllergies).toEqual([]);
    expect(r.warnings.join(" ")).toMatch(/spelling slip/);
    expect(r.safe).toBe(false);
  });

  it("a spelling-read allergy that names nothing in the drug still leaves the check not safe", () => {
    const r = check("Paracetamol 1g", { allergies: ["Penicilllin"] });
    expect(r.allergyAlerts).toEqual([]);
    expect(r.safe).toBe(false);
  });

  it("two slips, a short word, or close names naming different allergens leave the entry unread", () => {
    expect(check("Amoxicillin 500mg", { allergies: ["Pencilin"] }).unrecognizedAllergies).toEqual(["Pencilin"]);
    expect(check("Bactrim 960mg", { allergies: ["sulfo"] }).unrecognizedAllergies).toEqual(["sulfo"]);
    expect(allergyBySpelling(k, "sulfonamidee")?.corrected).toMatch(/^sulfonamides?$/);
  });
});

describe("valproate in women of childbearing potential (a rule of one sex)", () => {
  const rule = "valproate-woman-childbearing-potential";
  it("alerts for a woman of 15 to 49, not for a man, a girl of 14 or a woman of 50", () => {
    expect(ruleIds(check("Depakine 200mg tds", { years: 31, sex: "female" }))).toContain(rule);
    expect(ruleIds(check("Depakine 200mg tds", { years: 31, sex: "male" }))).not.toContain(rule);
    expect(ruleIds(check("Depakine 200mg tds", { years: 14, sex: "female" }))).not.toContain(rule);
    expect(ruleIds(check("Depakine 200mg tds", { years: 50, sex: "female" }))).not.toContain(rule);
  });

  it("with the sex unknown the rule is not applied and a warning says so", () => {
    for (const sex of [undefined, "unknown", "other"]) {
      const r = check("Valproic acid 250mg bd", { years: 22, sex });
      expect(ruleIds(r)).not.toContain(rule);
      expect(r.warnings.join(" ")).toMatch(/Sex not known/);
    }
  });

  it("in pregnancy the pregnancy rule alone speaks", () => {
    const r = check("Depakine 200mg tds", { years: 26, sex: "female", conditions: ["Z34.02"] });
    expect(ruleIds(r)).toContain("valproate-pregnancy");
    expect(ruleIds(r)).not.toContain(rule);
  });
});

describe("the fifth blind set", () => {
  it("scores at least as after session 18 (no precision lost; four herbal remedies unidentified and never safe)", () => {
    const s = scoreBlindSet(k, loadBlindSet("prescriptions-blind-5.json"));
    expect(s.hits).toBeGreaterThanOrEqual(40);
    expect(s.falsePositives).toEqual([]);
    expect(s.unknownNames).toEqual([]);
    expect(s.reportedUnidentified).toBe(s.expectedUnidentified);
    expect(s.expectedUnidentified).toBe(4);
  });
});
