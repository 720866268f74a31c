import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { checkDrugSafety, identifyDrug, interactionBetween } from "./drug-safety.engine.js";

const k = knowledgeFromFiles();
const drug = (id: string) => k.drugs.byId.get(id)!;
const check = (newMedication: { code?: string; name: string }, current: { code?: string; name: string }[] = [], conditions: string[] = [], allergies: string[] = []) =>
  checkDrugSafety(k, { newMedication, currentMedications: current, conditions, allergies });

describe("drug identification", () => {
  it("identifies by RxCUI first, then by name, ignoring dose and form words", () => {
    const w: string[] = [];
    expect(identifyDrug(k, { code: "11289", name: "whatever" }, w)?.drug.id).toBe("warfarin");
    expect(identifyDrug(k, { code: "", name: "Warfarin 5 mg tablets" }, w)?.matchedBy).toBe("name");
    expect(identifyDrug(k, { code: "", name: "Co-Trimoxazole" }, w)?.drug.id).toBe("sulfamethoxazole_trimethoprim");
    expect(identifyDrug(k, { code: "", name: "Rifampin" }, w)?.drug.id).toBe("rifampicin");
    // "Amox" is a synonym in drugs.json (drugs 2026.11.9); prefixes are still never guessed.
    expect(identifyDrug(k, { code: "", name: "Amox" }, w)?.drug.id).toBe("amoxicillin");
    expect(identifyDrug(k, { code: "", name: "Amoxi" }, w)).toBeUndefined();
  });
});

