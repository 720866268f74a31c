import { describe, expect, it } from "vitest";
import { ageOnDate } from "../../../lib/calendar.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import { screenForAge, type SepsisInputs } from "./sepsis.engine.js";
import { assessPaediatricSepsis, paediatricAgeGroup, type ScreenAge } from "./sepsis.paediatric.engine.js";

const all = knowledgeFromFiles();
const p = all.sepsis.paediatric;
const at = (birth: string, screen: string): ScreenAge => ageOnDate(birth, screen);
const THREE_YEARS = at("2023-05-10", "2026-11-28");
/** A 3-year-old meeting no paediatric criterion. */
const WELL_CHILD: SepsisInputs = { heart_rate: 110, respiratory_rate: 22, systolic_bp: 95, temperature: 37.0, gcs: 15, wbc: 9, lactate: null };
const screenChild = (changes: Partial<SepsisInputs>, age: ScreenAge = THREE_YEARS) => assessPaediatricSepsis(p, { ...WELL_CHILD, ...changes }, age);

describe("knowledge matches Goldstein 2005 Table 3 (systolic column: the 5th-percentile rendering, see sepsis.json age_groups_source)", () => {
  it.each([
    ["newborn", 180, 100, 50, 34, null, 59],
    ["neonate", 180, 100, 40, 19.5, 5, 79],
    ["infant", 180, 90, 34, 17.5, 5, 75],
    ["toddler_preschool", 140, null, 22, 15.5, 6, 74],
    ["school_age", 130, null, 18, 13.5, 4.5, 83],
    ["adolescent", 110, null, 14, 11, 4.5, 90],
  ])("%s: HR > %d / < %s, RR > %d, WBC > %d / < %s, SBP < %d", (id, hrHigh, hrLow, rr, wbcHigh, wbcLow, sbp) => {
    expect(p.age_groups.find((g) => g.id === id)).toMatchObject({ heart_rate_above: hrHigh, heart_rate_below: hrLow, respiratory_rate_above: rr, wbc_above: wbcHigh, wbc_below: wbcLow, systolic_bp_below: sbp });
  });

  it("has the pSIRS definition: T > 38.5 or < 36, two criteria, one of them temperature or WBC; GCS <= 11", () => {
    expect(p.temperature).toMatchObject({ above: 38.5, below: 36 });
    expect(p).toMatchObject({ positive_at: 2, required_one_of: ["temperature", "wbc"], bradycardia_below_age_years: 1 });
    expect(p.organ_dysfunction.neurological.gcs_at_or_below).toBe(11);
  });
});

describe("age groups at their edges (age from the birth date on the day of the screen)", () => {
  it.each([
    ["2026-03-01", "2026-03-07", "6 days", "newborn"],
    ["2026-03-01", "2026-03-08", "7 days", "neonate"],
    ["2026-03-01", "2026-03-30", "29 days", "neonate"],
    ["2026-03-01", "2026-03-31", "30 days", "infant"],
    ["2025-03-01", "2026-02-28", "364 days", "infant"],
    ["2025-03-01", "2026-03-01", "365 days (1 year)", "infant"],
    ["2024-11-29", "2026-11-28", "2 years less a day", "infant"],
    ["2024-11-28", "2026-11-28", "2 years", "toddler_preschool"],
    ["2020-11-29", "2026-11-28", "6 years less a day", "toddler_preschool"],
    ["2020-11-28", "2026-11-28", "6 years", "school_age"],
    ["2013-11-29", "2026-11-28", "13 years less a day", "school_age"],
    ["2013-11-28", "2026-11-28", "13 years", "adolescent"],
    ["2008-11-29", "2026-11-28", "17 years 364 days", "adolescent"],
  ])("born %s, screened %s (%s): %s", (birth, screen, _, id) => {
    expect(paediatricAgeGroup(p.age_groups, at(birth, screen)).id).toBe(id);
  });

  it("uses the adult criteria from the 18th birthday and the paediatric ones the day before", () => {
    const day = screenForAge(all.sepsis, at("2008-11-29", "2026-11-28"), WELL_CHILD, all.news2);
    const adult = screenForAge(all.sepsis, at("2008-11-28", "2026-11-28"), WELL_CHILD, all.news2);
    expect(day).toMatchObject({ criteria: "paediatric SIRS (Goldstein 2005)", qsofaScore: null, riskProbability: null });
    expect(adult).toMatchObject({ criteria: "adult qSOFA/SIRS (Seymour 2016, Bone 1992)", ageGroup: null, qsofaScore: expect.any(Number), riskProbability: expect.any(Number) });
  });

  it("counts bradycardia under 1 year only (364 days yes, 365 days no)", () => {
    const slow = { heart_rate: 85, temperature: 38.6 };
    expect(screenChild(slow, at("2025-03-01", "2026-02-28")).sirsCriteria).toContain("Heart rate > 180 or < 90/min for age");
    expect(screenChild(slow, at("2025-03-01", "2026-03-01")).sirsCriteriaMet).toBe(1);
    expect(screenChild({ heart_rate: 40 }).sirsCriteriaMet).toBe(0);
  });
});

