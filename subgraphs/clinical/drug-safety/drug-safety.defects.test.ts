import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { resolveConditionRules } from "../knowledge/drug-safety-index.js";
import { checkDrugSafety, identifyDrug } from "./drug-safety.engine.js";

// Defects found by testing the drug check (pregnancy codes, SP + co-trimoxazole, NSAID pairs, CKD
// without a stage, codes naming another drug, beta-lactam allergy, ritonavir + combined pill).
const k = knowledgeFromFiles();
const med = (name: string, code = "") => ({ code, name });
const check = (newMedication: { code?: string; name: string }, current: { code?: string; name: string }[] = [], conditions: string[] = [], allergies: string[] = []) =>
  checkDrugSafety(k, { newMedication, currentMedications: current, conditions, allergies });
const ruleIds = (r: ReturnType<typeof check>) => r.interactions.map((f) => f.ruleId);

describe("pregnancy is one code set, used by every pregnancy rule", () => {
  const pregnancyCodes = ["Z33.1", "Z34.0", "Z34.00", "Z34.9", "Z35.0", "Z35.9", "Z32.01", "Z32.1", "Z36", "Z3A.20", "O09.90", "O26.9", "O80", "O9A.1"];
  const pregnancyRules: [string, string][] = [
    ["Lisinopril", "acei-pregnancy"], ["Enalapril", "acei-pregnancy"], ["Primaquine", "primaquine-pregnancy"], ["Methotrexate", "methotrexate-pregnancy"],
    ["Atorvastatin", "statin-pregnancy"], ["Simvastatin", "statin-pregnancy"], ["Warfarin", "warfarin-pregnancy"],
    ["Ibuprofen", "nsaid-pregnancy"], ["Diclofenac", "nsaid-pregnancy"], ["Naproxen", "nsaid-pregnancy"],
  ];
  it.each(pregnancyRules.flatMap(([drug, rule]) => pregnancyCodes.map((code) => [drug, code, rule])))("%s with %s is not safe (%s)", (drug, code, rule) => {
    const r = check(med(drug), [], [code]);
    expect(r.safe).toBe(false);
    expect(r.contraindications.map((c) => c.ruleId)).toContain(rule);
  });

  it.each(["Z32.00", "Z32.02", "Z32.2", "Z37.0", "Z30.0", "Z39.2"])("%s (not a pregnancy) does not trigger the pregnancy rules", (code) => {
    expect(check(med("Lisinopril"), [], [code]).contraindications).toEqual([]);
  });

  it.each(["O91.12", "O72.1", "O85", "O90.89", "O92.5", "O86.4", "O89.9"])("%s (puerperium or lactation, after delivery) does not trigger the pregnancy rules", (code) => {
    for (const [drug] of pregnancyRules) {
      expect(check(med(drug), [], [code]).contraindications.map((c) => c.ruleId), drug).toEqual([]);
    }
    const r = check(med("Ibuprofen"), [], [code]);
    expect(r.safe).toBe(true);
    expect(ruleIds(r)).not.toContain("nsaid-pregnancy");
  });

  it.each(["O26.9", "Z34.0", "O09.90", "O71.1", "O73.0", "O94", "O98.1"])("%s (pregnancy, delivery or chapter O outside O72 and O85-O92) still triggers the NSAID pregnancy rule", (code) => {
    const r = check(med("Ibuprofen"), [], [code]);
    expect(r.safe).toBe(false);
    expect(r.contraindications.map((c) => c.ruleId)).toContain("nsaid-pregnancy");
  });

  it("every pregnancy rule carries the pregnancy set exclusion of O72 and O85-O92", () => {
    for (const r of k.conditionRules.filter((x) => x.icd10_sets?.includes("pregnancy"))) {
      expect([...(r.icd10_exclude_prefixes ?? [])].sort(), r.id).toEqual(["O72", "O85", "O86", "O87", "O88", "O89", "O90", "O91", "O92"]);
    }
  });

  it("a code set exclusion that would remove a rule's own codes stops the start", () => {
    const set = { name: "Pregnancy", icd10_prefixes: ["O"], exclude_prefixes: ["O9"], source: "test" };
    const rule = { id: "r", drug: { class: "nsaid" }, icd10_prefixes: ["O99"], icd10_sets: ["pregnancy"], condition: "x", severity: "major" as const, description: "", recommendation: "", source: "test" };
    expect(() => resolveConditionRules({ rules: [rule], code_sets: { pregnancy: set } })).toThrow(/exclusion "O9"/);
  });

  it("every pregnancy rule names the pregnancy set (no copy of the codes)", () => {
    const rules = k.conditionRules.filter((r) => r.condition === "Pregnancy");
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const r of rules) expect(r.icd10_sets, r.id).toEqual(["pregnancy"]);
  });

  it("low-dose aspirin in pregnancy is not flagged by the NSAID rule", () => {
    expect(check(med("Aspirin"), [], ["Z34.0"]).contraindications.map((c) => c.ruleId)).not.toContain("nsaid-pregnancy");
  });
});

