import { describe, expect, it } from "vitest";
import { soundKey } from "./drug-name-spelling.js";
import { identifyDrug } from "./drug-safety.engine.js";
import { check, expectInteractionBothWays, k, ruleIds } from "./drug-safety.test-support.js";

// Classes of misses of the fourteenth blind set (prescriptions-blind-14.json, session 22: ART, TB, malaria,
// antiepileptics in pregnancy, NSAIDs in CKD, metformin, sulfa and penicillin allergies; first score recall 23/28,
// 4 of 87 names unknown): names spelt as they are heard ("Efavirence", "Coatem": two slips, or one slip in a name
// shorter than the slip reader's 8 letters), antacid and TB brands not in drugs.json (Relcer gel, Rimstar), and no
// rule for carbamazepine, phenytoin or phenobarbital in pregnancy. Every wording here is absent from the fixture sets.
const identify = (name: string) => {
  const warnings: string[] = [];
  const found = identifyDrug(k, { name }, warnings);
  return { id: found?.drug.id, by: found?.matchedBy, warnings };
};

describe("names spelt as they sound", () => {
  it.each([
    ["Koartem 20/120 four tabs twice daily", "artemether_lumefantrine"],
    ["Fenobarbitone 30mg nocte", "phenobarbital"],
    ["Sefalexine 500mg qid", "cefalexin"],
    ["Kotrimoxasole 480mg bd", "sulfamethoxazole_trimethoprim"],
  ])("%s is read as %s, with a warning to confirm", (name, drug) => {
    const r = identify(name);
    expect([r.id, r.by]).toEqual([drug, "spelling"]);
    expect(r.warnings.join(" ")).toMatch(/sounds like/);
  });

  it("the sound key: ph/f, soft c/s, z/s, a silent r before a consonant, doubled letters, a final e", () => {
    expect(soundKey("efavirenze")).toBe(soundKey("efavirenz"));
    expect(soundKey("koartem")).toBe(soundKey("coartem"));
    expect(soundKey("amoxycilin")).toBe(soundKey("amoxicillin"));
    expect(soundKey("fenitoin")).toBe(soundKey("phenytoin"));
    expect(soundKey("warfarin")).not.toBe(soundKey("warfin"));
  });

  it("a name that sounds like no drug, or like two, stays unknown; a drug read by sound is not a safe answer", () => {
    expect(identify("Ukwaju tea").id).toBeUndefined();
    expect(identify("Aloe vera juice").id).toBeUndefined();
    const r = check("Koartem 20/120 four tabs twice daily", ["Stocrin 600mg at night"]);
    expect(ruleIds(r)).toContain("al-efavirenz");
    expect(r.safe).toBe(false);
  });

  it("every known name is still read exactly, never by sound", () => {
    for (const d of k.drugs.byId.values()) expect(identify(d.name).by, d.name).toBe("name");
  });
});

describe("antacid and TB brands of East African pharmacies", () => {
  it.each([
    ["Gelusil 2 tabs chewed after meals", "co_magaldrox"],
    ["Mylanta 10 ml three times a day", "co_magaldrox"],
    ["Relcer 10 ml nocte", "co_magaldrox"],
    ["Rimstar tablets x 2 months", "rifampicin_isoniazid_pyrazinamide_ethambutol"],
  ])("%s is %s", (name, drug) => expect(identify(name)).toMatchObject({ id: drug, by: "name" }));

  it("an antacid gel is read, and is never an eye or ear preparation", () => {
    expect(identify("Relcer gel 5 ml after food").id).toBe("co_magaldrox");
    expect(identify("Relcer eye drops").id).toBeUndefined();
    expect(identify("Mylanta ear drops").id).toBeUndefined();
  });

  it("aluminium/magnesium antacids with dolutegravir or a fluoroquinolone: separate the doses", () => {
    expectInteractionBothWays("Gelusil 2 tabs chewed after meals", "Tivicay 50mg daily", "dolutegravir-polyvalent-cation", "moderate");
    expectInteractionBothWays("Mylanta 10 ml three times a day", "Ciprofloxacin 500mg twice a day", "fluoroquinolone-polyvalent-cation", "moderate");
  });

  it("the rifampicin of a TB brand with boosted PIs and combined pills", () => {
    expectInteractionBothWays("Rimstar tablets x 2 months", "Kaletra 400/100 twice a day", "rif-protease-inhibitor", "contraindicated");
    expectInteractionBothWays("Rimstar tablets x 2 months", "Microgynon 30 one pill daily", "rif-coc", "major");
  });
});

describe("enzyme-inducing antiepileptics in pregnancy", () => {
  it.each([
    ["Phenytoin 100mg three times a day", "Z34.82"],
    ["Carbamazepine CR 400mg twice a day", "O99.352"],
    ["Fenobarbitone 30mg nocte", "Z3A.32"],
  ])("%s with %s: major", (name, code) => {
    const c = check(name, [], [code]).contraindications.find((x) => x.ruleId === "enzyme-inducing-antiepileptic-pregnancy");
    expect(c?.severity).toBe("major");
  });

  it("levetiracetam and lamotrigine are not flagged in pregnancy; nor is carbamazepine after delivery", () => {
    expect(ruleIds(check("Levetiracetam 750mg twice a day", [], ["Z34.82"]))).toEqual([]);
    expect(ruleIds(check("Lamotrigine 100mg twice a day", [], ["Z34.02"]))).toEqual([]);
    expect(ruleIds(check("Carbamazepine CR 400mg twice a day", [], ["O90.89", "Z39.2"]))).toEqual([]);
  });

  it("valproate keeps its own contraindication in pregnancy", () => {
    expect(check("Sodium valproate 200mg twice a day", [], ["Z34.02"]).contraindications.map((c) => [c.ruleId, c.severity])).toEqual([["valproate-pregnancy", "contraindicated"]]);
  });
});
