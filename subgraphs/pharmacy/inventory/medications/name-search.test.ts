import { describe, expect, it } from "vitest";
import { findMedications } from "./catalog.js";
import { editDistance } from "../../../../lib/spelling.js";
import { canonical, rankByName, searchWords, trigramSimilarity } from "./name-search.js";

const names = (q: string) => findMedications({ search: q }).slice(0, 5).map((m) => m.genericName);

describe("counter name search (name-search.ts)", () => {
  it("folds British/US and variant spellings and splits a strength from its unit", () => {
    expect(canonical("sulphate")).toBe(canonical("sulfate"));
    expect(canonical("amoxycillin")).toBe(canonical("amoxicillin"));
    expect(canonical("sanitizer")).toBe(canonical("sanitiser"));
    expect(searchWords("Quinine 300MG tab.")).toEqual(["quinine", "300", "mg", "tab"]);
    expect(searchWords("Métformine 2.5mg")).toEqual(["metformine", "2.5", "mg"]);
  });

  it("measures edits (a transposition is one) and pg_trgm-style similarity", () => {
    expect(editDistance("diazpeam", "diazepam", 2)).toBe(1);
    expect(editDistance("abc", "xyzuvw", 1)).toBe(2);
    expect(trigramSimilarity("word", "word")).toBe(1);
    expect(trigramSimilarity("abc", "xyz")).toBe(0);
  });

  it("finds a brand or abbreviation of a single-ingredient medicine by its generic", () => {
    expect(names("Epanutin")[0]).toBe("Phenytoin");
    expect(names("prozac")[0]).toBe("Fluoxetine");
    expect(names("tramal 50")[0]).toBe("Tramadol");
    expect(names("hedex")[0]).toBe("Paracetamol");
  });

  it("never finds one ingredient for a combination brand or another form's name", () => {
    expect(names("kaletra")).toEqual([]);
    expect(names("co-amoxiclav 625")).toEqual([]);
    expect(names("ciprofloxacin ear drops")).toEqual([]);
    expect(names("panadol extra")).toEqual([]);
  });

  it("tolerates a misspelling of one or two letters but not a different medicine", () => {
    expect(names("diazepan")[0]).toBe("Diazepam");
    expect(names("hydrochlorthiazide")[0]).toBe("Hydrochlorothiazide");
    expect(names("efavirens")[0]).toBe("Efavirenz");
    expect(names("morfine")[0]).toBe("Morphine");
    expect(names("metronidazol")).toEqual([]);
    expect(names("albendazole")).toEqual([]);
  });

  it("matches a typed prefix at a word start only, and keeps an exact code first", () => {
    expect(names("isoni")).toEqual(["Isoniazid"]);
    expect(names("ol")).toEqual([]);
    expect(findMedications({ search: "6038" }).map((m) => m.code)).toEqual(["6038"]);
  });

  it("ranks full matches first and falls back to half the typed words only when none matches fully", () => {
    const items = ["Gentian violet paint 15 ml", "Surgical gloves (pair)", "Gauze swabs (100)"];
    const rank = (q: string) => rankByName(q, items, (s) => [s]).map((r) => r.item);
    expect(rank("gauze")).toEqual(["Gauze swabs (100)"]);
    expect(rank("sterile gauze")).toEqual(["Gauze swabs (100)"]);
    expect(rank("gloves large size")).toEqual([]);
    expect(rank("violet 15ml")).toEqual(["Gentian violet paint 15 ml"]);
  });
});