describe("drug pairs that used to answer safe", () => {
  it.each([
    ["Fansidar", "Septrin", "sp-cotrimoxazole"],
    ["Sulfadoxine/pyrimethamine", "Co-trimoxazole 960mg", "sp-cotrimoxazole"],
    ["Septrin", "Fansidar", "sp-cotrimoxazole"],
    ["Ibuprofen", "Diclofenac", "nsaid-nsaid"],
    ["Naproxen", "Ibuprofen 400mg", "nsaid-nsaid"],
    ["Diclofenac", "Naproxen", "nsaid-nsaid"],
    ["Aspirin", "Diclofenac", "aspirin-nsaid"],
    ["Naproxen", "Aspirin 75mg", "aspirin-nsaid"],
    ["Aspirin", "Ibuprofen", "aspirin-ibuprofen"],
    ["Ibuprofen", "Aspirin", "aspirin-ibuprofen"],
    ["Kaletra", "Microgynon", "ritonavir-coc"],
    ["Ethinylestradiol", "Lopinavir/ritonavir", "ritonavir-coc"],
    ["Ritonavir", "Combined oral contraceptive", "ritonavir-alone-coc"],
  ])("%s with %s is not safe (%s), with a source", (a, b, rule) => {
    const r = check(med(a), [med(b)]);
    expect(r.safe).toBe(false);
    const f = r.interactions.find((x) => x.ruleId === rule);
    expect(f?.source).toBeTruthy();
  });

  it.each([
    ["Cloxacillin", "Ampicillin", "J01C"],
    ["Atorvastatin", "Simvastatin", "C10AA"],
  ])("%s with %s is a same-class duplicate (%s), as in prescription verification", (a, b, atc) => {
    const dup = check(med(a), [med(b)]).interactions.find((f) => f.ruleId === "duplicate-class");
    expect(dup).toMatchObject({ severity: "moderate", description: expect.stringContaining(atc) });
  });

  it.each([
    ["Fansidar", "Septrin", "sp-cotrimoxazole"],
    ["Septrin", "Fansidar", "sp-cotrimoxazole"],
    ["Ibuprofen", "Diclofenac", "nsaid-nsaid"],
  ])("%s with %s gives one alert, the specific rule %s, not also a same-class duplicate", (a, b, rule) => {
    const r = check(med(a), [med(b)]);
    expect(r.safe).toBe(false);
    expect(ruleIds(r)).toEqual([rule]);
  });

  it.each([
    ["Magnesium trisilicate", "Aluminium hydroxide"],
    ["Aluminium hydroxide", "Magnesium trisilicate"],
  ])("%s with %s (an aluminium + magnesium antacid, combined by design) is no duplicate therapy", (a, b) => {
    expect(identifyDrug(k, med(a), [])?.drug.classes).toContain("antacid");
    expect(identifyDrug(k, med(b), [])?.drug.classes).toContain("antacid");
    const r = check(med(a), [med(b)]);
    expect(ruleIds(r)).not.toContain("duplicate-class");
    expect(r.safe).toBe(true);
  });

  it("an ingredient duplicate is not also reported as a class duplicate", () => {
    expect(ruleIds(check(med("Amoxicillin"), [med("Co-amoxiclav")]))).toEqual(["duplicate-ingredient"]);
  });

  it.each([
    ["Isoniazid", "Rifampicin"], ["Pyrazinamide", "Ethambutol"], ["Rifampicin", "Ethambutol"],
    ["Primaquine", "Chloroquine"], ["Primaquine", "Artemether-lumefantrine"],
    ["Ritonavir", "Atazanavir"], ["Clopidogrel", "Aspirin"],
  ])("%s with %s, given together by design (RHZE, ACT or chloroquine + primaquine, PI/r, DAPT), is no duplicate therapy", (a, b) => {
    const ids = [identifyDrug(k, med(a), []), identifyDrug(k, med(b), [])];
    // Only pairs the knowledge base knows test the rule; an unknown drug would pass for the wrong reason.
    if (ids.some((x) => !x)) return;
    expect(ruleIds(check(med(a), [med(b)]))).not.toContain("duplicate-class");
  });

  it("every class given together by design names its source", () => {
    const designed = [...k.drugs.classes.values()].filter((c) => c.combined_by_design);
    expect(designed.map((c) => c.id).sort()).toEqual(["antacid", "anti_tb", "antimalarial", "antiplatelet", "hiv_protease_inhibitor", "insulin", "nrti"]);
    for (const c of designed) expect(c.combined_by_design!.source, c.id).toMatch(/WHO|ESC|BNF/);
  });

  it("drugs sharing only a rule grouping without an ATC code (QT-prolonging) are not duplicates", () => {
    expect(ruleIds(check(med("Ondansetron"), [med("Fluconazole")]))).not.toContain("duplicate-class");
  });
});

