import { describe, expect, it } from "vitest";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { SepsisRiskInput } from "./sepsis.type.js";
import { meanArterialPressure, septicShock } from "./sepsis.circulation.js";
import { screenForAge, type SepsisInputs } from "./sepsis.engine.js";
import { validateSepsisRequest } from "./sepsis.service.js";

// Class tests (session 19, septic shock and maternal sepsis): base patients and values appear in no fixture.
const all = knowledgeFromFiles();
const k = all.sepsis;
/** A well woman meeting no adult, obstetric or circulation criterion. */
const WELL: SepsisInputs = { heart_rate: 76, respiratory_rate: 15, systolic_bp: 127, temperature: 36.8, gcs: 15, wbc: 7.3, lactate: 0.8 };
const ADULT = { years: 34, days: 34 * 365 + 40 };
const adult = (changes: Partial<SepsisInputs>) => screenForAge(k, ADULT, { ...WELL, ...changes }, all.news2);
const mother = (changes: Partial<SepsisInputs>, reason = "pregnant (stated in the request)") => screenForAge(k, ADULT, { ...WELL, ...changes }, all.news2, reason);

describe("pregnancy and the 6 weeks after: obstetric criteria (NICE NG51, RCOG GTG 64a, UK Sepsis Trust)", () => {
  it("names the obstetric criteria, warns that qSOFA is not validated in pregnancy and gives no probability", () => {
    const r = mother({});
    expect(r.criteria).toMatch(/obstetric/);
    expect(r.explanation.join(" ")).toMatch(/qSOFA is not validated in pregnancy/);
    expect(r.riskProbability).toBeNull();
    expect(r).toMatchObject({ sepsisRisk: "low", timeToIntervention: "routine", news2Partial: null });
  });

  it.each<[string, Partial<SepsisInputs>, string]>([
    ["HR 99", { heart_rate: 99 }, "low"],
    ["HR 100", { heart_rate: 100 }, "moderate"],
    ["HR 130", { heart_rate: 130 }, "moderate"],
    ["HR 131", { heart_rate: 131 }, "high"],
    ["RR 20", { respiratory_rate: 20 }, "low"],
    ["RR 21", { respiratory_rate: 21 }, "moderate"],
    ["RR 24", { respiratory_rate: 24 }, "moderate"],
    ["RR 25", { respiratory_rate: 25 }, "high"],
    ["SBP 101", { systolic_bp: 101 }, "low"],
    ["SBP 100", { systolic_bp: 100 }, "moderate"],
    ["SBP 91", { systolic_bp: 91 }, "moderate"],
    ["SBP 90", { systolic_bp: 90 }, "high"],
    ["T 36.0", { temperature: 36.0 }, "low"],
    ["T 35.9", { temperature: 35.9 }, "moderate"],
    ["GCS 14", { gcs: 14 }, "high"],
    ["lactate 1.99", { lactate: 1.99 }, "low"],
    ["lactate 2.0", { lactate: 2.0 }, "high"],
  ])("%s in pregnancy → %s", (_, change, risk) => {
    const r = mother(change);
    expect(r.sepsisRisk).toBe(risk);
    expect(r.alertTriggered).toBe(risk === "high");
    expect(r.timeToIntervention).toBe({ low: "routine", moderate: "within_3_hours", high: "immediate" }[risk]);
  });

  it.each<[number, number]>([
    [17.0, 1],
    [17.2, 2],
    [4.0, 1],
    [3.8, 2],
  ])("WBC %f with fever 38.4 counts %i RCOG signs (WBC > 17 or < 4)", (wbc, signs) => {
    const r = mother({ wbc, temperature: 38.4 });
    expect(r.sirsCriteriaMet).toBe(signs);
    expect(r.sepsisRisk).toBe(signs >= 2 ? "moderate" : "low");
  });

  it("does not call physiological pregnancy tachycardia and leucocytosis sepsis, as the adult SIRS does", () => {
    const vitals = { heart_rate: 96, wbc: 15.8, respiratory_rate: 19 };
    expect(adult(vitals)).toMatchObject({ sirsCriteriaMet: 2, sepsisRisk: "moderate" });
    expect(mother(vitals, "pregnant in the past 6 weeks (stated in the request)")).toMatchObject({ sirsCriteriaMet: 0, sepsisRisk: "low" });
  });

  it("keeps qSOFA 2 from setting the risk in pregnancy: RR 22 and SBP 97 are NG51 moderate criteria", () => {
    const r = mother({ respiratory_rate: 22, systolic_bp: 97 });
    expect(r.qsofaScore).toBe(2);
    expect(r.sepsisRisk).toBe("moderate");
    expect(r.extremeVitals).toEqual([]);
  });

  it("names the high risk criteria met, not also the moderate band of the same vital sign", () => {
    const r = mother({ systolic_bp: 84, heart_rate: 136 });
    expect(r.extremeVitals).toEqual(["Heart rate > 130/min: 136", "Systolic blood pressure <= 90 mmHg: 84"]);
    expect(r.explanation.join(" ")).not.toMatch(/91-100/);
  });

  it("applies the obstetric criteria to a pregnant 13-year-old, and the paediatric ones at 11 with a note", () => {
    const teen = screenForAge(k, { years: 13, days: 13 * 365 + 20 }, { ...WELL, heart_rate: 104 }, all.news2, "pregnant (stated in the request)");
    expect(teen.criteria).toMatch(/obstetric/);
    const child = screenForAge(k, { years: 11, days: 11 * 365 + 20 }, WELL, all.news2, "pregnant (stated in the request)");
    expect(child.ageGroup).not.toBeNull();
    expect(child.explanation.join(" ")).toMatch(/paediatric criteria were applied/);
  });
});

