import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCalendarYears, ageOnDate } from "../../../lib/calendar.js";
import { FieldErrorCollector } from "../../../lib/errors.js";
import { validateAgeRules } from "../knowledge/drug-safety-index.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { AgeBound, AgeRule } from "../knowledge/knowledge.types.js";
import { ageFromYears, checkDrugSafety, type PatientAge } from "./drug-safety.engine.js";
import { checkGivenContext } from "./drug-safety.service.js";

const k = knowledgeFromFiles();
const TODAY = "2026-11-28";

/** `date` moved by whole days (negative for earlier). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const check = (name: string, age: PatientAge | null, o: { current?: string[]; conditions?: string[]; sex?: string } = {}) =>
  checkDrugSafety(k, { newMedication: { name }, currentMedications: (o.current ?? []).map((n) => ({ name: n })), conditions: o.conditions ?? [], allergies: [], age, sex: o.sex });
const bornOn = (birthDate: string) => ageOnDate(birthDate, TODAY);
const ruleIds = (r: ReturnType<typeof check>) => r.ageAlerts.map((a) => a.ruleId);

/** A drug the rule's selector names: the drug itself, or the first drug of the class. */
function drugOf(rule: AgeRule) {
  if ("drug" in rule.drug) return k.drugs.byId.get(rule.drug.drug)!;
  const cls = rule.drug.class;
  return [...k.drugs.byId.values()].find((d) => d.classes.includes(cls))!;
}

/** The birth date that puts a patient today exactly on the bound (his 12th birthday; his 28th day). */
const birthDateAt = (b: AgeBound) => (b.years !== undefined ? addCalendarYears(TODAY, -b.years) : addDays(TODAY, -b.days!));

describe("age from a birth date", () => {
  it("counts completed years (the birthday reached) and days since birth", () => {
    expect(ageOnDate("2014-11-28", TODAY)).toEqual({ years: 12, days: 4383 });
    expect(ageOnDate("2014-11-29", TODAY)).toMatchObject({ years: 11 });
    expect(ageOnDate("2026-10-31", TODAY)).toEqual({ years: 0, days: 28 });
    expect(ageOnDate(TODAY, TODAY)).toEqual({ years: 0, days: 0 });
    // Born on 29 February: a year older on 1 March in a common year, on 29 February in a leap year.
    expect(ageOnDate("2016-02-29", "2027-02-28").years).toBe(10);
    expect(ageOnDate("2016-02-29", "2027-03-01").years).toBe(11);
    expect(ageOnDate("2016-02-29", "2028-02-29").years).toBe(12);
  });

  it("takes an age in years as given, and years x 365.25 whole days against day bounds", () => {
    expect(ageFromYears(1.5)).toEqual({ years: 1.5, days: 547 });
    expect(ageFromYears(28 / 365.25).days).toBe(28);
  });
});

describe("drug-age rules at their bounds (every rule of drug-age.json, the day before and the day of each bound)", () => {
  const cases = k.ageRules.flatMap((rule) =>
    (["min", "max"] as const).flatMap((side) => {
      const bound = rule.age[side];
      return bound ? [{ rule, side, bound }] : [];
    }),
  );
  it.each(cases.map((c) => [`${c.rule.id} ${c.side} ${JSON.stringify(c.bound)}`, c] as const))("%s", (_label, { rule, side, bound }) => {
    const drug = drugOf(rule);
    const current = rule.with_current?.length ? [drugOf({ ...rule, drug: rule.with_current[0] }).name] : [];
    const conditions = rule.with_icd10_prefixes?.length ? [rule.with_icd10_prefixes[0]] : [];
    const onBound = birthDateAt(bound);
    // One day younger than the bound: born a day later. One day older: born a day earlier.
    const younger = addDays(onBound, 1);
    const older = addDays(onBound, -1);
    const fires = (birthDate: string) => ruleIds(check(drug.name, bornOn(birthDate), { current, conditions, sex: rule.sex })).includes(rule.id);
    expect(fires(onBound)).toBe(bound.inclusive);
    if (side === "max") {
      expect(fires(younger)).toBe(true);
      expect(fires(older)).toBe(false);
    } else {
      expect(fires(older)).toBe(true);
      expect(fires(younger)).toBe(false);
    }
  });

  it("reports a finding as type drug-age in interactions, and the check is then not safe", () => {
    const r = check("Doxycycline 100mg od", bornOn("2016-03-01"));
    expect(r.safe).toBe(false);
    expect(r.interactions).toEqual([expect.objectContaining({ type: "drug-age", severity: "major", ruleId: "tetracycline-under-12", drugs: ["Doxycycline 100mg od"], mechanism: null })]);
    expect(r.ageAlerts[0]).toMatchObject({ drug: "Doxycycline", population: "Children under 12 years", source: expect.stringMatching(/BNF for Children/) });
  });
});

