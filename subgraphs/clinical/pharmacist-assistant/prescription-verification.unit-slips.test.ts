import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageFromYears } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { verifyPrescription, type PrescriptionItem } from "./prescription-verification.engine.js";
import { UNIT_SLIP_FACTOR } from "./single-dose.js";

/**
 * Unit slips (session 17): a dose far above the usual adult single dose (mg written for micrograms) is a major
 * issue, an adult's dose far below the least a warning, and a taper's later steps are checked as its first. Tested
 * over every drug with `adult_single_dose` and wordings in no blind set.
 */
const k = knowledgeFromFiles();
const none = { activeMedications: [], conditions: [], allergies: [] };
const verify = (items: PrescriptionItem[], years: number | null = 45, weightKg: number | null = null) =>
  verifyPrescription(k, items, { ...none, age: years === null ? null : ageFromYears(years), weightKg });
const SLIP = /probably mg and micrograms confused/;
const UNDER = /probably micrograms written for mg/;
const slipIssues = (r: ReturnType<typeof verify>) => r.issues.filter((x) => x.item === 0 && x.field === "dose" && x.severity === "major" && SLIP.test(x.message));
const dosed = [...k.drugs.byId.values()].filter((d) => d.adult_single_dose);
/** The most a single dose may be before it is a slip: the usual maximum single dose, else the adult maximum a day. */
const ceiling = (id: string) => {
  const d = k.drugs.byId.get(id)!;
  return d.adult_single_dose!.max_mg ?? d.adult_max_daily_dose!.mg;
};
/** A dose in mg written as a person would, in the unit given, or (none given) mg, micrograms or ng, whichever is 1 or more. */
function written(mg: number, unit?: "mg" | "mcg" | "micrograms"): string {
  const as = unit ?? (mg >= 1 ? "mg" : mg >= 0.001 ? "micrograms" : "ng");
  const per = { mg: 1, mcg: 1000, micrograms: 1000, ng: 1_000_000 }[as];
  return `${+(mg * per).toPrecision(12)} ${as}`;
}

describe("adult_single_dose data", () => {
  it("covers the drugs dosed in micrograms, each with a source and a most (or an adult maximum a day)", () => {
    for (const id of ["levothyroxine", "digoxin", "salbutamol", "misoprostol", "fludrocortisone", "cyanocobalamin", "alfacalcidol", "clonidine", "tamsulosin", "fentanyl"]) {
      const d = k.drugs.byId.get(id);
      expect(d?.adult_single_dose?.source, id).toMatch(/\w{10}/);
      expect(ceiling(id), id).toBeGreaterThan(0);
      const min = d!.adult_single_dose!.min_mg;
      if (min !== null) expect(min, id).toBeLessThanOrEqual(ceiling(id));
    }
  });
});

describe("a dose more than ten times the usual adult single dose is probably mg for micrograms", () => {
  it("flags 100× and 1000× the most for every drug, in mg or in micrograms, as a major dose issue", () => {
    fc.assert(
      fc.property(fc.constantFrom(...dosed), fc.constantFrom(100, 1000), fc.constantFrom("mg" as const, "mcg" as const, "micrograms" as const), fc.constantFrom("od", "bd", "stat", "nocte"), (drug, times, unit, frequency) => {
        const r = verify([{ name: drug.name, dose: written(ceiling(drug.id) * times, unit), frequency }]);
        expect(slipIssues(r), `${drug.name} ×${times} ${unit}`).toHaveLength(1);
        expect(r.verified).toBe(false);
      }),
    );
  });
  it("does not flag exactly ten times the most (the boundary), nor the most itself", () => {
    for (const drug of dosed) {
      for (const times of [UNIT_SLIP_FACTOR, 1]) {
        const r = verify([{ name: drug.name, dose: written(ceiling(drug.id) * times), frequency: "stat" }]);
        expect(slipIssues(r), `${drug.name} ×${times}`).toHaveLength(0);
      }
    }
  });
  it("flags just over ten times", () => {
    for (const drug of dosed) {
      const r = verify([{ name: drug.name, dose: written(ceiling(drug.id) * UNIT_SLIP_FACTOR * 1.01), frequency: "stat" }]);
      expect(slipIssues(r), drug.name).toHaveLength(1);
    }
  });
  it("reads the strength in the name with a count of tablets ('Levothyroxine 50mg' '1 tab')", () => {
    const r = verify([{ name: "Thyroxine sodium 50mg tablets", dose: "1 tab", frequency: "every morning" }]);
    expect(slipIssues(r)).toHaveLength(1);
    expect(slipIssues(verify([{ name: "Thyroxine sodium 50mcg tablets", dose: "2 tabs", frequency: "every morning" }]))).toHaveLength(0);
  });
  it("flags a child's thousandfold slip too (a child's dose is smaller still)", () => {
    expect(slipIssues(verify([{ name: "Digoxin", dose: "62.5 mg", frequency: "od" }], 4, 16))).toHaveLength(1);
  });
  it("leaves drugs without adult_single_dose to their other checks", () => {
    expect(slipIssues(verify([{ name: "Amoxicillin", dose: "500 g", frequency: "tds" }]))).toHaveLength(0);
  });
});

