import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { checkDrugSafety } from "./drug-safety.engine.js";

// Essential medicines common in East Africa that the knowledge base lacked (each was "not in the drug
// knowledge base", so never checked): codes from PharmGKB's RxNorm mappings, rules from WHO, BNF, SmPCs.
const k = knowledgeFromFiles();
const check = (name: string, current: string[] = [], conditions: string[] = [], code?: string) =>
  checkDrugSafety(k, { newMedication: { code, name }, currentMedications: current.map((n) => ({ name: n })), conditions, allergies: [] });

describe("essential medicines added to the knowledge base", () => {
  it.each([
    ["Lamivudine 150mg", "68244"], ["Zidovudine 300mg", "11413"], ["Nifedipine 20mg MR", "7417"], ["Methyldopa 250mg", "6876"], ["Folic acid 5mg", "4511"],
    ["Pyrazinamide 400mg", "8987"], ["Ethambutol 400mg", "4110"], ["Rifampicin 150mg", "9384"], ["Ampicillin 500mg", "733"], ["Cloxacillin 250mg", "2625"],
  ])("%s is identified by name and by its RxCUI %s, and the two agree", (name, rxcui) => {
    const byName = check(name);
    expect(byName.unidentifiedMedications).toEqual([]);
    expect(byName.safe).toBe(true);
    const both = check(name, [], [], rxcui);
    expect(both.identified[0]).toMatchObject({ matchedBy: "rxcui" });
    expect(both.safe).toBe(true);
    expect(both.warnings).toEqual([]);
  });

  it.each([
    ["Nifedipine", ["Rifampicin"], "rif-nifedipine", "contraindicated"],
    ["Nifedipine", ["Carbamazepine"], "nifedipine-enzyme-inducer", "moderate"],
    ["Nifedipine", ["Ritonavir"], "nifedipine-strong-cyp3a4", "moderate"],
    ["Methyldopa", ["Ferrous sulphate 200mg"], "methyldopa-iron", "moderate"],
    ["Folic acid 5mg", ["Fansidar"], "folic-acid-sp", "moderate"],
    ["Folic acid", ["Phenytoin"], "folic-acid-phenytoin", "moderate"],
    ["Ethambutol", ["Aluminium hydroxide"], "ethambutol-aluminium", "minor"],
    ["Zidovudine", ["Nevirapine"], null, null],
  ])("%s with %j: %s", (name, current, rule, severity) => {
    const r = check(name, current);
    if (rule) expect(r.interactions).toContainEqual(expect.objectContaining({ ruleId: rule, severity }));
    else expect(r.interactions).toEqual([]);
    // Symmetric: the same rule whichever drug is the new one.
    if (rule) expect(check(current[0], [name]).interactions.map((f) => f.ruleId)).toContain(rule);
  });

  it.each([
    ["Zidovudine", "D64.9", "zidovudine-anaemia"], ["AZT/3TC", "D70", "zidovudine-anaemia"], ["Pyrazinamide", "K72.9", "pyrazinamide-liver"], ["RHZE", "K74.6", "pyrazinamide-liver"],
    ["Pyrazinamide", "M10.9", "pyrazinamide-gout"], ["Ethambutol", "H46", "ethambutol-optic-neuritis"], ["Methyldopa", "K70.3", "methyldopa-liver"],
    ["Methyldopa", "F32.1", "methyldopa-depression"], ["Nifedipine", "I20.0", "nifedipine-unstable-angina-shock"], ["Folic acid", "D51.0", "folic-acid-b12-deficiency"],
  ])("%s with %s: %s", (name, code, rule) => {
    expect(check(name, [], [code]).contraindications).toContainEqual(expect.objectContaining({ ruleId: rule }));
  });

  it("methyldopa in pregnancy and nifedipine with stable angina raise nothing (no rule says so)", () => {
    expect(check("Methyldopa", [], ["O10.0", "Z34.0"]).safe).toBe(true);
    expect(check("Nifedipine", [], ["I20.9"]).safe).toBe(true);
  });
});
