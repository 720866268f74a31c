import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { verifyPrescription } from "./prescription-verification.engine.js";

/**
 * Doses by weight band (WHO: artemether-lumefantrine, RHZE, RHZ, dihydroartemisinin-piperaquine) and the
 * least dose per kg (artesunate), at any age, from the bands in drugs.json: every band, one tablet fewer or
 * more, and strengths written as multiples of the band's.
 */
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const bandIssues = (name: string, dose: string, frequency: string, weightKg: number | null, years = 30) =>
  verifyPrescription(k, [{ name, dose, frequency }], { ...none, age: ageFromYears(years), weightKg }).issues.filter((x) => x.item === 0 && x.field === "dose" && /weight band|least dose/.test(x.message));

const BANDED = ["artemether_lumefantrine", "rifampicin_isoniazid_pyrazinamide_ethambutol", "rifampicin_isoniazid_pyrazinamide", "dihydroartemisinin_piperaquine", "rifampicin_isoniazid"];

describe("tablets a dose by weight band", () => {
  it("every banded drug has sourced, contiguous bands", () => {
    for (const id of BANDED) {
      const w = k.drugs.byId.get(id)!.weight_band_doses!;
      expect(w.source, id).toMatch(/WHO/);
      w.bands.slice(1).forEach((b, i) => expect(b.min_kg, id).toBe(w.bands[i].max_kg));
    }
  });

  it("the band's own tablets pass, one tablet fewer is below and one more above, at any weight inside the band", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BANDED), fc.nat(), fc.double({ min: 0, max: 0.999, noNaN: true }), (id, n, at) => {
        const drug = k.drugs.byId.get(id)!;
        const bands = drug.weight_band_doses!.bands.filter((b) => Number.isInteger(b.units));
        const band = bands[n % bands.length];
        const kg = Math.round((band.min_kg + at * ((band.max_kg ?? band.min_kg + 40) - band.min_kg)) * 10) / 10;
        if (band.max_kg !== null && kg >= band.max_kg) return;
        const name = drug.name;
        expect(bandIssues(name, `${band.units} tabs`, "od", kg), `${id} ${kg} kg`).toEqual([]);
        expect(bandIssues(name, `${band.units + 1} tabs`, "od", kg)[0]?.message, `${id} ${kg} kg +1`).toMatch(/above the dose for the weight band/);
        if (band.units > 1) expect(bandIssues(name, `${band.units - 1} tabs`, "od", kg)[0]?.message, `${id} ${kg} kg -1`).toMatch(/below the dose for the weight band/);
      }),
    );
  });

  it.each([
    ["Artemether-lumefantrine 40/240", "2 tabs", 40, null],
    ["Artemether-lumefantrine 40/240", "1 tab", 40, "below"],
    ["Artemether-lumefantrine 80/480", "2 tabs", 45, "above"],
    ["DHA-PPQ 20/160", "2 tabs", 14, null],
    ["DHA-PPQ 20/160", "3 tabs", 28, "below"],
  ])("%s %s at %d kg: %s", (name, dose, kg, side) => {
    const found = bandIssues(name, dose, "bd", kg);
    if (side === null) expect(found).toEqual([]);
    else expect(found[0]?.message).toMatch(new RegExp(`${side} the dose for the weight band`));
  });

  it("says nothing without a weight, outside every band, or for a strength that is no multiple of the band's", () => {
    expect(bandIssues("RHZE", "1 tab", "od", null)).toEqual([]);
    expect(bandIssues("RHZE", "1 tab", "od", 20)).toEqual([]);
    expect(bandIssues("Artemether-lumefantrine 20/100", "1 tab", "bd", 50)).toEqual([]);
  });
});

describe("the least dose per kg (artesunate, WHO: 3 mg/kg under 20 kg, else 2.4 mg/kg)", () => {
  it.each([
    ["2.4mg/kg IV", 12, 2, "below"],
    ["3 mg/kg IM", 12, 2, null],
    ["36mg IV", 12, 2, null],
    ["30 mg IV", 12, 2, "below"],
    ["2.4 mg/kg IV", 25, 8, null],
    ["144mg IV", 60, 40, null],
    ["100 mg IV", 60, 40, "below"],
  ])("Artesunate %s at %d kg (%d y): %s", (dose, kg, years, side) => {
    const found = bandIssues("Artesunate", dose, "od", kg, years);
    if (side === null) expect(found).toEqual([]);
    else expect(found[0]?.message).toMatch(/below the least dose/);
  });
});
