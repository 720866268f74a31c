import { describe, expect, it } from "vitest";
import { identifyDrug } from "../drug-safety/drug-safety.engine.js";
import { knowledgeFromFiles } from "../knowledge/knowledge.js";
import type { PatientRecord } from "../patient/patient-record.js";
import { buildHandoffSummary } from "./handoff-summary.engine.js";
import { buildMedicationSchedule, type ScheduleMedication } from "./medication-schedule.engine.js";

// The same active medicine recorded twice used to be scheduled twice (two 08:00 furosemide doses)
// and listed twice in the handoff, with no alert.
const k = knowledgeFromFiles();
const day = "2026-11-23";
const med = (name: string, dose: string, frequency: string): ScheduleMedication => ({ name, dose, frequency, startDate: "2026-11-01", ingredients: identifyDrug(k, { name }, [])?.drug.ingredients ?? null });
const schedule = (meds: ScheduleMedication[]) => buildMedicationSchedule(k.administrationTimes, meds, day);

describe("medication schedule: the same ingredient twice", () => {
  it.each([
    ["Furosemide", "40 mg", "od"],
    ["Furosemide 40mg tabs", "40 mg", "OD"],
    ["Amoxicillin", "500 mg", "tds"],
    ["Some unknown herbal", "10 mL", "bd"],
  ])("identical records of %s are scheduled once, with a warning", (name, dose, frequency) => {
    const s = schedule([med(name, dose, frequency), med(name, dose, frequency)]);
    const perDay = s.doses.length;
    expect(perDay).toBe(schedule([med(name, dose, frequency)]).doses.length);
    expect(s.duplicates).toEqual([expect.objectContaining({ scheduledOnce: true })]);
    expect(s.warnings).toEqual([expect.stringMatching(/recorded 2 times.*scheduled once/)]);
    expect(s.doses.every((d) => d.alert)).toBe(true);
  });

  it.each([
    [med("Furosemide", "40 mg", "od"), med("Frusemide", "80 mg", "od"), ["furosemide"]],
    [med("Amoxicillin", "500 mg", "tds"), med("Co-amoxiclav", "625 mg", "tds"), ["amoxicillin"]],
    [med("Septrin", "960 mg", "bd"), med("Trimethoprim", "200 mg", "bd"), ["trimethoprim"]],
  ])("different records with one ingredient are both listed, every dose flagged (%o)", (a, b, shared) => {
    const s = schedule([a, b, med("Metformin", "500 mg", "bd")]);
    expect(s.duplicates).toEqual([{ medications: [`${a.name} ${a.dose} ${a.frequency}`, `${b.name} ${b.dose} ${b.frequency}`], ingredients: shared, scheduledOnce: false }]);
    expect(s.doses.filter((d) => d.medication !== "Metformin").every((d) => d.alert?.includes("confirm"))).toBe(true);
    expect(s.doses.filter((d) => d.medication === "Metformin").every((d) => d.alert === null)).toBe(true);
    expect(s.warnings).toHaveLength(1);
  });

  it("different medicines are not duplicates", () => {
    expect(schedule([med("Furosemide", "40 mg", "od"), med("Spironolactone", "25 mg", "od")])).toMatchObject({ duplicates: [], warnings: [] });
  });

  it("a stat dose is listed on its day, and done on a later day", () => {
    const stat = { ...med("Ceftriaxone", "1 g", "stat"), startDate: day };
    expect(schedule([stat]).prn).toEqual([expect.objectContaining({ medication: "Ceftriaxone", condition: expect.stringMatching(/^stat/) })]);
    expect(schedule([{ ...stat, startDate: "2026-11-20" }]).completedCourses).toEqual([{ medication: "Ceftriaxone", frequency: "stat", lastDay: "2026-11-20" }]);
  });
});

describe("handoff: duplicate active medication alerts", () => {
  const record = (meds: { name: string; dose: string; frequency: string; rxnormCode: string | null }[]) =>
    ({
      patient: { uhid: "UG-TEST-000004", givenName: "Test", familyName: "Patient", sex: "male", birthDate: "1960-01-01" },
      age: 66,
      dx: [],
      meds: meds.map((m) => ({ ...m, status: "active", startDate: day })),
      obs: [],
      enc: [],
      allergies: [],
    }) as unknown as PatientRecord;

  it.each([
    [[{ name: "Furosemide", dose: "40 mg", frequency: "od", rxnormCode: "4603" }, { name: "Furosemide", dose: "40 mg", frequency: "od", rxnormCode: "4603" }]],
    [[{ name: "Furosemide", dose: "40 mg", frequency: "od", rxnormCode: "4603" }, { name: "Frusemide 40mg", dose: "40 mg", frequency: "bd", rxnormCode: null }]],
    [[{ name: "Amoxicillin", dose: "500 mg", frequency: "tds", rxnormCode: "723" }, { name: "Augmentin", dose: "625 mg", frequency: "bd", rxnormCode: null }]],
  ])("alerts in pending actions (%#)", (meds) => {
    const h = buildHandoffSummary(k, record(meds), new Date(`${day}T09:00:00+03:00`));
    expect(h.recommendation.pendingActions.filter((a) => a.startsWith("Medication duplicate:"))).toHaveLength(1);
  });

  it("no duplicate alert for different medicines", () => {
    const h = buildHandoffSummary(k, record([{ name: "Furosemide", dose: "40 mg", frequency: "od", rxnormCode: "4603" }, { name: "Spironolactone", dose: "25 mg", frequency: "od", rxnormCode: "9997" }]), new Date(`${day}T09:00:00+03:00`));
    expect(h.recommendation.pendingActions.some((a) => a.startsWith("Medication duplicate:"))).toBe(false);
  });
});