describe("worked examples", () => {
  it("scores a 3-year-old with T 39.2, HR 150, RR 30, WBC 17 as pSIRS 4, moderate, without qSOFA or a probability", () => {
    const r = screenChild({ temperature: 39.2, heart_rate: 150, respiratory_rate: 30, wbc: 17 });
    expect(r).toMatchObject({ sirsCriteriaMet: 4, sepsisRisk: "moderate", qsofaScore: null, qsofaCriteriaMet: [], riskProbability: null, alertTriggered: false, timeToIntervention: "within_3_hours", ageGroup: "toddler and preschool (2-5 years)", organDysfunction: [], extremeVitals: [] });
    expect(r.explanation[0]).toMatch(/pSIRS met/);
    expect(r.explanation.join(" ")).toMatch(/qSOFA is not validated in children/);
  });

  it("makes a febrile infant with hypotension for age high, immediate and alerting", () => {
    const r = screenChild({ temperature: 39.5, heart_rate: 190, respiratory_rate: 50, systolic_bp: 70 }, at("2026-05-01", "2026-11-28"));
    expect(r).toMatchObject({ sepsisRisk: "high", alertTriggered: true, timeToIntervention: "immediate", sirsCriteriaMet: 3 });
    expect(r.organDysfunction).toEqual(["Cardiovascular: systolic BP 70 mmHg < 75 (hypotension for age)"]);
  });

  it("makes GCS <= 11 high even without pSIRS (neurological dysfunction)", () => {
    expect(screenChild({ gcs: 11 })).toMatchObject({ sepsisRisk: "high", alertTriggered: true, organDysfunction: ["Neurological: GCS 11 <= 11"] });
    // GCS 12 is not Goldstein dysfunction, but an altered mental state (NICE NG51): moderate, immediate (sepsis 2026.11.7).
    expect(screenChild({ gcs: 12 })).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate", organDysfunction: [] });
  });

  it("does not call two abnormal vital signs pSIRS without abnormal temperature or WBC", () => {
    const r = screenChild({ heart_rate: 160, respiratory_rate: 40 });
    expect(r).toMatchObject({ sirsCriteriaMet: 2, sepsisRisk: "low", timeToIntervention: "routine" });
    expect(r.explanation[0]).toMatch(/pSIRS not met/);
  });

  it("accepts an abnormal WBC as the required criterion", () => {
    expect(screenChild({ heart_rate: 141, wbc: 5.9 })).toMatchObject({ sirsCriteriaMet: 2, sepsisRisk: "moderate" });
  });

  it("reports lactate without scoring it by the adult thresholds", () => {
    const r = screenChild({ lactate: 5 });
    expect(r.sepsisRisk).toBe("low");
    expect(r.explanation.join(" ")).toMatch(/Lactate 5 mmol\/L: Lactate is reported, not scored/);
  });

  it("names a missing WBC as not assessed", () => {
    const r = screenChild({ wbc: null });
    expect(r.notAssessed).toEqual(["wbc"]);
    expect(r.explanation.join(" ")).toMatch(/Not assessed \(not supplied\): wbc/);
  });

  it.each(["low", "moderate", "high"] as const)("keeps the WHO ETAT danger-sign advice first for %s risk", (risk) => {
    const changes = { low: {}, moderate: { temperature: 39, heart_rate: 150 }, high: { systolic_bp: 60 } }[risk];
    const r = screenChild(changes);
    expect(r.sepsisRisk).toBe(risk);
    expect(r.recommendations[0]).toMatch(/WHO emergency and danger signs/);
    expect(r.recommendations.join(" ")).not.toMatch(/30 mL\/kg|MAP >= 65/);
  });
});

