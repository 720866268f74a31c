import { describe, expect, it } from "vitest";
import { knowledgeFromFiles, type Knowledge } from "../knowledge/knowledge.js";
import { counselMedicines } from "./counseling-points.js";

const k = knowledgeFromFiles();
const counsel = (name: string, kb: Knowledge = k) => counselMedicines(kb, [{ code: null, name }])[0];

/** The knowledge base with some counseling entries removed (to test a combination with a component missing). */
function withoutEntries(...drugIds: string[]): Knowledge {
  return { ...k, counseling: new Map([...k.counseling].filter(([id]) => !drugIds.includes(id))) };
}

describe("counseling points: medicines dispensed at East African counters have sourced entries", () => {
  it.each([
    ["Efavirenz 600 mg nocte", "efavirenz"],
    ["Nevirapine 200mg", "nevirapine"],
    ["Lopinavir/ritonavir 200/50", "lopinavir_ritonavir"],
    ["Rifampicin 150mg", "rifampicin"],
    ["Ethambutol 400mg", "ethambutol"],
    ["Quinine sulphate 600mg", "quinine"],
    ["Azithromycin 500mg", "azithromycin"],
    ["Nitrofurantoin 100mg", "nitrofurantoin"],
    ["Cefalexin 500mg", "cefalexin"],
    ["Griseofulvin 500mg", "griseofulvin"],
    ["Lisinopril 10mg", "lisinopril"],
    ["Atenolol 50mg", "atenolol"],
    ["Simvastatin 40mg", "simvastatin"],
    ["Gliclazide 80mg", "gliclazide"],
    ["Insulin Mixtard 30/70", "insulin"],
    ["Sodium valproate 200mg", "valproate"],
    ["Phenytoin 100mg", "phenytoin"],
    ["Haloperidol 5mg", "haloperidol"],
    ["Diazepam 5mg", "diazepam"],
    ["Metoclopramide 10mg", "metoclopramide"],
    ["Morphine oral solution 10mg/5ml", "morphine"],
    ["Artesunate 120mg IV", "artesunate"],
    ["Ceftriaxone 1g IM", "ceftriaxone"],
  ])("%s has how to take, side effects, warnings and a published source", (name, drugId) => {
    const a = counsel(name);
    expect(a).toMatchObject({ drugId, available: true, note: null });
    expect(a.howToTake.length && a.commonSideEffects.length && a.warnings.length).toBeTruthy();
    expect(a.source).toMatch(/NHS|WHO|Guidelines|leaflet/);
  });

  it("no source names an internal working note", () => {
    for (const [drug, entry] of k.counseling) expect(entry.source, drug).not.toMatch(/session|TODO|helper/i);
  });
});

describe("counseling points: a fixed-dose combination without its own entry answers its components' points", () => {
  it("a triple ART tablet written by its components gives each component's points, named, with the sources joined", () => {
    const a = counsel("Tenofovir/Lamivudine/Efavirenz 300/300/600");
    expect(a).toMatchObject({ drugId: "tenofovir_lamivudine_efavirenz", available: true, note: null });
    expect(a.howToTake.some((p) => p.startsWith("Efavirenz: ") && /bedtime/.test(p))).toBe(true);
    expect(a.warnings.some((p) => /^Tenofovir disoproxil.*: .*kidney/.test(p))).toBe(true);
    for (const name of ["Tenofovir disoproxil: ", "Lamivudine: ", "Efavirenz: "]) expect(a.source).toContain(name);
  });

  it("a point two components share is given once, naming both", () => {
    const a = counsel("Rifampicin/Isoniazid 150/75");
    const liver = a.warnings.filter((p) => /yellow skin or eyes/.test(p));
    expect(liver).toHaveLength(1);
    expect(liver[0]).toMatch(/^Isoniazid, Rifampicin: |^Rifampicin, Isoniazid: /);
  });

  it("a four-drug TB tablet and a diarrhoea co-pack are covered through their components", () => {
    expect(counsel("RHZE tablets").available).toBe(true);
    expect(counsel("ORS/zinc co-pack").available).toBe(true);
  });

  it("says which component has no entry, and gives no partial points", () => {
    const a = counsel("Tenofovir/Lamivudine 300/300", withoutEntries("lamivudine"));
    expect(a).toMatchObject({ drugId: "tenofovir_lamivudine", available: false, howToTake: [], warnings: [], source: null });
    expect(a.note).toMatch(/component\(s\) Lamivudine/);
  });

  it("an entry of the combination's own is used before its components' points", () => {
    const a = counsel("Co-amoxiclav 625mg");
    expect(a.source).toMatch(/co-amoxiclav/i);
    expect(a.howToTake.every((p) => !/^Amoxicillin: /.test(p))).toBe(true);
  });
});
