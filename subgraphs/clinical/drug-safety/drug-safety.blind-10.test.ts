import { describe, expect, it } from "vitest";
import { ageFromYears, checkDrugSafety, identifyDrug } from "./drug-safety.engine.js";
import { expectInteractionBothWays, k, ruleIds } from "./drug-safety.test-support.js";

// Classes of misses of the tenth blind set (prescriptions-blind-10.json, session 20: age, pregnancy, breastfeeding and
// duplicates; first score recall 26/36, 9 of 99 names unknown): a duration glued to its unit ("x5d") and a clause after
// "after" ("after extraction") read as part of the name; East African over-the-counter brands (Disprin, Hedex) and an
// aspirin-paracetamol-caffeine product missing; glimepiride and lorazepam missing from drugs.json (so no Beers alert);
// no rule for a combined pill while breastfeeding, nor for an ACE inhibitor with an ARB. Every wording here is absent
// from the fixture sets.
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;
const ageCheck = (name: string, years: number, o: { current?: string[]; conditions?: string[] } = {}) =>
  checkDrugSafety(k, { newMedication: { name }, currentMedications: (o.current ?? []).map((n) => ({ name: n })), conditions: o.conditions ?? [], allergies: [], age: ageFromYears(years), sex: null });
const ageRules = (r: ReturnType<typeof ageCheck>) => r.ageAlerts.map((a) => a.ruleId);

describe("names: a glued duration and a clause after 'after' are not part of the name", () => {
  it.each([
    ["Metronidazole 400mg tds x7d", "metronidazole"],
    ["Amoxicillin 500mg tds x5days", "amoxicillin"],
    ["Diclofenac 50mg bd x2wks", "diclofenac"],
    ["Tramadol 50mg tds after the operation", "tramadol"],
    ["Paracetamol 1g qds after circumcision", "paracetamol"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));
});

describe("names: over-the-counter analgesic brands, glimepiride and lorazepam", () => {
  it.each([
    ["Disprin dispersible 300mg", "aspirin"],
    ["Hedex 500mg 2 tabs", "paracetamol"],
    ["Hedex Extra 2 tablets", "paracetamol_caffeine"],
    ["Anadin Extra two tabs", "aspirin_paracetamol_caffeine"],
    ["Amaryl 1mg mane", "glimepiride"],
    ["Ativan 2mg IM", "lorazepam"],
  ])("%s is %s", (name, drug) => expect(id(name)).toBe(drug));

  it("keys glimepiride and lorazepam by their verified RxCUIs and the combination by name only", () => {
    expect(k.drugs.byId.get("glimepiride")?.rxcui).toBe("25789");
    expect(k.drugs.byId.get("lorazepam")?.rxcui).toBe("6470");
    expect(k.drugs.byId.get("aspirin_paracetamol_caffeine")?.rxcui).toBeNull();
  });
});

describe("age: brands and combinations answer to their ingredients' rules; Beers 2023 sulfonylureas and benzodiazepines", () => {
  it.each([
    ["Disprin dispersible 300mg", 12, "aspirin-under-16"],
    ["Anadin Extra two tabs", 10, "aspirin-under-16"],
    ["Amaryl 1mg mane", 70, "glimepiride-older-adult"],
    ["Ativan 2mg IM", 85, "benzodiazepine-older-adult"],
  ])("%s at %i years: %s", (name, years, rule) => expect(ageRules(ageCheck(name, years))).toContain(rule));

  it("leaves gliclazide, the short-acting sulfonylurea the rules recommend instead, unflagged in an older adult", () => {
    expect(ageRules(ageCheck("Gliclazide 40mg od", 74))).toEqual([]);
  });

  it("does not flag glimepiride below 65, nor lorazepam for seizures in an older adult", () => {
    expect(ageRules(ageCheck("Amaryl 1mg mane", 52))).toEqual([]);
    expect(ageRules(ageCheck("Ativan 2mg IM", 85, { conditions: ["G40.909"] }))).toEqual([]);
  });
});

describe("breastfeeding: a combined pill, not a progestogen-only method", () => {
  const cond = (name: string, conditions: string[]) => ageCheck(name, 26, { conditions }).contraindications.map((c) => c.ruleId);
  it("flags a combined pill for a lactating mother", () => {
    expect(cond("Rigevidon one daily", ["Z39.1"])).toContain("combined-hormonal-contraceptive-breastfeeding");
  });
  it("does not flag the progestogen-only pill while breastfeeding, nor the combined pill without it", () => {
    expect(cond("Microlut one daily", ["Z39.1"])).not.toContain("combined-hormonal-contraceptive-breastfeeding");
    expect(cond("Rigevidon one daily", ["N94.6"])).not.toContain("combined-hormonal-contraceptive-breastfeeding");
  });
});

describe("duplicates: dual RAS blockade and paracetamol in two products", () => {
  it("reports an ACE inhibitor with an ARB as major, either way round, including an ARB combination", () => {
    expectInteractionBothWays("Captopril 12.5mg tds", "Cozaar 50mg", "acei-arb", "major");
    expectInteractionBothWays("Lisinopril 20mg", "Hyzaar 100/25 mane", "acei-arb", "major");
  });
  it.each([
    ["Hedex 500mg 2 tabs", "Panadol Extra 1 tab bd"],
    ["Anadin Extra two tabs", "Calpol 5ml tds"],
    ["Anadin Extra two tabs", "Aspirin 75mg od"],
  ])("%s with %s is a duplicate ingredient", (a, b) => {
    const r = checkDrugSafety(k, { newMedication: { name: a }, currentMedications: [{ name: b }], conditions: [], allergies: [] });
    expect(r.unidentifiedMedications).toEqual([]);
    expect(ruleIds(r)).toContain("duplicate-ingredient");
  });
});
