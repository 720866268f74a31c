import { describe, expect, it } from "vitest";
import { identifyDrug, interactionBetween } from "./drug-safety.engine.js";
import { check, expectInteractionBothWays, k, ruleIds } from "./drug-safety.test-support.js";

// Classes of misses of the eleventh blind set (prescriptions-blind-11.json, session 20: absorption spacing, alcohol with
// nitroimidazoles, clopidogrel with PPIs, PDE5 inhibitors with nitrates, triple whammy, rifampicin; first score recall
// 18/36, 23 of 125 names unknown): a "label: contents" name, "single dose", "1 hour before …" and a written-out route
// read as part of the name; a drug with its regimen in brackets ("Rifampicin (RHZE)") read as two drugs; esomeprazole,
// pantoprazole, sildenafil, tadalafil, the nitrates, tinidazole, ferrous fumarate, co-magaldrox, a calcium-vitamin D
// tablet and Gaviscon missing; no rule for PDE5 inhibitor + nitrate, clopidogrel + esomeprazole, ARB + NSAID, the
// triple whammy, nor alcohol use with a nitroimidazole. Every wording here is absent from the fixture sets.
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;
const withAdvice = (r: ReturnType<typeof check>, rule: string) => r.interactions.find((f) => f.ruleId === rule)?.recommendation ?? "";