describe("drug identification: names as prescriptions and requests write them", () => {
  it.each([
    ["Warfarin 5mg", "warfarin"],
    ["Septrin 960mg", "sulfamethoxazole_trimethoprim"],
    ["Coartem 80/480 tabs", "artemether_lumefantrine"],
    ["Amoxicillin 250mg/5ml suspension", "amoxicillin"],
    ["Ceftriaxone 1g inj IV od", "ceftriaxone"],
    ["Warfarin sodium 3 mg", "warfarin"],
    ["Oral rehydration salts sachet", "oral_rehydration_salts"],
    ["Metronidazole 400 mg tds", "metronidazole"],
    ["Salbutamol inhaler 100mcg", "salbutamol"],
  ])("%s", (name, id) => {
    expect(identifyDrug(k, { code: "", name }, [])?.drug.id).toBe(id);
  });

  it("finds every drug of the knowledge base by each of its names with any strength, form, route and schedule around it", () => {
    const names = [...k.drugs.byId.values()].flatMap((d) => [d.name, ...d.synonyms].map((name) => ({ id: d.id, name })));
    const strength = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.constantFrom("mg", "g", "mcg", "ml", "IU", " mg", " g", " units")).map(([n, u]) => `${n}${u}`),
      fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 })).map(([a, b]) => `${a}/${b}`),
      fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 10 })).map(([a, b]) => `${a}mg/${b}ml`),
      fc.constant(""),
    );
    const words = (list: string[]) => fc.subarray(list, { maxLength: 2 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(fc.constantFrom(...names), strength, words(["tablets", "caps", "syrup", "injection", "suspension", "sachet"]), words(["IV", "PO", "od", "bd", "tds", "prn", "daily"]), fc.constantFrom("", "Sodium ", ""), (drug, dose, form, schedule, salt) => {
        const written = `${drug.name} ${salt}${dose} ${form} ${schedule}`.replace(/\s+/g, " ").trim();
        expect(identifyDrug(k, { code: "", name: written }, [])?.drug.id, written).toBe(drug.id);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("interaction rules", () => {
  // The ONC high-priority pairs (Phansalkar S, et al. JAMIA 2012;19(5):735-43), plus pairs from the same list.
  it.each([
    ["chloroquine", "azithromycin"],
    ["chloroquine", "erythromycin"],
    ["chloroquine", "ondansetron"],
    ["halofantrine", "azithromycin"],
    ["halofantrine", "erythromycin"],
    ["halofantrine", "ondansetron"],
    ["phenelzine", "fluoxetine"],
    ["phenelzine", "tramadol"],
    ["ergotamine", "ritonavir"],
    ["ergotamine", "ketoconazole"],
    ["atazanavir", "rabeprazole"],
    ["atazanavir", "omeprazole"],
    ["simvastatin", "diltiazem"],
    ["simvastatin", "fluconazole"],
    ["simvastatin", "amiodarone"],
    ["simvastatin", "erythromycin"],
    ["lovastatin", "diltiazem"],
    ["lovastatin", "fluconazole"],
    ["lovastatin", "amiodarone"],
    ["lovastatin", "erythromycin"],
    ["irinotecan", "clarithromycin"],
    ["irinotecan", "ketoconazole"],
    ["tizanidine", "zileuton"],
    ["tizanidine", "ciprofloxacin"],
    ["tizanidine", "fluvoxamine"],
    ["bosentan", "glibenclamide"],
    ["dofetilide", "sulfamethoxazole_trimethoprim"],
    ["pimozide", "clarithromycin"],
    ["thioridazine", "fluoxetine"],
    ["sumatriptan", "phenelzine"],
    ["ramelteon", "fluvoxamine"],
  ])("flags %s + %s as major or contraindicated", (a, b) => {
    const rule = interactionBetween(k, drug(a), drug(b));
    expect(rule, `${a} + ${b}`).toBeDefined();
    expect(["major", "contraindicated"]).toContain(rule!.severity);
  });

  it("contraindicates simvastatin and lovastatin with every HIV protease inhibitor, including atazanavir", () => {
    // Atazanavir is not in the strong-CYP3A4-inhibitor class, so simvastatin + atazanavir used to be "safe".
    for (const statin of ["simvastatin", "lovastatin"]) {
      for (const pi of ["atazanavir", "lopinavir_ritonavir", "ritonavir"]) {
        expect(interactionBetween(k, drug(statin), drug(pi))?.severity, `${statin} + ${pi}`).toBe("contraindicated");
      }
    }
    const r = check({ code: "36567", name: "Simvastatin" }, [{ code: "", name: "Atazanavir" }]);
    expect(r.safe).toBe(false);
    expect(r.interactions[0]).toMatchObject({ type: "drug-drug", severity: "contraindicated", ruleId: "simva-hiv-protease-inhibitor" });
  });

  it("prefers the drug-specific rule to the class rule (warfarin + aspirin)", () => {
    expect(interactionBetween(k, drug("warfarin"), drug("aspirin"))?.id).toBe("warfarin-aspirin");
    expect(interactionBetween(k, drug("aspirin"), drug("warfarin"))?.id).toBe("warfarin-aspirin");
  });

  it("is symmetric for every pair the rules name", () => {
    const ids = [...k.drugs.byId.keys()];
    for (const a of ids) for (const b of ids) expect(interactionBetween(k, drug(a), drug(b))?.id).toBe(interactionBetween(k, drug(b), drug(a))?.id);
  });

  it("does not treat low-dose aspirin as an NSAID for CKD (KDIGO concerns NSAIDs)", () => {
    expect(check({ code: "1191", name: "Aspirin" }, [], ["N18.3"]).contraindications).toEqual([]);
  });

  it("reports duplicate therapy", () => {
    expect(check({ code: "11289", name: "Warfarin" }, [{ code: "", name: "warfarin" }]).interactions[0]).toMatchObject({ ruleId: "duplicate-ingredient" });
  });

  it("reports duplicate therapy across products that share an ingredient (amoxicillin + co-amoxiclav)", () => {
    // Used to be "safe": only identical knowledge-base entries counted as duplicates.
    const r = check({ code: "723", name: "Amoxicillin" }, [{ code: "", name: "Co-amoxiclav" }]);
    expect(r.safe).toBe(false);
    expect(r.interactions[0]).toMatchObject({ ruleId: "duplicate-ingredient", description: expect.stringMatching(/both contain amoxicillin/) });
    expect(check({ code: "", name: "Trimethoprim" }, [{ code: "10831", name: "Co-trimoxazole" }]).interactions.map((i) => i.ruleId)).toContain("duplicate-ingredient");
  });

  it("flags metformin when CKD stage is unspecified (N18.9) or the patient is on dialysis (Z99.2)", () => {
    // Used to be "safe": only N18.3-N18.6, N17 and N19 were matched.
    expect(check({ code: "6809", name: "Metformin" }, [], ["N18.9"]).contraindications[0]).toMatchObject({ ruleId: "metformin-renal-unspecified", severity: "major" });
    expect(check({ code: "6809", name: "Metformin" }, [], ["Z99.2"]).contraindications[0]).toMatchObject({ ruleId: "metformin-severe-renal", severity: "contraindicated" });
    expect(check({ code: "6809", name: "Metformin" }, [], ["N18.2"]).safe).toBe(true);
  });
});

describe("drug-allergy", () => {
  it("alerts on the exact drug even when the drug is not in the knowledge base", () => {
    const r = check({ code: "", name: "Zorblaxin" }, [], [], ["zorblaxin"]);
    expect(r.allergyAlerts[0]).toMatchObject({ crossReactivity: "same_drug", severity: "contraindicated" });
    expect(r.safe).toBe(false);
  });

  it("treats an allergy named as a drug as an allergy to its class (amoxicillin allergy → flucloxacillin)", () => {
    expect(check({ code: "", name: "Flucloxacillin" }, [], [], ["Amoxicillin"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class" });
  });

  it("alerts an aspirin-allergic patient about ibuprofen (NSAID cross-intolerance)", () => {
    expect(check({ code: "5640", name: "Ibuprofen" }, [], [], ["Aspirin"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class", allergenGroup: "Aspirin and NSAIDs" });
  });

  it("alerts an ibuprofen-allergic patient about aspirin, as it does the other way round", () => {
    // An allergy named as a drug used only the drug's own classes, so the NSAID group's salicylates were missed.
    expect(check({ code: "1191", name: "Aspirin" }, [], [], ["Ibuprofen"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class", severity: "contraindicated" });
    expect(check({ code: "3355", name: "Diclofenac" }, [], [], ["Ibuprofen"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class" });
    expect(check({ code: "", name: "Paracetamol" }, [], [], ["Ibuprofen"]).allergyAlerts).toEqual([]);
  });

  it("finds the allergen inside free text ('sulfa allergy', 'Penicillin (anaphylaxis)', 'amoxicillin and sulfa')", () => {
    // These used to be "unrecognized" and the answer safe: true.
    expect(check({ code: "10831", name: "Co-trimoxazole" }, [], [], ["sulfa allergy"])).toMatchObject({ safe: false, unrecognizedAllergies: [] });
    expect(check({ code: "723", name: "Amoxicillin" }, [], [], ["Penicillin (anaphylaxis)"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class", severity: "contraindicated", allergenGroup: "Penicillins" });
    const both = (name: string) => check({ code: "", name }, [], [], ["amoxicillin and sulfa"]).allergyAlerts;
    expect(both("Flucloxacillin")[0]).toMatchObject({ crossReactivity: "same_class" });
    expect(both("Co-trimoxazole")[0]).toMatchObject({ crossReactivity: "same_class", allergenGroup: "Sulfonamide antibiotics" });
    // The longer name wins: "penicillin v" is the drug, still the penicillin class.
    expect(check({ code: "", name: "Ampicillin" }, [], [], ["penicillin v rash"]).allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class" });
    expect(check({ code: "723", name: "Amoxicillin" }, [], [], ["peanut allergy"])).toMatchObject({ safe: true, unrecognizedAllergies: [] });
  });

  it.each(["Sulphur", "sulfur", "allergic to sulphur", "Sulphur drugs", "SULFUR ALLERGY"])("reads %j as the sulfonamide allergy it is recorded for (Septrin is contraindicated)", (allergy) => {
    const r = check({ code: "10831", name: "Septrin 960mg" }, [], [], [allergy]);
    expect(r.safe).toBe(false);
    expect(r.unrecognizedAllergies).toEqual([]);
    expect(r.allergyAlerts[0]).toMatchObject({ crossReactivity: "same_class", severity: "contraindicated", allergenGroup: "Sulfonamide antibiotics" });
  });

  it.each(["Peanuts", "groundnuts", "house dust", "bee stings", "Latex"])("interprets the food, inhalant, venom or latex allergy %j: no drug alert, still safe", (allergy) => {
    expect(check({ code: "723", name: "Amoxicillin" }, [], [], [allergy])).toMatchObject({ safe: true, unrecognizedAllergies: [], allergyAlerts: [] });
  });

  it.each(["Septrinn", "the yellow tablets", "egg", "iodine", "gelatin"])("does not clear a drug against the allergy it cannot read (%j): not safe, with a warning", (allergy) => {
    const r = check({ code: "723", name: "Amoxicillin" }, [], [], [allergy]);
    expect(r).toMatchObject({ safe: false, unrecognizedAllergies: [allergy], interactions: [] });
    expect(r.warnings.join(" ")).toMatch(new RegExp(`Allergy not interpreted: "${allergy}"`));
  });
});

describe("dolutegravir (TLD) and antiretroviral interactions", () => {
  // These pairs used to answer safe: true with no interaction although both drugs were identified.
  it.each([
    // new medication, current medication, rule, severity, words the advice must carry
    ["Carbamazepine", "Dolutegravir", "dolutegravir-carbamazepine", "major", /50 mg twice daily/],
    ["Phenytoin", "Dolutegravir", "dolutegravir-enzyme-inducer", "major", /Avoid/],
    ["Phenobarbital", "Dolutegravir", "dolutegravir-enzyme-inducer", "major", /Avoid/],
    ["Metformin", "Dolutegravir", "dolutegravir-metformin", "moderate", /1,000 mg/],
    ["Ferrous sulfate", "Dolutegravir", "dolutegravir-polyvalent-cation", "moderate", /2 hours before or 6 hours after/],
    ["Magnesium trisilicate", "Dolutegravir", "dolutegravir-polyvalent-cation", "moderate", /2 hours before or 6 hours after/],
    ["Rifampicin", "Dolutegravir", "rif-dolutegravir", "major", /50 mg twice daily/],
    ["Artemether-lumefantrine", "Lopinavir/ritonavir", "al-lopinavir-ritonavir", "moderate", /QT/],
    ["Ciprofloxacin", "Calcium carbonate", "fluoroquinolone-polyvalent-cation", "moderate", /2 hours before or 6 hours after/],
    ["Atazanavir", "Aluminium hydroxide", "atazanavir-antacid", "moderate", /2 hours before or 1 hour after/],
  ])("%s + %s → %s (%s), in both orders", (a, b, ruleId, severity, advice) => {
    for (const [x, y] of [[a, b], [b, a]]) {
      const r = check({ code: "", name: x }, [{ code: "", name: y }]);
      expect(r.safe, `${x} + ${y}`).toBe(false);
      expect(r.unidentifiedMedications).toEqual([]);
      expect(r.interactions[0]).toMatchObject({ type: "drug-drug", severity, ruleId, recommendation: expect.stringMatching(advice) });
      expect(r.interactions[0].source).toBeTruthy();
    }
  });

  it("finds dolutegravir's rules for TLD and Tivicay as prescriptions write them", () => {
    expect(identifyDrug(k, { name: "TLD 300/300/50mg" }, [])?.drug.id).toBe("tenofovir_lamivudine_dolutegravir");
    expect(identifyDrug(k, { name: "Tivicay 50mg tablets" }, [])?.drug.id).toBe("dolutegravir");
    expect(identifyDrug(k, { name: "Phenobarbitone 30 mg" }, [])?.drug.id).toBe("phenobarbital");
    expect(check({ code: "2002", name: "Carbamazepine 200mg" }, [{ name: "TLD" }]).interactions[0]).toMatchObject({ ruleId: "dolutegravir-carbamazepine", severity: "major" });
    expect(check({ code: "6809", name: "Metformin 500 mg bd" }, [{ name: "Tivicay 50mg" }]).interactions[0]).toMatchObject({ ruleId: "dolutegravir-metformin" });
    expect(check({ name: "Rifampicin" }, [{ name: "Tenofovir/lamivudine/dolutegravir" }]).interactions[0].recommendation).toMatch(/extra dolutegravir 50 mg tablet 12 hours/);
    // TLD is dolutegravir: adding Tivicay to it is a double dose.
    expect(check({ name: "Tivicay" }, [{ name: "TLD" }]).interactions.map((i) => i.ruleId)).toEqual(["duplicate-ingredient"]);
  });

  it("prefers the carbamazepine dose rule to the enzyme-inducer class rule, and lets class members share the class rule", () => {
    const dtg = drug("dolutegravir");
    expect(interactionBetween(k, dtg, drug("carbamazepine"))?.id).toBe("dolutegravir-carbamazepine");
    for (const inducer of ["phenytoin", "phenobarbital"]) expect(interactionBetween(k, drug(inducer), dtg)?.id).toBe("dolutegravir-enzyme-inducer");
    for (const cation of ["aluminium_hydroxide", "magnesium_trisilicate", "calcium_carbonate", "ferrous_sulfate"]) {
      expect(interactionBetween(k, drug(cation), drug("tenofovir_lamivudine_dolutegravir"))?.id).toBe("dolutegravir-polyvalent-cation");
    }
  });

  it("cites a source for every rule on a dolutegravir-containing product", () => {
    const rules = k.interactions.filter((r) => [r.a, r.b].some((s) => "class" in s && s.class === "dolutegravir_containing"));
    expect(rules.map((r) => r.id).sort()).toEqual(["dolutegravir-carbamazepine", "dolutegravir-enzyme-inducer", "dolutegravir-metformin", "dolutegravir-polyvalent-cation", "rif-dolutegravir"]);
    for (const r of rules) expect(r.source).toMatch(/TIVICAY|WHO|DOVATO/);
  });
});
