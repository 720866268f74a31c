import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";
import { checkRouteSingleDose } from "./route-single-dose.js";

// Blind set 12 classes (session 22): weight bands given as tablets a DAY (paediatric ABC/3TC 120/60, once daily or
// divided: WHO 2021 / Kenya 2022), and the most one injection by a route holds (magnesium sulfate 4 g IV, WHO 2011).
// Wordings and values appear in no fixture.
const k = knowledgeFromFiles();
const verify = (items: PrescriptionItem[], ageYears: number, weightKg: number) =>
  verifyPrescription(k, items, { activeMedications: [], conditions: [], allergies: [], age: ageFromYears(ageYears), weightKg });
const bandIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.item === 0 && i.field === "dose" && /weight band/.test(i.message));
const routeIssues = (r: ReturnType<typeof verify>) => r.issues.filter((i) => i.item === 0 && /single IV dose/.test(i.message));

describe("weight bands of tablets a day (per_day: paediatric abacavir/lamivudine 120/60)", () => {
  it("compares the dose × doses a day with the band, whether given once daily or divided (class test)", () => {
    const cases: [PrescriptionItem, number, number, RegExp | null][] = [
      [{ name: "Abacavir/lamivudine 120/60", dose: "1 tab", frequency: "once daily" }, 0.5, 5, null],
      [{ name: "abacavir-lamivudine 120/60 dispersible", dose: "1.5 tabs", frequency: "12 hourly" }, 6, 22, null],
      [{ name: "abacavir-lamivudine 120/60 dispersible", dose: "3 tabs", frequency: "twice a day" }, 6, 22, /6 120\/60 tablets a day.*above.*20 to under 25 kg of 3/],
      [{ name: "Abacavir/lamivudine 120/60", dose: "1 tablet", frequency: "daily" }, 3, 11, /1 120\/60 tablets a day.*below.*10 to under 14 kg of 2/],
      [{ name: "Abacavir and lamivudine 120/60", dose: "2 tablets", frequency: "mane" }, 3, 11, null],
    ];
    for (const [item, age, kg, expected] of cases) {
      const found = bandIssues(verify([item], age, kg));
      if (!expected) expect(found, `${item.dose} ${item.frequency} ${kg} kg`).toEqual([]);
      else {
        expect(found, `${item.dose} ${item.frequency} ${kg} kg`).toHaveLength(1);
        expect(found[0].message).toMatch(expected);
        expect(found[0].message).toMatch(/WHO Consolidated guidelines on HIV/);
      }
    }
  });

  it("says nothing when the doses a day are not known, or above the last band (class test)", () => {
    expect(bandIssues(verify([{ name: "Abacavir/lamivudine 120/60", dose: "1 tab", frequency: "when required" }], 3, 11))).toEqual([]);
    expect(bandIssues(verify([{ name: "Abacavir/lamivudine 600/300", dose: "1 tab", frequency: "daily" }], 15, 41))).toEqual([]);
  });

  it("leaves bands of tablets a dose as they were (artemether-lumefantrine)", () => {
    expect(bandIssues(verify([{ name: "Artemether/lumefantrine 20/120", dose: "2 tablets", frequency: "12 hourly" }], 5, 19))).toEqual([]);
    const over = bandIssues(verify([{ name: "Artemether/lumefantrine 20/120", dose: "4 tablets", frequency: "12 hourly" }], 5, 19));
    expect(over[0]?.message).toMatch(/4 20\/120 tablets a dose.*above/);
  });
});

describe("the most one injection by a route holds (max_single_dose_by_route: magnesium sulfate 4 g IV)", () => {
  it("reports an IV bolus above 4 g, not the IM Pritchard doses, infusions or a 2-4 g IV dose (class test)", () => {
    const cases: [PrescriptionItem, boolean][] = [
      [{ name: "Magnesium sulphate 50%", dose: "6 g IV", frequency: "stat" }, true],
      [{ name: "Magnesium sulfate", dose: "7g i.v.", frequency: "now" }, true],
      [{ name: "Magnesium sulfate", dose: "4 g IV over 15 minutes", frequency: "stat" }, false],
      [{ name: "Magnesium sulphate", dose: "2g IV", frequency: "stat" }, false],
      [{ name: "Magnesium sulfate 50%", dose: "6 g IM", frequency: "stat" }, false],
      [{ name: "Magnesium sulfate", dose: "6 g IV in 1 litre normal saline over 12 hrs", frequency: "stat" }, false],
    ];
    for (const [item, expected] of cases) {
      const found = routeIssues(verify([item], 27, 64));
      expect(found.length, `${item.dose} ${item.frequency}`).toBe(expected ? 1 : 0);
      if (expected) {
        expect(found[0].severity).toBe("major");
        expect(found[0].message).toMatch(/above the most a single IV dose holds, 4 g \(WHO recommendations/);
      }
    }
  });

  it("needs exactly one injection route written and a drug with the limit", () => {
    const mg = k.drugs.byId.get("magnesium_sulfate");
    expect(checkRouteSingleDose(mg, "Magnesium sulfate", "6 g IV/IM", "stat", 6000)).toBeNull();
    expect(checkRouteSingleDose(mg, "Magnesium sulfate", "6 g", "stat", 6000)).toBeNull();
    expect(checkRouteSingleDose(k.drugs.byId.get("ceftriaxone"), "Ceftriaxone", "2 g IV", "stat", 2000)).toBeNull();
    expect(checkRouteSingleDose(mg, "Magnesium sulfate", "6 g IV", "stat", 6000)).toMatch(/6 g/);
  });
});