describe("drug-age rules: classes, combinations, companions, conditions", () => {
  it.each([
    // [name, age in years, rule expected or null]
    ["Tetracycline 250mg qid", 10, "tetracycline-under-12"],
    ["Tetracycline eye ointment 1%", 0.01, null],
    ["Co-codamol 8/500 2 tabs", 9, "codeine-under-12"],
    ["Codeine phosphate 15mg", 12, null],
    ["Tramadol 50mg", 11.9, "tramadol-under-12"],
    ["Cipro 250mg bd", 15, "fluoroquinolone-under-18"],
    ["Ciprofloxacin 500mg", 18, null],
    ["Aspirin 300mg", 15.99, "aspirin-under-16"],
    ["Acetylsalicylic acid 75mg", 16, null],
    ["Phenergan 10mg", 1.99, "promethazine-under-2"],
    ["Plasil 10mg", 0.5, "metoclopramide-under-1"],
    ["Metoclopramide 10mg", 17, "metoclopramide-1-to-17"],
    ["Imodium 2mg", 1, "loperamide-under-2"],
    ["Loperamide 2mg", 5, "loperamide-2-to-11"],
    ["Loperamide 2mg", 12, null],
    ["Daonil 5mg", 65, "glibenclamide-older-adult"],
    ["Glibenclamide 5mg", 64.9, null],
    ["Gliclazide 80mg", 80, null],
    ["Valium 5mg nocte", 78, "benzodiazepine-older-adult"],
    ["Piriton 4mg", 70, "sedating-antihistamine-older-adult"],
    ["Amitriptyline 25mg nocte", 66, "tricyclic-older-adult"],
    ["Amoxicillin 250mg", 0.05, null],
    ["Paracetamol 120mg", 0.5, null],
  ])("%s at %s years → %s", (name, years, ruleId) => {
    const r = check(name, ageFromYears(years));
    expect(r.unidentifiedMedications).toEqual([]);
    expect(ruleIds(r)).toEqual(ruleId ? [ruleId] : []);
  });

  it("ceftriaxone in a neonate: contraindicated with IV calcium or Ringer's lactate, or with neonatal jaundice; not alone", () => {
    const neonate = bornOn(addDays(TODAY, -20));
    expect(ruleIds(check("Ceftriaxone 50mg/kg IV", neonate, { current: ["Calcium gluconate 10% IV"] }))).toEqual(["ceftriaxone-neonate-iv-calcium"]);
    expect(ruleIds(check("Ceftriaxone 50mg/kg IV", neonate, { current: ["Hartmann's solution"] }))).toEqual(["ceftriaxone-neonate-iv-calcium"]);
    expect(ruleIds(check("Ceftriaxone 50mg/kg IV", neonate, { conditions: ["P59.9"] }))).toEqual(["ceftriaxone-neonate-jaundice"]);
    expect(ruleIds(check("Ceftriaxone 50mg/kg IV", neonate))).toEqual([]);
    expect(ruleIds(check("Ceftriaxone 1g IV", bornOn(addDays(TODAY, -29)), { current: ["Calcium gluconate"] }))).toEqual([]);
  });

  it("systemic chloramphenicol in a neonate alerts; the eye preparations do not", () => {
    const neonate = bornOn(addDays(TODAY, -3));
    expect(ruleIds(check("Chloramphenicol 25mg/kg IV", neonate))).toEqual(["chloramphenicol-neonate"]);
    expect(ruleIds(check("Chloramphenicol 0.5% eye drops", neonate))).toEqual([]);
    expect(ruleIds(check("Chloramphenicol eye ointment", neonate))).toEqual([]);
  });

  it("an indication the rule names silences it (aspirin in Kawasaki disease, doxycycline for rickettsia, diazepam for seizures)", () => {
    expect(ruleIds(check("Aspirin 300mg", ageFromYears(4), { conditions: ["M30.3"] }))).toEqual([]);
    expect(ruleIds(check("Doxycycline 50mg", ageFromYears(6), { conditions: ["A77.0"] }))).toEqual([]);
    expect(ruleIds(check("Diazepam 10mg PR", ageFromYears(80), { conditions: ["G40.909"] }))).toEqual([]);
    expect(ruleIds(check("Diazepam 10mg", ageFromYears(80), { conditions: ["F10.230"] }))).toEqual([]);
    expect(ruleIds(check("Diazepam 5mg", ageFromYears(80), { conditions: ["F51.01"] }))).toEqual(["benzodiazepine-older-adult"]);
  });

  it("without an age applies no age rule and lists the bands not checked; the missing age alone does not make the answer unsafe", () => {
    const doxy = check("Doxycycline 100mg", null);
    expect(doxy.ageAlerts).toEqual([]);
    expect(doxy.ageRulesNotChecked).toEqual(["Children under 12 years"]);
    expect(check("Metoclopramide 10mg", null).ageRulesNotChecked).toEqual(["Infants under 1 year", "Children and young people aged 1 to 17 years"]);
    const amox = check("Amoxicillin 500mg", null);
    expect(amox).toMatchObject({ safe: true, ageRulesNotChecked: [] });
    expect(check("Doxycycline 100mg", ageFromYears(30))).toMatchObject({ safe: true, ageAlerts: [], ageRulesNotChecked: [] });
  });

  it("property: a rule in years fires exactly when the age in completed years is inside its band", () => {
    const rules = k.ageRules.filter((r) => !r.with_current && !r.with_icd10_prefixes && [r.age.min, r.age.max].every((b) => !b || b.years !== undefined));
    fc.assert(
      fc.property(fc.constantFrom(...rules), fc.integer({ min: 0, max: 110 * 366 }), (rule, daysOld) => {
        const birth = addDays(TODAY, -daysOld);
        const age = bornOn(birth);
        const inside = (!rule.age.min || age.years > rule.age.min.years! || (age.years === rule.age.min.years && rule.age.min.inclusive)) && (!rule.age.max || age.years < rule.age.max.years! || (age.years === rule.age.max.years && rule.age.max.inclusive));
        expect(ruleIds(check(drugOf(rule).name, age, { sex: rule.sex })).includes(rule.id)).toBe(inside);
      }),
      { numRuns: 200 },
    );
  });
});

