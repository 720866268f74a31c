import { describe, expect, it } from "vitest";
import { identifyDrug } from "./drug-safety.engine.js";
import { k } from "./drug-safety.test-support.js";

// A name followed by when and with what it is taken was not identified at all ("Metformin 500mg bd with meals":
// "with" stopped the trailing directions from being taken off, then split the name as a combination of "meals").
// Found by the counseling coverage set (session 19); the wordings here are in no fixture.
const id = (name: string) => identifyDrug(k, { name }, [])?.drug.id;

describe("directions after the name: when and with what it is taken", () => {
  it.each([
    ["Glucophage 850 mg twice daily with food", "metformin"],
    ["amitriptyline 10mg at bedtime", "amitriptyline"],
    ["Omeprazole 20mg OD on empty stomach before breakfast", "omeprazole"],
    ["Ferrous sulphate 200mg tds after meals with water", "ferrous_sulfate"],
    ["Ibuprofen 400mg tds with milk", "ibuprofen"],
    ["Simvastatin 20mg every evening", "simvastatin"],
    ["INH 300 mg daily for 6 months", "isoniazid"],
    ["FeSO4 200 mg od after supper", "ferrous_sulfate"], // the chemical formula, as ward notes write it (SOAP set 3)
  ])("%s → %s", (name, drug) => {
    expect(id(name)).toBe(drug);
  });

  it("'with' still joins a combination written out, and a second drug after 'with' is not dropped as a direction", () => {
    expect(id("Amoxicillin/clavulanic acid 625mg bd with meals")).toBe(id("co-amoxiclav"));
    expect(id("Ampicillin with cloxacillin 500mg qid")).toBe(id("Ampiclox"));
    expect(id("Ampicillin with cloxacillin 500mg qid")).toBeDefined();
    expect(id("Metformin with sitagliptin")).toBeUndefined();
  });
});