describe("names: a label and its contents, single doses, timing clauses and routes written out", () => {
  it.each([
    ["Zinc/ORS co-pack: 1 zinc tab daily for 10 days", "ors_zinc_co_pack"],
    ["Indigestion mixture: magnesium hydroxide/aluminium hydroxide 5ml", "co_magaldrox"],
    ["Tinidazole 500mg 4 tabs single dose", "tinidazole"],
    ["Tadalafil 10mg 30 min before intercourse", "tadalafil"],
    ["Glyceryl trinitrate 400mcg buccal", "glyceryl_trinitrate"],
    ["Nitroglycerin spray 1 puff under the tongue", "glyceryl_trinitrate"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it("reads a drug with the regimen it belongs to in brackets as the drug written", () => {
    expect(id("Isoniazid 300mg daily (RHZE regimen)")).toBe("isoniazid");
    expect(id("Lamivudine 150mg bd (TLD)")).toBe("lamivudine");
  });

  it("still reads two different drugs in brackets or around a colon as none", () => {
    expect(id("Amoxicillin 500mg (metronidazole)")).toBeUndefined();
    expect(id("Ciprofloxacin: fluconazole 150mg")).toBeUndefined();
  });
});

describe("names: PPIs, PDE5 inhibitors, nitrates, antacids and supplements", () => {
  it.each([
    ["Nexium 20mg nocte", "esomeprazole"],
    ["Pantoloc 40 mg mane", "pantoprazole"],
    ["Cialis 20mg prn", "tadalafil"],
    ["ISMN 20mg bd", "isosorbide_mononitrate"],
    ["Isordil 5mg sublingual", "isosorbide_dinitrate"],
    ["Fasigyn 500mg", "tinidazole"],
    ["Galfer 305mg od", "ferrous_fumarate"],
    ["Maalox suspension 10ml qds", "co_magaldrox"],
    ["Gaviscon Double Action 2 tabs", "alginate_raft_antacid"],
    ["Calcium + vitamin D3 1 tab bd", "calcium_carbonate_colecalciferol"],
    ["Eltroxin 50 micrograms", "levothyroxine"],
    ["Clarityn 10mg", "loratadine"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it("keys the new ingredients by RxCUIs verified in the PharmGKB export, the rest by name only", () => {
    const rxcui = (drug: string) => k.drugs.byId.get(drug)?.rxcui;
    expect([rxcui("esomeprazole"), rxcui("pantoprazole"), rxcui("sildenafil"), rxcui("tadalafil")]).toEqual(["283742", "40790", "136411", "358263"]);
    expect([rxcui("glyceryl_trinitrate"), rxcui("isosorbide_dinitrate"), rxcui("isosorbide_mononitrate"), rxcui("tinidazole")]).toEqual(["4917", "6058", "28004", "10612"]);
    expect([rxcui("ferrous_fumarate"), rxcui("co_magaldrox"), rxcui("magnesium_hydroxide")]).toEqual([null, null, null]);
  });
});

describe("absorption: chelating products answer to the spacing rules, with the spacing said", () => {
  it("a fluoroquinolone with a magnesium/aluminium antacid tells the hours apart", () => {
    const r = check("Ciprofloxacin 250mg bd", ["Maalox 10ml after food"]);
    expect(ruleIds(r)).toContain("fluoroquinolone-polyvalent-cation");
    expect(withAdvice(r, "fluoroquinolone-polyvalent-cation")).toMatch(/ciprofloxacin at least 2 hours before or 6 hours after/);
    // The class rule's advice names each fluoroquinolone's own spacing (levofloxacin's label: 2 hours either side).
    expect(withAdvice(check("Magnesium hydroxide 10ml nocte", ["Levofloxacin 500mg daily"]), "fluoroquinolone-polyvalent-cation")).toMatch(/levofloxacin at least 2 hours before or 2 hours after/);
  });
  it("dolutegravir with an iron syrup or a calcium-vitamin D tablet tells the hours apart", () => {
    for (const cation of ["Galfer syrup 5ml od", "Calcium/vitamin D3 500mg od"]) {
      const r = check("Dolutegravir 50mg daily", [cation]);
      expect(withAdvice(r, "dolutegravir-polyvalent-cation")).toMatch(/2 hours before or 6 hours after/);
    }
  });
  it("a tetracycline with Gaviscon, levothyroxine with ferrous fumarate", () => {
    expect(ruleIds(check("Doxycycline 200mg stat", ["Gaviscon 10ml tds"]))).toContain("tetracycline-polyvalent-cation");
    expect(withAdvice(check("Ferrous fumarate 210mg tds", ["Eltroxin 25mcg"]), "levothyroxine-iron")).toMatch(/4 hours/);
  });
  it("plain ORS and vitamin C are not chelators", () => {
    expect(check("Levofloxacin 750mg od", ["ORS 200ml after every stool"]).interactions).toEqual([]);
    expect(check("Doxycycline 100mg od", ["Vit C 1000mg"]).interactions).toEqual([]);
  });
});

describe("interactions: nitrates, PPIs, triple whammy", () => {
  it("any PDE5 inhibitor with any organic nitrate is contraindicated, both ways", () => {
    expectInteractionBothWays("Cialis 10mg", "ISMN 30mg od", "pde5-nitrate", "contraindicated");
    expectInteractionBothWays("Sildenafil 25mg", "Nitroglycerin 0.4mg SL", "pde5-nitrate", "contraindicated");
  });
  it("clopidogrel with esomeprazole as with omeprazole; pantoprazole is not flagged", () => {
    expectInteractionBothWays("Nexium 40mg", "Plavix 75mg", "clopidogrel-esomeprazole", "moderate");
    expect(ruleIds(check("Pantoloc 20mg od", ["Plavix 75mg"]))).toEqual([]);
  });
  it("an ARB with an NSAID", () => {
    expectInteractionBothWays("Naproxen 250mg bd", "Losartan 100mg", "arb-nsaid", "moderate");
  });
  it("an NSAID with a diuretic is reported only with an ACE inhibitor or ARB as well (triple whammy)", () => {
    expect(ruleIds(check("Naproxen 500mg bd", ["Bendroflumethiazide 2.5mg", "Captopril 25mg tds"]))).toContain("nsaid-thiazide");
    expect(ruleIds(check("Indomethacin 25mg tds", ["Lasix 40mg", "Cozaar 50mg"]))).toContain("nsaid-loop-diuretic");
    expect(ruleIds(check("Naproxen 500mg bd", ["Bendroflumethiazide 2.5mg"]))).not.toContain("nsaid-thiazide");
    expect(ruleIds(check("Indomethacin 25mg tds", ["Lasix 40mg", "Atenolol 50mg"]))).not.toContain("nsaid-loop-diuretic");
  });
  it("a rule of three is never reported for a pair checked alone", () => {
    const nsaid = k.drugs.byId.get("ibuprofen")!;
    const loop = k.drugs.byId.get("furosemide")!;
    expect(interactionBetween(k, nsaid, loop)).toBeUndefined();
    expect(interactionBetween(k, nsaid, loop, undefined, [k.drugs.byId.get("captopril")!])?.id).toBe("nsaid-loop-diuretic");
  });
});

describe("conditions: alcohol use with a nitroimidazole", () => {
  it.each([["Tinidazole 2g stat", "F10.129"], ["Metronidazole 500mg bd", "F10.20"], ["Flagyl 200mg tds", "F10.90"]])("%s with %s", (drug, code) => {
    expect(ruleIds(check(drug, [], [code]))).toContain("nitroimidazole-alcohol");
  });
  it("not without an alcohol code", () => {
    expect(ruleIds(check("Tinidazole 2g stat", [], ["A07.1"]))).not.toContain("nitroimidazole-alcohol");
  });
});