describe("drug-age knowledge", () => {
  const base: AgeRule = { id: "x", drug: { drug: "aspirin" }, age: { max: { years: 16, inclusive: false } }, population: "p", severity: "major", description: "d", recommendation: "r", source: "s" };
  const validate = (r: Partial<AgeRule>) => () => validateAgeRules([{ ...base, ...r } as AgeRule], k.drugs.byId, k.drugs.classes);

  it("accepts the shipped rules, each with a source", () => {
    expect(k.ageRules.length).toBeGreaterThan(10);
    for (const r of k.ageRules) expect(r.source.length).toBeGreaterThan(20);
  });

  it("refuses a rule that could never match or says nothing of its bound", () => {
    expect(validate({})).not.toThrow();
    expect(validate({ drug: { drug: "zorblaxin" } })).toThrow(/unknown drug or class/);
    expect(validate({ drug: { class: "no_such_class" } })).toThrow(/unknown drug or class/);
    expect(validate({ with_current: [{ drug: "zorblaxin" }] })).toThrow(/with_current/);
    expect(validate({ age: {} })).toThrow(/age.min or age.max/);
    expect(validate({ age: { max: { years: 12 } as AgeBound } })).toThrow(/inclusive/);
    expect(validate({ age: { max: { years: 12, days: 3, inclusive: true } } })).toThrow(/exactly one/);
    expect(validate({ age: { min: { years: 12, inclusive: true }, max: { years: 2, inclusive: false } } })).toThrow(/below/);
    expect(validate({ severity: "severe" as AgeRule["severity"] })).toThrow(/severity/);
    expect(validate({ source: " " })).toThrow(/source/);
    expect(validate({ unless_icd10_prefixes: ["M303"] })).toThrow(/unless_source/);
    expect(validate({ sex: "F" as AgeRule["sex"] })).toThrow(/sex/);
    const withConditionIds = (r: Partial<AgeRule>) => () => validateAgeRules([{ ...base, ...r } as AgeRule], k.drugs.byId, k.drugs.classes, new Set(k.conditionRules.map((c) => c.id)));
    expect(withConditionIds({ unless_condition_rules: ["valproate-pregnancy"] })).not.toThrow();
    expect(withConditionIds({ unless_condition_rules: ["no-such-rule"] })).toThrow(/unless_condition_rules/);
  });
});

describe("the age a request gives", () => {
  const errorsOf = (given: Parameters<typeof checkGivenContext>[1]) => {
    const e = new FieldErrorCollector();
    checkGivenContext(e, given, TODAY);
    return e.fields;
  };
  it.each([
    [{ patientAgeYears: -0.1 }, "patientAgeYears"],
    [{ patientAgeYears: 130.01 }, "patientAgeYears"],
    [{ patientBirthDate: "2026-11-29" }, "patientBirthDate"],
    [{ patientBirthDate: "2026-02-30" }, "patientBirthDate"],
    [{ patientBirthDate: "28/11/2020" }, "patientBirthDate"],
    [{ patientBirthDate: "1890-01-01" }, "patientBirthDate"],
    [{ patientBirthDate: "2020-01-01", patientAgeYears: 6 }, "patientAgeYears"],
  ])("refuses %j (%s)", (given, field) => {
    expect(Object.keys(errorsOf(given))).toEqual([field]);
  });
  it.each([[{ patientAgeYears: 0 }], [{ patientAgeYears: 130 }], [{ patientBirthDate: TODAY }], [{ patientBirthDate: "1896-11-28" }], [{}]])("accepts %j", (given) => {
    expect(errorsOf(given)).toEqual({});
  });
});
