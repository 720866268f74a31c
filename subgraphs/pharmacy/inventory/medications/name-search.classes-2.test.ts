/**
 * Class tests for the counter search fixes after blind set 2 (test/fixtures/pharmacy-search/queries-blind-2.json).
 * Every wording here appears in no blind set: they test the class, not a fixture.
 */
import { describe, expect, it } from "vitest";
import { findMedications } from "./catalog.js";
import { canonical, rankByName, searchWords } from "./name-search.js";

const names = (q: string) => findMedications({ search: q }).slice(0, 5).map((m) => m.genericName);
const products = ["Digital thermometer", "Hand sanitiser 250 ml", "Adhesive bandages (20)", "Long-lasting insecticidal net", "Paracetamol 500 mg tablets (10)", "Ibuprofen 200 mg tablets (10)", "Vitamin C 1000 mg effervescent (10)", "Ascorbic acid 100 mg chewable (30)"];
const rank = (q: string) => rankByName(q, products, (s) => [s]).map((r) => r.item);

describe("counter search classes, blind set 2", () => {
  it("splits a name glued to its strength but keeps short codes whole", () => {
    expect(searchWords("omeprazole20mg")).toEqual(["omeprazole", "20", "mg"]);
    expect(searchWords("fluoxetine20")).toEqual(["fluoxetine", "20"]);
    expect(searchWords("mgso4")).toEqual(["mgso4"]);
    expect(searchWords("vit b6")).toEqual(["vit", "b6"]);
    expect(names("omeprazole20mg")[0]).toBe("Omeprazole");
    expect(names("spironolactone25")[0]).toBe("Spironolactone");
  });

  it("folds spellings by sound (c/s/k, qu/kw, x/ks) without merging different medicines", () => {
    expect(canonical("kwinine")).toBe(canonical("quinine"));
    expect(canonical("oksikodone")).toBe(canonical("oxycodone"));
    expect(names("siprofloxacin")[0]).toBe("Ciprofloxacin");
    expect(names("kodeine")[0]).toBe("Codeine");
    expect(names("klopidogrel")[0]).toBe("Clopidogrel");
    expect(names("oksikodone")[0]).toBe("Oxycodone");
    expect(names("sefalexin")).toEqual([]);
    expect(names("simetidine")).toEqual([]);
  });

  it("finds an East African brand through drugs.json or catalog synonyms, with strength and form words", () => {
    expect(names("losec 20mg caps")[0]).toBe("Omeprazole");
    expect(names("viramune 200")[0]).toBe("Nevirapine");
    expect(names("dormicum 5mg/ml")[0]).toBe("Midazolam");
  });

  it("reads an abbreviation typed without its space, and an alias's own alias", () => {
    expect(rank("vitc")).toEqual(["Vitamin C 1000 mg effervescent (10)", "Ascorbic acid 100 mg chewable (30)"]);
    expect(rank("ascorbic")).toEqual(["Ascorbic acid 100 mg chewable (30)"]);
  });

  it("finds each of two medicines named in one query, unless they make one combination", () => {
    expect(names("warfarin na digoxin")).toEqual(expect.arrayContaining(["Warfarin", "Digoxin"]));
    expect(names("lasix, aldactone")).toEqual(expect.arrayContaining(["Furosemide", "Spironolactone"]));
    expect(names("paracetamol na codeine")).toEqual([]);
    expect(names("3tc na tdf")).toEqual([]);
    expect(names("septrin na albendazole")).toEqual(["Sulfamethoxazole-trimethoprim"]);
  });

  it("treats audience words as optional and everyday words as their product", () => {
    expect(names("panadol ya mtoto")[0]).toBe("Paracetamol");
    expect(rank("brufen for kids")).toEqual(["Ibuprofen 200 mg tablets (10)"]);
    expect(rank("kipimajoto")).toEqual(["Digital thermometer"]);
    expect(rank("vyandarua")).toEqual(["Long-lasting insecticidal net"]);
    expect(rank("sticking plaster")).toEqual(["Adhesive bandages (20)"]);
    expect(rank("sabuni")).toEqual([]);
    expect(rank("dawa ya tumbo")).toEqual([]);
  });
});