describe("septic shock (Sepsis-3: vasopressor for MAP ≥ 65 and lactate > 2) and MAP", () => {
  it("estimates MAP from systolic and diastolic only when no MAP is measured", () => {
    expect(meanArterialPressure({ ...WELL, systolic_bp: 104, diastolic_bp: 46 })).toBe(65.3);
    expect(meanArterialPressure({ ...WELL, systolic_bp: 104, diastolic_bp: 46, mean_arterial_pressure: 71 })).toBe(71);
    expect(meanArterialPressure(WELL)).toBeNull();
  });

  it.each<[string, Partial<SepsisInputs>, boolean | null]>([
    ["vasopressor, lactate 2.3", { vasopressors: true, lactate: 2.3 }, true],
    ["vasopressor, lactate 2.0", { vasopressors: true, lactate: 2.0 }, false],
    ["vasopressor, no lactate", { vasopressors: true, lactate: null }, null],
    ["no vasopressor, MAP 66, lactate 5.2", { vasopressors: false, mean_arterial_pressure: 66, lactate: 5.2 }, false],
    ["no vasopressor, MAP 61, lactate 5.2", { vasopressors: false, mean_arterial_pressure: 61, lactate: 5.2 }, null],
    ["vasopressor use not given, lactate 3.3", { lactate: 3.3 }, null],
    ["vasopressor use not given, lactate 1.4", { lactate: 1.4 }, false],
  ])("%s → %s", (_, change, shock) => {
    const inputs = { ...WELL, ...change };
    expect(septicShock(k.septic_shock, inputs, meanArterialPressure(inputs)).shock).toBe(shock);
  });

  it("makes septic shock high and immediate, names its criteria and puts the shock advice first", () => {
    const r = adult({ vasopressors: true, lactate: 2.7, mean_arterial_pressure: 67 });
    expect(r).toMatchObject({ septicShock: true, sepsisRisk: "high", alertTriggered: true, timeToIntervention: "immediate", riskProbability: 0.8 });
    expect(r.septicShockCriteria).toEqual(["On a vasopressor (to keep MAP >= 65 mmHg)", "Lactate 2.7 mmol/L > 2"]);
    expect(r.recommendations[0]).toMatch(/^Septic shock/);
  });

  it("makes a vasopressor alone high (cardiovascular failure) without calling it shock when lactate is normal", () => {
    expect(adult({ vasopressors: true, lactate: 1.3 })).toMatchObject({ septicShock: false, sepsisRisk: "high", timeToIntervention: "immediate" });
  });

  it.each<[number, string]>([
    [65, "routine"],
    [64.9, "immediate"],
  ])("MAP %f on otherwise normal vitals → %s", (map, time) => {
    const r = adult({ mean_arterial_pressure: map });
    expect(r.timeToIntervention).toBe(time);
    expect(r.sepsisRisk).toBe(map < 65 ? "moderate" : "low");
    expect(r.extremeVitals.some((x) => /Mean arterial pressure/.test(x))).toBe(map < 65);
  });

  it("escalates a low MAP in pregnancy too, and keeps the obstetric recommendations", () => {
    const r = mother({ systolic_bp: 102, diastolic_bp: 44 });
    expect(r.meanArterialPressure).toBe(63.3);
    expect(r).toMatchObject({ sepsisRisk: "moderate", timeToIntervention: "immediate" });
    expect(r.recommendations.join(" ")).toMatch(/MEOWS/);
  });

  it("gives a child on a vasoactive drug cardiovascular dysfunction and no Sepsis-3 shock, and ignores the adult MAP target", () => {
    const r = screenForAge(k, { years: 4, days: 4 * 365 + 10 }, { ...WELL, heart_rate: 112, respiratory_rate: 24, vasopressors: true, lactate: 3.4, mean_arterial_pressure: 58 }, all.news2);
    expect(r).toMatchObject({ septicShock: null, sepsisRisk: "high", alertTriggered: true });
    expect(r.organDysfunction.join(" ")).toMatch(/vasoactive/);
    expect(r.extremeVitals).toEqual([]);
  });
});

describe("impossible pressures are refused with the field named", () => {
  const request = (vitals: Partial<SepsisRiskInput["vitals"]>) =>
    ({ patientUhid: "X", vitals: { heartRate: 80, respiratoryRate: 15, systolicBp: 118, temperature: 36.9, gcs: 15, ...vitals } }) as SepsisRiskInput;
  const refused = (vitals: Partial<SepsisRiskInput["vitals"]>) => {
    try {
      validateSepsisRequest(k, request(vitals));
      return [];
    } catch (e) {
      return Object.keys((e as { extensions: { fields: Record<string, string[]> } }).extensions.fields);
    }
  };
  it.each<[Partial<SepsisRiskInput["vitals"]>, string[]]>([
    [{ meanArterialPressure: 0 }, ["vitals.meanArterialPressure"]],
    [{ meanArterialPressure: -4 }, ["vitals.meanArterialPressure"]],
    [{ meanArterialPressure: 19.5 }, ["vitals.meanArterialPressure"]],
    [{ meanArterialPressure: 20 }, []],
    [{ meanArterialPressure: 119 }, ["vitals.meanArterialPressure"]],
    [{ meanArterialPressure: 118 }, []],
    [{ diastolicBp: 9 }, ["vitals.diastolicBp"]],
    [{ diastolicBp: 10 }, []],
    [{ diastolicBp: 118 }, ["vitals.diastolicBp"]],
    [{ diastolicBp: 117 }, []],
  ])("%o → %o", (vitals, fields) => {
    expect(refused(vitals)).toEqual(fields);
  });
});