/** Every limit of every group: the value at the limit is normal, one step beyond it is abnormal ("greater/less than"). */
describe("a heart rate under 60/min escalates a child's screen (AHA paediatric and neonatal resuscitation 2020)", () => {
  it("makes an afebrile 4-year-old with HR 40 at least moderate, immediate, with the perfusion check first", () => {
    const r = screenChild({ heart_rate: 40, respiratory_rate: 6 }, at("2022-06-01", "2026-11-28"));
    expect(r).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate", alertTriggered: false });
    expect(r.extremeVitals).toEqual([expect.stringContaining("Heart rate 40/min < 60")]);
    expect(r.recommendations[0]).toBe(p.extreme_vitals.advice);
  });

  it.each([[59, true], [60, false]])("HR %d in a newborn, an infant, a school child and an adolescent: extreme %s", (hr, extreme) => {
    for (const age of [at("2026-11-25", "2026-11-28"), at("2026-01-01", "2026-11-28"), at("2018-01-01", "2026-11-28"), at("2010-01-01", "2026-11-28")]) {
      const r = screenChild({ heart_rate: hr }, age);
      expect(r.extremeVitals.length > 0).toBe(extreme);
      if (extreme) expect(r.timeToIntervention).toBe("immediate");
    }
  });

  it("keeps a high risk high (organ dysfunction) and adds the escalation", () => {
    const r = screenChild({ heart_rate: 50, systolic_bp: 60 });
    expect(r).toMatchObject({ sepsisRisk: "high", timeToIntervention: "immediate", alertTriggered: true });
    expect(r.extremeVitals).toHaveLength(1);
  });
});

describe("thresholds are strict in every age group", () => {
  const ages: Record<string, ScreenAge> = {
    newborn: { years: 0, days: 3 },
    neonate: { years: 0, days: 15 },
    infant: { years: 0, days: 200 },
    toddler_preschool: { years: 4, days: 1500 },
    school_age: { years: 9, days: 3300 },
    adolescent: { years: 15, days: 5500 },
  };
  const cases = p.age_groups.flatMap((g) => {
    const age = ages[g.id];
    const rows: [string, ScreenAge, Partial<SepsisInputs>, Partial<SepsisInputs>][] = [
      [`${g.id} heart rate high`, age, { heart_rate: g.heart_rate_above }, { heart_rate: g.heart_rate_above + 1 }],
      [`${g.id} respiratory rate`, age, { respiratory_rate: g.respiratory_rate_above }, { respiratory_rate: g.respiratory_rate_above + 1 }],
      [`${g.id} WBC high`, age, { wbc: g.wbc_above }, { wbc: g.wbc_above + 0.1 }],
      [`${g.id} temperature high`, age, { temperature: 38.5 }, { temperature: 38.6 }],
      [`${g.id} temperature low`, age, { temperature: 36.0 }, { temperature: 35.9 }],
    ];
    if (g.heart_rate_below !== null) rows.push([`${g.id} heart rate low`, age, { heart_rate: g.heart_rate_below }, { heart_rate: g.heart_rate_below - 1 }]);
    if (g.wbc_below !== null) rows.push([`${g.id} WBC low`, age, { wbc: g.wbc_below }, { wbc: g.wbc_below - 0.1 }]);
    return rows;
  });
  /** Inputs normal for every group at its age: each case changes one value. */
  const normalFor = (age: ScreenAge): SepsisInputs => {
    const g = paediatricAgeGroup(p.age_groups, age);
    return { heart_rate: (g.heart_rate_below ?? 60) + 5, respiratory_rate: g.respiratory_rate_above - 2, systolic_bp: g.systolic_bp_below + 20, temperature: 37, gcs: 15, wbc: (g.wbc_below ?? 5) + 1, lactate: null };
  };

  it.each(cases)("%s: at the limit 0 criteria, beyond it 1", (_, age, atLimit, beyond) => {
    expect(assessPaediatricSepsis(p, { ...normalFor(age), ...atLimit }, age).sirsCriteriaMet).toBe(0);
    expect(assessPaediatricSepsis(p, { ...normalFor(age), ...beyond }, age).sirsCriteriaMet).toBe(1);
  });

  it.each(p.age_groups.map((g) => [g.id, g.systolic_bp_below] as const))("%s: systolic BP %d is not hypotension, one below is", (id, limit) => {
    const age = ages[id];
    expect(assessPaediatricSepsis(p, { ...normalFor(age), systolic_bp: limit }, age).organDysfunction).toEqual([]);
    expect(assessPaediatricSepsis(p, { ...normalFor(age), systolic_bp: limit - 1 }, age).sepsisRisk).toBe("high");
  });
});
