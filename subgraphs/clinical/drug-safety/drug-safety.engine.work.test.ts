import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { indexKnowledge, KNOWLEDGE_FILES, knowledgeFromFiles, type Knowledge, type KnowledgeName } from "../knowledge/knowledge.js";
import type { DrugEntry, DrugSelector, InteractionRule } from "../knowledge/knowledge.types.js";
import { checkDrugSafety, type DrugSafetyRequest, type EngineWork } from "./drug-safety.engine.js";

/**
 * A check does lookups, not scans (issue 14): the knowledge entries it examines are those keyed by
 * the drugs and allergy words it is given, so their number does not grow with the knowledge base.
 * Work is counted, not timed.
 */

type Files = Record<KnowledgeName, Record<string, unknown> & { name: KnowledgeName; version: string }>;
const shippedFiles = (): Files =>
  Object.fromEntries(KNOWLEDGE_FILES.map((n) => [n, JSON.parse(readFileSync(new URL(`../knowledge/${n}.json`, import.meta.url), "utf8"))])) as Files;

/** The shipped knowledge plus `n` synthetic drugs, classes and rules that concern none of the real drugs. */
function paddedKnowledge(n: number): Knowledge {
  const files = shippedFiles();
  const drugs = files.drugs as unknown as { classes: unknown[]; drugs: unknown[] };
  const interactions = files["drug-interactions"] as unknown as { rules: unknown[] };
  const conditions = files["drug-conditions"] as unknown as { rules: unknown[] };
  const allergies = files["drug-allergies"] as unknown as { allergens: unknown[]; cross_reactivity: unknown[] };
  const rule = { severity: "major", mechanism: "synthetic", description: "synthetic", recommendation: "synthetic", source: "test padding" };
  for (let i = 0; i < n; i++) {
    drugs.classes.push({ id: `synthetic_class_${i}`, name: `Synthetic class ${i}`, atc: null, source: "test padding" });
    drugs.drugs.push({ id: `synthetic_${i}`, name: `Synthetic ${i}`, rxcui: null, ingredients: [`synthetic_${i}`], synonyms: [`synthex ${i}`], classes: [`synthetic_class_${i}`], source: "test padding" });
    interactions.rules.push({ id: `synthetic-dd-${i}`, a: { drug: `synthetic_${i}` }, b: { class: `synthetic_class_${(i + 1) % n}` }, ...rule });
    interactions.rules.push({ id: `synthetic-cc-${i}`, a: { class: `synthetic_class_${i}` }, b: { class: `synthetic_class_${(i + 7) % n}` }, ...rule });
    conditions.rules.push({ id: `synthetic-cond-${i}`, drug: { class: `synthetic_class_${i}` }, icd10_prefixes: ["N18", "I50", "E11"], condition: "synthetic", ...rule });
    allergies.allergens.push({ id: `synthetic_allergen_${i}`, name: `Synthetic allergen ${i}`, classes: [`synthetic_class_${i}`], synonyms: [], source: "test padding" });
    allergies.cross_reactivity.push({ id: `synthetic-x-${i}`, from_class: `synthetic_class_${i}`, to_class: `synthetic_class_${(i + 3) % n}`, ...rule });
  }
  return indexKnowledge(files as never);
}

const REQUESTS: DrugSafetyRequest[] = [
  { newMedication: { code: "5640", name: "Ibuprofen" }, currentMedications: [{ code: "11289", name: "Warfarin" }, { name: "Lisinopril 10 mg" }, { name: "Metformin" }], conditions: ["N18.3", "I50.9"], allergies: ["Penicillin (anaphylaxis)", "sulfa allergy", "peanuts"] },
  { newMedication: { code: "723", name: "Amoxicillin" }, currentMedications: [{ name: "Co-amoxiclav" }, { name: "Simvastatin" }], conditions: [], allergies: ["Cephalosporins"] },
  { newMedication: { name: "Clarithromycin" }, currentMedications: [{ name: "Simvastatin" }, { name: "Amiodarone" }, { name: "Warfarin" }, { name: "Unknownium" }], conditions: ["E11.9"], allergies: ["amoxicillin and sulfa"] },
];

const shipped = knowledgeFromFiles();
const work = (k: Knowledge, req: DrugSafetyRequest) => {
  const w: EngineWork = { entriesExamined: 0 };
  const result = checkDrugSafety(k, req, w);
  return { result, examined: w.entriesExamined };
};

const selects = (s: DrugSelector, d: DrugEntry) => ("drug" in s ? s.drug === d.id : d.classes.includes(s.class));
const matchesPair = (r: InteractionRule, x: DrugEntry, y: DrugEntry) => (selects(r.a, x) && selects(r.b, y)) || (selects(r.a, y) && selects(r.b, x));

describe("drug-safety engine work per check", () => {
  it("examines the same entries, and answers the same, with 5,000 more unrelated rules in the knowledge base", () => {
    const padded = paddedKnowledge(1000);
    expect(padded.interactions.length).toBeGreaterThan(shipped.interactions.length + 1999);
    for (const req of REQUESTS) {
      const a = work(shipped, req);
      const b = work(padded, req);
      expect(b.result).toEqual(a.result);
      expect(b.examined).toBe(a.examined);
    }
  });

  it("examines only the interaction rules that match a pair of the given drugs", () => {
    const drug = (id: string) => shipped.drugs.byId.get(id)!;
    const cases = [
      ["ibuprofen", ["warfarin", "lisinopril", "metformin"]],
      ["clarithromycin", ["simvastatin", "amiodarone", "warfarin"]],
      ["amoxicillin", ["methotrexate", "warfarin"]],
    ] as const;
    for (const [candidate, current] of cases) {
      const req: DrugSafetyRequest = { newMedication: { name: drug(candidate).name }, currentMedications: current.map((c) => ({ name: drug(c).name })), conditions: [], allergies: [] };
      const matched = current.reduce((n, c) => n + shipped.interactions.filter((r) => matchesPair(r, drug(candidate), drug(c))).length, 0);
      const conditionRules = shipped.conditionRules.filter((r) => selects(r.drug, drug(candidate))).length;
      // Condition rules of the candidate are looked up even when no condition is given.
      expect(work(shipped, req).examined).toBe(matched + conditionRules);
    }
  });
});
