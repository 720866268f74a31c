import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { isSystemicAntibacterial } from "./course-length.js";
import { doseAsGiven, doseInMg } from "./daily-dose.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";

/**
 * Prescription errors (session 18): a route the product may not be given by, an antibacterial with no course
 * length, an adult's dose below the least usual adult dose (a child's dose written for an adult), a written maximum
 * a day capping the as-needed worst case, and parts of tablets and suppositories as doses. Tested over every drug
 * carrying the data, with wordings in no blind set.
 */
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (items: PrescriptionItem[], years: number | null = 40) => verifyPrescription(k, items, { ...none, age: years === null ? null : ageFromYears(years), weightKg: null });
const onItem = (r: ReturnType<typeof verify>, field: string) => r.issues.filter((x) => x.item === 0 && x.field === field);
const drugs = [...k.drugs.byId.values()];
const WRITTEN = { iv: ["IV", "i.v.", "intravenously", "IVI"], im: ["IM", "i.m.", "intramuscular"], sc: ["SC", "s/c", "subcutaneously"] } as const;

describe("a route the product may not be given by", () => {
  const restricted = drugs.filter((d) => d.injection_routes);
  it("has products to test", () => expect(restricted.length).toBeGreaterThanOrEqual(2));
  for (const d of restricted) {
    for (const [route, words] of Object.entries(WRITTEN)) {
      const allowed = d.injection_routes!.allowed.includes(route as "im");
      for (const word of words) {
        it(`${d.name} written ${word} is ${allowed ? "not reported" : "a major route issue"}`, () => {
          const r = verify([{ name: d.name, dose: `1 vial ${word}`, frequency: "stat" }]);
          expect(onItem(r, "route")).toHaveLength(allowed ? 0 : 1);
          if (!allowed) expect(onItem(r, "route")[0]).toMatchObject({ severity: "major" });
        });
      }
    }
    it(`${d.name} with no route written is not reported`, () => expect(onItem(verify([{ name: d.name, dose: "1 vial", frequency: "stat" }]), "route")).toEqual([]));
  }
  it("does not read a route inside a word (Ivermectin, Simvastatin)", () => {
    for (const d of restricted) expect(onItem(verify([{ name: d.name, dose: "1 vial deep", frequency: "stat, livid site avoided" }]), "route")).toEqual([]);
  });
});

describe("an antibacterial with no course length", () => {
  const antibacterials = drugs.filter((d) => isSystemicAntibacterial(k, d));
  it("has antibacterials to test", () => expect(antibacterials.length).toBeGreaterThan(10));
  for (const d of antibacterials) {
    it(`${d.name}: twice daily with no course is a minor duration issue; with one, or stat, or as needed, not`, () => {
      expect(onItem(verify([{ name: d.name, dose: "1 tab", frequency: "twice a day" }]), "duration")).toEqual([expect.objectContaining({ severity: "minor" })]);
      for (const frequency of ["twice a day for 10 days", "bd x 2 wks", "q12h x 6 doses", "stat", "as required", "od until review"]) {
        expect(onItem(verify([{ name: d.name, dose: "1 tab", frequency }]), "duration")).toEqual([]);
      }
    });
  }
  it("is not said of medicines that are not antibacterials", () => {
    for (const d of drugs.filter((x) => !isSystemicAntibacterial(k, x)).slice(0, 60)) expect(onItem(verify([{ name: d.name, dose: "1 tab", frequency: "twice a day" }]), "duration")).toEqual([]);
  });
});

describe("an adult's dose below the least usual adult dose", () => {
  const least = drugs.filter((d) => d.adult_min_daily_dose);
  it("has drugs to test", () => expect(least.length).toBeGreaterThanOrEqual(2));
  const below = (r: ReturnType<typeof verify>) => onItem(r, "dose").filter((x) => /below the least usual adult dose/.test(x.message));
  for (const d of least) {
    const min = d.adult_min_daily_dose!.mg;
    it(`${d.name}: a third of ${min} mg a day is reported for an adult, not for a child, and the least itself is not`, () => {
      expect(below(verify([{ name: d.name, dose: `${min / 3} mg`, frequency: "once a day" }]))).toEqual([expect.objectContaining({ severity: "moderate" })]);
      expect(below(verify([{ name: d.name, dose: `${min / 3} mg`, frequency: "once a day" }], 7))).toEqual([]);
      expect(below(verify([{ name: d.name, dose: `${min / 3} mg`, frequency: "once a day" }], null))).toEqual([]);
      expect(below(verify([{ name: d.name, dose: `${min / 2} mg`, frequency: "twice a day" }]))).toEqual([]);
    });
  }
});

describe("a written maximum a day caps the as-needed worst case", () => {
  const paracetamol = (dose: string, frequency: string) => verify([{ name: "Paracetamol 500mg", dose, frequency }]).items[0];
  it("2 tablets 4-hourly as needed is 6 g at worst, but not with at most 8 tablets a day", () => {
    expect(paracetamol("2 tablets", "q4h prn").doseCheck).toBe("above_adult_maximum");
    expect(paracetamol("2 tablets", "q4h prn, not more than 8 tablets in 24 hours")).toMatchObject({ doseCheck: "within_adult_maximum", dailyDoseMg: 4000 });
  });
  it("a written maximum above the limit is itself reported (1 g, at most 5 doses a day)", () => {
    expect(paracetamol("1 g", "prn max 5 doses per day")).toMatchObject({ doseCheck: "above_adult_maximum", dailyDoseMg: 5000 });
  });
});

describe("parts of tablets and suppositories as doses", () => {
  it.each([
    ["½ tab", "Carbamazepine 200mg", 100], ["1 1/2 tabs", "Carbamazepine 200mg", 300], ["1½ tablets", "Glibenclamide 5mg", 7.5], ["1/4 tab", "Amlodipine 10mg", 2.5],
    ["2 supps", "Diclofenac suppository 50mg", 100], ["1 suppository", "Paracetamol supp 250mg", 250], ["80/480 mg", "Coartem", null],
  ])("%s of %s is %s mg", (dose, name, mg) => expect(doseInMg(doseAsGiven(dose, null), name)).toBe(mg));
  it("is a readable dose for the check", () => {
    expect(verify([{ name: "Carbamazepine 200mg", dose: "½ tab", frequency: "twice a day" }]).items[0]).toMatchObject({ doseParseable: true, dailyDoseMg: 200 });
  });
});