describe("kidney disease without a stage", () => {
  it.each(["N18", "n18", "N18.", "N18.0", "N18.8", "N18.9", "N19", "N17.9"])("metformin with %s is not safe", (code) => {
    const r = check(med("Metformin", "6809"), [], [code]);
    expect(r.safe).toBe(false);
    expect(r.contraindications.map((c) => c.ruleId)).toEqual(["metformin-renal-unspecified"]);
  });

  it.each([["N18.3", "metformin-ckd3"], ["N18.4", "metformin-severe-renal"], ["N18.6", "metformin-severe-renal"]])("a staged code %s gets its own rule only", (code, rule) => {
    expect(check(med("Metformin"), [], [code]).contraindications.map((c) => c.ruleId)).toEqual([rule]);
  });

  it.each(["N18", "N18.9", "N19", "N17.0"])("spironolactone with %s needs an eGFR and potassium check", (code) => {
    expect(check(med("Spironolactone"), [], [code]).contraindications.map((c) => c.ruleId)).toEqual(["k-sparing-renal-unspecified"]);
  });

  it.each(["N18", "N18.9"])("an NSAID with %s is flagged", (code) => {
    expect(check(med("Ibuprofen"), [], [code]).contraindications.map((c) => c.ruleId)).toEqual(["nsaid-ckd"]);
  });

  it("metformin at CKD stage 2 stays safe", () => {
    expect(check(med("Metformin"), [], ["N18.2"]).safe).toBe(true);
  });
});

describe("a code that does not confirm the drug makes the answer not safe", () => {
  it.each([
    ["a code the knowledge base does not hold (methadone's RxCUI with Paracetamol)", med("Paracetamol", "6813"), [] as { code: string; name: string }[]],
    ["an unknown code on a current medication (diazepam's RxCUI with Amoxicillin)", med("Paracetamol"), [med("Amoxicillin", "3322")]],
    ["both", med("Paracetamol", "6813"), [med("Amoxicillin", "3322")]],
    ["a name whose drug has another RxCUI", med("Warfarin", "99999"), []],
    ["a code of another drug in the knowledge base", med("Paracetamol", "11289"), []],
  ])("%s", (_, newMedication, current) => {
    const r = check(newMedication, current);
    expect(r.safe).toBe(false);
    expect(r.interactions).toEqual([]);
    expect(r.warnings.length).toBeGreaterThan(0);
  });

  it("a confirmed code, or none, stays safe", () => {
    expect(check(med("Paracetamol"), [med("Amoxicillin", "723")]).safe).toBe(true);
    expect(check(med("Ondansetron", "26225")).safe).toBe(true);
  });
});

describe("beta-lactam allergy covers every beta-lactam class", () => {
  it.each([
    ["beta-lactam", "Ceftriaxone"], ["Beta lactam", "Cefalexin"], ["beta-lactams", "Amoxicillin"], ["Beta-lactam antibiotics", "Meropenem"], ["betalactam", "Flucloxacillin"],
  ])("allergy %s → %s contraindicated (same group)", (allergy, drug) => {
    const r = check(med(drug), [], [], [allergy]);
    expect(r.allergyAlerts).toEqual([expect.objectContaining({ crossReactivity: "same_class", severity: "contraindicated", allergenGroup: "Beta-lactam antibiotics" })]);
  });

  it("a penicillin or amoxicillin allergy still gives the weaker cross-class alert for a cephalosporin", () => {
    for (const allergy of ["Penicillin", "Amoxicillin"]) {
      expect(check(med("Ceftriaxone"), [], [], [allergy]).allergyAlerts).toEqual([expect.objectContaining({ crossReactivity: "cross_class", severity: "moderate" })]);
    }
  });
});

describe("Framingham 'treated SBP' (risk-scores reads the antihypertensive class)", () => {
  // risk-scores.service: treated = an active medication identified with the class "antihypertensive".
  const treats = (name: string, code = "") => Boolean(identifyDrug(k, { code, name }, [])?.drug.classes.includes("antihypertensive"));
  it.each([["Furosemide", "4603"], ["Frusemide 40mg", ""], ["Spironolactone", "9997"], ["Hydrochlorothiazide", "5487"], ["Lisinopril", "29046"], ["Amlodipine", ""]])("%s counts as BP treatment", (name, code) => {
    expect(treats(name, code)).toBe(true);
  });
  it.each(["Metformin", "Paracetamol", "Amiloride"])("%s does not", (name) => expect(treats(name)).toBe(false));
});