describe("an adult's dose below a tenth of the least usual dose is probably micrograms for mg (a warning)", () => {
  const withMin = dosed.filter((d) => d.adult_single_dose!.min_mg !== null);
  it("warns at a thousandth of the least, for every drug with one, and the prescription is not verified", () => {
    for (const drug of withMin) {
      const r = verify([{ name: drug.name, dose: written(drug.adult_single_dose!.min_mg! / 1000), frequency: "od" }]);
      expect(r.warnings.filter((w) => UNDER.test(w)), drug.name).toHaveLength(1);
      expect(r.verified).toBe(false);
    }
  });
  it("says nothing at the least itself or at a tenth of it (the boundary)", () => {
    for (const drug of withMin) {
      for (const part of [1, UNIT_SLIP_FACTOR]) {
        const r = verify([{ name: drug.name, dose: written(drug.adult_single_dose!.min_mg! / part), frequency: "od" }]);
        expect(r.warnings.filter((w) => UNDER.test(w)), `${drug.name} ÷${part}`).toHaveLength(0);
      }
    }
  });
  it("does not warn for a child, whose dose may be that small", () => {
    const r = verify([{ name: "Digoxin", dose: "5 micrograms", frequency: "od" }], 0.1, 2);
    expect(r.warnings.filter((w) => UNDER.test(w))).toHaveLength(0);
  });
});

describe("every step of a taper is checked, not only the first", () => {
  it("reports a later step above the adult maximum a day", () => {
    const r = verify([{ name: "Paracetamol 500mg", dose: "2 tabs", frequency: "qds x 2/7 then 3 tabs qds x 2/7" }]);
    expect(r.items[0].doseCheck).toBe("within_adult_maximum");
    expect(r.issues.some((x) => x.item === 0 && x.severity === "major" && /Step from day 3/.test(x.message) && /above the adult maximum/.test(x.message))).toBe(true);
  });
  it("reports a later step with more doses a day above the maximum ('then qds')", () => {
    const r = verify([{ name: "Ibuprofen", dose: "800 mg", frequency: "bd x 3/7 then qds x 3/7" }]);
    expect(r.issues.some((x) => x.item === 0 && /Step from day 4/.test(x.message) && /3.2 g/.test(x.message))).toBe(true);
  });
  it("reports a unit slip in a later step", () => {
    const r = verify([{ name: "Levothyroxine", dose: "50 micrograms", frequency: "od x 28/7 then 100mg od x 28/7" }]);
    expect(r.issues.filter((x) => x.item === 0 && SLIP.test(x.message))).toHaveLength(1);
  });
  it("says nothing of steps within the limits (a prednisolone taper, a paracetamol step down)", () => {
    const r = verify([{ name: "Paracetamol 500mg", dose: "2 tabs", frequency: "qds x 3/7 then 1 tab qds x 3/7 then stop" }]);
    expect(r.issues.filter((x) => /Step from day/.test(x.message))).toHaveLength(0);
  });
});
